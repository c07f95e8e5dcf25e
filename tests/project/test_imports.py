"""The package's import graph: no module imports another that imports it back (directly or round
a longer circle), counting imports inside functions too (a circle dodged at import time is still
two layers that each need the other); and no module imports another module's private name."""
import ast
from pathlib import Path

import mtgsim

PACKAGE = Path(mtgsim.__file__).parent

# Circles not yet broken, each by the one import that goes up a layer (none now: a circle is broken
# by moving the piece both sides need down a layer, as cards/loader.py, cards/shipped.py and
# cards/deck.py were). The test below fails when one is broken, so that this list only shrinks.
KNOWN_UPWARD: set[tuple[str, str]] = set()


def _module_name(path: Path) -> str:
    parts = ["mtgsim", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    found = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    for compiled in PACKAGE.glob("*.pyx"):          # (the compiled modules: imported, importing none)
        found.setdefault(_module_name(compiled), compiled)
    return found


def _imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement, at module level or in a function, but not those only for type
    checkers (`if TYPE_CHECKING:`), which run never."""
    out = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)
    visit(tree)
    return out


def _imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool,
              modules: dict[str, Path]) -> list[tuple[str, str]]:
    """(the module imported, the name imported from it or "") for each name of the package an
    import statement imports: `from .x import y` imports module x.y if there is one, else x."""
    if isinstance(node, ast.Import):
        return [(a.name, "") for a in node.names if a.name.split(".")[0] == "mtgsim"]
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[:len(base) - node.level + 1]
        source = ".".join(base + ([node.module] if node.module else []))
    else:
        source = node.module or ""
    if source.split(".")[0] != "mtgsim":
        return []
    return [(f"{source}.{a.name}", "") if f"{source}.{a.name}" in modules else (source, a.name)
            for a in node.names]


def _graph() -> tuple[dict[str, set[str]], list[tuple[str, str, str, str]]]:
    """The import graph {module: modules it imports}, and every import of a name: (where, the
    module importing, the name, the module it is imported from)."""
    modules = _modules()
    graph: dict[str, set[str]] = {m: set() for m in modules}
    names = []
    for module, path in modules.items():
        if path.suffix != ".py":
            continue
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            for target, name in _imported(node, module, path.name == "__init__.py", modules):
                if target != module:
                    graph[module].add(target)
                if name:
                    names.append((f"{path.relative_to(PACKAGE.parent)}:{node.lineno}", module, name, target))
    return graph, names


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _without(graph: dict[str, set[str]], edges) -> dict[str, set[str]]:
    return {m: {t for t in targets if (m, t) not in edges} for m, targets in graph.items()}


def test_no_module_imports_one_that_imports_it_back():
    graph, _ = _graph()
    circles = _circles(_without(graph, KNOWN_UPWARD))
    assert circles == [], "import circles (move the piece both sides need down a layer): " + "; ".join(
        " <-> ".join(c) for c in circles)


def test_each_circle_still_listed_as_not_yet_broken_is_one():
    """KNOWN_UPWARD only shrinks: an import listed there that no longer closes a circle (it was
    broken, or is gone) must leave the list."""
    graph, _ = _graph()
    for edge in sorted(KNOWN_UPWARD):
        assert edge[1] in graph[edge[0]], f"{edge[0]} no longer imports {edge[1]}: remove it from KNOWN_UPWARD"
        assert _circles(_without(graph, KNOWN_UPWARD - {edge})), \
            f"{edge[0]} -> {edge[1]} closes no circle now: remove it from KNOWN_UPWARD"


def test_the_import_graph_is_read_whole():
    """(The checks above can fail: the graph has the imports the package is known to make.)"""
    graph, _ = _graph()
    assert "mtgsim.cards.resolved" in graph["mtgsim.compile"]
    assert "mtgsim.cards.database" not in graph["mtgsim.compile"]         # (names are resolved before it)
    assert "mtgsim.cli_common" in graph["mtgsim.cli_optimize"]
    assert "mtgsim.cards.imported" in graph["mtgsim.cards.database"]        # (inside a function)
    assert "mtgsim.compile" not in graph["mtgsim.pool"]                       # (only for type checkers)
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_imports_another_modules_private_name():
    """A name another module needs is part of its module's interface (named without the
    underscore) or belongs in the module that needs it. The compiled modules (_core, _meta) are
    private modules of the package, not names: importing them is how Python reaches the kernels."""
    _, names = _graph()
    private = [f"{where}: {name} from {source}" for where, module, name, source in names
               if name.startswith("_") and not name.startswith("__") and source != module]
    assert private == []

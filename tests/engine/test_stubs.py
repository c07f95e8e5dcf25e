"""The compiled core's type stubs (_core.pyi, installed beside the module) declare every public
name of mtgsim._core, with its parameters as the module itself documents them."""
import ast
import inspect
import re
from pathlib import Path

import mtgsim._core as core

STUB = Path(core.__file__).parent / "_core.pyi"


def _declared() -> dict[str, ast.AST]:
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    names = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names[node.name] = node
        elif isinstance(node, ast.AnnAssign):
            names[node.target.id] = node
    return names


def test_every_public_name_of_the_compiled_core_is_in_its_stubs():
    public = {n for n in dir(core) if not n.startswith("_") and not inspect.ismodule(getattr(core, n))}
    missing = sorted(public - set(_declared()))
    assert not missing, f"_core.pyi lacks {missing}"


def test_the_stubs_give_each_function_its_parameters_in_order():
    declared = _declared()
    for name, node in declared.items():
        fn = getattr(core, name, None)
        if not isinstance(node, ast.FunctionDef) or fn is None:
            continue
        m = re.match(rf"{name}\((.*)\)", (fn.__doc__ or "").split("\n")[0])     # (embedsignature)
        params = re.split(r",(?![^\[]*\])", m.group(1)) if m else []     # (not the commas of [:, ::1])
        documented = [p.split("=")[0].split()[-1] for p in params if p.strip()]
        assert [a.arg for a in node.args.args] == documented, name


def test_the_stubs_list_every_member_of_each_enumeration():
    declared = _declared()
    for name, node in declared.items():
        e = getattr(core, name, None)
        if isinstance(node, ast.ClassDef) and isinstance(e, type) and issubclass(e, int):
            members = {m for m in dir(e) if m.isupper() and not m.startswith("_")}
            stubbed = {s.target.id for s in node.body if isinstance(s, ast.AnnAssign)}
            assert stubbed == members, name

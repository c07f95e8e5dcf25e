"""The compiled modules' type stubs (_core.pyi and _meta.pyi, installed beside the modules)
declare every public name of mtgsim._core and mtgsim._meta, with its parameters as the module
itself documents them."""
import ast
import importlib
import inspect
import re
from pathlib import Path

import pytest

import mtgsim._core as core
import mtgsim._meta as meta

COMPILED = [core, meta]


def _declared(module) -> dict[str, ast.AST]:
    stub = Path(module.__file__).parent / (module.__name__.rsplit(".", 1)[1] + ".pyi")
    tree = ast.parse(stub.read_text(encoding="utf-8"))
    names = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names[node.name] = node
        elif isinstance(node, ast.AnnAssign):
            names[node.target.id] = node
        elif isinstance(node, ast.ImportFrom):     # (an enum generated from mtgsim.vocabulary's)
            names.update((a.asname or a.name, node) for a in node.names)
    return names


@pytest.mark.parametrize("module", COMPILED, ids=lambda m: m.__name__)
def test_every_public_name_of_a_compiled_module_is_in_its_stubs(module):
    public = {n for n in dir(module) if not n.startswith("_") and not inspect.ismodule(getattr(module, n))}
    missing = sorted(public - set(_declared(module)))
    assert not missing, f"{module.__name__}'s stubs lack {missing}"


@pytest.mark.parametrize("module", COMPILED, ids=lambda m: m.__name__)
def test_the_stubs_give_each_function_its_parameters_in_order(module):
    declared = _declared(module)
    for name, node in declared.items():
        fn = getattr(module, name, None)
        if not isinstance(node, ast.FunctionDef) or fn is None:
            continue
        m = re.match(rf"{name}\((.*)\)", (fn.__doc__ or "").split("\n")[0])     # (embedsignature)
        params = re.split(r",(?![^\[]*\])", m.group(1)) if m else []     # (not the commas of [:, ::1])
        documented = [p.split("=")[0].split()[-1] for p in params if p.strip()]
        assert [a.arg for a in node.args.args] == documented, name


def test_the_stubs_list_every_member_of_each_enumeration():
    """A stub's enum lists the compiled members; one the stubs take from the module it is
    generated from (mtgsim.vocabulary) has the compiled members, by name and value."""
    declared = _declared(core)
    for name, node in declared.items():
        e = getattr(core, name, None)
        if isinstance(node, ast.ImportFrom):
            source = getattr(importlib.import_module(node.module), name)
            assert [(m.name, int(m)) for m in e] == [(m.name, int(m)) for m in source], name
        if isinstance(node, ast.ClassDef) and isinstance(e, type) and issubclass(e, int):
            members = {m for m in dir(e) if m.isupper() and not m.startswith("_")}
            stubbed = {t.id for s in node.body if isinstance(s, ast.Assign) for t in s.targets}   # (`NAME = ...`)
            assert stubbed == members, name

"""The scripts of benchmarks/ loaded as modules for the tests (benchmarks/ is not a package)."""
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def script(stem: str) -> ModuleType:
    """benchmarks/<stem>.py as a module named "<stem>_benchmark" (apart from any package of that
    name: the `coverage` tool's), registered before it runs: its dataclasses look their module up."""
    spec = importlib.util.spec_from_file_location(f"{stem}_benchmark", BENCHMARKS / f"{stem}.py")
    if spec is None or spec.loader is None:
        raise FileNotFoundError(f"no benchmarks/{stem}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module

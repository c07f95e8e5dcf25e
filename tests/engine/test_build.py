"""The build's own code that runs mtgsim: MTGSIM_PGO=1's training run (setup.py) must keep
working with the package as it is, or PGO builds would silently fall back to usual ones."""
import ast
import subprocess
import sys
from pathlib import Path

SETUP = Path(__file__).resolve().parents[2] / "setup.py"


def test_pgo_training_run_plays_with_the_package_as_it_is():
    tree = ast.parse(SETUP.read_text(encoding="utf-8"))
    training = next(node.value.value for node in tree.body if isinstance(node, ast.Assign)
                    and any(getattr(t, "id", None) == "PGO_TRAINING" for t in node.targets))
    run = subprocess.run([sys.executable, "-c", training], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr              # as the build runs it

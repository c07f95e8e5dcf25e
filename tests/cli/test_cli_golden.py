"""Golden files: the table, JSON and CSV of a small seeded run of `mtgsim simulate`, compared
byte for byte, so that any change in the command line's output is deliberate.

After a deliberate change, regenerate them and review the diff:

    MTGSIM_UPDATE_GOLDEN=1 PYTHONPATH=src python -m pytest tests/cli/test_cli_golden.py

(the test then rewrites tests/golden/ and fails, so an update is never taken for a pass).
"""
import os
from pathlib import Path

import pytest

from mtgsim.cli import main

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
ARGV = ["simulate", "--example", "mono_green_henge", "--games", "2000", "--seed", "1", "--turns", "5",
        "--threads", "1"]


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """The run's stdout, JSON and CSV, by golden file name."""
    import io
    from contextlib import redirect_stdout
    folder = tmp_path_factory.mktemp("golden")
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(ARGV + ["--json", str(folder / "r.json"), "--csv", str(folder / "r.csv")]) == 0
    return {"mono_green_henge.txt": out.getvalue(),
            "mono_green_henge.json": (folder / "r.json").read_bytes().decode("utf-8"),
            "mono_green_henge.csv": (folder / "r.csv").read_bytes().decode("utf-8")}   # (as written: \r\n)


@pytest.mark.parametrize("name", ["mono_green_henge.txt", "mono_green_henge.json", "mono_green_henge.csv"])
def test_output_matches_golden_file(run, name):
    path = GOLDEN / name
    if os.environ.get("MTGSIM_UPDATE_GOLDEN") == "1":
        path.write_bytes(run[name].encode("utf-8"))
        pytest.fail(f"rewrote {path.name}: review the diff, then run without MTGSIM_UPDATE_GOLDEN")
    assert path.exists(), f"no golden file {path.name}: run with MTGSIM_UPDATE_GOLDEN=1 (see the docstring)"
    assert run[name] == path.read_bytes().decode("utf-8"), \
        f"{name} changed: if deliberate, regenerate with MTGSIM_UPDATE_GOLDEN=1 (see the docstring)"

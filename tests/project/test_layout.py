"""The tests stay grouped by layer (tests/README.md): every test file is in a layer directory
listed there, none at the top of tests/, and no two share a name (pytest's default import mode
imports a test file by its name, so a second one of the same name would not be collected)."""
import re
from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
LAYER_LINE = re.compile(r"^- `([a-z_]+)/`", re.MULTILINE)


def layout_faults(tests: Path) -> list[str]:
    """What is out of place in a tests directory laid out by layer, one line each."""
    listed = set(LAYER_LINE.findall((tests / "README.md").read_text(encoding="utf-8")))
    files = sorted(tests.rglob("test_*.py"))
    faults = [f"{p.relative_to(tests)}: a test file outside a layer directory"
              for p in files if p.parent == tests]
    faults += [f"{p.relative_to(tests)}: in a directory that is not a layer of README.md"
               for p in files if p.parent != tests and p.parent.relative_to(tests).parts[0] not in listed]
    faults += [f"{name}: the name of {count} test files" for name, count in Counter(p.name for p in files).items()
               if count > 1]
    faults += [f"{layer}/: listed in README.md but not a directory" for layer in sorted(listed)
               if not (tests / layer).is_dir()]
    return faults


def test_every_test_file_is_in_a_layer_listed_in_the_readme():
    assert layout_faults(TESTS) == []


def test_the_layout_check_sees_misplaced_files(tmp_path):
    (tmp_path / "README.md").write_text("- `rules/` — rules.\n- `cli/` — the command line.\n")
    for path in ["rules/test_a.py", "test_top.py", "other/test_b.py", "rules/test_c.py", "other/test_c.py"]:
        (tmp_path / path).parent.mkdir(exist_ok=True)
        (tmp_path / path).write_text("")
    assert sorted(layout_faults(tmp_path)) == sorted([
        "test_top.py: a test file outside a layer directory",
        "other/test_b.py: in a directory that is not a layer of README.md",
        "other/test_c.py: in a directory that is not a layer of README.md",
        "test_c.py: the name of 2 test files",
        "cli/: listed in README.md but not a directory",
    ])

"""Every corpus card's reading pinned (issue 31, item 3): the snapshot tests/data/readings.tsv.gz
holds, per card of the tests' oracle corpus, its bucket and a digest of its reading (card table
and clauses); any change to any card's reading fails here until it is reviewed with
`python benchmarks/readings.py --diff` and the snapshot rewritten with `--update`
(docs/card-data.md)."""
import gzip
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("readings_benchmark", ROOT / "benchmarks" / "readings.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module          # (dataclass-like NamedTuples look their module up)
    spec.loader.exec_module(module)
    return module


def test_every_corpus_cards_reading_is_the_one_the_snapshot_pins(bench, imported):
    """A card read differently (its bucket, an op, a cost, a clause's status or words) fails
    with the difference in words; review it, then run `python benchmarks/readings.py --update`."""
    stored = bench.read_snapshot()
    now = bench.readings_of(imported[1])
    lines = bench.differences(stored, now)
    assert not lines, (bench.summary(stored, now) + " -- review, then run `python benchmarks/readings.py "
                       "--update`:\n" + "\n".join(lines[:60]) + ("\n..." if len(lines) > 60 else ""))


def test_the_snapshot_is_compact_sorted_and_written_the_same_from_the_same_readings(bench, tmp_path):
    data = bench.SNAPSHOT.read_bytes()
    assert len(data) < 600_000
    names = [line.split("\t")[0] for line in gzip.decompress(data).decode("utf-8").splitlines()
             if not line.startswith("#")]
    assert names == sorted(names) and len(names) == len(set(names)) > 30_000
    readings = {"Lightning Bolt": bench.Reading("fully", "0123abcd", ()),
                "Counterspell": bench.Reading("fully", "89abcdef", ())}
    a, b = tmp_path / "a.gz", tmp_path / "b.gz"
    bench.write_snapshot(readings, a)
    bench.write_snapshot(dict(reversed(readings.items())), b)
    assert a.read_bytes() == b.read_bytes()
    assert bench.read_snapshot(a) == {"Counterspell": ("fully", "89abcdef"), "Lightning Bolt": ("fully", "0123abcd")}


def test_the_difference_names_each_card_new_gone_or_changed_with_its_buckets_and_clauses_now(bench):
    stored = {"Bolt": ("fully", "00000000"), "Gone": ("partly", "11111111"), "Same": ("unknown", "22222222"),
              "Moved": ("partly", "33333333")}
    now = {"Bolt": bench.Reading("fully", "44444444", (("recognized", "Bolt deals 3 damage to any target."),)),
           "Same": bench.Reading("unknown", "22222222", ()),
           "Moved": bench.Reading("fully", "55555555", (("ignored", "Counter target spell."),)),
           "New": bench.Reading("unknown", "66666666", (("unrecognized", "Do a thing."),))}
    assert bench.differences(stored, now) == [
        "~ Bolt: fully, reading changed", "      recognized: Bolt deals 3 damage to any target.",
        "- Gone: gone (was partly)",
        "~ Moved: partly -> fully", "      ignored: Counter target spell.",
        "+ New: new", "      unrecognized: Do a thing."]
    assert bench.summary(stored, now).startswith("4 of 4 cards read differently from the snapshot (")
    assert bench.differences(stored, {k: v for k, v in now.items() if k == "Same"})[0] == "- Bolt: gone (was fully)"


def test_a_malformed_snapshot_line_is_an_error_naming_the_file_and_line(bench, tmp_path):
    bad = tmp_path / "bad.gz"
    bad.write_bytes(gzip.compress(b"# a header\nLightning Bolt\tfully\t0123abcd\n"))
    with pytest.raises(ValueError, match=r"bad.gz:2: expected 'NAME<TAB>f\|p\|u\|t<TAB>8 hex digits'"):
        bench.read_snapshot(bad)


def test_the_command_rewrites_the_snapshot_and_prints_no_difference_after(bench, bulk, tmp_path, capsys):
    """`--update` then `--diff` on the same cards: exit 0, "0 of N cards read differently"; a
    snapshot with one card read otherwise: exit 1, that card named with its bucket and clauses."""
    snap = tmp_path / "readings.tsv.gz"
    assert bench.main(["--update", "--cards", str(bulk), "--snapshot", str(snap)]) == 0
    capsys.readouterr()
    assert bench.main(["--diff", "--cards", str(bulk), "--snapshot", str(snap)]) == 0
    assert capsys.readouterr().out.startswith("0 of ")
    stored = bench.read_snapshot(snap)
    name, (bucket, _) = sorted(stored.items())[0]
    stored[name] = (bucket, "00000000")
    snap.write_bytes(gzip.compress("".join(f"{n}\t{bench.LETTERS[b]}\t{d}\n" for n, (b, d) in stored.items())
                                   .encode("utf-8")))
    assert bench.main(["--diff", "--cards", str(bulk), "--snapshot", str(snap)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"~ {name}: {bucket}, reading changed" and out[-1].startswith("1 of ")

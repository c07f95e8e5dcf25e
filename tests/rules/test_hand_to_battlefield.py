"""An ability of a card in the hand putting that card onto the battlefield (the op
`hand_to_battlefield`: Talon Gates of Madara's "{4}: Put ~ from your hand onto the
battlefield"): it works only while the card is in its owner's hand (113.6m), the card stays
there until the ability resolves, and a land put onto the battlefield so is not a land played
(305.4: the turn's land drop is still there). Its enters abilities trigger as any permanent's.
Talon Gates' "When ~ enters, up to one target creature phases out" is ignored: a player choosing
its targets chooses none (the only creatures are the player's own, which would not attack,
702.26). The goldfish activates it after its spells and abilities with the mana they left, as it
cycles (worth_cycling: always), then plays on with the land's mana."""
import pytest

from mtgsim import CardDataError, Deck, MulliganPolicy, RulesError, Scenario, card, simulate
from mtgsim.cards.database import card_from_table
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import recognize

TEXT = ("When Talon Gates of Madara enters, up to one target creature phases out.\n{T}: Add {C}.\n"
        "{1}, {T}: Add one mana of any color.\n{4}: Put Talon Gates of Madara from your hand onto the battlefield.")
GATES = card("Test Talon Gates", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "activated", "cost": "{4}", "hand_to_battlefield": True}])
# "When ~ enters, you gain 2 life": its entering seen
GAIN_GATES = card("Test Gain Gates", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "trigger", "event": "self_enters", "gain_life": 2},
    {"kind": "activated", "cost": "{4}", "hand_to_battlefield": True}])


def _wastes(s, n):
    return [s.add("Wastes") for _ in range(n)]


def test_305_4_the_land_put_from_the_hand_is_not_the_land_played():
    """305.4: after putting it onto the battlefield (untapped: it has no enters-tapped clause) the
    player still plays a land this turn; the ability's {4} is paid."""
    s = Scenario()
    lands = _wastes(s, 4)
    s.add_to_hand(GATES)
    s.add_to_hand("Wastes")
    s.cycle(GATES)
    assert [p.name for p in s.battlefield()].count(GATES.name) == 1
    assert all(s.is_tapped(p) for p in lands)
    (gates,) = [p for p in s.battlefield() if p.name == GATES.name]
    assert not s.is_tapped(gates) and s.tap_for_mana(gates) == {"C": 1}
    s.play_land("Wastes")
    assert s.hand() == []


def test_113_6m_it_works_only_from_the_hand_and_its_cost_must_be_paid():
    """113.6m: not from the battlefield (no such ability of the permanent), not with three mana."""
    s = Scenario()
    _wastes(s, 3)
    with pytest.raises(RulesError, match="113.6m"):
        s.cycle(GATES)
    s.add_to_hand(GATES)
    with pytest.raises(RulesError):
        s.cycle(GATES)
    assert s.hand() == [GATES.name]


def test_603_6a_its_enters_abilities_trigger():
    s = Scenario()
    _wastes(s, 4)
    s.add_to_hand(GAIN_GATES)
    s.cycle(GAIN_GATES)
    assert s.life() == 22


def test_113_6m_the_ability_is_the_cards_last_its_effect_alone_or_an_error():
    with pytest.raises(CardDataError, match="hand_to_battlefield"):
        card("Test Bad Gates", "", "Land", abilities=[
            {"kind": "activated", "cost": "{4}", "hand_to_battlefield": True, "draw": 1}])
    with pytest.raises(CardDataError, match="hand_to_battlefield"):
        card("Test Bad Gates", "", "Land", abilities=[
            {"kind": "activated", "cost": "{4}", "hand_to_battlefield": True},
            {"kind": "activated", "cost": "{T}", "draw": 1}])


def test_113_6m_talon_gates_is_read_whole_its_phasing_ignored():
    rec = recognize(OracleCard("Talon Gates of Madara", "normal",
                               (OracleFace("Talon Gates of Madara", "", "Land", TEXT, None, None),)))
    assert rec.bucket == "fully", rec.clauses
    read = card_from_table(rec.table)
    assert read.hand_ability_cost is not None and str(read.hand_ability_cost) == "{4}"


def test_305_4_the_goldfish_puts_it_onto_the_battlefield_with_the_mana_left_exactly():
    """A deck of nothing but the gates, on the play, a 7-card hand kept: each turn one land is
    played (the land drop), then, nothing to cast, each time four mana are left one more is put
    onto the battlefield untapped, its {C} counting towards the next (4 paid, 1 back), while the
    hand has one. The mana each turn after the land drop follows exactly: 1, 2, 3, 4, then 6
    (turn 4 put one more), 8, 11 (two more on turn 6: 8 - 3 - 3 = 2 left), 14 (three on turn 7,
    the hand then empty). A deck of one card: no variance, the check exact."""
    turns = 8
    r = simulate(Deck({GATES: 60}), turns=turns, games=20, seed=1, mulligan=MulliganPolicy({7: (0, 7)}))
    lands, hand, expected = 0, 7, []
    for t in range(1, turns + 1):
        hand += t > 1                                 # (the draw: none on the play's first turn)
        lands, hand = lands + 1, hand - 1             # (the land drop)
        expected.append(lands)
        mana = lands
        while mana >= 4 and hand:                     # (nothing cast: all of it is left)
            mana, lands, hand = mana - 3, lands + 1, hand - 1
    assert [r.mana_available(t).value for t in range(1, turns + 1)] == expected
    assert expected == [1, 2, 3, 4, 6, 8, 11, 14]

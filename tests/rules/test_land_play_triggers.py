"""Abilities that trigger when a land is played (305.1) — City of Traitors: "When you play another
land, sacrifice this land. {T}: Add {C}{C}." Playing a land is the special action of 305.1; a land
an effect puts onto the battlefield is not played (305.4), nor is the City's own play "another"
land. The sacrifice is the effect op sacrifice_self (701.21a). Card facts from the oracle corpus."""
import pytest

from mtgsim import Deck, MulliganPolicy, Scenario, card, card_db, simulate

CITY = card("City of Traitors", "", "Land", abilities=[
    {"kind": "trigger", "event": "you_play_another_land", "sacrifice_self": True},
    {"kind": "mana", "cost": "{T}", "mana": "{C}{C}"}])


@pytest.fixture
def db():
    return card_db().extended(CITY, replace=True)


def _names(s: Scenario, player: str = "you") -> list[str]:
    return [p.name for p in s.battlefield(player)]


def test_305_1_you_play_another_land_city_of_traitors_is_sacrificed(db):
    s = Scenario(db)
    s.add("City of Traitors")
    s.add_to_hand("Forest")
    s.play_land("Forest")
    assert _names(s) == ["Forest"]
    assert s.graveyard() == ["City of Traitors"]


def test_305_1_you_play_another_land_not_the_city_itself_and_a_newer_city_stays(db):
    """Its own play is not "another land": the City played stays; an older City goes."""
    s = Scenario(db)
    s.add_to_hand("City of Traitors")
    s.play_land("City of Traitors")
    assert _names(s) == ["City of Traitors"]
    s.next_turn()
    s.next_turn()
    s.add_to_hand("City of Traitors")
    s.play_land("City of Traitors")
    assert _names(s) == ["City of Traitors"] and s.graveyard() == ["City of Traitors"]


def test_305_4_you_play_another_land_not_when_a_land_is_put_onto_the_battlefield(db):
    """Evolving Wilds puts a Forest onto the battlefield: no land is played, the City stays."""
    s = Scenario(db)
    s.add("City of Traitors")
    wilds = s.add("Evolving Wilds")
    s.add_to_library("Forest")
    s.activate(wilds)
    assert sorted(_names(s)) == ["City of Traitors", "Forest"]


def test_305_1_you_play_another_land_an_opponents_land_play_is_not_yours(db):
    s = Scenario(db)
    s.add("City of Traitors")
    s.next_turn()
    s.add_to_hand("Forest", player="opponent")
    s.play_land("Forest", player="opponent")
    assert _names(s) == ["City of Traitors"]


def test_701_21a_sacrifice_self_after_its_mana_is_made(db):
    """Tapped for {C}{C} first (605.3a: while the trigger waits), the mana stays in the pool
    through the phase (106.4) as the City is sacrificed (701.21a: to its owner's graveyard)."""
    s = Scenario(db)
    city = s.add("City of Traitors")
    assert s.tap_for_mana(city) == {"C": 2}
    s.add_to_hand("Mountain")
    s.play_land("Mountain")
    assert s.pool() == {"C": 2} and _names(s) == ["Mountain"] and s.graveyard() == ["City of Traitors"]


def test_605_3a_the_goldfish_taps_city_of_traitors_for_mana_before_it_is_sacrificed(db):
    """A deck of 40 Cities, on the play, no mulligan: turn 1 one City (2 mana); from turn 2 on,
    the City played sacrifices the one there, which the goldfish taps for {C}{C} first (the
    mana kept in the pool for the main phase), so 4 mana is available with one land in play."""
    res = simulate(Deck({"City of Traitors": 40}, db=db), games=200, turns=3, seed=5, threads=1, on_play=True,
                   mulligan=MulliganPolicy.never())
    assert [res.lands_in_play(t).value for t in (1, 2, 3)] == [1, 1, 1]
    assert [res.mana_available(t).value for t in (1, 2, 3)] == [2, 4, 4]


def test_700_4_a_permanent_its_own_effect_sacrifices_dies_and_its_dies_ability_resolves():
    """Goblin Boom Keg: "At the beginning of your upkeep, sacrifice this artifact. When this
    artifact dies, it deals 3 damage to any target." (701.21a: sacrificed, it is put into the
    graveyard from the battlefield: it dies, 700.4)."""
    keg = card("Goblin Boom Keg", "{4}", "Artifact", abilities=[
        {"kind": "trigger", "event": "your_upkeep", "sacrifice_self": True},
        {"kind": "trigger", "event": "self_dies", "damage_to_opponent": 3}])
    s = Scenario(card_db().extended(keg))
    s.add("Goblin Boom Keg")
    s.next_turn()
    assert s.battlefield() and s.life("opponent") == 20          # (the opponent's upkeep: not yours)
    s.next_turn()
    assert s.battlefield() == [] and s.graveyard() == ["Goblin Boom Keg"] and s.life("opponent") == 17

"""Card fields the engine acts on, on both faces: additional land plays (305.2: Explore,
Growth Spiral, Azusa), untapping lands, and abilities activated only as a sorcery (602.5d)."""
import pytest

from mtgsim import Deck, MulliganPolicy, RulesError, Scenario, card, simulate
from mtgsim.simulate import trace


def turn_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip().startswith("turn ")]


def test_305_2_explore_lets_the_goldfish_play_another_land_that_turn():
    """Explore resolves, then another land is played the same turn (the one Explore drew, if
    the hand had none), and spells after it."""
    deck = Deck({"Forest": 30, "Explore": 30})
    text = trace(deck, games=20, turns=4, seed=3, mulligan=MulliganPolicy.never())
    lines = [t for t in turn_lines(text) if "cast Explore" in t]
    assert lines
    for line in lines:
        parts = line.split("; ")
        explores = [k for k, p in enumerate(parts) if p.startswith("cast Explore")]
        lands = [k for k, p in enumerate(parts) if p.startswith("land ")]
        assert len(lands) <= 1 + len(explores)   # one, and one more per Explore
        assert all(k > explores[0] for k in lands[1:])
    assert any(len([p for p in t.split("; ") if p.startswith("land ")]) == 2 for t in lines)


def test_305_2_azusa_lets_the_goldfish_play_three_lands_a_turn():
    azusa = Deck({"Forest": 40, "Azusa, Lost but Seeking": 20})
    plain = Deck({"Forest": 40, "Grizzly Bears": 20})
    kw = dict(games=2000, turns=5, seed=1, threads=1, mulligan=MulliganPolicy.never())
    with_azusa, without = simulate(azusa, **kw), simulate(plain, **kw)
    assert with_azusa.lands_in_play(5).value > without.lands_in_play(5).value + 1.5
    assert without.lands_in_play(5).value <= 5


def test_305_2_scenario_counts_the_land_plays_left():
    s = Scenario()
    assert s.land_plays_left() == 1
    s.add_to_hand("Forest")
    s.play_land("Forest")
    assert s.land_plays_left() == 0
    s.add("Azusa, Lost but Seeking")
    assert s.land_plays_left() == 2
    s.add("Forest")
    s.add("Forest")
    s.cast("Explore")
    assert s.land_plays_left() == 3
    s.next_turn()
    s.next_turn()                               # your next turn: one, and Azusa's two
    assert s.land_plays_left() == 3


def test_growth_spiral_is_an_extra_land_play_this_turn_only():
    s = Scenario()
    s.add("Forest")
    s.add("Island")
    s.cast("Growth Spiral")
    assert s.land_plays_left() == 2
    s.next_turn()
    assert s.land_plays_left() == 1             # (the opponent's turn: their one land)


FRANTIC = card("Test Frantic", "{2}", "Sorcery", abilities=[{"kind": "spell", "untap_lands": 2}])


def test_untap_lands_untaps_up_to_that_many_of_your_tapped_lands():
    s = Scenario()
    lands = [s.add("Forest") for _ in range(3)]
    theirs = s.add("Forest", controller="opponent", tapped=True)
    s.cast(FRANTIC)                              # taps two Forests, untaps both
    assert not any(s.is_tapped(p) for p in lands) and s.is_tapped(theirs)
    s.tap_for_mana(lands[0])
    s.cast(FRANTIC)                              # the pool's {G} and one Forest; untaps two
    assert sum(s.is_tapped(p) for p in lands) == 0


def test_602_5d_a_sorcery_speed_ability_only_on_its_controllers_turn():
    s = Scenario()
    s.add_to_library("Forest")
    s.add_to_library("Forest")
    s.add_to_library("Forest")
    seer = s.add(card("Test Seer", "{0}", "Artifact",
                      abilities=[{"kind": "activated", "cost": "{1}", "sorcery_speed": True, "draw": 1}]))
    s.add("Forest")
    s.add("Forest")
    s.activate(seer)
    assert len(s.hand()) == 1
    s.next_turn()                                # the opponent's turn
    with pytest.raises(RulesError, match="602.5d"):
        s.activate(seer)

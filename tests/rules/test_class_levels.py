"""Class levels (716): a Class enters at level 1; "[cost]: Level N" is an activated ability, only
as a sorcery and only at level N-1, that makes the level N (716.2a: the op class_level); the
abilities of a level apply only at that level or higher; "When this Class becomes level N"
triggers once. Through Scenario, the goldfish (its play policy and replayed games), and the
card model's checks of `levels`."""
import pytest
from replay import replay, traced_games

from mtgsim import CardDataError, Deck, MulliganPolicy, RulesError, Scenario, card
from mtgsim.cards.model import ActivatedAbility
from mtgsim.simulate import trace

FOREST, ISLAND = "Forest", "Island"

# Druid Class's level 2 (305.2: an additional land each turn); its level 3 left empty
DRUID = card("Test Druid Class", "{1}{G}", "Enchantment — Class",
             abilities=[{"kind": "trigger", "event": "land_you_control_enters", "gain_life": 1}],
             levels=[{"cost": "{2}{G}", "abilities": [{"kind": "land_plays", "additional": 1}]},
                     {"cost": "{4}{G}"}])
# Wizard Class's level 2: "When this Class becomes level 2, draw two cards."; level 3 a haste grant
WIZARD = card("Test Wizard Class", "{U}", "Enchantment — Class",
              levels=[{"cost": "{2}{U}", "abilities": [{"kind": "trigger", "event": "self_becomes_level",
                                                        "draw": 2}]},
                      {"cost": "{1}{U}", "abilities": [{"kind": "grant", "grant": "haste",
                                                        "to": "creatures_you_control"}]}])
# a Class whose level 2 gains nothing the simulator plays (its ability unread)
BLANK = card("Test Blank Class", "{G}", "Enchantment — Class", levels=[{"cost": "{G}"}])


def _board(cls, lands, land=FOREST, library=()):
    s = Scenario()
    for name in library:
        s.add_to_library(name)
    p = s.add(cls)
    for _ in range(lands):
        s.add(land)
    return s, p


def test_716_2a_a_class_enters_at_level_1_and_its_level_2_ability_applies_only_from_level_2():
    """Druid Class's "You may play an additional land on each of your turns" (305.2) is not the
    permanent's at level 1; once its level becomes 2 it is, and stays so (716.2b: the level is
    the permanent's, kept when the tables are compiled again for a new card)."""
    s, druid = _board(DRUID, 3)
    assert s.level(druid) == 1
    assert s.land_plays_left() == 1
    s.activate(druid, 0)                         # {2}{G}: Level 2
    assert s.level(druid) == 2
    assert s.land_plays_left() == 2
    s.add_to_hand(ISLAND)                        # (a new card: the tables are compiled again)
    assert s.level(druid) == 2 and s.land_plays_left() == 2
    assert all(s.is_tapped(p) for p in s.battlefield() if p.name == FOREST)


def test_716_2a_a_level_up_only_as_a_sorcery():
    """"Activate only as a sorcery": not in an opponent's turn (307.1, 602.5d)."""
    s, druid = _board(DRUID, 3)
    s.next_turn()                                # (the opponent's turn)
    with pytest.raises(RulesError, match="only as a sorcery"):
        s.activate(druid, 0)
    assert s.level(druid) == 1


def test_716_2a_a_level_up_to_n_only_at_level_n_minus_1():
    """No level is skipped: Level 3 only at level 2, and Level 2 not again at level 2."""
    s, druid = _board(DRUID, 8)
    with pytest.raises(RulesError, match="only if it is level 2"):
        s.activate(druid, 1)                     # {4}{G}: Level 3, at level 1
    assert s.level(druid) == 1
    s.activate(druid, 0)
    with pytest.raises(RulesError, match="only if it is level 1"):
        s.activate(druid, 0)                     # Level 2 again
    s.activate(druid, 1)
    assert s.level(druid) == 3
    assert s.land_plays_left() == 2              # (level 3 has level 2's ability too)


def test_716_2a_when_this_class_becomes_level_n_triggers_once_as_it_becomes_level_n():
    """Wizard Class: "When this Class becomes level 2, draw two cards" — on becoming level 2,
    not as it enters, and not again as it becomes level 3; level 3's grant of haste then applies."""
    s, wizard = _board(WIZARD, 6, ISLAND, library=[FOREST, FOREST, FOREST, "Grizzly Bears"])
    assert s.hand() == []
    s.activate(wizard, 0)
    assert sorted(s.hand()) == [FOREST, "Grizzly Bears"]
    bears = s.add("Grizzly Bears", entered_this_turn=True)
    assert s.is_summoning_sick(bears)
    s.activate(wizard, 1)
    assert len(s.hand()) == 2 and s.level(wizard) == 3
    assert not s.is_summoning_sick(bears)        # (702.10: level 3's haste)


def test_716_2a_level_ups_are_derived_from_the_levels_as_sorcery_speed_abilities_of_the_card():
    ups = DRUID.abilities_of(ActivatedAbility)
    assert [(str(a.cost), a.effect.value("class_level"), a.sorcery_speed, a.activate_only.level) for a in ups] == [
        ("{2}{G}", 2, True, 1), ("{4}{G}", 3, True, 2)]
    assert DRUID.at_level(2).abilities[-1].additional == 1
    assert card("Test Druid Class", "{1}{G}", "Enchantment — Class", abilities=[
        {"kind": "trigger", "event": "land_you_control_enters", "gain_life": 1}],
        levels=[{"cost": "{2}{G}", "abilities": [{"kind": "land_plays", "additional": 1}]},
                {"cost": "{4}{G}"}]) == DRUID


@pytest.mark.parametrize("fields, message", [
    ({"type": "Enchantment", "levels": [{"cost": "{G}"}]}, "only a Class has class levels"),
    ({"abilities": [{"kind": "trigger", "event": "self_becomes_level", "draw": 1}], "levels": [{"cost": "{G}"}]},
     "is an ability of level N"),
    ({"abilities": [{"kind": "activated", "cost": "{G}", "class_level": 2}], "levels": [{"cost": "{G}"}]},
     "derived from the card's `levels`"),
    ({"levels": [{"cost": "{G}", "abilities": [{"kind": "enters", "tapped": True}]}]}, "no enters replacement"),
    ({"levels": [{"abilities": []}]}, "cost"),
])
def test_716_2a_a_class_level_the_model_refuses(fields, message):
    table = {"type": "Enchantment — Class", **fields}
    with pytest.raises(CardDataError, match=message):
        card("Test Bad Class", "{G}", table.pop("type"), **table)


def test_716_2a_the_goldfish_levels_up_with_mana_left_after_its_spells_and_replays_through_scenario():
    """The goldfish's policy (use_abilities): after the spells it casts, a level-up worth
    activating — its level gains abilities — is activated when its cost can be paid, once a
    turn for each Class. The traced games replay exactly through Scenario."""
    deck = Deck({DRUID: 20, FOREST: 20})
    text = trace(deck, games=1, turns=6, seed=3, mulligan=MulliganPolicy.never())
    assert "cast Test Druid Class (2); activate Test Druid Class (3)" in text
    games = traced_games(deck, games=8, turns=6, seed=2026, on_play=True)
    failures = [f"game {k + 1}: {d}" for k, game in enumerate(games) if (d := replay(deck, game, on_play=True))]
    assert not failures, "\n".join(failures)


def test_716_2a_the_goldfish_never_pays_for_a_level_that_gains_nothing_it_plays():
    """A level whose abilities are unread gains nothing: its level-up is not worth activating."""
    text = trace(Deck({BLANK: 20, FOREST: 20}), games=3, turns=6, seed=3, mulligan=MulliganPolicy.never())
    assert "cast Test Blank Class" in text and "activate" not in text

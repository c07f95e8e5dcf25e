"""Green Sun's Zenith: "Search your library for a green creature card with mana value X or less, put it onto the
battlefield, then shuffle. Shuffle Green Sun's Zenith into its owner's library." 107.3: X is the value the
caster chose, as the spell resolves; 202.3: mana value (a land's is 0: Dryad Arbor); 105.2: a green card;
701.23a: the search; 608.2n and 701.24a: as its last step the spell is shuffled into its owner's library, not
put into the graveyard.

In a Scenario the player finds the first card from the top that passes; the goldfish's pick is
card_to_search's (onto the battlefield: one with a mana ability, else the one of greatest mana value)."""
from mtgsim import card
from mtgsim.cards.recognize.effects import effect_of
from test_library_top import library_top_first, scenario

_SEARCH = {"card_to_battlefield": 1, "card_types": ["Creature"], "cost_at_most": -1, "card_colors": ["G"],
           "mana_value_at_most_x": True}
ZENITH = card("Test Zenith", "{X}{W}", "Sorcery", abilities=[{"kind": "spell", **_SEARCH, "spell_to_library": True}])
GREEN_TWO = card("Test Green Two", "{1}{G}", "Creature — Bear", "2/2")
GREEN_THREE = card("Test Green Three", "{2}{G}", "Creature — Beast", "3/3")
RED_TWO = card("Test Red Two", "{1}{R}", "Creature — Goblin", "2/2")
GREEN_AURA = card("Test Green Aura", "{G}", "Enchantment — Aura")
ARBOR = card("Test Arbor", "", "Land Creature — Forest Dryad", "1/1", colors="G")


def test_107_3_a_green_creature_card_with_mana_value_x_or_less():
    """X = 2: not the green three-drop (mana value 3), not the red two-drop, not a green Aura: the green two."""
    s = scenario([GREEN_THREE, RED_TWO, GREEN_AURA, GREEN_TWO, "Forest"], hand=[ZENITH], lands=3)
    s.cast(ZENITH, x=2)
    assert [p.name for p in s.battlefield() if p.name != "Plains"] == [GREEN_TWO.name]


def test_202_3_with_x_0_a_green_creature_land_of_mana_value_0():
    s = scenario([GREEN_TWO, ARBOR], hand=[ZENITH], lands=1)
    s.cast(ZENITH, x=0)
    assert [p.name for p in s.battlefield() if p.name != "Plains"] == [ARBOR.name]


def test_701_24a_the_zenith_is_shuffled_into_its_owners_library_not_put_into_the_graveyard():
    s = scenario([GREEN_THREE, "Forest"], hand=[ZENITH], lands=2)
    s.cast(ZENITH, x=1)                                     # (nothing found: it is shuffled in all the same)
    assert s.graveyard() == [] and s.hand() == []
    assert sorted(library_top_first(s)) == sorted([GREEN_THREE.name, "Forest", ZENITH.name])


def test_the_phrases_read_as_the_op():
    assert effect_of("Search your library for a green creature card with mana value X or less, put it onto the "
                     "battlefield, then shuffle. Shuffle ~ into its owner's library.") == {
        **_SEARCH, "spell_to_library": True}
    assert effect_of("Search your library for a creature card with mana value X or less, put it onto the "
                     "battlefield, then shuffle.") == {
        "card_to_battlefield": 1, "card_types": ["Creature"], "cost_at_most": -1, "mana_value_at_most_x": True}
    assert effect_of("Search your library for a green creature card with mana value X or less, put it into your "
                     "hand, then shuffle.") is None

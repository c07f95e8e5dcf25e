"""Effects as ordered ops (mtgsim.vocabulary, run_ops): each op's rule in a Scenario, the two
TOML forms of an effect (flat: the canonical order; a list: the order written, 608.2c), and
the loader's checks of an op's parameters against the vocabulary's bounds."""
import pytest
from replay import replay, traced_games

from mtgsim import CardDataError, Deck, MulliganPolicy, Scenario, card
from mtgsim.simulate import trace
from mtgsim.cards.model import Effect, Op

ISLAND = "Island"


def _spell(name, effect, cost="{U}"):
    return card(name, cost, "Sorcery", abilities=[{"kind": "spell", "effect": effect}])


def _scenario(hand=(), lands=1, library=()):
    """A Scenario with `hand`, `lands` Islands and a `library` (its top card last)."""
    s = Scenario()
    for name in (*library, *hand):
        (s.add_to_library if name in library else s.add_to_hand)(name)
    for _ in range(lands):
        s.add(ISLAND)
    return s


# ---- the order of an effect's ops (608.2c) ---------------------------------------------------------

def test_608_2c_gamestate_run_ops_carries_out_one_effects_ops_for_a_player():
    """GameState.run_ops: one EFFECT row's ops in order, for the player given (the opponent
    here: their library, their life), then state-based actions."""
    spell = _spell("Test Run Ops", [{"draw": 1}, {"gain_life": 2}])
    s = _scenario(hand=[spell])
    s.add_to_library("Forest", player="opponent")
    effect = int(s.tables.cards[s.tables.row_of(spell)]["spell_effect"])
    s._play(lambda st: st.run_ops(effect, -1, -1, 1))
    assert s.hand("opponent") == ["Forest"] and s.life("opponent") == 22 and s.life() == 20


def test_608_2c_an_op_may_be_written_more_than_once():
    """"Draw a card, then draw a card": two draws."""
    spell = _spell("Test Draw Twice", [{"draw": 1}, {"draw": 1}])
    s = _scenario(hand=[spell], library=["Forest", "Mountain", "Swamp"])
    s.cast(spell)
    assert sorted(s.hand()) == ["Mountain", "Swamp"]
    assert spell.abilities[0].effect == Effect((Op("draw", (("draw", 1),)), Op("draw", (("draw", 1),))))


def test_608_2c_the_flat_and_the_list_form_of_one_order_are_one_effect():
    flat = card("Test Flat Two", "{U}", "Sorcery", abilities=[{"kind": "spell", "draw": 2, "scry": 1}])
    listed = _spell("Test Listed Two", [{"scry": 1}, {"draw": 2}])
    assert flat.abilities[0].effect == listed.abilities[0].effect


def test_608_2c_a_step_of_an_ordered_effect_is_one_op_with_its_own_parameters():
    with pytest.raises(CardDataError, match="each step of an effect is one op, got 2") as e:
        _spell("Test Two In One", [{"draw": 1, "scry": 1}])
    assert e.value.field == "abilities[0].effect[0]"
    with pytest.raises(CardDataError, match="'lands_tapped' is not a parameter of draw"):
        _spell("Test Stray", [{"draw": 1, "lands_tapped": False}])
    with pytest.raises(CardDataError, match="unknown effect field 'fateseal'"):
        _spell("Test Unknown", [{"fateseal": 1}])
    with pytest.raises(CardDataError, match="each step of an effect is one op, got 0"):
        _spell("Test Empty Step", [{"lands_tapped": False}])


def test_an_ops_parameter_outside_its_declared_bounds_names_card_and_field():
    with pytest.raises(CardDataError, match="surveil must be 0..64, got 99") as e:
        _spell("Test Deep Surveil", [{"draw": 1}, {"surveil": 99}])
    assert e.value.card == "Test Deep Surveil" and e.value.field == "abilities[0].effect[1].surveil"
    with pytest.raises(CardDataError, match="expected true or false"):
        card("Test Bad Flag", "{U}", "Sorcery", abilities=[{"kind": "spell", "lands_to_battlefield": 1,
                                                              "lands_tapped": 1}])


# ---- each op's rule ----------------------------------------------------------------------------------

def test_120_3a_damage_dealt_to_a_player_is_life_they_lose():
    spell = card("Test Scorch", "{U}", "Sorcery", abilities=[{"kind": "spell", "damage_to_opponent": 3,
                                                               "damage_to_you": 2}])
    s = _scenario(hand=[spell])
    s.cast(spell)
    assert (s.life(), s.life(player="opponent")) == (18, 17)


def test_119_3_a_player_gains_or_loses_the_life_an_effect_says():
    spell = card("Test Drain", "{U}", "Sorcery", abilities=[{"kind": "spell", "opponent_loses_life": 2,
                                                              "lose_life": 1, "gain_life": 4}])
    s = _scenario(hand=[spell])
    s.cast(spell)
    assert (s.life(), s.life(player="opponent")) == (23, 18)


def test_603_7_a_permanent_to_be_sacrificed_at_the_next_end_step_is_gone_after_it():
    """"Sacrifice it at the beginning of the next end step": a delayed trigger (603.7) the op
    sets up as the ability resolves; the permanent stays until that end step."""
    elemental = card("Test Fleeting Elemental", "{U}", "Creature — Elemental", "3/1",
                     abilities=[{"kind": "trigger", "event": "self_enters", "sacrifice_at_end": True}])
    s = _scenario(hand=[elemental])
    s.cast(elemental)
    assert "Test Fleeting Elemental" in [p.name for p in s.battlefield()]
    s.next_turn()
    assert "Test Fleeting Elemental" not in [p.name for p in s.battlefield()]


def test_400_3_a_land_returned_goes_to_its_owners_hand():
    karoo = card("Test Karoo", "", "Land", abilities=[
        {"kind": "mana", "cost": "{T}", "mana": "{U}{U}"},
        {"kind": "trigger", "event": "self_enters", "return_land": 1}])
    s = _scenario(hand=[karoo], lands=1)
    s.play_land(karoo)
    assert s.hand() == [ISLAND]
    assert [p.name for p in s.battlefield()] == ["Test Karoo"]


def test_701_26b_untapping_lands_turns_tapped_ones_upright():
    spell = card("Test Frantic", "{U}", "Instant", abilities=[{"kind": "spell", "untap_lands": 2}])
    s = _scenario(hand=[spell], lands=1)
    for _ in range(3):
        s.add(ISLAND, tapped=True)
    s.cast(spell)                                     # the untapped Island pays for it
    assert sum(not s.is_tapped(p) for p in s.battlefield()) == 2


# ---- mill (701.17) -------------------------------------------------------------------------------

def test_701_17a_a_player_mills_the_top_cards_of_their_library_into_their_graveyard():
    """Mill two cards: the library's top card, then the one under it, go to the graveyard; the
    rest of the library stays in its order."""
    spell = _spell("Test Mill Two", [{"mill": 2}])
    s = _scenario(hand=[spell], library=["Forest", "Mountain", "Swamp", "Plains"])
    s.cast(spell)
    assert s.graveyard() == ["Plains", "Swamp", spell.name]
    s.draw()
    assert s.hand() == ["Mountain"]


def test_701_17b_a_player_mills_as_many_cards_as_their_library_has():
    """Mill three with one card in the library: that card is milled, and nothing else happens
    (704.5b is about drawing from an empty library, not milling)."""
    spell = _spell("Test Mill Three", [{"mill": 3}])
    s = _scenario(hand=[spell], library=["Forest"])
    s.cast(spell)
    assert s.graveyard() == ["Forest", spell.name]
    assert s.life() == 20


@pytest.mark.parametrize("steps, hand, graveyard", [
    ([{"mill": 2}, {"draw": 1}], ["Mountain"], ["Plains", "Swamp"]),    # "Mill two cards, then draw a card"
    ([{"draw": 1}, {"mill": 1}], ["Plains"], ["Swamp"]),                # "Draw a card, then mill a card"
])
def test_608_2c_701_17a_mill_and_draw_happen_in_the_order_written(steps, hand, graveyard):
    spell = _spell("Test Mill And Draw", steps)
    s = _scenario(hand=[spell], library=["Forest", "Mountain", "Swamp", "Plains"])
    s.cast(spell)
    assert s.hand() == hand
    assert s.graveyard() == [*graveyard, spell.name]


def test_701_17a_a_milled_card_with_flashback_may_be_cast_from_the_graveyard():
    """701.17a, 702.34a: the milled card is in the graveyard, where flashback casts it from."""
    firebolt = card("Test Milled Bolt", "{U}", "Sorcery", flashback="{U}",
                    abilities=[{"kind": "spell", "damage_to_opponent": 2}])
    spell = _spell("Test Mill One", [{"mill": 1}])
    s = _scenario(hand=[spell], lands=2, library=[firebolt])
    s.cast(spell)
    assert firebolt.name in s.graveyard()
    s.cast(firebolt, alternative="flashback")
    assert s.life(player="opponent") == 18


MILL_LAND = card("Test Mill Land", "", "Land", text="When this land enters, mill two cards.\n{T}: Add {W}.",
                 abilities=[{"kind": "mana", "cost": "{T}", "mana": "{W}"},
                            {"kind": "trigger", "event": "self_enters", "mill": 2}])
LATE_INSIGHT = card("Test Late Insight", "{5}{W}", "Sorcery", flashback="{W}",
                    abilities=[{"kind": "spell", "gain_life": 1}])


def test_701_17a_the_goldfish_mills_into_its_graveyard_and_flashes_back_what_it_milled():
    """In the goldfish too the milled cards go to the graveyard (the cards it may flash back,
    702.34a): a 6-drop with flashback {W} milled on turn 1 is cast for {W} on turn 2, long
    before it could be cast from hand. The traced games replay exactly through Scenario."""
    deck = Deck({MILL_LAND: 20, LATE_INSIGHT: 20})
    text = trace(deck, games=40, turns=2, seed=6, mulligan=MulliganPolicy.never())
    assert f"mill {LATE_INSIGHT.name}" in text
    assert any(line.strip().startswith("turn 2;") and f"cast {LATE_INSIGHT.name} (1)" in line
               for line in text.splitlines())
    games = traced_games(deck, games=12, turns=4, seed=2026, on_play=True)
    failures = [f"game {k + 1}: {d}" for k, game in enumerate(games) if (d := replay(deck, game, on_play=True))]
    assert not failures, "\n".join(failures)


def test_701_17a_the_goldfish_never_activates_an_ability_that_only_mills_itself():
    """Mill's row is not worth activating (vocabulary: worth=False): the goldfish's policy taps
    no stone to mill itself, but does when the same ability also draws (draw is worth it)."""
    def stone(name, effect):
        return card(name, "{0}", "Artifact", abilities=[{"kind": "activated", "cost": "{T}", "effect": effect}])
    mill_stone = stone("Test Mill Stone", [{"mill": 1}])
    insight_stone = stone("Test Insight Stone", [{"mill": 1}, {"draw": 1}])
    never = MulliganPolicy.never()
    milled = trace(Deck({mill_stone: 20, "Plains": 20}), games=10, turns=3, seed=1, mulligan=never)
    drawn = trace(Deck({insight_stone: 20, "Plains": 20}), games=10, turns=3, seed=1, mulligan=never)
    assert f"cast {mill_stone.name}" in milled and "activate " not in milled
    assert f"activate {insight_stone.name}" in drawn and "mill " in drawn

"""Modal double-faced cards with a land face (712): playing one as a land chooses a face that
is a land (712.12, 305.1); on the battlefield the permanent has that face's characteristics
(712.8f), everywhere else the card's front face's (712.8a). In a Scenario the caller chooses
the face (`play_land(face=...)`); the goldfish weighs each land face as it weighs any land
(choose_land_face), a spell // land card's land face with the spell given up; its mulligan
counts such a card as a land."""
from math import comb

import pytest
from replay import replay, traced_games

from mtgsim import ArgumentError, Deck, MulliganPolicy, RulesError, Scenario, card, simulate
from mtgsim.simulate import trace

# A spell // land card as Zendikar Rising's mythic ones are: an instant whose back face is a
# land that enters tapped unless its controller pays 3 life.
AWAKENING = card("Test Awakening", "{2}{R}", "Instant", unmodeled="Its spell does nothing here.",
                 back={"name": "Test Stoneforge", "type": "Land",
                       "text": "As this land enters, you may pay 3 life. If you don't, it enters "
                               "tapped.\n{T}: Add {R}.",
                       "abilities": [{"kind": "mana", "cost": "{T}", "mana": "{R}"},
                                     {"kind": "enters", "tapped": True, "unless": "pay_life", "life": 3}]})
# A card whose back face is not a land (Kaldheim's gods: a creature // an artifact).
GOD = card("Test God", "{1}{B}", "Legendary Creature — God", "2/2",
           back={"name": "Test Relic", "type": "Legendary Artifact", "text": "{T}: Add {B}.",
                 "abilities": [{"kind": "mana", "cost": "{T}", "mana": "{B}"}]})
# A back face that sacrifices itself for mana (to see where the card goes).
FLARE = card("Test Flare", "{R}", "Instant", unmodeled="Its spell does nothing here.",
             back={"name": "Test Flare Crater", "type": "Land", "text": "{T}, Sacrifice this land: Add {R}.",
                   "abilities": [{"kind": "mana", "cost": "{T}, Sacrifice this", "mana": "{R}"}]})
WHITE_BEAR = card("Test White Bear", "{W}", "Creature — Bear", "2/2")
BLACK_BEAR = card("Test Black Bear", "{B}", "Creature — Bear", "2/2")
RED_BEAR = card("Test Red Bear", "{R}", "Creature — Bear", "2/2")
NEVER = MulliganPolicy.never()


def turn_lines(text: str, turn: int) -> list[str]:
    return [line for line in text.splitlines() if line.strip().startswith(f"turn {turn};")]


def land_played(line: str) -> str | None:
    lands = [p[len("land "):] for p in line.split("; ") if p.startswith("land ")]
    return lands[0] if lands else None


# ---- Scenario: the caller chooses the face ------------------------------------------------------

def test_712_12_scenario_plays_a_pathway_as_its_back_face():
    """Brightclimb Pathway // Grimclimb Pathway played as Grimclimb: the permanent is
    Grimclimb Pathway (712.8f), making {B}; the card has left the hand (305.1)."""
    s = Scenario()
    s.add_to_hand("Brightclimb Pathway")
    p = s.play_land("Brightclimb Pathway", face="back")
    assert p.name == "Grimclimb Pathway"
    assert s.could_produce(p) == frozenset("B")
    assert s.hand() == []
    s.tap_for_mana(p)
    assert s.pool() == {"B": 1}


def test_712_12_scenario_plays_a_pathway_as_its_front_face_by_default():
    s = Scenario()
    p = s.play_land("Brightclimb Pathway")
    assert p.name == "Brightclimb Pathway" and s.could_produce(p) == frozenset("W")
    assert s.play_land("Brightclimb Pathway", face="front").name == "Brightclimb Pathway"


def test_712_12_a_spell_land_card_is_played_as_its_land_face_and_its_enters_replacement_applies():
    """A spell // land card's only land face is its back face (the default): it enters tapped
    unless its controller pays 3 life (614.12, 119.4)."""
    s = Scenario()
    s.add_to_hand(AWAKENING)
    p = s.play_land(AWAKENING, pay_life=True)
    assert p.name == "Test Stoneforge" and not s.is_tapped(p) and s.life() == 17
    assert s.could_produce(p) == frozenset("R")
    q = s.play_land(AWAKENING, face="back", pay_life=False)
    assert s.is_tapped(q) and s.life() == 17


def test_305_1_a_spell_land_cards_front_face_is_not_a_land():
    s = Scenario()
    with pytest.raises(RulesError, match=r"305\.1: Test Awakening is not a land.*face='back'"):
        s.play_land(AWAKENING, face="front")


def test_712_12_a_back_face_that_is_not_a_land_cant_be_played_as_a_land():
    s = Scenario()
    s.add_to_hand(GOD)
    with pytest.raises(RulesError, match=r"712\.12.*Test Relic is not a land"):
        s.play_land(GOD, face="back")
    with pytest.raises(RulesError, match=r"305\.1: Test God is not a land"):
        s.play_land(GOD)
    assert s.hand() == ["Test God"] and s.battlefield() == []


@pytest.mark.parametrize("face", ["side", "Back", 1, True, ["back"]])
def test_play_land_face_must_be_front_or_back(face):
    with pytest.raises(ArgumentError, match=r"^face must be 'front', 'back' or None"):
        Scenario().play_land("Brightclimb Pathway", face=face)


def test_play_land_face_back_needs_a_double_faced_card():
    with pytest.raises(ArgumentError, match=r"^face: Forest has no back face"):
        Scenario().play_land("Forest", face="back")


def test_712_8a_a_back_face_returned_to_hand_is_the_card_again():
    """A bounce land returns Grimclimb Pathway: in the hand it is Brightclimb Pathway, the
    card's front face (712.8a), and can be played again as either face."""
    s = Scenario()
    p = s.play_land("Brightclimb Pathway", face="back")
    s.play_land("Golgari Rot Farm", bounce=p)
    assert not s.on_battlefield(p)
    assert s.hand() == ["Brightclimb Pathway"]
    assert s.play_land("Brightclimb Pathway", face="back").name == "Grimclimb Pathway"


def test_712_8a_a_back_face_put_into_the_graveyard_is_the_card_again():
    s = Scenario()
    p = s.play_land(FLARE)
    assert p.name == "Test Flare Crater"
    s.tap_for_mana(p)                                # (sacrificed for its mana)
    assert not s.on_battlefield(p)
    assert s.graveyard() == ["Test Flare"] and s.pool() == {"R": 1}


def test_712_8a_in_hand_a_spell_land_card_is_its_front_face_a_spell():
    s = Scenario()
    for _ in range(3):
        s.add("Mountain")
    s.add_to_hand(AWAKENING)
    assert s.hand() == ["Test Awakening"]
    assert s.can_cast(AWAKENING)
    s.cast(AWAKENING)
    assert s.hand() == [] and s.graveyard() == ["Test Awakening"] and len(s.battlefield()) == 3


# ---- the goldfish: which face it plays ------------------------------------------------------------

def test_712_12_the_goldfish_plays_a_pathway_as_the_face_whose_colour_the_hand_needs():
    """A hand of Pathways and a white spell plays Brightclimb (W) on turn 1, a hand with a
    black spell Grimclimb (B): the face that lets the spell be cast (choose_land's weighing,
    each face a candidate). The trace names the face played."""
    for bear, face in ((WHITE_BEAR, "Brightclimb Pathway"), (BLACK_BEAR, "Grimclimb Pathway")):
        text = trace(Deck({"Brightclimb Pathway": 30, bear: 30}), games=20, turns=1, seed=4, mulligan=NEVER)
        lines = [t for t in turn_lines(text, 1) if bear.name in t and "Brightclimb Pathway" in t]
        assert len(lines) >= 15
        assert {land_played(t) for t in lines} == {face}
        assert all(f"cast {bear.name}" in t for t in lines)


def test_712_12_the_goldfish_plays_a_spell_land_card_alone_in_hand_as_its_land():
    """A deck of only spell // land cards: every turn one is played as its land (P(a land on
    turn 1) = 1, a land a turn exactly), paying 3 life to have it untapped while life is above
    PlayPolicy.pay_life_above (10): 20, 17, 14, 11 and then 8, so the fifth enters tapped and
    the mana after turn 5's land drop is exactly 4."""
    res = simulate(Deck({AWAKENING: 60}), games=200, turns=5, seed=1, threads=1, mulligan=NEVER)
    assert [res.lands_in_play(t).value for t in range(1, 6)] == [1.0, 2.0, 3.0, 4.0, 5.0]
    assert [res.mana_available(t).value for t in range(1, 6)] == [1.0, 2.0, 3.0, 4.0, 4.0]
    text = trace(Deck({AWAKENING: 60}), games=2, turns=2, seed=1, mulligan=NEVER)
    assert all(land_played(t) == "Test Stoneforge" for t in turn_lines(text, 1) + turn_lines(text, 2))


def test_the_goldfish_prefers_a_real_land_to_giving_up_a_spell():
    """A hand with a Mountain and a spell // land card plays the Mountain (both make {R}: the
    spell's land face gives nothing more); with no Mountain, the card's land face."""
    text = trace(Deck({"Mountain": 20, AWAKENING: 20, RED_BEAR: 20}), games=40, turns=1, seed=2, mulligan=NEVER)
    both = [t for t in turn_lines(text, 1) if "Mountain" in t.split("land ")[0] and "Test Awakening" in t]
    alone = [t for t in turn_lines(text, 1) if "Mountain" not in t and "Test Awakening" in t]
    assert both and alone
    assert {land_played(t) for t in both} == {"Mountain"}
    assert {land_played(t) for t in alone} == {"Test Stoneforge"}


def test_the_goldfish_plays_a_spell_land_card_for_a_colour_the_hand_lacks():
    """Forests and a red spell: the spell // land card's red land face is played over a
    Forest on turn 1 (a colour the hand lacks outweighs the spell given up)."""
    text = trace(Deck({"Forest": 20, AWAKENING: 20, RED_BEAR: 20}), games=60, turns=1, seed=2, mulligan=NEVER)
    lines = [t for t in turn_lines(text, 1)
             if "Forest" in t and "Test Awakening" in t and "Test Red Bear" in t]
    assert lines
    assert {land_played(t) for t in lines} == {"Test Stoneforge"}


def test_the_goldfish_land_of_a_spell_land_card_has_its_back_faces_mana_ability():
    """17 Mountains and 4 spell // land cards: the cards played as lands make {R} (the back
    face's ability), so with a never-mulligan P(a land on turn 1) is exactly the chance that
    the opening seven holds one of the 21: 1 - C(39,7)/C(60,7), not the 17 Mountains' chance
    1 - C(43,7)/C(60,7); the red spells are cast with their mana."""
    deck = Deck({"Mountain": 17, AWAKENING: 4, RED_BEAR: 39})
    res = simulate(deck, games=40000, turns=2, seed=3, threads=2, mulligan=NEVER)
    exact = 1 - comb(39, 7) / comb(60, 7)
    est = res.lands_in_play(1)
    assert est.low <= exact <= est.high
    assert not est.low <= 1 - comb(43, 7) / comb(60, 7) <= est.high
    assert res.p_castable(RED_BEAR.name, 1).value == pytest.approx(est.value, abs=1e-12)
    text = trace(deck, games=60, turns=2, seed=3, mulligan=NEVER)
    assert "land Test Stoneforge; mana 1; cast Test Red Bear" in text


def test_712_12_a_deck_of_pathways_and_one_spell_always_has_a_land_on_turn_1():
    res = simulate(Deck({"Brightclimb Pathway": 59, WHITE_BEAR: 1}), games=300, turns=2, seed=1,
                   threads=1, mulligan=NEVER)
    assert res.lands_in_play(1).value == 1.0 and res.lands_in_play(2).value == 2.0


# ---- the mulligan: a spell // land card counts as a land ------------------------------------------

def test_the_mulligan_counts_a_spell_land_card_as_a_land():
    """No lands, 20 spell // land cards: the default keep rule (2..5 lands in seven) keeps
    the opening seven exactly when it holds 2..5 of them (hypergeometric), where counting
    only lands it would never keep."""
    res = simulate(Deck({AWAKENING: 20, RED_BEAR: 40}), games=40000, turns=1, seed=5, threads=2)
    exact = sum(comb(20, k) * comb(40, 7 - k) for k in range(2, 6)) / comb(60, 7)
    est = res.mulligans[7]
    assert est.low <= exact <= est.high


def test_the_mulligan_counts_a_spell_land_card_that_makes_mana_once():
    """With count_mana_sources, a mana creature // land card (Tangled Florahedron // Tangled
    Vale) is one land for the keep rule, not two: seven of them are kept by a rule keeping
    exactly seven lands."""
    florahedron = card("Test Florahedron", "{1}{G}", "Creature — Elemental", "1/1",
                       abilities=[{"kind": "mana", "cost": "{T}", "mana": "{G}"}],
                       back={"name": "Test Vale", "type": "Land", "text": "{T}: Add {G}.",
                             "abilities": [{"kind": "mana", "cost": "{T}", "mana": "{G}"},
                                           {"kind": "enters", "tapped": True}]})
    rule = MulliganPolicy({7: (7, 7)}, count_mana_sources=True)
    res = simulate(Deck({florahedron: 60}), games=50, turns=1, seed=5, threads=1, mulligan=rule)
    assert res.mulligans[7].value == 1.0


def test_a_deck_with_no_double_faced_lands_mulligans_as_before():
    """Counting as lands only the cards with a land back face: Kaldheim's god // artifact
    cards are spells for the keep rule."""
    res = simulate(Deck({GOD: 20, RED_BEAR: 40}), games=500, turns=1, seed=5, threads=1)
    assert 7 not in res.mulligans


# ---- one game, two faces of the engine ----------------------------------------------------------

@pytest.mark.parametrize("on_play", [True, False])
def test_goldfish_games_with_double_faced_lands_replay_through_scenario(on_play):
    """The goldfish's land faces are the Scenario's: its games, replayed action by action
    through Scenario.play_land(face=...), leave the same state after every action."""
    deck = Deck({"Brightclimb Pathway": 8, "Plains": 6, "Swamp": 6, AWAKENING: 8, FLARE: 4,
                 WHITE_BEAR: 10, BLACK_BEAR: 10, RED_BEAR: 8})
    games = traced_games(deck, games=8, turns=6, seed=11, on_play=on_play)
    faces = {step.args.get("card") for game in games for step in game.steps
             if step.action == "land" and step.args.get("face") == "back"}
    assert {"Brightclimb Pathway", "Test Awakening"} <= faces
    failures = [f"game {k + 1}: {d}" for k, game in enumerate(games) if (d := replay(deck, game, on_play))]
    assert not failures, "\n".join(failures)


# ---- the curated cards (facts: the oracle corpus for the front faces, Forge's card scripts
# for the back faces) ----------------------------------------------------------------------------

@pytest.mark.parametrize("name,land,mana,life", [
    ("Emeria's Call", "Emeria, Shattered Skyclave", "W", 3),
    ("Sea Gate Restoration", "Sea Gate, Reborn", "U", 3),
    ("Agadeem's Awakening", "Agadeem, the Undercrypt", "B", 3),
    ("Shatterskull Smashing", "Shatterskull, the Hammer Pass", "R", 3),
    ("Turntimber Symbiosis", "Turntimber, Serpentine Wood", "G", 3),
    ("Fell the Profane", "Fell Mire", "B", 3),
    ("Valakut Awakening", "Valakut Stoneforge", "R", None),
    ("Skyclave Cleric", "Skyclave Basilica", "W", None),
])
def test_712_12_curated_spell_land_cards_play_as_their_land(name, land, mana, life):
    """Each is a spell in hand and its back face's land when played: "As this land enters, you
    may pay 3 life. If you don't, it enters tapped." (the mythic Zendikar Rising cycle, Modern
    Horizons 3), or "This land enters tapped." (Valakut Stoneforge, Skyclave Basilica)."""
    s = Scenario()
    assert not s.db[name].is_land and s.db[f"{name} // {land}"] is s.db[name]
    paid = s.play_land(name, pay_life=True)
    assert paid.name == land and s.could_produce(paid) == frozenset(mana)
    assert s.is_tapped(paid) == (life is None) and s.life() == 20 - (life or 0)
    assert s.is_tapped(s.play_land(name, pay_life=False))


def test_skyclave_cleric_is_cast_as_its_front_face():
    s = Scenario()
    s.add("Plains")
    s.add("Plains")
    cleric = s.cast("Skyclave Cleric")
    assert cleric.name == "Skyclave Cleric" and s.life() == 22 and s.toughness(cleric) == 3


def test_a_deck_of_basics_and_real_spell_land_cards_plays_them_as_lands():
    """17 Mountains, 4 Shatterskull Smashing, 39 one-drops: the cards are played as
    Shatterskull, the Hammer Pass (paying 3 life for it untapped while life is above 10),
    making {R} for the spells; P(a land on turn 1) is that of 21 lands in 60."""
    deck = Deck({"Mountain": 17, "Shatterskull Smashing": 4, RED_BEAR: 39})
    res = simulate(deck, games=40000, turns=2, seed=8, threads=2, mulligan=NEVER)
    est = res.lands_in_play(1)
    assert est.low <= 1 - comb(39, 7) / comb(60, 7) <= est.high
    text = trace(deck, games=80, turns=3, seed=8, mulligan=NEVER)
    assert "land Shatterskull, the Hammer Pass; mana 2; cast Test Red Bear (1); cast Test Red Bear (1)" in text

"""Modal double-faced cards with a land face (712): playing one as a land chooses a face that
is a land (712.12, 305.1); on the battlefield the permanent has that face's characteristics
(712.8f), everywhere else the card's front face's (712.8a). In a Scenario the caller chooses
the face (`play_land(face=...)`)."""
import pytest

from mtgsim import ArgumentError, RulesError, Scenario, card

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

"""Transforming double-faced cards (712, 701.27): "Transform ~" turns the permanent over to its
other face (the op transform), the same object with only that face's characteristics (712.8d-e,
712.18); "exile ~, then return it to the battlefield transformed" makes a new object with its back
face up (400.7, 712.14a); off the battlefield the card is its front face (712.8a); its back face is
never cast or played (712.2). Through Scenario, the recognizer on real cards' text, and the
goldfish's policy (it transforms a card to its back face when it can)."""
import pytest
from replay import replay, traced_games

from mtgsim import Deck, MulliganPolicy, RulesError, Scenario, card
from mtgsim.cards.database import card_from_table
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import recognize
from mtgsim.cards.recognize.clauses import RECOGNIZED
from mtgsim.simulate import trace

FOREST = "Forest"
HOWLER = {"name": "Test Howler", "type": "Creature — Werewolf", "pt": "4/4",
          "abilities": [{"kind": "trigger", "event": "self_enters", "draw": 1},
                        {"kind": "activated", "cost": "{0}", "sacrifice_self": True}]}
# "{2}{G}: Transform ~." on a 2/2 whose back face is a 4/4 with "When ~ enters, draw a card"
RECRUIT = card("Test Recruit", "{1}{G}", "Creature — Human Werewolf", "2/2", transforms=True, back=HOWLER,
               abilities=[{"kind": "activated", "cost": "{2}{G}", "transform": True}])
# "{G}: Exile ~, then return it to the battlefield transformed under its owner's control."
PARIAH = card("Test Pariah", "{1}{G}", "Creature — Cat", "1/2", transforms=True, back=HOWLER,
              abilities=[{"kind": "activated", "cost": "{G}", "transform": True, "returned": True}])
# a card with no other face, told to transform
PLAIN = card("Test Plain Changer", "{G}", "Creature — Human", "1/1",
             abilities=[{"kind": "activated", "cost": "{G}", "transform": True}])


def _board(c, lands=3, **kw):
    s = Scenario()
    s.add_to_library(FOREST)
    p = s.add(c, **kw)
    for _ in range(lands):
        s.add(FOREST)
    return s, p


def test_701_27a_transform_turns_the_permanent_over_to_its_back_face_the_same_object():
    """712.18: not a new object — its counters and tapped state stay, the handle still finds it;
    712.8e: it has only its back face's characteristics (a 4/4 Werewolf, +1/+1 counter on it)."""
    s, recruit = _board(RECRUIT, tapped=True, counters={"+1/+1": 1})
    assert (s.power(recruit), s.toughness(recruit)) == (3, 3)
    s.activate(recruit, 0)
    assert s.on_battlefield(recruit)
    assert (s.power(recruit), s.toughness(recruit)) == (5, 5)
    assert s.counters(recruit) == {"+1/+1": 1} and s.is_tapped(recruit)
    assert [p.name for p in s.battlefield() if p.object_id == recruit.object_id] == ["Test Howler"]


def test_712_18_no_enters_ability_triggers_as_a_permanent_transforms():
    """Its back face's "When ~ enters, draw a card" doesn't trigger: it didn't enter (603.6a)."""
    s, recruit = _board(RECRUIT)
    s.activate(recruit, 0)
    assert s.hand() == []


def test_712_14a_exiled_and_returned_transformed_it_is_a_new_object_whose_enters_abilities_trigger():
    """400.7: the returned permanent is a new object (the old handle is gone, its counters with
    it), back face up (712.14a), and its "When ~ enters" triggers (603.6a)."""
    s, pariah = _board(PARIAH, counters={"+1/+1": 2})
    s.activate(pariah, 0)
    assert not s.on_battlefield(pariah)
    howler, = [p for p in s.battlefield() if p.name == "Test Howler"]
    assert s.counters(howler) == {} and s.power(howler) == 4
    assert s.hand() == [FOREST]


def test_712_8a_a_transformed_card_leaving_the_battlefield_is_its_front_face():
    """Sacrificed as Test Howler, the card in the graveyard is Test Recruit."""
    s, recruit = _board(RECRUIT)
    s.activate(recruit, 0)
    howler, = [p for p in s.battlefield() if p.name == "Test Howler"]
    s.activate(howler, 0)
    assert s.graveyard() == ["Test Recruit"]


def test_701_27c_a_permanent_that_is_no_double_faced_card_told_to_transform_stays_as_it_is():
    s, plain = _board(PLAIN)
    s.activate(plain, 0)
    assert s.on_battlefield(plain) and s.power(plain) == 1
    assert [p.name for p in s.battlefield() if p.object_id == plain.object_id] == ["Test Plain Changer"]


def test_712_2_a_transforming_cards_back_face_is_never_played_as_a_land():
    """Its back face is no face to cast or play (only a modal double-faced card's is, 712.12)."""
    land_back = card("Test Rites", "{2}{G}", "Enchantment", transforms=True,
                     back={"name": "Test Itlimoc", "type": "Land",
                           "abilities": [{"kind": "mana", "cost": "{T}", "mana": "{G}"}]})
    s = Scenario()
    s.add_to_hand(land_back)
    with pytest.raises(RulesError, match="305.1"):
        s.play_land(land_back)
    with pytest.raises(Exception, match="712.12"):
        s.play_land(land_back, face="back")


def _read(front, back):
    faces = tuple(OracleFace(*f) for f in (front, back))
    rec = recognize(OracleCard(f"{faces[0].name} // {faces[1].name}", "transform", faces))
    return rec, card_from_table(rec.table)


def test_701_27a_the_transform_phrases_and_the_back_face_are_read():
    """"Transform ~." and Tamiyo's "exile ~, then return her to the battlefield transformed under
    her owner's control" are the op transform; the back face is read with the same recognizers
    into the card's `back`, which it transforms to (712.2)."""
    rec, c = _read(("Test Walker", "{1}{G}", "Creature — Human", "{2}{G}: Transform Test Walker. Activate only "
                    "as a sorcery.", "2", "2"),
                   ("Test Hulk", "", "Creature — Gamma", "Reach, trample", "6", "6"))
    assert all(cl.status == RECOGNIZED for cl in rec.clauses), rec.clauses
    assert c.transforms and c.back is not None and c.back.name == "Test Hulk" and c.back.power.base == 6
    assert c.modal_back is None
    assert [a.effect.value("transform") for a in c.abilities if a.effect.has("transform")] == [True]
    rec, c = _read(("Test Student", "{U}", "Legendary Creature — Moonfolk Wizard", "Flying\nWhenever Test "
                    "Student attacks, exile Test Student, then return her to the battlefield transformed under "
                    "her owner's control.", "0", "3"),
                   ("Test Scholar", "", "Legendary Creature — Moonfolk", "Flying", "2", "2"))
    assert all(cl.status == RECOGNIZED for cl in rec.clauses), rec.clauses
    effect = c.abilities[0].effect
    assert effect.value("transform") is True and effect.value("returned") is True


def test_701_27a_a_back_face_not_read_keeps_the_card_partly_read():
    rec, c = _read(("Test Walker", "{1}{G}", "Creature — Human", "{2}{G}: Transform Test Walker.", "2", "2"),
                   ("Test Hulk", "", "Creature — Gamma", "Whenever a creature you control is dealt damage, you "
                    "may have Test Hulk deal that much damage to any target.", "6", "6"))
    assert [cl.face for cl in rec.clauses if cl.status != RECOGNIZED] == ["Test Hulk"]
    assert c.back is not None and c.back.unmodeled


def test_701_27a_the_goldfish_transforms_a_card_to_its_back_face_and_not_back():
    """The policy (vocabulary `transform`, worth): a transform to the back face is worth its
    mana; the back face's transform back to the front is not. The traced games replay exactly
    through Scenario (the same object turned over, its name the back face's)."""
    back = {**HOWLER, "abilities": [{"kind": "activated", "cost": "{G}", "transform": True}]}
    both = card("Test Two-Way Recruit", "{1}{G}", "Creature — Human Werewolf", "2/2", transforms=True, back=back,
                abilities=[{"kind": "activated", "cost": "{G}", "transform": True}])
    deck = Deck({both: 20, FOREST: 20})
    text = trace(deck, games=3, turns=6, seed=3, mulligan=MulliganPolicy.never())
    assert "activate Test Two-Way Recruit" in text and "activate Test Howler" not in text
    games = traced_games(deck, games=8, turns=6, seed=2026, on_play=True)
    failures = [f"game {k + 1}: {d}" for k, game in enumerate(games) if (d := replay(deck, game, on_play=True))]
    assert not failures, "\n".join(failures)


def test_310_12_a_sieges_back_face_is_read_and_its_defeat_stays_unread():
    """A Siege is turned to its back face by being defeated and cast transformed (310.7, 310.12), which
    the simulator doesn't play: that stays unread, whatever its faces' text (never "fully" read)."""
    faces = (OracleFace("Test Invasion", "{2}{W}", "Battle — Siege", "When Test Invasion enters, you gain 4 life."),
             OracleFace("Test Faithkeeper", "", "Creature — Angel", "Flying", "4", "4"))
    rec = recognize(OracleCard("Test Invasion // Test Faithkeeper", "transform", faces))
    assert [(cl.face, cl.family) for cl in rec.clauses if cl.status != RECOGNIZED] == [
        ("Test Invasion", "battle defeated")]
    assert card_from_table(rec.table).back.name == "Test Faithkeeper"

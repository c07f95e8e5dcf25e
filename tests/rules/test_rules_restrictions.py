"""Spending restrictions (106.6): "Spend this mana only to ..." mana pays only for what its
restriction admits — the spells it names, or activated abilities of the permanents it names —
in the payment checks, the payment plans, the mana pool and the goldfish. 106.6a: mana a
replacement effect adds to a restricted ability's keeps the restriction; mana a triggered
mana ability adds is that ability's own, unrestricted."""
import pytest

from mtgsim import Deck, LimitError, RulesError, Scenario, card, card_db
from mtgsim.batch import BoardBatch, evaluate_boards
from mtgsim.compile import compile_cards
from mtgsim.simulate import MulliganPolicy, simulate

TEST_ELDRAZI = card("Test Eldrazi", "{2}", "Creature — Eldrazi", "2/2")
BIG_ELDRAZI = card("Test Big Eldrazi", "{3}", "Creature — Eldrazi", "3/3")
GREEN_ELDRAZI = card("Test Green Eldrazi", "{2}{G}", "Creature — Eldrazi", "3/3")
RELIC = card("Test Relic", "{2}", "Artifact")
TRINKET = card("Test Trinket", "{1}", "Artifact")
LEGEND = card("Test Legend", "{R}", "Legendary Creature — Human", "1/1")
SEVEN_DROP = card("Test Seven Drop", "{5}{G}{G}", "Creature — Beast", "7/7")


# A land with Cavern of Souls' coloured mana ability as the vocabulary says it (the type chosen:
# tests/rules/test_chosen_creature_type.py)
CAVERN = card("Test Cavern", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "mana", "cost": "{T}", "output": "any_color", "spend_only_on": "creature spells of the chosen type"}])

def test_106_6_a_lone_eldrazi_temple_cannot_cast_mind_stone():
    """Its {C}{C} may be spent only on colorless Eldrazi spells; its {C} alone can't pay {2}."""
    s = Scenario()
    s.add("Eldrazi Temple")
    assert not s.can_cast("Mind Stone") and not s.can_cast(RELIC)
    with pytest.raises(RulesError, match="601.2g"):
        s.cast("Mind Stone")


def test_106_6_a_lone_eldrazi_temple_casts_a_colorless_eldrazi_spell():
    s = Scenario()
    temple = s.add("Eldrazi Temple")
    assert s.can_cast(TEST_ELDRAZI)
    s.cast(TEST_ELDRAZI)
    assert s.is_tapped(temple) and s.pool() == {}
    assert "Test Eldrazi" in [p.name for p in s.battlefield()]


def test_106_6_eldrazi_temple_mana_pays_only_colorless_eldrazi_spells():
    """With a Forest: {3} of a colorless Eldrazi takes the Temple's {C}{C} and the Forest's
    {G}; a green Eldrazi ({2}{G}) is not colorless (202.2), so only {C} + {G} can pay for it."""
    s = Scenario()
    s.add("Eldrazi Temple")
    s.add("Forest")
    assert s.can_cast(BIG_ELDRAZI)
    assert not s.can_cast(GREEN_ELDRAZI)
    assert s.can_cast(card("Test Small Green Eldrazi", "{1}{G}", "Creature — Eldrazi", "2/2"))


def test_106_6_delighted_halfling_coloured_mana_pays_for_a_legendary_spell_not_lightning_bolt():
    s = Scenario()
    s.add("Delighted Halfling")
    assert s.can_cast(LEGEND)
    assert not s.can_cast("Lightning Bolt")
    with pytest.raises(RulesError, match="601.2g"):
        s.cast("Lightning Bolt")


def test_106_6_delighted_halfling_colourless_ability_still_pays_for_anything():
    s = Scenario()
    halfling = s.add("Delighted Halfling")
    assert s.can_cast(TRINKET)
    s.cast(TRINKET)
    assert s.is_tapped(halfling)


def test_106_6_castle_garenbrig_mana_pays_for_a_creature_spell_not_the_great_henge():
    """Castle, five Forests and Grizzly Bears (power 2): The Great Henge costs {5}{G}{G} (7) and
    so does the creature. Unrestricted, the lands make 6; with the Castle's six {G} (paid by
    four Forests) they make 7, which may pay for the creature but not for the artifact."""
    s = Scenario()
    s.add("Castle Garenbrig")
    for _ in range(5):
        s.add("Forest")
    s.add("Grizzly Bears")
    assert str(s.total_cost("The Great Henge")) == "{5}{G}{G}"
    assert s.can_cast(SEVEN_DROP)
    assert not s.can_cast("The Great Henge")
    with pytest.raises(RulesError, match="601.2g"):
        s.cast("The Great Henge")
    s.cast(SEVEN_DROP)
    assert s.pool() == {} and s.restricted_pool() == []


ADAPTING_DRUID = card("Test Adapting Druid", "{1}{G}", "Creature — Elf Druid", "0/2", abilities=[
    {"kind": "mana", "cost": "{T}", "output": "any_type", "could_produce": "you"},
    {"kind": "activated", "cost": "{3}{G}{G}", "counters": {"+1/+1": 3}}])


def test_106_6_castle_garenbrig_mana_pays_for_an_activated_ability_of_a_creature():
    """In the pool, the six {G} pay a creature's {3}{G}{G} ability (Incubation Druid's adapt,
    without its condition: the shipped Druid leaves that ability out)."""
    s = Scenario()
    castle = s.add("Castle Garenbrig")
    for _ in range(4):
        s.add("Forest")
    druid = s.add(ADAPTING_DRUID, entered_this_turn=True)         # (summoning sick: makes no mana)
    assert s.tap_for_mana(castle, 1) == {"G": 6}
    assert s.restricted_pool() == [("creature spells or abilities of creatures", {"G": 6})]
    s.activate(druid)
    assert s.counters(druid) == {"+1/+1": 3}
    assert s.pool() == {"G": 1}
    assert s.restricted_pool() == [("creature spells or abilities of creatures", {"G": 1})]


@pytest.mark.parametrize("name, index", [("Myriad Landscape", 0), ("Mind Stone", 0)])
def test_106_6_castle_garenbrig_mana_does_not_pay_for_an_ability_of_a_land_or_an_artifact(name, index):
    """Myriad Landscape's {2}, {T}, Sacrifice and Mind Stone's {1}, {T}, Sacrifice are abilities
    of a land and of an artifact, not of a creature; their own {T} can't make mana for them."""
    s = Scenario()
    castle = s.add("Castle Garenbrig")
    for _ in range(4):
        s.add("Forest")
    source = s.add(name)
    s.tap_for_mana(castle, 1)
    with pytest.raises(RulesError, match="601.2g"):
        s.activate(source, index)
    assert s.on_battlefield(source) and s.pool() == {"G": 6}


def test_106_6_restricted_mana_in_the_pool_stays_restricted_from_tap_for_mana_to_cast():
    """Eldrazi Temple's {C}{C}, once in the pool, still can't pay for Mind Stone; a Wastes' {C}
    pays for an artifact and leaves the restricted {C}{C}, which then pays for an Eldrazi."""
    s = Scenario()
    temple, wastes = s.add("Eldrazi Temple"), s.add("Wastes")
    assert s.tap_for_mana(temple, 1) == {"C": 2}
    assert s.pool() == {"C": 2}
    assert s.restricted_pool() == [("colorless Eldrazi spells or abilities of colorless Eldrazi", {"C": 2})]
    assert not s.can_cast("Mind Stone")
    with pytest.raises(RulesError, match="601.2g"):
        s.cast("Mind Stone")
    assert s.pool() == {"C": 2} and not s.is_tapped(wastes)      # the failed cast changed nothing
    s.cast(TRINKET)                                              # the Wastes' unrestricted {C}
    assert s.is_tapped(wastes) and s.pool() == {"C": 2}
    s.cast(TEST_ELDRAZI)                                         # the restricted {C}{C}
    assert s.pool() == {} and s.restricted_pool() == []


def test_106_6_unrestricted_mana_in_the_pool_pays_for_anything_restricted_mana_too():
    s = Scenario()
    temple = s.add("Eldrazi Temple")
    s.tap_for_mana(temple, 1)
    s._info[0]["pool"][0][5] = 1             # an unrestricted {C} floating
    assert s.can_cast(BIG_ELDRAZI)           # {C}{C} restricted + {C}
    assert s.can_cast(TRINKET) and not s.can_cast(RELIC)


def test_106_6a_replacement_effects_extra_mana_keeps_the_restriction():
    """Mana Reflection doubles the Temple's {C}{C}: all four {C} are restricted."""
    s = Scenario()
    temple = s.add("Eldrazi Temple")
    s.add("Mana Reflection")
    assert s.tap_for_mana(temple, 1) == {"C": 4}
    assert s.restricted_pool() == [("colorless Eldrazi spells or abilities of colorless Eldrazi", {"C": 4})]
    assert not s.can_cast(TRINKET)


def test_106_6a_a_triggered_mana_abilitys_mana_is_unrestricted():
    """Heartbeat of Spring adds one more {C} as the Temple is tapped: that mana is the
    trigger's own (106.12a), so it pays for an artifact; the Temple's {C}{C} doesn't."""
    s = Scenario()
    temple = s.add("Eldrazi Temple")
    s.add("Heartbeat of Spring")
    assert s.tap_for_mana(temple, 1) == {"C": 3}
    assert s.restricted_pool() == [("colorless Eldrazi spells or abilities of colorless Eldrazi", {"C": 2})]
    assert s.can_cast(TRINKET) and not s.can_cast(RELIC)


def test_106_6_a_plan_taps_the_restricted_ability_only_where_it_may_pay():
    """Eldrazi Temple and a Wastes, {3} of a colorless Eldrazi: the plan uses the Temple's
    restricted {C}{C}; for a {2} artifact it uses both {C} abilities, none restricted."""
    s = Scenario()
    temple, wastes = s.add("Eldrazi Temple"), s.add("Wastes")
    s.cast(BIG_ELDRAZI)
    assert s.is_tapped(temple) and s.is_tapped(wastes) and s.pool() == {}
    s2 = Scenario()
    temple, wastes = s2.add("Eldrazi Temple"), s2.add("Wastes")
    s2.cast(RELIC)
    assert s2.is_tapped(temple) and s2.is_tapped(wastes) and s2.pool() == {}


def test_106_6_evaluate_boards_castable_honours_restrictions_and_mana_counts_all():
    """The batch kernel: a lone Eldrazi Temple can't pay for Mind Stone, can for a colorless
    Eldrazi; the most mana it reports is all the mana the board makes (2, restricted too)."""
    tables = compile_cards(card_db().resolve(["Eldrazi Temple", "Mind Stone", TEST_ELDRAZI]))
    batch = BoardBatch(tables, 1)
    batch.put(0, "Eldrazi Temple")
    stone = evaluate_boards(batch, "Mind Stone")
    eldrazi = evaluate_boards(batch, TEST_ELDRAZI)
    assert not stone.castable[0] and eldrazi.castable[0]
    assert stone.mana[0].tolist() == [0, 0, 0, 0, 0, 2, 2]


def test_106_6_the_goldfish_no_longer_casts_the_great_henge_with_castle_garenbrigs_mana():
    """60 Castle Garenbrig, on the play, no mulligans: every game is the same. No Forest ever,
    so each Castle enters tapped: on turn t, after the land drop, k = t - 1 Castles are
    untapped. Each activation of the six-{G} ability needs {2}{G}{G} of unrestricted mana
    (restricted mana may pay abilities of creatures, and a Castle is a land), so with a
    activations the k - a others must pay 4a: a <= k // 5, making k + a mana in all, only k
    of it unrestricted. The Great Henge (no creatures: {7}{G}{G}) needs 9 unrestricted: turn
    10 (k = 9). A 9-mana creature may take the restricted {G}: k + k // 5 >= 9 at k = 8, turn
    9. Ignoring the restriction (a Castle's mana paying the next Castle), 2k - 4 >= 9 would
    have cast the Henge from turn 8."""
    creature = card("Test Nine Drop", "{7}{G}{G}", "Creature — Beast", "9/9")
    res = simulate(Deck({"Castle Garenbrig": 60}), games=3, turns=10, on_play=True, seed=1,
                   mulligan=MulliganPolicy.never(), track=["The Great Henge", creature], threads=1)
    henge = [res.p_castable("The Great Henge", t).value for t in range(1, 11)]
    nine = [res.p_castable(creature, t).value for t in range(1, 11)]
    assert henge == [0.0] * 9 + [1.0]
    assert nine == [0.0] * 8 + [1.0, 1.0]
    # the most mana available (all of it counts: a report), k + k // 5
    assert [res.mana_available(t).value for t in range(1, 11)] == [k + k // 5 for k in range(10)]


def test_106_6_a_batch_with_bad_restricted_pool_entries_is_refused_naming_them():
    tables = compile_cards(card_db().resolve(["Eldrazi Temple", "Mind Stone"]))
    batch = BoardBatch(tables, 2)
    batch.put(0, "Eldrazi Temple")
    batch.info[1]["n_restricted"][0] = 1
    batch.info[1]["restricted_row"][0][0] = 7                 # no such row
    with pytest.raises(ValueError, match="board 1: a restricted pool entry's restricted_row"):
        evaluate_boards(batch, "Mind Stone")
    batch.info[1]["n_restricted"][0] = 5
    with pytest.raises(ValueError, match="board 1: at most 4 restricted pool entries"):
        evaluate_boards(batch, "Mind Stone")
    batch.info[1]["n_restricted"][0] = 1
    batch.info[1]["restricted_row"][0][0] = 0
    batch.info[1]["restricted"][0][0] = [0, 0, 0, 0, 0, 2]   # the Temple's {C}{C}, restricted
    res = evaluate_boards(batch, "Mind Stone")
    assert not res.castable[1] and res.mana[1].tolist() == [0, 0, 0, 0, 0, 2, 2]


def test_106_6_the_pool_refuses_restricted_mana_past_its_limits_changing_nothing():
    """Four restricted entries a player at most (the core's limit, checked as mana enters):
    with Eldrazi Temple's, Castle Garenbrig's, Delighted Halfling's and Test Cavern's (Cavern of Souls') mana
    in the pool, a fifth restriction's mana is refused and nothing changes."""
    shrine = card("Test Shrine", "", "Land", abilities=[{"kind": "mana", "cost": "{T}", "mana": "{C}{C}",
                                                        "spend_only_on": "artifact spells"}])
    s = Scenario()
    for _ in range(4):
        s.add("Forest")
    for name, ability in (("Eldrazi Temple", 1), ("Castle Garenbrig", 1), ("Delighted Halfling", 1),
                          (CAVERN, 1)):
        s.tap_for_mana(s.add(name), ability, color="G" if name != "Eldrazi Temple" else None)
    assert len(s.restricted_pool()) == 4
    before = s.pool()
    source = s.add(shrine)
    with pytest.raises(LimitError, match=r"restricted mana \(106.6\) of more than 4 restrictions"):
        s.tap_for_mana(source)
    assert not s.is_tapped(source) and s.pool() == before and len(s.restricted_pool()) == 4


PILLAR = card("Test Pillar", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "output": "any_color", "spend_only_on": "multicolored spells"}])
NONCREATURE = card("Test Noncreature Mana", "{1}", "Artifact", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{R}", "spend_only_on": "noncreature spells"}])
GROUNDS = card("Test Grounds", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "options": ["{R}", "{W}", "{B}"], "spend_only_on": "Knight or Equipment spells"}])
OPTIMIZER = card("Test Optimizer", "{1}", "Artifact", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{U}", "spend_only_on": "artifact spells or abilities"}])
GOLD = card("Test Gold", "{R}{G}", "Sorcery")
KNIGHT = card("Test Knight", "{W}", "Creature — Human Knight", "1/1")
EQUIPMENT = card("Test Sword", "{1}", "Artifact — Equipment")
CAT = card("Test Cat", "{W}", "Creature — Cat", "1/1")
PINGER = card("Test Pinger", "{0}", "Creature — Goblin", "1/1", abilities=[
    {"kind": "activated", "cost": "{U}", "damage_to_opponent": 1}])


def test_106_6_multicolored_spells_only_two_colours_or_more():
    """106.6, 105.2b: "Spend this mana only to cast a multicolored spell" (Pillar of the Paruns)
    pays for a spell of two or more colours, not a monocoloured or colourless one."""
    s = Scenario()
    s.add(PILLAR)
    s.add("Forest")
    assert s.can_cast(GOLD)
    assert not s.can_cast(card("Test Mono", "{1}{G}", "Sorcery"))
    assert not s.can_cast(card("Test Colorless", "{2}", "Artifact"))


def test_106_6_noncreature_spells_only():
    s = Scenario()
    s.add(NONCREATURE)
    assert s.can_cast(card("Test Shock", "{R}", "Instant"))
    assert not s.can_cast(card("Test Goblin", "{R}", "Creature — Goblin", "1/1"))


def test_106_6_subtypes_joined_by_or():
    """"A Knight or Equipment spell" (Tournament Grounds): either subtype passes."""
    s = Scenario()
    s.add(GROUNDS)
    assert s.can_cast(KNIGHT) and s.can_cast(EQUIPMENT) and not s.can_cast(CAT)


def test_106_6_abilities_of_any_permanent():
    """"... or activate an ability" (Guidelight Optimizer): the mana pays for an activated
    ability of any permanent, and for artifact spells, nothing else."""
    s = Scenario()
    s.add(OPTIMIZER)
    pinger = s.add(PINGER)
    assert not s.can_cast(card("Test Blue", "{U}", "Sorcery"))
    s.activate(pinger)
    assert s.life("opponent") == 19


@pytest.mark.parametrize("phrase, message", [
    ("artifact or Equipment spells", "'or' joins card types, or subtypes, not both"),
    ("abilities of multicolored creatures", "not a word of the spending-restriction vocabulary"),
    ("instant or spells", "not a word|ends a list"),
])
def test_106_6_phrases_outside_the_vocabulary_are_refused(phrase, message):
    from mtgsim import CardDataError
    with pytest.raises(CardDataError, match=message):
        card("Test Odd", "", "Land", abilities=[
            {"kind": "mana", "cost": "{T}", "mana": "{C}", "spend_only_on": phrase}])

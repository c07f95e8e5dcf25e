"""Prowess and "whenever you cast a noncreature spell, ~ gets +N/+N until end of turn": the cast trigger's
"noncreature spell" filter (`spell_not_types`, 601.2i, 603.2), the op `power_bonus` (613.4c: an effect
modifying power and toughness, until end of turn: it ends in the cleanup step, 514.2) and the keyword read
as the triggered ability it stands for (702.108a; 702.108b: each instance triggers), through Scenario;
and the recognizer's reading of them (Monastery Swiftspear, Slickshot Show-Off, Dragon's Rage Channeler,
a token "with prowess")."""
import re

import pytest

from mtgsim import CardDataError, Scenario, card
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import recognize

SWIFTSPEAR = "Monastery Swiftspear"          # (the shipped card: 1/2, haste, prowess)
SHOCK = card("Test Shock", "{0}", "Instant", abilities=[{"kind": "spell", "damage_to_opponent": 2}])
TRINKET = card("Test Trinket", "{0}", "Artifact")
BEAR = card("Test Bear", "{0}", "Creature — Bear", "2/2")
GOLEM = card("Test Golem", "{0}", "Artifact Creature — Golem", "1/1")
SHOW_OFF = card("Test Show-Off", "{1}{R}", "Creature — Bird Wizard", "1/2", abilities=[
    {"kind": "trigger", "event": "you_cast_spell", "spell_not_types": ["Creature"], "power_bonus": 2}])


def _with_swiftspear(**kw):
    s = Scenario()
    return s, s.add(SWIFTSPEAR, **kw)


def test_702_108a_prowess_a_noncreature_spell_makes_swiftspear_attack_for_two():
    """702.108a: cast a noncreature spell with Monastery Swiftspear on the battlefield: it gets +1/+1 until end
    of turn, and attacks for 2 (the opponent at 20 - 2 from the spell - 2)."""
    s, spear = _with_swiftspear()
    s.cast(SHOCK)
    assert (s.power(spear), s.toughness(spear)) == (2, 3)
    assert s.attack() == 2
    assert s.life(player="opponent") == 16


def test_603_2_prowess_triggers_once_for_each_noncreature_spell():
    """603.2: each spell cast is an event that triggers it: two spells, +2/+2, an attack for 3."""
    s, spear = _with_swiftspear()
    s.cast(SHOCK)
    s.cast(TRINKET)
    assert (s.power(spear), s.toughness(spear)) == (3, 4)
    assert s.attack() == 3


def test_601_2i_you_cast_spell_a_creature_spell_does_not_trigger_prowess():
    """"Noncreature spell" (spell_not_types): a creature spell (an artifact creature too) doesn't trigger it, nor
    an opponent's noncreature spell ("whenever you cast")."""
    s, spear = _with_swiftspear()
    s.cast(BEAR)
    s.cast(GOLEM)
    s.cast(SHOCK, player="opponent")
    assert s.power(spear) == 1
    assert s.attack([spear]) == 1


def test_514_2_the_bonus_ends_in_the_cleanup_step():
    """514.2: "until end of turn" effects end in the cleanup step: pumped to 2/3, Swiftspear is a 1/2 the next
    turn, and the turn after (its own)."""
    s, spear = _with_swiftspear()
    s.cast(SHOCK)
    assert s.power(spear) == 2
    s.next_turn()
    assert (s.power(spear), s.toughness(spear)) == (1, 2)
    s.next_turn()
    assert s.power(spear) == 1
    assert s.attack() == 1


def test_613_4c_the_bonus_adds_to_base_and_counters():
    """613.4c: the bonus applies with +1/+1 counters (613.4c's layer too) to the base 1/2: a counter and two
    spells make a 4/5; "+2/+0" (Slickshot Show-Off's) changes power only."""
    s, spear = _with_swiftspear(counters={"+1/+1": 1})
    s.cast(SHOCK)
    s.cast(SHOCK)
    assert (s.power(spear), s.toughness(spear)) == (4, 5)
    show_off = s.add(SHOW_OFF)
    s.cast(TRINKET)
    assert (s.power(show_off), s.toughness(show_off)) == (3, 2)


def test_702_108b_each_instance_of_prowess_triggers():
    """702.108b: a creature with two instances of prowess gets +2/+2 for each noncreature spell."""
    twice = card("Test Twice Prowess", "{R}", "Creature — Monk", "1/1", keywords=["Prowess", "Prowess"])
    s = Scenario()
    monk = s.add(twice)
    s.cast(SHOCK)
    assert (s.power(monk), s.toughness(monk)) == (3, 3)


def test_707_2_a_token_copy_does_not_copy_the_bonus():
    """707.2: a copy copies the copiable values only: a token copy of a pumped Swiftspear is a 1/2 (400.7: a new
    object), and it has prowess of its own."""
    s, spear = _with_swiftspear()
    s.cast(SHOCK)
    copy = s.create_token_copy(spear)
    assert (s.power(spear), s.power(copy)) == (2, 1)
    s.cast(SHOCK)
    assert (s.power(spear), s.power(copy)) == (3, 2)


def test_702_108a_prowess_is_read_as_its_ability_not_reported_unsimulated():
    """The keyword stands for its triggered ability (702.1): the card's abilities have it, derived once per
    instance (written again, as a copy of the record would be, not twice), and no "not simulated" note."""
    spear = card("Test Spear", "{R}", "Creature — Human Monk", "1/2", keywords=["Haste", "Prowess"])
    assert len(spear.abilities) == 1 and spear.unmodeled == ""
    (t,) = spear.abilities
    assert (t.event.value, t.spell_not_types, t.effect.value("power_bonus"), t.effect.value("toughness_bonus")) == (
        "you_cast_spell", ("Creature",), 1, 1)
    again = card("Test Spear", "{R}", "Creature — Human Monk", "1/2", keywords=["Prowess"],
                 abilities=[{"kind": "trigger", "event": "you_cast_spell", "spell_not_types": ["Creature"],
                             "power_bonus": 1, "toughness_bonus": 1}])
    assert again.abilities == spear.abilities


def test_613_4c_the_loader_refuses_what_the_vocabulary_does_not_say():
    """A bonus past its bound, a spell filter that is no card type, or on an event that isn't a cast: a
    CardDataError naming what is wrong."""
    with pytest.raises(CardDataError, match="toughness_bonus must be 0..99"):
        card("Test Giant", "{R}", "Creature — Giant", "1/1", abilities=[
            {"kind": "trigger", "event": "you_cast_spell", "power_bonus": 1, "toughness_bonus": 100}])
    with pytest.raises(CardDataError, match="'Goblin' is not a card type"):
        card("Test Giant", "{R}", "Creature — Giant", "1/1", abilities=[
            {"kind": "trigger", "event": "you_cast_spell", "spell_not_types": ["Goblin"], "power_bonus": 1}])
    with pytest.raises(CardDataError, match="event = \"you_cast_spell\""):
        card("Test Giant", "{R}", "Creature — Giant", "1/1", abilities=[
            {"kind": "trigger", "event": "self_attacks", "spell_not_types": ["Creature"], "power_bonus": 1}])


# ---- the recognizer ---------------------------------------------------------------------------------------

def _read(name, type_line, text, pt="1/1", keywords=()):
    p, t = pt.split("/")
    return recognize(OracleCard(name, "normal", (OracleFace(name, "", type_line, text, p, t),), tuple(keywords)))


def test_702_108a_the_recognizer_reads_prowess_and_the_noncreature_cast_trigger():
    """Swiftspear's "Prowess" (its reminder text aside) is read as the keyword, so its ability; Slickshot Show-Off's
    "Whenever you cast a noncreature spell, this creature gets +2/+0 until end of turn" as that trigger (its
    plot read too, 702.170a: tests/rules/test_plot.py); Dragon's Rage Channeler's surveil on a noncreature
    spell (its delirium left unread)."""
    rec = _read(SWIFTSPEAR, "Creature — Human Monk", "Haste\nProwess (Whenever you cast a noncreature spell, this "
                "creature gets +1/+1 until end of turn.)", "1/2", ["Haste", "Prowess"])
    assert rec.bucket == "fully", rec.unrecognized
    assert rec.table["keywords"] == ["Haste", "Prowess"]
    rec = _read("Slickshot Show-Off", "Creature — Bird Wizard", "Flying, haste\nWhenever you cast a noncreature "
                "spell, this creature gets +2/+0 until end of turn.\nPlot {1}{R} (You may pay {1}{R} and exile this "
                "card from your hand. Cast it as a sorcery on a later turn without paying its mana cost. Plot only "
                "as a sorcery.)", "1/2", ["Flying", "Haste", "Plot"])
    assert rec.table["abilities"] == [{"kind": "trigger", "event": "you_cast_spell", "power_bonus": 2,
                                       "toughness_bonus": 0, "spell_not_types": ["Creature"]}]
    assert rec.unrecognized == [] and rec.table["plot"] == "{1}{R}"
    rec = _read("Dragon's Rage Channeler", "Creature — Human Shaman", "Whenever you cast a noncreature spell, "
                "surveil 1. (Look at the top card of your library. You may put that card into your graveyard.)\n"
                "Delirium — As long as there are four or more card types among cards in your graveyard, this "
                "creature gets +2/+2, has flying, and attacks each combat if able.", "1/1", ["Delirium", "Surveil"])
    assert rec.table["abilities"] == [{"kind": "trigger", "event": "you_cast_spell", "surveil": 1,
                                       "spell_not_types": ["Creature"]}]
    assert rec.bucket == "partly"


def test_702_108a_a_token_with_prowess_is_read_with_its_ability():
    """Stormchaser's Talent's Otter, "a 1/1 blue and red Otter creature token with prowess": the token's card
    has the keyword, so prowess's ability."""
    rec = _read("Test Otter Maker", "Enchantment", "When this enchantment enters, create a 1/1 blue and red Otter "
                "creature token with prowess.")
    assert rec.bucket == "fully", rec.unrecognized
    (token,) = rec.tokens.values()
    assert token["keywords"] == ["Prowess"]
    otter = card(**{k: v for k, v in token.items() if k not in ("text",)})
    assert otter.abilities and otter.abilities[0].spell_not_types == ("Creature",)


def test_613_4c_the_recognizer_leaves_other_pumps_unread():
    """What the op doesn't say stays unread, never free: a target ("target creature gets"), a +0/+N, a
    -N/-N, and a bonus on this card from an instant."""
    for text in ("Whenever you cast a noncreature spell, target creature you control gets +1/+1 until end of turn.",
                 "Whenever you cast a noncreature spell, this creature gets +0/+2 until end of turn.",
                 "Whenever you cast a noncreature spell, this creature gets -1/-1 until end of turn."):
        assert _read("Test Pumped", "Creature — Human", text).bucket == "unknown", text
    assert _read("Test Giant Growth", "Instant", "Target creature gets +3/+3 until end of turn.").bucket == "unknown"
    rec = _read("Shivan Dragon", "Creature — Dragon", "Flying\n{R}: This creature gets +1/+0 until end of turn.", "5/5",
                ["Flying"])       # (an activated pump: the goldfish has no policy for activating one yet)
    assert rec.unrecognized == ["{R}: Shivan Dragon gets +1/+0 until end of turn."]


# ---- the goldfish ------------------------------------------------------------------------------------------

def test_514_2_the_goldfishs_attacks_are_its_monks_and_the_spells_cast_after_them_this_turn():
    """The goldfish plays the rules Scenario does: a deck of free hasty 1/1 prowess Monks and free spells (no
    damage of their own) attacks each turn for its Monks' power, 1 each, plus, for each spell, 1 for each
    Monk on the battlefield as it was cast this turn (702.108a) -- never a bonus of an earlier turn (514.2).
    Worked out from the order of the casts each traced turn shows."""
    from mtgsim import Deck, MulliganPolicy
    from mtgsim.simulate import trace
    monk = card("Test Hasty Monk", "{0}", "Creature — Human Monk", "1/1", keywords=["Haste", "Prowess"])
    spark = card("Test Spark", "{0}", "Sorcery", abilities=[{"kind": "spell", "gain_life": 1}])
    text = trace(Deck({monk: 30, spark: 30}), games=6, turns=6, seed=7, mulligan=MulliganPolicy.never())
    checked = 0
    for game in text.split("game ")[1:]:
        monks = 0
        for line in (x for x in game.splitlines() if x.strip().startswith("turn")):
            pumps = 0
            for name in re.findall(r"cast (Test Hasty Monk|Test Spark)", line):
                if name == "Test Spark":
                    pumps += monks
                else:
                    monks += 1
            assert int(re.search(r"attack (\d+)", line)[1]) == monks + pumps, line
            checked += pumps
    assert checked > 0                  # (some spell was cast with a Monk out)

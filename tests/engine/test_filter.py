"""The one filter of "permanents (or cards) like X" (the FILTER table) and its one count
(`filter_count`): every rule that asks "you control N permanents like X" reads it — conditions
on activating (602.5), restrictions on attacking (508.1c), lands entering tapped unless you
control one of a land type (614.1c, 305.7), and counts of permanents (208.2, "for each"). Here
the kernel's filter is checked against a slow, obviously correct evaluation in Python on random
boards, part by part; the rules that read it are tested by their own files."""
import dataclasses
import re

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from mtgsim import Scenario, _core, card, schema
from mtgsim.cards.model import CARD_TYPES, SUPERTYPES
from mtgsim.compile import compile_cards
from mtgsim.mana import color_order

PF_PHASED_OUT = int(schema.PermanentFlag.PF_PHASED_OUT)
WHO_YOU, WHO_OPPONENTS, WHO_ANY = (int(schema.Who.WHO_YOU), int(schema.Who.WHO_OPPONENTS),
                                   int(schema.Who.WHO_ANY))
TYPE_BIT = {t: int(getattr(schema.CardTypeBit, "CT_" + t.upper())) for t in CARD_TYPES}
SUPERTYPE_BIT = {t: int(getattr(schema.SupertypeBit, "ST_" + t.upper())) for t in SUPERTYPES}
COLOR_BIT = {c: int(getattr(schema.ManaTypeBit, "MT_" + c)) for c in "WUBRG"}

# A pool of cards with every part a filter reads: types, supertypes, colours, subtypes, power
# and toughness (a * one among them); the lord's count gives the creature types their bits.
POOL = [
    card("Test Basic Forest", "", "Basic Land — Forest"),
    card("Test Snow Island", "", "Basic Snow Land — Island"),
    card("Test Dual", "", "Land — Swamp Mountain"),
    card("Test Legendary Land", "", "Legendary Land"),
    card("Test Elf", "{G}", "Creature — Elf Druid", "1/1"),
    card("Test Goblin", "{R}", "Creature — Goblin", "2/1"),
    card("Test Dragon", "{4}{R}{R}", "Legendary Creature — Dragon", "6/6"),
    card("Test Gold Elf", "{G}{W}", "Creature — Elf Warrior", "2/3"),
    card("Test Golem", "{3}", "Artifact Creature — Golem", "3/3"),
    card("Test Zombie", "{B}", "Creature — Zombie", "0/4"),
    card("Test Rock", "{2}", "Artifact"),
    card("Test Trinket", "{0}", "Artifact"),
    card("Test X Trinket", "{X}", "Artifact"),
    card("Test Aura", "{W}", "Enchantment"),
    card("Test Walker", "{2}{U}{U}", "Legendary Planeswalker — Jace"),
    card("Test Spirit Elf", "{1}{B}", "Enchantment Creature — Elf Spirit", "1/3"),
    card("Test Lord", "{1}{G}", "Creature — Elf", "*/*", star={"count": "permanents", "subtypes": ["Elf"]},
         abilities=[{"kind": "mana", "cost": "{T}", "mana": "{G}",
                     "amount": {"count": "permanents",
                                "subtypes": ["Elf", "Goblin", "Dragon", "Zombie", "Golem", "Jace", "Spirit"]}}]),
]
TABLES = compile_cards(POOL)
PARTS = ("who", "other", "types", "not_types", "supertypes", "colors", "subtypes", "min_power", "max_power",
         "min_toughness", "max_toughness", "same_name", "cost_below", "mana_value_below")


def bits(names, table):
    return sum(table[n] for n in set(names))


@st.composite
def filters(draw):
    """A FILTER row of random parts, each absent three times in four (as in real rules: one
    or two parts given), so that counts are seldom 0."""
    def part(strategy, none):
        return draw(strategy) if draw(st.integers(0, 3)) == 0 else none

    def some(table):
        return part(st.sets(st.sampled_from(sorted(table)), min_size=1, max_size=2).map(lambda s: bits(s, table)), 0)
    f = {"who": draw(st.sampled_from((WHO_YOU, WHO_OPPONENTS, WHO_ANY))), "other": draw(st.booleans()),
         "types": some(TYPE_BIT), "not_types": some(TYPE_BIT),
         "supertypes": some(SUPERTYPE_BIT), "colors": some(COLOR_BIT),
         "subtypes": part(st.sets(st.integers(0, len(TABLES.subtypes) - 1), min_size=1, max_size=2).map(
             lambda ks: sum(1 << k for k in ks)), 0),
         "min_power": part(st.integers(-2, 7), -32768), "max_power": part(st.integers(-2, 7), 32767),
         "min_toughness": part(st.integers(-2, 7), -32768), "max_toughness": part(st.integers(-2, 7), 32767),
         "same_name": draw(st.booleans()), "cost_below": part(st.integers(1, 4), 0),
         "mana_value_below": part(st.integers(1, 5), 0)}
    assert tuple(f) == PARTS
    return f


@st.composite
def boards(draw):
    """Random permanents of the pool: controllers, phased out or not, counters and bonuses."""
    n = draw(st.integers(0, 24))
    perms = schema.empty("permanent", max(n, 1))
    for i in range(n):
        p = perms[i]
        p["card"] = draw(st.integers(0, len(TABLES.cards) - 1))
        p["object_id"] = i + 1
        p["controller"] = p["owner"] = draw(st.integers(0, 1))
        p["flags"] = PF_PHASED_OUT if draw(st.integers(0, 9)) == 0 else 0
        p["counters"][int(schema.CounterKind.CK_P1P1)] = draw(st.integers(0, 2))
        p["counters"][int(schema.CounterKind.CK_M1M1)] = draw(st.integers(0, 2))
        p["power_bonus"] = draw(st.integers(-2, 2))
        p["toughness_bonus"] = draw(st.integers(-2, 2))
    info = np.zeros(1, dtype=schema.DTYPES["board_info"])
    info[0]["turn"] = 3
    return perms, n, info


FIRST = len(TABLES.filters)      # (the pool's own rows first: its counts read them)


def core_with(*rows):
    """The pool's compiled tables with these FILTER rows after its own (from FIRST on), held
    for the kernels."""
    table = schema.empty("filter", FIRST + len(rows))      # (of the record's dtype, padding and all)
    table[:FIRST] = TABLES.filters
    for k, f in enumerate(rows):
        for name, v in f.items():
            table[FIRST + k][name] = v
    return _core.CoreTables(dataclasses.replace(TABLES, filters=table))


def card_passes(f, row):
    """The card's own characteristics, read off its CardDef by name: every part given holds."""
    d = TABLES.defs[row]
    want = {t for t, b in TYPE_BIT.items() if f["types"] & b}
    refused = {t for t, b in TYPE_BIT.items() if f["not_types"] & b}
    supers = {t for t, b in SUPERTYPE_BIT.items() if f["supertypes"] & b}
    colors = {c for c, b in COLOR_BIT.items() if f["colors"] & b}
    subtypes = {s for k, s in enumerate(TABLES.subtypes) if f["subtypes"] >> k & 1}
    return ((not want or bool(want & set(d.types))) and not refused & set(d.types)
            and (not supers or bool(supers & set(d.supertypes)))
            and (not colors or bool(colors & set(color_order(d.colors))))
            and (not subtypes or bool(subtypes & set(d.subtypes)))
            and (not f["cost_below"] or ((m := re.fullmatch(r"\{(\d+)\}", str(d.cost or ""))) is not None
                                         and int(m[1]) < f["cost_below"]))   # (202.1: generic mana only)
            and (not f["mana_value_below"] or d.mana_value < f["mana_value_below"]))      # (202.3)


def permanent_passes(core, f, perms, n, info, i, source, who):
    p = perms[i]
    if p["flags"] & PF_PHASED_OUT or (f["other"] and i == source):     # 702.26b
        return False
    if (f["who"] == WHO_YOU and p["controller"] != who) or (f["who"] == WHO_OPPONENTS and p["controller"] == who):
        return False
    power, toughness = _core.board_power_toughness(core, perms, n, info, i)     # (613: as they are now)
    return (card_passes(f, int(p["card"])) and f["min_power"] <= power <= f["max_power"]
            and f["min_toughness"] <= toughness <= f["max_toughness"])


def slow_count(core, f, perms, n, info, source, who):
    passing = [i for i in range(n) if permanent_passes(core, f, perms, n, info, i, source, who)]
    if not f["same_name"]:
        return len(passing)
    names = [int(perms[i]["card"]) for i in passing]
    return max((names.count(c) for c in names), default=0)


@settings(max_examples=300, deadline=None)
@given(filters(), boards(), st.integers(-1, 23), st.integers(0, 1))
def test_208_2_602_5_508_1c_the_count_is_the_slow_count(f, board, source, who):
    """filter_count, the one count of "you control N permanents like X" (602.5 conditions,
    508.1c attack restrictions, 614.1c lands entering tapped, 208.2 counts), is the number of
    permanents a slow reading of every part passes: whose, other than the source, types and
    not-types, supertypes, colours, subtypes, power and toughness ranges, the most of one name."""
    perms, n, info = board
    source = source if source < n else -1
    core = core_with(f, *[f] * 64)      # (a row of the first 64 reads R.card_filters; a later one not)
    slow = slow_count(core, f, perms, n, info, source, who)
    assert _core.board_filter_count(core, perms, n, info, FIRST, source, who) == slow
    assert _core.board_filter_count(core, perms, n, info, FIRST + 64, source, who) == slow
    for enough in (1, 2, 3):        # ("at least N": a condition's, an attack restriction's)
        assert _core.board_filter_count(core, perms, n, info, FIRST, source, who, enough) == min(enough, slow)


@settings(max_examples=200, deadline=None)
@given(filters())
def test_205_a_cards_characteristics_pass_as_the_slow_reading(f):
    """card_passes, the filter of a card anywhere (a library's, a hand's): its types (205.2a),
    supertypes (205.4a), subtypes (205.3) and colours (105.2), as its CardDef says them."""
    core = core_with(f)
    for row in range(len(TABLES.cards)):
        assert _core.card_passes_filter(core, FIRST, row) == card_passes(f, row), TABLES.card_names[row]


def test_every_part_of_the_filter_is_checked():
    """The random filters set every field of the FILTER record: a field added to the record
    and not to this test (and its slow reading) fails here."""
    assert schema.DTYPES["filter"].names == PARTS


def test_702_26b_a_phased_out_permanent_is_not_counted():
    """A phased-out permanent is treated as though it doesn't exist (702.26b)."""
    perms, info = schema.empty("permanent", 2), np.zeros(1, dtype=schema.DTYPES["board_info"])
    perms["card"] = TABLES.row("Test Basic Forest")
    perms[1]["flags"] = PF_PHASED_OUT
    core = core_with({"who": WHO_YOU, "types": TYPE_BIT["Land"], "min_power": -32768, "max_power": 32767,
                      "min_toughness": -32768, "max_toughness": 32767})
    assert _core.board_filter_count(core, perms, 2, info, FIRST, -1, 0) == 1


def test_608_2h_a_count_in_an_effect_counts_only_its_subtype():
    """"Create a 1/1 Elf Warrior token for each Elf you control": the number is read as the
    effect applies (608.2h), of Elves only — the subtype of a count inside an effect has its
    bit in the compiled vocabulary (it was dropped, and every permanent counted)."""
    promenade = card("Test Promenade", "{3}{G}", "Kindred Sorcery — Elf", abilities=[
        {"kind": "spell", "tokens": {"Elf Warrior": {"count": "permanents", "subtypes": ["Elf"]}}}])
    s = Scenario()
    for _ in range(4):
        s.add("Forest")
    s.add(card("Test Elf", "{G}", "Creature — Elf", "1/1"))
    s.add_to_hand(promenade)
    s.cast(promenade)
    assert [p.name for p in s.battlefield()].count("Elf Warrior") == 1


def test_counting_up_to_enough_needs_one_or_more():
    """board_filter_count's `enough` ("at least N") is 1 or more, or -1 for a full count."""
    perms, info = schema.empty("permanent", 1), np.zeros(1, dtype=schema.DTYPES["board_info"])
    core = core_with({"who": WHO_ANY, "min_power": -32768, "max_power": 32767, "min_toughness": -32768,
                      "max_toughness": 32767})
    with pytest.raises(ValueError, match="enough must be 1 or more"):
        _core.board_filter_count(core, perms, 1, info, FIRST, -1, 0, 0)
    assert _core.board_filter_count(core, perms, 1, info, FIRST, -1, 0, 1) == 1

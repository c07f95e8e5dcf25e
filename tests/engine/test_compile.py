"""The compiler: CardDefs → integer tables. Every shipped card compiles; the rows say what the
card records say (checked by decoding the rows back)."""
import pytest
from hypothesis import given, settings, strategies as st

from mtgsim import ManaCost, card, card_db
from mtgsim.compile import BASIC_LAND_TYPES, compile_cards
from mtgsim.mana import COLOR_ORDER
from mtgsim.schema import (CardTypeBit, CostChange, CountOf, ManaOutput, ManaTypeBit, OpCode,
                           SpellScope, Watches, check_table)


@pytest.fixture(scope="module")
def db():
    return card_db()


@pytest.fixture(scope="module")
def tables(db):
    return compile_cards(db.resolve(db.cards()))


def decode_cost(t, row: int) -> ManaCost:
    """Rebuild the mana cost text from a COST row (the inverse of the compiler)."""
    if row < 0:
        return ManaCost()
    r = t.costs[row]
    parts = ["{X}"] * int(r["x"])
    if r["generic"] or not any(int(v) for v in r["pips"]) and r["mana_value"] == 0 and r["x"] == 0 \
            and not r["n_hybrid"] and not r["snow"] and not any(r["phyrexian"]) \
            and not any(r["mono_hybrid"]) and not any(r["colorless_hybrid"]):
        parts.append("{%d}" % r["generic"])
    parts += ["{S}"] * int(r["snow"])
    for i, c in enumerate(COLOR_ORDER + "C"):
        parts += ["{%s}" % c] * int(r["pips"][i])
    for i, c in enumerate(COLOR_ORDER):
        parts += ["{%s/P}" % c] * int(r["phyrexian"][i])
        parts += ["{2/%s}" % c] * int(r["mono_hybrid"][i])
        parts += ["{C/%s}" % c] * int(r["colorless_hybrid"][i])
    for h in t.hybrids[r["hybrid_first"]: r["hybrid_first"] + r["n_hybrid"]] if r["n_hybrid"] else []:
        letters = [c for i, c in enumerate(COLOR_ORDER) if h["colors"] >> i & 1]
        parts.append("{%s/%s%s}" % (letters[0], letters[1], "/P" if h["phyrexian"] else ""))
    return ManaCost.parse("".join(parts))


def test_every_shipped_card_compiles(db, tables):
    assert len(tables.card_names) >= len(db)
    for name, rec in [("cards", "card"), ("costs", "cost"), ("mana_abilities", "mana_ability"),
                      ("cost_modifiers", "cost_modifier"), ("effects", "effect")]:
        check_table(getattr(tables, name), rec)


def test_costs_decode_back_to_the_printed_cost(db, tables):
    for i, d in enumerate(tables.defs):
        row = tables.cards[i]
        assert decode_cost(tables, int(row["cost"])) == d.cost, d.name
        assert row["mana_value"] == d.mana_value
        assert row["colors"] == int(d.colors)


def test_ability_rows_point_back_to_their_card(tables):
    for i, row in enumerate(tables.cards):
        for prefix, table in (("mana", tables.mana_abilities), ("costmod", tables.cost_modifiers),
                              ("trigger", tables.mana_triggers),
                              ("replacement", tables.mana_replacements),
                              ("grant", tables.grants), ("enters", tables.enters),
                              ("triggered", tables.triggered), ("activated", tables.activated)):
            n, first = int(row[f"n_{prefix}"]), int(row[f"{prefix}_first"])
            assert (first == -1) == (n == 0)
            assert (table["card"][first:first + n] == i).all() if n else True
        assert len(tables.defs[i].mana_abilities) == row["n_mana"]
    granted = tables.mana_abilities[tables.granted_mana_row]
    assert granted["card"] == -1 and granted["output"] == ManaOutput.MO_ANY_COLOR and granted["tap"]


def test_great_henge_rows(tables):
    i = tables.row("The Great Henge")
    row = tables.cards[i]
    assert row["types"] == CardTypeBit.CT_ARTIFACT and row["mana_value"] == 9
    mod = tables.cost_modifiers[row["costmod_first"]]
    assert mod["change"] == CostChange.CC_REDUCE and mod["scope"] == SpellScope.SS_SELF
    assert tables.counts[mod["amount"]["count"]]["what"] == CountOf.CO_GREATEST_POWER
    ab = tables.mana_abilities[row["mana_first"]]
    assert ab["tap"] == 1 and ab["output"] == ManaOutput.MO_FIXED
    assert list(tables.costs[ab["mana"]]["pips"]) == [0, 0, 0, 0, 2, 0]
    assert tables.effects[ab["effect"]]["gain_life"]["fixed"] == 2


def test_choice_options_are_consecutive_cost_rows(tables):
    ab = tables.mana_abilities[tables.cards[tables.row("Stomping Ground")]["mana_first"]]
    assert ab["output"] == ManaOutput.MO_CHOICE and ab["n_options"] == 2
    opts = tables.costs[ab["options_first"]: ab["options_first"] + 2]
    assert sorted(tuple(o["pips"]) for o in opts) == [(0, 0, 0, 0, 1, 0), (0, 0, 0, 1, 0, 0)]


def test_subtype_bits(tables):
    assert tables.subtypes[:5] == BASIC_LAND_TYPES
    forest = tables.cards[tables.row("Forest")]
    assert forest["subtypes"] == 1 << 4
    crag = tables.cards[tables.row("Rootbound Crag")]
    enters = tables.enters[crag["enters_first"]]
    lands = tables.filters[enters["filter"]]          # (614.1c: unless you control a Mountain or a Forest)
    assert enters["tapped"] and lands["subtypes"] == tables.subtype_bits(["Mountain", "Forest"])
    assert lands["types"] == CardTypeBit.CT_LAND


def test_mana_replacements_and_triggers(tables):
    rep = tables.mana_replacements[tables.cards[tables.row("Mana Reflection")]["replacement_first"]]
    assert rep["multiply"] == 2 and rep["watches"] == Watches.WA_PERMANENTS_YOU_CONTROL
    con = tables.mana_replacements[tables.cards[tables.row("Contamination")]["replacement_first"]]
    assert con["replace_with"] == ManaTypeBit.MT_B
    sprawl = tables.mana_triggers[tables.cards[tables.row("Utopia Sprawl")]["trigger_first"]]
    assert sprawl["watches"] == Watches.WA_ENCHANTED_LAND


def test_tokens_created_by_effects_are_compiled_too(db):
    t = compile_cards(db.resolve(["Hangarback Walker"]))
    assert "Thopter" in t.card_names
    walker = t.defs[t.row("Hangarback Walker")]
    assert walker.cost == ManaCost.parse("{X}{X}")


def test_double_faced_cards_compile_both_faces(db):
    t = compile_cards(db.resolve(["Brightclimb Pathway"]))
    back = t.cards[t.row("Brightclimb Pathway")]["back"]
    assert t.card_names[back] == "Grimclimb Pathway"


def test_unknown_card_names_raise(db):
    from mtgsim import UnknownCardError
    with pytest.raises(UnknownCardError):
        compile_cards(db.resolve(["Not A Real Card"]))


_symbols = st.sampled_from(["{X}", "{1}", "{2}", "{S}", "{C}", *("{%s}" % c for c in COLOR_ORDER),
                            "{G/W}", "{U/B}", "{2/R}", "{C/G}", "{B/P}", "{R/W/P}"])


@settings(max_examples=60, deadline=None)
@given(st.lists(_symbols, max_size=8))
def test_random_costs_round_trip_through_the_tables(symbols):
    cost = ManaCost.parse("".join(symbols))
    c = card("Random Spell", cost, "Sorcery")
    t = compile_cards(card_db().resolve([c]))
    assert decode_cost(t, int(t.cards[0]["cost"])) == cost


def test_111_1_every_effect_that_creates_tokens_points_at_its_token(db):
    """111.1: an effect creating tokens compiles to its own EFFECT row naming the token card and
    the count, also when compiling the token card adds rows in between (Thraben Inspector's
    "investigate" once pointed at the Clue's draw effect instead)."""
    from mtgsim.cards.model import ActivatedAbility, SpellEffect, TriggeredAbility
    makers = [c for c in db.cards() if any(
        getattr(a, "effect", None) is not None and a.effect.value("tokens")
        for a in c.abilities_of(TriggeredAbility) + c.abilities_of(ActivatedAbility) + c.abilities_of(SpellEffect))]
    assert len(makers) >= 5
    for c in makers:
        t = compile_cards(db.resolve([c]))
        row = t.cards[t.row(c.name)]
        effects = [t.triggered[row["triggered_first"] + k]["effect"] for k in range(row["n_triggered"])]
        effects += [t.activated[row["activated_first"] + k]["effect"] for k in range(row["n_activated"])]
        effects += [row["spell_effect"]]
        records = [a.effect for a in c.abilities_of(TriggeredAbility) + c.abilities_of(ActivatedAbility)]
        records += [s.effect for s in c.abilities_of(SpellEffect)] or [None]
        for e, rec in zip(effects, records):
            if rec is None or not rec.value("tokens"):
                continue
            name, n = rec.value("tokens")[0]
            first, n_ops = t.effects[e]["op_first"], t.effects[e]["n_ops"]
            ops = t.ops[first:first + n_ops]
            [op] = ops[ops["code"] == OpCode.OP_TOKENS]
            assert t.card_names[op["arg"]] == name, c.name
            if isinstance(n, int):
                assert op["amount"]["fixed"] == n, c.name


# ---- spending restrictions (106.6) ----------------------------------------------------------

RESTRICTED = {      # every curated card with a spending restriction, its Oracle phrase as given
    "Eldrazi Temple": "colorless Eldrazi spells or abilities of colorless Eldrazi",
    "Castle Garenbrig": "creature spells or abilities of creatures",
    "Delighted Halfling": "legendary spells",
    "Cavern of Souls": "creature spells of the chosen type",
}

# A land with Cavern of Souls' coloured mana ability as the vocabulary says it
CAVERN = card("Test Cavern", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "mana", "cost": "{T}", "output": "any_color", "spend_only_on": "creature spells of the chosen type"}])


def test_106_6_every_curated_spending_restriction_is_compiled(db, tables):
    """Each curated card whose text says "Spend this mana only to ..." has that phrase as a
    structured restriction on the right ability, compiled to a SPEND_RESTRICTION row; no
    other card has one."""
    found = {d.name: [a.spend_only_on for a in d.mana_abilities] for d in db.cards()
             if any(a.spend_only_on for a in d.mana_abilities)}
    assert set(found) == set(RESTRICTED)
    for name, restrictions in found.items():
        assert "Spend this mana only to" in db[name].text
        assert [None if r is None else r.text for r in restrictions] == [None, RESTRICTED[name]]
        c = tables.cards[tables.row(name)]
        rows = tables.mana_abilities[c["mana_first"]:c["mana_first"] + c["n_mana"]]["restriction"]
        assert rows[0] == -1 and 0 <= rows[1] < len(tables.spend_restrictions)
        assert tables.restriction_texts[rows[1]] == RESTRICTED[name]


def test_106_6_restriction_rows_say_what_the_phrases_say(db):
    tables = compile_cards(db.resolve(db.cards() + [CAVERN]))

    def row(name):
        c = tables.cards[tables.row(name)]
        return tables.spend_restrictions[tables.mana_abilities[c["mana_first"] + 1]["restriction"]]
    eldrazi = 1 << tables.subtypes.index("Eldrazi")
    temple = row("Eldrazi Temple")
    assert (temple["spells"], temple["spell_subtypes"], temple["spell_colorless"],
            temple["spell_types"]) == (1, eldrazi, 1, 0)
    assert (temple["abilities"], temple["source_subtypes"],
            temple["source_colorless"]) == (1, eldrazi, 1)
    castle = row("Castle Garenbrig")
    assert (castle["spells"], castle["spell_types"], castle["abilities"], castle["source_types"]) == \
        (1, CardTypeBit.CT_CREATURE, 1, CardTypeBit.CT_CREATURE)
    halfling = row("Delighted Halfling")
    assert (halfling["spells"], halfling["spell_supertypes"], halfling["abilities"]) == (1, 2, 0)
    cavern = row("Test Cavern")
    assert (cavern["spell_types"], cavern["chosen_type"],
            cavern["abilities"]) == (CardTypeBit.CT_CREATURE, 1, 0)


@pytest.mark.parametrize("text", ["blue spells", "creature spells or instants", "spells of the chosen colour",
                                  "abilities of", "abilities of noncreatures", "legendary or spells"])
def test_106_6_a_restriction_outside_the_vocabulary_names_card_and_text(text):
    from mtgsim import CardDataError
    with pytest.raises(CardDataError) as info:
        card("Odd Land", "", "Land", abilities=[{"kind": "mana", "cost": "{T}", "mana": "{C}",
                                                 "spend_only_on": text}])
    err = info.value
    assert err.card == "Odd Land" and "spend_only_on" in err.field and text in str(err)


@pytest.mark.parametrize("effect, worth", [
    ([{"mill": 2}], 0),                               # (milling yourself gains the goldfish nothing)
    ([{"mill": 2}, {"draw": 1}], 1),                  # (any op worth it makes the effect worth it)
    ([{"draw": 1}, {"mill": 1}], 1),
    ([{"mill": 1}, {"gain_life": 1}], 0),
    ([{"counters": {"charge": 1}}], 0),               # (counters: only the kinds the row names)
    ([{"counters": {"+1/+1": 1}}], 1),
])
def test_an_effects_worth_is_derived_from_its_ops_rows(effect, worth):
    """EFFECT.worth (is an activated ability doing this worth activating, the play policy's
    question) is derived from the vocabulary rows of its ops: true if any op is worth it."""
    c = card("Test Worth Stone", "{1}", "Artifact", abilities=[{"kind": "activated", "cost": "{1}", "effect": effect}])
    t = compile_cards(card_db().resolve([c]))
    assert int(t.effects[int(t.activated[int(t.cards[t.row_of(c)]["activated_first"])]["effect"])]["worth"]) == worth

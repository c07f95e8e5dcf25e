"""The record layouts of the compiled core: dtypes derived from the C structs, pinned here so
a change to the layout is a deliberate one."""
import numpy as np
import pytest

from mtgsim import schema
from mtgsim.schema import DTYPES, check_table, empty, grow

# Pinned layouts: field names in order and the record size in bytes. Change deliberately.
PINNED = {
    "cost": (36, ['generic', 'x', 'snow', 'pips', 'phyrexian', 'mono_hybrid', 'colorless_hybrid', 'hybrid_first', 'n_hybrid', 'mana_value']),
    "hybrid": (2, ['colors', 'phyrexian']),
    "count": (8, ['what', 'color', 'counter', 'filter']),
    "filter": (32, ['who', 'other', 'types', 'not_types', 'supertypes', 'colors', 'subtypes', 'min_power', 'max_power', 'min_toughness', 'max_toughness', 'same_name', 'cost_below', 'mana_value_below']),
    "op": (20, ['code', 'who', 'flags', 'arg', 'amount']),
    "effect": (36, ['op_first', 'n_ops', 'worth', 'token_copy', 'land_search', 'gain_life', 'damage_to_you', 'lose_life']),
    "card": (128, ['types', 'supertypes', 'colors', 'attack_if_filter', 'subtypes', 'keywords', 'cost', 'kicker', 'flashback', 'mana_value', 'power', 'toughness', 'attack_if', 'suspend_time', 'star', 'power_star', 'toughness_star', 'is_token', 'unmodeled', 'mana_first', 'n_mana', 'extra_land_plays', 'costmod_first', 'n_costmod', 'doesnt_untap', 'uncastable', 'trigger_first', 'n_trigger', 'earthbent', 'replacement_first', 'n_replacement', 'grant_first', 'n_grant', 'enters_first', 'n_enters', 'triggered_first', 'n_triggered', 'transformed', 'activated_first', 'n_activated', 'next_level', 'spell_effect', 'kicked_effect', 'back', 'exile_cost']),
    "mana_ability": (64, ['card', 'cost', 'tap', 'untap', 'sacrifice_self', 'remove_kind', 'life', 'output', 'remove_n', 'mana', 'options_first', 'n_options', 'colors', 'marks', 'amount', 'could_produce', 'remove_x', 'tap_filter', 'if_you_control', 'instead', 'effect', 'restriction', 'condition']),
    "spend_restriction": (40, ['spells', 'spell_types', 'spell_supertypes', 'spell_subtypes', 'spell_colorless', 'spell_multicolored', 'chosen_type', 'abilities', 'source_types', 'source_supertypes', 'source_subtypes', 'source_colorless', 'spell_not_types']),
    "cost_modifier": (40, ['card', 'change', 'scope', 'mana', 'amount', 'types', 'supertypes', 'subtypes', 'not_types', 'colors', 'while_untapped']),
    "mana_trigger": (24, ['card', 'watches', 'adds', 'mana', 'amount', 'of_type', 'subtypes']),
    "mana_replacement": (12, ['card', 'watches', 'multiply', 'replace_with']),
    "grant": (8, ['card', 'grant', 'to']),
    "enters": (68, ['card', 'tapped', 'unless', 'n_counters', 'filter', 'life', 'counters', 'counters_count', 'choose_color', 'is_chosen_type', 'not_color', 'other_color']),
    "triggered": (20, ['card', 'event', 'colorless', 'chapter', 'mv_counters', 'effect', 'spell_types', 'spell_not_types', 'nth']),
    "activated": (36, ['card', 'cost', 'tap', 'untap', 'sacrifice_self', 'remove_kind', 'life', 'sorcery_speed', 'remove_n', 'from_hand', 'effect', 'condition', 'sacrifice_filter', 'discard_n', 'loyalty_ability', 'loyalty', 'ultimate']),
    "condition": (16, ['controls', 'or_entered', 'during', 'filter', 'hand_min', 'hand_max', 'once_flag', 'level', 'lore']),
    "choices": (64, ['keep_on_top', 'to_hand', 'bounce_object', 'pay_life_above', 'color', 'loyalty_ability',
                   'sacrifice_object', 'tap_object', 'discard',
                   'top_order', 'top_cards', 'flips_lost']),
    "permanent": (64, ['card', 'object_id', 'controller', 'owner', 'flags', 'controlled_since', 'counters', 'power_bonus', 'toughness_bonus', 'damage', 'x_paid', 'chosen_color', 'level', 'attached_to', 'becomes', 'characteristics', 'land_type', 'padding']),
}


@pytest.mark.parametrize("record", sorted(PINNED))
def test_layout_is_pinned(record):
    size, names = PINNED[record]
    dt = DTYPES[record]
    assert list(dt.names) == names
    assert dt.itemsize == size


def test_every_record_has_a_dtype():
    assert set(DTYPES) == {"cost", "hybrid", "count", "filter", "op", "effect", "card", "mana_ability",
                           "spend_restriction", "condition", "cost_modifier", "mana_trigger", "mana_replacement", "grant",
                           "enters", "triggered", "activated", "permanent", "total_cost",
                           "board_info", "choices"}


def test_fixed_width_fields():
    # Stored tables use fixed-width integers only (no platform-sized ints, no objects).
    for name, dt in DTYPES.items():
        for field in dt.names:
            base = dt[field].base
            if base.names:  # an Amount
                for sub in base.names:
                    assert base[sub].kind in "iu", (name, field, sub)
            else:
                assert base.kind in "iu", (name, field)
                assert base.itemsize in (1, 2, 4, 8), (name, field)


def test_permanent_fields():
    dt = schema.PERMANENT_DTYPE
    assert dt["card"] == np.int32 and dt["flags"] == np.uint16
    assert dt["counters"].shape == (schema.CounterKind.N_COUNTER_KINDS,)


def test_cost_pips_are_wubrgc():
    assert schema.COST_DTYPE["pips"].shape == (6,)
    assert [schema.ManaTypeBit[f"MT_{c}"] for c in "WUBRGC"] == [1, 2, 4, 8, 16, 32]


def test_python_colour_flags_match_the_core():
    from mtgsim.mana import Color, ManaType
    for c in "WUBRG":
        assert Color[c] == ManaType[c] == schema.ManaTypeBit[f"MT_{c}"]
    assert ManaType.C == schema.ManaTypeBit.MT_C


def test_empty_marks_index_fields_none():
    card = empty("card", 2)
    for f in ("cost", "kicker", "flashback", "star", "back", "mana_first", "spell_effect"):
        assert (card[f] == -1).all(), f
    ab = empty("mana_ability", 1)
    assert ab["amount"]["count"][0] == -1 and ab["mana"][0] == -1
    eff = empty("effect", 1)
    assert eff["land_search"][0] == -1 and eff["op_first"][0] == -1 and eff["gain_life"]["count"][0] == -1
    op = empty("op", 1)
    assert op["arg"][0] == -1 and op["amount"]["count"][0] == -1
    perm = empty("permanent", 3)
    assert (perm["attached_to"] == -1).all() and (perm["card"] == 0).all()


def test_every_int32_field_is_an_index_or_written():
    """A new int32 field must be classified: an index into another table (schema fills -1,
    "none", in a fresh row) or a value always written (WRITTEN_FIELDS); else a fresh row would
    silently point at row 0."""
    for record, dtype in DTYPES.items():
        for name in dtype.names:
            if dtype[name].base == np.int32:
                assert schema.is_index_field(record, name) or name in schema.WRITTEN_FIELDS.get(record, ()), \
                    f"{record}.{name}: say in mtgsim.schema whether it is an index field or always written"


def test_grow_doubles_and_fills_deterministically():
    a = empty("permanent", 4)
    a["card"] = [1, 2, 3, 4]
    b = grow(a, "permanent", 5)
    assert b.shape == (8,) and list(b["card"][:4]) == [1, 2, 3, 4]
    assert (b["attached_to"][4:] == -1).all()
    assert grow(b, "permanent", 3) is b
    batch = np.stack([empty("permanent", 2)] * 3)
    g = grow(batch, "permanent", 3)
    assert g.shape == (3, 4) and (g["attached_to"][:, 2:] == -1).all()


def test_check_table_rejects_wrong_inputs():
    good = empty("permanent", 3)
    assert check_table(good, "permanent") is good
    with pytest.raises(TypeError, match="expected a numpy array"):
        check_table([1, 2], "permanent")
    with pytest.raises(TypeError, match="dtype"):
        check_table(np.zeros(3, dtype=np.int32), "permanent")
    with pytest.raises(ValueError, match="dimension"):
        check_table(good, "permanent", ndim=2)
    with pytest.raises(ValueError, match="C-contiguous"):
        check_table(empty("permanent", 6)[::2], "permanent")
    with pytest.raises(KeyError, match="no record"):
        empty("planeswalker", 1)

"""Mana symbols and costs: rule 107.4 (symbols), 202.3 (mana value), 202.2 (colours)."""
import pytest
from hypothesis import given, strategies as st

from mtgsim.mana import (COLOR_ORDER, Color, ManaCost, ManaCostError, ManaSymbol, SymbolKind,
                         color_order, mana_text_to_types)


@pytest.mark.parametrize("text, mv", [
    ("{2}{G}{G}", 4),
    ("{1}{G/W}{G/W}", 3),           # 202.3f example
    ("{2/B}{2/B}{2/B}", 6),         # 202.3f example: monocoloured hybrid counts 2
    ("{1}{W/P}{W/P}", 3),           # 202.3g example
    ("{X}{R}", 1),                  # 202.3e: X is 0 off the stack
    ("{X}{X}{W}{W}{W}", 3),
    ("{C/W}{C/W}", 2),
    ("{G/W/P}", 1),
    ("{S}{S}{1}", 3),
    ("{0}", 0),
    ("", 0),                        # 202.3a: no mana cost
    ("{8}{C}{C}", 10),
])
def test_mana_value_rule_202_3(text, mv):
    assert ManaCost.parse(text).mana_value == mv


def test_mana_value_with_x_on_the_stack_rule_202_3e():
    assert ManaCost.parse("{X}{X}").mana_value_with(3) == 6
    assert ManaCost.parse("{X}{R}").mana_value_with(5) == 6


@pytest.mark.parametrize("text, canonical", [
    ("{G}{G}{2}", "{2}{G}{G}"),
    ("{W}{G}{1}", "{1}{G}{W}"),            # Selesnya prints green first
    ("{B}{W}", "{W}{B}"),                  # Orzhov
    ("{G}{B}{W}", "{W}{B}{G}"),            # Abzan wedge
    ("{R}{U}{W}", "{U}{R}{W}"),            # Jeskai wedge
    ("{U}{W}{G}", "{G}{W}{U}"),            # Bant shard
    ("{W}{U}{B}{R}", "{W}{U}{B}{R}"),      # four colours start after the missing one
    ("{G}{W}{U}{B}", "{G}{W}{U}{B}"),
    ("{1}{1}", "{2}"),
    ("{0}{G}", "{G}"),
    ("{0}{0}", "{0}"),
    ("{W/G}", "{G/W}"),                    # hybrid written the other way round
    ("2gg", "{2}{G}{G}"),                  # shorthand
    ("{1}{G}{G/W/P}{W}", "{1}{G}{G/W/P}{W}"),
    ("{R}{X}", "{X}{R}"),
    ("", ""),
])
def test_canonical_text(text, canonical):
    assert str(ManaCost.parse(text)) == canonical


def test_equality_and_hash_ignore_order():
    a, b = ManaCost.parse("{G}{2}{G}"), ManaCost.parse("{2}{G}{G}")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a == "{2}{G}{G}"
    assert ManaCost.parse("") != ManaCost.parse("{0}")   # no mana cost is not {0}


def test_colors_rule_202_2():
    assert ManaCost.parse("{2}{G}{G}").colors == Color.G
    assert ManaCost.parse("{1}{G/W}").colors == Color.G | Color.W   # 107.4e hybrid is both
    assert ManaCost.parse("{2/U}").colors == Color.U
    assert ManaCost.parse("{B/P}").colors == Color.B                 # 107.4f
    assert ManaCost.parse("{8}{C}").colors == Color.NONE             # {C} is not a colour
    assert ManaCost.parse("{S}").colors == Color.NONE                # 107.4h snow is no colour


def test_hybrid_symbols_named_in_rule_107_4_parse():
    for pair in ("W/U", "W/B", "U/B", "U/R", "B/R", "B/G", "R/G", "R/W", "G/W", "G/U"):
        for suffix in ("", "/P"):
            text = "{%s%s}" % (pair, suffix)
            assert str(ManaCost.parse(text)) == text


@pytest.mark.parametrize("text, position, fragment", [
    ("{2}{G}{Q}", 6, "untap symbol"),
    ("{T}", 0, "tap symbol"),
    ("{G/G}", 0, "same colour"),
    ("{2", 0, "unclosed"),
    ("G}", 0, "unexpected"),
    ("{}", 0, "empty braces"),
    ("{01}", 0, "leading zero"),
    ("x{G}", 0, "outside braces"),
    ("2GZ", 2, "not a mana symbol"),
    ("{G}{H}", 3, "not a mana symbol"),
    ("{2/C}", 0, "not a mana symbol"),
])
def test_malformed_costs_name_text_and_position(text, position, fragment):
    with pytest.raises(ManaCostError) as info:
        ManaCost.parse(text)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.position == position and err.text == text
    assert fragment in str(err) and repr(text) in str(err)


def test_non_text_cost_is_a_type_error():
    with pytest.raises(TypeError, match="mana cost is text"):
        ManaCost.parse(3)


def test_color_order_of_every_set_is_a_permutation():
    for bits in range(32):
        letters = color_order(bits)
        assert sorted(letters, key=COLOR_ORDER.index) == [c for i, c in enumerate(COLOR_ORDER) if bits >> i & 1]


def test_mana_text_to_types():
    assert mana_text_to_types("{G}{G}") == {"G": 2}
    assert mana_text_to_types("{C}{R}") == {"C": 1, "R": 1}
    with pytest.raises(ManaCostError, match="106.1"):
        mana_text_to_types("{2}")


# ---- property tests ---------------------------------------------------------------------------
_color = st.sampled_from(COLOR_ORDER)
_pair = st.tuples(_color, _color).filter(lambda p: p[0] != p[1])
_symbol = st.one_of(
    st.just(ManaSymbol(SymbolKind.X)),
    st.integers(0, 20).map(lambda n: ManaSymbol(SymbolKind.GENERIC, (), n)),
    st.just(ManaSymbol(SymbolKind.SNOW)),
    st.just(ManaSymbol(SymbolKind.COLORLESS)),
    _color.map(lambda c: ManaSymbol(SymbolKind.COLORED, (c,))),
    _pair.map(lambda p: ManaSymbol(SymbolKind.HYBRID, color_order(Color[p[0]] | Color[p[1]]))),
    _color.map(lambda c: ManaSymbol(SymbolKind.MONO_HYBRID, (c,))),
    _color.map(lambda c: ManaSymbol(SymbolKind.COLORLESS_HYBRID, (c,))),
    _color.map(lambda c: ManaSymbol(SymbolKind.PHYREXIAN, (c,))),
    _pair.map(lambda p: ManaSymbol(SymbolKind.HYBRID_PHYREXIAN, color_order(Color[p[0]] | Color[p[1]]))),
)
costs = st.lists(_symbol, max_size=12).map(ManaCost)


@given(costs)
def test_format_then_parse_is_identity(cost):
    again = ManaCost.parse(str(cost))
    assert again == cost
    assert str(again) == str(cost)
    assert again.mana_value == cost.mana_value


@given(costs, costs)
def test_adding_costs_adds_mana_values(a, b):
    assert (a + b).mana_value == a.mana_value + b.mana_value


@given(st.text(alphabet="{}/0123456789WUBRGCSXPTQHZ wubrg", max_size=20))
def test_random_text_parses_or_raises_the_documented_error(text):
    try:
        cost = ManaCost.parse(text)
    except ManaCostError as e:
        assert 0 <= e.position <= len(text)
    else:
        assert ManaCost.parse(str(cost)) == cost


@given(st.text(max_size=20))
def test_arbitrary_unicode_never_raises_anything_else(text):
    try:
        ManaCost.parse(text)
    except ManaCostError:
        pass

"""The effect vocabulary is declared once (mtgsim.vocabulary): these tests fail when a row and
the places that must follow it drift apart — the compiled OpCode enum, the interpreter's case
for each code, the recognizer's phrase, the doc line in docs/card-format.md, a test named by
the op's rule."""
import re

import pytest

from mtgsim import vocabulary
from mtgsim.schema import OpCode, Who

CHOICES = {"", "keep_on_top", "land_to_find", "land_to_return", "copy_target", "lands_to_untap", "color_to_add"}


def test_every_op_code_is_declared_and_every_declared_code_is_an_op():
    """The table's codes and the compiled enum agree both ways."""
    declared = {o.code for o in vocabulary.OPS}
    assert declared == set(OpCode)
    assert all(isinstance(o.code, OpCode) for o in vocabulary.OPS)


def test_op_names_are_unique_and_name_their_main_parameter():
    assert len(vocabulary.OP_NAMES) == len(set(vocabulary.OP_NAMES))
    for o in vocabulary.OPS:
        assert o.main.name == o.name, o.name
        assert len({p.name for p in o.params}) == len(o.params), o.name


def test_each_op_says_its_rule_doc_and_choice():
    for o in vocabulary.OPS:
        assert re.fullmatch(r"\d{3}\.\d+[a-z]?", o.rule), o.name
        assert o.doc and o.doc == o.doc.strip(), o.name
        assert o.choice in CHOICES, o.name
        assert o.who in (Who.WHO_YOU, Who.WHO_OPPONENTS), o.name
        assert o.worth in (True, False) or all(isinstance(k, str) for k in o.worth), o.name


def test_a_parameter_has_a_known_kind_and_bounds():
    for o in vocabulary.OPS:
        for p in o.params:
            assert p.kind in ("amount", "number", "bool", "mana", "names", "named_amounts"), (o.name, p.name)
            assert p.lo <= p.hi, (o.name, p.name)


def test_a_modifier_belongs_to_the_ops_that_declare_it():
    assert vocabulary.MODIFIERS["lands_tapped"] == ("lands_to_battlefield",)
    assert vocabulary.MODIFIERS["land_types"] == ("lands_to_battlefield", "lands_to_hand")
    assert vocabulary.MODIFIERS["sacrifice_at_end"] == ("token_copy",)


@pytest.mark.parametrize("name", ["scry", "surveil"])
def test_701_22a_and_701_25a_look_at_most_max_look_cards(name):
    """701.22a, 701.25a: N is bounded by the kernel's buffer, declared in the op's row."""
    assert vocabulary.BY_NAME[name].main.hi == vocabulary.MAX_LOOK

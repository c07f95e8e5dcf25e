"""The effect vocabulary is declared once (mtgsim.vocabulary): these tests fail when a row and
the places that must follow it drift apart — the compiled OpCode enum, the interpreter's case
for each code, the recognizer's phrase, the doc line in docs/card-format.md, a test named by
the op's rule; the compiled CounterKind enum and the counters' array sizes."""
import ast
import functools
import re
from pathlib import Path

import pytest

from mtgsim import vocabulary
from mtgsim.schema import DTYPES, CounterKind, OpCode, Who

CHOICES = {""} | set(vocabulary.CHOICE_BY_NAME)       # (a row needs no choice, or a declared kind)


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


# ---- the kinds of player choice: declared once, each asked in its one place ---------------------

def _kernel_functions(room: str) -> set[str]:
    text = (ROOT / "src" / "mtgsim" / "kernels" / room).read_text()
    return set(re.findall(r"^cdef (?:inline )?[\w*]+ (\w+)\(", text, re.MULTILINE))


@pytest.mark.parametrize("kind", vocabulary.CHOICE_KINDS, ids=lambda c: c.name)
def test_a_choice_kind_is_asked_in_its_one_place(kind):
    """A choice made as an action resolves has its function in kernels/choices.pxi (the rules
    ask it there, never the play policy); a target, the play policy's in kernels/policy.pxi; a
    choice made once for the action, its CHOICES field (read off Game.choices in both games)."""
    assert kind.asked in ("once", "resolving", "target"), kind.name
    assert kind.doc and kind.name.isidentifier(), kind.name
    if kind.asked == "resolving":
        assert kind.function in _kernel_functions("choices.pxi"), f"choices.pxi has no {kind.function}"
    elif kind.asked == "target":
        assert kind.function in _kernel_functions("policy.pxi"), f"policy.pxi has no {kind.function}"
    else:
        assert kind.field and not kind.function, kind.name


def test_the_choices_record_has_one_field_per_declared_kind_and_its_default():
    """The CHOICES record (Choices, _records.pxd) holds exactly the declared kinds' fields, and a
    Scenario's caller who gives none gets each kind's declared default (default_choices)."""
    from mtgsim import _core, schema
    fields = {c.field: c for c in vocabulary.CHOICE_KINDS if c.field}
    assert set(schema.CHOICES_DTYPE.names) == set(fields)
    given = _core.default_choices()
    for name, kind in fields.items():
        assert int(given[name][0]) == kind.default, kind.name


def test_every_declared_choice_kind_is_needed():
    """A kind no op needs is one a game action needs (the colour chosen, paying life for a land)."""
    needed = {o.choice for o in vocabulary.OPS} | {"color", "pay_life"}
    assert set(vocabulary.CHOICE_BY_NAME) <= needed


def test_a_parameter_has_a_known_kind_and_bounds():
    for o in vocabulary.OPS:
        for p in o.params:
            assert p.kind in ("amount", "number", "bool", "mana", "names", "named_amounts"), (o.name, p.name)
            assert p.lo <= p.hi, (o.name, p.name)


# modifiers the compiler reads in their op's own case, and why
READ_BY_ITS_OPS_CASE = {"land_types": "with lands_basic, one FILTER row of the lands searched for",
                        "lands_basic": "with land_types, one FILTER row of the lands searched for",
                        **{name: "with becomes, the CARD row of what its source becomes (Compiler.becomes)"
                           for name in ("becomes_subtypes", "all_creature_types", "becomes_colors", "becomes_power",
                                        "becomes_toughness", "becomes_keywords")}}


def test_a_modifier_says_the_op_field_it_compiles_to():
    """compile.py's _op is generic over modifiers: each declares its OP field (a number into
    Op.arg, a bool into one of Op.flags), or is read by its op's case for the reason given."""
    from mtgsim.schema import OpFlag
    for o in vocabulary.OPS:
        assert o.main.to == "", o.name                 # (the main value compiles by its kind)
        for p in o.params[1:]:
            if p.to == "flags":
                assert p.kind == "bool" and p.flag in set(OpFlag), (o.name, p.name)
            elif p.to == "arg":
                assert p.kind == "number", (o.name, p.name)
            else:
                assert p.to == "" and p.name in READ_BY_ITS_OPS_CASE, (o.name, p.name)
    assert sum(p.to == "arg" for p in vocabulary.BY_NAME["look_to_hand"].params) == 1


def test_a_parameter_bounded_by_another_names_one_of_its_ops_numbers():
    for o in vocabulary.OPS:
        for p in o.params:
            if p.at_most:
                assert vocabulary.param(o.name, p.at_most).kind == "number", (o.name, p.name)
    assert vocabulary.beyond_bounds("look_to_hand", {"look_to_hand": 2, "to_hand": 3})
    assert not vocabulary.beyond_bounds("look_to_hand", {"look_to_hand": 3, "to_hand": 3})


def test_a_modifier_belongs_to_the_ops_that_declare_it():
    assert vocabulary.MODIFIERS["lands_tapped"] == ("lands_to_battlefield",)
    assert vocabulary.MODIFIERS["land_types"] == ("lands_to_battlefield", "lands_to_hand")
    assert vocabulary.MODIFIERS["sacrifice_at_end"] == ("token_copy",)


def test_122_1_the_compiled_counter_kinds_are_the_declared_ones_in_order():
    """Each declared counter kind is the CounterKind member named by its row, valued by its
    place in COUNTERS; N_COUNTER_KINDS counts them; nothing else is compiled (no "other")."""
    members = [m for m in CounterKind if m.name != "N_COUNTER_KINDS"]
    assert [(m.name, int(m)) for m in members] == [(c.code, k) for k, c in enumerate(vocabulary.COUNTERS)]
    assert CounterKind.N_COUNTER_KINDS == len(vocabulary.COUNTERS)


def test_122_1_every_counters_array_holds_every_declared_kind():
    n = len(vocabulary.COUNTERS)
    assert DTYPES["permanent"]["counters"].shape == (n,)
    assert DTYPES["enters"]["counters"].shape == DTYPES["enters"]["counters_count"].shape == (n,)


def test_122_1_each_counter_kind_says_its_name_rule_and_doc():
    assert len(set(vocabulary.COUNTER_NAMES)) == len(vocabulary.COUNTERS)
    for c in vocabulary.COUNTERS:
        assert c.name == c.name.lower().strip() and " " not in c.name, c.name
        assert re.fullmatch(r"\d{3}\.\d+[a-z]?", c.rule), c.name
        assert c.doc and c.doc == c.doc.strip(), c.name
    assert vocabulary.BY_NAME["counters"].main.choices == vocabulary.COUNTER_NAMES


@pytest.mark.parametrize("name", ["scry", "surveil"])
def test_701_22a_and_701_25a_look_at_most_max_look_cards(name):
    """701.22a, 701.25a: N is bounded by the kernel's buffer, declared in the op's row."""
    assert vocabulary.BY_NAME[name].main.hi == vocabulary.MAX_LOOK


# ---- every op has its interpreter case, phrase, doc line and named test --------------------------

ROOT = Path(__file__).resolve().parents[2]
NO_PHRASE_YET = {   # ops the recognizer has no phrase for: curated data only (each with its reason)
    "token_copy": "The Fire Crystal's \"Create a token that's a copy of target creature you control\" is curated",
}


def _run_ops_source() -> str:
    text = (ROOT / "src" / "mtgsim" / "kernels" / "actions.pxi").read_text()
    body = text[text.index("cdef void run_ops("):]
    return body[:body.index("\n\n\n")]


@pytest.mark.parametrize("code", list(OpCode), ids=lambda c: c.name)
def test_every_op_code_has_its_case_in_run_ops(code):
    """run_ops (the only place an op has a meaning) has a case for each code."""
    assert re.search(rf"code == {code.name}\b", _run_ops_source()), f"run_ops has no case for {code.name}"


def test_run_ops_has_no_case_for_a_code_not_declared():
    assert set(re.findall(r"code == (OP_\w+)", _run_ops_source())) == {c.name for c in OpCode}


def _card(name, type_line, text):
    from mtgsim.cards.oracle import OracleCard, OracleFace
    p, t = ("1", "1") if "Creature" in type_line else (None, None)
    return OracleCard(name, "normal", (OracleFace(name, "{1}", type_line, text.replace("~", name), p, t),), ())


@pytest.mark.parametrize("name", vocabulary.OP_NAMES)
def test_every_op_has_a_recognizer_phrase_read_as_it(name):
    from mtgsim.cards.database import card_from_table
    from mtgsim.cards.recognize import recognize
    from mtgsim.cards.recognize.effects import OP_PHRASES
    if name in NO_PHRASE_YET:
        assert name not in OP_PHRASES, f"{name} has a phrase now: take it off NO_PHRASE_YET"
        return
    assert name in OP_PHRASES, f"op {name} has no recognizer phrase (recognize/effects.py OP_PHRASES)"
    rec = recognize(_card("Test Phrase", *OP_PHRASES[name]))
    c = card_from_table(rec.table)
    ops = {op.name for a in c.abilities for e in (getattr(a, "effect", None), getattr(a, "kicked", None))
           if e for op in e.ops}
    assert name in ops, (name, rec.table)


def test_every_phrase_is_of_a_declared_op():
    from mtgsim.cards.recognize.effects import OP_PHRASES
    assert set(OP_PHRASES) <= set(vocabulary.OP_NAMES)
    assert set(OP_PHRASES) | set(NO_PHRASE_YET) == set(vocabulary.OP_NAMES)


def test_card_format_lists_the_ops_as_the_vocabulary_declares_them():
    """docs/card-format.md's table of effect ops is vocabulary.doc_table(), verbatim."""
    assert vocabulary.doc_table() in (ROOT / "docs" / "card-format.md").read_text()


def test_card_format_lists_the_counter_kinds_as_the_vocabulary_declares_them():
    """docs/card-format.md's table of counter kinds is vocabulary.counter_doc_table(), verbatim."""
    assert vocabulary.counter_doc_table() in (ROOT / "docs" / "card-format.md").read_text()


@functools.cache
def _named_tests() -> tuple[str, ...]:
    """The name and docstring of every test function of the suite."""
    out = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
                out.append(node.name + " " + (ast.get_docstring(node) or ""))
    return tuple(out)


@pytest.mark.parametrize("name", vocabulary.OP_NAMES)
def test_every_op_has_a_test_named_by_its_rule(name):
    rule = vocabulary.BY_NAME[name].rule
    pattern = re.compile(rf"(?<![\d.])({re.escape(rule)}|{re.escape(rule.replace('.', '_'))})(?![\d])")
    assert any(pattern.search(t) for t in _named_tests()), f"no test names rule {rule} ({name})"

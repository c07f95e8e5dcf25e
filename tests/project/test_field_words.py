"""The words of the card fields are declared once (mtgsim.field_words): these tests fail when a
list and the places that follow it drift apart — the compiled enum the build writes from it, the
card model's field types, the docs' list of the field's words; and when an enum of the core
mirrors a model list by hand (ManaOutput, of ManaKind)."""
import re
from pathlib import Path

import pytest

from mtgsim import field_words, schema
from mtgsim.cards import model

ROOT = Path(__file__).resolve().parents[2]
CODED = field_words.CODED


@pytest.mark.parametrize("words, prefix, field, record", CODED, ids=lambda v: getattr(v, "__name__", None))
def test_the_compiled_enum_is_the_declared_words_in_order(words, prefix, field, record):
    """The core's enum of the same name: its prefix and each word's member name, valued by its
    place (`code`); a byte holds each (the records' fields are uint8_t)."""
    compiled = getattr(schema, words.__name__)
    assert [(m.name, int(m)) for m in compiled] == [(prefix + w.name, w.code) for w in words]
    assert [w.code for w in words] == list(range(len(words))) and len(words) <= 256


@pytest.mark.parametrize("words", [c[0] for c in CODED], ids=lambda w: w.__name__)
def test_the_card_model_takes_the_declared_words(words):
    assert getattr(model, words.__name__) is words


def _doc_words(doc: str, field: str) -> set[str]:
    """The words docs/card-format.md lists for TOML field `field` (`unless = "a" \\| "b"`, or
    `{ count = "x" }` once per word)."""
    out: set[str] = set()
    for m in re.finditer(rf'`(?:\{{ )?{field} = ((?:"\w+"(?: \\?\| )?)+)', doc):
        out |= set(re.findall(r'"(\w+)"', m.group(1)))
    return out


@pytest.mark.parametrize("words, prefix, field, record", CODED, ids=lambda v: getattr(v, "__name__", None))
def test_card_format_lists_each_word_of_the_field(words, prefix, field, record):
    """Each word but the field's unwritten default ("") is listed where the docs give the field."""
    doc = (ROOT / "docs" / "card-format.md").read_text()
    assert _doc_words(doc, field) == {w.value for w in words if w.value}, field


def test_mana_output_is_mana_kind_but_the_commander_identity_the_compiler_resolves():
    """ManaOutput (the core's) is kept by hand beside model.ManaKind: the same words in the same
    order, but for commander_identity, which the compiler turns into a fixed or chosen output per
    deck (903.4) before the core sees it."""
    kinds = [k.name for k in model.ManaKind if k is not model.ManaKind.COMMANDER_IDENTITY]
    assert [(m.name, int(m)) for m in schema.ManaOutput] == [("MO_" + k, i) for i, k in enumerate(kinds)]

"""No silent gaps: every field of the compiled records is read by some kernel room, or is
listed here with where it is acted on instead. A new field the kernels don't read fails this
test until it is implemented (one kernel branch) or listed with its reason."""
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "mtgsim"
RECORDS = ("Effect", "Activated", "Enters", "Triggered", "Card", "ManaAbility", "CostModifier",
           "ManaTrigger", "ManaReplacement", "GrantRow", "SpendRestriction", "Condition", "Count", "Cost",
           "Hybrid", "Permanent", "Op", "Filter")

# (record, field): where it is acted on, if no kernel reads it
ACTED_ON_ELSEWHERE = {
    ("Card", "is_token"): "compile.py: a token definition is never part of a deck",
    ("Card", "unmodeled"): "simulate.py and the CLI report the card's unmodelled text once",
    ("SpendRestriction", "chosen_type"): "compile.py: the creature type chosen (one per game) is "
                                         "compiled into spell_subtypes; the flag marks the row",
    ("Permanent", "damage"): "no effect marks damage yet (514.2 has nothing to clear)",
    ("Permanent", "padding"): "no meaning: it pads the record to 64 bytes (a permanent's row found by a shift)",
}


def fields_of(record: str) -> list[str]:
    pxd = (SRC / "_records.pxd").read_text()
    body = re.search(rf"ctypedef struct {record}:(.*?)\n\n", pxd, re.S).group(1)
    return [m.group(1) for line in body.splitlines()
            if (m := re.match(r"\s+[\w\[\]]+\**\s+(\w+)", line))]


def test_every_compiled_field_is_read_by_a_kernel_or_says_where_it_is_acted_on():
    kernels = "".join(p.read_text() for p in [SRC / "_kernel.pxd", *sorted((SRC / "kernels").glob("*.pxi"))])
    unread = {(r, f) for r in RECORDS for f in fields_of(r) if not re.search(rf"\.{f}\b", kernels)}
    assert unread == set(ACTED_ON_ELSEWHERE), (
        f"read by no kernel and not listed: {sorted(unread - set(ACTED_ON_ELSEWHERE))}; "
        f"listed but now read: {sorted(set(ACTED_ON_ELSEWHERE) - unread)}")


@pytest.mark.parametrize("record", RECORDS)
def test_each_record_has_fields(record):
    assert len(fields_of(record)) >= 2


def test_a_cards_unmodelled_text_is_reported_once_as_it_enters_a_simulation():
    import warnings

    from mtgsim import Deck, MulliganPolicy, UnmodeledTextWarning, simulate
    deck = Deck({"Forest": 20, "Island": 20, "Growth Spiral": 20})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("default")
        for _ in range(2):
            simulate(deck, games=10, turns=2, seed=1, threads=1, mulligan=MulliganPolicy.never())
    reported = [str(w.message) for w in caught if issubclass(w.category, UnmodeledTextWarning)]
    assert reported == ["Growth Spiral: not simulated: The land is put onto the battlefield from your "
                        "hand at instant speed (modelled as an extra land drop this turn)."]


def test_a_cards_unmodelled_text_is_reported_as_it_enters_a_scenario():
    from mtgsim import Scenario, UnmodeledTextWarning
    s = Scenario()
    with pytest.warns(UnmodeledTextWarning, match="Growth Spiral: not simulated"):
        s.add_to_hand("Growth Spiral")


def test_a_simulation_result_records_the_decks_unmodelled_text():
    """SimResult.unmodeled: each card of the deck with text the simulator doesn't act on,
    name → what it leaves out, in the result and its JSON; fully simulated cards are absent
    (Lovestruck Beast's attack restriction is simulated, its Adventure is not)."""
    import json
    import warnings

    from mtgsim import Deck, MulliganPolicy, UnmodeledTextWarning, card, simulate
    mine = card("Test Oddity", "{G}", "Creature — Ooze", "2/2", unmodeled="Something odd.")
    deck = Deck({"Forest": 20, "Growth Spiral": 10, "Lovestruck Beast": 10, "Llanowar Elves": 10, mine: 10})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UnmodeledTextWarning)
        res = simulate(deck, games=10, turns=2, seed=1, threads=1, mulligan=MulliganPolicy.never())
    assert set(res.unmodeled) == {"Growth Spiral", "Lovestruck Beast", "Test Oddity"}
    assert res.unmodeled["Test Oddity"] == "Something odd."
    assert res.unmodeled["Lovestruck Beast"].startswith("Adventure: Heart's Desire")
    assert "attack" not in res.unmodeled["Lovestruck Beast"]
    assert json.loads(json.dumps(res.to_dict()))["unmodeled"] == res.unmodeled

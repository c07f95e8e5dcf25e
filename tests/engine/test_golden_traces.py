"""Golden traces: a few seeded games, turn by turn, compared exactly with tests/data/golden/.
After a deliberate change of the play policy, rewrite them with MTGSIM_UPDATE_GOLDEN=1."""
import os
from pathlib import Path

import pytest

from mtgsim import Deck, MulliganPolicy
from mtgsim.cli import example_decks
from mtgsim.simulate import trace

GOLDEN = Path(__file__).parents[1] / "data" / "golden"
CASES = {
    "red_fire_crystal_play": ("red_fire_crystal", True, None),
    "mono_green_henge_draw": ("mono_green_henge", False, None),
    "gw_midrange_never_mulligan": ("gw_midrange", True, MulliganPolicy.never()),
    "commander_elves_play": ("commander_elves", True, None),    # (903: Ezuri from the command zone)
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_trace(name):
    example, on_play, mulligan = CASES[name]
    deck = Deck.from_file(example_decks()[example])
    text = trace(deck, games=3, turns=7, on_play=on_play, seed=2026, mulligan=mulligan)
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("MTGSIM_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_trace_is_the_start_of_the_simulation():
    """The traced games are the first games `simulate` plays with that seed."""
    from mtgsim import simulate
    deck = Deck.from_file(example_decks()["red_fire_crystal"])
    text = trace(deck, games=1, turns=3, seed=9, mulligan=MulliganPolicy.never())
    res = simulate(deck, games=1, turns=3, seed=9, mulligan=MulliganPolicy.never(), threads=1)
    assert res.lands_in_play(3).value == text.count("; land ")    # no other land comes into play
    assert res.mana_spent(1).value == sum(int(part.split("(")[1].rstrip(")"))
                                          for part in text.splitlines()[2].split("; ") if part.startswith("cast "))

"""An optimization resolves the names it is given once (issue 30, item 7): the cards the
objective and `track` name are looked up once per card database, not once per variant, and the
variants' libraries are found by record, never by name."""
from importlib import resources

import pytest

from mtgsim import Deck, MulliganPolicy, Objective, optimize
from mtgsim.compile import Tables


def test_a_sweep_looks_the_objectives_card_up_once(lookups, monkeypatch):
    deck = Deck.from_file(str(resources.files("mtgsim.examples") / "mono_green_henge.txt"))
    variants = optimize.land_counts(deck, [19, 20, 21], "Forest", vary_size=True)
    del lookups[:]
    monkeypatch.setattr(Tables, "row", None)       # (no row is found by name)
    with pytest.warns(UserWarning):
        r = optimize.sweep(variants, Objective.castable("The Great Henge", turn=4), games=8192, turns=4, seed=1,
                           mulligan=MulliganPolicy.never(), threads=1, progress=False)
    assert lookups == ["The Great Henge"]
    assert len(r.labels) == 3 and "The Great Henge" in r.table()

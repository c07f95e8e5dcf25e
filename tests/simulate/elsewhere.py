"""What the tests of playing elsewhere (`client=`: an Executor, a Dask cluster) share: their test
cards, the check that two results are the same bits, and the optimizer's check on a client."""
import numpy as np

from mtgsim import Deck, MulliganPolicy, Objective, card, optimize

NEVER = MulliganPolicy.never()
FILLER = card("Test Filler", "{9}{G}", "Sorcery")
OGRE = card("Test Ogre", "{1}{G}{G}", "Sorcery")


def same(a, b) -> bool:
    """Do two simulation results have the same games and every metric bit for bit?"""
    return a.games == b.games and all(np.array_equal(a.metrics[k], b.metrics[k]) for k in a.metrics)


def optimizer_agrees(client, budget: int) -> None:
    """`sweep` and `mana_base` on `client` give one local thread's estimates, differences,
    ranking and games, bit for bit (mana_base within `budget` games)."""
    variants = {str(n): Deck({"Forest": n, FILLER: 60 - n}) for n in (18, 22)}
    obj = Objective.castable({OGRE: 1}, turn=3)
    kw = dict(games=20_480, turns=3, seed=3, mulligan=NEVER, track=[OGRE], progress=False)
    local, remote = optimize.sweep(variants, obj, threads=1, **kw), optimize.sweep(variants, obj, client=client, **kw)
    assert [local.estimate(v) for v in variants] == [remote.estimate(v) for v in variants]
    assert local.difference("22", "18") == remote.difference("22", "18")
    deck = Deck({"Plains": 4, "Island": 4, FILLER: 32})
    ww, uu = card("Test Knight", "{W}{W}", "Sorcery"), card("Test Drake", "{U}{U}", "Sorcery")
    mkw = dict(pool={"Plains": (0, 8), "Island": (0, 8)}, lands=8, objective=Objective.castable({ww: 1, uu: 1}, turn=8),
               budget=budget, seed=4, turns=8, mulligan=NEVER, track=[ww, uu], progress=False)
    a, b = optimize.mana_base(deck, threads=1, **mkw), optimize.mana_base(deck, client=client, **mkw)
    assert a.best_label == b.best_label and a.games_used == b.games_used
    assert [(lab, e) for lab, e in a.ranking] == [(lab, e) for lab, e in b.ranking]

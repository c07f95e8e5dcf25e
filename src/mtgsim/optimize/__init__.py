"""Deck optimization by simulation: how many lands, which lands in what split.

    variants = optimize.land_counts(deck, range(20, 27), land="Forest", cut=["Grizzly Bears"])
    r = optimize.sweep(variants, Objective.castable({"Llanowar Elves": 1}, on_curve=True), games=200_000)
    r.table(); r.best; r.difference("23", "24")
    m = optimize.mana_base(deck, pool={"Plains": (0, 17), "Island": (0, 17)}, lands=17, objective=obj)
    m.best.maindeck["Plains"]; m.ranking; m.search; m.separated

Every variant keeps the deck's size unless asked otherwise: a land count takes the `cut`
cards out as lands come in (land_counts(vary_size=True) lets the size change, and the table
says each variant's), and a mana base's split takes the place of the deck's copies of the
pool's lands, its other cards kept (a pool that can't keep the size is an error naming it).

Variants play common random numbers (crn=True): the same seeded chunks, and each variant's
cards on the positions of the cards they replace (variants.aligned_layout), so a paired
difference sees only the games the change touches. Racing (`sweep(race=True)`, and every
`mana_base`) plays rounds of doubling length and drops a variant as soon as its interval
against the leader excludes being best (engine.race). Everything runs on local threads or,
with `client=`, on a Dask cluster or any concurrent.futures.Executor, with bit-identical
results.
"""
from __future__ import annotations

from collections.abc import Mapping

from .. import checks, play_draw
from ..decklist import MAX_CARDS, Deck
from ..errors import ArgumentError, ArgumentTypeError, InternalError, shown
from ..objective import Objective
from ..runner import chunk_count, cluster
from ..simulate import progress_bar
from ..smoother import HandSmoother
from .engine import FIRST_ROUND, Engine, check_budget
from .engine import race as run_race
from .mulligan import MulliganResult, mulligan
from .results import ManaBaseResult, SweepResult
from .runs import check_cards_known, check_common, check_games, close_bar, interrupted
from .swaps import SwapsResult, swaps
from .variants import card_name, copy_limit, count_splits, land_counts, splits, with_lands

__all__ = ["EXHAUSTIVE_LIMIT", "ManaBaseResult", "MulliganResult", "SweepResult", "SwapsResult", "land_counts",
           "mana_base", "mulligan", "swaps", "sweep"]

EXHAUSTIVE_LIMIT = 60      # mana bases raced all at once at most; beyond, the local search
MAX_VARIANT_GAMES = 10 ** 10   # a variant's games (4.9 million chunks, whose figures it keeps: ~40 MB a term)


def sweep(variants, objective: Objective, games: int = 200_000, turns: int = 8, seed=None, crn: bool = True,
          mulligan=None, policy=None, on_play: bool | None = None, threads: int | None = None, client=None,
          progress: bool = True, track=(), race: bool = False, confidence: float = 0.95,
          hand_smoother=None, on: str | None = None, format=None) -> SweepResult:
    """Play every variant ({label: Deck}, e.g. from `land_counts`) `games` games and estimate
    the objective of each, with `confidence` intervals. crn=True: common random numbers (the
    same seeded chunks, cards on aligned positions), so differences are paired; crn=False:
    independent streams. race=True: rounds of doubling length, dropping variants whose
    interval against the leader excludes being best, within games × variants in all. The
    simulation options are `simulate`'s (`hand_smoother` too: every variant's hands dealt by it;
    `on`: "play", "draw" or "both"; on "both", the variants' chunks pair up, one on the play and
    one on the draw, and the intervals are over the pairs; `format` too: a preset's name or a
    Format, whose settings the games take and whose land count the baselines fall back on);
    `client` as `simulate` takes it (a Dask Client or address, or a concurrent.futures.Executor)."""
    if isinstance(variants, Mapping):
        items = list(variants.items())
    else:
        raise ArgumentTypeError(f"sweep: variants must be a mapping {{label: Deck}}, not {type(variants).__name__}")
    if not items:
        raise ArgumentError("sweep: no variants to sweep (an empty mapping)")
    for label, deck in items:
        if not isinstance(deck, Deck):
            raise ArgumentTypeError(f"sweep: variant {shown(label)} is a {type(deck).__name__}, not a mtgsim.Deck")
    on = check_games(games, on, on_play, MAX_VARIANT_GAMES,
                     " (each keeps its figures chunk by chunk, for the intervals)", "sweep")
    progress = checks.flag(progress, "sweep: progress")
    threads, track = check_common(objective, threads, confidence, track, "sweep")
    check_cards_known(objective, {c.name: c for _, d in items for c, _ in d.cards("commander") + d.cards("maindeck")},
                      track, "sweep")
    if not isinstance(crn, bool) or not isinstance(race, bool):
        raise ArgumentTypeError("sweep: crn and race must be True or False")
    hand_smoother = HandSmoother.of(hand_smoother, "sweep: hand_smoother")
    bar = progress_bar(games * len(items), desc="optimizing") if progress else None
    engine = None
    try:
        with cluster(client) as remote:
            engine = Engine(objective, turns, None, mulligan, policy, track, threads, remote, seed,
                            crn, confidence, bar, hand_smoother=hand_smoother, on=on, format=format)
            cands = [engine.add(str(label), deck) for label, deck in items]
            if race:
                out = run_race(engine, cands, games * len(items))
                return SweepResult(engine, cands, out.separated, out.stopped)
            # Rounds of doubling length (the same chunks, so the same figures, as all at once):
            # Ctrl-C leaves every variant with about as many games as the others.
            n_chunks, upto = chunk_count(games, engine.both), FIRST_ROUND
            while True:
                upto = min(upto, n_chunks)
                engine.play(cands, upto, games if upto == n_chunks else None)
                if upto == n_chunks:
                    return SweepResult(engine, cands, _separated(engine, cands), "all games played")
                upto *= 2
    except KeyboardInterrupt:
        engine = interrupted(engine)
        return SweepResult(engine, engine.candidates, False, "interrupted")
    finally:
        close_bar(bar)


def _separated(engine: Engine, cands) -> bool:
    """Is the leader better than every other variant, each comparison one-sided at
    (1 - confidence) / (k - 1) (Bonferroni: all together at `confidence`)?"""
    if len(cands) < 2:
        return True
    leader = engine.leader(cands)
    level = (1 - engine.confidence) / (len(cands) - 1)
    return all(engine.worse(c, leader, level) for c in cands if c is not leader)


def _label(split: Mapping[str, int]) -> str:
    return ", ".join(f"{name}={k}" for name, k in split.items())


def _pool_text(pool: Mapping[str, tuple[int, int]]) -> str:
    """A pool as --mana-base writes it: "Plains=0..17, Island=0..17"."""
    return ", ".join(f"{name}={lo}..{hi}" for name, (lo, hi) in pool.items())


def _check_pool(deck: Deck, pool, lands) -> dict[str, tuple[int, int]]:
    """The pool {land: (fewest, most)} in the deck's spellings, checked: lands, within the copy
    limits, and keeping the deck's size: a split of `lands` copies takes the place of the
    deck's copies of the pool's lands, so `lands` must be that many, and the ranges must
    allow it."""
    if not isinstance(pool, Mapping) or not pool:
        raise ArgumentError("mana_base: pool must be a non-empty mapping {land: (fewest, most)}")
    lands = checks.whole_number(lands, "mana_base: lands", 0, MAX_CARDS)     # (a section holds at most 10,000)
    out: dict[str, tuple[int, int]] = {}
    for land, rng in pool.items():
        name = card_name(deck, land, "mana_base: pool")
        if not deck.card(name).is_land:
            raise ArgumentError(f"mana_base: pool: {shown(name)} is not a land")
        if name in out:
            raise ArgumentError(f"mana_base: pool: {shown(name)} is given twice")
        if (not isinstance(rng, (tuple, list)) or len(rng) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in rng)):
            raise ArgumentError(f"mana_base: pool: {shown(name)} needs a (fewest, most) pair of whole numbers, "
                                f"got {shown(rng)}")
        lo, hi = rng
        if not 0 <= lo <= hi:
            raise ArgumentError(f"mana_base: pool: {shown(name)}: the range {lo}..{hi} is empty or negative")
        limit = copy_limit(deck, name)
        if limit is not None and hi > limit:
            raise ArgumentError(f"mana_base: pool: {shown(name)}: {hi} copies is outside the copy limits "
                                f"(a deck has at most {limit} of a card that is not a basic land)")
        out[name] = (lo, hi)
    held = sum(deck.maindeck.get(name, 0) for name in out)
    if lands != held:
        others = {n: k for n, k in deck.lands.items() if n not in out}
        hint = f" A split of {held} lands keeps it." if held else ""
        if others:
            first, k = next(iter(others.items()))
            hint += (f" The deck's other lands ({', '.join(f'{k} {n}' for n, k in others.items())}) stay; put "
                     f"in the pool those the split may replace (e.g. {first}=0..{k}).")
        raise ArgumentError(f"mana_base: the pool ({_pool_text(out)}) can't keep the deck's size with {lands} "
                            f"lands: the split takes the place of the deck's {held} copies of the pool's lands "
                            f"and would make a deck of {len(deck) - held + lands} cards, not {len(deck)}.{hint}")
    low, high = sum(lo for lo, _ in out.values()), sum(hi for _, hi in out.values())
    if not low <= lands <= high:
        raise ArgumentError(f"mana_base: the pool ({_pool_text(out)}) can't keep the deck's size: its ranges "
                            f"sum to {low}..{high} lands, and the deck holds {shown(lands)} of its lands")
    return out


def _start(deck: Deck, pool: dict[str, tuple[int, int]], lands: int) -> dict[str, int]:
    """The deck's own split of the pool's lands, brought within the ranges and to `lands`
    copies (one copy at a time: to the land furthest below its share, from the one furthest
    above)."""
    main = deck.maindeck
    split = {n: min(max(main.get(n, 0), lo), hi) for n, (lo, hi) in pool.items()}
    while sum(split.values()) < lands:
        n = max((n for n in pool if split[n] < pool[n][1]), key=lambda n: (pool[n][1] - split[n], -list(pool).index(n)))
        split[n] += 1
    while sum(split.values()) > lands:
        n = max((n for n in pool if split[n] > pool[n][0]), key=lambda n: (split[n] - pool[n][0], -list(pool).index(n)))
        split[n] -= 1
    return split


def _neighbours(split: dict[str, int], pool: dict[str, tuple[int, int]]) -> list[dict[str, int]]:
    """The splits one land moved from another: one copy of a for one copy of b."""
    out = []
    for a in pool:
        for b in pool:
            if a != b and split[a] > pool[a][0] and split[b] < pool[b][1]:
                s = dict(split)
                s[a] -= 1
                s[b] += 1
                out.append(s)
    return out


def mana_base(deck: Deck, pool, lands: int, objective: Objective, budget: int = 20_000_000,
              confidence: float = 0.95, seed=None, client=None, turns: int = 8, on_play: bool | None = None,
              mulligan=None, policy=None, threads: int | None = None, progress: bool = True,
              track=(), hand_smoother=None, on: str | None = None, format=None) -> ManaBaseResult:
    """The best split of `lands` copies among the `pool`'s lands ({land: (fewest, most)}),
    by racing within `budget` games: all splits at once when there are at most
    EXHAUSTIVE_LIMIT, else a local search from the deck's own split (move one land for
    another; race the neighbourhood; go to its winner; stop at a split that wins its own).

    Every variant keeps the deck's size and its other cards: the split takes the place of the
    deck's copies of the pool's lands (`lands` must be their number; the deck's lands outside
    the pool stay), and a pool that can't keep the size is an ArgumentError naming it. Every
    variant's hands are dealt by `hand_smoother` (as `simulate`'s). `on`: "play", "draw" or
    "both", as `sweep` takes it. `format` as sweep's."""
    if not isinstance(deck, Deck):
        raise ArgumentTypeError(f"mana_base: deck must be a mtgsim.Deck, not {type(deck).__name__}")
    pool = _check_pool(deck, pool, lands)
    on = play_draw.start(on, on_play, "mana_base: ")
    progress = checks.flag(progress, "mana_base: progress")
    threads, track = check_common(objective, threads, confidence, track, "mana_base")
    hand_smoother = HandSmoother.of(hand_smoother, "mana_base: hand_smoother")
    base = {n: k for n, k in deck.maindeck.items() if n not in pool}
    check_cards_known(objective, {**{c.name: c for c, _ in deck.cards("commander") + deck.cards("maindeck")},
                                  **{n: deck.card(n) for n in pool}}, track, "mana_base")
    n_splits = count_splits(pool, lands)
    exhaustive = n_splits <= EXHAUSTIVE_LIMIT
    budget = check_budget(budget, n_splits if exhaustive else 1 + len(_neighbours(_start(deck, pool, lands), pool)),
                          "mana_base")
    bar = progress_bar(budget, desc="mana base") if progress else None
    found: dict[str, dict[str, int]] = {}
    engine = None
    search = "exhaustive" if exhaustive else "local search with racing"
    try:
        with cluster(client) as remote:
            engine = started = Engine(objective, turns, None, mulligan, policy, track, threads, remote,
                                      seed, True, confidence, bar, hand_smoother=hand_smoother, on=on,
                                      format=format)
            by_label = {}

            def candidate(split):
                label = _label(split)
                if label not in by_label:
                    found[label] = dict(split)
                    variant = with_lands(deck, {**base, **split}, f"{deck.name or 'deck'} ({label})")
                    if len(variant) != len(deck):
                        raise InternalError(f"mana_base: the variant {label} has {len(variant)} cards, "
                                            f"the deck {len(deck)}")
                    by_label[label] = started.add(label, variant)
                c = by_label[label]
                c.dropped = None
                return c

            if exhaustive:
                cands = [candidate(s) for s in splits(pool, lands)]
                out = run_race(engine, cands, budget)
                return ManaBaseResult(engine, cands, out.separated, out.stopped, search, found)
            current = candidate(_start(deck, pool, lands))
            while True:
                hood = [current] + [candidate(s) for s in _neighbours(found[current.label], pool)]
                out = run_race(engine, hood, budget)
                winner = engine.leader(out.alive)
                if winner is current or out.stopped == "budget spent":
                    for c in by_label.values():       # (the last race's losers keep their reason)
                        if c not in hood and c.dropped is None:
                            c.dropped = "an earlier neighbourhood"
                    separated = out.separated and winner is current
                    stopped = out.stopped if out.stopped == "budget spent" else "local optimum"
                    return ManaBaseResult(engine, list(by_label.values()), separated, stopped, search, found)
                current = winner
    except KeyboardInterrupt:
        engine = interrupted(engine)
        return ManaBaseResult(engine, engine.candidates, False, "interrupted", search, found)
    finally:
        close_bar(bar)


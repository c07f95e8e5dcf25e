"""What to cut and what to add: `optimize.swaps` ranks the one-for-one swaps of a deck by their
paired effect on an objective, racing them.

    w = optimize.swaps(deck, "sideboard", Objective.castable("Steel Leaf Champion", on_curve=True),
                       games=200_000, seed=1)
    w.table(); w.best; w.estimate("Llanowar Elves", "Thragtusk")

The swaps made (`plan_swaps`): for each card to cut X (every distinct main-deck card, or the
`cut` list given) and each candidate Y (the list given, or the deck's sideboard), "-1 X, +1 Y"
unless Y is X or the deck already holds Y's copy limit; and for each spell X, "-1 X, +1" the
deck's most-played basic land. lands=False keeps only the swaps that keep the land count
(spell for spell, land for land). Every variant has the deck's size.

Each swap is a variant compiled once, beside the deck as it is (the reference): common random
numbers lay the new card on the position of the card it replaces, so the two play the same
games except those that draw that one position, and the paired difference sees only those.
The variants race (engine.race): rounds of doubling length from 4 chunks each, dropping the
variants whose interval against the leader excludes being best, within `budget` games and at
most `games` games a variant; the deck as it is plays every round, dropped or not, so each
swap's effect is paired on all of its games.
"""
from __future__ import annotations

from collections.abc import Iterable

from .. import checks
from ..cards import CardDef, normalize_name
from ..cards.database import named_card
from ..decklist import Deck
from ..errors import ArgumentError, ArgumentTypeError, shown
from ..objective import Objective
from ..runner import CHUNK, chunk_count, cluster
from ..simulate import progress_bar
from ..smoother import HandSmoother
from .engine import MAX_BUDGET, Engine, check_budget
from .engine import race as run_race
from .runs import check_cards_known, check_common, check_games, close_bar, interrupted
from .swap_results import AS_IT_IS, Swap, SwapPlan, SwapsResult
from .variants import card_name, copy_limit, with_lands

__all__ = ["Swap", "SwapPlan", "SwapsResult", "plan_swaps", "swaps"]

SIDEBOARD = "sideboard"     # candidates="sideboard": the deck's sideboard cards


def swaps(deck: Deck, candidates, objective: Objective, games: int = 200_000, seed=None, turns: int = 8,
          budget: int | None = None, confidence: float = 0.95, threads: int | None = None, client=None,
          mulligan=None, policy=None, on_play: bool | None = None, lands: bool = True, cut=None, progress: bool = True,
          track=(), hand_smoother=None, on: str | None = None, format=None) -> SwapsResult:
    """Rank the one-for-one swaps of `deck` (module docstring: which are made) by their paired
    effect on `objective` against the deck as it is, racing them within `budget` games (None:
    `games` for every variant, at most engine.MAX_BUDGET: racing only saves) and at most
    `games` games a variant (rounded up to whole chunks of 2,048). `candidates`: card names or
    CardDefs, or "sideboard" (the deck's sideboard); `cut`: the cards to take out (None: every
    distinct main-deck card), the user's restriction, which the report states. The simulation
    options are `simulate`'s (`on`: "play", "draw" or "both", as `sweep` takes it; `format` too);
    `client` as `simulate` takes it (a Dask Client or address, or a concurrent.futures.Executor)."""
    if not isinstance(deck, Deck):
        raise ArgumentTypeError(f"swaps: deck must be a mtgsim.Deck, not {type(deck).__name__}")
    threads, track = check_common(objective, threads, confidence, track, "swaps")
    on = check_games(games, on, on_play, MAX_BUDGET, "", "swaps")
    progress = checks.flag(progress, "swaps: progress")
    hand_smoother = HandSmoother.of(hand_smoother, "swaps: hand_smoother")
    plan, base = plan_swaps(deck, candidates, cut, lands, format)
    added = {n: base.card(n) for n in plan.candidates + ((plan.basic,) if plan.basic else ())}
    check_cards_known(objective, {**{c.name: c for c, _ in base.cards("commander") + base.cards("maindeck")},
                                  **added}, track, "swaps")
    most = chunk_count(int(games), on == "both")
    k = len(plan.swaps) + 1
    budget = check_budget(min(most * CHUNK * k, MAX_BUDGET) if budget is None else budget, k, "swaps")
    bar = progress_bar(budget, desc="swaps") if progress else None
    engine = None
    try:
        with cluster(client) as remote:
            engine = Engine(objective, turns, None, mulligan, policy, track, threads, remote, seed,
                            True, confidence, bar, hand_smoother=hand_smoother, on=on, format=format)
            reference = engine.add(AS_IT_IS, base)
            raced = [reference] + [engine.add(s.label, swapped(base, s)) for s in plan.swaps]
            out = run_race(engine, raced, budget, most=most, reference=reference)
            return SwapsResult(engine, plan, out.separated, out.stopped)
    except KeyboardInterrupt:
        engine = interrupted(engine)
        return SwapsResult(engine, plan, False, "interrupted")
    finally:
        close_bar(bar)


def swapped(deck: Deck, swap: Swap) -> Deck:
    """`deck` with one copy of `swap.out` taken out of its main deck and one of `swap.into` put in."""
    counts = deck.maindeck
    counts[swap.out] -= 1
    counts[swap.into] = counts.get(swap.into, 0) + 1
    return with_lands(deck, counts, f"{deck.name or 'deck'} ({swap.label})")


def plan_swaps(deck: Deck, candidates, cut=None, lands: bool = True, format=None) -> tuple[SwapPlan, Deck]:
    """The swaps to race (module docstring) and the deck they are made from: `deck` itself, or,
    where a candidate is a CardDef its database lacks, `deck` over its database with that card. A
    candidate the deck already holds as many of as `format` allows (copy_limit) goes into no swap."""
    if not isinstance(lands, bool):
        raise ArgumentTypeError(f"swaps: lands must be True or False, not {shown(lands)}")
    base, names, source = _candidates(deck, candidates)
    main = base.maindeck
    limited = cut is not None
    if cut is None:
        outs = list(main)
    else:
        cut = [cut] if isinstance(cut, (str, CardDef)) else checks.items(cut, "swaps: cut")
        if not cut:
            raise ArgumentError("swaps: cut is empty: name the cards to take out, or leave it out (None: "
                                "every main-deck card)")
        outs = []
        for c in cut:
            name = card_name(base, c, "swaps: cut")
            if name not in main:
                raise ArgumentError(f"swaps: cut: {shown(name)} is not in the main deck")
            if name in outs:
                raise ArgumentError(f"swaps: cut: {shown(name)} is given twice")
            outs.append(name)
    basic = _most_played_basic(base) if lands else None
    full = {}
    for y in names + ([basic] if basic and basic not in names else []):
        limit = copy_limit(base, y, format)
        if limit is not None and main.get(y, 0) + 1 > limit:
            full[y] = f"the deck holds {main[y]} (a deck has at most {limit} of a card that is not a basic land)"
    made = []
    for x in outs:
        x_land = base.card(x).is_land
        for y in names:
            if y != x and y not in full and (lands or base.card(y).is_land == x_land):
                made.append(Swap(x, y))
        if basic and basic not in names and basic not in full and not x_land:
            made.append(Swap(x, basic))
    if not made:
        raise ArgumentError(f"swaps: no swap to make: cutting {_listed(outs)} for {_listed(names)}"
                            + (f" ({'; '.join(f'{y}: {why}' for y, why in full.items())})" if full else "")
                            + ("" if lands else " with lands=False (a land only for a land, a spell for a spell)"))
    plan = SwapPlan(tuple(made), tuple(outs), limited, tuple(names), source, basic, lands, tuple(full.items()))
    return plan, base


def _candidates(deck: Deck, candidates) -> tuple[Deck, list[str], str]:
    """(the deck to swap in, the candidates' names in its database, where they came from)."""
    if isinstance(candidates, str) and normalize_name(candidates) == SIDEBOARD:
        if not deck.sideboard:
            raise ArgumentError("swaps: candidates='sideboard', but the deck has no sideboard: give the cards "
                                "to try (candidates=[...])")
        return deck, list(deck.sideboard), "the sideboard"
    given = [candidates] if isinstance(candidates, (str, CardDef)) else checks.items(candidates, "swaps: candidates")
    if not given:
        raise ArgumentError("swaps: candidates is empty: give the cards to try, or 'sideboard'")
    for c in given:
        if not isinstance(c, (str, CardDef)):
            raise ArgumentTypeError(f"swaps: candidates must be card names or CardDefs, got {type(c).__name__}")
    new = {}
    for c in given:
        if isinstance(c, CardDef) and deck.db.get(c.name) != c:
            if c.name in deck.db and deck.db[c.name].name in deck.maindeck:
                raise ArgumentError(f"swaps: candidates: {shown(c.name)} is given as a card unlike the deck's own "
                                    f"{shown(c.name)}")
            new[normalize_name(c.name)] = c
    base = deck
    if new:
        db = deck.db.extended(*new.values(), replace=True)
        base = Deck(deck.maindeck, sideboard=deck.sideboard or None, commander=deck.commander or None,
                    companion=deck.companion or None, db=db, name=deck.name)
    names: list[str] = []
    for c in given:
        name = named_card(base.db, c.name if isinstance(c, CardDef) else c, "swaps: candidates").name
        if name in names:
            raise ArgumentError(f"swaps: candidates: {shown(name)} is given twice")
        names.append(name)
    return base, names, "given"


def _most_played_basic(deck: Deck) -> str | None:
    """The main deck's basic land of the most copies (the first listed of a tie), or None."""
    basics = [(k, name) for name, k in deck.maindeck.items() if deck.card(name).is_land and deck.card(name).is_basic]
    return max(basics, key=lambda b: b[0])[1] if basics else None


def _listed(names: Iterable[str]) -> str:
    names = list(names)
    return ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")

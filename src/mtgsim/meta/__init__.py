"""Tournament metagame simulation: Swiss events by the Magic Tournament Rules, many thousands a
second in the compiled core (`mtgsim._meta`), from a field and its matchups.

    field = meta.Field({"Mono-Red Aggro": 0.22, "Domain Ramp": 0.18}, players=256)
    mu = meta.Matchups({("Mono-Red Aggro", "Domain Ramp"): 0.58})
    res = meta.simulate_events(field, mu, events=100_000, seed=1)
    res.summary(); res.p_top8("Domain Ramp"); res.record_distribution("Domain Ramp")
    event = meta.play_event(field, mu, seed=7)          # one event in full
    meta.equilibrium(mu).shares; meta.replicator(field, mu, generations=50)   # the metagame's equilibrium, its drift
    meta.best_deck(field, mu, events=20_000, seed=1).best                  # the deck to bring to the field

Seeding: `seed` → numpy SeedSequence → one child per chunk of EVENTS_CHUNK events, so the
results are identical for any number of threads (meta/events.py).
"""
from __future__ import annotations

from collections import namedtuple

import numpy as np

from .. import _meta, checks
from ..errors import ArgumentTypeError
from ..runner import chunk_generator
from ..simulate import progress_bar
from .best_deck import OBJECTIVES as BEST_DECK_OBJECTIVES
from .best_deck import BestDeck, best_deck
from .equilibrium import Equilibrium, equilibrium
from .events import EVENTS_CHUNK, Rules, event_settings, play_chunks, posterior_draw
from .field import Field, recommended_rounds
from .matchups import Matchups
from .race import RaceMatchup, matchup_from_race
from .replicator import replicator
from .results import Event, EventsResult
from .spread import Spread

__all__ = ["Field", "Matchups", "simulate_events", "play_event", "matchup_from_race", "RaceMatchup",
           "EventsResult", "Event", "Standing", "recommended_rounds", "EVENTS_CHUNK",
           "equilibrium", "Equilibrium", "replicator", "best_deck", "BestDeck",
           "BEST_DECK_OBJECTIVES"]

Standing = namedtuple("Standing", "rank player archetype match_points omw gw ogw")


def _settings(field, matchups, best_of, rounds, top_cut, draw_rate, intentional_draws) -> Rules:
    if not isinstance(field, Field):
        raise ArgumentTypeError(f"field must be a meta.Field, not {type(field).__name__}")
    if not isinstance(matchups, Matchups):
        raise ArgumentTypeError(f"matchups must be meta.Matchups, not {type(matchups).__name__}")
    checked = event_settings(field.players, best_of, rounds, top_cut, draw_rate, intentional_draws)
    names = field.names
    tables = np.stack([matchups.matrix(names), matchups.matrix(names, post_board=True)])
    index = {n: i for i, n in enumerate(names)}
    arch = np.array([index[a] for a in field.archetypes()], dtype=np.int32)
    return Rules(arch, np.ascontiguousarray(tables, dtype=np.float64), *checked)


def simulate_events(field: Field, matchups: Matchups, events: int = 100_000, best_of: int = 3,
                    rounds: int | None = None, top_cut: int = 8, draw_rate: float = 0.0,
                    intentional_draws: bool = False, seed=None, threads: int | None = None,
                    progress: bool = True, matchup_uncertainty: bool = False) -> EventsResult:
    """Play `events` Swiss events of the field, each with `rounds` rounds (None: as MTR Appendix
    E recommends for its size) and a top cut of `top_cut`; per archetype, the share of the
    field, match points, match-win percentage, records, P(top cut), P(win), conversion. Games
    2 and 3 of a match at the post-board figures (Matchups(..., post_board=...)).
    matchup_uncertainty=True: each chunk of EVENTS_CHUNK events is played at matchups drawn
    from the pairs' posteriors (Matchups.from_results), so that the intervals include what the
    results don't know (meta/spread.py); the other pairs keep their figures."""
    from ..simulate import seed_sequence, nothing_finished
    rules = _settings(field, matchups, best_of, rounds, top_cut, draw_rate, intentional_draws)
    events = checks.games(events, "events")
    threads = checks.threads(threads)
    progress = checks.flag(progress, "progress")
    draw, spread = None, None
    if checks.flag(matchup_uncertainty, "matchup_uncertainty"):
        draw = posterior_draw(matchups, field.names)
        spread = Spread(rules.layout(), [field.count[n] for n in field.names], rules.rounds)
    root = seed_sequence(seed)
    if seed is None:
        seed = root.entropy
    layout = rules.layout()
    totals = np.zeros(layout["size"][0], dtype=np.int64)
    bar = progress_bar(events, unit="event", desc="events") if progress else None
    interrupted = False
    try:
        for *_, out in play_chunks(rules, events, root, threads, bar, draw):
            totals += out.sum(axis=0)
            if spread is not None:
                spread.add(out)
    except KeyboardInterrupt:           # Ctrl-C: the events finished are the result
        interrupted = True
    finally:
        if bar is not None:
            bar.close()
    if totals[layout["events"][0]] == 0:
        nothing_finished("event")
    return EventsResult(field, rules.rounds, rules.best_of, rules.top_cut, seed, layout, totals, matchups,
                        rules.draw_rate, rules.intentional_draws, interrupted=interrupted, spread=spread)


def play_event(field: Field, matchups: Matchups, seed=None, best_of: int = 3, rounds: int | None = None,
               top_cut: int = 8, draw_rate: float = 0.0, intentional_draws: bool = False) -> Event:
    """One event in full: each Swiss round's matches, the standings after the Swiss rounds
    with their tiebreakers, and the top cut round by round."""
    from ..simulate import seed_sequence
    rules = _settings(field, matchups, best_of, rounds, top_cut, draw_rate, intentional_draws)
    rounds, top_cut = rules.rounds, rules.top_cut
    root = seed_sequence(seed)
    opp, gw, gl, gd, order, mp, omw, gwp, ogw, bracket, unproven = _meta.play_one(
        rules.arch, rules.tables, rounds, rules.best_of, top_cut, rules.draw_rate, rules.intentional_draws,
        chunk_generator(root, 0))
    names = field.archetypes()
    swiss = []
    for r in range(rounds):
        matches: list[tuple[int, int | None, int, int, int]] = []
        for p in range(len(names)):
            q = int(opp[p, r])
            if q < 0:
                matches.append((p, None, int(gw[p, r]), int(gl[p, r]), int(gd[p, r])))
            elif p < q:
                matches.append((p, q, int(gw[p, r]), int(gl[p, r]), int(gd[p, r])))
        swiss.append(matches)
    standings = [Standing(i + 1, int(p), names[p], int(mp[p]), float(omw[p]), float(gwp[p]), float(ogw[p]))
                 for i, p in enumerate(order)]
    playoff = []
    if top_cut:
        start, size = 0, top_cut
        while size > 1:
            seeds = [int(x) for x in bracket[start:start + size]]
            winners = [int(x) for x in bracket[start + size:start + size + size // 2]]
            playoff.append([(seeds[2 * i], seeds[2 * i + 1], winners[i]) for i in range(size // 2)])
            start += size
            size //= 2
    return Event(field, rounds, rules.best_of, top_cut, swiss, standings, playoff, unproven)

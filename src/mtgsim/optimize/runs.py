"""What every optimization run shares around its engine: the checks of the arguments all of
them take (objective, threads, confidence, tracked cards, the objective's cards known to some
variant), closing the progress bar where the run stopped, and what Ctrl-C leaves.
"""
from __future__ import annotations

from .. import checks, play_draw
from ..cards import CardDef
from ..errors import ArgumentError, ArgumentTypeError, LimitError, shown
from ..objective import Objective
from ..runner import CHUNK
from ..simulate import nothing_finished
from .engine import Engine

__all__ = ["check_cards_known", "check_common", "check_games", "close_bar", "interrupted"]


def close_bar(bar) -> None:
    """Close a run's progress bar (None: no bar) at the games played."""
    if bar is not None:
        bar.total = bar.n          # (a race that stopped early ends its bar where it stopped)
        bar.refresh()
        bar.close()


def check_games(games, on, on_play, most: int, limit_words: str, what: str) -> str:
    """A run's games per variant and its start, checked: whole chunks for an interval (two at
    least; on "both", two pairs, one of each on the play and on the draw), at most `most`
    (`limit_words` says why). Returns the start (play_draw.start)."""
    if not checks.is_whole(games) or games < 2 * CHUNK:
        raise ArgumentError(f"{what}: games must be a whole number >= {2 * CHUNK} (intervals come from the "
                            f"spread between chunks of {CHUNK} games), got {shown(games)}")
    if games > most:
        raise LimitError(f"{what}: games must be at most {most:,} per variant{limit_words}, got {shown(games)}")
    on = play_draw.start(on, on_play, f"{what}: ")
    if on == "both" and games < 4 * CHUNK:
        raise ArgumentError(f"{what}: games must be >= {4 * CHUNK} on='both' (intervals come from the spread "
                            f"between pairs of chunks of {CHUNK} games, one on the play and one on the draw), "
                            f"got {shown(games)}")
    return on


def check_common(objective, threads, confidence, track, what: str):
    """The objective, threads, confidence and tracked cards of a run, checked: (threads, track)."""
    if not isinstance(objective, Objective):
        raise ArgumentTypeError(f"{what}: objective must be an mtgsim.Objective, not {type(objective).__name__}")
    threads = checks.threads(threads, f"{what}: threads")
    if checks.number(confidence, f"{what}: confidence", 0.5, 1) == 1:
        raise ArgumentError(f"{what}: confidence must be in [0.5, 1), got {shown(confidence)}")
    track = (track,) if isinstance(track, (str, CardDef)) else checks.items(track, f"{what}: track")
    for t in track:
        if not isinstance(t, (str, CardDef)):
            raise ArgumentTypeError(f"{what}: track must list card names or cards, got {type(t).__name__}")
    return threads, track


def check_cards_known(objective: Objective, cards: dict, track: tuple, what: str) -> None:
    """Every card the objective reads is a spell in some variant (`cards`: name → CardDef of
    the variants' cards, their commanders too), or tracked."""
    from ..cards import normalize_name
    known = {normalize_name(n): c for n, c in cards.items()}
    known.update({normalize_name(t.name): t for t in track if isinstance(t, CardDef)})
    named = {normalize_name(str(t)) for t in track if not isinstance(t, CardDef)}
    for name in objective.cards():
        c = known.get(normalize_name(name))
        if c is not None and c.is_land:
            raise ArgumentError(f"{what}: the objective reads {shown(name)}, a land: castable and cast by are "
                                "about spells (a land is played, not cast)")
        if c is None and normalize_name(name) not in named:
            raise ArgumentError(f"{what}: the objective reads {shown(name)}, which is in no variant and not "
                                "tracked (give track=[...] to ask about a card outside the decks)")


def interrupted(engine: Engine | None) -> Engine:
    """After Ctrl-C: the games each variant finished are its result (a variant with none is
    marked so), and the engine that played them is returned; with no game finished at all,
    the interrupt is passed on."""
    if engine is None or engine.games_used == 0:
        nothing_finished()
    for c in engine.candidates:
        if c.games == 0:
            c.dropped = "not played: interrupted"
    return engine

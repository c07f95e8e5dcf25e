"""On the play, on the draw, or both: the `on=` argument of every call that plays games
(`simulate`, `trace`, `optimize.sweep`, `optimize.mana_base` and the optimizer's Engine).

The player who starts is "on the play" and skips the draw of their first turn (103.8a; in a
multiplayer game no one skips it, 103.8c); the other is "on the draw". `on="play"` or
`on="draw"` plays every game one way; `on="both"` plays half the games each way and reports
the two halves apart and together. The older spelling `on_play=True/False` still works; a
call given both must give the same start.

A run on "both" lays out its chunks (mtgsim.runner) by parity: chunk c is on the play when c
is even and on the draw when c is odd, each chunk with its own seed as in any run. So the
run is bit-identical for any number of threads or Dask workers, a race's rounds (an even
number of chunks each) keep the halves balanced, and chunk pair (2p, 2p+1) is one play game
set and one draw game set: the independent unit the optimizer's intervals are taken over.
"""
from __future__ import annotations

from . import checks
from .errors import ArgumentError, ArgumentTypeError, shown

__all__ = ["ON", "START_WORDS", "check_both_games", "start"]

ON = ("play", "draw", "both")

START_WORDS = {"play": "on the play", "draw": "on the draw",
               "both": "half on the play, half on the draw"}


def start(on, on_play, what: str = "") -> str:
    """The start of a call's games, "play", "draw" or "both", from its `on` (None: not given)
    and its older `on_play` flag (None: not given; True is "play", False "draw"). Neither
    given: "play". `what` names the call in the messages ("sweep: ")."""
    flag = None if on_play is None else checks.flag(on_play, f"{what}on_play")
    if on is None:
        return "draw" if flag is False else "play"
    if not isinstance(on, str):
        raise ArgumentTypeError(f"{what}on must be one of {', '.join(map(repr, ON))}, not "
                                f"{type(on).__name__} {shown(on)}")
    if on not in ON:
        raise ArgumentError(f"{what}on must be one of {', '.join(map(repr, ON))}, got {shown(on)}")
    if flag is not None and on != ("play" if flag else "draw"):
        raise ArgumentError(f"{what}on={on!r} and on_play={flag} disagree (on_play=True is on='play', "
                            "on_play=False is on='draw'): give on alone")
    return on


def check_both_games(games: int, on: str, what: str = "") -> None:
    """A run on "both" has a game on the play and one on the draw at least."""
    if on == "both" and games < 2:
        raise ArgumentError(f"{what}games must be at least 2 on='both' (half the games on the play, half "
                            f"on the draw), got {games}")

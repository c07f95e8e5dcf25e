"""Replaying goldfish games through Scenario, action by action (a test helper).

The simulator traces, for a seeded game, every action it takes (land played, spell cast with
its X / kicker / flashback, ability activated with its target, card cycled, the turn's steps,
each card a scry or surveil looked at and whether it stayed on top, each card an op moved:
milled, or looked at and put into the hand or on the bottom) and the state after each
(`_core.with_snapshots`): permanents with their flags and counters, the hand, the pool and
both lives. `replay` sets a Scenario up with the kept hand and the library in the order the
game took cards from it (a card kept on top by a scry is taken once: the goldfish's known top
is the Scenario's top), takes the same actions through Scenario's public calls with the same
choices (those the play policy made once for every game read off the goldfish's CHOICES
record, `GoldfishSpec.choices`; the others off the trace), and compares the state after each.
The first difference is returned.

The choices are given to each action as one `choices` mapping by kind. A look putting cards
into the hand is replayed with "to_hand", the positions taken in the look (one such look per
action: two would need two masks, which Scenario has not).

The cards an effect discards are replayed with "cards_to_discard", by name (an optional discard
traced as none: `[]`, declined; a cost's discards are not traced: Scenario's default).

Cards put from the hand on top of the library (Brainstorm) are replayed with "cards_to_top",
the cards put back, top first; they are then the known top, as is a permanent put there
(Sensei's Divining Top). A look put back in any order
(rearrange) is replayed up to it, no further (its look's order and a shuffle are not traced).

A search shuffles the goldfish's library, so the cards a scry kept on top are unseen again;
a Scenario's library is never shuffled (its search takes the first land from the top). A game
is replayed up to such a search (`TracedGame.until`), no further.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from mtgsim import Scenario, _core
from mtgsim.mana import COLOR_ORDER
from mtgsim.simulate import GameRules, chunk_generator, game_setup
from mtgsim.vocabulary import COUNTER_NAMES

E = _core.TraceEvent
OpCode, Zone = _core.OpCode, _core.Zone
TYPES = "WUBRGC"
# the permanent flags both sides keep: tapped, token, sacrificed at the next end step
FLAGS = int(_core.PermanentFlag.PF_TAPPED | _core.PermanentFlag.PF_TOKEN | _core.PermanentFlag.PF_SACRIFICE_AT_END)


@dataclass
class State:
    permanents: list          # (name, flags, {counter kind index: n}) in battlefield order
    hand: Counter
    pool: dict
    lives: tuple              # (yours, the opponent's)

    def differences(self, other: State) -> list[str]:
        out = []
        if self.permanents != other.permanents:
            out.append(f"battlefield: goldfish {self.permanents} != scenario {other.permanents}")
        if self.hand != other.hand:
            out.append(f"hand: goldfish {sorted(self.hand.elements())} != scenario {sorted(other.hand.elements())}")
        if self.pool != other.pool:
            out.append(f"pool: goldfish {self.pool} != scenario {other.pool}")
        if self.lives != other.lives:
            out.append(f"lives: goldfish {self.lives} != scenario {other.lives}")
        return out


@dataclass
class Step:
    action: str               # "keep", "turn", "land", "cast", "activate", "attack"
    turn: int
    args: dict
    state: State


@dataclass
class TracedGame:
    kept: list                                      # the hand kept
    taken: list = field(default_factory=list)       # cards taken from the library, in order
    bottom: list = field(default_factory=list)      # cards put on the bottom, in order
    steps: list = field(default_factory=list)
    until: int | None = None                        # the step of a search shuffling a known top
    choices: np.ndarray | None = None               # the play policy's for every game (CHOICES)


def goldfish_spec(deck, turns: int, on_play=True, mulligan=None, policy=None) -> _core.GoldfishSpec:
    """The compiled spec `simulate` plays this deck's games with."""
    return game_setup(deck, turns, on_play, mulligan, policy, ()).spec


def traced_games(deck, games: int, turns: int, seed, on_play=True, mulligan=None, policy=None) -> list:
    """The first `games` games `simulate` plays with this seed, as TracedGames."""
    st = game_setup(deck, turns, on_play, mulligan, policy, ())
    spec = _core.with_snapshots(st.spec)
    events = _core.trace_games(spec, chunk_generator(np.random.SeedSequence(seed), 0), games).tolist()
    names = st.tables.card_names
    front_of = {d.back.name: d.name for d in st.tables.defs if d.back is not None}   # (712.12)
    searching = {d.name for d in st.tables.defs for a in d.abilities     # (spells whose search shuffles the
                 for op in getattr(getattr(a, "effect", None), "ops", ())  # library, finding a land or not)
                 if op.name in ("lands_to_battlefield", "lands_to_hand")}
    out = []
    action = {E.TR_KEEP: "keep", E.TR_TURN: "turn", E.TR_LAND: "land", E.TR_CAST: "cast",
              E.TR_ACTIVATE: "activate", E.TR_CYCLE: "cycle", E.TR_LIFE: "attack"}
    game = None
    args: dict = {}
    known: list = []          # the goldfish's known top of the library, the top card last
    looked: list = []
    look_left = 0
    k = 0
    while k < len(events):
        kind, turn, row, value = events[k]
        if kind == E.TR_GAME:
            game = TracedGame(kept=[], choices=spec.choices)
            out.append(game)
            args = {}
            known = []
        elif kind == E.TR_BOTTOM:
            game.bottom.append(names[row])
        elif kind == E.TR_LOOK:
            look_left, looked = value & 0xFF, []
        elif kind == E.TR_LOOKED:                    # (from the known top, or the library's unseen part)
            if known:
                assert known.pop() == names[row]
            else:
                game.taken.append(names[row])
            looked.append((names[row], bool(value)))
            args.setdefault("keep_on_top", []).append(bool(value))
            look_left -= 1
            if look_left == 0:
                known += [name for name, kept in reversed(looked) if kept]
        elif kind == E.TR_MOVED and value >> 16 == OpCode.OP_HAND_TO_TOP:    # (from the hand onto the
            args.setdefault("cards_to_top", []).insert(0, names[row])       # known top, the last on top)
            known.append(names[row])
        elif kind == E.TR_MOVED and value >> 16 == OpCode.OP_DISCARD:      # (an effect's discard, by name)
            args.setdefault("cards_to_discard", []).append(names[row])
        elif kind == E.TR_MOVED and value >> 16 == OpCode.OP_SOURCE_TO_TOP:  # (a permanent onto the known top)
            known.append(names[row])
        elif kind == E.TR_MOVED and value >> 16 == OpCode.OP_REARRANGE:     # (its look's order is not
            if game.until is None:                                          # traced, nor a shuffle: the
                game.until = len(game.steps)                                # game is replayed up to it)
            known = []
        elif kind == E.TR_MOVED:                    # (an op moved a card: from the library, as a draw)
            if value >> 16 in (OpCode.OP_LOOK_TO_HAND, OpCode.OP_LOOK_REVEAL):   # (a look's cards, as looked at)
                args.setdefault("to_hand", []).append(value >> 4 & 0xF == Zone.Z_HAND)
            if value & 0xF == Zone.Z_LIBRARY and known:
                assert known.pop() == names[row]
            elif value & 0xF == Zone.Z_LIBRARY:
                game.taken.append(names[row])
        elif kind == E.TR_DRAW and game.steps and known:
            assert known.pop() == names[row]
        elif kind in (E.TR_DRAW, E.TR_SEARCH) and game.steps:       # (after the keep)
            game.taken.append(names[row])
            if kind == E.TR_SEARCH and known:         # (the search shuffles the known top away)
                if game.until is None:
                    game.until = len(game.steps)
                known = []
        elif kind == E.TR_LAND:                     # (a back face played: its card, face="back")
            args = ({"card": front_of[names[row]], "face": "back"} if names[row] in front_of
                    else {"card": names[row], "face": "front"})
        elif kind == E.TR_CAST_WAY:
            if names[row] in searching and known:      # (a search that finds nothing is not traced, but
                if game.until is None:                 # shuffles the known top away all the same)
                    game.until = len(game.steps)
                known = []
            args = {"card": names[row], "x": value & 0xFFFF, "kicked": bool(value >> 16 & 1),
                    "flashback": bool(value >> 17 & 1), "from_command_zone": bool(value >> 18 & 1),
                    "suspended": bool(value >> 19 & 1), "plotted": bool(value >> 21 & 1),
                    "from_exile": bool(value >> 20 & 1)}     # (suspended, cast from exile: in the upkeep's turn step)
        elif kind == E.TR_ACTIVATE_WAY:
            args = {"source": row, "ability": value & 0xFF, "target": (value >> 8) - 1}
        elif kind == E.TR_CYCLE:
            args = {"card": names[row]}
        elif kind == E.TR_FLIP:                         # (a coin flipped: its result, as it was, 705.1)
            args.setdefault("coin_flips", []).append("lost" if value else "won")
        elif kind == E.TR_RETURN_LAND:                  # (the land a bounce land returned, and
            args["bounce"] = value & 0xFF               # the mana ability it was tapped for first)
            args["tapped"] = value >> 8
        elif kind == E.TR_STATE:
            state, k = _read_state(events, k + 1, names)
            step = Step(action[value], turn, args, state)
            if step.action == "keep":
                game.kept = list(state.hand.elements())
            game.steps.append(step)
            args = {}
            continue
        k += 1
    return out


def _read_state(events, k, names):
    perms, hand, pool, lives = [], Counter(), {}, None
    while lives is None:
        kind, _, row, value = events[k]
        if kind == E.TR_PERMANENT:
            perms.append((names[row], value & FLAGS, {}))
        elif kind == E.TR_COUNTER:
            perms[-1][2][row] = value
        elif kind == E.TR_IN_HAND:
            hand[names[row]] += 1
        elif kind == E.TR_POOL:
            pool[TYPES[row]] = value
        elif kind == E.TR_LIVES:
            lives = (row, value)
        k += 1
    return State(perms, hand, pool, lives), k


def scenario_state(s: Scenario) -> State:
    perms = []
    for p in s.battlefield("you") + s.battlefield("opponent"):
        i = s._index(p)
        counters = {COUNTER_NAMES.index(name): n for name, n in s.counters(p).items()}
        perms.append((p.name, int(s._perms[i]["flags"]) & FLAGS, counters))
    return State(perms, Counter(s.hand()), s.pool(), (s.life("you"), s.life("opponent")))


def replay(deck, game: TracedGame, on_play=True) -> str | None:
    """Take the game's actions through a Scenario; the first difference of state, or None. A
    Commander deck's game (GameRules) starts with its commanders in the command zone and 40
    life each (903.6, 903.7), and in a multiplayer game the first player draws on turn 1."""
    s = Scenario(db=deck.db)
    may_discard = {d.name for d in deck.db.cards() for a in d.abilities    # (spells and permanents whose
                   for op in getattr(getattr(a, "effect", None), "ops", ())    # effect may discard: 608.2d)
                   if op.name == "discard" and dict(op.params).get("may_discard")}
    rules = GameRules.of(deck)
    for name in rules.commanders:
        s.add_to_command_zone(name)
    for who in ("you", "opponent"):
        s.set_life(rules.starting_life, who)
    chosen = game.choices                                       # the policy's choices
    assert chosen is not None, "a TracedGame of traced_games: the goldfish's choices"
    colour = COLOR_ORDER[int(chosen["color"][0]).bit_length() - 1]
    pay_life = int(chosen["pay_life_above"][0])
    library = Counter(c.name for c, k in deck.cards("maindeck") for _ in range(k))
    library.subtract(Counter(game.kept))
    library.subtract(Counter(game.taken))
    rest = list(library.elements())
    for name in game.bottom:                 # the bottom last, in the order put there
        if name in rest:
            rest.remove(name)
    top_first = game.taken + rest + [n for n in game.bottom if library[n] > 0]
    for name in reversed(top_first):
        s.add_to_library(name)
    for name in game.kept:
        s.add_to_hand(name)
    for step in game.steps[:game.until]:
        where = f"turn {step.turn}, {step.action} {step.args}"
        to_hand = [q for q, taken in enumerate(step.args.get("to_hand", ())) if taken] or None
        chosen = {"color": colour, "pay_life": pay_life, "keep_on_top": step.args.get("keep_on_top"),
                  "to_hand": to_hand, "cards_to_top": step.args.get("cards_to_top"),    # (as the action resolves)
                  "cards_to_discard": step.args.get("cards_to_discard",             # (none traced: an optional
                                                    [] if step.args.get("card") in may_discard else None)}  # declined)
        try:
            if step.action == "turn":
                if step.turn > 1:
                    s.next_turn()            # the goldfish opponent's empty turn
                    flips = step.args.get("coin_flips")
                    s.next_turn(choices={"coin_flips": flips} if flips else None)
                elif not on_play or rules.multiplayer:
                    s.draw()
            elif step.action == "land":
                mine = s.battlefield("you")
                returned = step.args.get("bounce", len(mine))   # (past the lands there: itself)
                tapped = step.args.get("tapped", 0)
                if tapped:                   # (tapped for mana while the return was on the stack,
                    asked = tapped >> 8      # 605.3a: the same done before the land is played)
                    s.tap_for_mana(mine[returned], (tapped & 0xFF) - 1, TYPES[asked - 1] if asked else None)
                s.play_land(step.args["card"], face=step.args["face"],
                            choices={**chosen, "land_to_return": mine[returned] if returned < len(mine) else None})
            elif step.action == "cast":
                a = step.args
                if a["suspended"]:           # (116.2f: the special action, at the time it could be cast)
                    s.suspend(a["card"])
                elif a["plotted"]:           # (116.2k: the same)
                    s.plot(a["card"])
                elif a["from_exile"]:        # (702.170d: a card plotted on an earlier turn)
                    s.cast(a["card"], alternative="plotted", choices=chosen)
                else:
                    s.cast(a["card"], x=a["x"], kicked=a["kicked"],
                           alternative="flashback" if a["flashback"] else None,
                           from_command_zone=a["from_command_zone"], choices=chosen)
            elif step.action == "activate":
                mine = s.battlefield("you")
                a = step.args
                aim = a["target"] if a["target"] not in (-1, a["source"]) else None   # (on its source: no target)
                s.activate(mine[a["source"]], a["ability"], mine[aim] if aim is not None else None, choices=chosen)
            elif step.action == "cycle":
                s.cycle(step.args["card"], choices=chosen)
            elif step.action == "attack":
                s.attack()
        except Exception as e:               # noqa: BLE001 - any failure is a difference
            return f"{where}: Scenario raised {type(e).__name__}: {e}"
        diff = step.state.differences(scenario_state(s))
        if diff:
            return f"{where}: " + "; ".join(diff)
    return None

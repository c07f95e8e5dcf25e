"""One game, set up by hand, to ask rules questions: "what does this cost now?", "what can this
land make?", "what happens when I tap it?". A thin layer over the compiled kernels
(`mtgsim._core`), which do the rules: a Scenario is a batch of one board.

The game actions (paying, entering, triggers, effects, state-based actions, resolving spells
and abilities, token copies, combat, the turn's steps) are the goldfish's own, carried out in
the compiled game state (`_core.GameState`) on this Scenario's zones; what is left here is
checking arguments, handles and conversion, and one mana ability activated with the caller's
choices (`tap_for_mana`); the players' choices are read in `scenario_choices.py`, the handle
is `handle.Permanent`. See docs/rules-core.md.
"""
from __future__ import annotations

import itertools
from collections.abc import Mapping

import numpy as np

from . import _core, schema
from ._core import CardTypeBit
from .batch import (
    ALTERNATIVES,
    BEFORE_THE_GAME,
    TYPE_LETTERS,
    color_bit,
    check_cast_args,
    new_board_info,
    total_cost_to_mana_cost,
)
from .cards import CardDatabase, CardDef, card_db
from .cards.identity import color_identity
from .cards.creature_types import CREATURE_TYPES
from .cards.model import CARD_TYPES, ActivatedAbility, EntersEffect
from .checks import flag, is_whole
from .compile import Tables, compile_cards
from .formats import commander_problem
from .errors import (
    ArgumentError,
    ArgumentTypeError,
    LimitError,
    RulesError,
    shown,
    warn_unmodeled,
)
from .mana import ManaCost
from .handle import Permanent
from .pool import PLAYER_NAMES, POSSESSIVE, ManaPools, fit16, mana_dict
from .scenario_args import ability_index, check_compiles, counter_args, permanent_list, whole_arg
from .scenario_choices import ScenarioChoices, all_or_nothing, card_types
from .scenario_exile import ExileActions
from .vocabulary import COUNTER_NAMES, counter_kind

__all__ = ["Permanent", "RulesError", "Scenario"]

PLAYERS = {"you": 0, "opponent": 1}
TAPPED = int(schema.PermanentFlag.PF_TAPPED)
TOKEN = int(schema.PermanentFlag.PF_TOKEN)
SACRIFICE_AT_END = int(schema.PermanentFlag.PF_SACRIFICE_AT_END)
MAX_PERMANENTS = _core.MAX_PERMANENTS_IN_GAME    # the compiled game holds this many permanents


class Scenario(ScenarioChoices, ManaPools, ExileActions):
    """One game between "you" and "opponent": your turn 1, precombat main phase."""

    def __init__(self, db: CardDatabase | None = None, *, creature_type: str | None = None):
        """`creature_type`: the creature type each "As ~ enters, choose a creature type" chooses in
        this game (one for the game, 106.6: Cavern of Souls); None: the goldfish's policy over the
        scenario's cards (compile.chosen_creature_type)."""
        if db is not None and not isinstance(db, CardDatabase):
            raise ArgumentTypeError(f"db must be a CardDatabase (or None: the shipped cards), not "
                                    f"{type(db).__name__}")
        if creature_type is not None and creature_type not in CREATURE_TYPES:
            raise ArgumentError(f"creature_type {shown(creature_type)} is not a creature type (205.3m)")
        self.creature_type = creature_type
        self.db = db if db is not None else card_db()
        self._defs: dict[str, CardDef] = {}
        self._tables: Tables | None = None
        self._core: _core.CoreTables | None = None
        self._perms = schema.empty("permanent", 16)
        self._n = 0
        self._names: list[str] = []          # card name of each permanent row
        self._info = new_board_info(1)
        self._hands: tuple[list[str], list[str]] = ([], [])
        self._libraries: tuple[list[str], list[str]] = ([], [])
        self._graveyards: tuple[list[str], list[str]] = ([], [])
        self._command: tuple[list[str], list[str]] = ([], [])    # the command zones (903.6)
        self._exiled: list[tuple[str, int, int, int]] = []    # cards in exile their owner may cast later:
        # (name, owner, time counters, turn plotted or 0), in the order exiled (suspended cards, 702.62a;
        # plotted cards, 702.170a)
        self._commanders: tuple[dict[str, int], dict[str, int]] = ({}, {})   # each player's
        # commanders: the times each was cast from the command zone (903.8)
        self._next_id = 1
        self._state: _core.GameState | None = None     # the compiled game of these tables
        self._land_plays: tuple[int, ...] = (0,) * 6     # this turn: lands played, additional plays, spells cast
        self._given_as: dict[str, str] = {}  # the choices given for the next action: the names they were given by
        self._begin_action()
        self._acting = False
        self._choosing()
        self.log: list[str] = []

    # ---- cards and tables ------------------------------------------------------------------
    def _card(self, card: str | CardDef) -> CardDef:
        if isinstance(card, CardDef):
            c = card
        elif isinstance(card, str):
            c = self.db[card]                # UnknownCardError lists close names
        else:
            raise ArgumentTypeError(f"a card is a name or a CardDef, not {type(card).__name__}")
        known = self._defs.get(c.name)
        if known is None:
            check_compiles(c, self.db)      # beyond a limit? (ValueError) before it is in
            warn_unmodeled([c], stacklevel=4)
            self._defs[c.name] = c
            self._tables = None              # recompiled on next use
        elif known != c:
            raise ArgumentError(f"a different card named {shown(c.name)} is already in this scenario "
                                "(one name, one card: give the new one another name)")
        return c

    def _compile(self) -> tuple[Tables, _core.CoreTables]:
        """The compiled tables of the cards in play, and the core's hold of them (compiled on
        first use after a change)."""
        if self._tables is not None and self._core is not None:
            return self._tables, self._core
        # Commander-identity mana (903.4f): your commanders' colours, none without a commander.
        # (One set of tables serves both players: an opponent's such permanent adds yours.)
        mine = [self._defs[n] for n in self._commanders[0]]
        tables = compile_cards(self.db.resolve(self._defs.values()),
                               commander_identity=color_identity(mine) if mine else None,
                               creature_type=self.creature_type)
        for d in tables.defs:
            self._defs.setdefault(d.name, d)
        self._tables = tables
        self._core = _core.CoreTables(tables)
        self._state = None
        for i in range(self._n):                 # card rows moved: re-point every permanent (a Class's: its
            self._perms[i]["card"] = tables.row_at_level(    # row at its level, 716.2a)
                tables.row_of(self._defs[self._names[i]]), int(self._perms[i]["level"]))
        return tables, self._core

    @property
    def tables(self) -> Tables:
        return self._compile()[0]

    def _args(self) -> tuple[_core.CoreTables, np.ndarray, int, np.ndarray]:
        tables, core = self._compile()
        self._sync_hand_sizes()
        _core.count_graveyards(core, self._info, tuple([tables.row_of(self._defs[name]) for name in pile]
                                                       for pile in self._graveyards))
        return core, self._perms, self._n, self._info

    # ---- players and permanents -----------------------------------------------------------
    def _player(self, player) -> int:
        if isinstance(player, str) and player in PLAYERS:    # (a list is not hashable)
            return PLAYERS[player]
        if isinstance(player, (int, np.integer)) and not isinstance(player, bool) and player in (0, 1):
            return int(player)
        raise ArgumentError(f"player must be 'you' or 'opponent', got {shown(player)}")

    def _index(self, p: Permanent) -> int:
        if not isinstance(p, Permanent):
            raise ArgumentTypeError(f"expected a Permanent of this scenario, got {type(p).__name__}")
        if p.scenario is not self:
            raise ArgumentError(f"{shown(p)} belongs to another Scenario")
        for i in range(self._n):
            if self._perms[i]["object_id"] == p.object_id:
                return i
        raise RulesError(f"400.7: {p.name} (#{p.object_id}) is no longer on the battlefield")

    def _handle(self, i: int) -> Permanent:
        return Permanent(self, int(self._perms[i]["object_id"]), self._names[i])

    def _check_room(self) -> None:
        if self._n >= MAX_PERMANENTS:
            raise LimitError(f"Scenario: at most {MAX_PERMANENTS} permanents on the battlefield "
                             f"(this board would have {self._n + 1})")

    def _new_permanent(self, c: CardDef, controller: int, *, tapped=False, since=None, token=False,
                       x_paid=0, chosen_color=0, attached_to=-1) -> int:
        self._check_room()
        self._card(c)
        if self._n == len(self._perms):
            self._perms = schema.grow(self._perms, "permanent", self._n + 1)
        i = self._n
        row = self._perms[i]
        row["card"] = self._tables.row_of(c) if self._tables is not None else 0
        row["object_id"] = self._next_id
        self._next_id += 1
        row["controller"] = row["owner"] = controller
        row["flags"] = (TAPPED if tapped else 0) | (TOKEN if token else 0)
        row["controlled_since"] = self.turn if since is None else since
        row["counters"] = 0
        row["power_bonus"] = row["toughness_bonus"] = row["damage"] = 0
        row["x_paid"] = x_paid
        row["chosen_color"] = chosen_color
        row["attached_to"] = attached_to
        self._names.append(c.name)
        self._n += 1
        self._perms[i]["card"] = self.tables.row_of(c)      # (compiled with the new card)
        return i

    @property
    def turn(self) -> int:
        return int(self._info[0]["turn"])

    @all_or_nothing
    def add(self, card, controller="you", tapped=False, entered_this_turn=False, counters=None,
            attached_to=None, chosen_color=None, x=0) -> Permanent:
        """Put a permanent onto the battlefield as set-up (no enters effects, no triggers; a
        planeswalker with its printed loyalty, 306.5b, unless `counters` say how many)."""
        c = self._card(card)
        if not c.is_permanent:
            raise ArgumentError(f"{c.name} is a {c.type_line}, not a permanent card (110.4)")
        who = self._player(controller)
        att = -1 if attached_to is None else self._index(attached_to)
        x = whole_arg(x, "x", 0, _core.MAX_X, rule=" (107.3)")
        tapped, entered = flag(tapped, "tapped"), flag(entered_this_turn, "entered_this_turn")
        counters = counter_args(counters, c.name)           # (all checked before the permanent is made)
        if c.loyalty and "Planeswalker" in c.types:
            counters = {"loyalty": c.loyalty} | counters    # (306.5b: with its loyalty, unless given)
        i = self._new_permanent(c, who, tapped=tapped,
                                since=self.turn if entered else BEFORE_THE_GAME,
                                x_paid=x, chosen_color=color_bit(chosen_color), attached_to=att)
        for name, k in counters.items():
            self._add_counters(i, name, k)
        handle = self._handle(i)
        self._play(lambda st: st.state_based_actions())      # (a 0/0 dies at once, 704.5f)
        return handle

    def set_life(self, life: int, player="you") -> None:
        """Set a player's life total (setting up a game; 119.1: each starts at 20)."""
        life = whole_arg(life, "set_life: life", -30000, 30000)
        self._info[0]["life"][self._player(player)] = life
    def _add_counters(self, i: int, name: str, k: int) -> None:
        kind = counter_kind(name)
        self._perms[i]["counters"][kind] = fit16(int(self._perms[i]["counters"][kind]) + int(k),
                                                 f"{self._names[i]}'s {name} counters")

    def _add_life(self, who: int, amount: int) -> None:
        life = self._info[0]["life"]
        life[who] = fit16(int(life[who]) + int(amount), f"{POSSESSIVE[who]} life total")

    def add_to_hand(self, card, player="you") -> None:
        who = self._player(player)
        self._check_zone_room(self._hands[who], _core.MAX_HAND, f"{POSSESSIVE[who]} hand")
        self._hands[who].append(self._card(card).name)

    def add_to_library(self, card, player="you") -> None:
        """Put a card on top of the player's library (drawn first)."""
        who = self._player(player)
        self._check_zone_room(self._libraries[who], _core.MAX_LIBRARY, f"{POSSESSIVE[who]} library")
        self._libraries[who].append(self._card(card).name)

    def add_to_command_zone(self, card, player="you") -> None:
        """Put a commander into the player's command zone, where it starts the game (903.6): a
        legendary creature (903.3), one per player, or two with partner (702.124). It is cast
        from there with `cast(card, from_command_zone=True)`, for {2} more for each previous
        time (903.8); `return_to_command_zone` puts it back. Your commanders' colour identity
        (903.4) is the colours "any color in your commander's color identity" mana (Command
        Tower) adds; with no commander of yours here it adds no mana (903.4f). (One set of
        tables serves both players: such a permanent of the opponent's uses your identity.)"""
        c = self._card(card)
        who = self._player(player)
        why = commander_problem(c)
        if why:
            raise RulesError(f"903.3: {why}")
        mine = self._commanders[who]
        if c.name not in mine and len(mine) >= 2:
            raise RulesError(f"702.124g: {POSSESSIVE[who]} commanders are already {' and '.join(mine)}: "
                             "no player has more than two")
        if c.name in self._command[who]:
            raise RulesError(f"{c.name} is already in {POSSESSIVE[who]} command zone")
        if c.name not in mine:
            self._tables = None          # your commanders' identity: their colours (903.4f)
        mine.setdefault(c.name, 0)
        self._command[who].append(c.name)

    def return_to_command_zone(self, card, player="you") -> None:
        """The player's commander, in their graveyard (903.9a) or hand (903.9b), is put into the
        command zone (as its owner may choose)."""
        c = self._card(card)
        who = self._player(player)
        if c.name not in self._commanders[who]:
            raise RulesError(f"903.9: {c.name} is not {POSSESSIVE[who]} commander "
                             "(add_to_command_zone makes it one)")
        for zone in (self._graveyards[who], self._hands[who]):
            if c.name in zone:
                zone.remove(c.name)
                self._command[who].append(c.name)
                self.log.append(f"{PLAYER_NAMES[who]} put {c.name} into the command zone")
                return
        raise RulesError(f"903.9: {c.name} is in neither {POSSESSIVE[who]} graveyard nor hand")

    def command_zone(self, player="you") -> list[str]:
        return list(self._command[self._player(player)])

    def commander_tax(self, card, player="you") -> int:
        """The generic mana the player's commander costs more cast from the command zone now:
        {2} for each previous time they cast it from there this game (903.8)."""
        c = self._card(card)
        who = self._player(player)
        if c.name not in self._commanders[who]:
            raise RulesError(f"903.8: {c.name} is not {POSSESSIVE[who]} commander")
        return 2 * self._commanders[who][c.name]

    @staticmethod
    def _check_zone_room(zone: list, most: int, what: str) -> None:
        if len(zone) >= most:
            raise LimitError(f"Scenario: at most {most} cards in {what}")

    # ---- looking at the game --------------------------------------------------------------
    def battlefield(self, player="you") -> list[Permanent]:
        who = self._player(player)
        return [self._handle(i) for i in range(self._n) if self._perms[i]["controller"] == who]

    def on_battlefield(self, p: Permanent) -> bool:
        try:
            self._index(p)
        except RulesError:
            return False
        return True

    def power(self, p: Permanent) -> int:
        return int(_core.board_power_toughness(*self._args(), self._index(p))[0])

    def toughness(self, p: Permanent) -> int:
        return int(_core.board_power_toughness(*self._args(), self._index(p))[1])

    def types(self, p: Permanent) -> tuple[str, ...]:
        """Its card types as they are now (205.2a, 613.1d: an animated land is a land and a creature)."""
        return card_types(_core.board_characteristics(*self._args(), self._index(p))[0])

    def counters(self, p: Permanent) -> dict[str, int]:
        c = self._perms[self._index(p)]["counters"]
        return {COUNTER_NAMES[k]: int(c[k]) for k in range(len(c)) if c[k]}

    def level(self, p: Permanent) -> int:
        """Its Class level (716.2a: 1 as it enters; 716.2d: 1 for a permanent without one)."""
        return max(1, int(self._perms[self._index(p)]["level"]))

    def is_tapped(self, p: Permanent) -> bool:
        return bool(self._perms[self._index(p)]["flags"] & TAPPED)

    def is_summoning_sick(self, p: Permanent) -> bool:
        return bool(_core.board_is_sick(*self._args(), self._index(p)))

    def life(self, player="you") -> int:
        return int(self._info[0]["life"][self._player(player)])

    def hand(self, player="you") -> list[str]:
        return list(self._hands[self._player(player)])

    def graveyard(self, player="you") -> list[str]:
        return list(self._graveyards[self._player(player)])

    def graveyard_count(self, player="you", card_type: str | None = None) -> int:
        """The cards in the player's graveyard (of `card_type`, e.g. "Instant": a card of two
        types is one of each, 205.2a) as the rules core counts them (its graveyard counts)."""
        who = self._player(player)
        info = self._info[0]
        if card_type is None:
            return int(info["graveyard_n"][who])
        if card_type not in CARD_TYPES:
            raise ArgumentError(f"card_type must be one of {', '.join(CARD_TYPES)}, got {shown(card_type)}")
        bit = int(getattr(CardTypeBit, "CT_" + card_type.upper()))
        return int(info["graveyard_types"][who][bit.bit_length() - 1])

    def _sync_hand_sizes(self) -> None:
        for p in (0, 1):
            self._info[0]["hand_size"][p] = fit16(len(self._hands[p]), f"{POSSESSIVE[p]} hand size")

    # ---- mana ----------------------------------------------------------------------------------
    def could_produce(self, p: Permanent) -> frozenset[str]:
        """106.7: the types of mana this permanent could produce (see docs/rules-core.md)."""
        i = self._index(p)
        bits = int(_core.board_could_produce(*self._args())[i])
        return frozenset(TYPE_LETTERS[t] for t in range(6) if bits >> t & 1)

    def _ability_row(self, i: int, ability: int) -> int:
        rows = _core.board_mana_rows(*self._args(), i)
        ability = ability_index(ability, len(rows), f"{self._names[i]} has {len(rows)} mana abilit"
                                 f"{'y' if len(rows) == 1 else 'ies'}")
        return rows[ability]

    def can_activate(self, p: Permanent, ability: int = 0) -> bool:
        """Could this mana ability be activated now (its whole cost paid)?"""
        i = self._index(p)
        row = self._ability_row(i, ability)
        if not _core.board_ability_ready(*self._args(), i, row):
            return False
        cost = int(self.tables.mana_abilities[row]["cost"])
        return cost < 0 or self._can_pay_cost_row(cost, int(self._perms[i]["controller"]), exclude=i,
                                                   for_card=int(self._perms[i]["card"]), for_ability=True)

    def _why_not_ready(self, i: int, row: int) -> str:
        a = self.tables.mana_abilities[row]
        tapped = bool(self._perms[i]["flags"] & TAPPED)
        if a["tap"] and tapped:
            return f"107.5: {self._names[i]} is tapped, so its {{T}} ability can't be activated"
        if a["untap"] and not tapped:
            return f"107.6: {self._names[i]} is untapped, so its {{Q}} ability can't be activated"
        if (a["tap"] or a["untap"]) and _core.board_is_sick(*self._args(), i):
            return (f"302.6: {self._names[i]} is a creature its controller hasn't controlled "
                    "continuously since their most recent turn began (summoning sick, no haste)")
        if a["remove_n"] and self._perms[i]["counters"][int(a["remove_kind"])] < a["remove_n"]:
            return (f"118.3: {self._names[i]}'s ability removes {int(a['remove_n'])} "
                    f"{COUNTER_NAMES[int(a['remove_kind'])]} counter(s) as a cost; it hasn't that many")
        if a["condition"] >= 0 and not _core.board_condition_holds(*self._args(), i, int(a["condition"])):
            d = self._defs[self._names[i]]
            k = row - int(self.tables.cards[int(self._perms[i]["card"])]["mana_first"])
            return f"602.5: {d.name}'s ability can be activated only {d.mana_abilities[k].activate_only}"
        if a["tap_filter"] >= 0:                 # (the rest of its cost can be paid)
            d = self._defs[self._names[i]]
            k = row - int(self.tables.cards[int(self._perms[i]["card"])]["mana_first"])
            return (f"118.3, 701.26a: {d.name}'s cost '{d.mana_abilities[k].cost}' taps another untapped "
                    "permanent its controller controls; there is none")
        return f"119.4: can't pay {a['life']} life"

    @all_or_nothing
    def tap_for_mana(self, p: Permanent, ability: int = 0, color: str | None = None,
                     order: list[Permanent] | None = None, x: int | None = None, choices=None) -> dict[str, int]:
        """Activate a mana ability; returns the mana added (triggered mana included). `x`: the
        X of a cost "Remove X <kind> counters from this" (107.3a: 0 up to those on it, 118.3).
        `choices`: {"creature_to_tap": a Permanent} for a cost "Tap an untapped creature you
        control" (701.26a; by default the rule of the choice, docs/rules-core.md)."""
        i = self._index(p)
        row = self._ability_row(i, ability)
        x = self._x_removed(i, row, x)
        if order is not None:                    # (checked even where no replacement applies)
            order = permanent_list(order, "order")
            for q in order:
                self._index(q)
        snapshot = self._snapshot()
        try:
            return self._activate_mana(i, int(ability), row, color, order, x, choices)
        except ValueError:                       # (a limit of restricted mana: nothing changes)
            self._restore(snapshot)
            raise

    def _x_removed(self, i: int, row: int, x) -> int:
        """The X of mana ability `row`'s "Remove X counters" (0 if it has none), checked."""
        a = self.tables.mana_abilities[row]
        if not a["remove_x"]:
            if x is not None:
                raise ArgumentError(f"x: {self._names[i]}'s ability has no X in its cost")
            return 0
        if isinstance(x, bool) or not isinstance(x, int) or x < 0:
            raise ArgumentError(f"x: {self._names[i]}'s ability removes X counters: give x, a whole number, "
                                f"got {shown(x)}")
        kind = int(a["remove_kind"])
        if x > int(self._perms[i]["counters"][kind]):
            raise RulesError(f"118.3: {self._names[i]} has {int(self._perms[i]['counters'][kind])} "
                             f"{COUNTER_NAMES[kind]} counter(s); its cost can't remove {x}")
        return x

    def _activate_mana(self, i: int, ability: int, row: int, color=None, order=None, x: int = 0,
                       choices=None) -> dict[str, int]:
        """Activate mana ability `ability` (MANA_ABILITY row `row`) of permanent i: its mana
        input paid first, then what it makes with the colour and replacement order chosen,
        carried out in the compiled game (`GameState.activate_mana`: its other costs, the mana
        into the pool, 106.6's restricted mana in its own entry, its effects, 605.3b)."""
        core, perms, n, info = self._args()
        a = self.tables.mana_abilities[row]
        if not _core.board_ability_ready(core, perms, n, info, i, row):
            raise RulesError(self._why_not_ready(i, row))
        who = int(self._perms[i]["controller"])
        prefer = self._type_index(color)
        if prefer >= 0 and not any(v[prefer] for v in _core.board_ability_outputs(core, perms, n, info, i, row, x)):
            raise ArgumentError(f"{self._names[i]} can't produce {{{TYPE_LETTERS[prefer]}}} with that "
                                "ability now (106.1b, 106.7)")
        handle = self._handle(i)
        if a["cost"] >= 0:                       # pay the mana input first (602.2b)
            self._pay(self._cost_row_total(int(a["cost"])), who, exclude=i,
                      for_card=int(self._perms[i]["card"]), for_ability=True)
            i = self._index(handle)
            core, perms, n, info = self._args()
        reps = _core.board_replacements(core, perms, n, info, i)
        rows = self._replacement_order(i, row, reps, prefer, order)
        made, extra = _core.board_produce(core, perms, n, info, i, row, prefer, rows, x)
        name = self._names[i]
        total = np.array(made, dtype=np.int64) + np.array(extra, dtype=np.int64)
        pool = self._info[0]["pool"][who]
        for t in np.flatnonzero(total):          # (it all passes through the pool: int16)
            fit16(int(pool[t]) + int(total[t]), f"{TYPE_LETTERS[t]} mana in {POSSESSIVE[who]} pool")
        self._choosing(choices, who)
        self._play(lambda st: st.activate_mana(st.index_of(handle.object_id), ability, made, extra,
                                               int(a["restriction"]), x))
        added = ManaCost.parse("".join("{%s}" % TYPE_LETTERS[t] * int(v) for t, v in enumerate(total)))
        self.log.append(f"{name}: added {added or 'nothing'}")
        return mana_dict(total)

    def _type_index(self, color) -> int:
        if color is None:
            return -1
        if not isinstance(color, str) or color.upper() not in TYPE_LETTERS or len(color) != 1:
            raise ArgumentError(f"color must be one of W U B R G C, got {shown(color)}")
        return TYPE_LETTERS.index(color.upper())

    def _replacement_order(self, i, row, reps, prefer, order) -> list[int]:
        """The replacement rows in the order to apply: as given, or the order making the most."""
        if not reps:
            return []
        if order is not None:
            sources = [self._index(p) for p in order]
            rows = []
            for j in sources:
                rows += [r for r, s in reps if s == j and r not in rows]
            missing = [r for r, _ in reps if r not in rows]
            if missing:
                names = sorted({self._names[s] for r, s in reps if r in missing})
                raise ArgumentError("order must list every replacement effect that applies (616.1); "
                                    f"missing {names}")
            return rows
        core, perms, n, info = self._args()
        best: list[int] = []                     # (set by the first order: there is always one)
        best_key = None
        for perm in itertools.permutations([r for r, _ in reps]):
            made, _ = _core.board_produce(core, perms, n, info, i, row, prefer, list(perm))
            key = (made[prefer] if prefer >= 0 else 0, sum(made))   # the type asked for, then most
            if best_key is None or key > best_key:
                best, best_key = list(perm), key
        return best

    # ---- costs ---------------------------------------------------------------------------------
    def total_cost(self, card, x=0, kicked=False, alternative=None, player="you",
                   from_command_zone=False) -> ManaCost:
        """601.2f: the total cost to cast `card` now (X folded into generic); from the command
        zone, with the commander tax (903.8)."""
        return total_cost_to_mana_cost(self._total_cost_record(card, x, kicked, alternative, player,
                                                               from_command_zone))

    def _total_cost_record(self, card, x, kicked, alternative, player, from_command_zone=False):
        c = self._card(card)
        who = self._player(player)
        tax = 0
        command = flag(from_command_zone, "from_command_zone")
        if command:
            if alternative is not None:
                raise ArgumentError(f"{c.name}: cast from the command zone or with {alternative!r}, not both")
            tax = self.commander_tax(c, who)
        if not is_whole(x) or x < 0:
            raise ArgumentError(f"X must be a whole number ≥ 0 (107.3), got {shown(x)}")
        if x > _core.MAX_X:
            raise LimitError(f"X = {shown(x)} is larger than this simulator supports ({_core.MAX_X})")
        kicked = flag(kicked, "kicked")
        if alternative is not None and not isinstance(alternative, str):   # (a list is not hashable)
            raise ArgumentTypeError(f"alternative must be 'flashback' or None, not {type(alternative).__name__}")
        row = check_cast_args(self.tables, c, x, kicked, alternative, who)
        in_hand = alternative is None and not command and c.name in self._hands[who]
        self._sync_hand_sizes()
        return _core.board_total_cost(*self._args(), row, int(x), bool(kicked),
                                      ALTERNATIVES[alternative], who, in_hand, tax)

    def can_cast(self, card, x=0, kicked=False, alternative=None, player="you", from_command_zone=False) -> bool:
        """Can the player cast `card` now (its total cost payable, 601.2f-h)? False for a card
        the simulator never casts (`CardDef.uncastable`: an unread cost or restriction)."""
        c = self._card(card)                 # (the name looked up once)
        cost = self._total_cost_record(c, x, kicked, alternative, player, from_command_zone)
        if c.uncastable:
            return False
        return self._can_pay(cost, self._player(player), for_card=self.tables.row_of(c), for_ability=False)

    def _can_pay(self, cost_rec, who: int, exclude: int = -1, *, for_card: int, for_ability: bool) -> bool:
        """Can `who` pay the cost of casting CARD row `for_card` (or of an activated ability of
        a permanent of it)? Restricted mana pays only what it may (106.6)."""
        rec = np.array([cost_rec], dtype=cost_rec.dtype)
        return bool(_core.board_can_pay(*self._args(), who, rec, for_card, for_ability, exclude))

    def _cost_row_total(self, cost_row: int):
        return _core.cost_as_total(self._args()[0], cost_row)

    def _can_pay_cost_row(self, cost_row: int, who: int, exclude: int = -1, *, for_card: int,
                          for_ability: bool) -> bool:
        return self._can_pay(self._cost_row_total(cost_row), who, exclude, for_card=for_card,
                             for_ability=for_ability)

    def _pay(self, cost_rec, who: int, exclude: int = -1, *, for_card: int, for_ability: bool) -> None:
        """Pay a locked total cost (601.2g–h) of casting CARD row `for_card` (or of an activated
        ability of a permanent of it) the way the rules core plans it, carried out in the
        compiled game (`GameState.pay`: the goldfish's own code): those mana abilities
        activated in order, each making the mana planned, then the pool spent, restricted mana
        only where it may be (106.6); "whenever this becomes tapped" abilities resolve after."""
        rec = np.array([cost_rec], dtype=cost_rec.dtype)
        self._choosing()
        if not self._play(lambda st: st.pay(rec, who, exclude, for_card, for_ability)):
            raise RulesError(f"601.2g: can't pay {total_cost_to_mana_cost(cost_rec)}")

    def _snapshot(self):
        return (self._perms.copy(), self._n, list(self._names), self._info.copy(),
                tuple(list(h) for h in self._hands), tuple(list(g) for g in self._graveyards),
                tuple(list(pile) for pile in self._libraries), len(self.log), self._land_plays,
                tuple(list(z) for z in self._command), tuple(dict(d) for d in self._commanders), list(self._exiled))

    def _restore(self, snap) -> None:
        perms, n, names, info, hands, graves, libs, log_len, self._land_plays, command, commanders, exiled = snap
        self._exiled = list(exiled)
        self._command = (list(command[0]), list(command[1]))
        self._commanders = (dict(commanders[0]), dict(commanders[1]))
        self._perms, self._n, self._names, self._info = perms, n, names, info
        self._hands = (list(hands[0]), list(hands[1]))
        self._graveyards = (list(graves[0]), list(graves[1]))
        self._libraries = (list(libs[0]), list(libs[1]))
        del self.log[log_len:]
        self._tables = None
        self._compile()

    # ---- the compiled game ------------------------------------------------------------------
    def _play(self, action):
        """Carry out one game action in the compiled game state (mtgsim._core.GameState: the
        goldfish's own actions) on this Scenario's zones: `action(state)` runs on them loaded,
        and they are kept only if it returns without meeting a limit (then nothing changes)."""
        tables, core = self._compile()
        if self._state is None:
            self._state = _core.GameState(core)
        state, defs = self._state, self._defs

        def row(name: str) -> int:          # (the zones hold the names of this Scenario's records)
            return tables.row_of(defs[name])
        hand_rows, library_rows, graveyard_rows = (
            ([row(name) for name in zones[0]], [row(name) for name in zones[1]])
            for zones in (self._hands, self._libraries, self._graveyards))
        state.load(self._perms, self._n, self._info, hand_rows, library_rows, graveyard_rows,
                   self._next_id, self._land_plays, self._choices,
                   [(row(name), who, time, plotted) for name, who, time, plotted in self._exiled])
        result = action(state)
        self._asked |= state.asked
        self._looked += state.looked_at
        if state.over:
            raise LimitError(f"Scenario: {_core.goldfish_overflow_message(state.over)}")
        if state.illegal_choice is not None:             # (a given choice the rules don't allow)
            raise self._refused_choice(state.illegal_choice)
        perms, info, hands, libraries, graveyards, next_id, *land_plays = state.store()
        names = tables.card_names
        self._exiled = [(names[row], who, time, plotted) for row, who, time, plotted in state.exiled()]
        before = {int(self._perms[i]["object_id"]): self._names[i] for i in range(self._n)}
        self._perms, self._n = perms, len(perms)
        self._names = [names[r] for r in perms["card"]]
        self._info[0] = info[0]
        self._hands, self._libraries, self._graveyards = (
            ([names[r] for r in zones[0]], [names[r] for r in zones[1]]) for zones in (hands, libraries, graveyards))
        self._next_id = next_id
        self._land_plays = tuple(land_plays)    # (lands played, additional plays given, spells: Game.spells_cast)
        after = {int(i) for i in perms["object_id"]}
        for i, object_id in enumerate(perms["object_id"]):
            if int(object_id) not in before:
                self.log.append(f"{self._names[i]} enters under {POSSESSIVE[int(perms[i]['controller'])]} "
                                "control" + (" tapped" if perms[i]["flags"] & TAPPED else ""))
        for object_id, name in before.items():
            if object_id not in after:
                self.log.append(f"{name} leaves the battlefield")
        return result

    def _found(self, object_id: int) -> Permanent | None:
        """The handle of the permanent with this object id, None if it has left (or is none)."""
        for i in range(self._n):
            if self._perms[i]["object_id"] == object_id:
                return self._handle(i)
        return None

    # ---- casting ---------------------------------------------------------------------------------
    @all_or_nothing
    def cast(self, card, x=0, kicked=False, alternative=None, player="you", color=None,
             pay_life_for_lands: bool | int | None = None, bounce: Permanent | None = None, keep_on_top=None,
             from_command_zone=False, to_hand=None, choices: Mapping | None = None):
        """Cast a spell (601.2): move it to the stack, lock in its total cost, pay it, and let it
        resolve (608): a permanent enters the battlefield, an instant or sorcery takes effect.
        The caster's choices as it resolves, `choices`, a mapping of kind of choice to value
        (any of them; those not given: the defaults): "color" (W U B R G), the colour chosen as
        the permanent enters ("choose a colour") and of the mana of any colour the spell adds
        (Manamorphose), white if not given; "pay_life", whether to pay the life a land the
        spell puts onto the battlefield untapped asks for (a shock land found by Three Visits;
        none is paid for one entering tapped): True (if they can, the default), False, or a life
        total to pay above, looked at as the land enters; "land_to_return", the land returned if
        a bounce land enters (default: the newest tapped basic land, else the oldest);
        "keep_on_top", for each card a scry or surveil of the spell (or of an ability it
        triggers) looks at, from the top, whether it stays on top (else to the bottom, or into
        the graveyard for surveil; default: every one stays, in its order); "to_hand", of the
        cards a look of the spell puts into the hand (Impulse), their positions in the look, 0 its
        top card (default: the top ones; the rest go to the bottom in the order looked at). The
        keywords `color`, `pay_life_for_lands`, `bounce`, `keep_on_top` and `to_hand` give the
        same one by one (a choice given both ways is an error). With `from_command_zone`, the
        player's commander is cast from the command zone (903.8: it must be there), for {2}
        more for each previous time. With alternative="plotted", a card the player plotted on an
        earlier turn is cast from exile without paying its mana cost (702.170d)."""
        c = self._card(card)
        who = self._player(player)
        if c.is_land:
            raise RulesError(f"305.1: {c.name} is a land; lands are played, not cast")
        if c.uncastable:                 # (a cost or restriction on casting it the vocabulary lacks)
            raise RulesError(f"{c.name} is not cast by the simulator: {c.uncastable}")
        chosen = dict(choices=choices, who=who, color=color, pay_life_for_lands=pay_life_for_lands, bounce=bounce,
                      keep_on_top=keep_on_top, to_hand=to_hand)
        self._choosing(**chosen)                                # (bad choices refused first)
        command = flag(from_command_zone, "from_command_zone")
        if command and c.name not in self._command[who]:
            raise RulesError(f"903.8: {c.name} is not in {POSSESSIVE[who]} command zone")
        if alternative is None and not command and c.name not in self._hands[who]:
            self._check_zone_room(self._hands[who], _core.MAX_HAND, f"{POSSESSIVE[who]} hand")
            self._hands[who].append(c.name)
        if alternative == "flashback" and c.name not in self._graveyards[who]:
            self._check_zone_room(self._graveyards[who], _core.MAX_GRAVEYARD, f"{POSSESSIVE[who]} graveyard")
            self._graveyards[who].append(c.name)
        row = self.tables.row_of(c)
        if not self._play(lambda st: st.graveyard_has_targets(row, who, alternative == "flashback")):
            raise RulesError(f"601.2c: {c.name} needs a target card in {POSSESSIVE[who]} graveyard (115.1)")
        cost = self._total_cost_record(c, x, kicked, alternative, who, command)   # 601.2f, locked
        snapshot = self._snapshot()
        if alternative == "plotted":
            self._take_plotted(c, who, x)                                  # 601.2a, from exile
        else:
            zone = (self._command[who] if command else self._hands[who] if alternative is None
                    else self._graveyards[who])
            zone.remove(c.name)                                            # 601.2a
        if command:
            self._commanders[who][c.name] += 1         # (903.8: a previous cast from now on)
        self._sync_hand_sizes()
        try:
            self._pay(cost, who, for_card=self.tables.row_of(c), for_ability=False)
        except RulesError:
            self._restore(snapshot)
            raise
        self.log.append(f"{PLAYER_NAMES[who]} cast {c.name} for {total_cost_to_mana_cost(cost)}")
        self._choosing(**chosen)
        object_id = self._play(lambda st: st.resolve_spell(row, who, int(x), bool(kicked),
                                                           alternative == "flashback"))
        return self._found(object_id) if c.is_permanent else None

    @all_or_nothing
    def play_land(self, card, player="you", pay_life: bool | int | None = None,
                  bounce: Permanent | None = None, face: str | None = None,
                  keep_on_top=None, choices: Mapping | None = None) -> Permanent | None:
        """Play a land from hand (305.1; the one-land-per-turn limit is the caller's to keep).
        `pay_life`: pay the life a land asks to enter untapped (a shock land): True (if you
        have it), False, or a life total to pay above. `bounce`: the land a bounce land returns
        (default: the newest tapped basic land, else the oldest). `face`: of a modal
        double-faced card, the face played, "front" or "back" (712.12: a face that is a land;
        the permanent has that face's characteristics, 712.8f, and off the battlefield it is
        the card again, its front face, 712.8a); None: the front face if it is a land, else the
        back face. `keep_on_top`: the cards a scry or surveil its entering triggers looks at
        kept on top. `choices`: the choices as its entering abilities resolve, by kind (see
        `cast`; `pay_life` and `bounce` are its "pay_life" and "land_to_return"). Returns the
        land, or None if it has already left (a bounce land returning itself)."""
        c = self._card(card)
        who = self._player(player)
        played = self._land_face(c, face)
        chosen = dict(choices=choices, who=who, pay_life=pay_life, bounce=bounce, keep_on_top=keep_on_top)
        self._choosing(**chosen)
        for e in played.abilities_of(EntersEffect):     # ("choose a color other than white": not white)
            if e.not_color and "color" in self._given_as and self._choices["color"] == color_bit(e.not_color):
                raise ArgumentError(f"{self._given_as['color']}: {played.name} chooses a colour other than "
                                    f"{e.not_color}")
        if c.name in self._hands[who]:
            self._hands[who].remove(c.name)
        self._compile()
        row = self.tables.row_of(played)
        self._choosing(**chosen)
        return self._found(self._play(lambda st: st.play_land(row, who)))

    @staticmethod
    def _land_face(c: CardDef, face) -> CardDef:
        """The face of card c that `face` names for play_land, checked: a land (305.1, 712.12)."""
        if face is not None and (not isinstance(face, str) or face not in ("front", "back")):
            raise ArgumentError(f"face must be 'front', 'back' or None, got {shown(face)}")
        back = c.modal_back
        if face == "back" and back is None:
            raise ArgumentError(f"face: {c.name} has no back face played as a land (it is not a modal "
                                "double-faced card, 712.12)")
        if face is None:
            face = "back" if not c.is_land and back is not None and back.is_land else "front"
        played = back if face == "back" and back is not None else c     # (no back face: refused above)
        if not played.is_land:
            if face == "back":
                raise RulesError(f"712.12, 305.1: {c.name}'s back face {played.name} is not a land")
            hint = (f" (its back face {back.name} is: face='back', 712.12)"
                    if back is not None and back.is_land else "")
            raise RulesError(f"305.1: {c.name} is not a land{hint}")
        if played.uncastable:            # (a drawback on its entering the vocabulary lacks)
            raise RulesError(f"{played.name} is not played by the simulator: {played.uncastable}")
        return played

    def land_plays_left(self) -> int:
        """305.2: the lands the active player may still play this turn — one, and one more for
        each additional land play their permanents (Azusa) and this turn's effects (Explore)
        give. (`play_land` counts the plays; keeping to them is the caller's choice.)"""
        return int(self._play(lambda st: st.land_plays_left()))

    # ---- cycling ---------------------------------------------------------------------------------
    @all_or_nothing
    def cycle(self, card, player="you", choices: Mapping | None = None) -> None:
        """Cycle a card from the player's hand (702.29a: "[cost], discard this card: draw a
        card"; typecycling, 702.29e: search the library for a card of its type, put it into
        the hand, then shuffle): its cycling cost is paid from pool and untapped sources,
        the card goes to the graveyard, then the ability resolves (`choices`: see `cast`). So
        too its other ability from the hand, "{4}: Put ~ from your hand onto the battlefield"
        (113.6m, 305.4: it stays in the hand until the ability resolves; no land played)."""
        c = self._card(card)
        who = self._player(player)
        self._choosing(choices, who)                 # (refused before anything is done)
        cost = c.cycling if c.cycling is not None else c.hand_ability_cost
        if cost is None:
            raise RulesError(f"702.29a: {c.name} has no cycling ability")
        if c.name not in self._hands[who]:
            raise RulesError(f"702.29a, 113.6m: cycling works only while the card is in its owner's hand; "
                             f"{c.name} is not in {POSSESSIVE[who]} hand")
        snapshot = self._snapshot()
        if cost:
            try:
                self._pay(self._cost_row_total(self.tables.cost_rows[cost]), who,
                          for_card=self.tables.row_of(c), for_ability=True)
            except RulesError:
                self._restore(snapshot)
                raise
        k = self._hands[who].index(c.name)
        self.log.append(f"{PLAYER_NAMES[who]} cycle{'s' if who else ''} {c.name}")
        self._choosing(choices, who)
        self._play(lambda st: st.cycle(k, who))

    # ---- activated abilities and copies ----------------------------------------------------------
    @all_or_nothing
    def activate(self, p: Permanent, ability: int | None = 0, target: Permanent | None = None,
                 keep_on_top=None, to_hand=None, choices: Mapping | None = None,
                 sacrifice: Permanent | None = None, discard: list[str] | None = None) -> None:
        """Activate a non-mana activated ability (602), paying from pool and untapped sources.
        `choices`: the choices as it resolves, by kind (see `cast`); `keep_on_top`: the cards a
        scry or surveil of it looks at kept on top; `to_hand`: the cards a look of it puts into
        the hand (the same as choices={"keep_on_top": ..., "to_hand": ...}); `sacrifice`: the
        permanent its cost's "Sacrifice a creature" sacrifices (701.21a; None: the first that may
        be, the ability's own permanent last); `discard`: the names of the cards in hand its
        cost's "Discard N cards" discards (701.9a; None or fewer: the first cards in hand) (the
        same as choices={"permanent_to_sacrifice": ..., "cards_to_discard": ...}). `ability` None: a
        planeswalker's loyalty ability picked (choices' "loyalty_ability", else the play policy's, 606.3)."""
        i = self._index(p)
        who = int(self._perms[i]["controller"])
        chosen = dict(choices=choices, who=who, keep_on_top=keep_on_top, to_hand=to_hand, sacrifice=sacrifice,
                      discard=discard)
        self._choosing(**chosen)                     # (refused before anything is done)
        d = self.tables.defs[int(self._perms[i]["card"])]     # (a Class's: as it has them at its level)
        acts = d.abilities_of(ActivatedAbility)
        ability = self._loyalty_pick(i, d, acts) if ability is None else ability
        ability = ability_index(ability, len(acts), f"{d.name} has {len(acts)} non-mana activated "
                                 f"abilit{'y' if len(acts) == 1 else 'ies'}")
        if target is not None:
            self._index(target)                      # (a Permanent of this scenario, on the battlefield)
        a = acts[ability]
        fault = self._play(lambda st: st.activation_fault(i, ability))
        AF = _core.ActivationFault
        why = {AF.AF_TAPPED: f"107.5: {d.name} is tapped",
               AF.AF_UNTAPPED: f"107.6: {d.name} is untapped",
               AF.AF_SICK: f"302.6: {d.name} is summoning sick",
               AF.AF_TIMING: f"307.1, 602.5d: {d.name}'s ability can be activated only as a sorcery: "
                             f"on {POSSESSIVE[who]} turn",
               AF.AF_COUNTERS: f"118.3: {d.name}'s ability removes counters it hasn't got ({a.cost})",
               AF.AF_SACRIFICE: f"118.3, 701.21a: {PLAYER_NAMES[who]} control{'s' if who else ''} no permanent "
                                f"{d.name}'s cost may sacrifice ({a.cost})",
               AF.AF_DISCARD: f"118.3, 701.9a: {PLAYER_NAMES[who]} {'has' if who else 'have'} fewer cards in hand "
                              f"than {d.name}'s cost discards ({a.cost})",
               AF.AF_CONDITION: f"602.5: {d.name}'s ability can be activated only {a.activate_only}",
               AF.AF_TARGET: f"601.2c, 602.2b: {d.name}'s ability needs a target card in {POSSESSIVE[who]} graveyard",
               AF.AF_LOYALTY: f"606.3: a loyalty ability of {d.name} was activated this turn already",
               AF.AF_LIFE: f"119.4: paying {a.cost.life} life for {d.name}'s ability needs a life total of "
                           f"at least {a.cost.life}; {PLAYER_NAMES[who]} {'have' if who == 0 else 'has'} "
                           f"{int(self._info[0]['life'][who])}"}
        if fault not in (AF.AF_NONE, AF.AF_LIFE):
            raise RulesError(why[fault])
        if a.effect.has("token_copy"):
            if target is None:
                raise RulesError(f"115.1: {d.name}'s ability needs a target creature you control")
            ti = self._index(target)
            if not self._defs[self._names[ti]].is_creature or self._perms[ti]["controller"] != who:
                raise RulesError(f"601.2c: {target.name} is not a creature you control")
        elif target is not None:
            raise ArgumentError(f"{d.name}'s ability has no target (115.1)")
        if fault == AF.AF_LIFE:
            raise RulesError(why[fault])
        snapshot = self._snapshot()
        if a.cost.mana:
            rec = self._cost_row_total(self.tables.cost_rows[a.cost.mana])
            try:
                self._pay(rec, who, exclude=i if a.cost.tap else -1, for_card=int(self._perms[i]["card"]),
                          for_ability=True)
            except RulesError:
                self._restore(snapshot)
                raise
        source, aim = p.object_id, target.object_id if target is not None else -1
        self._choosing(**chosen)
        self._play(lambda st: st.resolve_activation(st.index_of(source), ability,
                                                    st.index_of(aim) if aim >= 0 else -1))

    @all_or_nothing
    def create_token_copy(self, p: Permanent, controller=None, choices: Mapping | None = None) -> Permanent:
        """707.2–707.3, 111.3: a token copying the copiable values of p — its printed values, or
        what p copies, or a token's values as created. Not its tapped state, counters,
        attachments or other effects; X is 0. Its enters abilities work as it is created
        (`choices`: the choices as they resolve, see `cast`). Returns the token (which may
        already have left: a 0/0 dies at once)."""
        i = self._index(p)
        who = int(self._perms[i]["controller"]) if controller is None else self._player(controller)
        self._choosing(choices, who)
        return Permanent(self, self._play(lambda st: st.token_copy(i, who)), self._names[i])

    # ---- the turn ---------------------------------------------------------------------------------
    @all_or_nothing
    def next_turn(self, choices: Mapping | None = None) -> None:
        """End step (end-step sacrifices), cleanup (514), then the next player's turn: untap,
        upkeep, draw (502–504). `choices`: the players' choices in it (an upkeep's coin flips)."""
        self._choosing(choices, 1 - int(self._info[0]["active"]))
        if not self._play(lambda st: st.next_turn()):
            raise LimitError("Scenario: the turn number would be 32768")

    @all_or_nothing
    def draw(self, player="you", n: int = 1) -> None:
        """The player draws n cards (121.1); from an empty library, nothing."""
        if not is_whole(n) or n < 0:
            raise ArgumentError(f"draw: n must be a whole number ≥ 0, got {shown(n)}")
        who = self._player(player)
        self._choosing()
        self._play(lambda st: st.draw(who, min(int(n), len(self._libraries[who]))))

    @all_or_nothing
    def attack(self, attackers: list[Permanent] | None = None) -> int:
        """Combat with no blockers (506–511): the active player's creatures attack (by default
        every one able to: untapped and not summoning sick, 508.1a), tapping unless they have
        vigilance (702.20b), and deal their combat damage to the other player (510.1). Returns
        the damage dealt."""
        who = int(self._info[0]["active"])
        chosen = (None if attackers is None
                  else [self._index(p) for p in permanent_list(attackers, "attackers", none_ok=True)])

        def combat(st):
            able = [i for i in range(self._n) if st.able_to_attack(i, who)]
            for i in chosen if chosen is not None else ():
                if i not in able:
                    raise RulesError(f"508.1a, 508.1c: {self._names[i]} can't attack (tapped, summoning "
                                     "sick, not a creature, not the active player's, defender (702.3b) "
                                     "or its \"can't attack unless\" condition not met)")
            return st.attack(who, able if chosen is None else chosen)
        self._choosing()
        damage = self._play(combat)
        self.log.append(f"{PLAYER_NAMES[who]} attack{'s' if who else ''} for {damage}")
        return damage

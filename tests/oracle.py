"""A slow, obviously-correct pure-Python model of the rules in docs/rules-core.md.

It is the correctness oracle for the compiled kernels: it reads the card records
(`mtgsim.cards.model.CardDef`) directly, never the compiled tables, so it shares no code with
the compiler or the kernels. Everything is brute force:

* `could_produce(board)` — 106.7: for every permanent, the types each of its mana abilities
  (printed, then granted) would produce if it resolved now, every option, every order of the
  applicable replacement effects, ignoring costs; a least fixpoint over the board for the
  "could produce" references (Reflecting Pool, Exotic Orchard, Fellwar Stone, Naga Vitalist).
* `mana_summary(board, player)` — every sequence of mana-ability activations (each permanent
  activates at most one {T}/{Q}/sacrifice ability; an ability's mana cost is paid from the
  pool built so far, in every possible way), every choice of colour/option, every order of
  replacement effects and every choice of the triggered mana abilities; the most mana of each
  type, and in total, that some sequence leaves in the pool.
* `total_cost(board, card, ...)` — 601.2f as the doc says; a total-cost setter (Trinisphere)
  counts each remaining symbol as one mana (the ManaCost shown; see `castable`).
* `can_pay(board, cost, player, card)` — some reachable pool (and life total) pays the cost of
  `card`; restricted mana (106.6) pays only what its restriction admits, a mana ability's
  input too (an ability of that permanent).
* `castable(board, card, ...)` — the total cost can be paid, with the announcements of 601.2b
  (Phyrexian symbols paid with life pay less mana, which Trinisphere then raises).

Boards are small in the tests, so clarity beats speed here (itertools.permutations for the
replacement orders, exhaustive enumeration for every choice, an explicit search over states).
"""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field

from mtgsim.cards.model import (
    ActivationCost,
    CostOp,
    CardDef,
    Controller,
    CostChange,
    CostModifier,
    Count,
    CountOf,
    Grant,
    GrantTo,
    LandsOf,
    ManaAbility,
    ManaKind,
    ManaReplacement,
    ManaTrigger,
    SpellScope,
    StaticGrant,
    TriggerAdds,
    Watches,
)
from mtgsim.mana import ManaCost, ManaSymbol, SymbolKind

__all__ = [
    "COLORS",
    "TYPES",
    "OBoard",
    "OPermanent",
    "can_pay",
    "castable",
    "condition_holds",
    "could_produce",
    "final_states",
    "is_sick",
    "mana_summary",
    "power",
    "total_cost",
]

TYPES = ("W", "U", "B", "R", "G", "C")      # the six types of mana (106.1b)
COLORS = TYPES[:5]                          # the five colours; "any colour" never gives {C}
# The creature type each "As ~ enters, choose a creature type" chooses in the oracle's games (one
# per game, 106.6; the tables compared with it are compiled with it: compile_cards' creature_type)
CREATURE_TYPE = "Knight"
SUMMARY_KEYS = TYPES + ("total",)

# The ability Chromatic Lantern grants: "{T}: Add one mana of any color."
GRANTED_ANY_COLOR = ManaAbility(cost=ActivationCost(ops=(CostOp("tap"),)), output=ManaKind.ANY_COLOR)


# ---- the board ------------------------------------------------------------------------------

@dataclass
class OPermanent:
    """One permanent: its card, controller (0 = you, 1 = opponent), tapped, the turn its
    controller gained control of it, counters ({"+1/+1": 2}), the colour chosen as it entered
    (a letter of WUBRG or None), the index of the permanent it is attached to, the X paid for
    the spell it was, whether it is a token, and non-copy power bonuses. A creature is summoning
    sick if controlled_since >= its controller's last_turn_start (-1: since before the game)."""
    card: CardDef
    controller: int = 0
    tapped: bool = False
    controlled_since: int = 0
    counters: dict = field(default_factory=dict)
    chosen_color: str | None = None
    attached_to: int | None = None
    x_paid: int = 0
    token: bool = False
    power_bonus: int = 0

    def __repr__(self) -> str:
        parts = [repr(self.card.name), f"controller={self.controller}"]
        for name in ("tapped", "controlled_since", "counters", "chosen_color", "attached_to",
                     "x_paid", "token", "power_bonus"):
            value = getattr(self, name)
            if value not in (False, 0, {}, None) or name == "controlled_since":
                parts.append(f"{name}={value!r}")
        return f"P({', '.join(parts)})"


@dataclass
class OBoard:
    """A game state: permanents, the turn number, the active player, each player's most
    recent turn number (0: no turn yet), hand sizes, life totals and mana pools (unrestricted,
    and restricted mana with its restriction)."""
    permanents: list = field(default_factory=list)
    turn: int = 1
    active: int = 0
    last_turn_start: tuple = (1, 0)
    hand_size: tuple = (0, 0)
    life: tuple = (20, 20)
    pool: tuple = field(default_factory=lambda: ({}, {}))
    restricted_pool: tuple = ((), ())      # per player: (SpendRestriction, {type: n}) entries (106.6)


class _View:
    """The board at one moment: which permanents are still there (a sacrificed one is gone)
    and the hand sizes (one fewer while a card being cast has left its owner's hand)."""

    def __init__(self, board: OBoard, alive=None, hand=None):
        self.board = board
        self.perms = board.permanents
        self.alive = frozenset(range(len(board.permanents))) if alive is None else frozenset(alive)
        self.hand = tuple(board.hand_size) if hand is None else tuple(hand)

    def each(self):
        return sorted(self.alive)


# ---- characteristics ------------------------------------------------------------------------

def _is_land(card: CardDef) -> bool:
    return "Land" in card.types


def _is_creature(card: CardDef) -> bool:
    return "Creature" in card.types


def _is_snow(card: CardDef) -> bool:
    return "Snow" in card.supertypes


def _whose(who: Controller, owner: int, other: int) -> bool:
    """Does a permanent controlled by `other` pass the controller filter `who`, read from the
    point of view of `owner` ("you")?"""
    if who is Controller.YOU:
        return other == owner
    if who is Controller.OPPONENTS:
        return other != owner
    return True


def _count(v: _View, src: int | None, you: int, amount, chosen: str | None = None, x: int = 0) -> int:
    """The value of an Amount: a number, or a Count read off the board now. `src` is the
    permanent the ability belongs to (None for a card being cast), `you` its controller."""
    if isinstance(amount, int):
        return amount
    c: Count = amount
    perms = v.perms
    if c.count is CountOf.PERMANENTS:
        n = 0
        for j in v.each():
            p = perms[j]
            if c.other and j == src:
                continue
            if not _whose(c.controller, you, p.controller):
                continue
            if c.types and not any(t in p.card.types for t in c.types):
                continue
            if c.subtypes and not any(s in p.card.subtypes for s in c.subtypes):
                continue
            n += 1
        return n
    if c.count is CountOf.CARDS_IN_HAND:
        if c.controller is Controller.OPPONENTS:
            return v.hand[1 - you]
        if c.controller is Controller.ANY:
            return v.hand[0] + v.hand[1]
        return v.hand[you]
    if c.count is CountOf.DEVOTION:
        color = chosen if c.color == "chosen" else c.color
        if not color:
            return 0
        n = 0
        for j in v.each():
            p = perms[j]
            if _whose(c.controller, you, p.controller):
                n += sum(1 for s in p.card.cost.symbols if color in s.colors)
        return n
    if c.count is CountOf.COUNTERS_ON_SELF:
        return 0 if src is None else perms[src].counters.get(c.counter, 0)
    if c.count is CountOf.GREATEST_POWER:
        powers = [power(v, j) for j in v.each()
                  if _is_creature(perms[j].card) and _whose(c.controller, you, perms[j].controller)]
        return max(powers, default=0)
    if c.count is CountOf.X:
        return x
    raise ValueError(f"unknown count {c.count}")


def _printed(v: _View, j: int, which: str) -> int:
    """A creature's printed power or toughness (`which`), plus what its * counts, plus its
    +1/+1 and -1/-1 counters."""
    p = v.perms[j]
    value = getattr(p.card, which)
    n = value.base if value is not None else 0
    if value is not None and value.star and p.card.star is not None:
        n += _count(v, j, p.controller, p.card.star)
    return n + p.counters.get("+1/+1", 0) - p.counters.get("-1/-1", 0)


def power(v: _View | OBoard, j: int) -> int:
    """A creature's power: printed (plus what * counts), +1/+1 and -1/-1 counters, bonuses."""
    v = _View(v) if isinstance(v, OBoard) else v
    return _printed(v, j, "power") + v.perms[j].power_bonus


def toughness(v: _View | OBoard, j: int) -> int:
    """A creature's toughness: printed (plus what * counts), +1/+1 and -1/-1 counters."""
    return _printed(_View(v) if isinstance(v, OBoard) else v, j, "toughness")


def _grants(v: _View, j: int, grant: Grant) -> bool:
    """Does some permanent on the battlefield grant `grant` to permanent j?"""
    p = v.perms[j]
    for k in v.each():
        src = v.perms[k]
        for g in src.card.abilities_of(StaticGrant):
            if g.grant is not grant or src.controller != p.controller:
                continue
            if g.to is GrantTo.CREATURES_YOU_CONTROL and _is_creature(p.card):
                return True
            if g.to is GrantTo.LANDS_YOU_CONTROL and _is_land(p.card):
                return True
    return False


def _has_haste(v: _View, j: int) -> bool:
    kw = {k.lower() for k in v.perms[j].card.keywords}
    return "haste" in kw or _grants(v, j, Grant.HASTE)


def is_sick(v: _View | OBoard, j: int) -> bool:
    """302.6: a creature without haste whose controller hasn't controlled it continuously
    since the start of their most recent turn."""
    if isinstance(v, OBoard):
        v = _View(v)
    p = v.perms[j]
    if not _is_creature(p.card) or _has_haste(v, j):
        return False
    return p.controlled_since >= v.board.last_turn_start[p.controller]


def _mana_abilities(v: _View, j: int) -> list[ManaAbility]:
    """Printed mana abilities in printed order, then the granted ones."""
    out = list(v.perms[j].card.mana_abilities)
    if _grants(v, j, Grant.MANA_ANY_COLOR):
        out.append(GRANTED_ANY_COLOR)
    return out


def condition_holds(v: _View | OBoard, j: int, c) -> bool:
    """602.5: may permanent j's ability with "activate only ..." condition `c` (an
    ActivateOnly) be activated now? Its controller's permanents counted as they are, its hand,
    whose turn it is. (Once each turn: no board here records an activation, so it holds.)"""
    if isinstance(v, OBoard):
        v = _View(v)
    who = v.perms[j].controller
    if c.during.value == "your_turn" and v.board.active != who:
        return False
    if c.during.value == "opponents_turn" and v.board.active == who:
        return False
    hand = v.board.hand_size[who]
    if (c.hand_min is not None and hand < c.hand_min) or (c.hand_max is not None and hand > c.hand_max):
        return False
    if not c.controls:
        return True

    def counted(k: int) -> bool:
        card = v.perms[k].card
        return (v.perms[k].controller == who
                and (not c.types or any(t in card.types for t in c.types))
                and (not c.supertypes or any(t in card.supertypes for t in c.supertypes))
                and (not c.subtypes or any(t in card.subtypes for t in c.subtypes))
                and (not c.colors or bool(card.colors & c.colors))
                and (c.min_power is None or power(v, k) >= c.min_power)
                and (c.min_toughness is None or toughness(v, k) >= c.min_toughness))
    if c.or_entered_this_turn and v.perms[j].controlled_since == v.board.turn:
        return True
    names = Counter(v.perms[k].card.name for k in v.each() if counted(k))
    return (max(names.values(), default=0) if c.same_name else sum(names.values())) >= c.controls


# ---- what an ability produces ----------------------------------------------------------------

def _mana_of(cost: ManaCost, times: int = 1) -> Counter:
    """Mana written as symbols ({G}{G}, {C}) as a Counter of type letters, times `times`."""
    out = Counter()
    for s in cost.symbols:
        if s.kind is SymbolKind.COLORED:
            out[s.colors[0]] += times
        elif s.kind is SymbolKind.COLORLESS:
            out["C"] += times
        else:
            raise ValueError(f"{s} is not a type of mana")
    return +out


def _watches(v: _View, src: int, watches: Watches, tapped: int) -> bool:
    """Does the effect of permanent `src` watch permanent `tapped`?"""
    s, t = v.perms[src], v.perms[tapped]
    if watches is Watches.SELF:
        return src == tapped
    if watches is Watches.ENCHANTED_LAND:
        return s.attached_to == tapped
    if watches is Watches.LANDS_YOU_CONTROL:
        return _is_land(t.card) and t.controller == s.controller
    if watches is Watches.LANDS:
        return _is_land(t.card)
    if watches is Watches.BASIC_LANDS:
        return _is_land(t.card) and "Basic" in t.card.supertypes
    if watches is Watches.PERMANENTS_YOU_CONTROL:
        return t.controller == s.controller
    if watches is Watches.PERMANENTS:
        return True
    if watches is Watches.CREATURES_YOU_CONTROL:
        return _is_creature(t.card) and t.controller == s.controller
    raise ValueError(watches)


def _reference_types(v: _View, j: int, ab: ManaAbility, cp) -> frozenset | None:
    """For a "could produce" ability: the types lands of the named player could produce."""
    if ab.could_produce is LandsOf.NONE:
        return None
    me = v.perms[j].controller
    out = set()
    for k in v.each():
        p = v.perms[k]
        if not _is_land(p.card):
            continue
        if (ab.could_produce is LandsOf.YOU) == (p.controller == me):
            out |= cp.get(k, frozenset())
    return frozenset(out)


def _base_outputs(v: _View, j: int, ab: ManaAbility, cp, x: int = 0) -> list[Counter]:
    """Every mana the ability could produce before replacement effects (one per choice), its
    X being x (the counters its cost removes, 107.3a). An empty Counter is "no mana" (zero
    amount, or an undefined type: 106.5)."""
    p = v.perms[j]
    me = p.controller

    def amount(chosen=None) -> int:
        return max(0, _count(v, j, me, ab.amount, chosen=chosen, x=x))

    allowed = _reference_types(v, j, ab, cp)
    kind = ab.output
    if kind is ManaKind.FIXED:
        if ab.if_you_control:
            mine = [v.perms[k].card.subtypes for k in v.each() if v.perms[k].controller == me]
            if all(any(s in subs for subs in mine) for s in ab.if_you_control):
                return [_mana_of(ab.instead)]
        return [_mana_of(ab.mana, amount())]
    if kind is ManaKind.CHOICE:
        n = amount()
        return [_mana_of(o, n) for o in ab.options]
    if kind in (ManaKind.ANY_COLOR, ManaKind.ANY_TYPE):
        universe = COLORS if kind is ManaKind.ANY_COLOR else TYPES
        kinds = [t for t in universe if allowed is None or t in allowed]
        return [+Counter({t: amount(t)}) for t in kinds] or [Counter()]
    if kind is ManaKind.COMBINATION:
        kinds = [t for t in COLORS if (allowed is None or t in allowed)
                 and (not ab.options or any(_mana_of(o)[t] for o in ab.options))]   # ("of {W} and/or {U}")
        n = amount()
        if not kinds or n == 0:
            return [Counter()]
        return [Counter(combo) for combo in itertools.combinations_with_replacement(kinds, n)]
    if kind is ManaKind.CHOSEN_COLOR:
        c = p.chosen_color
        return [+Counter({c: amount(c)})] if c else [Counter()]
    raise ValueError(kind)


def _replacements(v: _View, tapped: int) -> list[ManaReplacement]:
    """The replacement effects that apply to permanent `tapped` being tapped for mana."""
    out = []
    for k in v.each():
        for r in v.perms[k].card.abilities_of(ManaReplacement):
            if _watches(v, k, r.watches, tapped):
                out.append(r)
    return out


def _apply(mana: Counter, order) -> Counter:
    """Apply replacement effects to a mana production event, in this order (616.1)."""
    m = +mana
    if not m:
        return m          # no mana is produced: there is no event to replace (106.12b)
    for r in order:
        if r.replace_with:
            m = Counter({r.replace_with: 1})           # "{B} instead of any other type and amount"
        elif r.multiply != 1:
            m = Counter({t: n * r.multiply for t, n in m.items()})
    return +m


def _event_outputs(v: _View, j: int, ab: ManaAbility, cp, x: int = 0) -> list[Counter]:
    """Every mana the resolving ability could produce (its X being x): every base choice, then
    (for a {T} ability) the applicable replacement effects in every possible order."""
    outs = []
    reps = _replacements(v, j) if ab.cost.tap else []
    for base in _base_outputs(v, j, ab, cp, x):
        if not reps:
            outs.append(+base)
            continue
        for order in itertools.permutations(reps):
            outs.append(_apply(base, order))
    unique = []
    for o in outs:
        if o not in unique:
            unique.append(o)
    return unique


def _could_produce_one(v: _View, j: int, cp) -> frozenset:
    types = set()
    for ab in _mana_abilities(v, j):
        for out in _event_outputs(v, j, ab, cp):
            types |= {t for t, n in out.items() if n > 0}
    return frozenset(types)


def _could_produce_view(v: _View) -> dict:
    """106.7 as a least fixpoint: start with nothing, recompute every permanent from the
    current sets until nothing changes (a cycle with no base source produces nothing)."""
    cp = {j: frozenset() for j in v.each()}
    while True:
        new = {j: _could_produce_one(v, j, cp) for j in v.each()}
        if new == cp:
            return cp
        cp = new


def could_produce(board: OBoard) -> list[frozenset]:
    """The types of mana each permanent could produce (106.7), in board order."""
    cp = _could_produce_view(_View(board))
    return [cp[j] for j in range(len(board.permanents))]


def _trigger_options(v: _View, tapped: int, ab: ManaAbility, produced: Counter) -> list[list]:
    """The triggered mana abilities (106.12a) that trigger when permanent `tapped` is tapped for
    `produced`: for each, the list of its possible outputs as (Counter, source is snow)."""
    if not ab.cost.tap or sum(produced.values()) == 0:
        return []
    t = v.perms[tapped]
    out = []
    for k in v.each():
        src = v.perms[k]
        snow = _is_snow(src.card)
        for trig in src.card.abilities_of(ManaTrigger):
            if not _watches(v, k, trig.watches, tapped):
                continue
            if trig.subtypes and not any(s in t.card.subtypes for s in trig.subtypes):
                continue
            of_type = src.chosen_color if trig.of_type == "chosen" else trig.of_type
            if trig.of_type == "chosen" and not of_type:
                continue
            if of_type and produced.get(of_type, 0) <= 0:
                continue
            n = trig.amount
            if trig.adds is TriggerAdds.FIXED:
                opts = [_mana_of(trig.mana, n)]
            elif trig.adds is TriggerAdds.PRODUCED:
                opts = [Counter({ty: n}) for ty in TYPES if produced.get(ty, 0) > 0]
            elif trig.adds is TriggerAdds.CHOSEN_COLOR:
                opts = [Counter({src.chosen_color: n})] if src.chosen_color else [Counter()]
            elif trig.adds is TriggerAdds.ANY_COLOR:
                opts = [Counter({c: n}) for c in COLORS]
            else:
                raise ValueError(trig.adds)
            out.append([(+o, snow) for o in opts])
    return out


# ---- mana pools ------------------------------------------------------------------------------
# A pool is a tuple of 12 * (1 + R) counts: for each restriction class r (0: unrestricted; then
# each distinct spending restriction of the board, 106.6), each type W U B R G C, (mana from
# non-snow sources, from snow sources). A payment names the classes it may take (`admitted`).

def _slot(t: str, snow: bool, r: int = 0) -> int:
    return (r * 6 + TYPES.index(t)) * 2 + (1 if snow else 0)


def _restrictions(board: OBoard) -> list:
    """The distinct spending restrictions of the board's mana abilities and pools: class r is
    the restriction at index r - 1."""
    out = []
    for p in board.permanents:
        for ab in p.card.mana_abilities:
            if ab.spend_only_on is not None and ab.spend_only_on not in out:
                out.append(ab.spend_only_on)
    for entries in board.restricted_pool:
        for r, _ in entries:
            if r not in out:
                out.append(r)
    return out


def _class(restrictions: list, r) -> int:
    return 0 if r is None else 1 + restrictions.index(r)


def _admits(r, card: CardDef, ability: bool) -> bool:
    """106.6: may mana restricted by `r` be spent to cast `card` (ability False) or to activate
    an ability of a permanent of `card`? Every part of the filter given must hold ("of the
    chosen type": a creature spell of CREATURE_TYPE)."""
    f = r.abilities if ability else r.spells
    if f is None:
        return False
    return ((not f.types or any(t in card.types for t in f.types))
            and (not f.supertypes or any(t in card.supertypes for t in f.supertypes))
            and (not f.subtypes or any(t in card.subtypes for t in f.subtypes))
            and (not f.chosen_type or CREATURE_TYPE in card.subtypes)
            and (not f.colorless or int(card.colors) == 0)
            and not any(t in card.types for t in f.not_types)
            and (not f.multicolored or len(card.color_letters) >= 2))


def _admitted(restrictions: list, card: CardDef | None, ability: bool) -> frozenset:
    """The classes whose mana may pay for `card` (None: only unrestricted mana)."""
    return frozenset([0] + [k + 1 for k, r in enumerate(restrictions)
                            if card is not None and _admits(r, card, ability)])


def _pool_of(d: dict, restricted=(), restrictions=()) -> tuple:
    out = [0] * (12 * (1 + len(restrictions)))
    for t, n in (d or {}).items():
        out[_slot(t, False)] += int(n)
    for r, mana in restricted:
        for t, n in mana.items():
            out[_slot(t, False, _class(list(restrictions), r))] += int(n)
    return tuple(out)


def _pool_type(pool: tuple, t: str) -> int:
    """All the mana of type t, whatever its restriction (a report counts it all)."""
    return sum(pool[_slot(t, snow, r)] for r in range(len(pool) // 12) for snow in (False, True))


def _symbol_slots(s: ManaSymbol, admitted: frozenset) -> list:
    """How one non-generic mana symbol can be paid: a list of alternatives, each either
    ("slots", [pool slots]) — one mana from one of them — or ("generic", 2) or ("life", 2)."""
    k = s.kind

    def of(t):
        return ("slots", [_slot(t, snow, r) for r in sorted(admitted) for snow in (False, True)])
    if k is SymbolKind.COLORED:
        return [of(s.colors[0])]
    if k is SymbolKind.COLORLESS:
        return [of("C")]
    if k is SymbolKind.HYBRID:
        return [of(c) for c in s.colors]
    if k is SymbolKind.MONO_HYBRID:
        return [of(s.colors[0]), ("generic", 2)]
    if k is SymbolKind.COLORLESS_HYBRID:
        return [of("C"), of(s.colors[0])]
    if k is SymbolKind.PHYREXIAN:
        return [of(s.colors[0]), ("life", 2)]
    if k is SymbolKind.HYBRID_PHYREXIAN:
        return [of(c) for c in s.colors] + [("life", 2)]
    if k is SymbolKind.SNOW:
        return [("slots", [_slot(t, True, r) for r in sorted(admitted) for t in TYPES])]
    raise ValueError(s)


def _split_cost(cost: ManaCost, x: int = 0) -> tuple[int, list]:
    """(generic amount, the other symbols one by one); each {X} is x generic."""
    generic, rest = 0, []
    for s in cost.symbols:
        if s.kind is SymbolKind.GENERIC:
            generic += s.amount
        elif s.kind is SymbolKind.X:
            generic += x
        else:
            rest.append(s)
    return generic, rest


def _pay_symbols(pool: tuple, life: int, symbols: list, admitted: frozenset) -> set:
    """Every (pool, life, extra generic) after paying the non-generic symbols."""
    states = {(pool, life, 0)}
    for s in symbols:
        nxt = set()
        for pl, lf, g in states:
            for how, what in _symbol_slots(s, admitted):
                if how == "slots":
                    for i in what:
                        if pl[i] > 0:
                            nxt.add((pl[:i] + (pl[i] - 1,) + pl[i + 1:], lf, g))
                elif how == "generic":
                    nxt.add((pl, lf, g + what))
                elif how == "life" and lf >= what:       # 119.4: life you have
                    nxt.add((pl, lf - what, g))
        states = nxt
    return states


def _usable(pool: tuple, admitted: frozenset) -> list:
    """The pool slots of the admitted classes."""
    return [i for i in range(len(pool)) if i // 12 in admitted]


def _take_generic(pool: tuple, n: int, admitted: frozenset) -> set:
    """Every pool left after paying n generic mana with any admitted mana."""
    if n == 0:
        return {pool}
    out = set()
    for i in _usable(pool, admitted):
        if pool[i] > 0:
            out |= _take_generic(pool[:i] + (pool[i] - 1,) + pool[i + 1:], n - 1, admitted)
    return out


def _payments(pool: tuple, life: int, cost: ManaCost, admitted: frozenset) -> set:
    """Every (pool, life) left after paying an activation's mana cost from the pool."""
    generic, rest = _split_cost(cost)
    out = set()
    for pl, lf, g in _pay_symbols(pool, life, rest, admitted):
        if sum(pl[i] for i in _usable(pl, admitted)) >= generic + g:
            for left in _take_generic(pl, generic + g, admitted):
                out.add((left, lf))
    return out


def _pays(pool: tuple, life: int, cost: ManaCost, admitted: frozenset = frozenset([0])) -> bool:
    """Can this pool (and life total) pay the cost, with mana of the admitted classes?"""
    generic, rest = _split_cost(cost)
    return any(sum(pl[i] for i in _usable(pl, admitted)) >= generic + g
               for pl, lf, g in _pay_symbols(pool, life, rest, admitted))


# ---- activation sequences --------------------------------------------------------------------

def _life_effect(v: _View, j: int, ab: ManaAbility) -> int:
    """Life change from the ability's own effect (Henge's life gain, a pain land's damage).
    Once, never multiplied. ("Whenever this becomes tapped" triggers such as City of Brass's
    are not mana abilities: they wait for the stack, after the spell is paid for.)"""
    me = v.perms[j].controller

    def total(op: str) -> int:             # (each op of the effect so named, added up)
        return sum(_count(v, j, me, o.value) for o in ab.effect.of(op))
    return total("gain_life") - total("damage_to_you") - total("lose_life")


def _outcomes(v: _View, j: int, ab: ManaAbility, cp, restrictions: list, x: int = 0) -> set:
    """Every (pool delta, life delta) the resolving ability can give its controller: every
    base choice, replacement order and choice of the triggered mana abilities. The ability's
    own mana, replacement effects' extra included, keeps its restriction (106.6a); the
    triggered mana abilities' mana is theirs, unrestricted."""
    snow = _is_snow(v.perms[j].card)
    life = _life_effect(v, j, ab)
    r = _class(restrictions, ab.spend_only_on)
    out = set()
    for produced in _event_outputs(v, j, ab, cp, x):
        for combo in itertools.product(*_trigger_options(v, j, ab, produced)):
            delta = [0] * (12 * (1 + len(restrictions)))
            for t, n in produced.items():
                delta[_slot(t, snow, r)] += n
            for extra, tsnow in combo:
                for t, n in extra.items():
                    delta[_slot(t, tsnow)] += n
            out.add((tuple(delta), life))
    return out


def _activations(board: OBoard, alive: frozenset, player: int, cache: dict, restrictions: list) -> list:
    """For the board with these permanents left: each activatable mana ability of `player`'s
    permanents as (permanent, mana cost, life cost, sacrifices itself, outcomes, the classes
    that may pay its mana cost: an ability of that permanent, 106.6)."""
    if alive in cache:
        return cache[alive]
    v = _View(board, alive)
    acts = []
    for j in v.each():
        p = v.perms[j]
        if p.controller != player:
            continue
        for ab in _mana_abilities(v, j):
            c = ab.cost
            if not (c.tap or c.untap or c.sacrifice_self or c.remove_x):
                continue  # no such abilities among the supported cards (see the doc note); an untapped
                # "Remove X counters" ability (Calciform Pools) is activated once, as the kernels' search does
            if c.tap and p.tapped:
                continue                       # 107.5
            if c.untap and not p.tapped:
                continue                       # 107.6
            if (c.tap or c.untap) and is_sick(v, j):
                continue                       # 302.6
            if c.remove_counters and p.counters.get(c.remove_counters[0], 0) < c.remove_counters[1]:
                continue                       # 118.3
            if ab.activate_only is not None and not condition_holds(v, j, ab.activate_only):
                continue                       # 602.5
            after = alive - {j} if c.sacrifice_self else alive
            v2 = _View(board, after)
            cp = _could_produce_view(v2)
            # 107.3a: X chosen as it is paid, each number of counters on it (118.3; none: no mana)
            xs = range(1, p.counters.get(c.remove_x, 0) + 1) if c.remove_x else (0,)
            outcomes = frozenset(o for x in xs for o in _outcomes(v2, j, ab, cp, restrictions, x))
            acts.append((j, c.mana, c.life, c.sacrifice_self, outcomes,
                         _admitted(restrictions, p.card, True), _tappable(v, j, c)))
    cache[alive] = acts
    return acts


def _tappable(v: _View, j: int, c: ActivationCost) -> tuple | None:
    """The permanents the cost's "Tap an untapped creature you control" may tap (701.26a: an
    untapped one of the player's, of a type it names, not j itself; 302.6 asks nothing of it),
    None without such a part."""
    op = c.op("tap_untapped")
    if op is None:
        return None
    types = {w.title() for w in str(op.value).split()} & {"Artifact", "Creature"}
    me = v.perms[j].controller
    return tuple(k for k in v.each() if k != j and v.perms[k].controller == me and not v.perms[k].tapped
                 and types & set(v.perms[k].card.types))


_FINAL_CACHE: dict = {}


def _board_key(board: OBoard, player: int):
    return (player, board.turn, board.active, tuple(board.last_turn_start), tuple(board.hand_size),
            tuple(board.life), tuple(tuple(sorted((d or {}).items())) for d in board.pool),
            tuple(tuple((r, tuple(sorted(m.items()))) for r, m in pl) for pl in board.restricted_pool),
            tuple((id(p.card), p.card.name, p.controller, p.tapped, p.controlled_since,
                   tuple(sorted(p.counters.items())), p.chosen_color, p.attached_to, p.x_paid,
                   p.token, p.power_bonus) for p in board.permanents))


def final_states(board: OBoard, player: int = 0) -> frozenset:
    """Every (pool, life) some sequence of `player`'s mana-ability activations can reach
    (including doing nothing): an exhaustive search over (permanents left, permanents used,
    pool, life)."""
    key = _board_key(board, player)
    if key in _FINAL_CACHE:
        return _FINAL_CACHE[key]
    cache: dict = {}
    restrictions = _restrictions(board)
    start = (frozenset(range(len(board.permanents))), frozenset(),
             _pool_of(board.pool[player], board.restricted_pool[player], restrictions), board.life[player])
    seen = {start}
    stack = [start]
    while stack:
        alive, used, pool, life = stack.pop()
        for j, mana_cost, life_cost, sac, outcomes, admitted, tappable in _activations(board, alive, player, cache,
                                                                                         restrictions):
            if j in used or (life_cost > 0 and life_cost > life):
                continue                       # 119.4: paying 0 life is always possible
            after = alive - {j} if sac else alive
            # a permanent tapped for the cost (one not yet used: a used one is tapped) is used too
            taken = [frozenset([j])] if tappable is None else [frozenset([j, k]) for k in tappable if k not in used]
            for pool2, life2 in _payments(pool, life - life_cost, mana_cost, admitted):
                for delta, dlife in outcomes:
                    pool3 = tuple(a + b for a, b in zip(pool2, delta))
                    for t in taken:
                        state = (after, used | t, pool3, life2 + dlife)
                        if state not in seen:
                            seen.add(state)
                            stack.append(state)
    result = frozenset((pool, life) for _, _, pool, life in seen)
    if len(_FINAL_CACHE) > 4096:
        _FINAL_CACHE.clear()
    _FINAL_CACHE[key] = result
    return result


def mana_summary(board: OBoard, player: int = 0) -> dict:
    """{W, U, B, R, G, C: the most mana of that type some activation sequence leaves in the
    pool; total: the most mana in all} — each maximised on its own, restricted mana counted
    like any other (a report: it isn't spent)."""
    states = final_states(board, player)
    out = {t: max(_pool_type(pool, t) for pool, _ in states) for t in TYPES}
    out["total"] = max(sum(pool) for pool, _ in states)
    return out


def can_pay(board: OBoard, cost: ManaCost, player: int = 0, card: CardDef | None = None,
            ability: bool = False) -> bool:
    """Can some activation sequence leave a pool (and life total) that pays the cost of
    casting `card` (or, with `ability`, of an activated ability of a permanent of it)?
    Restricted mana pays only what its restriction admits (106.6; no card: nothing)."""
    cost = ManaCost.parse(cost)
    admitted = _admitted(_restrictions(board), card, ability)
    pools = {}
    for pool, life in final_states(board, player):
        pools[pool] = max(life, pools.get(pool, life))
    return any(_pays(pool, life, cost, admitted) for pool, life in pools.items())


# ---- total cost (601.2f) ---------------------------------------------------------------------

def _spell_matches(m: CostModifier, card: CardDef) -> bool:
    """The modifier's filter: any of types/supertypes/subtypes (if any given), none of
    not_types, some shared colour (if colours given)."""
    named = m.types or m.supertypes or m.subtypes
    has_one = (any(t in card.types for t in m.types)
               or any(t in card.supertypes for t in m.supertypes)
               or any(t in card.subtypes for t in m.subtypes))
    if named and not has_one:
        return False
    if any(t in card.types for t in m.not_types):
        return False
    return not m.colors or bool(int(m.colors) & int(card.colors))


def _applicable_modifiers(board: OBoard, card: CardDef, player: int):
    """(modifier, source permanent index or None for the card itself, its controller)."""
    out = []
    for m in card.abilities_of(CostModifier):
        if m.scope is SpellScope.SELF and _spell_matches(m, card):
            out.append((m, None, player))
    for j, p in enumerate(board.permanents):
        for m in p.card.abilities_of(CostModifier):
            if m.scope is SpellScope.SELF:
                continue
            if m.scope is SpellScope.YOUR_SPELLS and p.controller != player:
                continue
            if m.scope is SpellScope.OPPONENT_SPELLS and p.controller == player:
                continue
            if m.while_untapped and p.tapped:
                continue
            if _spell_matches(m, card):
                out.append((m, j, p.controller))
    return out


def _total_cost_parts(board: OBoard, card: CardDef, x: int = 0, kicked: bool = False,
                      alternative: str | None = None, player: int = 0,
                      from_hand: bool | None = None) -> tuple[int, list, int]:
    """601.2f steps 1-3: (generic, the other symbols, the total-cost floor of step 4)."""
    if alternative is None:
        base = card.cost
    elif alternative == "flashback":
        if card.flashback is None:
            raise ValueError(f"{card.name} has no flashback cost")
        base = card.flashback
    else:
        raise ValueError(f"unknown alternative cost {alternative!r}")
    if from_hand is None:
        from_hand = alternative is None
    hand = list(board.hand_size)
    if from_hand:
        hand[player] = max(0, hand[player] - 1)     # 601.2a: the card is on the stack now
    v = _View(board, hand=hand)

    # Step 1: the mana cost or the alternative cost, {X} as x generic.
    generic, symbols = _split_cost(base, x)
    if kicked:
        if card.kicker is None:
            raise ValueError(f"{card.name} has no kicker")
        g, s = _split_cost(card.kicker, x)
        generic += g
        symbols += s

    mods = _applicable_modifiers(board, card, player)

    def value(m, src, you):
        return max(0, _count(v, src, you, m.amount, x=x))

    # Step 2: additional costs (above) and increases.
    for m, src, you in mods:
        if m.change is CostChange.INCREASE:
            g, s = _split_cost(m.mana)
            generic += g + value(m, src, you)
            symbols += s
    # Step 3: reductions (order-independent: each only subtracts, floored at 0).
    for m, src, you in mods:
        if m.change is not CostChange.REDUCE:
            continue
        g, s = _split_cost(m.mana)
        generic = max(0, generic - g - value(m, src, you))       # 118.7a
        for sym in s:
            kind = sym.kind
            if kind in (SymbolKind.COLORED, SymbolKind.COLORLESS):
                match = next((i for i, o in enumerate(symbols)
                              if o.kind is kind and o.colors == sym.colors), None)
                if match is not None:
                    del symbols[match]
                else:
                    generic = max(0, generic - 1)      # 118.7b-d
            else:
                generic = max(0, generic - 1)          # 118.7g etc.: treated as generic
    # Step 4's floor: the largest total-cost setter that applies.
    minimum = max((value(m, src, you) for m, src, you in mods
                   if m.change is CostChange.SET_MINIMUM), default=0)
    return generic, symbols, minimum


def total_cost(board: OBoard, card: CardDef, x: int = 0, kicked: bool = False,
               alternative: str | None = None, player: int = 0,
               from_hand: bool | None = None) -> ManaCost:
    """601.2f: the mana cost (or the named alternative cost), {X} as x generic; plus kicker
    and every increase; minus every reduction (generic ones only touch generic mana, floored
    at 0; a coloured one removes that colour's symbols and the excess reduces generic); then
    total-cost setters (Trinisphere). Counted amounts are read as the card has left the hand
    (`from_hand`, by default: cast without an alternative cost).

    Trinisphere counts the mana actually paid, so with Phyrexian or {2/W} symbols it depends
    on how they are paid (601.2b; see `castable`). As a ManaCost, the floor is shown as if
    every symbol were paid with one mana (the convention of mtgsim.batch)."""
    generic, symbols, minimum = _total_cost_parts(board, card, x, kicked, alternative, player,
                                                  from_hand)
    size = generic + len(symbols)
    if size < minimum:
        generic += minimum - size
    if generic or not symbols:
        symbols = symbols + [ManaSymbol(SymbolKind.GENERIC, (), generic)]
    return ManaCost(symbols)     # an all-zero total is {0} (118.7)


def _announced(symbols: list):
    """601.2b: every way to announce how the Phyrexian and {2/W} symbols will be paid.
    Yields (symbols to pay with mana, extra generic, life to pay)."""
    choices = []
    for s in symbols:
        if s.kind is SymbolKind.PHYREXIAN:
            choices.append([([ManaSymbol(SymbolKind.COLORED, s.colors)], 0, 0), ([], 0, 2)])
        elif s.kind is SymbolKind.HYBRID_PHYREXIAN:
            choices.append([([ManaSymbol(SymbolKind.HYBRID, s.colors)], 0, 0), ([], 0, 2)])
        elif s.kind is SymbolKind.MONO_HYBRID:
            choices.append([([ManaSymbol(SymbolKind.COLORED, s.colors)], 0, 0), ([], 2, 0)])
        else:
            choices.append([([s], 0, 0)])
    for combo in itertools.product(*choices):
        syms = [t for part, _, _ in combo for t in part]
        yield syms, sum(g for _, g, _ in combo), sum(lf for _, _, lf in combo)


def castable(board: OBoard, card: CardDef, x: int = 0, kicked: bool = False,
             alternative: str | None = None, player: int = 0,
             from_hand: bool | None = None) -> bool:
    """Can `player` pay the total cost of `card`? Every announcement of how Phyrexian and
    {2/W} symbols are paid (601.2b), the floor of a total-cost setter applied to the mana that
    announcement pays (Trinisphere: paying life for {R/P} pays less mana), then some
    activation sequence that pays it, life included (601.2g-h), restricted mana only if its
    restriction admits the spell (106.6)."""
    generic, symbols, minimum = _total_cost_parts(board, card, x, kicked, alternative, player,
                                                  from_hand)
    states = final_states(board, player)
    admitted = _admitted(_restrictions(board), card, False)      # 106.6: what may pay for it
    for syms, extra, life_needed in _announced(symbols):
        g = generic + extra
        paid = g + len(syms)
        if paid < minimum:
            g += minimum - paid
        syms = syms + [ManaSymbol(SymbolKind.GENERIC, (), g)] if g else syms
        cost = ManaCost(syms) if syms else ManaCost.parse("{0}")
        for pool, life in states:
            if life_needed and life < life_needed:      # 119.4, paying 2 life at a time
                continue
            if _pays(pool, life - life_needed, cost, admitted):
                return True
    return False

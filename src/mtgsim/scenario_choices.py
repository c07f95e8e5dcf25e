"""The players' choices a Scenario's caller gives for an action (`choices={kind: value}`, or an
action's older keyword such as `color=`), checked and read into the compiled game's one CHOICES
record (vocabulary.CHOICE_KINDS; docs/rules-core.md). A base of `Scenario`, which holds the zones
the values are checked against."""
from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

import numpy as np

from . import _core, vocabulary
from .batch import color_bit
from .errors import ArgumentError, ArgumentTypeError, InternalError, RulesError, shown
from .handle import Permanent
from ._core import CardTypeBit
from .cards.model import CARD_TYPES
from .pool import POSSESSIVE
from .scenario_args import whole_arg

if TYPE_CHECKING:
    from .cards import CardDef
    from .compile import Tables


# The kinds of choice a Scenario's caller gives (`choices=`): those with a CHOICES field
# (vocabulary.CHOICE_KINDS); the others are the simulator's rule in both games.
SCENARIO_CHOICES: tuple[str, ...] = tuple(c.name for c in vocabulary.CHOICE_KINDS if c.field)
# the older keyword of an action for a kind of choice (kept: the same as choices={kind: value})
_KEYWORD_KIND = {"color": "color", "pay_life": "pay_life", "pay_life_for_lands": "pay_life",
                 "bounce": "land_to_return", "keep_on_top": "keep_on_top", "to_hand": "to_hand",
                 "sacrifice": "permanent_to_sacrifice", "discard": "cards_to_discard"}


def _given_choices(choices, keywords: dict) -> dict:
    """The choices given to an action, by kind: (value, the name it was given by). `choices`: a
    mapping of kind to value (None: none); `keywords`: the older keywords (None: not given)."""
    if choices is None:
        choices = {}
    if not isinstance(choices, Mapping):
        raise ArgumentTypeError(f"choices must be a mapping of kind of choice to value, not {type(choices).__name__}")
    given = {}
    for name, value in choices.items():
        if value is None and isinstance(name, str) and name in SCENARIO_CHOICES:
            continue                                  # (None: not given, as for a keyword)
        if not isinstance(name, str) or name not in SCENARIO_CHOICES:
            kind = vocabulary.CHOICE_BY_NAME.get(name) if isinstance(name, str) else None
            why = (f"{name} is not a Scenario's to give ({kind.doc}: the simulator's rule)" if kind
                   else f"no kind of choice {shown(name)}")
            raise ArgumentError(f"choices: {why}; a Scenario's caller gives {', '.join(SCENARIO_CHOICES)}")
        given[name] = (value, f"choices[{name!r}]")
    for keyword, value in keywords.items():
        if value is None:
            continue
        name = _KEYWORD_KIND[keyword]
        if name in given:
            raise ArgumentError(f"{keyword}: the {name} choice is given twice (by {keyword}= and by choices=)")
        given[name] = (value, keyword)
    return given


def _flips_mask(flips, what: str) -> int:
    """`flips` (each coin flip of the action in order, "won" or "lost", 705.1) as the CHOICES flips_lost
    value: bit k for the k-th flip, 1 lost, and bit 63 set: given (kernels/choices.pxi's coin_flip_lost)."""
    if isinstance(flips, (str, bytes)) or not hasattr(flips, "__iter__"):
        raise ArgumentError(f'{what}: a list of "won" or "lost", one for each flip in order, got {shown(flips)}')
    flips = list(flips)
    if len(flips) > 63 or any(f not in ("won", "lost") for f in flips):
        raise ArgumentError(f'{what}: at most 63 flips, each "won" or "lost", got {shown(flips)}')
    return (1 << 63) | sum(1 << k for k, f in enumerate(flips) if f == "lost")


def _to_hand_mask(to_hand, what: str = "to_hand") -> int:
    """`to_hand` (the positions in a look, 0 its top card, of the cards put into the hand; [] none,
    where the effect lets the player take none) as the compiled game's mask: bit k for the k-th
    card looked at, 1 chosen, and bit 63 set: given (kernels/choices.pxi's to_hand_given)."""
    if isinstance(to_hand, (str, bytes, bool)) or not hasattr(to_hand, "__iter__"):
        raise ArgumentError(f"{what}: a list of positions in the look (0: its top card), got {shown(to_hand)}")
    picks = list(to_hand)
    if not all(isinstance(k, (int, np.integer)) and not isinstance(k, bool) and 0 <= k < 63 for k in picks) \
            or len(set(picks)) < len(picks):
        raise ArgumentError(f"{what}: distinct positions 0..62 in the look (0: its top card), got {shown(to_hand)}")
    return sum(1 << int(k) for k in picks) | (1 << 63)


def _top_order(top_order, what: str = "top_order") -> int:
    """`top_order` (the places in a look, 0 its top card, of the cards put back on top, the one
    to be on top first, at most 8; those not listed follow in their order; or "shuffle") as the
    compiled game's value: byte k 1 + the place of the card put k-th from the top; all bits set
    for "shuffle" (701.24a: where the effect lets the player shuffle, else as they were)."""
    if isinstance(top_order, str) and top_order == "shuffle":
        return (1 << 64) - 1
    if isinstance(top_order, (str, bytes, bool)) or not hasattr(top_order, "__iter__"):
        raise ArgumentError(f"{what}: a list of places in the look (0: its top card), the one to be on top "
                            f"first, or \"shuffle\", got {shown(top_order)}")
    places = list(top_order)
    if (len(places) > 8 or len(set(places)) < len(places) or not all(
            isinstance(k, (int, np.integer)) and not isinstance(k, bool) and 0 <= k < 64 for k in places)):
        raise ArgumentError(f"{what}: at most 8 distinct places 0..63 in the look (0: its top card), "
                            f"got {shown(top_order)}")
    return sum((int(k) + 1) << (8 * n) for n, k in enumerate(places))


def _keep_mask(keep_on_top, what: str = "keep_on_top") -> int:
    """`keep_on_top` (a list of at most 64 True/False) as the compiled game's mask: bit k for
    the k-th card looked at, 1 kept on top (the cards past the list are kept)."""
    if isinstance(keep_on_top, (str, bytes, bool)) or not hasattr(keep_on_top, "__iter__"):
        raise ArgumentError(f"{what}: a list of True/False, one per card looked at, got {shown(keep_on_top)}")
    keep = list(keep_on_top)
    if len(keep) > 64 or not all(isinstance(k, (bool, np.bool_)) for k in keep):
        raise ArgumentError(f"{what}: at most 64 True/False, one per card looked at, got {shown(keep_on_top)}")
    mask = (1 << 64) - 1
    for k, kept in enumerate(keep):
        if not kept:
            mask &= ~(1 << k)
    return mask


def card_types(bits: int) -> tuple[str, ...]:
    """The card types (205.2a) in CardTypeBits `bits`, in CARD_TYPES' order."""
    return tuple(t for t in CARD_TYPES if bits & int(getattr(CardTypeBit, "CT_" + t.upper())))


def _kinds_of(bits: int) -> str:
    """The card types in CardTypeBits `bits` as a cost names them: "a creature", "an artifact
    or creature" (0: "a permanent")."""
    words = [t.lower() for t in card_types(bits)] or ["permanent"]
    return ("an " if words[0][0] in "aeiou" else "a ") + " or ".join(words)


def all_or_nothing(method):
    """A game action that meets a limit of the simulator (a ValueError: too many permanents, a
    number too large) part way, or was given a choice it never asked for (`_check_asked`),
    leaves the Scenario as it was before the action."""
    @functools.wraps(method)
    def action(self, *args, **kwargs):
        snapshot = self._snapshot()
        outer = not self._acting             # (an action may carry out another: checked once, at the end)
        if outer:
            self._begin_action()
        try:
            result = method(self, *args, **kwargs)
            if outer:
                self._check_asked(method.__name__)
            return result
        except ValueError:
            self._restore(snapshot)
            raise
        finally:
            if outer:
                self._acting = False
    return action


class _Zones(Protocol):
    """What `Scenario` supplies to ScenarioChoices' methods."""
    _choices: np.ndarray
    _given_as: dict[str, str]
    _acting: bool
    _asked: int
    _looked: int
    _given_in_action: dict[str, tuple[str, int]]
    _defs: dict[str, CardDef]
    _names: list[str]
    _perms: np.ndarray
    _hands: tuple[list[str], list[str]]

    def _index(self, p: Permanent) -> int: ...

    def _card(self, card: str | CardDef) -> CardDef: ...

    def _choice_value(self, name: str, value, what: str, who: int) -> int: ...

    def _discard_cards(self, names, what: str) -> int: ...

    def _top_cards(self, names, what: str) -> int: ...

    @property
    def tables(self) -> Tables: ...

    def _object_name(self, object_id: int) -> str: ...

    def _refused_effect_choice(self, found: Mapping, what: str, fault) -> ArgumentError: ...

    def _play(self, action): ...


class ScenarioChoices:
    """The choices of a Scenario's next action (see the module docstring); `Scenario` supplies
    its zones and `_index` (a _Zones)."""

    def _choosing(self: _Zones, choices=None, who: int = 0, **keywords) -> None:
        """The players' choices for the next action (docs/rules-core.md), held as one CHOICES
        record, what is not given as the core's default_choices. `choices`: a mapping of kind of
        choice (vocabulary.CHOICE_KINDS, those a caller gives: `SCENARIO_CHOICES`) to its value;
        `keywords`: the same given by the older keyword of an action (`color=`, `pay_life=`,
        `bounce=`, `keep_on_top=`, `to_hand=`; None: not given), each a kind's other name. A
        kind given twice, an unknown kind or a bad value is an ArgumentError naming it; one the
        rules don't allow as the action is carried out, too (`_refused_choice`)."""
        given = _given_choices(choices, keywords)
        chosen = _core.default_choices()
        for name, (value, what) in given.items():
            kind = vocabulary.CHOICE_BY_NAME[name]
            chosen[kind.field] = self._choice_value(name, value, what, who)
        self._choices = chosen
        self._given_as = {name: what for name, (_, what) in given.items()}
        for name, (value, what) in given.items():
            self._given_in_action[name] = (what, len(value) if name == "keep_on_top" else 0)

    def _begin_action(self: _Zones) -> None:
        """A game action begins: no choice given or asked for yet (`_check_asked`)."""
        self._acting, self._asked, self._looked = True, 0, 0
        self._given_in_action: dict[str, tuple[str, int]] = {}

    def _check_asked(self: _Zones, action: str) -> None:
        """After game action `action`: a choice asked for as something resolves (a look, a
        sacrifice, a discard: CHOICE_KINDS' "resolving"; the loyalty ability picked: "activating") given to it
        that it never asked for (the
        compiled game's asked_for: GameState.asked), or more scry and surveil cards given to keep
        on top than it looked at, is an ArgumentError -- never silently unused. (The choices made
        once for a whole action, the colour and paying life, are the player's standing answers:
        given where nothing asks, they answer nothing.)"""
        for name, (what, given) in self._given_in_action.items():
            k = next(k for k, c in enumerate(vocabulary.CHOICE_KINDS) if c.name == name)
            if vocabulary.CHOICE_KINDS[k].asked in ("resolving", "activating") and not (self._asked >> k) & 1:
                raise ArgumentError(f"{what}: given to {action}, which never asks for it "
                                    f"({vocabulary.CHOICE_KINDS[k].doc})")
            if given > self._looked:
                raise ArgumentError(f"{what}: {given} cards given; {action}'s scries and surveils looked at "
                                    f"{self._looked} (701.22a, 701.25a)")

    def _choice_value(self: _Zones, name: str, value, what: str, who: int) -> int:
        """The CHOICES record's value of choice `name` given as `value` (named `what` in errors)."""
        if name == "color":
            try:
                return color_bit(value)
            except ArgumentError as e:
                raise ArgumentError(f"{what}: {e}") from None
        if name == "pay_life":
            if isinstance(value, (bool, np.bool_)):
                return -32768 if value else 32767
            if isinstance(value, (int, np.integer)) and -30000 <= value <= 30000:
                return int(value)
            raise ArgumentError(f"{what}: True, False or a life total -30000..30000 to pay above, got {shown(value)}")
        if name == "land_to_return":
            if not isinstance(value, Permanent):
                raise ArgumentTypeError(f"{what}: expected a Permanent of this scenario (a land), "
                                        f"got {type(value).__name__}")
            i = self._index(value)
            if not self._defs[self._names[i]].is_land or self._perms[i]["controller"] != who:
                raise ArgumentError(f"{what}: {value.name} is not a land "
                                    f"{('you control', 'the opponent controls')[who]}")
            return value.object_id
        if name == "keep_on_top":
            return _keep_mask(value, what)
        if name == "to_hand":
            return _to_hand_mask(value, what)
        if name == "top_order":
            return _top_order(value, what)
        if name == "cards_to_top":
            return self._top_cards(value, what)
        if name in ("permanent_to_sacrifice", "creature_to_tap"):
            if not isinstance(value, Permanent):
                raise ArgumentTypeError(f"{what}: expected a Permanent of this scenario, got {type(value).__name__}")
            self._index(value)                       # (a Permanent of this scenario, on the battlefield)
            return value.object_id
        if name == "cards_to_discard":
            return self._discard_cards(value, what)
        if name == "loyalty_ability":
            return whole_arg(value, what, 0, 127)
        if name == "coin_flips":
            return _flips_mask(value, what)
        raise InternalError(f"Scenario reads no value of the choice {name}")   # (a new kind with a field: read it here)

    def _loyalty_pick(self: _Zones, i: int, d: CardDef, acts) -> int:
        """The loyalty ability planeswalker i (card `d`, its activated abilities `acts`) activates when
        its caller names none (606.3): the one given as choices={"loyalty_ability": k} (an
        ArgumentError if that is not a loyalty ability of it), else the play policy's
        (loyalty_to_activate); a RulesError if it has none to activate now."""
        given = int(self._choices["loyalty_ability"][0])
        if given >= 0 and (given >= len(acts) or not acts[given].cost.op("loyalty")):
            raise ArgumentError(f"{self._given_as['loyalty_ability']}: {d.name} has no loyalty ability {given} "
                                "(606.4: an ability whose cost is a loyalty symbol)")
        k = self._play(lambda st: st.loyalty_ability(i))
        if k < 0:
            raise RulesError(f"606.3: {d.name} has no loyalty ability to activate now")
        return k

    def _top_cards(self: _Zones, names, what: str) -> int:
        """The CHOICES top_cards value of the cards named (at most 4, the one to be on top first;
        401.4): 16 bits each, 1 + its card row. They are looked for in the hand as the effect
        puts them back (after its draws: Brainstorm), so any card may be named."""
        if isinstance(names, str) or not isinstance(names, (list, tuple)):
            raise ArgumentTypeError(f"{what}: a list of card names, the one to be on top first, got {shown(names)}")
        if len(names) > 4:
            raise ArgumentError(f"{what}: at most 4 card names, got {shown(names)}")
        cards = [self._card(name) for name in names]          # (each compiled in, before the tables are read)
        tables = self.tables
        return sum((tables.row_of(c) + 1) << (16 * k) for k, c in enumerate(cards))

    def _refused_choice(self: _Zones, found: Mapping) -> ArgumentError:
        """The ArgumentError for what the caller gave for a choice that the rules don't allow,
        `found` as the action was carried out (GameState.illegal_choice: the kernel's one check
        of a given permanent, given_permanent, or of the cards given for a discard): names the
        choice, what was given, why it is not allowed and the rule of the cost that asked."""
        kind = vocabulary.CHOICE_KINDS[int(found["kind"])]
        what = self._given_as.get(kind.name, f"choices[{kind.name!r}]")
        fault = _core.ChoiceFault(int(found["fault"]))
        if kind.name == "cards_to_discard" and fault == _core.ChoiceFault.CF_ABSENT:
            return ArgumentError(f"{what}: {self.tables.card_names[int(found['given'])]} is not in "
                                 f"{POSSESSIVE[int(found['asked'])]} hand as the cards are discarded (or is named "
                                 "more often than it is there) (701.9a)")
        if kind.name == "cards_to_discard" and int(found["source_id"]) < 0:
            return ArgumentError(f"{what}: {int(found['given'])} cards given; the effect discards "
                                 f"{int(found['asked'])} (701.9a)")
        if int(found["source_id"]) < 0:                # (asked by an effect, not by a permanent's cost)
            return self._refused_effect_choice(found, what, fault)
        cost = next(c for c in vocabulary.COST_OPS if c.choice == kind.name)
        source, asked = self._object_name(int(found["source_id"])), int(found["asked"])
        if fault == _core.ChoiceFault.CF_TOO_MANY:
            return ArgumentError(f"{what}: {int(found['given'])} cards given; {source}'s cost discards {asked} "
                                 f"({cost.rule})")
        given = int(found["given"])
        whose = next((("yours", "the opponent's")[int(p["controller"])] for p in self._perms[:len(self._names)]
                      if int(p["object_id"]) == given), "")
        why = {_core.ChoiceFault.CF_GONE: "is not on the battlefield",
               _core.ChoiceFault.CF_SOURCE: f"is {source} itself; its cost takes another permanent",
               _core.ChoiceFault.CF_NOT_YOURS: f"is {whose}, not a permanent {source}'s controller controls",
               _core.ChoiceFault.CF_FILTER: f"is not {_kinds_of(int(self.tables.filters[asked]['types']))}, "
                                            f"as {source}'s cost asks",
               _core.ChoiceFault.CF_TAPPED: f"is tapped; {source}'s cost taps an untapped one"}[fault]
        return ArgumentError(f"{what}: {self._object_name(given)} {why} ({cost.rule})")

    def _refused_effect_choice(self: _Zones, found: Mapping, what: str, fault) -> ArgumentError:
        """The ArgumentError for a choice an effect asked for (a look, a rearrange, the cards put
        back on top, a bounce land's return) given as the rules don't allow (`_refused_choice`)."""
        CF = _core.ChoiceFault
        given, asked = int(found["given"]), int(found["asked"])
        if fault == CF.CF_BEYOND:
            return ArgumentError(f"{what}: place {given} is past the {asked} cards the effect looked at (401.2)")
        if fault == CF.CF_TOO_MANY:
            return ArgumentError(f"{what}: {given} cards given; the effect takes {asked} (401.2, 401.4)")
        if fault == CF.CF_FILTER and vocabulary.CHOICE_KINDS[int(found["kind"])].name == "to_hand":
            return ArgumentError(f"{what}: place {given} is not a card the effect lets the player take (401.2)")
        if fault == CF.CF_ABSENT:
            return ArgumentError(f"{what}: {self.tables.card_names[given]} is not in the hand as the effect puts "
                                 "cards back on top (or is named more often than it is there) (401.4)")
        if fault == CF.CF_NO_SHUFFLE:
            return ArgumentError(f"{what}: \"shuffle\", but the effect doesn't let the player shuffle (701.24a)")
        why = {CF.CF_GONE: "is not on the battlefield", CF.CF_NOT_YOURS: "is not the returning player's",
               CF.CF_FILTER: "is not a land"}[fault]
        return ArgumentError(f"{what}: {self._object_name(given)} {why} (400.3)")

    def _object_name(self: _Zones, object_id: int) -> str:
        """A permanent's name and object id as errors show them ("Grizzly Bears (#3)")."""
        names = [self._names[i] for i in range(len(self._names)) if int(self._perms[i]["object_id"]) == object_id]
        return f"{names[0] if names else 'a permanent'} (#{object_id})"

    def _discard_cards(self: _Zones, names, what: str) -> int:
        """The CHOICES discard value of the cards named (at most 4; 701.9a, 701.9b): 16 bits each, 1 +
        its card row; none named ([]): 0xFFFF, an optional discard declined. They are looked for in
        the hand as the cards are discarded (after an effect's draws: Faithless Looting), so any card
        may be named."""
        if isinstance(names, str) or not isinstance(names, (list, tuple)):
            raise ArgumentTypeError(f"{what}: a list of card names, got {shown(names)}")
        if len(names) > 4:
            raise ArgumentError(f"{what}: at most 4 card names, got {shown(names)}")
        cards = [self._defs.get(name) or self._card(name) if isinstance(name, str) else self._card(name)
                 for name in names]                           # (each compiled in, before the tables are read)
        tables = self.tables
        return sum((tables.row_of(c) + 1) << (16 * k) for k, c in enumerate(cards)) if cards else 0xFFFF

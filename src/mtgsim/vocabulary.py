"""The effect and cost vocabulary, declared once: one row per effect op (an `OpDef`), one row per
counter kind (a `CounterDef`), one member per trigger event (`Event`) and one row per cost op (a
`CostOpDef`, at the end of this file).

A row says the op's name (the word a card's TOML and the recognizer use), its compiled
`OpCode` (and the player it concerns), the rule it implements, its parameters with their
bounds, its doc line (docs/card-format.md lists them), what the play policy gets from it
(`worth`: is an activated ability doing this worth activating) and the player choice it
needs, one of the declared kinds of choice (`CHOICE_KINDS`: where each is made, its CHOICES
field and default). The compiler, the loader, the docs and `tests/project/test_vocabulary.py` read these rows;
the kernels' one interpreter of op codes is `run_ops` (kernels/actions.pxi).

A counter kind's row says its name as cards write it ("+1/+1", "charge"), its `CounterKind`
code (its place in `COUNTERS`), the rule that gives it a meaning and its doc line: the compiler,
Scenario and the docs read them; a name not declared is an error, never a lumped "other".

A trigger event (`Event`, a member per event: the word a card's TOML writes) says the rule it
implements, its doc line, the oracle words the recognizer reads as it and the permanent its
counters go on; the core's `Event` enum is generated from it (EV_ and its name).

The op rows are in the canonical order: the order a flat effect's parts are carried out in
(a flat `{scry = 2, draw = 1}` scries, then draws). An ordered effect runs in the order
written (608.2c).
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from .errors import CardDataError, UnknownNameError
from .field_words import CODED, Coded

__all__ = ["BY_NAME", "CHOICE_BY_NAME", "CHOICE_KINDS", "COST_BY_NAME", "COST_OPS", "COUNTERS", "COUNTER_NAMES",
           "LAND_TYPES", "MAX_LOOK", "MODIFIERS", "MOVED_WORD", "OPS", "OP_NAMES", "ChoiceKind", "CostOpDef",
           "CounterDef", "OpCode",
           "OpDef", "OpFlag", "Param", "Who", "beyond_bounds", "check", "cost_doc_table", "counter_doc_table",
           "counter_kind", "cython_declarations", "doc_table", "param", "write_docs",
           "EVENT_BY_NAME", "EVENT_NAMES", "Event", "event_doc_table"]

_INT16 = 32767


MAX_LOOK = 64       # cards one scry, surveil or look at the top looks at: the kernels' buffer (MAXLOOK)


class OpCode(enum.IntEnum):
    """What one OP row does (Op.code): the ops below, carried out by run_ops (kernels/actions.pxi),
    the only place an op has a meaning; codes in the order an effect's flat fields run."""
    OP_DAMAGE = 0                # damage to a player (120.3a: they lose that much life)
    OP_LOSE_LIFE = 1             # a player loses life (119.3)
    OP_GAIN_LIFE = 2             # a player gains life (119.3)
    OP_ADD_MANA = 3              # a fixed bundle of mana into the pool (106.4): arg, a COST row
    OP_SKIP_UNTAP = 4            # its source doesn't untap during the next untap step (502.3)
    OP_SACRIFICE_AT_END = 5      # its source is sacrificed at the next end step (603.7)
    OP_ADD_ANY_COLOR = 6         # mana of one colour into the pool (106.4)
    OP_COUNTERS = 7              # counters on the object concerned (122.6): arg, a CounterKind
    OP_SCRY = 8                  # scry N (701.22a)
    OP_SURVEIL = 9               # surveil N (701.25a)
    OP_DRAW = 10                 # draw N cards (121.1)
    OP_SEARCH_LAND = 11          # search the library for N lands (701.23): arg, a FILTER row
    OP_RETURN_LAND = 12          # return N lands you control to their owner's hand
    OP_TOKENS = 13               # create N tokens (111.1): arg, the token's CARD row
    OP_EXTRA_LAND_DROPS = 14     # N additional land plays this turn (305.2)
    OP_UNTAP_LANDS = 15          # untap up to N lands you control (701.26b)
    OP_TOKEN_COPY = 16           # a token copy of the target creature (707.2)
    OP_MILL = 17                 # a player mills N: their library's top N cards into their graveyard (701.17a)
    OP_LOOK_TO_HAND = 18         # look at the top N, arg of them into the hand, the rest on the bottom
    OP_CLASS_LEVEL = 19          # its source, a Class, becomes level N (716.2a): Permanent.level and card
    OP_BECOMES = 20              # its source becomes what CARD row arg says (613.1d-f, 613.4b: an animation)
    OP_POWER_BONUS = 21          # the object concerned gets +N/+arg until end of turn (613.4c, 514.2)
    OP_REARRANGE = 22            # look at the top N and put them back in any order (401.4), or shuffle (701.24a)
    OP_HAND_TO_TOP = 23          # put N cards from the hand on top of the library in any order (401.4)
    OP_SOURCE_TO_TOP = 24        # its source goes on top of its owner's library (400.3)
    OP_SACRIFICE_SELF = 25       # its source is sacrificed (701.21a)
    OP_UNTAP_SOURCE = 26         # its source untaps (701.26a)
    OP_GRAVEYARD_TO_HAND = 27    # N target cards from your graveyard into your hand: arg, a FILTER row (115.1)
    OP_TRANSFORM = 28            # its source turns over to its other face (701.27a, 712.18)
    OP_SEARCH_CARD = 29          # search the library for N cards onto the battlefield (701.23): arg, a FILTER row
    OP_LOOK_REVEAL = 30          # look at (reveal) the top N, cards of the FILTER row arg of them may go into
    #                              the hand (one, or any number), the rest on the bottom or into the graveyard
    OP_DRAW_NEXT_UPKEEP = 31     # draw N cards at the beginning of the next turn's upkeep (603.7: a delayed trigger)
    OP_SPELL_TO_LIBRARY = 32     # the spell resolving is shuffled into its owner's library, not put into the graveyard
    OP_REVEAL_EACH_TYPE = 33     # reveal the top N, for each card type a card of that type may go into the hand
    OP_EARTHBEND = 34            # a land you control becomes a 0/0 creature with haste, N +1/+1 counters (701.66a)
    OP_FLIP_DAMAGE = 35          # a coin is flipped: if the player loses it, N damage to them (705.2, 120.3a)
    OP_COUNTER_SPELL = 36        # the spell whose casting triggered it is countered (701.6a): resolve_spell
    OP_DISCARD = 37              # a player discards N cards (701.9a): optionally, and then draws arg (Learn)
    OP_HAND_TO_BATTLEFIELD = 38  # its card, CARD row arg, from its owner's hand onto the battlefield (305.4, 113.6m)


class OpFlag(enum.IntEnum):
    """Op.flags."""
    OF_TO_BATTLEFIELD = 1        # OP_SEARCH_LAND: onto the battlefield (else into the hand)
    OF_TAPPED = 2                # OP_SEARCH_LAND: ...tapped
    OF_SACRIFICE_AT_END = 4      # OP_TOKEN_COPY, OP_TOKENS: the tokens are sacrificed at the next end step
    OF_UNTIL_END_OF_TURN = 8     # OP_BECOMES: until end of turn (514.2), else while it stays
    OF_TAPPED_AND_ATTACKING = 16 # OP_TOKENS: the tokens enter tapped and attacking (508.4)
    OF_MORE_IF_INSTANT_AND_SORCERY = 32  # OP_LOOK_TO_HAND: one more into the hand if there is an instant
    #                              card and a sorcery card in your graveyard (Flow State, 608.2c)
    OF_MAY_SHUFFLE = 64          # OP_REARRANGE: the player may shuffle the library instead (Ponder)
    OF_UNTAP_WITH_FOUR_LANDS = 128  # OP_SEARCH_LAND: ...then untapped if you control four or more lands
    OF_EXILE_AND_RETURN = 256    # OP_TRANSFORM: exiled, then returned to the battlefield transformed: a new
    #                              object (400.7, 712.14a)
    OF_COLORLESS = 512           # OP_LOOK_REVEAL: only a colorless card may be taken (105.2c; Ancient Stirrings)
    OF_ANY_NUMBER = 1024         # OP_LOOK_REVEAL: any number of them, not one (Lead the Stampede)
    OF_REST_TO_GRAVEYARD = 2048  # OP_LOOK_REVEAL: the rest into the graveyard, not on the bottom (Malevolent Rumble)
    OF_RANDOM_ORDER = 4096       # OP_LOOK_TO_HAND, OP_LOOK_REVEAL: the rest on the bottom in a random order
    OF_ON_SOURCE = 8192          # OP_COUNTERS: on the ability's own permanent, where its event concerns another
    OF_TO_HAND = 16384           # OP_SEARCH_CARD: into the hand (else onto the battlefield)
    OF_MANA_VALUE_AT_MOST_X = 32768  # OP_SEARCH_CARD: a card of mana value X or less (the spell's X, 107.3)
    OF_MAY_DISCARD = 65536       # OP_DISCARD: the player may discard them (608.2d), and draws arg if they do
    OF_EACH_CREATURE = 131072    # OP_COUNTERS: on each creature its player controls (Abandoned Air Temple)


class Who(enum.IntEnum):
    """A controller filter: the player an op concerns, relative to the effect's player; whose
    permanents a FILTER passes."""
    WHO_YOU = 0
    WHO_OPPONENTS = 1
    WHO_ANY = 2


@dataclass(frozen=True, slots=True)
class ChoiceKind:
    """One kind of player choice an op (or a game action) needs. `field`: the field of the
    CHOICES record (`Choices`, _records.pxd) a Scenario's caller gives it in ("" none: the
    simulator's rule decides, in both games), with its `default` when not given (the record's
    value: `default_choices`). `asked`: where it is made — "once" (read off Game.choices, the
    goldfish's set once by its play policy), "resolving" (a function of kernels/choices.pxi,
    `function`, asked as the action resolves), "target" (chosen as the ability is activated:
    the play policy's `function` in kernels/policy.pxi, Scenario's `target`), "activating" (which
    ability the player activates: a function of kernels/choices.pxi, asked by the play policy as it
    activates and by a Scenario's activation that names none)."""
    name: str
    doc: str
    asked: str
    function: str = ""
    field: str = ""
    default: int = 0


CHOICE_KINDS: tuple[ChoiceKind, ...] = (
    ChoiceKind("color", "the colour chosen for \"choose a colour\" and mana of any colour (white)", "once",
               field="color", default=1),       # (ManaTypeBit.MT_W: this module reads no core)
    ChoiceKind("pay_life", "life paid for a land to enter untapped while its controller's life is above this "
               "(119.4; by default whenever it can be)", "once", field="pay_life_above", default=-32768),
    ChoiceKind("keep_on_top", "each card scry and surveil look at kept on top or not (701.22a, 701.25a; kept)",
               "resolving", "keeps_on_top", field="keep_on_top", default=(1 << 64) - 1),
    ChoiceKind("to_hand", "which cards of a look go into the hand (401.2; the top ones)", "resolving",
               "goes_to_hand", field="to_hand", default=0),
    ChoiceKind("land_to_return", "the land a bounce land returns (400.3; the newest tapped basic, else the oldest)",
               "resolving", "returned_land", field="bounce_object", default=-1),
    ChoiceKind("land_to_find", "the land a search finds (701.23; a Scenario's: the first from the top)",
               "resolving", "land_to_search"),
    ChoiceKind("lands_to_untap", "the lands an effect untaps (701.26b; those making the most mana first)",
               "resolving", "land_to_untap"),
    ChoiceKind("copy_target", "the creature a token copies (707.2; a target, chosen as the ability is activated)",
               "target", "copy_target"),
    ChoiceKind("permanent_to_sacrifice", "the permanent a cost's \"Sacrifice a creature\" sacrifices (701.21a; the "
               "first that may be, the ability's own last)", "resolving", "permanent_to_sacrifice",
               field="sacrifice_object", default=-1),
    ChoiceKind("cards_to_discard", "the cards a cost's \"Discard N cards\" or an effect's \"discard N cards\" "
               "discards (701.9a, 701.9b; a Scenario's: the first in hand, an optional discard too; none given, [], "
               "declines an optional one; the goldfish's: the cards it wants least)",
               "resolving", "cards_to_discard", field="discard", default=0),
    ChoiceKind("creature_to_tap", "the permanent a mana ability's \"Tap an untapped creature you control\" taps "
               "(701.26a, 118.3; in a payment, the one the search leaves free: first one that makes no mana and can't "
               "attack, then one that makes none, then a mana source it doesn't use)", "resolving", "creature_to_tap",
               field="tap_object", default=-1),
    ChoiceKind("top_order", "the order the cards of a look go back on top in (401.4; as they were), or shuffled "
               "(701.24a) where the effect lets the player shuffle", "resolving", "order_on_top", field="top_order",
               default=0),
    ChoiceKind("card_from_graveyard", "the card an effect returns from the graveyard to the hand (a target, 115.1; "
               "a Scenario's: the newest that may be; the goldfish's: the one it wants most in hand, want_score, "
               "ties the newest, a copy of the spell returning it last)", "resolving", "card_from_graveyard"),
    ChoiceKind("cards_to_top", "the cards of the hand an effect puts on top of the library, and their order (401.4; "
               "the cards last put into the hand, as they were drawn)", "resolving", "cards_to_top", field="top_cards",
               default=0),
    ChoiceKind("card_to_find", "the card a search for a card finds (701.23; the goldfish's: onto the battlefield, one "
               "with a mana ability, else the one of greatest mana value; into the hand, the one it wants most in "
               "hand, want_score, as a look's take; a Scenario's: the first from the top)", "resolving",
               "card_to_search"),
    ChoiceKind("loyalty_ability", "the loyalty ability a planeswalker activates this turn (606.3; the play policy's, "
               "loyalty_to_activate: its ultimate -- its last ability, a minus one -- when it can be paid, else its "
               "first plus ability, else its [0], else a minus one that leaves it loyalty; each only one read and "
               "worth activating: docs/rules-core.md); given as its index among the planeswalker's activated "
               "abilities", "activating", "loyalty_ability", field="loyalty_ability", default=-1),
    ChoiceKind("land_to_earthbend", "the land you control an earthbend makes a creature (a target, 701.66a): in both "
               "games the simulator's rule, the earthbent one with the most +1/+1 counters (its counters on one "
               "attacker), else an untapped one (it attacks at once, haste), then the one making the fewest units of "
               "mana, then the oldest", "resolving", "land_to_earthbend"),
    ChoiceKind("coin_flips", "each coin flip of the action won or lost (705.1; the goldfish's: its random generator; "
               "a Scenario's not given: a bit of a hash of its game)", "resolving", "coin_flip_lost",
               field="flips_lost", default=0),
)
CHOICE_BY_NAME: dict[str, ChoiceKind] = {c.name: c for c in CHOICE_KINDS}


@dataclass(frozen=True, slots=True)
class CounterDef:
    """One kind of counter (122.1): `name` as cards write it, `code` its CounterKind member's
    name (CK_...; its value is the row's place in COUNTERS), the rule that gives it a meaning,
    and a doc line saying what the engine does with it."""
    name: str
    code: str
    rule: str
    doc: str


# The kinds chosen from the data (counter kinds named by the cards of the oracle corpus, by how
# many cards name each): the ones the engine acts on and those the shipped cards use. Each kind
# costs every permanent two bytes, so a kind is declared when a card family needs it. Kinds whose
# meaning the engine does not carry out (stun 122.1d, shield 122.1c, finality 122.1h, level 702.87a, age
# 702.24a) are left undeclared, so a card putting them is an error, not a silently wrong game.
# Player counters (poison, rad, experience: 122.1f) and keyword counters (122.1b) are not here:
# a permanent's counters are these.
COUNTERS: tuple[CounterDef, ...] = (
    CounterDef("+1/+1", "CK_P1P1", "122.1a", "adds 1 to power and toughness"),
    CounterDef("-1/-1", "CK_M1M1", "122.1a", "subtracts 1 from power and toughness"),
    CounterDef("charge", "CK_CHARGE", "122.1", "no meaning of its own (Vivid lands, mana rocks)"),
    CounterDef("storage", "CK_STORAGE", "122.1", "no meaning of its own (storage lands)"),
    CounterDef("loyalty", "CK_LOYALTY", "306.5b", "a planeswalker's loyalty (122.1e: its 0 not simulated)"),
    CounterDef("time", "CK_TIME", "702.62a", "suspend and vanishing (702.63a) count them down (not simulated)"),
    CounterDef("lore", "CK_LORE", "714.2b", "a Saga's: one put as it enters (714.3a) and after its controller's draw "
               "step (714.3b); its chapter abilities trigger as they reach N (714.2b), and it is sacrificed with "
               "as many as its final chapter (714.4)"),
    CounterDef("burden", "CK_BURDEN", "122.1", "no meaning of its own (The One Ring: its upkeep's life loss and "
               "its draw count them)"),
)
COUNTER_NAMES: tuple[str, ...] = tuple(c.name for c in COUNTERS)     # by CounterKind
_COUNTER_KIND = {c.name: k for k, c in enumerate(COUNTERS)}


def counter_kind(name: str, error: type[Exception] = CardDataError) -> int:
    """The CounterKind of counters named `name` as cards write them ("+1/+1", "Charge"); else an
    `error` (a CardDataError: the caller names card and field) naming the declared kinds."""
    kind = _COUNTER_KIND.get(name.lower()) if isinstance(name, str) else None
    if kind is None:
        raise error(f"{name!r} is not a counter kind the vocabulary declares (122.1; known: "
                    f"{', '.join(COUNTER_NAMES)})")
    return kind


# ---- trigger events ------------------------------------------------------------------------------
# A triggered ability's event (603.2), declared once: each member is the word a card's TOML writes
# (`event = "self_enters"`, the model's TriggeredAbility.event), with the rule it implements, its
# doc line, the oracle words the recognizer reads as it and the permanent its counters go on. The
# core's `Event` enum (Triggered.event, matched in the kernels) is generated from it by the build:
# EV_ and the member's name, valued by its place here (`code`), so the members keep their order.

class Event(Coded):
    """A trigger event (603.2): its value the word cards write. `rule`: the rule it implements;
    `doc`: its doc line (docs/card-format.md); `oracle`: the words of oracle text the recognizer
    reads as it, `~` for the card itself and N for a number ("" none: `unread` says why);
    `counters_on`: the permanent its effect concerns, the one its counters go on (run_ops's
    `target`): "this" (the ability's own), "entering" (the permanent entering, itself or another,
    603.6a) or "none" (it has left the battlefield); `code` (a `Coded`'s: its place): its value in
    the core's enum (EV_ and its name)."""
    rule: str
    doc: str
    oracle: str
    counters_on: str
    unread: str

    def __new__(cls, value: str, rule: str, doc: str, oracle: str, counters_on: str = "this",
                unread: str = "") -> Event:
        member = str.__new__(cls, value)
        member._value_ = value
        member.rule, member.doc, member.oracle, member.unread = rule, doc, oracle, unread
        member.counters_on = counters_on
        return member

    SELF_ENTERS = ("self_enters", "603.6a", "this permanent enters", "When ~ enters")
    NONTOKEN_CREATURE_YOU_CONTROL_ENTERS = (
        "nontoken_creature_you_control_enters", "603.6a",
        "a nontoken creature enters under your control, this one included (The Great Henge)",
        "Whenever a nontoken creature you control enters", "entering")
    CREATURE_YOU_CONTROL_ENTERS = (
        "creature_you_control_enters", "603.6a", "a creature enters under your control, this one included",
        "Whenever a creature you control enters", "entering")
    SELF_BECOMES_TAPPED = ("self_becomes_tapped", "603.2e",
                           "this permanent becomes tapped, not as it enters tapped (City of Brass)",
                           "Whenever ~ becomes tapped")
    YOUR_UPKEEP = ("your_upkeep", "503.1a", "your upkeep begins (603.2b: the active player's only)",
                   "At the beginning of your upkeep")
    SELF_DIES = ("self_dies", "700.4",
                 "this permanent is put into a graveyard from the battlefield (Hangarback Walker; a leaves-the-"
                 "battlefield ability, looking back in time: 603.6c, 603.10a)", "When ~ dies", "none")
    YOU_CAST_SPELL = ("you_cast_spell", "601.2i",
                      "you cast a spell (`spell_types`: of one of those card types; `spell_not_types`: of none of "
                      "them, \"a noncreature spell\"; `colorless`: a colorless spell, 105.2c); it triggers before "
                      "the spell resolves",
                      "Whenever you cast a spell")
    LAND_YOU_CONTROL_ENTERS = ("land_you_control_enters", "603.6a",
                               "a land enters under your control (landfall: Lotus Cobra)",
                               "Whenever a land you control enters", "entering")
    ANOTHER_CREATURE_YOU_CONTROL_ENTERS = (
        "another_creature_you_control_enters", "603.6a", "another creature enters under your control "
        "(`colorless`: a colorless one, 105.2c)",
        "Whenever another creature you control enters", "entering")
    SELF_BECOMES_LEVEL = ("self_becomes_level", "716.2a",
                          "this Class becomes level N: an ability of its level N only (`levels`), triggering "
                          "once as that level-up resolves", "When this Class becomes level N")
    SELF_ATTACKS = ("self_attacks", "508.1m",
                    "this creature is declared an attacker (Restless Fortress; not a token put onto the "
                    "battlefield attacking, 508.4)", "Whenever ~ attacks")
    YOU_PLAY_ANOTHER_LAND = ("you_play_another_land", "305.1",
                             "you play a land other than this one (City of Traitors): played from your hand, "
                             "not put onto the battlefield by an effect (305.4)", "When you play another land")
    CHAPTER = ("chapter", "714.2b",
               "a Saga's chapter ability of chapter N (`chapter`): lore counters put on this Saga make their number "
               "at least N from less (one as it enters, 714.3a, one after your draw step, 714.3b); with as many "
               "as its final chapter and no chapter ability left to resolve, the Saga is sacrificed (714.4)",
               "I \u2014")
    SELF_DEALS_COMBAT_DAMAGE_TO_PLAYER = (
        "self_deals_combat_damage_to_player", "510.2",
        "this creature deals combat damage to a player (603.2: once per combat damage step, after the damage; "
        "a creature with power 0 or less deals none, 510.1a; \"or planeswalker\": the goldfish's opponent has none)",
        "Whenever ~ deals combat damage to a player")
    PLAYER_CASTS_SPELL = ("player_casts_spell", "601.2i",
                          "any player casts a spell, the opponent too (`mana_value_counters`: only one whose mana "
                          "value, X included, 202.3e, is the number of counters of that kind on this permanent: "
                          "Chalice of the Void); it triggers before the spell resolves",
                          "Whenever a player casts a spell")


EVENT_NAMES: tuple[str, ...] = tuple(e.value for e in Event)     # by code
EVENT_BY_NAME: dict[str, Event] = {e.value: e for e in Event}


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of an op. `kind`: "amount" (a whole number 0..hi, or a count such as X),
    "number" (a whole number lo..hi), "bool", "mana" (mana symbols), "names" (a list of
    names: subtypes; or, with `choices`, each one of those), "named_amounts" (a table of
    name = amount: counters, tokens), "counter" (a counter kind), "permanents" (which
    permanents: "another creature"). The main one compiles by its kind (an amount: Op.amount;
    mana: a COST row in Op.arg); a modifier says the OP field it compiles to (`to`, `flag`), so
    the compiler needs no case for it."""
    name: str
    kind: str
    doc: str
    lo: int = 0
    hi: int = _INT16
    default: object = None
    to: str = ""                 # a modifier's OP field: "arg" (a number: its value), "flags"
                                 # (a bool: `flag` set when true); "" read by its op's own case
    flag: int = 0                # the OpFlag a "flags" modifier sets
    at_most: str = ""            # the parameter of its op whose value bounds it (to_hand: look_to_hand)
    choices: tuple[str, ...] = ()  # a "names" parameter's allowed names, a "named_amounts" one's allowed
                                   # keys (the counter kinds); none: any


@dataclass(frozen=True, slots=True)
class OpDef:
    """One effect op. `params[0]` is its main value, named as the op itself (a flat effect's
    field `draw = 2`); the others modify it (`lands_tapped`). `worth`: True if an activated
    ability with this op is worth activating (the policy uses it), or the counter kinds for
    which it is. `choice`: the player choice it needs (a CHOICE_KINDS name, "" none). `moved`: the word a traced
    game says of each card it moves from zone to zone ("" none moved)."""
    name: str
    code: int                    # an OpCode
    rule: str
    doc: str
    params: tuple[Param, ...]
    who: int = Who.WHO_YOU       # a Who
    flags: int = 0               # OpFlags its every row carries
    worth: bool | tuple[str, ...] = False
    choice: str = ""
    moved: str = ""              # the word a game's trace says of a card it moves (TR_MOVED)

    @property
    def main(self) -> Param:
        return self.params[0]


def _amount(name: str, doc: str) -> Param:
    return Param(name, "amount", doc, default=0)


def _number(name: str, doc: str, hi: int = _INT16) -> Param:
    return Param(name, "number", doc, hi=hi, default=0)


def _flag(name: str, doc: str, default: bool = False, flag: int = 0) -> Param:
    return Param(name, "bool", doc, default=default, to="flags" if flag else "", flag=flag)


def _names(name: str, doc: str, choices: tuple[str, ...] = ()) -> Param:
    return Param(name, "names", doc, default=(), choices=choices)


# The names a card's type line and keywords use, as the core has bits for them (CT_CREATURE:
# "Creature"), in the bits' order; written out (this module reads no core: the build reads it)
# and held to the core's CardTypeBit and KeywordBit by tests/project/test_vocabulary.py.
CARD_TYPE_NAMES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker",
                   "Sorcery")
KEYWORD_NAMES = ("Haste", "Flying", "Trample", "Vigilance", "First strike", "Double strike", "Lifelink",
                 "Deathtouch", "Reach", "Defender", "Flash", "Menace", "Indestructible", "Hexproof")
COLOR_NAMES = ("W", "U", "B", "R", "G")
_BECOMES = (_names("becomes", "the card types it becomes, besides its own (613.1d: \"it's still a land\")",
                   CARD_TYPE_NAMES),
            _names("becomes_subtypes", "subtypes it gains"),
            _flag("all_creature_types", "it gains every creature type (205.3m)"),
            _names("becomes_colors", "the colours it becomes, instead of its own (613.1e; none: unchanged)",
                   COLOR_NAMES),
            _number("becomes_power", "its base power (613.4b), as a creature", hi=99),
            _number("becomes_toughness", "its base toughness (613.4b), as a creature", hi=99),
            _names("becomes_keywords", "keyword abilities it gains (613.1f)", KEYWORD_NAMES),
            Param("becomes_abilities", "abilities", "triggered abilities it gains (613.1f; Den of the Bugbear's "
                  "\"whenever this creature attacks, ...\", Great Hall of the Biblioplex's \"whenever you cast an "
                  "instant or sorcery spell, ...\")", default=()),
            _flag("until_end_of_turn", "until end of turn (514.2), else while it stays on the battlefield",
                  default=True, flag=OpFlag.OF_UNTIL_END_OF_TURN))

_LAND_KINDS = (_flag("lands_basic", "with land_types: basic lands of those types only"),
               Param("land_types", "names", "the land subtypes searched for (none: basic lands)", default=()),
               _flag("any_land", "any land card, not only basic ones (\"a land card\": Expedition Map)"))

_RANDOM_ORDER = _flag("random_order", "the rest go on the bottom of your library in a random order, not in any order "
                      "(an order no player chooses)", flag=OpFlag.OF_RANDOM_ORDER)

OPS: tuple[OpDef, ...] = (
    OpDef("damage_to_opponent", OpCode.OP_DAMAGE, "120.3a", "damage to the opponent (burn aimed at the face)",
          (_amount("damage_to_opponent", "damage dealt"),), who=Who.WHO_OPPONENTS, worth=True),
    OpDef("opponent_loses_life", OpCode.OP_LOSE_LIFE, "119.3", "each opponent loses N life (not damage)",
          (_amount("opponent_loses_life", "life lost"),), who=Who.WHO_OPPONENTS, worth=True),
    OpDef("damage_to_you", OpCode.OP_DAMAGE, "120.3a", "damage dealt to you (pain lands, City of Brass)",
          (_amount("damage_to_you", "damage dealt"),)),
    OpDef("lose_life", OpCode.OP_LOSE_LIFE, "119.3", "you lose N life",
          (_amount("lose_life", "life lost"),)),
    OpDef("gain_life", OpCode.OP_GAIN_LIFE, "119.3", "you gain N life",
          (_amount("gain_life", "life gained"),)),
    OpDef("opponent_gains_life", OpCode.OP_GAIN_LIFE, "119.3",
          "each opponent gains N life (Grove of the Burnwillows' mana ability: as it resolves, 605.3b; the goldfish's "
          "kill needs that much more damage)", (_amount("opponent_gains_life", "life gained"),), who=Who.WHO_OPPONENTS),
    OpDef("add_mana", OpCode.OP_ADD_MANA, "106.4", "mana added to your pool (rituals), as symbols",
          (Param("add_mana", "mana", "the mana, e.g. \"{R}{R}{R}\"", default=""),)),
    OpDef("skip_untap", OpCode.OP_SKIP_UNTAP, "502.3",
          "its source doesn't untap during your next untap step",
          (_flag("skip_untap", "true: it does"),)),
    OpDef("sacrifice_at_end", OpCode.OP_SACRIFICE_AT_END, "603.7",
          "its source is sacrificed at the beginning of the next end step (with token_copy: the token)",
          (_flag("sacrifice_at_end", "true: it does"),)),
    OpDef("add_any_color", OpCode.OP_ADD_ANY_COLOR, "106.4", "N mana of any one colour added to your pool",
          (_amount("add_any_color", "mana added"),), choice="color"),
    OpDef("counters", OpCode.OP_COUNTERS, "122.6", "counters put on the object concerned",
          (Param("counters", "named_amounts", "counter kind = amount, e.g. {\"+1/+1\" = 1}", default=(),
                 choices=COUNTER_NAMES),
           _flag("on_source", "on the ability's own permanent, where its event concerns another (\"Whenever a land "
                 "you control enters, put a +1/+1 counter on ~\", 603.6a: the land entering is the one concerned)",
                 flag=OpFlag.OF_ON_SOURCE),
           _flag("each_creature_you_control", "on each creature you control as it resolves, not on one object "
                 "(Abandoned Air Temple's \"Put a +1/+1 counter on each creature you control\", 122.6, 608.2h: "
                 "those it controls then; none, none gets one)", flag=OpFlag.OF_EACH_CREATURE)),
          worth=("+1/+1", "storage")),   # (storage: kept for later, policy.use_abilities)
    OpDef("scry", OpCode.OP_SCRY, "701.22a", "scry N (at most MAX_LOOK)",
          (_number("scry", "cards looked at", hi=MAX_LOOK),), worth=True, choice="keep_on_top"),
    OpDef("surveil", OpCode.OP_SURVEIL, "701.25a", "surveil N (at most MAX_LOOK)",
          (_number("surveil", "cards looked at", hi=MAX_LOOK),), worth=True, choice="keep_on_top"),
    OpDef("draw", OpCode.OP_DRAW, "121.1", "you draw N cards",
          (_amount("draw", "cards drawn"),), worth=True),
    OpDef("lands_to_battlefield", OpCode.OP_SEARCH_LAND, "701.23",
          "search your library for N basic lands (or land_types) and put them onto the battlefield",
          (_number("lands_to_battlefield", "lands found"),
           _flag("lands_tapped", "the lands found enter tapped", default=True, flag=OpFlag.OF_TAPPED),
           _flag("untap_with_four_lands", "then, if you control four or more lands, they untap (Fabled Passage)",
                 flag=OpFlag.OF_UNTAP_WITH_FOUR_LANDS), *_LAND_KINDS),
          flags=int(OpFlag.OF_TO_BATTLEFIELD), worth=True, choice="land_to_find"),
    OpDef("lands_to_hand", OpCode.OP_SEARCH_LAND, "701.23",
          "search your library for N basic lands (or land_types) and put them into your hand",
          (_number("lands_to_hand", "lands found"), *_LAND_KINDS), worth=True, choice="land_to_find"),
    OpDef("return_land", OpCode.OP_RETURN_LAND, "400.3", "return N lands you control to their owner's hand",
          (_number("return_land", "lands returned"),), choice="land_to_return"),
    OpDef("tokens", OpCode.OP_TOKENS, "111.1", "tokens created: token card name = count",
          (Param("tokens", "named_amounts", "token card name = count, e.g. {\"Goblin\" = 2}", default=()),
           _flag("tapped_and_attacking", "they enter tapped and, during combat, attacking (508.4: never declared "
                 "attackers, they deal combat damage)", flag=OpFlag.OF_TAPPED_AND_ATTACKING),
           _flag("tokens_sacrificed_at_end", "they are sacrificed at the beginning of the next end step (603.7: "
                 "mobilize's, 702.181a)", flag=OpFlag.OF_SACRIFICE_AT_END)),
          worth=True),
    OpDef("extra_land_drops", OpCode.OP_EXTRA_LAND_DROPS, "305.2", "you may play N additional lands this turn",
          (_number("extra_land_drops", "land plays"),)),
    OpDef("untap_lands", OpCode.OP_UNTAP_LANDS, "701.26b", "untap up to N lands you control",
          (_number("untap_lands", "lands untapped"),), choice="lands_to_untap"),
    OpDef("token_copy", OpCode.OP_TOKEN_COPY, "707.2",
          "create a token that is a copy of target creature you control",
          (_flag("token_copy", "true: it does"),
           _flag("sacrifice_at_end", "the token is sacrificed at the next end step", flag=OpFlag.OF_SACRIFICE_AT_END)),
          worth=True, choice="copy_target"),
    OpDef("mill", OpCode.OP_MILL, "701.17a",
          "you mill N: the top N cards of your library into your graveyard (as many as there are, 701.17b)",
          (_amount("mill", "cards milled"),), moved="mill"),
    OpDef("look_to_hand", OpCode.OP_LOOK_TO_HAND, "401.2",
          "look at the top N cards of your library (at most MAX_LOOK; N may be a count: Consult the Star Charts' "
          "\"the top X cards ..., where X is the number of lands you control\"), put to_hand of them into your hand "
          "and the rest on the bottom in any order (Impulse)",
          (Param("look_to_hand", "amount", "cards looked at", hi=MAX_LOOK, default=0),
           Param("to_hand", "number", "of them put into your hand", lo=1, hi=MAX_LOOK, default=1, to="arg",
                 at_most="look_to_hand"),
           _flag("more_if_instant_and_sorcery", "instead one more into your hand if there is an instant card and "
                 "a sorcery card in your graveyard (Flow State, 608.2c)", flag=OpFlag.OF_MORE_IF_INSTANT_AND_SORCERY),
           _RANDOM_ORDER),
          worth=True, choice="to_hand", moved="look"),
    OpDef("class_level", OpCode.OP_CLASS_LEVEL, "716.2a",
          "its source, a Class, becomes level N, and its \"When this Class becomes level N\" abilities trigger "
          "(a Class's level-up: derived from its `levels`; worth activating when that level gains abilities)",
          (Param("class_level", "number", "the level it becomes", lo=2, hi=255, default=0),)),
    OpDef("becomes", OpCode.OP_BECOMES, "613.1d",
          "its source becomes a creature (an animation, 611.2) or other types, with the given subtypes, colours, "
          "base power and toughness and keywords, keeping its own types and abilities",
          _BECOMES, worth=True),
    OpDef("power_bonus", OpCode.OP_POWER_BONUS, "613.4c",
          "the object concerned (this one; a trigger's, the one its event concerns) gets +N/+M until end of turn: "
          "the bonus ends in the cleanup step (514.2), or as it leaves the battlefield (400.7)",
          (_number("power_bonus", "the power it gets (+N)", hi=99),
           Param("toughness_bonus", "number", "the toughness it gets (+M)", hi=99, default=0, to="arg"))),
    OpDef("rearrange", OpCode.OP_REARRANGE, "401.4",
          "look at the top N cards of your library (at most MAX_LOOK) and put them back in any order (Sensei's "
          "Divining Top); with may_shuffle, the player may shuffle the library instead (Ponder)",
          (_number("rearrange", "cards looked at", hi=MAX_LOOK),
           _flag("may_shuffle", "the player may shuffle their library after (701.24a)", flag=OpFlag.OF_MAY_SHUFFLE)),
          worth=True, choice="top_order", moved="look"),
    OpDef("hand_to_top", OpCode.OP_HAND_TO_TOP, "401.4",
          "put N cards from your hand on top of your library in any order (Brainstorm, after its draws: as many as "
          "the hand holds)",
          (_number("hand_to_top", "cards put back", hi=MAX_LOOK),), choice="cards_to_top", moved="put back"),
    OpDef("source_to_top", OpCode.OP_SOURCE_TO_TOP, "400.3",
          "its source, if still on the battlefield, is put on top of its owner's library (Sensei's Divining Top's "
          "\"then put ~ on top of its owner's library\"; a token ceases to exist, 111.7)",
          (_flag("source_to_top", "true: it is"),), moved="to library"),
    OpDef("sacrifice_self", OpCode.OP_SACRIFICE_SELF, "701.21a",
          "its source is sacrificed, if it is still on the battlefield (City of Traitors)",
          (_flag("sacrifice_self", "true: it is"),)),
    OpDef("untap_source", OpCode.OP_UNTAP_SOURCE, "701.26a",
          "its source, if still on the battlefield, untaps (Grim Monolith's \"{4}: Untap this artifact\"; the "
          "goldfish never pays for it alone: mana spent to untap a source is at least the mana it makes again)",
          (_flag("untap_source", "true: it does"),)),
    OpDef("graveyard_to_hand", OpCode.OP_GRAVEYARD_TO_HAND, "115.1",
          "return N target cards (of graveyard_card_types, none: any card) from your graveyard to your hand "
          "(Regrowth; Stormchaser's Talent's level 2): a target, so a spell or ability with one is cast or "
          "activated only with such a card there (601.2c, 602.2b), and a trigger finding none does nothing (603.3d)",
          (_number("graveyard_to_hand", "cards returned"),
           _names("graveyard_card_types", "the card types a card returned may have, any of them (none: any card)",
                  CARD_TYPE_NAMES)),
          choice="card_from_graveyard", moved="return"),   # (not worth an activation alone: what to sacrifice
                                                            # or pay for a card back is more than the policy weighs)
    OpDef("transform", OpCode.OP_TRANSFORM, "701.27a",
          "its source, if still on the battlefield and a double-faced card, turns over to its other face: the same "
          "object, its counters, damage and the effects on it kept (712.18), with only that face's characteristics "
          "(712.8d-e: its mana value the front face's); with `returned`, exiled and returned to the battlefield with "
          "its back face up, a new object whose enters abilities trigger (400.7, 712.14a; a token ceases to exist, "
          "111.7). The goldfish transforms a card to its back face when it can, never back (worth: to its back face)",
          (_flag("transform", "true: it does"),
           _flag("returned", "exiled, then returned to the battlefield transformed under its owner's control",
                 flag=OpFlag.OF_EXILE_AND_RETURN)), worth=True),
    OpDef("card_to_battlefield", OpCode.OP_SEARCH_CARD, "701.23",
          "search your library for N cards of one of `card_types` whose mana cost is generic mana only, {0} up to "
          "{cost_at_most} (202.1: no {X}, no coloured symbol; a card without a mana cost has none), and put them "
          "onto the battlefield, then shuffle (Urza's Saga: \"an artifact card with mana cost {0} or {1}\")",
          (_number("card_to_battlefield", "cards found", hi=MAX_LOOK),
           _names("card_types", "the card types searched for, any of them", CARD_TYPE_NAMES),
           Param("cost_at_most", "number", "the greatest generic mana cost found ({0} up to it; -1: any)", lo=-1,
                 hi=16, default=0),
           _names("card_colors", "...and one of these colours (none: any; \"a green creature card\")", COLOR_NAMES),
           _flag("mana_value_at_most_x", "...with mana value X or less, X the spell's (107.3; Green Sun's Zenith)",
                 flag=OpFlag.OF_MANA_VALUE_AT_MOST_X)),
          worth=True, choice="card_to_find"),
    OpDef("look_reveal", OpCode.OP_LOOK_REVEAL, "401.2",
          "look at (or reveal: the goldfish's opponent does nothing with what it sees) the top N cards of your "
          "library (at most MAX_LOOK); you may put a card of the given kind from among them into your hand (any "
          "number of them with any_number), the rest on the bottom of your library in any order, or into your "
          "graveyard (Ancient Stirrings, Augur of Bolas, Lead the Stampede, Malevolent Rumble)",
          (_number("look_reveal", "cards looked at", hi=MAX_LOOK),
           _names("reveal_types", "a card taken has one of these card types (none: any card)", CARD_TYPE_NAMES),
           _names("reveal_not_types", "...and none of these (\"a noncreature, nonland card\")", CARD_TYPE_NAMES),
           _flag("reveal_colorless", "...and is colorless (105.2c)", flag=OpFlag.OF_COLORLESS),
           _flag("any_number", "any number of such cards may be taken, not one", flag=OpFlag.OF_ANY_NUMBER),
           _flag("rest_to_graveyard", "the rest go into your graveyard (else on the bottom of your library)",
                 flag=OpFlag.OF_REST_TO_GRAVEYARD),
           _RANDOM_ORDER),
          worth=True, choice="to_hand", moved="look"),
    OpDef("card_to_hand", OpCode.OP_SEARCH_CARD, "701.23",
          "search your library for N cards of the given kind (any card, with none given), reveal them (701.20a: the "
          "goldfish's opponent does nothing with what it sees), put them into your hand, then shuffle (Demonic "
          "Tutor; Ranger-Captain of Eos's \"a creature card with mana value 1 or less\")",
          (_number("card_to_hand", "cards found", hi=MAX_LOOK),
           _names("card_types", "the card types searched for, any of them (none: any card)", CARD_TYPE_NAMES),
           _names("card_subtypes", "...and one of these subtypes (\"an Equipment card\"; none: any)"),
           Param("mana_value_at_most", "number", "...with mana value this or less (202.3; -1: any)", lo=-1, hi=16,
                 default=-1)),
          flags=int(OpFlag.OF_TO_HAND), worth=True, choice="card_to_find"),
    OpDef("draw_next_upkeep", OpCode.OP_DRAW_NEXT_UPKEEP, "603.7",
          "you draw N cards at the beginning of the next turn's upkeep, whoever's turn it is (a delayed triggered "
          "ability, created as the effect resolves, 603.7a; Mishra's Bauble, Urza's Bauble). The goldfish "
          "activates such an ability as it uses abilities, after its spells, the turn it can",
          (_number("draw_next_upkeep", "cards drawn", hi=MAX_LOOK),), worth=True),
    OpDef("reveal_each_type", OpCode.OP_REVEAL_EACH_TYPE, "205.2a",
          "reveal the top N cards of your library (at most MAX_LOOK); for each card type (205.2a), you may put a card "
          "of that type from among them into your hand (a card of two types stands for one of them), the rest on "
          "the bottom of your library (Atraxa, Grand Unifier)",
          (_number("reveal_each_type", "cards revealed", hi=MAX_LOOK), _RANDOM_ORDER),
          worth=True, choice="to_hand", moved="look"),
    OpDef("spell_to_library", OpCode.OP_SPELL_TO_LIBRARY, "701.24a",
          "the spell resolving is shuffled into its owner's library as its last step, not put into the graveyard "
          "(Green Sun's Zenith's \"Shuffle ~ into its owner's library\"; 608.2n)",
          (_flag("spell_to_library", "true: it is"),)),
    OpDef("earthbend", OpCode.OP_EARTHBEND, "701.66a",
          "earthbend N: target land you control becomes a 0/0 land creature with haste in addition to its other "
          "types (for as long as it stays), and gets N +1/+1 counters; when it dies or is put into exile, it returns "
          "to the battlefield tapped under your control (a new object, 400.7); no land: nothing (603.3d)",
          (_number("earthbend", "+1/+1 counters put on the land", hi=99),), worth=True, choice="land_to_earthbend"),
    OpDef("damage_to_you_if_flip_lost", OpCode.OP_FLIP_DAMAGE, "705.2",
          "you flip a coin; if you lose the flip, N damage is dealt to you (Mana Crypt; each flip won or lost "
          "with one chance in two, 705.1: the goldfish's random generator; a Scenario's as its caller gives them, else "
          "a hash of its game)",
          (_amount("damage_to_you_if_flip_lost", "damage dealt if the flip is lost"),), choice="coin_flips"),
    OpDef("counter_spell", OpCode.OP_COUNTER_SPELL, "701.6a",
          "the spell whose casting triggered the ability is countered: put into its owner's graveyard (exiled if "
          "cast with flashback, 702.34a), it never resolves (a permanent spell never enters)",
          (_flag("counter_spell", "true: it is"),)),
    OpDef("discard", OpCode.OP_DISCARD, "701.9a",
          "you discard N cards of your choice (701.9b; as many as you have): \"draw two cards, then discard two "
          "cards\" (Faithless Looting); with may_discard, you may, and if you do (all N), you draw "
          "draw_if_discarded cards "
          "(\"You may discard a card. If you do, draw two cards.\"; Learn, 701.48a, its Lesson from outside the "
          "game moot: a goldfish has no sideboard). The goldfish discards the cards it wants least, and an optional "
          "discard only of cards it doesn't want (docs/rules-core.md, \"Discarding\")",
          (_amount("discard", "cards discarded"),
           _flag("may_discard", "you may discard them (608.2d: not with fewer in hand)", flag=OpFlag.OF_MAY_DISCARD),
           Param("draw_if_discarded", "number", "cards you draw if you discarded them", hi=MAX_LOOK, default=0,
                 to="arg")),
          choice="cards_to_discard", moved="discard"),
    OpDef("hand_to_battlefield", OpCode.OP_HAND_TO_BATTLEFIELD, "305.4",
          "put this card from your hand onto the battlefield (Talon Gates of Madara's \"{4}: Put ~ from your hand "
          "onto the battlefield\"): an ability of the card in its owner's hand (113.6m), its card's last activated "
          "ability and its only op, nothing else in its cost; if the card is still in the hand as it resolves, it "
          "enters (its enters abilities trigger), not a land played (305.4: the land drop is still there). The "
          "goldfish activates it after its spells and abilities with the mana they left, as it cycles "
          "(worth_cycling), whenever it can pay",
          (_flag("hand_to_battlefield", "true: it does"),), moved="put"),
)

BY_NAME: dict[str, OpDef] = {o.name: o for o in OPS}
# what a traced game says of a card each op code moves (TR_MOVED)
MOVED_WORD: dict[int, str] = {int(o.code): o.moved for o in OPS if o.moved}
OP_NAMES: tuple[str, ...] = tuple(BY_NAME)
# the parameters that modify another op's main value (a flat effect's `lands_tapped`)
MODIFIERS: dict[str, tuple[str, ...]] = {}
for _o in OPS:
    for _p in _o.params[1:]:
        MODIFIERS.setdefault(_p.name, ())
        MODIFIERS[_p.name] += (_o.name,)


def param(op: str, name: str, table: dict | None = None) -> Param:
    """Parameter `name` of op `op` (an UnknownNameError if it has none); `table`: BY_NAME (effect
    ops, the default) or COST_BY_NAME."""
    params = (BY_NAME if table is None else table)[op].params
    for p in params:
        if p.name == name:
            return p
    known = ", ".join(q.name for q in params)
    raise UnknownNameError(f"op {op} has no parameter {name!r} (it has: {known})", name)


def check(op: str, name: str, value: object, table: dict | None = None) -> None:
    """Raise a CardDataError saying what is wrong if `value` is not one parameter `name` of op
    `op` may have (its kind, its bounds); the caller names the card and the field. `table`: as
    for `param`."""
    p = param(op, name, table)
    if p.kind == "named_amounts":
        for key, n in value:      # type: ignore[attr-defined]
            if p.choices and not (isinstance(key, str) and key.lower() in p.choices):
                raise CardDataError(f"{key!r} is not one of the {p.name} the vocabulary declares (known: "
                                    f"{', '.join(p.choices)})")
            _check_number(p, n, counts=True)
    elif p.kind in ("amount", "number"):
        _check_number(p, value, counts=p.kind == "amount")
    elif p.kind == "bool" and not isinstance(value, bool):
        raise CardDataError(f"{name} must be true or false, got {value!r}")
    elif p.kind == "names" and p.choices:
        for v in value:         # type: ignore[attr-defined]
            if v not in p.choices:
                raise CardDataError(f"{name}: {v!r} is not one of {', '.join(p.choices)}")
    elif p.kind == "permanents" and not (isinstance(value, str) and re.fullmatch(_PERMANENTS, value)):
        raise CardDataError(f"{name} must say which permanents ('a creature', 'another artifact'), got {value!r}")
    elif p.kind == "untapped" and not (isinstance(value, str) and re.fullmatch(_UNTAPPED, value)):
        raise CardDataError(f"{name} must say which untapped permanent ('an untapped creature', 'an untapped "
                            f"artifact or creature'), got {value!r}")


def beyond_bounds(op: str, given: dict) -> list[tuple[str, str]]:
    """The parameters of op `op` among `given` (name: value) that are more than the parameter
    bounding them (`Param.at_most`, its default if not given), each with what is wrong: "put 5
    of the top 4 cards into your hand" is no effect (the caller names the card and the field)."""
    out = []
    for p in BY_NAME[op].params:
        if p.at_most and p.name in given:
            value, bound = given[p.name], given.get(p.at_most, param(op, p.at_most).default)
            if isinstance(value, int) and isinstance(bound, int) and value > bound:
                out.append((p.name, f"{p.name} must be at most {p.at_most} ({bound}), got {value}"))
    return out


DOC_BEGIN = "<!-- effect ops: generated from mtgsim.vocabulary (vocabulary.doc_table) -->"
DOC_END = "<!-- end of effect ops -->"


def _param_doc(p: Param) -> str:
    kind = {"amount": "an Amount", "number": f"{p.lo}..{p.hi}", "bool": "true/false", "mana": "mana",
            "names": "a list of names", "named_amounts": "a table", "counter": "a counter kind",
            "permanents": "which permanents", "abilities": "a list of ability tables",
            "untapped": "which untapped permanent"}[p.kind]
    default = f", default {str(p.default).lower()}" if p.kind == "bool" and p.default else ""
    return f"`{p.name}` ({kind}{default}: {p.doc})"


def doc_table() -> str:
    """docs/card-format.md's list of the effect ops, one row per op, from this table."""
    lines = [DOC_BEGIN, "", "| op | parameters | rule | what it does |", "| --- | --- | --- | --- |"]
    for o in OPS:
        lines.append(f"| `{o.name}` | {'; '.join(_param_doc(p) for p in o.params)} | {o.rule} | {o.doc} |")
    return "\n".join(lines + ["", DOC_END])


COUNTER_DOC_BEGIN = "<!-- counter kinds: generated from mtgsim.vocabulary (vocabulary.counter_doc_table) -->"
COUNTER_DOC_END = "<!-- end of counter kinds -->"


def counter_doc_table() -> str:
    """docs/card-format.md's list of the counter kinds, one row per kind, from COUNTERS."""
    lines = [COUNTER_DOC_BEGIN, "", "| counter | rule | what it does |", "| --- | --- | --- |"]
    lines += [f"| `{c.name}` | {c.rule} | {c.doc} |" for c in COUNTERS]
    return "\n".join(lines + ["", COUNTER_DOC_END])


EVENT_DOC_BEGIN = "<!-- trigger events: generated from mtgsim.vocabulary (vocabulary.event_doc_table) -->"
EVENT_DOC_END = "<!-- end of trigger events -->"


def event_doc_table() -> str:
    """docs/card-format.md's list of the trigger events, one row per event, from `Event`."""
    lines = [EVENT_DOC_BEGIN, "", "| event | oracle text | rule | it triggers when | counters go on |",
             "| --- | --- | --- | --- | --- |"]
    for e in Event:
        said = e.oracle if e.oracle.endswith("\u2014") else e.oracle + ","     # (a chapter's "I \u2014")
        oracle = f"\"{said} ...\"" if e.oracle else f"not read ({e.unread})"
        on = {"this": "this permanent", "entering": "the permanent entering", "none": "none (it has left)"}[
            e.counters_on]
        lines.append(f"| `{e.value}` | {oracle} | {e.rule} | {e.doc} | {on} |")
    return "\n".join(lines + ["", EVENT_DOC_END])


def write_docs(path: str = "docs/card-format.md") -> bool:
    """Rewrite the generated tables of docs/card-format.md (`python -c "from mtgsim import
    vocabulary; vocabulary.write_docs()"` in the checkout): the effect ops, the counter kinds, the
    cost ops and the trigger events, between their markers. True if the file changed."""
    with open(path, encoding="utf-8") as f:
        text = old = f.read()
    for begin, end, table in ((DOC_BEGIN, DOC_END, doc_table()),
                              (COUNTER_DOC_BEGIN, COUNTER_DOC_END, counter_doc_table()),
                              (COST_DOC_BEGIN, COST_DOC_END, cost_doc_table()),
                              (EVENT_DOC_BEGIN, EVENT_DOC_END, event_doc_table())):
        a, b = text.index(begin), text.index(end) + len(end)
        text = text[:a] + table + text[b:]
    if text != old:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return text != old


# ---- the compiled core's enumerations: generated from these declarations by the build -------

_GENERATED = "# Generated from mtgsim.vocabulary by setup.py (vocabulary.cython_declarations): do not edit.\n"


def cython_declarations() -> dict[str, str]:
    """The Cython files the build writes from this module (setup.py; not kept in git), by name:
    `_vocabulary.pxi`, the `cpdef enum`s OpCode, OpFlag, Who, CounterKind, Choice and Event that _core.pxd
    includes (Python reads them as `mtgsim.schema`'s), and `_vocabulary_sizes.pxi`, the array
    bounds _records.pxd includes; with them the enums of the card fields' words (`field_words.CODED`).
    Read without the package (the build has no core yet): this module imports nothing of mtgsim
    but `errors` and `field_words`."""
    enums = [_GENERATED]
    for cls in (OpCode, OpFlag, Who):
        enums += ["", f"cpdef enum {cls.__name__}:".ljust(33) + f"# mtgsim.vocabulary.{cls.__name__}"]
        enums += [f"    {m.name} = {int(m)}" for m in cls]
    enums += ["", "cpdef enum CounterKind:".ljust(33) + "# index into Permanent.counters: mtgsim.vocabulary.COUNTERS"]
    enums += [f"    {c.code} = {k}".ljust(33) + f"# {c.name} ({c.rule})" for k, c in enumerate(COUNTERS)]
    enums += [f"    N_COUNTER_KINDS = {len(COUNTERS)}"]
    enums += ["", "cpdef enum Choice:".ljust(33) + "# a kind of player choice: mtgsim.vocabulary.CHOICE_KINDS"]
    enums += [f"    CH_{c.name.upper()} = {k}".ljust(33) + f"# {c.name}" for k, c in enumerate(CHOICE_KINDS)]
    enums += ["", "cpdef enum Event:".ljust(33) + "# Triggered.event: mtgsim.vocabulary.Event"]
    enums += [f"    EV_{e.name} = {e.code}".ljust(32) + f" # {e.value} ({e.rule})" for e in Event]
    for words, prefix, _, field in CODED:
        enums += ["", f"cpdef enum {words.__name__}:".ljust(33) + f"# {field}: mtgsim.field_words.{words.__name__}"]
        enums += [f"    {prefix}{w.name} = {w.code}".ljust(32) + f" # {w.value!r}" for w in words]
    sizes = [_GENERATED, "cdef enum:",
             f"    NCOUNTERKINDS = {len(COUNTERS)}".ljust(33) + "# CounterKind.N_COUNTER_KINDS",
             f"    MAXLOOK = {MAX_LOOK}".ljust(33) + "# MAX_LOOK"]
    return {"_vocabulary.pxi": "\n".join(enums) + "\n", "_vocabulary_sizes.pxi": "\n".join(sizes) + "\n"}


def _check_number(p: Param, value: object, counts: bool) -> None:
    if counts and not isinstance(value, int):
        return                   # (a Count: checked as the loader reads it)
    if isinstance(value, bool) or not isinstance(value, int) or not p.lo <= value <= p.hi:
        raise CardDataError(f"{p.name} must be {p.lo}..{p.hi}, got {value!r}")


# ---- cost ops ----------------------------------------------------------------------------------
# A cost (602.1a: what is paid to activate an ability) is its mana plus a set of cost ops, paid in
# any order the player chooses (601.2h, 602.2b): so a cost's ops have a canonical order (this
# table's), never a written one. The TOML form is the card's text: comma-separated parts ("{1},
# {T}, Sacrifice this"), each part a row's phrase. The payment search never reads cost ops: the
# compiler derives each row's `facts` into fields of the ability's record (MANA_ABILITY,
# ACTIVATED), and the kernels' one payer of them is `pay_cost` (kernels/actions.pxi).

_NUMBER_WORD = r"a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+"
_THIS = r"(?:this|~|it)(?:\s+\w+)?"          # "this artifact", "~" (the recognizer's name for itself)
_KIND = r"(?:artifact|creature|enchantment|land|permanent)"
# The land types (205.3i) but Urza's (two words): "Sacrifice a Desert" (Ramunap Ruins)
LAND_TYPES = ("Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains", "Planet",
              "Power-Plant", "Sphere", "Swamp", "Tower", "Town")
_WHICH = rf"(?:{_KIND}|{'|'.join(LAND_TYPES)})"          # (a land type: its permanents, of any card type)
_COUNTER_WORDS = "|".join(re.escape(c.name) for c in COUNTERS)   # (the declared kinds)
_PERMANENTS = rf"(?:an?|another) {_WHICH}(?: or (?:an? )?{_WHICH})?"   # "a creature", "an artifact or creature"
_TAPPABLE = r"(?:artifact|creature)"      # (a land or any permanent: every mana source a candidate, not yet)
_UNTAPPED = rf"an untapped {_TAPPABLE}(?: or {_TAPPABLE})?"            # "an untapped creature"


@dataclass(frozen=True, slots=True)
class CostOpDef:
    """One cost op. `phrase`: a regular expression one part of a cost's text matches (case
    aside; the TOML form and the oracle form, "this" or "~"), its named groups the parameters;
    `text`: the part's TOML form, formatted with the parameters (`s`: "s" unless the main value
    is 1). `facts`: the ability record fields the compiler derives from it, each (field, the
    parameter whose value it takes, or a constant), so the payment search never interprets ops;
    `records`: the ability records it may be part of; `needs`: the cost ops a mana ability's
    cost with it must have too. `choice`: the player choice it needs."""
    name: str
    rule: str
    doc: str
    params: tuple[Param, ...]
    phrase: str
    text: str
    facts: tuple[tuple[str, str | int], ...]
    records: tuple[str, ...] = ("mana_ability", "activated")
    choice: str = ""
    needs: tuple[str, ...] = ()

    @property
    def main(self) -> Param:
        return self.params[0]


COST_OPS: tuple[CostOpDef, ...] = (
    CostOpDef("tap", "107.5", "{T}: tap this permanent (not if tapped; a creature's not while summoning sick, 302.6)",
              (_flag("tap", "true: it does", default=True),), r"\{T\}", "{{T}}", (("tap", 1),)),
    CostOpDef("untap", "107.6", "{Q}: untap this permanent (not if untapped; a creature's not while summoning sick)",
              (_flag("untap", "true: it does", default=True),), r"\{Q\}", "{{Q}}", (("untap", 1),)),
    CostOpDef("pay_life", "119.4", "pay N life (only with a life total of at least N)",
              (_number("pay_life", "life paid"),), r"pay (?P<pay_life>\d+) life", "Pay {pay_life} life",
              (("life", "pay_life"),)),
    CostOpDef("sacrifice_self", "701.21a", "sacrifice this permanent",
              (_flag("sacrifice_self", "true: it does", default=True),), rf"sacrifice {_THIS}", "Sacrifice this",
              (("sacrifice_self", 1),)),
    CostOpDef("remove_counters", "118.3",
              "remove N counters of a kind from this permanent (only with that many on it)",
              (Param("remove_counters", "number", "counters removed", lo=1, hi=255, default=1),
               Param("kind", "counter", "charge, +1/+1 or -1/-1", default="charge")),
              rf"remove (?P<remove_counters>{_NUMBER_WORD}) (?P<kind>charge|\+1/\+1|-1/-1) counters? from {_THIS}",
              "Remove {remove_counters} {kind} counter{s} from this",
              (("remove_n", "remove_counters"), ("remove_kind", "kind"))),
    CostOpDef("remove_x_counters", "107.3a",
              "remove X counters of a kind from this permanent, X chosen as it is paid: 0 up to the number on it "
              "(118.3; the payment search offers each); of a mana ability, its amount `X` the number removed",
              (Param("remove_x_counters", "counter", "storage, or another declared kind", default="storage"),),
              rf"remove (?:X|any number of) (?P<remove_x_counters>{_COUNTER_WORDS}) counters from {_THIS}",
              "Remove X {remove_x_counters} counters from this",
              (("remove_x", 1), ("remove_kind", "remove_x_counters")), records=("mana_ability",)),
    CostOpDef("sacrifice", "701.21a",
              "sacrifice a permanent you control of a kind (only with one to sacrifice, 118.3; the player "
              "chooses which)",
              (Param("sacrifice", "permanents", "which: a/an/another, then artifact, creature, enchantment, land, "
                     "permanent or a land type (\"a Desert\", 205.3i), or two of them joined by \"or\"",
                     default="a permanent"),),
              rf"sacrifice (?P<sacrifice>{_PERMANENTS})", "Sacrifice {sacrifice}",
              (("sacrifice_filter", "sacrifice"),), records=("activated",), choice="permanent_to_sacrifice"),
    CostOpDef("discard", "701.9a", "discard N cards (only with N cards in hand, 118.3; the player chooses which)",
              (Param("discard", "number", "cards discarded", lo=1, hi=255, default=1),),
              rf"discard (?P<discard>{_NUMBER_WORD}) cards?", "Discard {discard} card{s}",
              (("discard_n", "discard"),), records=("activated",), choice="cards_to_discard"),
    CostOpDef("tap_untapped", "701.26a",
              "tap an untapped permanent you control of a kind, not this one (118.3: only with one untapped; a "
              "creature tapped so may have come under its control this turn, 302.6 being about its own {T}); of a "
              "mana ability with {T} (Springleaf Drum): the payment search chooses which, a mana source it taps "
              "so making none",
              (Param("tap_untapped", "untapped", "which: an untapped artifact, creature, or artifact or creature",
                     default="an untapped creature"),),
              rf"tap (?P<tap_untapped>{_UNTAPPED}) you control", "Tap {tap_untapped} you control",
              (("tap_filter", "tap_untapped"),), records=("mana_ability",), choice="creature_to_tap",
              needs=("tap",)),      # (the search activates a source once: one it uses is tapped)
    CostOpDef("loyalty", "606.4",
              "a loyalty ability's cost: put N loyalty counters on this planeswalker ([+N]), remove N ([-N]: only with "
              "that many on it, 606.6) or neither ([0]); activated only as a sorcery and only if none of its loyalty "
              "abilities has been activated this turn (606.3)",
              (Param("loyalty", "number", "loyalty counters put (negative: removed)", lo=-99, hi=99, default=0),),
              r"\[(?P<loyalty>[+\u2212-]?\d+)\]", "[{loyalty}]",
              (("loyalty", "loyalty"), ("loyalty_ability", 1)), records=("activated",),
              choice="loyalty_ability"),
    CostOpDef("discard_self", "702.29a",
              "discard this card: cycling's, an ability of the card in its owner's hand (written as the card's "
              "`cycling` field, not as a part)",
              (_flag("discard_self", "true: it does", default=True),), "", "Discard this card",
              (("from_hand", 1),), records=("activated",)),
)

COST_BY_NAME: dict[str, CostOpDef] = {o.name: o for o in COST_OPS}

COST_DOC_BEGIN = "<!-- cost ops: generated from mtgsim.vocabulary (vocabulary.cost_doc_table) -->"
COST_DOC_END = "<!-- end of cost ops -->"


def cost_example(o: CostOpDef) -> str:
    """How a part of op `o` is written, its numbers N ("Remove N charge counters from this")."""
    words = {"counter": "charge", "permanents": "a creature", "untapped": "an untapped creature"}
    return o.text.format(**{p.name: words.get(p.kind, "N") for p in o.params}, s="s")


def cost_doc_table() -> str:
    """docs/card-format.md's list of the cost ops, one row per op, from this table."""
    lines = [COST_DOC_BEGIN, "", "| part | op | parameters | rule | what it does |", "| --- | --- | --- | --- | --- |"]
    for o in COST_OPS:
        example = cost_example(o)
        params = "; ".join(_param_doc(p) for p in o.params) if o.main.kind != "bool" else "—"
        lines.append(f"| `{example}` | `{o.name}` | {params} | {o.rule} | {o.doc} |")
    return "\n".join(lines + ["", COST_DOC_END])

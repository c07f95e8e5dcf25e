"""How the goldfish player plays a turn: the play policy `simulate` follows, made explicit.

Every choice the simulator makes for the player is one field here, with the default the
simulator has always used:

- `lands`: which land to play (305.1). "most_castable" plays the land that lets the most of
  the hand be cast now, then the one giving colours the hand still lacks, then an untapped
  one, then a creature land (one that could attack animated, 611.2), then the first in hand;
  "first" plays the first land in hand, weighing nothing (the hand is in the order its cards
  were drawn; a card leaving it is replaced by its last card).
  Each land face of a modal double-faced card is weighed as a land (712.12: a Pathway is played
  as the face the hand needs); a spell // land card's land face gives the spell up and is
  played over a real land only for more spells cast now or a missing colour
  (docs/rules-core.md); "first" plays it only when no card in hand is a land.
- `spells`: the order spells are cast in while one can be paid for. "most_mana" casts the one
  spending the most mana first (then the highest mana value); "highest_mana_value" and
  "lowest_mana_value" order by mana value (202.3).
- `first`: cards cast before any other whenever they can be paid for, in this order.
- `hold`: cards never cast (kept in hand).
- `kicker`: kick a spell (702.33) whenever the kicked cost can be paid.
- `flashback`: cast instants and sorceries with flashback (702.34) from the graveyard once
  nothing in hand can be cast.
- `x`: the smallest X an X spell (107.3) is cast with; it is cast with the largest X the
  board can pay, and not at all below this.
- `abilities`: use non-mana activated abilities (602) after casting spells (a scry or surveil
  ability too, with the mana left); but crack a fetch land (a land making no mana whose
  ability costs no mana, sacrifices it and puts a land onto the battlefield: Prismatic Vista,
  Evolving Wilds) right after the land drop, before any spell, so that the land it finds
  pays for the turn's spells — unless its search would find nothing (then it is kept). A cost
  sacrificing another permanent, or discarding, is paid only with what it can spare: never a
  land, a mana source or an attacker (so Ramunap Ruins' "Sacrifice a Desert" is never paid), and
  cards it doesn't want (kernels/activating.pxi: worth_paying). A planeswalker activates one
  loyalty ability a turn (606.3; loyalty_to_activate): its ultimate (its last ability, removing
  more loyalty than it enters with) whenever it can be paid, else its first plus ability, else
  its [0], else a minus one that leaves it loyalty -- each only one read and worth activating.
- `cycle`: cycle (702.29) the cards in hand the player doesn't want, with the mana left after
  spells and abilities (then play a land drawn and cast what can be): a land while no more
  lands are wanted (see below), a spell whose mana value is above the lands in play and in
  hand and one more; a typecycling card (702.29e) only while a land is wanted too.
- `attack`: attack with every creature able to (508.1).

And the choices made inside the game's actions:

- scry and surveil (701.22a, 701.25a): each card looked at is kept on top if the player wants
  it — a land while lands are wanted: the lands in play, in hand and kept on top so far are
  fewer than the deck's land goal (the highest mana value among its spells) or than the mana
  values of the spells in hand added up; a spell whose mana value is at most those lands and
  one more (castable by next turn, colours aside) —, else put on the bottom (scry) or into
  the graveyard (surveil); the cards kept stay in the order they were.

- `color`: the colour chosen for "choose a colour as it enters" and for mana of any colour a
  spell or ability adds (W U B R G); None: the most common colour in the deck's mana costs.
  "Choose a color other than white" (the Gates) takes it if it may, else the deck's next colour
  by its mana costs' pips (compile.colors_by_pips, compiled as Enters.other_color).
- `pay_life_above`: pay the life a land asks to enter untapped (a shock land) while your life
  is above this (119.4: and at least what it asks), decided as the land enters.
- the creature type chosen as a permanent enters ("choose a creature type": Cavern of Souls,
  whose mana is spent only on creature spells of that type, 106.6): one per game, the type most
  of the deck's creature cards share by copies (compile.chosen_creature_type, compiled into the
  tables; a Scenario's `creature_type`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from .batch import color_bit
from .cards import CardDef
from .checks import items
from .cards.database import named_card
from .errors import ArgumentError, ArgumentTypeError, shown
from .mana import COLOR_ORDER

__all__ = ["PlayPolicy"]

LANDS = ("most_castable", "first")
SPELLS = ("most_mana", "highest_mana_value", "lowest_mana_value")
COLORS = tuple(COLOR_ORDER)        # the colours "choose a colour" may name (W U B R G)


def _cards(cards, what: str) -> tuple:
    """`first`/`hold` as a tuple of card names and cards."""
    cards = (cards,) if isinstance(cards, (str, CardDef)) else items(cards, f"play policy: {what}")
    for c in cards:
        if isinstance(c, str) and not c.strip():
            raise ArgumentError(f"play policy: {what} names an empty card name")
        if not isinstance(c, (str, CardDef)):
            raise ArgumentTypeError(f"play policy: {what} must list card names or cards, got {shown(c)}")
    return cards


def _name(c) -> str:
    return c.name if isinstance(c, CardDef) else c


@dataclass(frozen=True)
class PlayPolicy:
    """The goldfish play policy (see the module docstring). `PlayPolicy()` is the default."""
    lands: str = "most_castable"
    spells: str = "most_mana"
    first: tuple = ()
    hold: tuple = ()
    kicker: bool = True
    flashback: bool = True
    x: int = 1
    abilities: bool = True
    cycle: bool = True
    attack: bool = True
    color: str | None = None
    pay_life_above: int = 10

    def __post_init__(self):
        if not isinstance(self.lands, str) or self.lands not in LANDS:
            raise ArgumentError(f"play policy: lands must be one of {', '.join(LANDS)}; got {shown(self.lands)}")
        if not isinstance(self.spells, str) or self.spells not in SPELLS:
            raise ArgumentError(f"play policy: spells must be one of {', '.join(SPELLS)}; "
                                f"got {shown(self.spells)}")
        for name in ("kicker", "flashback", "abilities", "cycle", "attack"):
            if not isinstance(getattr(self, name), bool):
                raise ArgumentTypeError(f"play policy: {name} must be True or False, "
                                        f"got {shown(getattr(self, name))}")
        if isinstance(self.x, bool) or not isinstance(self.x, int) or not 0 <= self.x <= 99:
            raise ArgumentError(f"play policy: x must be a whole number 0..99, got {shown(self.x)}")
        if self.color is not None and (not isinstance(self.color, str) or self.color not in COLORS):
            raise ArgumentError(f"play policy: color must be one of {' '.join(COLORS)} or None; "
                                f"got {shown(self.color)}")
        if (isinstance(self.pay_life_above, bool) or not isinstance(self.pay_life_above, int)
                or not -30000 <= self.pay_life_above <= 30000):
            raise ArgumentError("play policy: pay_life_above must be a whole number -30000..30000, "
                                f"got {shown(self.pay_life_above)}")
        object.__setattr__(self, "first", _cards(self.first, "first"))
        object.__setattr__(self, "hold", _cards(self.hold, "hold"))
        both = {_name(c) for c in self.first} & {_name(c) for c in self.hold}
        if both:
            raise ArgumentError(f"play policy: {shown(sorted(both)[0])} is both cast first and held")

    def card_defs(self, db) -> list[CardDef]:
        """The cards the policy names, looked up in `db` when given by name (UnknownCardError)."""
        return [named_card(db, c, f"play policy: {where}")
                for where, cards in (("first", self.first), ("hold", self.hold)) for c in cards]

    def arrays(self, tables, cards: Sequence[CardDef]) -> dict:
        """The policy as the compiled core reads it, for the card rows of `tables`: `rank` per
        card (1, 2, ... for `first` in order; 0 otherwise), `hold` per card, and the codes
        (`color`: a colour bit, 0 for the deck's main colour). `cards` are the records of the
        cards it names, as `card_defs` gives them (`first`'s, then `hold`'s)."""
        if len(cards) != len(self.first) + len(self.hold):
            raise ArgumentError(f"play policy: arrays takes the {len(self.first) + len(self.hold)} records "
                                f"card_defs gives, got {len(cards)}")
        n = max(len(tables.card_names), 1)
        rank = np.zeros(n, dtype=np.int16)
        hold = np.zeros(n, dtype=np.uint8)
        for k, c in enumerate(cards[:len(self.first)]):
            rank[tables.row_of(c)] = k + 1
        for c in cards[len(self.first):]:
            hold[tables.row_of(c)] = 1
        return {"rank": rank, "hold": hold, "lands": LANDS.index(self.lands),
                "spells": SPELLS.index(self.spells), "kicker": int(self.kicker),
                "flashback": int(self.flashback), "x": self.x, "abilities": int(self.abilities),
                "cycle": int(self.cycle),
                "attack": int(self.attack), "pay_life_above": self.pay_life_above,
                "color": color_bit(self.color)}      # (0: none, the deck's main colour)

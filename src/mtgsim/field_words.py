"""The closed lists of words a card's TOML writes for one field (`unless = "pay_life"`, `watches =
"lands"`), each declared once: the card model's field types (cards/model.py takes them from here),
and, through `Coded.code` (a word's place in its list), the compiled core's enums, which the build
writes from them (`vocabulary.cython_declarations`: `cpdef enum TappedUnless`, TU_ and each
member's name). Read by the build without the package: this module imports nothing of mtgsim.
"""
from __future__ import annotations

import enum

__all__ = ["CODED", "Coded", "CostChange", "CountOf", "Grant", "GrantTo", "SpellScope", "TappedUnless", "Timing",
           "TriggerAdds", "Watches"]


class Coded(str, enum.Enum):
    """A word of a closed list a card field takes (its value, as the TOML writes it), compiled as
    its place in the list (`code`): the core's enum of the same name has, for each member, its
    prefix and name valued so. So members keep their order: one put before others renumbers them."""

    @property
    def code(self) -> int:
        return type(self)._member_names_.index(self.name)


class CountOf(Coded):
    """What a variable amount counts (a closed list; each is one kernel branch)."""
    PERMANENTS = "permanents"            # permanents matching controller/types/subtypes
    CARDS_IN_HAND = "cards_in_hand"      # cards in your hand (Maro)
    DEVOTION = "devotion"                # mana symbols of `color` among your permanents' costs
    COUNTERS_ON_SELF = "counters_on_self"  # counters of `counter` on this permanent (Animar)
    GREATEST_POWER = "greatest_power"    # greatest power among creatures you control (Henge)
    X = "x"                              # the X paid for the spell (107.3m for enters effects)
    POWER = "power"                      # this permanent's power (Viridian Joiner; 0 if negative, 107.1b)
    TOUGHNESS = "toughness"              # this permanent's toughness
    CARDS_IN_GRAVEYARD = "cards_in_graveyard"  # cards in your graveyard (`controller`: or others'), of any of
    #                                      `types` (Tolarian Terror: instants and sorceries)
    CARD_TYPES_IN_GRAVEYARD = "card_types_in_graveyard"  # the card types among cards in your graveyard
    #                                      (`controller` any: all graveyards; 205.2a; the goyfs, delirium)


class Timing(Coded):
    """When an ability may be activated, by whose turn it is (602.5)."""
    ANY = ""
    YOUR_TURN = "your_turn"              # "Activate only during your turn"
    OPPONENTS_TURN = "opponents_turn"    # "Activate only during an opponent's turn"


class SpellScope(Coded):
    """Whose spells a cost modifier changes the cost of (601.2f)."""
    SELF = "self"              # this card's own cost (The Great Henge)
    YOUR_SPELLS = "your_spells"
    OPPONENT_SPELLS = "opponent_spells"
    ALL_SPELLS = "all_spells"


class CostChange(Coded):
    """The step of 601.2f a cost modifier belongs to; the order is the order of application."""
    INCREASE = "increase"      # added after the mana/alternative cost and additional costs
    REDUCE = "reduce"          # generic reductions touch only generic mana (118.7)
    SET_MINIMUM = "set_minimum"  # Trinisphere: total cost is at least `amount` (applied last)
    DELVE = "delve"            # 702.66a: once the total is locked, each card exiled from the caster's graveyard
    #                            (`amount`: cards_in_graveyard) pays {1} of its generic mana


class Watches(Coded):
    """Which permanents a tapped-for-mana trigger or replacement watches (106.12)."""
    SELF = "self"
    ENCHANTED_LAND = "enchanted_land"
    LANDS_YOU_CONTROL = "lands_you_control"
    LANDS = "lands"                        # any land, any controller
    BASIC_LANDS = "basic_lands"            # any basic land (Gauntlet of Power)
    PERMANENTS_YOU_CONTROL = "permanents_you_control"
    PERMANENTS = "permanents"
    CREATURES_YOU_CONTROL = "creatures_you_control"  # "Whenever you tap a creature for mana" (Leyline of Abundance)


class TriggerAdds(Coded):
    """What a tapped-for-mana trigger adds (106.12a)."""
    FIXED = "fixed"          # `mana`
    PRODUCED = "produced"    # one mana of any type the permanent produced (Heartbeat of Spring)
    CHOSEN_COLOR = "chosen_color"  # one mana of the colour chosen as this entered (Utopia Sprawl)
    ANY_COLOR = "any_color"


class Grant(Coded):
    """The ability a static grant gives."""
    HASTE = "haste"                       # 702.10 (The Fire Crystal)
    MANA_ANY_COLOR = "mana_any_color"     # has "{T}: Add one mana of any color" (Chromatic Lantern)


class GrantTo(Coded):
    """The permanents a static grant gives it to."""
    CREATURES_YOU_CONTROL = "creatures_you_control"
    LANDS_YOU_CONTROL = "lands_you_control"


class TappedUnless(Coded):
    """When a permanent that enters tapped (a land, mostly) enters untapped instead (614.1c)."""
    ALWAYS = ""                           # enters tapped
    FEW_OTHER_LANDS = "few_other_lands"   # fast lands: unless you control two or fewer other lands
    MANY_OTHER_LANDS = "many_other_lands"  # slow lands: unless you control two or more other lands
    CONTROL_SUBTYPE = "control_subtype"   # check lands: unless you control a land of `subtypes`
    PAY_LIFE = "pay_life"                 # shock lands: unless you pay `life` life
    REVEAL_SUBTYPE = "reveal_subtype"     # unless you reveal a card of `subtypes` from hand
    MANY_BASIC_LANDS = "many_basic_lands"  # battle lands: unless you control two or more basic lands
    CONTROL_BASIC = "control_basic"       # unless you control a basic land
    LOW_LIFE = "low_life"                 # unless a player has `life` or less life
    CONTROL_LEGENDARY_CREATURE = "control_legendary_creature"  # unless you control a legendary creature
    FIRST_THREE_TURNS = "first_three_turns"  # unless it's your first, second, or third turn of the game
    YOUR_TURN = "your_turn"               # "enters tapped if it's not your turn" (Eddymurk Crab)


# The lists the core has as enums: each with its members' prefix, the TOML field it is the words
# of, and the record field the core codes it in (the build's comment on the generated enum).
CODED: tuple[tuple[type[Coded], str, str, str], ...] = (
    (CountOf, "CO_", "count", "Count.what: what a variable amount counts"),
    (CostChange, "CC_", "change", "CostModifier.change: the steps of 601.2f, in the order they apply"),
    (SpellScope, "SS_", "scope", "CostModifier.scope"),
    (Watches, "WA_", "watches", "ManaTrigger/ManaReplacement.watches (106.12)"),
    (TriggerAdds, "TA_", "adds", "ManaTrigger.adds"),
    (Grant, "GR_", "grant", "GrantRow.grant"),
    (GrantTo, "GT_", "to", "GrantRow.to"),
    (TappedUnless, "TU_", "unless", "Enters.unless (614.1c)"),
    (Timing, "TI_", "during", "Condition.during: when an ability may be activated (602.5)"),
)

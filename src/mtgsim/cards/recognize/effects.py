"""Effect sentences → Effect fields: draw, life, damage to the opponent, land searches, tokens
(named ones of the curated data, and creature tokens made from their description, 111.4),
mana added by spells; one recognizer per phrase family. The sentences' ops are in the text's
order (608.2c): flat fields where that is the canonical order, else a list of steps."""
from __future__ import annotations

import functools
import re
from typing import Any, Callable

from ... import vocabulary
from ..model import KEYWORD_ABILITIES, KNOWN_KEYWORDS
from ..oracle_text import number, sentences
from ..shipped import shipped_cards
from .ignored import IGNORED_KEYWORDS, is_noop, effects
from .mana import mana_ability_tables, mana_effect
from .phrases import COLOR_WORDS, NUMBER_WORD, amount_phrase, number_of, activation_cost

_EFFECT_SENTENCES: list[tuple[re.Pattern, Callable[[re.Match], dict]]] = []

# The phrase of each effect op of mtgsim.vocabulary: a card (type line, Oracle text; "~" its
# name) whose text these recognizers read as an ability doing it (tests/test_vocabulary.py reads
# every one and fails when an op has none, or one not read as that op).
OP_PHRASES: dict[str, tuple[str, str]] = {
    "damage_to_opponent": ("Instant", "~ deals 3 damage to any target."),
    "opponent_loses_life": ("Sorcery", "Each opponent loses 2 life."),
    "damage_to_you": ("Land", "{T}: Add {C}.\n{T}: Add {R}. ~ deals 1 damage to you."),
    "lose_life": ("Sorcery", "Draw two cards and you lose 2 life."),
    "gain_life": ("Sorcery", "You gain 3 life."),
    "opponent_gains_life": ("Land", "{T}: Add {C}.\n{T}: Add {R} or {G}. Each opponent gains 1 life."),
    "add_mana": ("Instant", "Add {R}{R}{R}."),
    "skip_untap": ("Land", "{T}: Add {B}{B}. ~ doesn't untap during your next untap step."),
    "sacrifice_at_end": ("Creature — Elemental", "Haste\nAt the beginning of the end step, sacrifice ~."),
    "add_any_color": ("Instant", "Add one mana of any color."),
    "counters": ("Artifact Creature — Construct", "{1}: Put a +1/+1 counter on ~."),
    "scry": ("Sorcery", "Scry 2."),
    "surveil": ("Sorcery", "Surveil 2."),
    "draw": ("Sorcery", "Draw two cards."),
    "lands_to_battlefield": ("Sorcery", ("Search your library for a basic land card, put it onto the battlefield "
                                         "tapped, then shuffle.")),
    "lands_to_hand": ("Sorcery", ("Search your library for a basic land card, reveal it, put it into your hand, "
                                  "then shuffle.")),
    "return_land": ("Land", "When ~ enters, return a land you control to its owner's hand.\n{T}: Add {G}{U}."),
    "tokens": ("Sorcery", "Investigate."),
    "extra_land_drops": ("Sorcery", "You may play an additional land this turn."),
    "untap_lands": ("Instant", "Untap up to three lands."),
    "mill": ("Sorcery", "Mill three cards."),
    "look_to_hand": ("Instant", ("Look at the top four cards of your library. Put one of them into your hand and "
                                 "the rest on the bottom of your library in any order.")),
    # (a class level bar, read with its level's abilities by faces.py's _class_levels, 716.2a)
    "class_level": ("Enchantment — Class", "{2}{G}: Level 2\nYou may play an additional land on each of your turns."),
    "sacrifice_self": ("Land", "When you play another land, sacrifice ~.\n{T}: Add {C}{C}."),
    "becomes": ("Land", ("{T}: Add {C}.\n{1}: Until end of turn, ~ becomes a 2/2 creature with all creature types. "
                         "It's still a land.")),
    "power_bonus": ("Creature — Human Monk", "Whenever you cast a noncreature spell, ~ gets +1/+1 until end of turn."),
    "rearrange": ("Sorcery", ("Look at the top three cards of your library, then put them back in any order. "
                              "You may shuffle.\nDraw a card.")),
    "hand_to_top": ("Instant", ("Draw three cards, then put two cards from your hand on top of your library in any "
                                "order.")),
    "source_to_top": ("Artifact", "{T}: Draw a card, then put ~ on top of its owner's library."),
    "damage_to_you_if_flip_lost": ("Artifact", ("At the beginning of your upkeep, flip a coin. If you lose the flip, "
                                                 "~ deals 3 damage to you.\n{T}: Add {C}{C}.")),
    "hand_to_battlefield": ("Land", "{T}: Add {C}.\n{4}: Put ~ from your hand onto the battlefield."),
    "untap_source": ("Artifact", "~ doesn't untap during your untap step.\n{T}: Add {C}{C}{C}.\n{4}: Untap ~."),
    "graveyard_to_hand": ("Sorcery", "Return target instant or sorcery card from your graveyard to your hand."),
    "transform": ("Creature — Human", "{3}{G}: Transform ~. Activate only as a sorcery."),
    "card_to_battlefield": ("Sorcery", ("Search your library for an artifact card with mana cost {0} or {1}, put it "
                                        "onto the battlefield, then shuffle.")),
    "card_to_hand": ("Sorcery", "Search your library for a card, put that card into your hand, then shuffle."),
    "reveal_each_type": ("Creature — Phyrexian Angel", (
        "When ~ enters, reveal the top ten cards of your library. For each card type, you may put a card of that type "
        "from among the revealed cards into your hand. Put the rest on the bottom of your library in a random order.")),
    "spell_to_library": ("Sorcery", "Draw two cards. Shuffle ~ into its owner's library."),
    "draw_next_upkeep": ("Artifact", ("{T}, Sacrifice ~: Look at the top card of target player's library. Draw a "
                                      "card at the beginning of the next turn's upkeep.")),
    "discard": ("Sorcery", "Draw two cards, then discard two cards."),
    "look_reveal": ("Sorcery", ("Look at the top five cards of your library. You may reveal a colorless card from "
                                "among them and put it into your hand. Then put the rest on the bottom of your "
                                "library in any order.")),
    "earthbend": ("Creature — Badger", "When ~ enters, earthbend 1."),
    "counter_spell": ("Artifact", ("Whenever a player casts a spell with mana value equal to the number of charge "
                                   "counters on ~, counter that spell.")),
}


def _effect(pattern: str):
    def register(fn):
        _EFFECT_SENTENCES.append((re.compile(pattern + r"\.?", re.IGNORECASE), fn))
        return fn
    return register


@_effect(rf"(?:you )?(?:may )?draw {NUMBER_WORD} cards?")
def _e_draw(m):
    return {"draw": number_of(m["n"])}


@_effect(r"(?P<what>scry|surveil) (?P<n>\d+)")
def _e_scry(m):                         # 701.22a, 701.25a
    return {m["what"].lower(): int(m["n"])}


@_effect(rf"(?P<what>scry|surveil) (?P<s>\d+), then draw {NUMBER_WORD} cards?")
def _e_scry_draw(m):                    # (Preordain: the kernel looks before it draws)
    return {m["what"].lower(): int(m["s"]), "draw": number_of(m["n"])}


@_effect(r"look at the top (?P<look>two|three|four|five|six|seven|eight|nine|ten|X) cards of your library(?:, where "
         r"X is (?P<x>[^.]+))?\. Put (?P<take>one|two|three) of (?:them|those cards) into your hand(?: and|\. Put) the "
         r"(?:rest|other) on the bottom of your library"
         r"(?: in (?P<order>any|a random) order)?(?P<more>\. If there is an instant card and a sorcery card in your "
         r"graveyard, instead put (?P<more_n>two|three|four) of them into your hand and the rest on the bottom of "
         r"your library in any order)?")
def _e_look_to_hand(m):                 # (Impulse: the look and the put are one instruction, 608.2c)
    take = number_of(m["take"])
    if (m["look"] == "X") != bool(m["x"]):
        return None
    if m["x"]:                          # (Consult the Star Charts: "where X is the number of lands you control")
        look = amount_phrase("equal to " + m["x"])
        if look is None or m["more"]:
            return None
        return {"look_to_hand": look, "to_hand": take} | ({"random_order": True} if m["order"] == "a random" else {})
    look = number_of(m["look"])
    if not take < look <= vocabulary.MAX_LOOK:
        return None
    random = {"random_order": True} if m["order"] == "a random" else {}
    if m["more"]:                       # (Flow State: "instead" one more, 608.2c)
        if number_of(m["more_n"]) != take + 1 or take + 1 >= look or random:
            return None
        return {"look_to_hand": look, "to_hand": take, "more_if_instant_and_sorcery": True}
    return {"look_to_hand": look, "to_hand": take} | random


@_effect(r"look at the top (?P<n>two|three|four|five|six|seven|eight|nine|ten) cards of your library, then put "
         r"them back in any order(?P<shuffle>\. You may shuffle)?")
def _e_rearrange(m):                    # 401.4 (Sensei's Divining Top; Ponder: "You may shuffle.", 701.24a)
    return {"rearrange": number_of(m["n"])} | ({"may_shuffle": True} if m["shuffle"] else {})


@_effect(rf"put {NUMBER_WORD} cards? from your hand on top of your library(?: in any order)?")
def _e_hand_to_top(m):                  # 401.4 (Brainstorm, after its draws: 608.2c)
    return {"hand_to_top": number_of(m["n"])}


@_effect(rf"(?:then )?discard {NUMBER_WORD} cards?")
def _e_discard(m):                      # 701.9a ("draw two cards, then discard two cards": the draw first, 608.2c)
    return {"discard": number_of(m["n"])}


@_effect(rf"you may discard {NUMBER_WORD} cards?\. If you do, draw (?P<d>a card|two cards|three cards)")
@_effect(r"learn")
def _e_may_discard(m):                  # 608.2d; Learn, 701.48a: its Lesson from outside the game moot (no sideboard)
    if "d" not in m.groupdict():
        return {"discard": 1, "may_discard": True, "draw_if_discarded": 1}
    return {"discard": number_of(m["n"]), "may_discard": True, "draw_if_discarded": number_of(m["d"].split()[0])}


@_effect(r"put ~ on top of its owner's library")
def _e_source_to_top(m):                # 400.3 (Sensei's Divining Top: "Draw a card, then ...", 608.2c)
    return {"source_to_top": True}


@_effect(r"flip a coin\. If you lose the flip, ~ deals (?P<n>\d+) damage to you")
def _e_flip_damage(m):                  # 705.2 (Mana Crypt), 120.3a
    return {"damage_to_you_if_flip_lost": int(m["n"])}


@_effect(r"untap ~")
def _e_untap_source(m):                 # 701.26a (Grim Monolith's "{4}: Untap this artifact.")
    return {"untap_source": True}


@_effect(r"earthbend (?P<n>\d+)")
def _e_earthbend(m):                    # 701.66a (Badgermole Cub; Ba Sing Se's "{2}{G}, {T}: Earthbend 2.")
    return {"earthbend": int(m["n"])}


@_effect(r"transform ~")
@_effect(r"exile ~, then return (?P<returned>him|her|it|them) to the battlefield transformed under "
         r"(?:his|her|its|their) owner's control")
def _e_transform(m):                    # 701.27a; exiled and returned, a new object (400.7, 712.14a)
    return {"transform": True} | ({"returned": True} if "returned" in m.groupdict() else {})


# the card types "a permanent card" has (110.4a)
_PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")


@_effect(r"(?:look at|reveal) the top (?P<n>two|three|four|five|six|seven|eight|nine|ten) cards of your library\. "
         r"You may (?:reveal (?P<many>an?|any number of) (?P<kind>[\w ,]+?) cards? from among them and put "
         r"(?:it|the revealed cards) into your hand|put (?:an?) (?P<kind2>[\w ,]+?) card from among them into your "
         r"hand)\. (?:Then )?put the rest (?P<rest>on the bottom of your library in (?P<order>any|a random) order|into "
         r"your graveyard)")
def _e_look_reveal(m):                  # 401.2, 701.20a (Ancient Stirrings, Augur of Bolas, Malevolent Rumble)
    kind = (m["kind"] or m["kind2"]).lower()
    step: dict = {"look_reveal": number_of(m["n"])}
    if kind == "colorless":             # (105.2c: a card with no colour)
        step["reveal_colorless"] = True
    else:
        types: list[str] = []
        not_types: list[str] = []
        for word in re.split(r",? or |, | ", kind):
            name = word.removeprefix("non").capitalize()
            if word == "permanent":
                types += _PERMANENT_TYPES
            elif name not in vocabulary.CARD_TYPE_NAMES or name == "Kindred":
                return None             # (a subtype, a supertype, "snow": no word for it here)
            else:
                (not_types if word.startswith("non") else types).append(name)
        if not_types and " or " in kind:
            return None                 # ("noncreature or land": not a filter of one kind)
        step |= {"reveal_types": sorted(set(types))} if types else {}
        step |= {"reveal_not_types": not_types} if not_types else {}
    if m["many"] and m["many"].startswith("any"):
        step["any_number"] = True
    if m["rest"] == "into your graveyard":
        step["rest_to_graveyard"] = True
    if m["order"] == "a random":
        step["random_order"] = True
    return step


@_effect(r"reveal the top (?P<n>two|three|four|five|six|seven|eight|nine|ten) cards of your library\. For each card "
         r"type, you may put a card of that type from among the revealed cards into your hand\. Put the rest on the "
         r"bottom of your library in (?P<order>any|a random) order")
def _e_reveal_each_type(m):             # 205.2a, 701.20a (Atraxa, Grand Unifier)
    return {"reveal_each_type": number_of(m["n"])} | ({"random_order": True} if m["order"] == "a random" else {})


_BECOMES_WHAT = (r"a (?P<p>\d+)/(?P<t>\d+) (?P<words>[\w ,'-]*?)creature(?: with (?P<with>[\w ,{}]+?))?")


# ("It can't be blocked this turn": moot, the goldfish's opponent having no creature to block, 509.1a)
_UNBLOCKED = r"(?:\. It can't be blocked this turn)?"


@_effect(r"until end of turn, (?:~|it) becomes " + _BECOMES_WHAT + r"\. It's still a land" + _UNBLOCKED)
@_effect(r"(?:~|it) becomes " + _BECOMES_WHAT + r" until end of turn\. It's still a land" + _UNBLOCKED)
@_effect(r"(?:~|it) becomes " + _BECOMES_WHAT + r"\. It's still a land(?P<stays>)")
def _e_becomes(m):                      # 613.1d-f, 613.4b (Mutavault, the Restless lands, Mishra's Factory)
    colors, types, subtypes, keywords, all_types = [], ["Creature"], [], [], False
    for word in m["words"].replace(",", " ").split():
        if word.lower() in COLOR_WORDS:
            colors.append(COLOR_WORDS[word.lower()])
        elif word.lower() in ("artifact", "enchantment"):
            types.append(word.capitalize())
        elif word.lower() not in ("and", "colorless"):
            subtypes.append(word[:1].upper() + word[1:])
    for part in re.split(r",? and |, ", m["with"] or ""):
        if part.lower() == "all creature types":
            all_types = True                # 205.3m
        elif part.capitalize() in vocabulary.KEYWORD_NAMES:
            keywords.append(part.capitalize())
        elif part.lower().split(" {")[0] in IGNORED_KEYWORDS:
            pass                            # (moot: ward {3} triggers on an opponent's targeting, 702.21a: none)
        elif part:
            return None                     # (an ability the vocabulary has no word for: left unread)
    if "colorless" in m["words"].lower() and colors:
        return None
    step = {"becomes": types, "becomes_power": int(m["p"]), "becomes_toughness": int(m["t"])}
    if "stays" in m.groupdict():        # (no duration: while it stays on the battlefield, 611.2a;
        step["until_end_of_turn"] = False   # Soulstone Sanctuary)
    step.update({k: v for k, v in (("becomes_subtypes", subtypes), ("becomes_colors", colors),
                                   ("becomes_keywords", keywords), ("all_creature_types", all_types)) if v})
    return step


@_effect(r"(?:you may )?have ~ become an artifact creature until end of turn")
def _e_becomes_creature(m):             # 613.1d, 301.7a: its printed power and toughness (The Fantasticar)
    return {"becomes": ["Artifact", "Creature"]}


@_effect(r"(?:you )?gain (?P<n>\d+|X) life")
def _e_gain(m):
    return {"gain_life": "X" if m["n"] == "X" else int(m["n"])}


@_effect(r"(?:you )?lose (?P<n>\d+) life")
def _e_lose(m):
    return {"lose_life": int(m["n"])}


@_effect(r"(?:you )?lose 1 life for each (?P<what>.+)")
def _e_lose_for_each(m):                # (The One Ring's upkeep: one for each burden counter, 119.3)
    amount = amount_phrase("for each " + m["what"])
    return None if amount is None else {"lose_life": amount}


@_effect(r"(?:you )?draw (?P<d>a card|two cards|three cards) and (?:you )?lose (?P<l>\d+) life")
def _e_draw_lose(m):
    return {"draw": number_of(m["d"].split()[0]), "lose_life": int(m["l"])}


@_effect(r"(?:~|it) deals (?P<n>\d+|X) damage to (?:any target|target player or planeswalker|target opponent"
         r"|each opponent|target player|target opponent or planeswalker|any one target)")
def _e_burn(m):
    return {"damage_to_opponent": "X" if m["n"] == "X" else int(m["n"])}


@_effect(r"(?:~|it) deals (?P<n>\d+|X) damage to each player")
def _e_each_player(m):                  # (the opponent and the player alike, 120.3)
    n = "X" if m["n"] == "X" else int(m["n"])
    return {"damage_to_opponent": n, "damage_to_you": n}


@_effect(rf"each player draws {NUMBER_WORD} cards?")
def _e_each_draws(m):                   # (the goldfish opponent has no library: only the player draws)
    return {"draw": number_of(m["n"])}


@_effect(rf"(?:(?:you )?mill|each player mills|target player mills) {NUMBER_WORD} cards?")
def _e_mill(m):                         # 701.17a ("each player": the goldfish opponent has no library; "target
    # player": the goldfish targets itself, the only choice that does anything in a goldfish, 115.1: Thought Scour)
    return {"mill": number_of(m["n"])}


@_effect(r"(?:~|it) deals (?P<n>\d+) damage to you")
def _e_pain(m):
    return {"damage_to_you": int(m["n"])}


@_effect(r"(?:each opponent|target opponent|target player) loses (?P<n>\d+|X) life")
def _e_drain(m):                       # (life lost, not damage: 120.3; "target player": the opponent)
    return {"opponent_loses_life": "X" if m["n"] == "X" else int(m["n"])}


@_effect(r"each player loses (?P<n>\d+) life")
def _e_each_loses(m):                  # (the player too: 608.2c, "each player" is both of them)
    return {"opponent_loses_life": int(m["n"]), "lose_life": int(m["n"])}


@_effect(r"each opponent loses X life, where X is (?P<what>.+?)\. You gain life equal to the life lost this way")
def _e_drain_count(m):                 # (Gray Merchant: one opponent, so the life lost is X)
    amount = amount_phrase("equal to " + m["what"])
    return None if amount is None else {"opponent_loses_life": amount, "gain_life": amount}


@_effect(r"you may play an additional land this turn")
def _e_extra_land(m):
    return {"extra_land_drops": 1}


@_effect(r"return a land you control to its owner's hand")
def _e_bounce(m):
    return {"return_land": 1}


_CARD_TYPE = r"(?:artifact|battle|creature|enchantment|instant|land|planeswalker|sorcery)"


@_effect(rf"return target (?P<types>{_CARD_TYPE}(?:(?:,| or|, or) {_CARD_TYPE})* )?card from your graveyard to "
         r"your hand")
def _e_graveyard_to_hand(m):            # 115.1: Regrowth, Stormchaser's Talent's level 2
    types = re.findall(_CARD_TYPE, m["types"] or "", re.IGNORECASE)
    return {"graveyard_to_hand": 1, "graveyard_card_types": [t.capitalize() for t in types]}


@_effect(r"put ~ from your hand onto the battlefield")
def _e_hand_to_battlefield(m):          # 305.4, 113.6m: Talon Gates of Madara
    return {"hand_to_battlefield": True}


@_effect(r"untap up to (?P<n>one|two|three|four|five|\d+) lands?")
def _e_untap(m):
    return {"untap_lands": number_of(m["n"])}


@_effect(r"(?:you may )?put (?P<n>a|an|one|two|three|four|five|\d+|X) (?P<kind>\+1/\+1|storage|burden) counters? "
         r"on (?P<on>~|it)")
def _e_counters(m):
    # (which object: "~" this one, "it" the one the trigger is about; `_on_` checked by the ability)
    return {"counters": {m["kind"]: "X" if m["n"] == "X" else number_of(m["n"])}, "_on_": m["on"]}


@_effect(r"put (?P<n>a|an|one|two|three|four|five|\d+) \+1/\+1 counters? on each creature you control")
def _e_counters_each(m):                # 122.6, 608.2h: Abandoned Air Temple
    return {"counters": {"+1/+1": number_of(m["n"])}, "each_creature_you_control": True}


@_effect(r"(?P<on>~|it) gets \+(?P<p>\d+)/\+(?P<t>\d+) until end of turn")
def _e_power_bonus(m):                  # 613.4c, 514.2 (prowess's, 702.108a; +0/+N: left unread)
    p, t = int(m["p"]), int(m["t"])
    return {"power_bonus": p, "toughness_bonus": t, "_on_": m["on"]} if 0 < p <= 99 and t <= 99 else None


@_effect(rf"target player draws {NUMBER_WORD} cards?")
def _e_target_player_draws(m):          # (the goldfish targets itself, the player with a library, 115.1; not
    return {"draw": number_of(m["n"])}  # when a discard follows: Wistful Thinking's is the opponent's, a no-op)


@_effect(rf"target player draws {NUMBER_WORD} cards? and loses (?P<l>\d+) life")
def _e_sign_in_blood(m):                # (the goldfish's player targets themself)
    return {"draw": number_of(m["n"]), "lose_life": int(m["l"])}


@_effect(r"(?:you )?draw a card for each (?P<what>.+)")
def _e_draw_for_each(m):
    amount = amount_phrase("for each " + m["what"])
    return None if amount is None else {"draw": amount}


@_effect(r"(?:you may )?put a land card from your hand onto the battlefield")
def _e_land_from_hand(m):               # (as one more land play this turn: the land enters untapped)
    return {"extra_land_drops": 1}


@_effect(r"search your library for an? (?P<type>artifact|creature|enchantment) card with mana cost \{0\} or "
         r"\{1\}, put it onto the battlefield, then shuffle")
def _e_card_to_battlefield(m):          # 701.23, 202.1 (Urza's Saga)
    return {"card_to_battlefield": 1, "card_types": [m["type"].capitalize()], "cost_at_most": 1}


@_effect(r"(?:you may )?search your library for an? (?:(?P<kind>[\w ]+?) )?card(?: with mana value (?P<mv>\d+) or "
         r"less)?, (?:reveal (?:it|that card), )?put (?:it|that card) into your hand, then shuffle")
def _e_card_to_hand(m):                 # 701.23, 701.20a, 202.3 (Demonic Tutor, Ranger-Captain of Eos)
    step: dict = {"card_to_hand": 1}
    for word in (m["kind"] or "").split(" or "):
        if word.capitalize() in vocabulary.CARD_TYPE_NAMES and word != "kindred":
            step.setdefault("card_types", []).append(word.capitalize())
        elif word in ("Equipment", "Aura", "Vehicle"):   # (an artifact or enchantment subtype, 205.3g-h)
            step.setdefault("card_subtypes", []).append(word)
        elif word:
            return None                 # (a supertype, a colour, a name: no word for it here)
    if "card_types" in step and "card_subtypes" in step:
        return None                     # ("an artifact or Aura card": not a filter of one kind)
    if m["mv"] and int(m["mv"]) > vocabulary.param("card_to_hand", "mana_value_at_most").hi:
        return None
    return step | ({"mana_value_at_most": int(m["mv"])} if m["mv"] else {})


@_effect(r"(?:you )?draw a card at the beginning of the next turn's upkeep")
def _e_draw_next_upkeep(m):             # 603.7a (Mishra's Bauble: a delayed triggered ability)
    return {"draw_next_upkeep": 1}


@_effect(r"search your library for an? (?:(?P<color>white|blue|black|red|green) )?"
         r"(?P<type>artifact|creature|enchantment) card with mana value X or less, put it onto the battlefield, then "
         r"shuffle")
def _e_card_x_to_battlefield(m):        # 701.23, 107.3 (Green Sun's Zenith, Chord of Calling)
    return {"card_to_battlefield": 1, "card_types": [m["type"].capitalize()], "cost_at_most": -1,
            "mana_value_at_most_x": True} | ({"card_colors": [COLOR_WORDS[m["color"].lower()]]} if m["color"] else {})


@_effect(r"shuffle ~ into its owner's library")
def _e_spell_to_library(m):             # 701.24a, 608.2n (the Zeniths, the Beacons)
    return {"spell_to_library": True}


@_effect(r"investigate")
def _e_investigate(m):
    return {"tokens": {"Clue": 1}}


@_effect(r"counter that spell")
def _e_counter_spell(m):                # 701.6a: the spell whose casting triggered it (Chalice of the Void)
    return {"counter_spell": True}


@_effect(r"sacrifice ~")
def _e_sacrifice_self(m):
    return {"sacrifice_self": True}


@_effect(r"sacrifice (?:~|it) at the beginning of the next end step")
def _e_sac_end(m):
    return {"sacrifice_at_end": True}


_LAND_SEARCH = re.compile(
    r"(?:you may )?search your library for (?P<n>a|an|up to (?:one|two|three|four|\w+)) (?P<what>[\w ,]+?) cards?"
    r"(?:, reveal (?:it|them|that card|those cards))?,(?: and)? "
    r"(?P<put>put (?:it|them|that card|those cards) (?:onto the battlefield"
    r"(?P<tapped> tapped)?|into your hand)|put one onto the battlefield tapped and the (?:other|rest) into your hand)"
    r"(?:,)? then shuffle(?P<untap>\. Then if you control four or more lands, untap that land)?\.?", re.IGNORECASE)


def _land_types(what: str) -> tuple[bool, list[str]] | None:
    """'basic land' → (True, []); 'Forest or Plains' → (False, ['Forest', 'Plains']); 'basic
    Forest, Plains, or Island' → (True, [...]); else None."""
    if what in ("basic land", "basic lands"):
        return True, []
    if what in ("land", "lands"):
        return False, ["any"]           # (any land card: no supertype, no subtype)
    basic = what.startswith("basic ")
    m = re.fullmatch(r"(?:basic )?((?:[A-Z][a-z]+(?:, | or |, or ))*[A-Z][a-z]+)", what)
    if m:
        names = [w for w in re.split(r", or |, | or ", m.group(1)) if w]
        if all(n in BASIC_TYPES for n in names):
            return basic, names
    return None


BASIC_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def land_search(text: str) -> dict | None:
    m = _LAND_SEARCH.fullmatch(text.strip())
    if not m:
        return None
    n = m["n"]
    count = number(n.split()[-1]) if n.startswith("up to") else 1
    if count is None:
        return None
    kinds = _land_types(m["what"])
    if kinds is None:
        return None
    basic, types = kinds
    out: dict[str, Any] = {"any_land": True} if types == ["any"] else {}
    types = [] if types == ["any"] else types
    if basic and types:
        out["lands_basic"] = True
    if m["put"].startswith("put one onto the battlefield"):      # (Cultivate)
        out.update(lands_to_battlefield=1, lands_tapped=True, lands_to_hand=count - 1)
    elif m["put"].endswith("into your hand"):
        out["lands_to_hand"] = count
    else:
        out["lands_to_battlefield"] = count
        out["lands_tapped"] = bool(m["tapped"])
        if m["untap"]:
            out["untap_with_four_lands"] = True
    if types:
        out["land_types"] = types
    return out


# "Create a Treasure token" — tokens known to the curated database, and predefined tokens
# (111.10) whose definition the vocabulary expresses, made by the recognizers as they are defined.
_PREDEFINED_TOKENS: dict[str, dict[str, Any]] = {
    "Food": {"name": "Food", "type": "Artifact — Food", "token": True,                     # 111.10b
             "text": "{2}, {T}, Sacrifice this token: You gain 3 life.",
             "abilities": [{"kind": "activated", "cost": "{2}, {T}, Sacrifice this", "gain_life": 3}]},
    "Lander": {"name": "Lander", "type": "Artifact — Lander", "token": True,                # (its reminder text)
               "text": "{2}, {T}, Sacrifice this token: Search your library for a basic land card, put it onto the "
                       "battlefield tapped, then shuffle.",
               "abilities": [{"kind": "activated", "cost": "{2}, {T}, Sacrifice this", "lands_to_battlefield": 1,
                              "lands_tapped": True}]},
}
_TOKEN = re.compile(rf"(?:you )?create {NUMBER_WORD} (?P<token>Treasure|Gold|Clue|Thopter|Food|Lander)"
                    r"(?: artifact)?(?: creature)? tokens?\.?", re.IGNORECASE)


_COLOR_LIST = r"(?:white|blue|black|red|green|colorless)(?:(?:,| and|, and) (?:white|blue|black|red|green))*"
_CREATURE_TOKEN = re.compile(
    rf"(?:you )?create (?P<n>a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+|X) (?P<p>\d+)/(?P<t>\d+) "
    rf"(?P<colors>{_COLOR_LIST}) (?P<subtypes>(?-i:(?:[A-Z][a-z']+(?:-[A-Z][a-z]+)? )+))"
    r"(?P<artifact>(?:artifact |enchantment )*)creature tokens?(?: with (?:(?P<kw>[a-z]+(?:(?:,| and|, and) [a-z]+)*)|"
    r"\"(?P<ability>[^\"]+)\"))?(?: that(?:'s| are) (?P<attacking>tapped and attacking))?(?: (?P<each>for each .+?))?"
    # (or its ability said after it: "... creature token. It has "Sacrifice this token: Add {C}."")
    r"(?:\.? (?:It has|They have|They each have) \"(?P<has>[^\"]+)\")?\.?", re.IGNORECASE)
_IT_HAS = re.compile(r"(?:It has|They have|They each have) \"[^\"]+\"\.?")


def creature_token(m: re.Match) -> dict[str, Any] | None:
    """The token card a "create a 1/1 green Saproling creature token" phrase describes (111.4:
    the effect sets its characteristics), named by the phrase; None if it has a keyword the
    engine doesn't play, or an ability the recognizers don't read."""
    kws = [k.strip() for k in re.split(r",? and |, ", m["kw"])] if m["kw"] else []
    if any(k.lower() not in KNOWN_KEYWORDS and k.lower() not in KEYWORD_ABILITIES for k in kws):
        return None
    abilities: list[dict] = []
    quoted = m["ability"] or m["has"]
    if m["ability"] and m["has"]:
        return None
    star = re.fullmatch(r"(?:~|This creature|This token) gets \+1/\+1 for each (?P<what>[\w ]+ you control)\.?",
                        quoted or "")
    if star and (m["p"], m["t"]) == ("0", "0") and (count := amount_phrase(f"for each {star['what']}")):
        quoted = None                   # (0/0 with +1/+1 for each: */* counting them, 208.2a)
    elif star:
        return None
    if quoted:
        ability = re.fullmatch(r'(?P<cost>[^:"]+): (?P<effect>Add .+)', quoted)
        cost = activation_cost(ability["cost"], "mana_ability") if ability else None
        abilities = (mana_ability_tables(cost, ability["effect"]) or []) if cost and ability else []
        if not abilities:
            return None
    colors = "" if m["colors"].lower() == "colorless" else "".join(
        COLOR_WORDS[c] for c in re.split(r",? and |, ", m["colors"].lower()))
    subtypes = m["subtypes"].split()
    types = m["artifact"].lower()                       # ("artifact ", "enchantment ", both)
    phrase = (f"{m['p']}/{m['t']} {m['colors'].lower()} {' '.join(subtypes)} {types}creature token"
              + (f" with {m['kw'].lower()}" if kws else "")
              + (f' with "{quoted.replace("~", "this creature")}"' if abilities else ""))
    if star:
        phrase += f" with \"This creature gets +1/+1 for each {star['what']}.\""
    table: dict[str, Any] = {"name": phrase, "type": f"{types.title()}Creature — {' '.join(subtypes)}",
                             "pt": "*/*" if star else f"{m['p']}/{m['t']}", "colors": colors, "token": True,
                             "text": phrase}
    if star:
        table["star"] = count
    if kws:
        table["keywords"] = [k.capitalize() for k in kws]
    if abilities:
        table["abilities"] = abilities
    return table


@functools.cache
def _curated_tokens() -> dict[tuple, str]:
    """The shipped database's creature tokens by their characteristics: a token the text
    describes that is one of them is made as that card ("Thopter", "Zombie")."""
    return {(c.type_line, f"{c.power}/{c.toughness}", c.color_letters, tuple(sorted(c.keywords))): c.name
            for c, _ in shipped_cards() if c.token and c.is_creature and not c.abilities}


def _curated_token(table: dict[str, Any]) -> str | None:
    if "abilities" in table:
        return None
    colors = "".join(sorted(table["colors"], key="WUBRG".index))
    return _curated_tokens().get((table["type"], table["pt"], colors, tuple(sorted(table.get("keywords", ())))))


def _token_count(m: re.Match) -> Any:
    """How many tokens a creature token phrase makes: a number, X, or one for each of a count."""
    if m["each"]:
        return amount_phrase(m["each"]) if m["n"].lower() in ("a", "an", "one") else None
    return "X" if m["n"] == "X" else number_of(m["n"])


_LOOK_AT_TOP = re.compile(r"look at the top \w+ cards of your library(?:, where X is [^.]+)?\.?", re.I)
_PUT_OF_THEM = re.compile(r"put \w+ of (?:them|those cards) into your hand", re.I)
_REVEAL_TOP = re.compile(r"(?:look at|reveal) the top \w+ cards of your library\.?", re.I)
_MAY_TAKE = re.compile(r"you may (?:reveal|put) [\w ,]+ from among them (?:and put (?:it|the revealed cards) )?into "
                       r"your hand\.?", re.I)
_EACH_TYPE = re.compile(r"For each card type, you may put a card of that type from among the revealed cards into your "
                        r"hand\.?")
_PUT_REST = re.compile(r"(?:then )?put the rest (?:on the bottom of your library in (?:any|a random) order|into your "
                       r"graveyard)\.?", re.I)
_INSTEAD_PUT = re.compile(r"if there is [^,]+ in your graveyard, instead put \w+ of them into your hand", re.I)


_MAY_SACRIFICE = re.compile(r"you may sacrifice ~\.?", re.I)
_MAY_DISCARD = re.compile(r"You may discard (?:a card|two cards)\.", re.I)
_SACRIFICE_THEM = re.compile(r"Sacrifice (?:them|those tokens|that token|it) at the beginning of the next end step\.?")


def merged_sentences(parts: list[str]) -> list[str]:
    """Sentences with "It has "..."" kept with the token sentence before it, as one phrase."""
    out: list[str] = []
    for s in parts:
        if out and _IT_HAS.fullmatch(s) and re.search(r"creature tokens?\.?$", out[-1]):
            out[-1] += " " + s
        elif out and _PUT_OF_THEM.match(s) and _LOOK_AT_TOP.fullmatch(out[-1]):
            out[-1] = out[-1].rstrip(".") + ". " + s     # (what is looked at and where it goes: one phrase)
        elif out and _INSTEAD_PUT.match(s) and _LOOK_AT_TOP.match(out[-1]):
            out[-1] = out[-1].rstrip(".") + ". " + s     # (Flow State: "instead" changes it, 608.2c)
        elif out and ((_MAY_TAKE.fullmatch(s) or _EACH_TYPE.fullmatch(s)) and _REVEAL_TOP.fullmatch(out[-1])
                      or _PUT_REST.fullmatch(s) and (re.search(" from among (?:them|the revealed cards) ", out[-1])
                                                     and _REVEAL_TOP.match(out[-1])
                                                     or _PUT_OF_THEM.search(out[-1]) and _LOOK_AT_TOP.match(out[-1]))):
            out[-1] = out[-1].rstrip(".") + ". " + s     # (a look, what may be taken, the rest: one phrase)
        elif out and s == "You may shuffle." and out[-1].endswith("then put them back in any order."):
            out[-1] = out[-1].rstrip(".") + ". " + s     # (the choice is of the cards looked at: one phrase)
        elif out and s == "It's still a land." and " becomes " in out[-1]:
            out[-1] = out[-1].rstrip(".") + ". " + s     # (613.1d: what it becomes keeps its types: one phrase)
        elif out and s == "It can't be blocked this turn." and out[-1].endswith("It's still a land."):
            out[-1] = out[-1].rstrip(".") + ". " + s     # (the animated land's: one phrase)
        elif out and s.startswith("Then if you control four or more lands, untap that land") and _LAND_SEARCH.fullmatch(
                out[-1]):
            out[-1] = out[-1].rstrip(".") + ". " + s     # (the land found untapped: one phrase with its search)
        elif out and _SACRIFICE_THEM.fullmatch(s) and re.search(r"creature tokens?\b[^.]*\.?$", out[-1]):
            out[-1] = out[-1].rstrip(".") + ". " + s     # (the tokens just created: one phrase, 603.7)
        elif out and s.startswith("If you lose the flip, ") and out[-1].lower() == "flip a coin.":
            out[-1] = out[-1].rstrip(".") + ". " + s     # (what the flip lost does: one phrase with it, 705.2)
        elif out and _MAY_SACRIFICE.fullmatch(out[-1]) and s.startswith("If you do, "):
            out[-1] = out[-1].rstrip(".") + ". " + s     # (what the sacrifice buys: one phrase, 608.2d)
        elif out and s.startswith("If you do, draw ") and _MAY_DISCARD.fullmatch(out[-1]):
            out[-1] = out[-1].rstrip(".") + ". " + s     # (the draw only if the discard was made: one phrase)
        elif out and s.startswith("You gain life equal to the life lost this way"):
            out[-1] += " " + s                  # (how much depends on the sentence before)
        else:
            out.append(s)
    return out


def _sentence_effect(s: str, tokens: dict[str, dict] | None) -> dict | None:
    """The Effect fields of one effect sentence, or None."""
    if (found := land_search(s)) is not None:
        return found
    if m := _TOKEN.fullmatch(s):
        name = m["token"].capitalize()
        if name in _PREDEFINED_TOKENS:
            if tokens is None:
                return None
            tokens[name] = _PREDEFINED_TOKENS[name]
        return {"tokens": {name: number_of(m["n"])}}
    head, _, tail = s.partition(". ")
    if _MAY_SACRIFICE.fullmatch(head) and tail.startswith("If you do, ") and (
            made := _sentence_effect(tail.removeprefix("If you do, "), tokens)) and set(made) <= {"tokens"}:
        return join_effects([{"sacrifice_self": True}, made])   # (608.2d: taken for tokens, docs/rules-core.md)
    if tail and _SACRIFICE_THEM.fullmatch(tail) and (made := _sentence_effect(head, tokens)) and set(made) <= {
            "tokens", "tapped_and_attacking"}:
        return made | {"tokens_sacrificed_at_end": True}      # (603.7: "Sacrifice them at ... end step")
    if (m := _CREATURE_TOKEN.fullmatch(s)) and tokens is not None and (token := creature_token(m)):
        count = _token_count(m)
        if count is None:
            return None
        name = _curated_token(token) or token["name"]
        if name == token["name"]:
            tokens[name] = token
        return {"tokens": {name: count}} | ({"tapped_and_attacking": True} if m["attacking"] else {})
    if (mana := mana_effect(s)) is not None and set(mana) <= {"mana"}:
        return {"add_mana": mana["mana"]}
    if mana is not None and mana.get("output") == "any_color" and set(mana) <= {"output", "amount"}:
        return {"add_any_color": mana.get("amount", 1)}
    for pattern, fn in _EFFECT_SENTENCES:
        if m := pattern.fullmatch(s):
            part = fn(m)
            if part is not None:
                return part
    return None


_CANONICAL = {name: k for k, name in enumerate(vocabulary.OP_NAMES)}     # an op's place in the canonical order


def effect_steps(fields: dict[str, Any], canonical: bool = False) -> list[dict[str, Any]]:
    """The steps of effect fields, one op a table (with its parameters): a list under "effect"
    as it is; flat fields in the order their ops are written, or with `canonical` in the order
    the loader carries them out (vocabulary.OPS). Other keys (the counters' "_on_") are not
    steps."""
    if "effect" in fields:
        return [dict(step) for step in fields["effect"]]
    names = [o.name for o in vocabulary.OPS] if canonical else list(fields)
    return [{p.name: fields[p.name] for p in vocabulary.BY_NAME[k].params if p.name in fields} for k in names
            if k in vocabulary.BY_NAME and fields.get(k) and not (k == "sacrifice_at_end" and fields.get("token_copy"))]


def join_effects(parts: list[dict | None], ordered: bool = True) -> dict | None:
    """The fields of effects done one after the other (608.2c), or None if one isn't read: flat
    where flat fields say it (each op once, in the canonical order), else the steps listed
    under "effect" (a draw before a scry; an op twice). The parts of one sentence joined by
    "and" (not `ordered`) are one phrase: its ops in the canonical order, as one part's are."""
    read = [part for part in parts if part is not None]
    ons = [part["_on_"] for part in read if "_on_" in part]      # (which object counters go on)
    if len(read) < len(parts) or len(ons) > 1:
        return None
    steps = [step for part in read for step in effect_steps(part, canonical=True)]
    if not ordered:
        steps = sorted(steps, key=lambda step: _CANONICAL[next(k for k in step if k in _CANONICAL)])
    listed = {"effect": steps} | ({"_on_": ons[0]} if ons else {})
    flat: dict[str, Any] = {}
    for part in read:
        for k, v in part.items():
            if k == "effect" or (k in flat and (k in vocabulary.BY_NAME or flat[k] != v)):
                return listed                # (an op twice, or two parameters of one name)
            flat[k] = v
    return flat if effect_steps(flat, canonical=True) == steps else listed


_TARGET_PLAYER_LOOTS = re.compile(r"target player draws [^.]*\bdiscards?\b", re.IGNORECASE)


def effect_of(text: str, tokens: dict[str, dict] | None = None, noops: bool = False) -> dict | None:
    """The Effect fields of a list of effect sentences, or None if some sentence isn't read.
    Token cards described by the text are added to `tokens` (by name). With `noops`, a sentence
    that changes nothing in a goldfish (is_noop) is read as nothing among the others (an activated
    ability's effect, which is not split into clauses: Mishra's Bauble's look)."""
    made: dict[str, dict] | None = None if tokens is None else {}     # (kept only if all is read)
    out: list[dict | None] = []
    for s in merged_sentences([s.strip() for s in sentences(text) if s.strip()]):
        if _TARGET_PLAYER_LOOTS.match(s):          # (one target player draws and discards: which player
            out.append(None)                        # the goldfish would choose is left unread)
            continue
        part = _sentence_effect(s, made)
        for joint in (" and ", ", then "):         # "draw two cards and create a Treasure token"
            if part is None and joint in s:         # "draw a card, then draw a card" (608.2c)
                first, _, second = s.partition(joint)
                part = join_effects([_sentence_effect(first, made), _sentence_effect(second, made)],
                                    ordered=joint != " and ")
        if part is None and len(parts := effects(s)) > 1 and any(noop := [is_noop(e) for e in parts]):
            # (a sentence some of whose effects do nothing in a goldfish: the others read, "target
            # opponent discards two cards, mills a card, and loses 1 life" is the opponent's life
            # loss, their hand and library being none; a list of effects all of which do something
            # is read as before)
            read = [{} if n else _sentence_effect(e, made) for e, n in zip(parts, noop)]
            part = join_effects(read)
        if part is None and noops and is_noop(s):
            part = {}
        out.append(part)
    fields = join_effects(out)
    if fields and tokens is not None and made:
        tokens.update(made)
    return fields or None

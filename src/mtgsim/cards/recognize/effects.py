"""Effect sentences → Effect fields: draw, life, damage to the opponent, land searches, tokens
(named ones of the curated data, and creature tokens made from their description, 111.4),
mana added by spells; one recognizer per phrase family."""
from __future__ import annotations

import re
from typing import Any, Callable

from ..model import KNOWN_KEYWORDS
from ..oracle_text import number, sentences
from .mana import mana_effect
from .phrases import _COLOR_WORDS, _N, _amount_phrase, _n

_EFFECT_SENTENCES: list[tuple[re.Pattern, Callable[[re.Match], dict]]] = []


def _effect(pattern: str):
    def register(fn):
        _EFFECT_SENTENCES.append((re.compile(pattern + r"\.?", re.IGNORECASE), fn))
        return fn
    return register


@_effect(rf"(?:you )?(?:may )?draw {_N} cards?")
def _e_draw(m):
    return {"draw": _n(m["n"])}


@_effect(r"(?:you )?gain (?P<n>\d+|X) life")
def _e_gain(m):
    return {"gain_life": "X" if m["n"] == "X" else int(m["n"])}


@_effect(r"(?:you )?lose (?P<n>\d+) life")
def _e_lose(m):
    return {"lose_life": int(m["n"])}


@_effect(r"(?:you )?draw (?P<d>a card|two cards|three cards) and (?:you )?lose (?P<l>\d+) life")
def _e_draw_lose(m):
    return {"draw": _n(m["d"].split()[0]), "lose_life": int(m["l"])}


@_effect(r"(?:~|it) deals (?P<n>\d+|X) damage to (?:any target|target player or planeswalker|target opponent"
         r"|each opponent|target player|target opponent or planeswalker|any one target)")
def _e_burn(m):
    return {"damage_to_opponent": "X" if m["n"] == "X" else int(m["n"])}


@_effect(r"(?:~|it) deals (?P<n>\d+) damage to you")
def _e_pain(m):
    return {"damage_to_you": int(m["n"])}


@_effect(r"you may play an additional land this turn")
def _e_extra_land(m):
    return {"extra_land_drops": 1}


@_effect(r"return a land you control to its owner's hand")
def _e_bounce(m):
    return {"return_land": 1}


@_effect(r"untap up to (?P<n>one|two|three|four|five|\d+) lands?")
def _e_untap(m):
    return {"untap_lands": _n(m["n"])}


@_effect(r"(?:you may )?put (?P<n>a|an|one|two|three|four|five|\d+|X) \+1/\+1 counters? on (?P<on>~|it)")
def _e_counters(m):
    # (which object: "~" this one, "it" the one the trigger is about; `_on_` checked by the ability)
    return {"counters": {"+1/+1": "X" if m["n"] == "X" else _n(m["n"])}, "_on_": m["on"]}


@_effect(rf"target player draws {_N} cards? and loses (?P<l>\d+) life")
def _e_sign_in_blood(m):                # (the goldfish's player targets themself)
    return {"draw": _n(m["n"]), "lose_life": int(m["l"])}


@_effect(r"(?:you )?draw a card for each (?P<what>.+)")
def _e_draw_for_each(m):
    amount = _amount_phrase("for each " + m["what"])
    return None if amount is None else {"draw": amount}


@_effect(r"(?:you may )?put a land card from your hand onto the battlefield")
def _e_land_from_hand(m):               # (as one more land play this turn: the land enters untapped)
    return {"extra_land_drops": 1}


@_effect(r"investigate")
def _e_investigate(m):
    return {"tokens": {"Clue": 1}}


@_effect(r"sacrifice (?:~|it) at the beginning of the next end step")
def _e_sac_end(m):
    return {"sacrifice_at_end": True}


_LAND_SEARCH = re.compile(
    r"(?:you may )?search your library for (?P<n>a|an|up to (?:one|two|three|four|\w+)) (?P<what>[\w ,]+?) cards?"
    r"(?:, reveal (?:it|them|those cards))?,(?: and)? (?P<put>put (?:it|them|that card|those cards) (?:onto the battlefield"
    r"(?P<tapped> tapped)?|into your hand)|put one onto the battlefield tapped and the (?:other|rest) into your hand)"
    r"(?:,)? then shuffle\.?", re.IGNORECASE)


def _land_types(what: str) -> tuple[bool, list[str]] | None:
    """'basic land' → (True, []); 'Forest or Plains' → (False, ['Forest', 'Plains']); 'basic
    Forest, Plains, or Island' → (True, [...]); else None."""
    if what in ("basic land", "basic lands"):
        return True, []
    basic = what.startswith("basic ")
    m = re.fullmatch(r"(?:basic )?((?:[A-Z][a-z]+(?:, | or |, or ))*[A-Z][a-z]+)", what)
    if m:
        names = [w for w in re.split(r", or |, | or ", m.group(1)) if w]
        if all(n in _BASIC_TYPES for n in names):
            return basic, names
    return None


_BASIC_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


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
    out: dict[str, Any] = {}
    if basic and types:
        out["lands_basic"] = True
    if m["put"].startswith("put one onto the battlefield"):      # (Cultivate)
        out.update(lands_to_battlefield=1, lands_tapped=True, lands_to_hand=count - 1)
    elif m["put"].endswith("into your hand"):
        out["lands_to_hand"] = count
    else:
        out["lands_to_battlefield"] = count
        out["lands_tapped"] = bool(m["tapped"])
    if types:
        out["land_types"] = types
    return out


# "Create a Treasure token" — tokens known to the curated database.
_TOKEN = re.compile(rf"create {_N} (?P<token>Treasure|Gold|Clue|Thopter)(?: artifact)?(?: creature)? tokens?\.?",
                    re.IGNORECASE)


_COLOR_LIST = r"(?:white|blue|black|red|green|colorless)(?:(?:,| and|, and) (?:white|blue|black|red|green))*"
_CREATURE_TOKEN = re.compile(
    rf"create {_N} (?P<p>\d+)/(?P<t>\d+) (?P<colors>{_COLOR_LIST}) (?P<subtypes>(?:[A-Z][a-z]+ )+)"
    r"(?P<artifact>artifact )?creature tokens?(?: with (?P<kw>[a-z]+(?:(?:,| and|, and) [a-z]+)*))?\.?", re.IGNORECASE)


def creature_token(m: re.Match) -> dict[str, Any] | None:
    """The token card a "create a 1/1 green Saproling creature token" phrase describes (111.4:
    the effect sets its characteristics), named by the phrase; None if it has a keyword the
    engine doesn't play."""
    kws = [k.strip() for k in re.split(r",? and |, ", m["kw"])] if m["kw"] else []
    if any(k.lower() not in KNOWN_KEYWORDS for k in kws):
        return None
    colors = "" if m["colors"].lower() == "colorless" else "".join(
        _COLOR_WORDS[c] for c in re.split(r",? and |, ", m["colors"].lower()))
    subtypes = m["subtypes"].split()
    phrase = (f"{m['p']}/{m['t']} {m['colors'].lower()} {' '.join(subtypes)} {'artifact ' if m['artifact'] else ''}"
              f"creature token" + (f" with {m['kw'].lower()}" if kws else ""))
    table: dict[str, Any] = {"name": phrase, "type": f"{'Artifact ' if m['artifact'] else ''}Creature — "
                             f"{' '.join(subtypes)}", "pt": f"{m['p']}/{m['t']}", "colors": colors,
                             "token": True, "text": phrase}
    if kws:
        table["keywords"] = [k.capitalize() for k in kws]
    return table


def effect_of(text: str, tokens: dict[str, dict] | None = None) -> dict | None:
    """The Effect fields of a list of effect sentences, or None if some sentence isn't read.
    Token cards described by the text are added to `tokens` (by name)."""
    out: dict[str, Any] = {}
    for s in sentences(text):
        s = s.strip()
        if not s:
            continue
        part = None
        if (found := land_search(s)) is not None:
            part = found
        elif m := _TOKEN.fullmatch(s):
            part = {"tokens": {m["token"].capitalize(): _n(m["n"])}}
        elif (m := _CREATURE_TOKEN.fullmatch(s)) and tokens is not None and (token := creature_token(m)):
            tokens[token["name"]] = token
            part = {"tokens": {token["name"]: _n(m["n"])}}
        elif (mana := mana_effect(s)) is not None and set(mana) <= {"mana"}:
            part = {"add_mana": mana["mana"]}
        elif mana is not None and mana.get("output") == "any_color" and set(mana) <= {"output", "amount"}:
            part = {"add_any_color": mana.get("amount", 1)}
        else:
            for pattern, fn in _EFFECT_SENTENCES:
                if m := pattern.fullmatch(s):
                    part = fn(m)
                    if part is not None:
                        break
        if part is None:
            return None
        for k, v in part.items():
            if k in out:
                return None
            out[k] = v
    return out or None

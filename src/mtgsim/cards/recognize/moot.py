"""Text that never matters because what it belongs to is never used: the clauses of a spell the
goldfish never casts (ignored.never_cast) that only concern casting it or what its impossible
effect would have done.

A spell that can't be cast — a required target that can't exist in a goldfish (601.2c, 115.1) —
or that a player never casts — all it does is harm their own (115.1) — is held, never cast, so
what only its casting uses never matters (each is ignored, "moot", with the reason the spell is
never cast):

* a cost of casting it: an alternative cost ("... rather than pay this spell's mana cost",
  118.9; "you may cast ~ without paying its mana cost"), an additional cost ("As an additional
  cost to cast ~", 601.2b), a cost change ("~ costs {1} less to cast", 601.2f);
* a rider of the effect it can't have: a sentence naming the target back ("If that spell is
  countered this way, ...", 608.2c) when no target can exist; the same harm made greater
  ("Revolt — Destroy that creature if it has mana value 4 or less instead ...", "If ~ was
  kicked, it deals 5 damage to that creature instead") when the spell only harms the player's
  own;
* what the target's controller gets for losing it, when the spell only harms the player's own
  (then the target's controller is always the player): "Its controller may search their
  library for a basic land card ..." (Path to Exile, Erode), "If you controlled that
  permanent, draw a card." (Boomerang Basics), life, or a further loss ("Its controller
  discards a card"). The goldfish's policy: it never trades a card, mana and a permanent of
  its own for a compensation no greater than what it gives (a basic land for a creature and a
  card, a card for a card and a permanent's mana, as Swords to Plowshares' "Its controller
  gains life" is never worth it), so such a spell stays never cast and the compensation moot.
  A token may be worth more than the permanent (Pongify's 3/3 for a 1/1 token, Gleeful
  Demolition's three Goblins for a Treasure), and a benefit keyed to what the target is ("If
  that creature was a token, draw a card") is no compensation: both stay unread, the spell
  never cast (never free).

And a creature's evoke cost (702.74a: cast for it, the creature is sacrificed as it enters) when
evoking it gives nothing: every ability it has besides its keywords is a trigger ignored (its
enters trigger does nothing in a goldfish: Solitude's exile of up to one creature, Subtlety's
spell put back, Fury's damage to creatures), none triggers on its leaving, and none is read.
A player never evokes such a creature (`evoke_moot`); it is still cast for its mana cost.

And an alternative cost of a spell that does nothing in a goldfish (every clause but the cost
ignored, none a reason it is never cast: Unmask's and Pyrokinesis's exiled card, Force of
Vigor's, Cabal Therapy's flashback by sacrificing a creature): 118.9 makes it optional, and the
goldfish's policy never pays a card or life for nothing; the spell is cast, when it is, for its
mana cost (`pitch_moot`).

Never moot: what works without casting the spell — an ability from the hand (cycling, channel,
madness's trigger, "reveal from your opening hand", 113.6), from the graveyard —, a trigger, an
activated ability, or a rider of an effect the player may choose besides ("up to one", a mode
among others: then the spell isn't never cast at all).
"""
from __future__ import annotations

import re

from .clauses import IGNORED, RECOGNIZED, UNRECOGNIZED
from .ignored import NO_TARGET_STACK, NO_TARGET_THEIRS, OWN_HARM, TRIGGER

__all__ = ["MOOT", "EVOKED", "PITCHED", "moot", "evoke_moot", "pitch_moot"]

MOOT = "moot: the spell is never cast"

EVOKED = ("moot: evoking it gives nothing (702.74a: it is sacrificed as it enters, and its enters ability does "
          "nothing in a goldfish)")

PITCHED = ("moot: the spell does nothing in a goldfish, and a player never pays a card or life for nothing "
           "(118.9: an alternative cost is optional)")

# A cost of casting the spell itself (118.9, 601.2b, 601.2f), the clause beginning with it or
# its condition ("If it's not your turn, you may exile ...").
_COST = re.compile(r"(?:[^.]*\brather than pay ~'s mana cost"
                   # (keyword costs of casting it: alternative, 702.148a; additional, 702.56a, 702.27a, 702.42a)
                   r"|(?:Cleave|Replicate|Buyback|Entwine|Splice onto \w+) (?:\{|\u2014)"
                   r"|(?:if [^,.]+, )?you may cast ~ without paying its mana cost"
                   r"|As an additional cost to cast ~"
                   r"|~ costs [^.\"]*? (?:less|more) to cast\b)", re.IGNORECASE)
# A rider naming the target of a spell that can have none: what would befall that spell,
# creature or permanent (608.2c: the instructions following the one that targets).
_TARGET_RIDER = re.compile(r"(?:[A-Z][\w' ,-]+ \u2014 )?[^.:]*\b(?:that spell|that creature|that permanent|"
                           r"that ability|the countered spell)\b[^:]*", re.IGNORECASE)
# The same harm made greater, in place of the spell's ("Destroy that creature if ... instead",
# "If ~ was kicked, it deals 5 damage to that creature instead").
_HARM_RIDER = re.compile(r"(?:[A-Z][\w' ,-]+ \u2014 )?(?:if [^,.:]+, )?"
                         r"(?:(?:(?:destroy|exile) that|(?:~|it) deals \w+ damage to that) (?:creature|permanent)\b"
                         r"[^.:]*\binstead\b"
                         # (Fiery Impulse's "If ..., ~ deals 3 damage instead"; Unholy Heat's, the condition after)
                         r"|(?:~|it) deals \w+ damage instead\b)[^.:]*\.?", re.IGNORECASE)
# What the harmed target's controller — the player — gets for losing it, never more than it
# costs them (a basic land, a card, life), or loses besides: never cast for it. (Not a token:
# Pongify's 3/3 for a 1/1 token, Gleeful Demolition's three Goblins for a Treasure are worth it.)
_COMPENSATION = re.compile(r"(?:its|that creature's|that permanent's) controller "
                           r"(?:may search their library for a basic land card, [^:]*|gains [^:]*\blife\b[^:]*|"
                           r"draws a card|discards [^:]*|mills [^:]*|loses [^:]*|gets a poison counter)"
                           r"|if you controlled that (?:creature|permanent), draw a card", re.IGNORECASE)
# What the clause readers (faces._unread_costs) append to a cost they make the spell never
# cast for: the clause's own words come before it.
_SAID = re.compile(r"(?P<words>.*) \u2014 unread [^:]*: never cast", re.DOTALL)
# An ability of its own (a trigger; an activated ability, 602.1: a cost, a colon), never a rider.
_ABILITY = re.compile(r'[^:"]+: ')


def moot(clause: str, why: str) -> str | None:
    """The words of an unread clause (normalised: the spell as `~`; as a clause reader left
    it) of a spell never cast for `why` (ignored.never_cast's reason) if it only concerns
    casting the spell or its impossible effect, else None."""
    words = m["words"] if (m := _SAID.fullmatch(clause)) else clause
    body = re.sub(r"^[A-Z][\w' ,-]+ \u2014 (?=\S)", "", words)      # (an ability word, 207.2c)
    if TRIGGER.match(body) or _ABILITY.match(body):
        return None
    if _COST.match(body):
        return words
    if why in (NO_TARGET_STACK, NO_TARGET_THEIRS) and _TARGET_RIDER.fullmatch(words.rstrip(".")):
        return words
    if why == OWN_HARM and (_HARM_RIDER.fullmatch(words) or _COMPENSATION.fullmatch(words.rstrip("."))):
        return words
    return None


# (a cost in cards, life or permanents: not mana, whose free cast a prowess or storm count could want)
_ALTERNATIVE = re.compile(r"(?:(?:if [^,.]+, )?you may (?=[^.]*\b(?:exile|sacrifice|life|discard|return)\b)[^.]+ "
                          r"rather than pay ~'s mana cost\.?"
                          # (flashback's, 702.34a: Cabal Therapy's "Sacrifice a creature")
                          r"|Flashback\u2014(?=[^.{]*\b(?:exile|sacrifice|life|discard|return)\b)[^.{]+\.?)",
                          re.IGNORECASE)


def pitch_moot(clauses: list[tuple[str, str]], effects_read: bool) -> bool:
    """Is a spell face's unread alternative cost moot? `clauses`: its clauses (status, words
    with the face as `~`); `effects_read`: whether it has any effect read. So when nothing is
    read, and every clause but its alternative costs is ignored without a reason it is never
    cast (ignored.never_cast's clauses say ": never cast")."""
    costs = [text for status, text in clauses if status == UNRECOGNIZED and _ALTERNATIVE.fullmatch(text)]
    return not effects_read and bool(costs) and all(
        text in costs or status == IGNORED and not text.endswith("never cast") for status, text in clauses)


_EVOKE = re.compile(r"Evoke\b")
_ENTERS = re.compile(r"When ~ enters\b")
_LEAVES = re.compile(r"\b(?:dies|leaves the battlefield|put into a graveyard|sacrifice)", re.IGNORECASE)


def evoke_moot(clauses: list[tuple[str, str]], abilities_read: bool) -> bool:
    """Is a creature face's evoke cost moot? `clauses`: its clauses (status, words with the
    face as `~`); `abilities_read`: whether any ability of it besides its keywords is read. So
    when it has an unread evoke cost, an ignored enters trigger, and nothing else but keywords
    read and ignored triggers, none on its leaving the battlefield."""
    if abilities_read or not any(status == UNRECOGNIZED and _EVOKE.match(text) for status, text in clauses):
        return False
    if not any(status == IGNORED and _ENTERS.match(text) for status, text in clauses):
        return False
    return all(_EVOKE.match(text) or status == RECOGNIZED or status == IGNORED and TRIGGER.match(text)
               and not _LEAVES.search(text) for status, text in clauses)

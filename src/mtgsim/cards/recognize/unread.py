"""Text the recognizers leave unread that must not be played for free: a cost or restriction
on the spell or ability it belongs to, or a structure gating abilities until later.

A card the recognizers read in part plays with what they read. That is sound for an unread
benefit (the card is played as less than it is), but not for an unread drawback: a spell
whose additional cost is unread would be cast for nothing. So an unread clause that is (or
contains) one of these makes what it belongs to unusable by the simulator, and says so in the
card's coverage and `unmodeled` note — never free:

* a cost or restriction on casting the card (601.2b additional costs, 601.2f cost increases,
  "Cast ~ only ...", 601.3; echo and cumulative upkeep, 702.30a, 702.24a): the card is
  `uncastable` — the simulator never casts it (it is still a card in the hand and the
  library), unless the restriction is one the goldfish always meets;
* "~ doesn't untap during your untap step" (502.3): read (`doesnt_untap`), so the permanent
  stays tapped through its controller's untap steps; with a condition or an exception it is
  read as never untapping too (the most it can cost), and the clause stays reported;
* "~ can't attack ..." with a condition or exception left unread (508.1c): the creature never
  attacks (`cant_attack`), the clause still reported;
* a drawback to the card's controller in an ability or effect of its own (`drawback`):
  sacrificing, exiling or returning to the hand their own permanents (701.21a), losing life
  (119.3) or being dealt damage (120.3a) — "each player" is them too (608.2c) —, discarding
  (701.9a), skipping a step, phase or turn (614.1b), losing the game (104.3), a restriction on
  themselves ("you can't ...", 101.2; "Activated abilities of artifacts can't be activated":
  their own, mana abilities too, 605.1a), countering their own spells ("Whenever a player
  casts a spell ..., counter that spell", 701.6a), an opponent gaining control of it: the card is
  `uncastable` (a land: never played), unless the ability's trigger never happens in a
  goldfish (its opponent does nothing). What an opponent does or loses is no drawback, nor
  what the controller may choose ("you may sacrifice ..."), nor an activated ability's cost
  (above: the ability is never activated);
* the abilities of a level or chapter not yet reached (716: a Class's "Level 2" abilities,
  711: a leveler's "LEVEL 2-4", 714: a Saga's chapters, 719: a Case's "Solved" ability):
  never active from the start — they are left unread, with the reason.

Unread alternative costs (118.9) and optional additional costs ("you may ...", kicker) only
add ways to cast a card: leaving them unread never makes anything free, so they are left as
any other unread clause. An activated ability is read whole or not at all (abilities.py): with
a part of its cost or its "Activate only ..." condition (602.5) unread it is not among the
card's abilities, so it is never activated.
"""
from __future__ import annotations

import re
from typing import Callable

from .clauses import IGNORED, UNRECOGNIZED, Clause
from .ignored import never_happens, trigger_events

__all__ = ["casting_restriction", "untap_restriction", "attack_restriction", "gated_paragraphs", "drawback",
           "read_drawback"]

# A mandatory cost or a restriction on casting the card itself, what it is and its rule: the
# clause begins with it (after an ability word, 207.2c).
_CASTING = [
    (re.compile(r"As an additional cost to cast ~(?!, you may\b)", re.IGNORECASE),
     "additional cost (601.2b)"),
    (re.compile(r"~ costs [^.\"]*? more to cast\b"), "cost increase (601.2f)"),
    (re.compile(r"(?:Cast ~ only|You can't cast ~|~ can't be cast)\b"), "casting restriction (601.3)"),
    (re.compile(r"(?:Echo|Cumulative upkeep)\b"), "upkeep cost (702.30a, 702.24a)"),
]
_ABILITY_WORD = re.compile(r"^[A-Z][\w' ,-]+ \u2014 (?=\S)")

# ... but not one a goldfish always meets: it casts spells in its own turn's main phase, before
# combat (a restriction to such a time holds, 601.3), with one target of its choice where more
# would cost more (strive, 207.2c: targets are chosen, 601.2c, before the total cost, 601.2f),
# and never in another player's turn.
_ALWAYS_MET = re.compile(
    r"Cast ~ only (?:during your turn|during your main phase|any time you could cast a sorcery|"
    r"before (?:attackers are declared|blockers are declared|the combat damage step|combat)"
    r"(?: or during combat before blockers are declared)?)\.?"
    r"|~ costs [^.]*? more to cast for each target beyond the first\.?"
    r"|During turns other than yours, ~ costs [^.]*? more to cast\.?")

# "~ can't attack ..." (508.1c): alone, with a condition or an exception ("unless ...", "alone").
_CANT_ATTACK = re.compile(r"~ can't attack\b")

# "~ doesn't untap during your untap step" (502.3), alone or with a condition ("if ...").
_DOESNT_UNTAP = re.compile(r"~ doesn't untap during (?:your|its controller's) untap step(?P<rest>[^.]*)\.?")

# A drawback to the card's controller, what it is and its rule. The controller is the subject
# of an imperative ("sacrifice ~", "discard a card": the sentence, clause or "then" begins
# with it) or named ("you", "each player", "all players": them too, 608.2c); "up to" and "any
# number" are theirs to choose. A discard in a clause that draws too filters the hand ("draw
# a card, then discard a card"): unread whole, neither is done — no drawback played for free.
_START = r"(?:^|(?<=[.;:,]\s)|(?<=\bthen\s)|(?<=\band\s)|(?<=\bor\s))"
_YOU = r"(?:you|each player|all players|players|each of you)"
_CHOSEN = r"(?!(?:up to|any number)\b)"
_OWN = (r"(?:~|it|this \w+|an?|one|two|three|four|five|X|all|each|another|that|those|the|them|"
        r"\w+ (?:lands|creatures|permanents))(?!\w)")
_DRAWBACKS = [
    (re.compile(rf"{_START}sacrifice {_CHOSEN}{_OWN}|\b{_YOU} sacrifices? {_CHOSEN}"
                rf"|{_START}exile {_CHOSEN}(?:~|[^.]*? you control\b)(?![^.]*\breturn)", re.IGNORECASE),
     "sacrificing or exiling your own permanents", "701.21a"),
    (re.compile(rf"{_START}return {_CHOSEN}(?:~|it|this \w+|[^.]*? you control)(?!\w)[^.]*? to (?:its|their) "
                rf"owners?'s? hands?|\b{_YOU} returns? {_CHOSEN}[^.]*? you control to", re.IGNORECASE),
     "returning your own permanents to the hand", "400.7"),
    (re.compile(rf"\b{_YOU} (?:loses?|pays?) (?:\d+|X|that much|half|life|an amount|one|two|three)\b"
                rf"[^.]*?\blife\b|\b{_YOU} loses? life\b|{_START}pay (?:\d+|X|that much|half)\b[^.]*? life\b",
                re.IGNORECASE),
     "losing life", "119.3"),
    (re.compile(r"\bdeals? [^.]*?damage to (?:you|each player|~'s controller)\b"
                r"|\bdeals? [^.]*?damage to [^.,]*? and (?:to )?you\b(?! \w)", re.IGNORECASE),
     "damage dealt to you", "120.3a"),
    (re.compile(rf"^(?!.*\b(?:draws?|drafts?)\b).*(?:{_START}discard\b|\b{_YOU} discards?\b)",
                re.IGNORECASE | re.DOTALL),
     "discarding", "701.9a"),
    (re.compile(rf"{_START}skip\b|\b{_YOU} skips?\b", re.IGNORECASE),
     "skipping a step, phase or turn", "614.1b"),
    (re.compile(rf"\b{_YOU} (?:lose|loses) the game\b", re.IGNORECASE), "losing the game", "104.3"),
    (re.compile(r"(?<!other )\b(?:you|players|each player|each player who [^.]*?) can't "
                r"(?!lose the game|be the target|be targeted|include|get)", re.IGNORECASE),
     "a restriction on yourself", "101.2"),
    (re.compile(r"\b(?:an opponent|target opponent|that player|each opponent) gains control of "
                r"(?:~|it)(?!\w)", re.IGNORECASE), "an opponent gaining control of it", "800.4a"),
    # (a symmetric lock on activated abilities binds the player's own too — their mana abilities
    # are activated abilities, 605.1a: Clarion Conqueror, Null Rod, Collector Ouphe, Cursed Totem)
    (re.compile(r"^activated abilities of (?![^.]*\b(?:opponents?|you don't) controls?\b)"
                r"(?![^.]*\bchosen\b)[^.]*? can't be activated", re.IGNORECASE),
     "a restriction on your own activated abilities", "101.2, 605.1a"),
]
# A trigger on any player's casting a spell that counters it: the player's own spells too
# (Chalice of the Void, Vexing Bauble, Void Mirror).
_ANY_CAST = re.compile(r"whenever (?:a player|each player|you) casts? ", re.IGNORECASE)
_COUNTER_IT = re.compile(r"\bcounter (?:that spell|it)\b(?! unless)", re.IGNORECASE)
# An activated ability (602.1: its cost, a colon, its effect): unread, it is never activated.
_ACTIVATED = re.compile(r'[^:"]+: ')
_TRIGGER = re.compile(r"(?P<cond>(?:When|Whenever|At)\b[^,]+), (?P<effect>.+)", re.DOTALL)
_QUOTED = re.compile(r'"[^"]*"|\([^)]*\)')
# A keyword's cost ("Evoke—{1}{B}{B}, Pay 3 life."): an alternative or optional way to cast it.
_KEYWORD_COST = re.compile(r"[A-Z][\w ]*—\S")
# What a clause makes and then loses ("create a token ... sacrifice it at the next end step"):
# unread whole, neither is done; the loss alone, in a clause of its own, stays a drawback.
_MADE = re.compile(r"\bcreate\b|\bonto the battlefield\b", re.IGNORECASE)
_MADE_LOST = re.compile(r"\b(?:sacrifice|exile) (?:it|them|the tokens?|that token|those tokens|that creature|"
                        r"those creatures)\b", re.IGNORECASE)
# A trigger on its leaving the battlefield: returning it to the hand then is a benefit, as is
# a spell's returning itself.
_LEAVES = re.compile(r"\b(?:dies|is put into a graveyard|leaves the battlefield)\b")
# What the controller may choose to do (608.2d: an optional instruction), up to the sentence's end.
_OPTIONAL = re.compile(r"\byou may\b[^.]*\.?(?:\s*If you do, [^.]*)?|^If an effect (?:causes|would)[^.]*,",
                       re.IGNORECASE)
# What an opponent does, its subject (a goldfish opponent's loss, or their choice), up to the sentence's end
# or to what "you" do after it ("target opponent loses 2 life and you gain 2 life").
_THEIRS = re.compile(rf"{_START}(?<!you and )(?:each opponent|target opponent|an opponent|target player|"
                     r"defending player)\b(?! gains control)(?:(?!\byou\b)[^.])*", re.IGNORECASE)

# A drawback the vocabulary can say, read instead of refused: the permanent sacrificed at the
# end step of the turn it enters (603.2, 513.1a: Ball Lightning), sacrifice_at_end as the
# curated card says it. (A coin flip's damage is an effect op: damage_to_you_if_flip_lost, 705.2.)
_END_STEP_SACRIFICE = re.compile(r"At the beginning of (?:the|your|the next) end step, sacrifice ~\.?")


def drawback(clause: str, name: str, spell: bool = False) -> str | None:
    """Why a card is never cast (a land: never played), if unread `clause` (normalised: the
    card as `~`) is a drawback to its controller: "unread drawback (701.21a, 603.2:
    sacrificing or exiling your own permanents): 'When Lotus Field enters, sacrifice two
    lands.'" (what follows, never cast or never played, its reader says); else None. Not an
    activated ability (never activated), nor a trigger that never happens in a goldfish, nor an
    opponent's loss, nor an option."""
    body = clause[m.end():] if (m := _ABILITY_WORD.match(clause)) else clause
    body = _QUOTED.sub("", body).strip()
    if (_ACTIVATED.match(body) and not _TRIGGER.match(body)) or _KEYWORD_COST.match(body):
        return None
    kind = "608.2" if spell else "604.1"            # (a spell's effect, or a static ability's)
    if t := _TRIGGER.match(body):
        if all(never_happens(e) for e in trigger_events(t["cond"])):
            return None
        if _ANY_CAST.match(t["cond"]) and _COUNTER_IT.search(t["effect"]):
            return (f"unread drawback (701.6a, 603.2: countering your own spells): "
                    f"'{clause.replace('~', name)}'")
        body, kind = t["effect"], "603.2"
    body = _THEIRS.sub("", _OPTIONAL.sub("", body))
    if _MADE.search(body):
        body = _MADE_LOST.sub("", body)
    for pattern, what, rule in _DRAWBACKS:
        if rule == "400.7" and ((t and _LEAVES.search(t["cond"])) or (spell and "return ~ to" in body)):
            continue                    # (itself to the hand: from the graveyard, or a spell's own)
        if pattern.search(body):
            return f"unread drawback ({rule}, {kind}: {what}): '{clause.replace('~', name)}'"
    return None


def read_drawback(clause: str) -> list[dict] | None:
    """The abilities a drawback the vocabulary can say is read as; None if it is none of them."""
    if _END_STEP_SACRIFICE.fullmatch(clause):
        return [{"kind": "trigger", "event": "self_enters", "sacrifice_at_end": True}]
    return None


# A paragraph that opens a part of the card's text its abilities reach only later.
_GATES = [
    (re.compile(r"(?:\{[^}]+\})+: Level (?P<n>\d+)"), "Class", "716.2a"),
    (re.compile(r"LEVEL (?P<n>\d+)(?:-\d+|\+)"), "leveler", "711.2a"),
    (re.compile(r"(?P<n>[IVX]+)(?:, [IVX]+)* \u2014 "), "Saga chapter", "714.2b"),
    (re.compile(r"Solved \u2014 "), "solved Case", "719.3c"),
]


def casting_restriction(clause: str, name: str) -> str | None:
    """Why a card is never cast, if unread `clause` (normalised: the card as `~`) is or
    contains a cost or restriction on casting it: "unread additional cost (601.2b): 'As an
    additional cost to cast Kuldotha Rebirth, sacrifice an artifact.'"; else None."""
    body = clause[m.end():] if (m := _ABILITY_WORD.match(clause)) else clause
    for pattern, what in _CASTING:
        if pattern.match(body) and not _ALWAYS_MET.fullmatch(body):
            return f"unread {what}: '{clause.replace('~', name)}'"
    return None


def untap_restriction(clause: str) -> bool | None:
    """Is `clause` "~ doesn't untap during your untap step" (True: read whole), or that with
    a condition or exception (False: read as never untapping, the clause still reported);
    None if it is neither."""
    m = _DOESNT_UNTAP.fullmatch(clause.strip())
    if m is None:
        return None
    return not m["rest"].strip()


def attack_restriction(clause: str) -> bool:
    """Is unread `clause` a restriction on the creature's attacking ("~ can't attack unless
    defending player controls an Island", "~ can't attack or block alone")? Read as never
    attacking: the most it can take away (508.1c)."""
    body = clause[m.end():] if (m := _ABILITY_WORD.match(clause)) else clause
    return bool(_CANT_ATTACK.match(body))


def gated_paragraphs(paragraphs: list[str], name: str, face: str,
                     ignored: Callable[[str], bool]) -> tuple[list[str], list[Clause]]:
    """The paragraphs of a face active from the start, and those past the first level or
    chapter marker as clauses (a Class's level 2, a leveler's "LEVEL 2-4", a Saga's chapters, a
    Case's solved ability: none is active as the permanent enters): unread, saying why, unless
    irrelevant to a goldfish whenever they are active (`ignored`, of the ability's text)."""
    for k, p in enumerate(paragraphs):
        for pattern, what, rule in _GATES:
            if pattern.match(p):
                gated = paragraphs[k:] if what in ("Class", "leveler") else [
                    q for q in paragraphs[k:] if any(g.match(q) for g, _, _ in _GATES)]
                rest = [q for q in paragraphs if q not in gated]
                return rest, [_gated_clause(q, what, rule, name, face, ignored) for q in gated]
    return paragraphs, []


def _gated_clause(p: str, what: str, rule: str, name: str, face: str,
                  ignored: Callable[[str], bool]) -> Clause:
    body = _ABILITY_WORD.sub("", _ABILITY_WORD.sub("", p, count=1), count=1)   # (a chapter's, then its name)
    if ignored(body):
        return Clause(p.replace("~", name), IGNORED, face, f"{what} ability")
    return Clause(f"{p.replace('~', name)} — {_why(p, what, rule)}", UNRECOGNIZED, face, f"{what} ability")


def _why(p: str, what: str, rule: str) -> str:
    if what == "Class":
        return f"a Class level's ability ({rule}): not active from the start, not simulated"
    if what == "leveler":
        return f"a level's ability ({rule}): not active from the start, not simulated"
    return f"a {what}'s ability ({rule}): not simulated"

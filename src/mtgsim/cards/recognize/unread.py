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

__all__ = ["casting_restriction", "untap_restriction", "attack_restriction", "gated_paragraphs"]

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
    additional cost to cast Kuldotha Rebirth, sacrifice an artifact.' — never cast"; else None."""
    body = clause[m.end():] if (m := _ABILITY_WORD.match(clause)) else clause
    for pattern, what in _CASTING:
        if pattern.match(body) and not _ALWAYS_MET.fullmatch(body):
            return f"unread {what}: '{clause.replace('~', name)}' — never cast"
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

"""Oracle text made ready for the recognizers: reminder text removed (it is not rules text,
207.2), self-references written `~` (201.5: a card's own name, "this creature", "this land"),
old templates rewritten to the current ones ("enters the battlefield" → "enters", "Add {G}
to your mana pool" → "Add {G}"), and the text cut into clauses: one per paragraph (an
ability, 113.2) and, where a paragraph is a list of effects, one per sentence.
"""
from __future__ import annotations

import re

__all__ = ["strip_reminder", "normalize", "paragraphs", "sentences", "shape", "NUMBER_WORDS", "number"]

NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
                "twenty": 20}

_REMINDER = re.compile(r"\s*\([^()]*\)")
_SELF_NOUNS = ("creature", "land", "artifact", "enchantment", "permanent", "card", "spell", "token",
               "Aura", "Equipment", "Vehicle", "planeswalker", "Saga", "battle", "Class", "Case",
               "Room", "Siege", "Background", "Shrine", "Mount", "Spacecraft", "Attraction")
_THIS = re.compile(r"\b[Tt]his (?:" + "|".join(_SELF_NOUNS) + r")\b")
_OLD = (
    (re.compile(r"\benters the battlefield\b"), "enters"),
    (re.compile(r"\benter the battlefield\b"), "enter"),
    (re.compile(r"\s+to your mana pool\b"), ""),
    (re.compile(r"\s+to its controller's mana pool\b"), ""),
    (re.compile(r"\s+to that player's mana pool\b"), ""),
    (re.compile(r"\bCARDNAME\b"), "~"),
    (re.compile(r"\bis put into a graveyard from the battlefield\b"), "dies"),     # 700.4
    (re.compile(r"\bcreature cards?\b(?= you control)"), "creature"),
    (re.compile(r"\u2212"), "-"),
)


def number(word: str) -> int | None:
    """'two' → 2, '3' → 3, anything else → None."""
    w = word.lower()
    if w.isdigit():
        return int(w)
    return NUMBER_WORDS.get(w)


def strip_reminder(text: str) -> str:
    """The text without reminder text (parenthesised, 207.2), line by line."""
    lines = (_REMINDER.sub("", line).strip() for line in (text or "").replace("\r\n", "\n").split("\n"))
    return "\n".join(line for line in lines if line)


def _self_names(name: str) -> list[str]:
    """The ways a card's text names the card itself: its name and, for a legendary card with
    an epithet ("Azusa, Lost but Seeking"), the short name before the comma (201.5a)."""
    names = [name]
    if "," in name:
        names.append(name.split(",")[0])
    for word in (" of ", " the "):        # "Tamiyo of the ..." → Tamiyo, "Sharuum the Hegemon" → Sharuum
        if word in name and name.split(word)[0].count(" ") == 0:
            names.append(name.split(word)[0])
    if name.startswith("A-"):             # an Alchemy rebalanced card names itself as the original
        names += _self_names(name[2:])
    return names


def normalize(text: str, name: str) -> str:
    """Reminder text removed, self-references as `~`, old templates made current."""
    t = strip_reminder(text)
    for n in sorted(_self_names(name), key=len, reverse=True):
        t = re.sub(r"(?<![\w'])" + re.escape(n) + r"(?![\w])", "~", t)
    t = _THIS.sub("~", t)
    for pattern, new in _OLD:
        t = pattern.sub(new, t)
    return t


def paragraphs(text: str) -> list[str]:
    """The paragraphs of normalised text: one per ability (113.2), bullet lists of modes kept
    with the paragraph that introduces them."""
    out: list[str] = []
    for line in text.split("\n"):
        line = line.strip()
        if not line:
            continue
        if line.startswith("\u2022") and out:   # a mode of "Choose one —"
            out[-1] += "\n" + line
        elif out and re.fullmatch(r"Choose \w+\.", out[-1]) and line.startswith("You may choose the same mode"):
            out[-1] += " " + line                # (a Confluence's modes follow this, 700.2d)
        else:
            out.append(line)
    return out


def sentences(paragraph: str) -> list[str]:
    """The sentences of a paragraph, quoted abilities kept whole."""
    out, depth, start = [], 0, 0
    for m in re.finditer(r'"|(?<=[.!])\s+(?=[A-Z~{])', paragraph):
        if m.group() == '"':
            depth ^= 1
        elif not depth:
            out.append(paragraph[start:m.start()].strip())
            start = m.end()
    out.append(paragraph[start:].strip())
    return [s for s in out if s]


_COST = re.compile(r'(?P<cost>[^:"]+): (?=\S)')
_TRIGGER = re.compile(r"(?P<event>(?:When|Whenever|At) [^,]+), (?P<effect>.+)", re.DOTALL)


def _abstract(text: str) -> str:
    """Numbers, mana and quoted abilities abstracted: a run of mana symbols is one {M}."""
    s = re.sub(r"(?:\{(?:[^}TQ][^}]*|[TQ][^}]+)\})+", "{M}", text)
    s = re.sub(r"\b(\d+|X|one|two|three|four|five|six|seven)\b", "N", s)
    return re.sub(r'"[^"]*"', '"…"', s)


def _words(text: str, n: int) -> str:
    words = text.split()
    return " ".join(words[:n]) + (" …" if len(words) > n else "")


def shape(clause: str) -> str:
    """A clause's phrase family: numbers, mana symbols and names abstracted; an activated
    ability's cost as COST (its effect is what wants a recognizer), a triggered ability's
    event kept with its effect's first words — clauses of one family want one recognizer."""
    word = re.match(r"[A-Z][\w' ,-]+ \u2014 (?=\S)", clause)      # an ability word (207.2c) kept in front
    if word:
        return word.group() + shape(clause[word.end():])
    s = _abstract(clause)
    if (m := _COST.match(s)) and re.search(r"\{[MT]\}|\bSacrifice\b|\bPay\b|\bTap\b|\bRemove\b|\[", m["cost"]):
        return "COST: " + _words(s[m.end():], 7)
    if m := _TRIGGER.fullmatch(s):
        return f"{m['event']}, {_words(m['effect'], 5)}"
    return _words(s, 8)

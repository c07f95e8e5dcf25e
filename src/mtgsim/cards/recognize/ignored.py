"""Clauses irrelevant to a goldfish: its opponent has a life total and nothing else — no
creatures, spells, cards in hand or blocks — so clauses acting only on those change nothing
it measures. They are listed as ignored, never silently dropped."""
from __future__ import annotations

import re

# A goldfish has an opponent with a life total and nothing else: no creatures, no spells, no
# cards in hand, no blocks. Clauses that act only on those change nothing it measures.
_IGNORED = [re.compile(p, re.IGNORECASE) for p in (
    r".*\btarget (?:creature|permanent|artifact|enchantment|planeswalker|land|nonland permanent|spell|"
    r"card|player|opponent|artifact or enchantment|creature or planeswalker|creature or vehicle|"
    r"noncreature spell|creature spell|instant or sorcery spell|activated or triggered ability)[^.]*"
    r"(?:an opponent controls|you don't control|your opponents control)\b.*",
    r"(?:destroy|exile|counter|tap) target (?!creature you control)[^.]*\.",
    r"(?:destroy|exile) all [^.]*\.",
    r"return target (?:creature|permanent|nonland permanent|artifact|enchantment)(?! you control)[^.]* to its owner's hand\.",
    r".*\bcan't block\b.*", r".*\bblocks\b.*", r".*\bblocked\b.*", r".*\bblocking\b.*",
    r"~ can block [^.]*\.", r"~ can't be (?:the target|countered)[^.]*\.",
    r"~ deals \d+ damage to target (?:creature|planeswalker|creature or planeswalker|attacking creature|"
    r"blocking creature|attacking or blocking creature)\.",
    r"target (?:player|opponent) discards [^.]*\.", r"each opponent discards [^.]*\.",
    r"Enchant (?:creature|permanent|artifact|land|planeswalker|player)",
    # whatever depends on an opponent's permanents, cards or spells finds none in a goldfish
    r".*\b(?:an opponent controls|your opponents control|you don't control|an opponent owns|"
    r"target opponent's hand|an opponent's hand|opponents' hands|an opponent casts|your opponents cast)\b.*",
    r"target creature gets -\d+/-\d+ until end of turn\.", r"each opponent sacrifices [^.]*\.",
    r"prevent all combat damage that would be dealt to you[^.]*\.", r"damage can't be prevented[^.]*\.",
    r"(?:target|each) opponent reveals their hand[^.]*\.",
)]
_IGNORED_KEYWORDS = {"ward", "protection", "shroud", "hexproof from", "fear", "intimidate", "shadow",
                     "horsemanship", "skulk", "forestwalk", "islandwalk", "swampwalk", "mountainwalk",
                     "plainswalk", "landwalk", "banding", "flanking", "partner", "companion", "changeling"}


def _ignored(p: str) -> bool:
    return any(pattern.fullmatch(p) for pattern in _IGNORED)

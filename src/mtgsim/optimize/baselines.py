"""Published baselines shown beside an optimization's answer: Frank Karsten's land-count
recommendation and his table of coloured sources, each with its source named, so that the
report can say where the simulation agrees with them and where it does not.

Sources (figures taken from the articles; the selection rules are restated, not quoted):

* LANDS — Frank Karsten, "How Many Lands Do You Need in Your Deck? An Updated Analysis",
  ChannelFireball (now TCGplayer), 29 July 2022: a regression on 95,143 winning 60-card
  decks. 60 cards: 19.59 + 1.90 × average mana value − 0.28 × cheap card draw and ramp
  + 0.27 × companion; 80 cards: 80/60 × (19.59 + 1.90 × average mana value + 0.27) − 0.28 ×
  cheap draw and ramp; 99 cards (Commander): 31.42 + 3.13 × average mana value − 0.28 × cheap
  draw and ramp. No formula is given for 40-card decks: their figure is the Limited preset's,
  17 of 40, the land count of the 40-card decks of his sources tables (below); a deck of a
  size no formula covers takes the default of the format asked for (mtgsim.formats).
* SOURCES — Frank Karsten, "How Many Sources Do You Need to Consistently Cast Your Spells? A
  2022 Update", ChannelFireball (now TCGplayer), 2 August 2022: the lands producing a colour
  a deck needs to cast a spell on curve with probability (89 + mana value)% on the play, given
  it hit its land drops, with the London mulligan, for decks of 40 (17 lands), 60 (25), 80
  (35) and 99 (41) cards. A gold card needs one more source of each of its colours.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..decklist import Deck
from ..formats import FORMATS, Format, preset
from ..mana import COLOR_ORDER, SymbolKind

__all__ = ["LANDS_SOURCE", "SOURCES_LANDS", "SOURCES_SOURCE", "Baseline", "cheap_draw_or_ramp", "color_sources",
           "land_count", "published_costs", "published_sources", "table_size"]

LANDS_SOURCE = ('Frank Karsten, "How Many Lands Do You Need in Your Deck? An Updated Analysis", '
                "ChannelFireball/TCGplayer, 29 July 2022")
SOURCES_SOURCE = ('Frank Karsten, "How Many Sources Do You Need to Consistently Cast Your Spells? '
                  'A 2022 Update", ChannelFireball/TCGplayer, 2 August 2022')

# Sources needed, by deck size, for a cost of `generic` generic mana and `pips` symbols of one
# colour: _SOURCES[size][pips][generic] (the article's 2022 table; the 80-card 4C entry is
# printed as 14, where the article's own model gives 13: the printed figure is kept).
_SOURCES = {
    40: {1: [9, 9, 8, 7, 6, 6], 2: [14, 12, 11, 10, 9, 8], 3: [16, 14, 13, 11, 10], 4: [17, 15]},
    60: {1: [14, 13, 12, 10, 9, 9], 2: [21, 18, 16, 15, 13, 12], 3: [23, 21, 19, 17, 16], 4: [24, 22]},
    80: {1: [19, 18, 16, 15, 14, 12], 2: [28, 25, 23, 20, 19, 17], 3: [32, 29, 26, 24, 22], 4: [34, 31]},
    99: {1: [19, 19, 18, 16, 15, 14], 2: [30, 28, 26, 23, 22, 20], 3: [36, 33, 30, 28, 26], 4: [39, 36]},
}


@dataclass(frozen=True)
class Baseline:
    """One published recommendation for a deck: what it is, the figure, the deck's own
    figure where there is one, and the source."""
    what: str
    recommended: float
    deck: float | None
    detail: str
    source: str

    def __str__(self) -> str:
        own = "" if self.deck is None else f" (this deck: {self.deck:g})"
        return f"{self.what}: {self.recommended:g}{own} — {self.detail} [{self.source}]"


def cheap_draw_or_ramp(card) -> bool:
    """Karsten's 2022 selection of cheap card draw and cheap mana ramp, read from the card's
    lower-case rules text: a nonland card of mana value at most 2 that draws (a card, two or
    three; a creature only as it enters; not Blood tokens, investigating or costs of {4}),
    looks for a card to put into the hand (not a creature, and not "pay"), cycles for one
    mana, or makes mana ("add", not as a lore-counter or dies effect), fetches a land onto
    the battlefield without a sacrifice, or puts a creature from the hand into play."""
    if card.is_land or card.mana_value > 2:
        return False
    text = (card.text or "").lower()
    creature = card.is_creature
    draws = re.search(r"\bdraws? (a card|two cards|three cards)|\bdraws cards", text) is not None
    if draws and not any(w in text for w in ("{4}", "blood token", "investigate")):
        if not creature or ("when" in text and "enters" in text):
            return True
    if not creature and all(w in text for w in ("look", "library", "put", "your hand")) \
            and "pay " not in text and "pays" not in text:
        return True
    if re.search(r"\bcycling \{[wubrgc1]\}", text):
        return True
    if "add " in text and "add its ability" not in text and "add a lore counter" not in text \
            and not (creature and "dies" in text):
        return True
    if "search" in text and "your library" in text and ("land" in text or "basic" in text) \
            and "sacrifice" not in text:
        return True
    if "enchanted land is tapped" in text and "adds an additional" in text:
        return True
    return "put a creature card with" in text and "from your hand onto the battlefield" in text


def land_count(deck: Deck, format: Format | str | None = None) -> Baseline | None:
    """Karsten's recommended land count for the deck's size and average mana value; for a deck
    of about 40 cards, the Limited preset's 17 (no formula has that size); for a size no
    formula covers, the default of `format` (a preset's name or a Format), if one is given;
    else None."""
    fmt = preset(format)
    spells = [(c, n) for c, n in deck.cards() if not c.is_land]
    if not spells:
        return None
    n_spells = sum(n for _, n in spells)
    avg = sum(c.mana_value * n for c, n in spells) / n_spells
    cheap = sum(n for c, n in spells if cheap_draw_or_ramp(c))
    size = len(deck)
    if 58 <= size <= 62:
        rec = 19.59 + 1.90 * avg - 0.28 * cheap + 0.27 * bool(deck.companion)
        form = "60 cards: 19.59 + 1.90 × average mana value − 0.28 × cheap draw/ramp + 0.27 × companion"
    elif 78 <= size <= 82:
        rec = 80 / 60 * (19.59 + 1.90 * avg + 0.27) - 0.28 * cheap
        form = "80 cards: 80/60 × (19.59 + 1.90 × average mana value + 0.27) − 0.28 × cheap draw/ramp"
    elif size in (99, 100):
        rec = 31.42 + 3.13 * avg - 0.28 * cheap
        form = "Commander: 31.42 + 3.13 × average mana value − 0.28 × cheap draw/ramp"
    else:
        fmt = FORMATS["limited"] if 38 <= size <= 42 else fmt
        if fmt is None:
            return None
        return Baseline("lands", fmt.lands, deck.land_count, f"{fmt.name}: {fmt.lands_detail}; no formula for "
                        f"{size} cards", SOURCES_SOURCE if fmt.name == "limited" else LANDS_SOURCE)
    return Baseline("lands", round(rec, 1), deck.land_count,
                    f"{form}; average mana value {avg:.2f} over {n_spells} nonland cards, "
                    f"{cheap} cheap draw/ramp", LANDS_SOURCE)


# The lands the SOURCES table assumes, by deck size.
SOURCES_LANDS = {40: 17, 60: 25, 80: 35, 99: 41}


def table_size(size: int) -> int | None:
    """The deck size of the SOURCES table a deck of `size` cards reads (38-42: 40, 58-62: 60,
    78-82: 80, 99-100: 99), None for any other size."""
    for published, (lo, hi) in {40: (38, 42), 60: (58, 62), 80: (78, 82), 99: (99, 100)}.items():
        if lo <= size <= hi:
            return published
    return None


def published_costs() -> tuple[tuple[int, int], ...]:
    """The costs the SOURCES table gives, as (pips, generic) pairs: C to 5C, CC to 5CC, CCC to
    4CCC, CCCC and 1CCCC (the same for every deck size)."""
    return tuple((pips, generic) for pips, row in _SOURCES[60].items() for generic in range(len(row)))


def published_sources(size: int, pips: int, generic: int) -> int | None:
    """The sources the SOURCES table recommends for a cost of `generic` generic mana and `pips`
    symbols of one colour in a deck of `size` cards (table_size), None where it gives none."""
    published = table_size(size)
    row = _SOURCES[published].get(pips, []) if published is not None else []
    return row[generic] if 0 <= generic < len(row) else None


def color_sources(deck: Deck) -> list[Baseline]:
    """Per colour the deck's spells use: the sources Karsten's table recommends for its most
    demanding cost (most sources needed; one more for a gold card), beside the deck's lands
    that make the colour."""
    size = table_size(len(deck))
    if size is None:
        return []
    table = _SOURCES[size]
    need: dict[str, tuple[int, str]] = {}
    for c, _ in deck.cards():
        if c.is_land:
            continue
        pips = {col: 0 for col in COLOR_ORDER}
        for s in c.cost.symbols:
            if s.kind is SymbolKind.COLORED:
                pips[s.colors[0]] += 1
        colored = [col for col, k in pips.items() if k]
        for col in colored:
            k = min(pips[col], 4)
            row = table[k]
            generic = min(max(0, c.mana_value - k), len(row) - 1)
            n = row[generic] + (1 if len(colored) > 1 else 0)
            label = ("" if generic == 0 else str(generic)) + "C" * k
            if n > need.get(col, (0, ""))[0]:
                need[col] = (n, f"{c.name} ({c.cost}: {label}{', gold' if len(colored) > 1 else ''})")
    reqs = deck.color_requirements()
    return [Baseline(f"{col} sources", n, float(reqs[col].sources) if col in reqs else 0.0,
                     f"most demanding: {why}; {size}-card table", SOURCES_SOURCE)
            for col, (n, why) in sorted(need.items(), key=lambda kv: COLOR_ORDER.index(kv[0]))]

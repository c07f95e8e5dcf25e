"""Per-card facts the compiled core reads, worked out once per table set from the compiled
tables (`compile.Tables`) in plain Python and numpy: the direct path's card summaries
(`CardInfoFlag`s, what a card could produce, its mana as units of one type mask) and the
goldfish's per-card kinds that no kernel flag carries. `_core.CoreTables` and the goldfish's
spec pack them into their structs.
"""
from __future__ import annotations

import itertools

import numpy as np

from ._core import (
    CardInfoFlag,
    CardTypeBit,
    KeywordBit,
    ManaOutput,
    PermanentFlag,
)
from .field_words import CountOf, Grant, GrantTo, SpellScope
from .vocabulary import Event

__all__ = ["card_summaries", "DIRECT_OUTPUTS", "SEARCHED_OUTPUTS", "haste_givers", "upkeep_triggered",
           "land_play_givers", "enters_watchers", "mana_reads_hand", "reads_power", "mana_value_locks",
           "self_locked"]

CI_MANA_EFFECT, CI_COMPLEX_MANA, CI_COSTMOD = (CardInfoFlag.CI_MANA_EFFECT, CardInfoFlag.CI_COMPLEX_MANA,
                                               CardInfoFlag.CI_COSTMOD)
CI_HASTE_GRANT, CI_CREATURE, CI_HASTE = CardInfoFlag.CI_HASTE_GRANT, CardInfoFlag.CI_CREATURE, CardInfoFlag.CI_HASTE
CI_TAPS_OTHER = CardInfoFlag.CI_TAPS_OTHER
MO_FIXED, MO_CHOICE, MO_ANY_COLOR, MO_ANY_TYPE = (ManaOutput.MO_FIXED, ManaOutput.MO_CHOICE,
                                                  ManaOutput.MO_ANY_COLOR, ManaOutput.MO_ANY_TYPE)
SS_SELF, GR_HASTE, CT_CREATURE, KW_HASTE = (SpellScope.SELF.code, Grant.HASTE.code, CardTypeBit.CT_CREATURE,
                                            KeywordBit.KW_HASTE)

# Every mana-ability output kind is in exactly one of these (tests/engine/test_card_facts.py fails on
# a kind in neither): the kinds whose mana card_summaries can state as units of one type mask
# (the direct path), and those a card with one always leaves to the general search.
OWN_BOARD = 0x80      # own_could_produce: the types depend on the board (types_could_produce)
DIRECT_OUTPUTS = frozenset(int(m) for m in (MO_FIXED, MO_CHOICE, MO_ANY_COLOR, MO_ANY_TYPE))
SEARCHED_OUTPUTS = frozenset(int(m) for m in (ManaOutput.MO_COMBINATION, ManaOutput.MO_CHOSEN_COLOR))


def card_summaries(tables):
    """Per card: flags (CardInfoFlag), the types it could produce on a board without mana
    effects, and — when every mana ability is a plain {T} ability with a fixed output, a choice
    or any colour/type — its output as `unit_count` units of `unit_mask` each. A card whose
    outputs aren't "k units of one mask" (e.g. three mana of one colour), or with a spending
    restriction (106.6), a condition on activating it (602.5) or one that keeps it tapped (502.3),
    is COMPLEX; for one, `lower_mask`/`lower_count` are what its
    unrestricted abilities needing no mana and no life make that way (Castle Garenbrig's {T}:
    Add {G}, a Treasure's one mana of any colour): one way to use it, so a lower bound of what
    it adds for any spell (prepare_direct). `could_produce` reads its simple abilities only (the
    play policy's view of a land); `own_could_produce` all of them (106.7, what
    could_produce_all gives it), or OWN_BOARD when that depends on the board."""
    n = len(tables.cards)
    flags = np.zeros(max(n, 1), dtype=np.uint32)
    cp = np.zeros(max(n, 1), dtype=np.uint8)
    umask = np.zeros(max(n, 1), dtype=np.uint8)
    ucount = np.zeros(max(n, 1), dtype=np.uint8)
    lmask = np.zeros(max(n, 1), dtype=np.uint8)
    lcount = np.zeros(max(n, 1), dtype=np.uint8)
    own = np.zeros(max(n, 1), dtype=np.uint8)
    mana = tables.mana_abilities
    for c in range(n):
        card = tables.cards[c]
        f = 0
        if any(tables.cost_modifiers[card["costmod_first"] + k]["scope"] != SS_SELF
               for k in range(card["n_costmod"])):
            f |= CI_COSTMOD
        if card["n_trigger"] or card["n_replacement"]:
            f |= CI_MANA_EFFECT
        for k in range(card["n_grant"]):
            g = tables.grants[card["grant_first"] + k]
            f |= CI_HASTE_GRANT if g["grant"] == GR_HASTE else CI_MANA_EFFECT
        if card["types"] & CT_CREATURE:
            f |= CI_CREATURE
        if card["keywords"] & KW_HASTE:
            f |= CI_HASTE
        outputs = set()
        lower = []                      # (mask, amount) of each ability usable without mana or life
        own_types = 0
        for k in range(card["n_mana"]):
            a = mana[card["mana_first"] + k]
            own_types |= _types_of(tables, a)
            if a["could_produce"]:
                f |= CI_MANA_EFFECT
            # its mana pays only some costs (106.6), its condition on activating holds on some
            # boards only (602.5), it keeps its source tapped (502.3, the search's to weigh) or
            # taps another permanent (Springleaf Drum: only with one, which then makes no mana):
            # never units of the direct path, nor part of the lower bound
            restricted = (a["restriction"] >= 0 or a["condition"] >= 0 or a["tap_filter"] >= 0
                          or bool(a["marks"] & PermanentFlag.PF_SKIP_UNTAP))
            if restricted:
                f |= CI_COMPLEX_MANA
            if a["tap_filter"] >= 0:
                f |= CI_TAPS_OTHER
            if (not restricted and a["tap"] and not a["untap"] and a["life"] == 0 and a["cost"] < 0
                    and a["if_you_control"] == 0 and a["remove_n"] == 0
                    and a["amount"]["count"] < 0 and 0 < a["amount"]["fixed"] < 256):
                m = _unit_mask_of(tables, a)  # k of one type chosen: k units only of one type
                lower.append((m, int(a["amount"]["fixed"]) if m & (m - 1) == 0 else 1))
            simple = (a["tap"] and not a["untap"] and not a["sacrifice_self"] and a["life"] == 0
                      and a["remove_n"] == 0 and a["cost"] < 0 and a["could_produce"] == 0 and a["if_you_control"] == 0
                      and a["amount"]["count"] < 0 and a["amount"]["fixed"] > 0
                      and a["output"] in DIRECT_OUTPUTS)
            if not simple:
                f |= CI_COMPLEX_MANA
                continue
            amount = int(a["amount"]["fixed"])
            if a["output"] == MO_FIXED:
                outputs.add(tuple(int(v) * amount for v in tables.costs[a["mana"]]["pips"]))
            elif a["output"] == MO_CHOICE:
                for k in range(a["n_options"]):
                    outputs.add(tuple(int(v) * amount for v in tables.costs[a["options_first"] + k]["pips"]))
            else:
                for t in range(6):
                    if a["colors"] >> t & 1:
                        outputs.add(tuple(amount if u == t else 0 for u in range(6)))
        outputs.discard((0,) * 6)
        for o in outputs:
            for t in range(6):
                if o[t]:
                    cp[c] |= 1 << t
        if outputs and not f & CI_COMPLEX_MANA:
            totals = {sum(o) for o in outputs}
            mask = int(cp[c])
            types = [t for t in range(6) if mask >> t & 1]
            if len(outputs) == 1:
                (o,) = outputs
                if len([t for t in range(6) if o[t]]) == 1:
                    umask[c], ucount[c] = mask, sum(o)
                else:
                    f |= CI_COMPLEX_MANA          # a fixed mix such as {W}{U}: the slow path
            elif len(totals) == 1:
                total = totals.pop()
                every = {tuple(sum(1 for x in combo if x == t) for t in range(6))
                         for combo in itertools.combinations_with_replacement(types, total)}
                if every == outputs:
                    umask[c], ucount[c] = mask, total
                else:
                    f |= CI_COMPLEX_MANA
            else:
                f |= CI_COMPLEX_MANA
        lower = [(m, k) for m, k in lower if m]
        if f & CI_COMPLEX_MANA and lower:
            most = max(k for _, k in lower)
            lmask[c] = np.bitwise_or.reduce([m for m, k in lower if k == most])
            lcount[c] = most
        flags[c] = f
        own[c] = cp[c] if not f & CI_COMPLEX_MANA else (OWN_BOARD if own_types & OWN_BOARD else own_types)
    return {"flags": flags, "could_produce": cp, "unit_mask": umask, "unit_count": ucount,
            "lower_mask": lmask, "lower_count": lcount, "own_could_produce": own}


def _types_of(tables, a):
    """The types mana ability `a` could produce (106.7: costs ignored) when that is the same on
    every board without mana effects: a fixed amount of a fixed output, a choice, or any colour
    or type of a mask (not combinations: they may fill the kernel's options, which the board
    notes); else OWN_BOARD (the kernels work it out on the board)."""
    if not (a["output"] in DIRECT_OUTPUTS and a["amount"]["count"] < 0 and 0 < a["amount"]["fixed"] < 128
            and a["could_produce"] == 0 and a["if_you_control"] == 0):
        return OWN_BOARD
    if a["output"] == MO_FIXED:
        rows = [a["mana"]]
    elif a["output"] == MO_CHOICE:
        rows = list(range(a["options_first"], a["options_first"] + a["n_options"]))
    else:
        return int(a["colors"]) & 0x3F
    return int(np.bitwise_or.reduce([1 << t for r in rows for t in range(6) if tables.costs[r]["pips"][t]],
                                    initial=0))


def _unit_mask_of(tables, a):
    """The mask of one unit of mana ability `a`'s output when every unit may be any type of
    one mask (a single type, a choice of single types, any colour or type); 0 otherwise."""
    if a["output"] in (MO_ANY_COLOR, MO_ANY_TYPE):
        return int(a["colors"])
    if a["output"] == MO_FIXED:
        options = [tables.costs[a["mana"]]["pips"]]
    elif a["output"] == MO_CHOICE:
        options = [tables.costs[a["options_first"] + o]["pips"] for o in range(a["n_options"])]
    else:
        return 0
    mask = 0
    for pips in options:
        types = [t for t in range(6) if pips[t]]
        if len(types) != 1 or pips[types[0]] != 1:
            return 0
        mask |= 1 << types[0]
    return mask


def _owners(rows: np.ndarray, n: int) -> np.ndarray:
    """Per card row (n of them: the table's cards padded with False): does it own one of these
    ability rows (found by their `card` field)?"""
    out = np.zeros(n, dtype=bool)
    out[rows["card"]] = True
    return out


def haste_givers(tables, n: int) -> np.ndarray:
    """Per card row: does it give creatures you control haste (scan_board's GRANTS_HASTE)?"""
    g = tables.grants
    return _owners(g[(g["grant"] == GR_HASTE) & (g["to"] == GrantTo.CREATURES_YOU_CONTROL.code)], n)


def upkeep_triggered(tables, n: int) -> np.ndarray:
    """Per card row: has it "at the beginning of your upkeep" abilities (503.1a)?"""
    t = tables.triggered
    return _owners(t[t["event"] == Event.YOUR_UPKEEP.code], n)


def mana_value_locks(tables, n: int) -> np.ndarray:
    """Per card row: has it "whenever a player casts a spell with mana value equal to the number of
    [kind] counters on ~" abilities (Chalice of the Void: Triggered.mv_counters)? Its X is the lock's:
    the goldfish casts it with X = 0 (Spec's GF_X unset), and holds it where that counters a spell of
    its own deck (`self_locked`)."""
    t = tables.triggered
    return _owners(t[(t["event"] == Event.PLAYER_CASTS_SPELL.code) & (t["mv_counters"] > 0)], n)


def self_locked(tables, deck: np.ndarray, n: int) -> np.ndarray:
    """Per card row: is it a mana-value lock (`mana_value_locks`) the goldfish holds, never cast, since
    with X = 0 it would counter a spell of its own deck (a nonland card of mana value 0, 202.3: a Mox,
    Lotus Petal, Ornithopter; not another such lock, whose X is 0 too)?"""
    locks = mana_value_locks(tables, n)
    cards = tables.cards
    rows = np.unique(np.asarray(deck, dtype=np.int64))
    free = rows[(np.asarray(cards["mana_value"])[rows] == 0) & ((np.asarray(cards["types"])[rows]
                                                                 & CardTypeBit.CT_LAND) == 0) & ~locks[rows]]
    return locks & bool(len(free))


# the events of permanents entering, another one among them (603.6a): those concerning the one entering
OTHERS_ENTER = tuple(e.code for e in Event if e.counters_on == "entering")


def enters_watchers(tables, n: int) -> np.ndarray:
    """Per card row: does an ability of it trigger when another permanent enters (603.6a)?"""
    t = tables.triggered
    return _owners(t[np.isin(t["event"], OTHERS_ENTER)], n)


def land_play_givers(tables, n: int) -> np.ndarray:
    """Per card row: does it let its controller play additional lands (305.2)?"""
    out = np.zeros(n, dtype=bool)
    out[:len(tables.cards)] = tables.cards["extra_land_plays"] > 0
    return out


def doesnt_untap(tables, n: int) -> np.ndarray:
    """Per card row: does a permanent of it stay tapped through its controller's untap step
    (502.3: "~ doesn't untap during your untap step")?"""
    out = np.zeros(n, dtype=bool)
    out[:len(tables.cards)] = tables.cards["doesnt_untap"] != 0
    return out


def reads_power(tables, rows: np.ndarray) -> np.ndarray:
    """Per FILTER row of `rows` (-1: none, False): does it ask for a power or toughness (613:
    as it is now, so a * counting the hand changes what passes)?"""
    f = tables.filters[np.maximum(rows, 0)] if len(tables.filters) else np.zeros(len(rows), tables.filters.dtype)
    return (rows >= 0) & ((f["min_power"] > -32768) | (f["max_power"] < 32767)
                          | (f["min_toughness"] > -32768) | (f["max_toughness"] < 32767))


def mana_reads_hand(tables) -> bool:
    """Can what a board's mana abilities make, or do besides, change as a card leaves the hand
    (so a payment search or a could-produce worked out before a spell was cast no longer
    holds)? Yes if a mana ability's condition bounds the hand size (602.5), or an amount of a
    mana ability or of its side effect (life gained or lost) counts the cards in hand (or in a
    graveyard, where the spell goes), directly
    or through a power or toughness that does (Maro's, 604.3), or a condition asks for a power
    or toughness (reads_power) while one does, or a count of permanents does."""
    mana = tables.mana_abilities
    if not len(mana):
        return False
    counts = tables.counts
    stars = tables.cards["star"][tables.cards["star"] >= 0]
    moved = (CountOf.CARDS_IN_HAND.code, CountOf.CARDS_IN_GRAVEYARD.code,   # (a spell cast: into the graveyard)
             CountOf.CARD_TYPES_IN_GRAVEYARD.code)
    hand_sized = bool(len(counts) and np.isin(counts["what"][stars], moved).any())
    conditions = tables.conditions[mana["condition"][mana["condition"] >= 0]]
    if np.any((conditions["hand_min"] > 0) | (conditions["hand_max"] < 32767)) or (
            hand_sized and reads_power(tables, conditions["filter"]).any()):
        return True
    if not len(counts):
        return False
    hand = np.isin(counts["what"], moved)
    if hand_sized:
        hand |= np.isin(counts["what"], (CountOf.POWER.code, CountOf.TOUGHNESS.code, CountOf.GREATEST_POWER.code))
        hand |= reads_power(tables, counts["filter"])
    rows = [mana["amount"]["count"]]
    effects = tables.effects[mana["effect"][mana["effect"] >= 0]]
    for name in effects.dtype.names:
        if effects.dtype[name].names and "count" in effects.dtype[name].names:
            rows.append(effects[name]["count"])
    counted = np.concatenate(rows)
    return bool(hand[counted[counted >= 0]].any())

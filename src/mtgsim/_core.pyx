# cython: embedsignature=True
"""mtgsim's compiled core. This foundation holds the record layouts (see `_core.pxd`) and
the numpy dtypes derived from them; the rules kernels build on these tables."""

import numpy as np
cimport numpy as cnp
from cpython.mem cimport PyMem_Malloc, PyMem_Free

cnp.import_array()

cdef extern from *:
    """
    #ifndef MTGSIM_OPENMP
    #define MTGSIM_OPENMP 0
    #endif
    #ifndef MTGSIM_DEBUG
    #define MTGSIM_DEBUG 0
    #endif
    """
    int MTGSIM_OPENMP
    int MTGSIM_DEBUG


def _dtype_of(name):
    """The numpy dtype of one of the record structs, read off the struct itself (the
    scikit-learn `NODE_DTYPE` pattern), so the C layout and the dtype can never drift."""
    cdef Cost cost
    cdef Hybrid hybrid
    cdef Count count
    cdef Effect effect
    cdef Card card
    cdef ManaAbility mana_ability
    cdef CostModifier cost_modifier
    cdef ManaTrigger mana_trigger
    cdef ManaReplacement mana_replacement
    cdef GrantRow grant
    cdef Enters enters
    cdef Triggered triggered
    cdef Activated activated
    cdef Permanent permanent
    cdef TotalCost total_cost
    cdef BoardInfo board_info
    views = {
        "total_cost": lambda: np.asarray(<TotalCost[:1]>(&total_cost)),
        "board_info": lambda: np.asarray(<BoardInfo[:1]>(&board_info)),
        "cost": lambda: np.asarray(<Cost[:1]>(&cost)),
        "hybrid": lambda: np.asarray(<Hybrid[:1]>(&hybrid)),
        "count": lambda: np.asarray(<Count[:1]>(&count)),
        "effect": lambda: np.asarray(<Effect[:1]>(&effect)),
        "card": lambda: np.asarray(<Card[:1]>(&card)),
        "mana_ability": lambda: np.asarray(<ManaAbility[:1]>(&mana_ability)),
        "cost_modifier": lambda: np.asarray(<CostModifier[:1]>(&cost_modifier)),
        "mana_trigger": lambda: np.asarray(<ManaTrigger[:1]>(&mana_trigger)),
        "mana_replacement": lambda: np.asarray(<ManaReplacement[:1]>(&mana_replacement)),
        "grant": lambda: np.asarray(<GrantRow[:1]>(&grant)),
        "enters": lambda: np.asarray(<Enters[:1]>(&enters)),
        "triggered": lambda: np.asarray(<Triggered[:1]>(&triggered)),
        "activated": lambda: np.asarray(<Activated[:1]>(&activated)),
        "permanent": lambda: np.asarray(<Permanent[:1]>(&permanent)),
    }
    return views[name]().dtype


RECORDS = ("cost", "hybrid", "count", "effect", "card", "mana_ability", "cost_modifier",
           "mana_trigger", "mana_replacement", "grant", "enters", "triggered", "activated",
           "permanent", "total_cost", "board_info")


def record_dtypes():
    """{record name: numpy dtype} for every struct of `_core.pxd`."""
    return {name: _dtype_of(name) for name in RECORDS}


def openmp_enabled():
    """True if this build runs kernels in parallel with OpenMP."""
    return bool(MTGSIM_OPENMP)


def debug_build():
    """True if this build has bounds checks on (MTGSIM_DEBUG=1 at build time)."""
    return bool(MTGSIM_DEBUG)


# =============================================================================================
# The rules kernels. Everything below reads the compiled tables through `Rules` and one game's
# permanents through `Board`; nothing allocates Python objects, so it all runs without the GIL.
# The semantics are specified in docs/rules-core.md.
# =============================================================================================

from libc.string cimport memset, memcpy
from libc.stdlib cimport malloc, free
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from cython.parallel cimport prange

DEF MAXOPT = 64          # distinct outputs one permanent's mana abilities can have
DEF MAXGROUP = 64        # mana sources considered in one payment
DEF MAXUNIT = 512        # units of mana supply in one payment check
DEF MAXDEMAND = 512      # units of mana demand in one payment check
DEF MAXBRANCH = 12       # sources that need a search (the rest are matched directly)
DEF ALLTYPES = 63
DEF SNOW_BIT = 64        # a unit of mana from a snow source (pays {S}, 107.4h)
DEF DIRECT_SICK_SHIFT = 31   # Rules.direct: the card is a creature without haste
DEF DIRECT_BAD = 1 << 30     # Rules.direct: a padding row past the last card   # boards ahead whose permanents are fetched into cache early
DEF MAXCHOICE = 64       # symbols of one cost whose way of paying is chosen (601.2b)
DEF MAXCHOOSE = 10       # ...of which both ways are tried (2**10 alternatives at most)
DEF ALLCOLORS = 31
DEF BIG = 30000

# Per type mask: a 1 in the 10-bit field of each of its types (see direct_mana).
cdef uint64_t SPREAD[64]
SPREAD[:] = [sum(1 << (10 * t) for t in range(6) if m >> t & 1) for m in range(64)]

# The masks of mana[t] (W U B R G C) and mana[total].
cdef uint8_t MANA_MASKS[7]
MANA_MASKS[:] = [1, 2, 4, 8, 16, 32, ALLTYPES]

# The ten two-colour hybrid pairs in the order rule 107.4 lists them (bit masks W=1 .. G=16).
cdef uint8_t HYBRID_PAIRS[10]
HYBRID_PAIRS[:] = [3, 5, 6, 10, 12, 20, 24, 9, 17, 18]
HYBRID_PAIR_MASKS = tuple(HYBRID_PAIRS[i] for i in range(10))

# Per-card summary flags, computed once per table set (see `card_summaries`).
cdef enum CardInfoFlag:
    CI_MANA_EFFECT = 1       # changes what other permanents make: replacements, triggers,
                             # granted mana abilities, could-produce references
    CI_COMPLEX_MANA = 2      # a mana ability the direct path can't summarise as units
    CI_COSTMOD = 4           # has cost modifiers for spells other than itself (a "this spell
                             # costs less" one never applies from the battlefield)
    CI_HASTE_GRANT = 8       # gives creatures haste
    CI_CREATURE = 16
    CI_HASTE = 32            # has haste itself


cdef struct Rules:
    Card* cards
    int n_cards
    Cost* costs
    Hybrid* hybrids
    Count* counts
    Effect* effects
    ManaAbility* mana
    int n_mana
    CostModifier* costmods
    ManaTrigger* mtrig
    ManaReplacement* mrep
    GrantRow* grants
    Enters* enters
    Triggered* triggered
    Activated* activated
    int granted_row          # MANA_ABILITY row of the granted any-colour ability (-1: none)
    uint32_t* info           # CardInfoFlags per card
    uint8_t* static_cp       # per card: types it could produce on a board with no mana effects
    uint8_t* unit_mask       # per card with simple mana: each unit may be any type of this mask
    uint8_t* unit_count      # ...and how many units one activation makes
    uint32_t direct_mask     # `direct` has direct_mask + 1 rows (a power of two)
    uint32_t* direct         # the four above packed for the direct path's single load:
                             # could-produce | unit mask << 8 | unit count << 16 | flags << 24
                             # | 1 << 31 for a creature without haste (summoning sickness);
                             # rows past the cards hold DIRECT_BAD
    int fast                 # 1: boards without mana effects take the direct path
    TotalCost* base_cost     # per card: its mana cost as a total cost when nothing changes it


cdef struct Board:
    Permanent* perms
    int n
    BoardInfo* bi
    int scanned                  # 0 until scan_board has filled the fields below
    uint8_t grants_to[2]         # per player: GRANTS_* bits of the static grants they control
    uint8_t any_replacement      # some permanent has a tapped-for-mana replacement effect
    uint8_t any_trigger          # some permanent has a tapped-for-mana trigger
    uint8_t any_costmod          # some permanent has a cost modifier


cdef enum GrantBits:
    GRANTS_HASTE = 1
    GRANTS_MANA_LANDS = 2
    GRANTS_MANA_CREATURES = 4


cdef struct Vec:             # an amount of mana of each type, W U B R G C
    int16_t m[6]


cdef struct Options:         # the possible results of activating one source
    int n
    Vec out[MAXOPT]
    Vec own[MAXOPT]          # the part of `out` the permanent itself made (not triggered mana)
    uint8_t n_in[MAXOPT]     # input mana units each option needs first
    uint8_t in_mask[MAXOPT][8]
    uint8_t ability[MAXOPT]  # which of the permanent's mana abilities
    int16_t life[MAXOPT]     # life the option costs (Mana Confluence)
    int16_t gain[MAXOPT]     # life it gains (The Great Henge) — tracked when life matters
    int16_t dmg[MAXOPT]      # damage it deals you (pain lands) — tracked when life matters
    uint8_t snow             # SNOW_BIT if the source is a snow permanent


# ---- small helpers ---------------------------------------------------------------------------

cdef inline int popcount6(unsigned int m) noexcept nogil:
    cdef int c = 0
    while m:
        c += m & 1
        m >>= 1
    return c


cdef inline int vec_total(Vec* v) noexcept nogil:
    return v.m[0] + v.m[1] + v.m[2] + v.m[3] + v.m[4] + v.m[5]


cdef inline bint vec_leq(Vec* a, Vec* b) noexcept nogil:
    cdef int t
    for t in range(6):
        if a.m[t] > b.m[t]:
            return False
    return True


cdef inline bint vec_eq(Vec* a, Vec* b) noexcept nogil:
    cdef int t
    for t in range(6):
        if a.m[t] != b.m[t]:
            return False
    return True


cdef inline void vec_clear(Vec* v) noexcept nogil:
    memset(v, 0, sizeof(Vec))


cdef inline int type_index(unsigned int bit) noexcept nogil:
    cdef int t
    for t in range(6):
        if bit == (1u << t):
            return t
    return -1


cdef inline Card* card_of(Rules* R, Board* b, int i) noexcept nogil:
    return &R.cards[b.perms[i].card]


cdef inline bint is_type(Rules* R, Board* b, int i, unsigned int typebit) noexcept nogil:
    return (R.cards[b.perms[i].card].types & typebit) != 0


cdef inline int controller(Board* b, int i) noexcept nogil:
    return b.perms[i].controller


cdef inline bint in_play(Board* b, int i) noexcept nogil:
    return (b.perms[i].flags & PF_PHASED_OUT) == 0


# ---- counts, power and toughness ---------------------------------------------------------

cdef int devotion(Rules* R, Board* b, int player, unsigned int colorbit) noexcept nogil:
    """Mana symbols of that colour among the mana costs of permanents `player` controls."""
    cdef int i, k, t, total = 0
    cdef Card* c
    cdef Cost* cost
    t = type_index(colorbit)
    if t < 0 or t > 4:
        return 0
    for i in range(b.n):
        if controller(b, i) != player or not in_play(b, i):
            continue
        c = card_of(R, b, i)
        if c.cost < 0:
            continue
        cost = &R.costs[c.cost]
        total += cost.pips[t] + cost.phyrexian[t] + cost.mono_hybrid[t] + cost.colorless_hybrid[t]
        for k in range(cost.n_hybrid):
            if R.hybrids[cost.hybrid_first + k].colors & colorbit:
                total += 1
    return total


cdef int eval_count(Rules* R, Board* b, int row, int self_i, int player, int x) noexcept nogil:
    """The value of COUNT row `row` for an object controlled by `player` (this object: self_i)."""
    cdef Count* c = &R.counts[row]
    cdef int i, n = 0, p, best
    cdef Card* card
    if c.what == CO_PERMANENTS:
        for i in range(b.n):
            if not in_play(b, i) or (c.other and i == self_i):
                continue
            p = controller(b, i)
            if c.who == WHO_YOU and p != player:
                continue
            if c.who == WHO_OPPONENTS and p == player:
                continue
            card = card_of(R, b, i)
            if c.types and not (card.types & c.types):
                continue
            if c.subtypes and not (card.subtypes & c.subtypes):
                continue
            n += 1
        return n
    if c.what == CO_CARDS_IN_HAND:
        return b.bi.hand_size[player]
    if c.what == CO_DEVOTION:
        if c.color == MT_CHOSEN:
            return devotion(R, b, player, b.perms[self_i].chosen_color) if self_i >= 0 else 0
        return devotion(R, b, player, c.color)
    if c.what == CO_COUNTERS_ON_SELF:
        return b.perms[self_i].counters[c.counter] if self_i >= 0 else 0
    if c.what == CO_GREATEST_POWER:
        best = 0
        for i in range(b.n):
            if in_play(b, i) and controller(b, i) == player and is_type(R, b, i, CT_CREATURE):
                p = power_of(R, b, i)
                if p > best:
                    best = p
        return best
    if c.what == CO_X:
        return x
    return 0


cdef inline int eval_amount(Rules* R, Board* b, Amount a, int self_i, int player, int x) noexcept nogil:
    if a.count >= 0:
        return a.fixed + eval_count(R, b, a.count, self_i, player, x)
    return a.fixed


cdef int pt_value(Rules* R, Board* b, int i, int printed, bint star, int bonus) noexcept nogil:
    """Power or toughness: printed (plus what * counts), +1/+1 and -1/-1 counters, and other
    effects (613)."""
    cdef Permanent* p = &b.perms[i]
    cdef int star_row = card_of(R, b, i).star
    cdef int v = printed
    if star and star_row >= 0:
        v += eval_count(R, b, star_row, i, p.controller, 0)
    return v + p.counters[<int>CK_P1P1] - p.counters[<int>CK_M1M1] + bonus


cdef inline int power_of(Rules* R, Board* b, int i) noexcept nogil:
    cdef Card* c = card_of(R, b, i)
    return pt_value(R, b, i, c.power, c.power_star, b.perms[i].power_bonus)


cdef inline int toughness_of(Rules* R, Board* b, int i) noexcept nogil:
    cdef Card* c = card_of(R, b, i)
    return pt_value(R, b, i, c.toughness, c.toughness_star, b.perms[i].toughness_bonus)


# ---- haste, summoning sickness, granted abilities ----------------------------------------

cdef void scan_board(Rules* R, Board* b) noexcept nogil:
    """Note once which board-wide effects exist (grants, replacements, triggers), so the
    questions asked per permanent don't each rescan the board. A Board is a snapshot: build a
    new one after the permanents change."""
    cdef int i, k, p
    cdef Card* c
    cdef GrantRow* gr
    b.grants_to[0] = b.grants_to[1] = 0
    b.any_replacement = b.any_trigger = b.any_costmod = 0
    for i in range(b.n):
        if not in_play(b, i) or not (R.info[b.perms[i].card] & (CI_MANA_EFFECT | CI_COSTMOD | CI_HASTE_GRANT)):
            continue                    # (grants, replacements, triggers, cost modifiers
        c = card_of(R, b, i)            # all set one of these flags: card_summaries)
        p = controller(b, i) & 1
        for k in range(c.n_grant):
            gr = &R.grants[c.grant_first + k]
            if gr.grant == GR_HASTE and gr.to == GT_CREATURES_YOU_CONTROL:
                b.grants_to[p] |= GRANTS_HASTE
            elif gr.grant == GR_MANA_ANY_COLOR:
                b.grants_to[p] |= GRANTS_MANA_LANDS if gr.to == GT_LANDS_YOU_CONTROL else GRANTS_MANA_CREATURES
        b.any_replacement |= c.n_replacement > 0
        b.any_trigger |= c.n_trigger > 0
        b.any_costmod |= (R.info[b.perms[i].card] & CI_COSTMOD) != 0
    b.scanned = 1


cdef inline uint8_t grants_of(Rules* R, Board* b, int player) noexcept nogil:
    if not b.scanned:
        scan_board(R, b)
    return b.grants_to[player & 1]


cdef bint has_haste(Rules* R, Board* b, int i) noexcept nogil:
    if card_of(R, b, i).keywords & KW_HASTE:
        return True
    return (grants_of(R, b, controller(b, i)) & GRANTS_HASTE) != 0             # 702.10


cdef bint is_sick(Rules* R, Board* b, int i) noexcept nogil:
    """302.6: a creature its controller hasn't controlled continuously since their most recent
    turn began, and without haste, can't use {T}/{Q} abilities or attack."""
    cdef Permanent* p = &b.perms[i]
    if not is_type(R, b, i, CT_CREATURE):
        return False
    if p.controlled_since < b.bi.last_turn_start[p.controller]:
        return False
    return not has_haste(R, b, i)


cdef int mana_ability_rows(Rules* R, Board* b, int i, int* rows) noexcept nogil:
    """The MANA_ABILITY rows of permanent i: printed ones in printed order, then granted ones."""
    cdef Card* c = card_of(R, b, i)
    cdef int k, n = 0, player = controller(b, i)
    for k in range(c.n_mana):
        rows[n] = c.mana_first + k
        n += 1
    cdef uint8_t granted
    if R.granted_row >= 0 and c.types & (CT_LAND | CT_CREATURE):
        granted = grants_of(R, b, player)
        if (c.types & CT_LAND and granted & GRANTS_MANA_LANDS) or (
                c.types & CT_CREATURE and granted & GRANTS_MANA_CREATURES):
            rows[n] = R.granted_row
            n += 1
    return n


cdef inline int mana_ability_row(Rules* R, Board* b, int i, int k) noexcept nogil:
    """The MANA_ABILITY row of permanent i's k-th mana ability (numbered as mana_ability_rows
    lists them: a printed one without looking for grants), -1 if it has none such."""
    cdef Card* c = card_of(R, b, i)
    cdef int rows[16]
    if 0 <= k < c.n_mana:
        return c.mana_first + k
    return rows[k] if 0 <= k < mana_ability_rows(R, b, i, rows) else -1


cdef bint ability_ready(Rules* R, Board* b, int i, int row) noexcept nogil:
    """Can the {T}/{Q} parts of this ability's cost be paid now (tapped state, sickness)? Life
    costs are checked where the order of activations is known (life gained first counts)."""
    cdef ManaAbility* a = &R.mana[row]
    cdef Permanent* p = &b.perms[i]
    if a.tap and (p.flags & PF_TAPPED):
        return False                                   # 107.5
    if a.untap and not (p.flags & PF_TAPPED):
        return False                                   # 107.6
    if (a.tap or a.untap) and is_sick(R, b, i):
        return False                                   # 302.6
    return True


# ---- what a mana ability produces --------------------------------------------------------

cdef bint watches_match(Rules* R, Board* b, int watcher, int watches, int i) noexcept nogil:
    """Does the effect of permanent `watcher` (watching `watches`) apply to permanent i?"""
    cdef Card* c = card_of(R, b, i)
    if watches == WA_SELF:
        return watcher == i
    if watches == WA_ENCHANTED_LAND:
        return b.perms[watcher].attached_to == i
    if watches == WA_LANDS_YOU_CONTROL:
        return (c.types & CT_LAND) != 0 and controller(b, i) == controller(b, watcher)
    if watches == WA_LANDS:
        return (c.types & CT_LAND) != 0
    if watches == WA_BASIC_LANDS:
        return (c.types & CT_LAND) != 0 and (c.supertypes & ST_BASIC) != 0
    if watches == WA_PERMANENTS_YOU_CONTROL:
        return controller(b, i) == controller(b, watcher)
    return watches == WA_PERMANENTS


cdef int replacements_for(Rules* R, Board* b, int i, int* reps, int* sources) noexcept nogil:
    """MANA_REPLACEMENT rows that apply when permanent i is tapped for mana, and the permanent
    each belongs to (at most 6: every order of them is tried)."""
    cdef int j, k, n = 0, row
    cdef Card* c
    if not b.scanned:
        scan_board(R, b)
    if not b.any_replacement:
        return 0
    for j in range(b.n):
        if not in_play(b, j):
            continue
        c = card_of(R, b, j)
        for k in range(c.n_replacement):
            row = c.replacement_first + k
            if n < 6 and watches_match(R, b, j, R.mrep[row].watches, i):
                reps[n] = row
                sources[n] = j
                n += 1
    return n


cdef inline bint trigger_watches(Rules* R, Board* b, int j, int trow, int i) noexcept nogil:
    """Does tapped-for-mana trigger `trow` of permanent j watch permanent i (106.12a)?"""
    cdef ManaTrigger* tr = &R.mtrig[trow]
    if not watches_match(R, b, j, tr.watches, i):
        return False
    return not tr.subtypes or (card_of(R, b, i).subtypes & tr.subtypes) != 0


cdef void apply_replacement(Rules* R, int row, Vec* v) noexcept nogil:
    cdef ManaReplacement* r = &R.mrep[row]
    cdef int t, total
    if r.replace_with:
        total = vec_total(v)
        if total > 0:          # "{B} instead of any other type and amount"
            vec_clear(v)
            v.m[type_index(r.replace_with)] = 1
    if r.multiply > 1:
        for t in range(6):
            v.m[t] = v.m[t] * r.multiply


cdef int base_outputs(Rules* R, Board* b, int i, int row, uint8_t* cp, int x, Vec* outs) noexcept nogil:
    """The outputs ability `row` of permanent i would give, before replacements (106.5: none if
    the type can't be defined). Returns how many (≤ MAXOPT)."""
    cdef ManaAbility* a = &R.mana[row]
    cdef int player = controller(b, i)
    cdef int amount
    cdef int n = 0, t, j, k, o, allowed, cost_row
    cdef unsigned int lands_types
    cdef Cost* cost
    cdef bint per_colour = False        # "devotion to that color": the colour chosen for the mana
    if a.amount.count >= 0 and R.counts[a.amount.count].what == CO_DEVOTION and \
            R.counts[a.amount.count].color == MT_CHOSEN and a.output != MO_CHOSEN_COLOR:
        per_colour = True
        amount = 1
    else:
        amount = eval_amount(R, b, a.amount, i, player, x)
    if amount <= 0:
        return 0
    if a.output == MO_FIXED:
        cost_row = a.mana
        if a.if_you_control and a.instead >= 0 and controls_all_subtypes(R, b, player, a.if_you_control):
            cost_row = a.instead
        vec_clear(&outs[0])
        cost = &R.costs[cost_row]
        for t in range(6):
            outs[0].m[t] = cost.pips[t] * amount
        return 1 if vec_total(&outs[0]) > 0 else 0
    if a.output == MO_CHOICE:
        for k in range(a.n_options):
            vec_clear(&outs[n])
            cost = &R.costs[a.options_first + k]
            for t in range(6):
                outs[n].m[t] = cost.pips[t] * amount
            n += 1
        return n
    allowed = a.colors
    if a.output == MO_CHOSEN_COLOR:
        allowed = b.perms[i].chosen_color & ALLCOLORS
    if a.could_produce:
        lands_types = 0
        for j in range(b.n):
            if in_play(b, j) and is_type(R, b, j, CT_LAND) and (
                    (a.could_produce == 1 and controller(b, j) == player) or
                    (a.could_produce == 2 and controller(b, j) != player)):
                lands_types |= cp[j]
        allowed &= lands_types
    if a.output == MO_COMBINATION:
        # every multiset of `amount` colours from `allowed`
        return combinations(allowed, amount, outs)
    for t in range(6):
        if allowed & (1 << t) and n < MAXOPT:
            if per_colour:
                amount = a.amount.fixed + (devotion(R, b, player, 1 << t) if t < 5 else 0)
                if amount <= 0:
                    continue
            vec_clear(&outs[n])
            outs[n].m[t] = amount
            n += 1
    return n


cdef int combinations(int allowed, int amount, Vec* outs) noexcept nogil:
    """Every way to split `amount` mana among the types in `allowed` ("any combination")."""
    cdef int idx[6]
    cdef int c[6]
    cdef int n_types = 0, t, n = 0, k, s
    for t in range(6):
        if allowed & (1 << t):
            idx[n_types] = t
            n_types += 1
    if n_types == 0:
        return 0
    memset(c, 0, sizeof(c))
    while True:
        s = 0
        for k in range(n_types - 1):
            s += c[k]
        if s <= amount and n < MAXOPT:
            vec_clear(&outs[n])
            for k in range(n_types - 1):
                outs[n].m[idx[k]] = c[k]
            outs[n].m[idx[n_types - 1]] = amount - s
            n += 1
        k = 0                       # odometer over the first n_types - 1 parts
        while k < n_types - 1:
            c[k] += 1
            if c[k] <= amount:
                break
            c[k] = 0
            k += 1
        if k >= n_types - 1:
            break
    return n


cdef bint controls_all_subtypes(Rules* R, Board* b, int player, uint64_t subtypes) noexcept nogil:
    cdef uint64_t seen = 0
    cdef int i
    for i in range(b.n):
        if in_play(b, i) and controller(b, i) == player:
            seen |= card_of(R, b, i).subtypes & subtypes
    return seen == subtypes


cdef int add_unique_pair(Vec* outs, Vec* owns, int n, Vec* v, Vec* own, bint by_own) noexcept nogil:
    """Add the pair (v, own) unless present (or full); return the new n. Without `by_own`
    only v tells results apart (the part a permanent made itself matters for snow only)."""
    cdef int k
    for k in range(n):
        if vec_eq(&outs[k], v) and (not by_own or vec_eq(&owns[k], own)):
            return n
    if n < MAXOPT:
        outs[n] = v[0]
        owns[n] = own[0]
        n += 1
    return n


cdef int add_unique(Vec* outs, int n, Vec* v) noexcept nogil:
    """Add v to outs[:n] unless it is there already (or full); return the new n."""
    cdef int k
    for k in range(n):
        if vec_eq(&outs[k], v):
            return n
    if n < MAXOPT:
        outs[n] = v[0]
        n += 1
    return n


cdef int next_permutation(int* a, int n) noexcept nogil:
    cdef int i = n - 2, j, tmp
    while i >= 0 and a[i] >= a[i + 1]:
        i -= 1
    if i < 0:
        return 0
    j = n - 1
    while a[j] <= a[i]:
        j -= 1
    tmp = a[i]; a[i] = a[j]; a[j] = tmp
    i += 1
    j = n - 1
    while i < j:
        tmp = a[i]; a[i] = a[j]; a[j] = tmp
        i += 1
        j -= 1
    return 1


cdef int replaced_outputs(Rules* R, Board* b, int i, int row, Vec* base, int n_base,
                          Vec* outs) noexcept nogil:
    """Apply the replacement effects for tapping permanent i, in every order (distinct results)."""
    cdef int reps[6]
    cdef int sources[6]
    cdef int order[6]
    cdef int n_rep = 0, k, q, n = 0
    cdef Vec v
    if R.mana[row].tap:
        n_rep = replacements_for(R, b, i, reps, sources)
    if n_rep == 0:
        for k in range(n_base):
            n = add_unique(outs, n, &base[k])
        return n
    for k in range(n_rep):
        order[k] = k
    while True:
        for k in range(n_base):
            v = base[k]
            for q in range(n_rep):
                apply_replacement(R, reps[order[q]], &v)
            n = add_unique(outs, n, &v)
        if not next_permutation(order, n_rep):
            break
    return n


cdef int triggered_outputs(Rules* R, Board* b, int i, int row, Vec* ins, int n_in,
                           Vec* outs, Vec* owns) noexcept nogil:
    """Add the triggered mana abilities (106.12a) to each output, every choice; distinct
    results. What a trigger checks and copies ("a type that land produced") is the mana the
    ability itself produced, never mana other triggers added."""
    cdef int j, k, q, t, trow, n = 0, m, cur, cur_k, amount
    cdef unsigned int of_type, produced
    cdef Card* c
    cdef ManaTrigger* tr
    cdef Vec v
    cdef Vec acc[MAXOPT]
    cdef Vec nxt[MAXOPT]
    for k in range(n_in):
        produced = 0
        for t in range(6):
            if ins[k].m[t] > 0:
                produced |= 1u << t
        cur = 1
        acc[0] = ins[k]
        if not b.scanned:
            scan_board(R, b)
        if R.mana[row].tap and produced and b.any_trigger:
            for j in range(b.n):
                if not in_play(b, j):
                    continue
                c = card_of(R, b, j)
                for q in range(c.n_trigger):
                    trow = c.trigger_first + q
                    tr = &R.mtrig[trow]
                    if not trigger_watches(R, b, j, trow, i):
                        continue
                    of_type = tr.of_type
                    if of_type == MT_CHOSEN:
                        of_type = b.perms[j].chosen_color
                        if of_type == 0:
                            continue
                    if of_type and not (produced & of_type):
                        continue
                    amount = tr.amount
                    m = 0
                    for cur_k in range(cur):
                        v = acc[cur_k]
                        if tr.adds == TA_FIXED:
                            for t in range(6):
                                v.m[t] += R.costs[tr.mana].pips[t] * amount
                            m = add_unique(nxt, m, &v)
                        elif tr.adds == TA_CHOSEN_COLOR:
                            t = type_index(b.perms[j].chosen_color)
                            if t >= 0:
                                v.m[t] += amount
                            m = add_unique(nxt, m, &v)
                        else:   # PRODUCED: a type the permanent produced; ANY_COLOR: any colour
                            for t in range(6):
                                if (tr.adds == TA_PRODUCED and produced & (1u << t)) or (
                                        tr.adds == TA_ANY_COLOR and t < 5):
                                    v = acc[cur_k]
                                    v.m[t] += amount
                                    m = add_unique(nxt, m, &v)
                    memcpy(acc, nxt, m * sizeof(Vec))
                    cur = m
        for q in range(cur):            # owns[]: the permanent's own part (its source, 106.3)
            n = add_unique_pair(outs, owns, n, &acc[q], &ins[k],
                                (card_of(R, b, i).supertypes & ST_SNOW) != 0)
    return n


cdef int ability_outputs(Rules* R, Board* b, int i, int row, uint8_t* cp, int x, Vec* outs,
                         Vec* owns) noexcept nogil:
    """Every distinct result of activating mana ability `row` of permanent i now: base output,
    replacement effects in every order, triggered mana abilities with every choice."""
    cdef Vec base[MAXOPT]
    cdef Vec rep[MAXOPT]
    cdef int n = base_outputs(R, b, i, row, cp, x, base)
    if n == 0:
        return 0
    n = replaced_outputs(R, b, i, row, base, n, rep)
    return triggered_outputs(R, b, i, row, rep, n, outs, owns)


# ---- could produce (106.7) -------------------------------------------------------------------

cdef unsigned int types_could_produce(Rules* R, Board* b, int i, uint8_t* cp) noexcept nogil:
    """The types permanent i could produce given the current sets `cp` of every permanent:
    every ability, replacement effects in every order, costs ignored."""
    cdef int rows[16]
    cdef int n_rows = mana_ability_rows(R, b, i, rows)
    cdef Vec base[MAXOPT]
    cdef Vec rep[MAXOPT]
    cdef int k, q, t, n
    cdef unsigned int out = 0
    for k in range(n_rows):
        n = base_outputs(R, b, i, rows[k], cp, 0, base)
        if n == 0:
            continue
        n = replaced_outputs(R, b, i, rows[k], base, n, rep)
        for q in range(n):
            for t in range(6):
                if rep[q].m[t] > 0:
                    out |= 1u << t
    return out


cdef inline uint32_t board_flags(Rules* R, Board* b) noexcept nogil:
    """The CardInfoFlags of every permanent in play, OR-ed together."""
    cdef int i
    cdef uint32_t flags = 0
    for i in range(b.n):
        if in_play(b, i):
            flags |= R.info[b.perms[i].card]
    return flags


cdef void could_produce_all(Rules* R, Board* b, uint8_t* cp) noexcept nogil:
    """Least fixpoint of "could produce" over the board (Reflecting Pool and friends)."""
    cdef int i, rounds = 0
    cdef unsigned int v
    cdef uint32_t flags = 0
    cdef bint changed = True
    for i in range(b.n):
        cp[i] = 0
        if in_play(b, i):
            flags |= R.info[b.perms[i].card]
    if R.fast and not (flags & CI_MANA_EFFECT):
        # Nothing refers to anything (no could-produce references, grants, replacements):
        # each permanent's types are its own, found in one pass; a simple card's are its
        # summary's, a complex source's (Castle Garenbrig, Gaea's Cradle) are worked out.
        for i in range(b.n):
            if in_play(b, i):
                if R.info[b.perms[i].card] & CI_COMPLEX_MANA:
                    cp[i] = <uint8_t>types_could_produce(R, b, i, cp)
                else:
                    cp[i] = R.static_cp[b.perms[i].card]
        return
    while changed and rounds < 64:
        changed = False
        rounds += 1
        for i in range(b.n):
            if not in_play(b, i):
                continue
            v = types_could_produce(R, b, i, cp) | cp[i]
            if v != cp[i]:
                cp[i] = <uint8_t>v
                changed = True


# ---- sources of mana and paying costs ------------------------------------------------------

cdef int input_units(Rules* R, int cost_row, uint8_t* masks) noexcept nogil:
    """The mana an ability's activation cost needs, as units with the types that may pay each."""
    cdef int n = 0, t, k
    cdef Cost* c
    if cost_row < 0:
        return 0
    c = &R.costs[cost_row]
    for t in range(6):
        for k in range(c.pips[t]):
            if n < 8:
                masks[n] = 1 << t
                n += 1
    for k in range(c.n_hybrid):
        if n < 8:
            masks[n] = R.hybrids[c.hybrid_first + k].colors
            n += 1
    for t in range(5):
        for k in range(c.phyrexian[t] + c.mono_hybrid[t] + c.colorless_hybrid[t]):
            if n < 8:
                masks[n] = (1 << t) | (32 if c.colorless_hybrid[t] else 0)
                n += 1
    for k in range(c.generic):
        if n < 8:
            masks[n] = ALLTYPES
            n += 1
    return n


cdef int source_options(Rules* R, Board* b, int i, uint8_t* cp, Options* o, bint life_effects) noexcept nogil:
    """Every result the ready mana abilities of permanent i can give (one activation: a
    permanent taps once), with the input each needs; dominated results are dropped."""
    cdef int rows[16]
    cdef int n_rows = mana_ability_rows(R, b, i, rows)
    cdef Vec outs[MAXOPT]
    cdef Vec owns[MAXOPT]
    cdef uint8_t masks[8]
    cdef int k, q, n, n_in, r, t, life, gain, dmg
    cdef bint dominated, same_input
    cdef bint snow = (card_of(R, b, i).supertypes & ST_SNOW) != 0
    o.n = 0
    for k in range(n_rows):
        if not ability_ready(R, b, i, rows[k]):
            continue
        n = ability_outputs(R, b, i, rows[k], cp, 0, outs, owns)
        n_in = input_units(R, R.mana[rows[k]].cost, masks)
        life = R.mana[rows[k]].life
        gain = dmg = 0
        if life_effects and R.mana[rows[k]].effect >= 0:      # pain lands, The Great Henge
            dmg = R.effects[R.mana[rows[k]].effect].damage_to_you.fixed
            gain = R.effects[R.mana[rows[k]].effect].gain_life.fixed
        for q in range(n):
            # drop an output another option already covers at no greater price
            dominated = False
            for r in range(o.n):
                same_input = o.n_in[r] <= n_in and (o.n_in[r] == 0 or (o.n_in[r] == n_in and
                             memcmp_masks(o.in_mask[r], masks, n_in)))
                if (same_input and vec_leq(&outs[q], &o.out[r]) and (not snow or vec_leq(&owns[q], &o.own[r]))
                        and o.life[r] <= life and o.dmg[r] <= dmg and o.gain[r] >= gain):
                    dominated = True
                    break
            if dominated or o.n >= MAXOPT:
                continue
            o.out[o.n] = outs[q]
            o.own[o.n] = owns[q]
            o.n_in[o.n] = n_in
            for t in range(n_in):
                o.in_mask[o.n][t] = masks[t]
            o.ability[o.n] = k
            o.life[o.n] = life
            o.gain[o.n] = gain
            o.dmg[o.n] = dmg
            o.n += 1
    return o.n


cdef bint memcmp_masks(uint8_t* a, uint8_t* b, int n) noexcept nogil:
    cdef int k
    for k in range(n):
        if a[k] != b[k]:
            return False
    return True


cdef long binom(int n, int k) noexcept nogil:
    cdef long r = 1
    cdef int j
    if k < 0 or k > n:
        return 0
    for j in range(1, k + 1):
        r = r * (n - k + j) // j
    return r


cdef int decompose(Options* o, uint8_t* masks) noexcept nogil:
    """If the options are exactly "T units, each any type of a mask" (or one fixed output), write
    the unit masks and return T; else -1. Such sources need no search: matching decides."""
    cdef int k, t, total, n = 0, q
    cdef unsigned int m = 0
    for k in range(o.n):
        if o.n_in[k] or o.life[k] or o.gain[k] or o.dmg[k] or (o.snow and not vec_eq(&o.out[k], &o.own[k])):
            return -1
    if o.n == 1:
        for t in range(6):
            for q in range(o.out[0].m[t]):
                if n < MAXUNIT:
                    masks[n] = 1 << t
                    n += 1
        return n
    total = vec_total(&o.out[0])
    for k in range(o.n):
        if vec_total(&o.out[k]) != total:
            return -1
        for t in range(6):
            if o.out[k].m[t]:
                m |= 1u << t
    if total > MAXUNIT or binom(total + popcount6(m) - 1, total) != o.n:
        return -1
    for q in range(total):
        masks[q] = <uint8_t>m
    return total


cdef struct Payment:             # the mana sources of one player, ready for payment checks
    int n_units                  # sources matched directly: one unit of mana each, of a mask
    uint8_t unit_mask[MAXUNIT]
    int16_t unit_src[MAXUNIT]    # the permanent each unit comes from (-1: the mana pool)
    int n_branch                 # sources that need a search (choices, inputs)
    Options branch[MAXBRANCH]
    int16_t branch_src[MAXBRANCH]
    int8_t prev_same[MAXBRANCH]  # the last earlier searched source with the same options, -1
    int max_branch_total         # upper bound of what the searched sources add
    int life                     # the player's life (for sources that cost life)
    int max_gain                 # the most life activating the searched sources can gain


cdef bint simple_units(Rules* R, Board* b, int i, bint life_effects, Payment* P) noexcept nogil:
    """On a board without mana effects, add the units of permanent i if it is a simple source
    (every mana ability a plain {T} ability: `unit_count` units of `unit_mask`, the same units
    source_options and decompose would find) and return True; False if it needs them (a complex
    source, or one whose abilities gain life or deal damage while life is tracked)."""
    cdef int card = b.perms[i].card
    cdef Card* c = &R.cards[card]
    cdef int k, n
    cdef uint8_t mask
    if R.info[card] & CI_COMPLEX_MANA:
        return False
    if life_effects:
        for k in range(c.n_mana):
            if R.mana[c.mana_first + k].effect >= 0:
                return False
    n = R.unit_count[card]
    if n == 0 or b.perms[i].flags & PF_TAPPED or is_sick(R, b, i):
        return True                                  # no ready ability (107.5, 302.6)
    mask = R.unit_mask[card] | (SNOW_BIT if c.supertypes & ST_SNOW else 0)
    for k in range(n):
        if P.n_units < MAXUNIT:
            P.unit_mask[P.n_units] = mask
            P.unit_src[P.n_units] = i
            P.n_units += 1
    return True


cdef void prepare_payment(Rules* R, Board* b, int player, uint8_t* cp, Payment* P,
                          bint life_effects) noexcept nogil:
    """Gather the player's mana sources. With `life_effects`, life lost or gained by activating
    them is tracked (it matters when the payment also pays life: 601.2g comes before 601.2h)."""
    cdef int i, t, k, n
    cdef uint8_t masks[MAXUNIT]
    cdef Options* o
    cdef Options tmp
    cdef int best, v
    cdef bint costs_life = False
    cdef bint simple_ok
    P.n_units = 0
    P.n_branch = 0
    P.max_branch_total = 0
    P.max_gain = 0
    P.life = b.bi.life[player]
    for t in range(6):                           # mana already in the pool
        for k in range(b.bi.pool[player][t]):
            if P.n_units < MAXUNIT:
                P.unit_mask[P.n_units] = 1 << t
                P.unit_src[P.n_units] = -1
                P.n_units += 1
    simple_ok = R.fast and not (board_flags(R, b) & CI_MANA_EFFECT)
    for i in range(b.n):
        if not in_play(b, i) or controller(b, i) != player:
            continue
        if simple_ok and simple_units(R, b, i, life_effects, P):
            continue
        o = &P.branch[P.n_branch] if P.n_branch < MAXBRANCH else &tmp
        if source_options(R, b, i, cp, o, life_effects) == 0:
            continue
        if not life_effects:
            for k in range(o.n):
                if o.life[k]:
                    costs_life = True
        o.snow = SNOW_BIT if card_of(R, b, i).supertypes & ST_SNOW else 0
        n = decompose(o, masks)
        if n >= 0:
            for k in range(n):
                if P.n_units < MAXUNIT:
                    P.unit_mask[P.n_units] = masks[k] | o.snow
                    P.unit_src[P.n_units] = i
                    P.n_units += 1
        elif P.n_branch < MAXBRANCH:
            best = 0
            for k in range(o.n):
                v = vec_total(&o.out[k])
                if v > best:
                    best = v
            P.max_branch_total += best
            best = 0
            for k in range(o.n):
                if o.gain[k] > best:
                    best = o.gain[k]
            P.max_gain += best
            P.branch_src[P.n_branch] = i
            P.n_branch += 1
        # else: more than MAXBRANCH searched sources; the extra ones are not used (conservative)
    if costs_life and not life_effects:  # life costs: life gained or lost by others matters too
        prepare_payment(R, b, player, cp, P, True)
        return
    for i in range(P.n_branch):
        P.prev_same[i] = -1
        for k in range(i - 1, -1, -1):
            if same_options(&P.branch[k], &P.branch[i]):
                P.prev_same[i] = k
                break


cdef bint same_options(Options* a, Options* b) noexcept nogil:
    """Could two searched sources swap their choices without changing any leaf of the search
    (the same outputs, inputs and life effects, option by option)?"""
    cdef int k, q
    if a.n != b.n or a.snow != b.snow:
        return False
    for k in range(a.n):
        if (not vec_eq(&a.out[k], &b.out[k]) or not vec_eq(&a.own[k], &b.own[k])
                or a.n_in[k] != b.n_in[k] or a.life[k] != b.life[k] or a.gain[k] != b.gain[k]
                or a.dmg[k] != b.dmg[k]):
            return False
        for q in range(a.n_in[k]):
            if a.in_mask[k][q] != b.in_mask[k][q]:
                return False
    return True


cdef struct Match:               # one bipartite matching problem: demands ← supplies
    int n_d
    uint8_t d_mask[MAXDEMAND]
    int8_t d_stage[MAXDEMAND]    # a converter's input: only supplies from earlier stages
    int n_s
    uint8_t s_mask[MAXUNIT]
    int8_t s_stage[MAXUNIT]      # -1: base supply; k: made by the converter activated k-th
    int16_t owner[MAXUNIT]
    uint8_t seen[MAXUNIT]


cdef bint augment(Match* M, int d) noexcept nogil:
    cdef int s
    for s in range(M.n_s):
        if M.seen[s] or not (M.d_mask[d] & M.s_mask[s]) or M.s_stage[s] >= M.d_stage[d]:
            continue
        M.seen[s] = 1
        if M.owner[s] < 0 or augment(M, M.owner[s]):
            M.owner[s] = d
            return True
    return False


cdef bint match_all(Match* M, bint free_first) noexcept nogil:
    """Can every demand get its own supply? (Kuhn's augmenting paths.) With `free_first` a
    demand takes a free supply when there is one (faster; a different matching, so payment
    plans, which keep the matching, don't ask for it)."""
    cdef int d, s
    cdef bint placed
    if M.n_d > M.n_s:
        return False
    for s in range(M.n_s):
        M.owner[s] = -1
    for d in range(M.n_d):
        placed = False
        if free_first:
            for s in range(M.n_s):
                if M.owner[s] < 0 and M.d_mask[d] & M.s_mask[s] and M.s_stage[s] < M.d_stage[d]:
                    M.owner[s] = d
                    placed = True
                    break
        if not placed:
            memset(M.seen, 0, M.n_s)
            if not augment(M, d):
                return False
    return True


cdef struct Demand:              # what must be paid: units with the types that may pay each
    int n
    uint8_t mask[MAXDEMAND]


cdef int used_converters(Payment* P, int* choice, int* conv) noexcept nogil:
    """The searched sources whose chosen option takes mana in (converters), in source order."""
    cdef int g, n_conv = 0
    for g in range(P.n_branch):
        if choice[g] >= 0 and P.branch[g].n_in[choice[g]]:
            conv[n_conv] = g
            n_conv += 1
    return n_conv


cdef void leaf_match(Payment* P, Demand* D, int* choice, int* conv, int n_conv, int* order,
                     Match* M) noexcept nogil:
    """The matching problem of one leaf of the search: D and the converters' inputs ← the
    units and the chosen outputs, converters activated in `order` (a converter's input only
    from units made before it)."""
    cdef int g, k, t, q, pos
    cdef Options* o
    M.n_d = 0
    M.n_s = 0
    for k in range(D.n):
        M.d_mask[M.n_d] = D.mask[k]
        M.d_stage[M.n_d] = 127
        M.n_d += 1
    for k in range(P.n_units):
        M.s_mask[M.n_s] = P.unit_mask[k]
        M.s_stage[M.n_s] = -1
        M.n_s += 1
    for g in range(P.n_branch):
        if choice[g] < 0:
            continue
        o = &P.branch[g]
        pos = -1
        for k in range(n_conv):
            if conv[order[k]] == g:
                pos = k
        for q in range(o.n_in[choice[g]]):
            if M.n_d < MAXDEMAND:
                M.d_mask[M.n_d] = o.in_mask[choice[g]][q]
                M.d_stage[M.n_d] = pos
                M.n_d += 1
        for t in range(6):
            for q in range(o.out[choice[g]].m[t]):
                if M.n_s < MAXUNIT:    # only its own mana comes from the snow source
                    M.s_mask[M.n_s] = (1 << t) | (o.snow if q < o.own[choice[g]].m[t] else 0)
                    M.s_stage[M.n_s] = pos
                    M.n_s += 1


cdef bint leaf_feasible(Payment* P, Demand* D, int* choice, Match* keep) noexcept nogil:
    """With each searched source's choice fixed (-1 unused), is there an order of the used
    converters and a matching that pays D? On success the matching is copied to `keep`."""
    cdef Match M
    cdef int order[MAXBRANCH]
    cdef int conv[MAXBRANCH]
    cdef int k, n_conv = used_converters(P, choice, conv)
    for k in range(n_conv):
        order[k] = k
    while True:
        leaf_match(P, D, choice, conv, n_conv, order, &M)
        if match_all(&M, keep == NULL):
            if keep != NULL:
                keep[0] = M
            return True
        if not next_permutation(order, n_conv):
            return False


cdef int greedy_most(Match* M, uint8_t mask, int bound) noexcept nogil:
    """Add `mask` demands to a matching of the inputs one at a time until one fails (or
    `bound` is reached): how many got a supply."""
    cdef int d, s = 0, got = 0
    while M.n_d < MAXDEMAND and got < M.n_s and got < bound:
        d = M.n_d
        M.d_mask[d] = mask
        M.d_stage[d] = 127
        M.n_d += 1
        while s < M.n_s and (M.owner[s] >= 0 or not (M.s_mask[s] & mask)):
            s += 1              # a free supply of the mask needs no path (only the
        if s < M.n_s:           # count matters here, not which matching)
            M.owner[s] = d
        else:
            memset(M.seen, 0, M.n_s)
            if not augment(M, d):
                break
        got += 1
    return got


cdef void leaf_most(Payment* P, int n_masks, uint8_t* masks, int* choice, int* best) noexcept nogil:
    """With each searched source's choice fixed: for each mask, the most units of it left over
    once every used converter's input is paid (best[m] raised to it; nothing if the inputs
    can't be paid). Left vertices stay matched along augmenting paths and identical demands
    share one neighbourhood, so adding mask demands one at a time until one fails gives the
    maximum (the transversal matroid's greedy). The masks share one matching of the inputs."""
    cdef Match M
    cdef Demand none
    cdef int order[MAXBRANCH]
    cdef int conv[MAXBRANCH]
    cdef int16_t owner0[MAXUNIT]
    cdef int bound[8]
    cdef int k, m, s, got, n_d0, left, n_conv = used_converters(P, choice, conv)
    none.n = 0
    for k in range(n_conv):
        order[k] = k
    while True:
        leaf_match(P, &none, choice, conv, n_conv, order, &M)
        if match_all(&M, True):
            n_d0 = M.n_d
            memcpy(owner0, M.owner, M.n_s * sizeof(int16_t))
            left = 0
            for m in range(n_masks):
                # at most one demand per supply of the mask, and the inputs hold supplies
                # too: at `bound` the next augmenting path (a full search) would fail
                bound[m] = 0
                for s in range(M.n_s):
                    bound[m] += (M.s_mask[s] & masks[m]) != 0
                if bound[m] > M.n_s - n_d0:
                    bound[m] = M.n_s - n_d0
                if best[m] >= bound[m]:
                    continue
                M.n_d = n_d0
                memcpy(M.owner, owner0, M.n_s * sizeof(int16_t))
                got = greedy_most(&M, masks[m], bound[m])
                if got > best[m]:
                    best[m] = got
                if best[m] < bound[m]:  # (bounds are the same for every converter order)
                    left += 1
            if left == 0:
                return
        if not next_permutation(order, n_conv):
            return


cdef struct Life:                # life during a payment: what the chosen activations do to it
    int start                    # life before paying
    int need                     # life the cost itself pays (Phyrexian symbols, 601.2h)
    int cost                     # life paid by activations (Mana Confluence)
    int gain                     # life gained by activations (The Great Henge)
    int dmg                      # damage dealt to you by activations (pain lands)


cdef inline bint life_ok(Life* L) noexcept nogil:
    """With gains first, then life costs, then damage (the player orders the activations):
    every life cost is payable (119.4), and the life the cost itself pays is there at 601.2h.
    Paying no life is always possible, whatever the life total (119.4b)."""
    return ((L.cost == 0 or L.start + L.gain - L.cost >= 0) and
            (L.need == 0 or L.start + L.gain - L.cost - L.dmg >= L.need))


cdef inline Life after(Life* L, Options* o, int k) noexcept nogil:
    """Life once option k of a source is chosen too."""
    cdef Life L2 = L[0]
    L2.cost += o.life[k]
    L2.gain += o.gain[k]
    L2.dmg += o.dmg[k]
    return L2


cdef bint search(Payment* P, Demand* D, int* choice, int g, int supply, Life* L,
                 Match* keep) noexcept nogil:
    """Choose an option for searched sources g.. (converters and sources that cost life may
    also stay unused). For a plan (`keep` given) such a source is left unused first: no
    mana, life or damage is spent on it when the rest can pay."""
    cdef int k, first
    cdef Options* o
    cdef Life L2
    cdef bint costly = False, unused_first
    if supply + P.max_branch_total < D.n:
        return False
    if g == P.n_branch:
        return life_ok(L) and leaf_feasible(P, D, choice, keep)
    o = &P.branch[g]
    for k in range(o.n):                 # unused is only worth trying if using it costs
        costly |= o.n_in[k] or o.life[k] or o.dmg[k]
    # Sources with the same options take them in order (a choice no earlier than the last
    # such source's): the first feasible leaf in this order is in order anyway, since
    # swapping two such sources' choices gives a feasible leaf met earlier.
    unused_first = costly and keep != NULL
    first = -1                          # the rank of the earliest choice allowed
    if P.prev_same[g] >= 0:
        first = choice_rank(choice[P.prev_same[g]], o.n, unused_first)
    choice[g] = -1
    if unused_first and first <= -1 and search(P, D, choice, g + 1, supply, L, keep):
        return True
    for k in range(max(first, 0), o.n):
        choice[g] = k
        L2 = after(L, o, k)
        if search(P, D, choice, g + 1, supply, &L2, keep):
            return True
    choice[g] = -1
    return costly and keep == NULL and search(P, D, choice, g + 1, supply, L, keep)


cdef inline int choice_rank(int choice, int n, bint unused_first) noexcept nogil:
    """Where a choice comes in the order the search tries them: unused (-1) first or last."""
    if choice >= 0:
        return choice
    return -1 if unused_first else n


cdef bint payable_keep(Payment* P, Demand* D, int need, int* choice, Match* keep) noexcept nogil:
    """Can the sources pay demand D, with `need` life paid by the cost itself? On success
    `choice` holds each searched source's option and `keep` (if given) the matching."""
    cdef int g
    cdef Life L
    for g in range(MAXBRANCH):
        choice[g] = -1
    L.start = P.life
    L.need = need
    L.cost = L.gain = L.dmg = 0
    return search(P, D, choice, 0, P.n_units, &L, keep)


cdef bint payable(Payment* P, Demand* D, int need) noexcept nogil:
    cdef int choice[MAXBRANCH]
    return payable_keep(P, D, need, choice, NULL)


cdef bint pays_life(TotalCost* c) noexcept nogil:
    cdef int k
    for k in range(5):
        if c.phyrexian[k]:
            return True
    for k in range(10):
        if c.hybrid_phyrexian[k]:
            return True
    return False


cdef int cost_alternatives(TotalCost* c, uint8_t* kinds, uint8_t* arg) noexcept nogil:
    """The symbols of c whose way of paying is chosen (601.2b): Phyrexian (colour or 2 life),
    {2/C} (colour or two generic), hybrid Phyrexian (either colour or 2 life). Returns how
    many (at most MAXCHOICE; the search tries both ways for the first MAXCHOOSE of them and
    pays the rest with mana)."""
    cdef int n = 0, t, k
    for t in range(5):
        for k in range(c.phyrexian[t]):
            if n < MAXCHOICE:
                kinds[n] = 0; arg[n] = 1 << t; n += 1
        for k in range(c.mono_hybrid[t]):
            if n < MAXCHOICE:
                kinds[n] = 1; arg[n] = 1 << t; n += 1
    for t in range(10):
        for k in range(c.hybrid_phyrexian[t]):
            if n < MAXCHOICE:
                kinds[n] = 2; arg[n] = HYBRID_PAIRS[t]; n += 1
    return n


cdef int cost_demand(TotalCost* c, int alt, int n_choice, uint8_t* kinds, uint8_t* arg,
                     Demand* D) noexcept nogil:
    """The mana demand of cost c paid the way `alt` chooses (bit k: the k-th choosable symbol
    paid with life, or {2/C} with two generic); returns the life the cost itself then pays.
    A Trinisphere floor counts the mana actually paid."""
    cdef int t, k, bit, life_needed = 0, mana_paid
    D.n = 0
    for t in range(6):
        for k in range(c.pips[t]):
            add_demand(D, 1 << t)
    for t in range(5):
        for k in range(c.colorless_hybrid[t]):
            add_demand(D, (1 << t) | 32)
    for t in range(10):
        for k in range(c.hybrid[t]):
            add_demand(D, HYBRID_PAIRS[t])
    for k in range(c.snow):
        add_demand(D, SNOW_BIT)              # {S}: mana from a snow source (107.4h)
    for k in range(n_choice):
        bit = (alt >> k) & 1
        if kinds[k] == 1:                    # {2/W}: W, or two generic
            if bit:
                add_demand(D, ALLTYPES); add_demand(D, ALLTYPES)
            else:
                add_demand(D, arg[k])
        elif bit:
            life_needed += 2                 # Phyrexian: 2 life
        else:
            add_demand(D, arg[k])
    for k in range(c.generic):
        add_demand(D, ALLTYPES)
    mana_paid = D.n
    while mana_paid < c.minimum:             # Trinisphere (601.2b, 601.2f)
        add_demand(D, ALLTYPES)
        mana_paid += 1
    return life_needed


cdef bint cost_payable(Payment* P, TotalCost* c, int life) noexcept nogil:
    """Can P pay total cost c (601.2g–h)? Each way of paying the choosable symbols is tried."""
    cdef Demand D
    cdef uint8_t kinds[MAXCHOICE]
    cdef uint8_t arg[MAXCHOICE]
    cdef int n_choice = cost_alternatives(c, kinds, arg), alt, life_needed
    for alt in range(1 << min(n_choice, MAXCHOOSE)):
        life_needed = cost_demand(c, alt, n_choice, kinds, arg, &D)
        if life_needed > 0 and life_needed > life + P.max_gain:      # (119.4b)
            continue
        if payable(P, &D, life_needed):
            return True
    return False


cdef inline void add_demand(Demand* D, uint8_t mask) noexcept nogil:
    if D.n < MAXDEMAND:
        D.mask[D.n] = mask
        D.n += 1


cdef int max_mana(Payment* P, uint8_t mask) noexcept nogil:
    """The most mana of the types in `mask` the sources can leave in the pool: the best leaf
    of the same search `payable` makes (every life cost of the activations payable)."""
    cdef int best = 0
    max_mana_masks(P, 1, &mask, &best)
    return best


cdef void max_mana_masks(Payment* P, int n_masks, uint8_t* masks, int* best) noexcept nogil:
    """max_mana for several masks with one search (each leaf's input matching shared)."""
    cdef int choice[MAXBRANCH]
    cdef int rest[MAXBRANCH + 1]
    cdef int g, k, v, gain
    cdef Life L
    cdef Options* o
    for g in range(MAXBRANCH):
        choice[g] = -1
    for g in range(n_masks):
        best[g] = 0
    rest[P.n_branch] = 0                # the most sources g.. can add net of their inputs
    for g in range(P.n_branch - 1, -1, -1):
        o = &P.branch[g]
        gain = 0
        for k in range(o.n):
            v = vec_total(&o.out[k]) - o.n_in[k]
            if v > gain:
                gain = v
        rest[g] = rest[g + 1] + gain
    L.start = P.life
    L.need = 0
    L.cost = L.gain = L.dmg = 0
    search_most(P, n_masks, masks, choice, 0, &L, best, P.n_units, rest)


cdef void search_most(Payment* P, int n_masks, uint8_t* masks, int* choice, int g, Life* L,
                      int* best, int have, int* rest) noexcept nogil:
    """`search`, maximising leaf_most over the leaves instead of stopping at a feasible one.
    `have`: the units and the chosen outputs less their inputs; no leaf below can leave more
    than have + rest[g] (a leaf's value is at most its supplies less its inputs)."""
    cdef int k, m, v, first, cap = P.n_units + P.max_branch_total
    cdef int most[8]
    cdef bint open_ = False
    cdef Options* o
    cdef Life L2
    if cap > have + rest[g]:
        cap = have + rest[g]
    for m in range(n_masks):
        if best[m] < cap and best[m] < MAXDEMAND - 1:
            open_ = True
    if not open_:
        return                          # nothing can do better
    if g == P.n_branch:
        if life_ok(L):
            for m in range(n_masks):
                most[m] = best[m]
            leaf_most(P, n_masks, masks, choice, most)
            for m in range(n_masks):
                v = most[m]
                if v > best[m]:
                    best[m] = v if v < MAXDEMAND - 1 else MAXDEMAND - 1
        return
    o = &P.branch[g]
    first = -1                          # sources with the same options in order (see search)
    if P.prev_same[g] >= 0:
        first = choice_rank(choice[P.prev_same[g]], o.n, False)
    for k in range(max(first, 0), o.n):
        choice[g] = k
        L2 = after(L, o, k)
        search_most(P, n_masks, masks, choice, g + 1, &L2, best,
                    have + vec_total(&o.out[k]) - o.n_in[k], rest)
    choice[g] = -1
    for k in range(o.n):
        if o.n_in[k] or o.life[k] or o.dmg[k]:
            search_most(P, n_masks, masks, choice, g + 1, L, best, have, rest)
            return


# ---- total cost (601.2f) ---------------------------------------------------------------------

cdef int pair_index(uint8_t colors) noexcept nogil:
    cdef int k
    for k in range(10):
        if HYBRID_PAIRS[k] == colors:
            return k
    return 0


cdef void add_cost(Rules* R, int row, int x, TotalCost* out) noexcept nogil:
    cdef Cost* c
    cdef int t, k
    cdef Hybrid* h
    if row < 0:
        return
    c = &R.costs[row]
    out.generic += c.generic + x * c.x
    out.snow += c.snow
    for t in range(6):
        out.pips[t] += c.pips[t]
    for t in range(5):
        out.phyrexian[t] += c.phyrexian[t]
        out.mono_hybrid[t] += c.mono_hybrid[t]
        out.colorless_hybrid[t] += c.colorless_hybrid[t]
    for k in range(c.n_hybrid):
        h = &R.hybrids[c.hybrid_first + k]
        if h.phyrexian:
            out.hybrid_phyrexian[pair_index(h.colors)] += 1
        else:
            out.hybrid[pair_index(h.colors)] += 1


cdef bint modifier_applies(Rules* R, Board* b, CostModifier* m, int source, int owner,
                           int card_row, int caster) noexcept nogil:
    """Does cost modifier m (of permanent `source`, or of the card itself when -1) apply to
    `card_row` cast by `caster`?"""
    if m.scope == SS_SELF:
        if source >= 0:
            return False
    else:
        if source < 0:
            return False
        if m.scope == SS_YOUR_SPELLS and owner != caster:
            return False
        if m.scope == SS_OPPONENT_SPELLS and owner == caster:
            return False
    if m.while_untapped and source >= 0 and (b.perms[source].flags & PF_TAPPED):
        return False
    return modifier_filter_matches(R, m, card_row)


cdef bint modifier_filter_matches(Rules* R, CostModifier* m, int card_row) noexcept nogil:
    """The part of modifier_applies that depends on the spell alone: its types and colours."""
    cdef Card* c = &R.cards[card_row]
    if (m.types or m.supertypes or m.subtypes) and not (
            (c.types & m.types) or (c.supertypes & m.supertypes) or (c.subtypes & m.subtypes)):
        return False
    if c.types & m.not_types:
        return False
    if m.colors and not (c.colors & m.colors):
        return False
    return True


cdef bint may_change_cost(Rules* R, int card, int card_row) noexcept nogil:
    """Could a permanent of `card` ever change the cost of `card_row` (whoever controls it)?"""
    cdef Card* c = &R.cards[card]
    cdef int k
    cdef CostModifier* m
    for k in range(c.n_costmod):
        m = &R.costmods[c.costmod_first + k]
        if m.scope != SS_SELF and modifier_filter_matches(R, m, card_row):
            return True
    return False


cdef int cost_total(TotalCost* t) noexcept nogil:
    cdef int k, n = t.generic + t.snow + t.pips[0] + t.pips[1] + t.pips[2] + t.pips[3] + t.pips[4] + t.pips[5]
    if cost_is_plain(t):                # (most are: no choice symbols to count)
        return n
    for k in range(5):
        n += t.phyrexian[k] + 2 * t.mono_hybrid[k] + t.colorless_hybrid[k]
    for k in range(10):
        n += t.hybrid[k] + t.hybrid_phyrexian[k]
    return n


cdef void apply_modifier(Rules* R, Board* b, CostModifier* m, int source, int owner, int x,
                         TotalCost* out) noexcept nogil:
    cdef int amount, t, r, spill
    cdef Cost* c
    amount = eval_amount(R, b, m.amount, source, owner, x)
    if m.change == CC_INCREASE:
        add_cost(R, m.mana, 0, out)
        out.generic += amount
    elif m.change == CC_REDUCE:
        if m.mana >= 0:
            c = &R.costs[m.mana]
            for t in range(6):              # coloured or {C} reduction; excess off generic (118.7b-d)
                r = c.pips[t]
                if r:
                    spill = r - out.pips[t] if r > out.pips[t] else 0
                    out.pips[t] = out.pips[t] - r if out.pips[t] > r else 0
                    amount += spill
            amount += c.generic
        out.generic = out.generic - amount if out.generic > amount else 0   # 118.7a
    # SET_MINIMUM is applied after every increase and reduction (see total_cost)


cdef void total_cost(Rules* R, Board* b, int card_row, int x, bint kicked, int alternative,
                     int caster, bint from_hand, TotalCost* out) noexcept nogil:
    """601.2f. `alternative`: 0 the mana cost, 1 flashback. `from_hand`: the card leaves the
    caster's hand as it moves to the stack, before the total is determined."""
    cdef Card* c = &R.cards[card_row]
    cdef int step, i, k, q, minimum, n, n_mod = 0
    cdef Card* pc
    cdef CostModifier* m
    cdef int mod_row[64]
    cdef int mod_src[64]
    cdef bint left_hand
    if R.base_cost != NULL and x == 0 and not kicked and alternative == 0 and c.n_costmod == 0:
        if not b.scanned:
            scan_board(R, b)
        if not b.any_costmod:           # nothing changes it: the precomputed total
            out[0] = R.base_cost[card_row]
            return
    left_hand = from_hand and b.bi.hand_size[caster] > 0
    memset(out, 0, sizeof(TotalCost))
    if left_hand:                       # 601.2a: the card moves to the stack first
        b.bi.hand_size[caster] -= 1
    add_cost(R, c.flashback if alternative == 1 else c.cost, x, out)
    if kicked:
        add_cost(R, c.kicker, 0, out)
    for k in range(c.n_costmod):        # the card's own ("this spell costs ... less")
        if n_mod < 64:
            mod_row[n_mod] = c.costmod_first + k
            mod_src[n_mod] = -1
            n_mod += 1
    for i in range(b.n):                # static abilities of permanents
        if not (R.info[b.perms[i].card] & CI_COSTMOD) or not in_play(b, i):
            continue
        pc = card_of(R, b, i)
        for k in range(pc.n_costmod):
            if n_mod < 64:
                mod_row[n_mod] = pc.costmod_first + k
                mod_src[n_mod] = i
                n_mod += 1
    minimum = 0
    for step in range(3):               # increases, then reductions, then setters (Trinisphere)
        for q in range(n_mod):
            m = &R.costmods[mod_row[q]]
            i = mod_src[q]
            if m.change != step or not modifier_applies(R, b, m, i, caster if i < 0 else controller(b, i),
                                                        card_row, caster):
                continue
            if step < 2:
                apply_modifier(R, b, m, i, caster if i < 0 else controller(b, i), x, out)
            else:
                n = eval_amount(R, b, m.amount, i, controller(b, i) if i >= 0 else caster, x)
                if n > minimum:
                    minimum = n
    out.minimum = minimum if minimum < 255 else 255
    if cost_is_plain(out):              # no payment choices left: apply the floor now
        n = cost_total(out)
        if n < minimum:
            out.generic += minimum - n
        out.minimum = 0
    if left_hand:
        b.bi.hand_size[caster] += 1


# =============================================================================================
# Python entry points. Each validates nothing itself: the Python layer (mtgsim.batch,
# mtgsim.scenario) checks shapes, dtypes and ranges first, then calls in.
# =============================================================================================

cdef class CoreTables:
    """The compiled tables of a set of cards, held for the kernels (see mtgsim.compile)."""
    cdef Rules R
    cdef readonly object tables
    cdef object _keep

    def __cinit__(self, tables):
        import numpy as np
        self.tables = tables
        arrays = {}
        for name in ("cards", "costs", "hybrids", "counts", "effects", "mana_abilities",
                     "cost_modifiers", "mana_triggers", "mana_replacements", "grants", "enters",
                     "triggered", "activated"):
            a = np.ascontiguousarray(getattr(tables, name))
            if len(a) == 0:          # a pointer to a zero-length table is never read
                a = np.zeros(1, dtype=a.dtype)
            arrays[name] = a
        self._keep = arrays
        self.R.cards = <Card*>cnp.PyArray_DATA(arrays["cards"])
        self.R.n_cards = len(tables.cards)
        self.R.costs = <Cost*>cnp.PyArray_DATA(arrays["costs"])
        self.R.hybrids = <Hybrid*>cnp.PyArray_DATA(arrays["hybrids"])
        self.R.counts = <Count*>cnp.PyArray_DATA(arrays["counts"])
        self.R.effects = <Effect*>cnp.PyArray_DATA(arrays["effects"])
        self.R.mana = <ManaAbility*>cnp.PyArray_DATA(arrays["mana_abilities"])
        self.R.n_mana = len(tables.mana_abilities)
        self.R.costmods = <CostModifier*>cnp.PyArray_DATA(arrays["cost_modifiers"])
        self.R.mtrig = <ManaTrigger*>cnp.PyArray_DATA(arrays["mana_triggers"])
        self.R.mrep = <ManaReplacement*>cnp.PyArray_DATA(arrays["mana_replacements"])
        self.R.grants = <GrantRow*>cnp.PyArray_DATA(arrays["grants"])
        self.R.enters = <Enters*>cnp.PyArray_DATA(arrays["enters"])
        self.R.triggered = <Triggered*>cnp.PyArray_DATA(arrays["triggered"])
        self.R.activated = <Activated*>cnp.PyArray_DATA(arrays["activated"])
        # -1 when none of the cards grants it: no permanent can have it then, and
        # mana_ability_rows needn't ask the board's grants (a scan of the board)
        self.R.granted_row = (tables.granted_mana_row if np.any(tables.grants["grant"] == GR_MANA_ANY_COLOR)
                              else -1)
        summary = card_summaries(tables)
        self._keep["summary"] = summary
        self.R.info = <uint32_t*>cnp.PyArray_DATA(summary["flags"])
        self.R.static_cp = <uint8_t*>cnp.PyArray_DATA(summary["could_produce"])
        self.R.unit_mask = <uint8_t*>cnp.PyArray_DATA(summary["unit_mask"])
        self.R.unit_count = <uint8_t*>cnp.PyArray_DATA(summary["unit_count"])
        flags = summary["flags"]
        size = 1 << max(self.R.n_cards - 1, 0).bit_length()
        direct = np.full(size, DIRECT_BAD, dtype=np.uint32)
        direct[:self.R.n_cards] = (     # (a complex card's units: its lower bound)
            summary["could_produce"][:self.R.n_cards].astype(np.uint32)
            | (summary["unit_mask"] | summary["lower_mask"])[:self.R.n_cards].astype(np.uint32) << 8
            | (summary["unit_count"] | summary["lower_count"])[:self.R.n_cards].astype(np.uint32) << 16
            | (flags[:self.R.n_cards] & 0x7F) << 24
            | np.where(flags[:self.R.n_cards] & (CI_CREATURE | CI_HASTE) == CI_CREATURE, 1 << 31, 0))
        summary["direct"] = direct
        self.R.direct_mask = size - 1
        self.R.direct = <uint32_t*>cnp.PyArray_DATA(summary["direct"])
        self.R.fast = 1
        self.R.base_cost = NULL
        base = np.zeros(max(self.R.n_cards, 1), dtype=_dtype_of("total_cost"))
        self._keep["base_cost"] = base
        cdef_fill_base_costs(&self.R, base)
        self.R.base_cost = <TotalCost*>cnp.PyArray_DATA(base)

    property fast_path:
        """Whether simple boards take the direct path (tests turn it off to compare)."""
        def __get__(self):
            return bool(self.R.fast)

        def __set__(self, value):
            self.R.fast = 1 if value else 0


cdef void cdef_fill_base_costs(Rules* R, TotalCost[::1] out) noexcept:
    """Each card's total cost on a board that changes nothing (601.2f with no modifiers)."""
    cdef Board b
    cdef BoardInfo info
    cdef int row
    memset(&info, 0, sizeof(BoardInfo))
    b.perms = NULL
    b.n = 0
    b.bi = &info
    b.scanned = 0
    for row in range(R.n_cards):
        total_cost(R, &b, row, 0, False, 0, 0, False, &out[row])


cdef inline Board one_board(Permanent[::1] perms, int n, BoardInfo[::1] info) noexcept:
    cdef Board b
    b.perms = &perms[0]
    b.n = n
    b.scanned = 0
    b.bi = &info[0]
    return b


cdef struct Question:              # what evaluate_boards asks of every board
    int card_row                   # the spell...
    int x
    bint kicked
    int alternative
    int player                     # ...cast by this player
    bint from_hand
    TotalCost* base                # its total cost where no permanent changes it, or NULL
    HallDemand* demand             # ...as Hall's condition reads it, or NULL if not plain
    uint8_t* changes_cost          # per card: may a permanent of it change the spell's cost


cdef int32_t evaluate_one(Rules* R, Question* q, Permanent* perms, int n, int capacity,
                          BoardInfo* bi, TotalCost* out_cost, int32_t* out_mana,
                          uint8_t* out_could, uint8_t* out_castable) noexcept nogil:
    """Everything `evaluate_boards` reports, for one board; returns its fault (board_fault).
    Simple boards (no mana effects, simple sources, a plain cost) are summed as units and
    decided by Hall's condition here; the rest take the general search."""
    cdef Board b
    cdef Direct d
    cdef HallDemand own
    cdef HallDemand* demand = q.demand
    cdef int t, done
    if <unsigned int>n > <unsigned int>capacity:
        return 1 + capacity
    if info_fault(bi):
        return 2 + capacity
    for t in range(n, capacity):
        out_could[t] = 0
    b.perms = perms
    b.n = n
    b.scanned = 0
    b.bi = bi
    if R.fast:
        done = prepare_direct(R, &b, q.player, out_could, &d)
        if done < 0:
            return board_fault(R, perms, n, capacity)
        if done == 1:
            if q.base != NULL and not (d.all_flags & CI_COSTMOD and changes_cost(q, perms, n)):
                out_cost[0] = q.base[0]          # nothing on the board changes the cost
            else:
                total_cost(R, &b, q.card_row, q.x, q.kicked, q.alternative, q.player,
                           q.from_hand, out_cost)
                demand = NULL
                if cost_is_plain(out_cost):
                    hall_demand(out_cost, &own)
                    demand = &own
            if demand != NULL:
                direct_mana(&d, out_mana)
                out_castable[0] = hall_holds(demand, &d)
                return 0
    t = board_fault(R, perms, n, capacity)
    if t:
        return t
    evaluate_searched(R, &b, q.card_row, q.x, q.kicked, q.alternative, q.player, q.from_hand,
                      out_cost, out_mana, out_could, out_castable)
    return 0


cdef inline bint changes_cost(Question* q, Permanent* perms, int n) noexcept nogil:
    """Is there a permanent whose cost modifiers may apply to the spell asked about?"""
    cdef int i
    for i in range(n):
        if q.changes_cost[perms[i].card]:
            return True
    return False


cdef void evaluate_searched(Rules* R, Board* b, int card_row, int x, bint kicked, int alternative,
                            int player, bint from_hand, TotalCost* out_cost, int32_t* out_mana,
                            uint8_t* out_could, uint8_t* out_castable) noexcept nogil:
    """The general path of `evaluate_one`: could-produce fixpoint, total cost, payment search."""
    cdef Payment P
    cdef int t
    cdef int most[7]
    could_produce_all(R, b, out_could)
    total_cost(R, b, card_row, x, kicked, alternative, player, from_hand, out_cost)
    prepare_payment(R, b, player, out_could, &P, False)
    max_mana_masks(&P, 7, MANA_MASKS, most)
    for t in range(7):
        out_mana[t] = most[t]
    if pays_life(out_cost):
        prepare_payment(R, b, player, out_could, &P, True)
    out_castable[0] = cost_payable(&P, out_cost, b.bi.life[player])


cdef inline bint info_fault(BoardInfo* bi) noexcept nogil:
    """A negative hand size or mana in a pool (a board the kernels can't read)."""
    cdef int t, p
    cdef int16_t neg = bi.hand_size[0] | bi.hand_size[1]
    for p in range(2):
        for t in range(6):
            neg |= bi.pool[p][t]
    return neg < 0


cdef int32_t board_fault(Rules* R, Permanent* perms, int n, int capacity) noexcept nogil:
    """0 if the board is well formed, else 1 + the row of the first bad permanent (or of the
    count, 1 + capacity; 2 + capacity for its BoardInfo): card rows, controllers and
    attachments must point where they may."""
    cdef int i
    if n < 0 or n > capacity:
        return 1 + capacity
    for i in range(n):
        if (perms[i].card < 0 or perms[i].card >= R.n_cards or perms[i].controller > 1
                or perms[i].attached_to < -1 or perms[i].attached_to >= n):
            return 1 + i
    return 0


def evaluate_boards(CoreTables core, Permanent[:, ::1] perms, int32_t[::1] count,
                    BoardInfo[::1] info, int card_row, int x, bint kicked, int alternative,
                    int player, bint from_hand, TotalCost[::1] out_cost,
                    int32_t[:, ::1] out_mana, uint8_t[:, ::1] out_could,
                    uint8_t[::1] out_castable, int32_t[::1] out_fault, int threads=1):
    """For each board: could-produce of every permanent, the total cost of `card_row` cast by
    `player`, the most mana of each type and in all, and whether the cost can be paid.
    Boards are independent, so `threads` > 1 splits them over OpenMP threads (same results).
    A malformed board is not evaluated: out_fault[g] says where it is wrong (board_fault)."""
    cdef int capacity = perms.shape[1]
    cdef Py_ssize_t g, N = perms.shape[0]
    cdef Board b
    cdef Rules* R = &core.R
    cdef TotalCost base_cost
    cdef HallDemand base_demand
    cdef BoardInfo empty_info
    cdef Question q
    cdef int c, n_threads = max(1, threads)
    cdef uint8_t[::1] changes = np.zeros(R.n_cards + 1, dtype=np.uint8)
    q.card_row, q.x, q.kicked, q.alternative = card_row, x, kicked, alternative
    q.player, q.from_hand = player, from_hand
    q.base = NULL
    q.demand = NULL
    q.changes_cost = &changes[0]
    with nogil:
        if R.cards[card_row].n_costmod == 0:   # the cost where no permanent changes it, once
            memset(&empty_info, 0, sizeof(BoardInfo))
            b.perms = NULL
            b.n = 0
            b.scanned = 0
            b.bi = &empty_info
            total_cost(R, &b, card_row, x, kicked, alternative, player, False, &base_cost)
            q.base = &base_cost
            if cost_is_plain(q.base):
                hall_demand(q.base, &base_demand)
                q.demand = &base_demand
            for c in range(R.n_cards):
                changes[c] = may_change_cost(R, c, card_row)
        # prange with one thread (or without OpenMP) is a plain loop: one code path
        for g in prange(N, schedule="static", num_threads=n_threads):
            out_fault[g] = evaluate_one(R, &q, &perms[g, 0], count[g], capacity, &info[g],
                                        &out_cost[g], &out_mana[g, 0], &out_could[g, 0],
                                        &out_castable[g])


# ---- one board (the Scenario API) -----------------------------------------------------------

def cost_as_total(CoreTables core, int cost_row):
    """COST row `cost_row` (an activation cost's mana, say) as a TOTAL_COST record."""
    out = np.zeros(1, dtype=_dtype_of("total_cost"))
    cdef TotalCost[::1] o = out
    if not 0 <= cost_row < len(core.tables.costs):
        raise IndexError(f"no COST row {cost_row}")
    add_cost(&core.R, cost_row, 0, &o[0])
    return out[0]


def board_could_produce(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info):
    cdef Board b = one_board(perms, n, info)
    out = np.zeros(max(n, 1), dtype=np.uint8)
    cdef uint8_t[::1] o = out
    could_produce_all(&core.R, &b, &o[0])
    return out[:n]


def board_is_sick(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int i):
    cdef Board b = one_board(perms, n, info)
    return is_sick(&core.R, &b, i)


def board_power_toughness(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int i):
    cdef Board b = one_board(perms, n, info)
    return power_of(&core.R, &b, i), toughness_of(&core.R, &b, i)


def board_count(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int row,
                int self_i, int player, int x):
    cdef Board b = one_board(perms, n, info)
    return eval_count(&core.R, &b, row, self_i, player, x)


def board_mana_rows(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int i):
    """The MANA_ABILITY rows of permanent i (printed, then granted)."""
    cdef Board b = one_board(perms, n, info)
    cdef int rows[16]
    cdef int k, m = mana_ability_rows(&core.R, &b, i, rows)
    return [rows[k] for k in range(m)]


def board_ability_ready(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int i, int row):
    cdef Board b = one_board(perms, n, info)
    return ability_ready(&core.R, &b, i, row)


def board_replacements(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int i):
    """(replacement row, source permanent) pairs that apply when permanent i is tapped for mana."""
    cdef Board b = one_board(perms, n, info)
    cdef int reps[6]
    cdef int sources[6]
    cdef int k, m = replacements_for(&core.R, &b, i, reps, sources)
    return [(reps[k], sources[k]) for k in range(m)]


def board_triggers(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int i):
    """(trigger row, source permanent) pairs watching permanent i (tapped-for-mana triggers)."""
    cdef Board b = one_board(perms, n, info)
    cdef int j, k, row
    cdef Card* c
    out = []
    for j in range(n):
        if not in_play(&b, j):
            continue
        c = card_of(&core.R, &b, j)
        for k in range(c.n_trigger):
            row = c.trigger_first + k
            if trigger_watches(&core.R, &b, j, row, i):
                out.append((row, j))
    return out


def board_total_cost(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info,
                     int card_row, int x, bint kicked, int alternative, int caster, bint from_hand):
    cdef Board b = one_board(perms, n, info)
    out = np.zeros(1, dtype=_dtype_of("total_cost"))
    cdef TotalCost[::1] o = out
    total_cost(&core.R, &b, card_row, x, kicked, alternative, caster, from_hand, &o[0])
    return out[0]


def board_can_pay(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int player,
                  TotalCost[::1] cost):
    cdef Board b = one_board(perms, n, info)
    cdef uint8_t cp[256]
    cdef Payment P
    if n > 256:
        raise ValueError("at most 256 permanents on one board")
    could_produce_all(&core.R, &b, cp)
    prepare_payment(&core.R, &b, player, cp, &P, pays_life(&cost[0]))
    return cost_payable(&P, &cost[0], b.bi.life[player])


def board_mana_summary(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int player):
    cdef Board b = one_board(perms, n, info)
    cdef uint8_t cp[256]
    cdef Payment P
    cdef int t
    if n > 256:
        raise ValueError("at most 256 permanents on one board")
    could_produce_all(&core.R, &b, cp)
    prepare_payment(&core.R, &b, player, cp, &P, False)
    return tuple(max_mana(&P, 1 << t) for t in range(6)) + (max_mana(&P, ALLTYPES),)


def board_ability_outputs(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info,
                          int i, int row):
    """Every distinct result of activating mana ability `row` of permanent i now."""
    cdef Board b = one_board(perms, n, info)
    cdef uint8_t cp[256]
    cdef Vec outs[MAXOPT]
    cdef Vec owns[MAXOPT]
    cdef int k, t, m
    could_produce_all(&core.R, &b, cp)
    m = ability_outputs(&core.R, &b, i, row, cp, 0, outs, owns)
    return [tuple(outs[k].m[t] for t in range(6)) for k in range(m)]


def board_produce(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int i,
                  int row, int prefer, list order):
    """The mana one activation of ability `row` of permanent i adds, with the controller's
    choices: `prefer` (a type index, or -1) for any choice of type, `order` the replacement
    rows in the order to apply them. Returns (6-tuple the ability made, 6-tuple its triggers
    added) — one branch of what `ability_outputs` enumerates."""
    cdef Board b = one_board(perms, n, info)
    cdef uint8_t cp[256]
    cdef Vec base[MAXOPT]
    cdef Vec outs[MAXOPT]
    cdef Vec owns[MAXOPT]
    cdef Vec v
    cdef int m, k, t, q, best
    could_produce_all(&core.R, &b, cp)
    m = base_outputs(&core.R, &b, i, row, cp, 0, base)
    if m == 0:
        return (0,) * 6, (0,) * 6                  # 106.5: no mana
    k = 0
    if prefer >= 0:
        for q in range(m):
            if base[q].m[prefer] > 0:
                k = q
                break
    v = base[k]
    if core.R.mana[row].tap:
        for q in order:
            apply_replacement(&core.R, q, &v)
    m = triggered_outputs(&core.R, &b, i, row, &v, 1, outs, owns)
    best = 0                                       # the trigger choices: the preferred type
    for q in range(1, m):
        if prefer >= 0 and outs[q].m[prefer] > outs[best].m[prefer]:
            best = q
    return (tuple(v.m[t] for t in range(6)),
            tuple(outs[best].m[t] - v.m[t] for t in range(6)))


# ---- the direct path for simple boards -------------------------------------------------------

def card_summaries(tables):
    """Per card: flags (CardInfoFlag), the types it could produce on a board without mana
    effects, and — when every mana ability is a plain {T} ability with a fixed output, a choice
    or any colour/type — its output as `unit_count` units of `unit_mask` each. A card whose
    outputs aren't "k units of one mask" (e.g. three mana of one colour) is COMPLEX; for one,
    `lower_mask`/`lower_count` are what its abilities needing no mana and no life make that way
    (Castle Garenbrig's {T}: Add {G}, a Treasure's one mana of any colour): one way to use it,
    so a lower bound of what it adds (prepare_direct)."""
    import itertools
    n = len(tables.cards)
    flags = np.zeros(max(n, 1), dtype=np.uint32)
    cp = np.zeros(max(n, 1), dtype=np.uint8)
    umask = np.zeros(max(n, 1), dtype=np.uint8)
    ucount = np.zeros(max(n, 1), dtype=np.uint8)
    lmask = np.zeros(max(n, 1), dtype=np.uint8)
    lcount = np.zeros(max(n, 1), dtype=np.uint8)
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
        for k in range(card["n_mana"]):
            a = mana[card["mana_first"] + k]
            if a["could_produce"]:
                f |= CI_MANA_EFFECT
            if (a["tap"] and not a["untap"] and a["life"] == 0 and a["cost"] < 0 and a["if_you_control"] == 0
                    and a["amount"]["count"] < 0 and 0 < a["amount"]["fixed"] < 256):
                m = _unit_mask_of(tables, a)  # k of one type chosen: k units only of one type
                lower.append((m, int(a["amount"]["fixed"]) if m & (m - 1) == 0 else 1))
            simple = (a["tap"] and not a["untap"] and not a["sacrifice_self"] and a["life"] == 0
                      and a["cost"] < 0 and a["could_produce"] == 0 and a["if_you_control"] == 0
                      and a["amount"]["count"] < 0 and a["amount"]["fixed"] > 0
                      and a["output"] in (MO_FIXED, MO_CHOICE, MO_ANY_COLOR, MO_ANY_TYPE))
            if not simple:
                f |= CI_COMPLEX_MANA
                continue
            amount = int(a["amount"]["fixed"])
            if a["output"] == MO_FIXED:
                outputs.add(tuple(int(v) * amount for v in tables.costs[a["mana"]]["pips"]))
            elif a["output"] == MO_CHOICE:
                for o in range(a["n_options"]):
                    outputs.add(tuple(int(v) * amount for v in tables.costs[a["options_first"] + o]["pips"]))
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
    return {"flags": flags, "could_produce": cp, "unit_mask": umask, "unit_count": ucount,
            "lower_mask": lmask, "lower_count": lcount}


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


cdef struct HallDemand:           # a plain cost as Hall's condition reads it
    int total                     # mana in all
    int n_sets
    uint8_t sets[63]              # every nonempty set T of the pips' types...
    int16_t need[63]              # ...and how many pips of those types there are


cdef void hall_demand(TotalCost* c, HallDemand* h) noexcept nogil:
    cdef int t, need, pips_total = 0
    cdef unsigned int D = 0, T
    for t in range(6):
        pips_total += c.pips[t]
        if c.pips[t]:
            D |= 1u << t
    h.total = pips_total + c.generic + c.snow
    h.n_sets = 0
    T = D
    while T:                            # every nonempty subset of the demanded types
        need = 0
        for t in range(6):
            if T & (1u << t):
                need += c.pips[t]
        h.sets[h.n_sets] = <uint8_t>T
        h.need[h.n_sets] = need
        h.n_sets += 1
        T = (T - 1) & D


cdef bint hall_holds(HallDemand* h, Direct* d) noexcept nogil:
    """Hall's condition: units of the given type masks (d.counts[k] units of d.masks[k]) pay
    a cost of plain coloured pips and generic mana iff every set T of the pips' types has at
    least as many units able to pay some type of T as T has pips, and there are enough units
    in all. (Hybrid and Phyrexian costs take the matching search instead.)"""
    cdef int k, j, have
    if d.total < h.total:
        return False
    for j in range(h.n_sets):
        have = 0
        for k in range(d.n_masks):
            if d.masks[k] & h.sets[j]:
                have += d.counts[k]
        if have < h.need[j]:
            return False
    return True


cdef bint hall_payable(Direct* d, TotalCost* c) noexcept nogil:
    """hall_holds for the plain cost c."""
    cdef HallDemand h
    hall_demand(c, &h)
    return hall_holds(&h, d)


cdef inline bint cost_is_plain(TotalCost* c) noexcept nogil:
    """No payment choices (hybrid, Phyrexian) and no {S}: the direct path can decide it. The
    choice symbols' counts are the bytes from `phyrexian` up to `minimum` (TotalCost keeps
    them together), read as a few 8-byte words (the last one overlapping)."""
    cdef const uint8_t* first = &c.phyrexian[0]
    cdef size_t n = <size_t>(&c.minimum - first), k = 0
    cdef uint64_t w, any = c.snow
    while k + 8 <= n:
        memcpy(&w, first + k, 8)
        any |= w
        k += 8
    if k < n:
        memcpy(&w, first + n - 8, 8)
        any |= w
    return any == 0


cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define mtgsim_ctz64(v) __builtin_ctzll(v)
    #else
    static int mtgsim_ctz64(unsigned long long v) { int k = 0; while (!(v & 1)) { v >>= 1; k++; } return k; }
    #endif
    """
    int mtgsim_ctz64(uint64_t v) noexcept nogil


cdef struct Direct:               # a simple board's mana, summed as units of type masks
    int n_masks
    uint8_t masks[64]
    int32_t counts[64]
    int32_t total                # the units in all
    uint32_t all_flags           # the CardInfoFlags of every permanent on the board


cdef int prepare_direct(Rules* R, Board* b, int player, uint8_t* out_could, Direct* d) noexcept nogil:
    """The direct path's view of a board: 1 if it has no mana effects and only simple sources
    (then `d` holds its units and `out_could` what each permanent could produce), 0 if it needs
    the general search, -1 if a permanent is malformed. d.all_flags is set unless -1; when it
    has CI_COMPLEX_MANA but not CI_MANA_EFFECT (0: sources too complex to sum as units, nothing
    changing what others make), `d` holds the simple sources' units and one way of using each
    complex one (card_summaries' lower units): what they can pay, the board can (a lower
    bound). The loop over permanents is
    branch-free (random boards would otherwise mispredict on every tapped or summoning-sick
    permanent), reads one packed word of card facts per permanent, and checks the rows by
    OR-ing them together (exactly, by board_fault, only when that looks wrong)."""
    cdef int i, t
    cdef uint32_t c, w, use, all_flags = 0, card_or = 0, ctrl_or = 0, att_or = 0, ctrl
    cdef uint16_t by_mask[64]           # units per type mask (mask 0: no usable mana)
    cdef uint64_t* by_mask_words = <uint64_t*>by_mask
    cdef uint64_t seen = 0
    cdef unsigned int m
    cdef Permanent* p
    cdef int16_t* pool
    # local copies: stores through uint8_t* may alias anything, so keep these in registers
    cdef const uint32_t* direct = R.direct
    cdef uint32_t rows = R.direct_mask
    cdef uint32_t yours = <uint32_t>player ^ 1
    cdef Permanent* perms = b.perms
    cdef int n = b.n
    cdef int before = b.bi.last_turn_start[player & 1] - 1
    # sixteen stores, not memset or a loop (which gcc turns into a slow `rep stos`)
    by_mask_words[0] = 0; by_mask_words[1] = 0; by_mask_words[2] = 0; by_mask_words[3] = 0
    by_mask_words[4] = 0; by_mask_words[5] = 0; by_mask_words[6] = 0; by_mask_words[7] = 0
    by_mask_words[8] = 0; by_mask_words[9] = 0; by_mask_words[10] = 0; by_mask_words[11] = 0
    by_mask_words[12] = 0; by_mask_words[13] = 0; by_mask_words[14] = 0; by_mask_words[15] = 0
    for i in range(n):
        p = &perms[i]
        c = <uint32_t>p.card
        ctrl = p.controller
        card_or |= c
        ctrl_or |= ctrl
        att_or |= <uint16_t>(p.attached_to + 1)
        w = direct[c & rows]            # a row past the cards is a sentinel with DIRECT_BAD
        all_flags |= w
        out_could[i] = <uint8_t>w
        # usable: yours (controllers are 0/1, checked below), untapped, and not summoning sick
        # (302.6): not a creature without haste that came under your control since your most
        # recent turn began (controlled_since > before: the sign bit of before - since)
        use = ((ctrl ^ yours) & ((p.flags & (PF_TAPPED | PF_PHASED_OUT)) == 0)
               & ~((w & <uint32_t>(before - p.controlled_since)) >> 31))
        m = (w >> 8) & ALLTYPES & -use  # unusable units are counted under mask 0
        by_mask[m] += (w >> 16) & 0xFF
        seen |= (<uint64_t>1) << m
    seen &= ~(<uint64_t>1)
    if ((all_flags & DIRECT_BAD) | (card_or > rows) | (ctrl_or > 1) | (att_or > <uint32_t>n)) \
            and board_fault(R, perms, n, n):
        return -1
    all_flags = (all_flags >> 24) & 0x7F
    d.all_flags = all_flags
    if all_flags & CI_MANA_EFFECT:
        return 0
    if all_flags & CI_HASTE_GRANT and grants_of(R, b, player) & GRANTS_HASTE:
        for i in range(n):              # The Fire Crystal: the creatures left out as summoning
            w = direct[perms[i].card]   # sick can tap after all
            if (w >> DIRECT_SICK_SHIFT) & 1 and perms[i].controlled_since > before:
                m = direct_source(R, b, i, player)
                if m:
                    by_mask[m] += (w >> 16) & 0xFF
                    seen |= (<uint64_t>1) << m
    d.n_masks = 0
    d.total = 0
    while seen:
        m = mtgsim_ctz64(seen)
        seen &= seen - 1
        d.masks[d.n_masks] = <uint8_t>m
        d.counts[d.n_masks] = by_mask[m]
        d.total += by_mask[m]
        d.n_masks += 1
    pool = b.bi.pool[player]
    if pool[0] | pool[1] | pool[2] | pool[3] | pool[4] | pool[5]:
        add_pool(d, pool)
    return 0 if all_flags & CI_COMPLEX_MANA else 1


cdef void add_pool(Direct* d, int16_t* pool) noexcept nogil:
    """Mana already in the pool: units of its one type each."""
    cdef int t, k, found
    for t in range(6):
        if not pool[t]:
            continue
        found = -1
        for k in range(d.n_masks):
            if d.masks[k] == (1 << t):
                found = k
                break
        if found < 0:
            found = d.n_masks
            d.masks[found] = <uint8_t>(1 << t)
            d.counts[found] = 0
            d.n_masks += 1
        d.counts[found] += pool[t]
        d.total += pool[t]


cdef void direct_mana(Direct* d, int32_t* out_mana) noexcept nogil:
    """mana[t] and mana[total] of a simple board: every unit counts for each type it can be.
    The six sums are kept as 10-bit fields of one word (SPREAD[mask] has a 1 in the field of
    each type of the mask), so each mask takes one multiply-add; boards of over 1023 units
    take the plain loop."""
    cdef int k, t
    cdef uint64_t sums = 0
    for k in range(d.n_masks):
        sums += <uint64_t>d.counts[k] * SPREAD[d.masks[k]]
    out_mana[6] = d.total
    if d.total <= 1023:
        for t in range(6):
            out_mana[t] = (sums >> (10 * t)) & 1023
        return
    for t in range(6):
        out_mana[t] = 0
        for k in range(d.n_masks):
            if d.masks[k] & (1 << t):
                out_mana[t] += d.counts[k]


# ---- a payment plan: which mana abilities to activate, making what --------------------------

cdef struct PlanStep:            # one activation of a payment plan
    int16_t perm                 # the permanent's row on the board
    int16_t ability              # index among its mana abilities (printed, then granted)
    int16_t stage                # -1 for sources without input; k for the k-th converter
    Vec out                      # the mana it must make (its own and triggered)
    Vec spend                    # mana taken from the pool first, for its input


cdef struct Plan:
    int n_steps
    PlanStep step[MAXUNIT]
    int life                     # life the cost itself pays (Phyrexian symbols)
    Vec spend                    # mana taken from the pool for the cost, once the steps are done


cdef inline int chosen_type(uint8_t demand_mask, uint8_t supply_mask) noexcept nogil:
    """The type a unit of mana is made as: one the demand it pays accepts (else its first)."""
    cdef unsigned int both = demand_mask & supply_mask & ALLTYPES
    if both == 0:
        both = supply_mask & ALLTYPES
    return mtgsim_ctz64(both)


cdef int find_ability(Rules* R, Board* b, int i, uint8_t* cp, Vec* want) noexcept nogil:
    """The index (among permanent i's mana abilities) of a ready ability that can make exactly
    `want`, or -1."""
    cdef int rows[16]
    cdef int n_rows = mana_ability_rows(R, b, i, rows)
    cdef Vec outs[MAXOPT]
    cdef Vec owns[MAXOPT]
    cdef int k, q, m
    for k in range(n_rows):
        if not ability_ready(R, b, i, rows[k]):
            continue
        m = ability_outputs(R, b, i, rows[k], cp, 0, outs, owns)
        for q in range(m):
            if vec_eq(&outs[q], want):
                return k
    return -1


cdef int direct_source(Rules* R, Board* b, int i, int player) noexcept nogil:
    """The unit mask of permanent i as the direct path counts it (0: not a usable source):
    the player's, in play, untapped, not summoning sick (302.6)."""
    cdef Permanent* p = &b.perms[i]
    cdef uint8_t m = R.unit_mask[p.card]
    if m == 0 or p.controller != player or p.flags & (PF_TAPPED | PF_PHASED_OUT) or is_sick(R, b, i):
        return 0                        # (not a source at all: no need to ask if it is sick)
    return m


cdef bint hall_after(TotalCost* c, int16_t* pips, Direct* d) noexcept nogil:
    """Hall's condition for c with its pips replaced by `pips` (what is left to pay)."""
    cdef TotalCost rest = c[0]
    cdef HallDemand h
    cdef int t
    for t in range(6):
        rest.pips[t] = <uint8_t>pips[t]
    hall_demand(&rest, &h)
    return hall_holds(&h, d)


cdef int plan_direct(Rules* R, Board* b, int player, TotalCost* c, Plan* plan,
                     const Direct* known) noexcept nogil:
    """A payment plan on a simple board for a plain cost, from the direct path's units: 1 made,
    0 the cost can't be paid, -1 the board or the cost needs the general search. Each coloured
    symbol takes a unit of the fewest types that keeps the rest payable (Hall's condition), the
    scarcest colour first; generic mana takes the units of fewest types left, colourless
    first; mana in the pool goes before any source. So the most flexible sources stay
    untapped for later spells. `known`: the board's direct view if the caller has it (prepare_
    direct's, returning 1, for this board as it is), else NULL."""
    cdef Direct d
    cdef uint8_t cp[256]
    cdef int16_t left[6]
    cdef int16_t pool[6]
    cdef int32_t scarce[6]           # per type: the units left able to pay it
    cdef int16_t made[64][6]         # per unit mask: units made of each type
    cdef int32_t used[64]
    cdef int k, t, best, bk, able, need, i, m, pass_, units, q
    cdef uint8_t taken[256]             # permanents already in the plan
    cdef Card* card
    cdef PlanStep* st
    cdef bint have_cp = known == NULL
    if b.n > 256 or not cost_is_plain(c) or c.minimum:
        return -1
    if known != NULL:                   # (its used part: a Direct is mostly room)
        d.n_masks = known.n_masks
        d.total = known.total
        memcpy(d.masks, known.masks, known.n_masks)
        memcpy(d.counts, known.counts, known.n_masks * sizeof(int32_t))
    elif prepare_direct(R, b, player, cp, &d) != 1:
        return -1
    if d.n_masks == 1:                  # one kind of unit: Hall's condition is enough units,
        for t in range(6):              # each of a type every symbol may take
            if c.pips[t] and not (d.masks[0] >> t & 1):
                return 0
        if cost_total(c) > d.total:
            return 0
    elif not hall_payable(&d, c):
        return 0
    plan.n_steps = 0                    # (steps are cleared as they are added: a Plan is big)
    plan.life = 0
    vec_clear(&plan.spend)
    memset(made, 0, d.n_masks * sizeof(made[0]))
    for k in range(d.n_masks):
        used[k] = 0
    for t in range(6):
        left[t] = c.pips[t]
        pool[t] = b.bi.pool[player][t]
        scarce[t] = 0
    if d.n_masks == 1:                  # every symbol takes one of its units
        t = mtgsim_ctz64(d.masks[0])
        for q in range(6):
            made[0][q] = c.pips[q]
            plan.spend.m[q] = c.pips[q]
            used[0] += c.pips[q]
        made[0][t] += c.generic
        plan.spend.m[t] += c.generic
        used[0] += c.generic
    else:
        for k in range(d.n_masks):
            for t in range(6):
                if d.masks[k] >> t & 1:
                    scarce[t] += d.counts[k]
        while True:                     # coloured (and {C}) symbols, the scarcest type first
            best = -1
            bk = BIG
            for t in range(6):
                if left[t] and scarce[t] < bk:
                    bk = scarce[t]
                    best = t
            if best < 0:
                break
            t = best
            left[t] -= 1
            bk = -1
            able = 0                    # the masks able to pay it: with one, it is that one
            for k in range(d.n_masks):  # (Hall's condition holds for it)
                if d.counts[k] and d.masks[k] >> t & 1:
                    able += 1
                    bk = k
            if able > 1:                # the unit of fewest types that keeps the rest payable
                bk = -1
                for k in range(d.n_masks):
                    if d.counts[k] and d.masks[k] >> t & 1 and (
                            bk < 0 or popcount6(d.masks[k]) < popcount6(d.masks[bk])):
                        d.counts[k] -= 1
                        d.total -= 1
                        if hall_after(c, left, &d):
                            bk = k
                        d.counts[k] += 1
                        d.total += 1
            if bk < 0:                  # (Hall's condition held, so some unit always does)
                return -1
            d.counts[bk] -= 1
            d.total -= 1
            used[bk] += 1
            made[bk][t] += 1
            plan.spend.m[t] += 1
            for q in range(6):
                scarce[q] -= d.masks[bk] >> q & 1
        for q in range(c.generic):      # generic: colourless units first, then fewest types
            bk = -1
            for k in range(d.n_masks):
                if d.counts[k] and (bk < 0 or generic_rank(d.masks[k]) < generic_rank(d.masks[bk])):
                    bk = k
            if bk < 0:
                return -1
            t = mtgsim_ctz64(d.masks[bk])
            d.counts[bk] -= 1
            d.total -= 1
            used[bk] += 1
            made[bk][t] += 1
            plan.spend.m[t] += 1
    memset(taken, 0, b.n)
    for k in range(d.n_masks):          # units to permanents: the pool first, then sources
        m = d.masks[k]
        need = used[k]
        if m & (m - 1) == 0:
            t = mtgsim_ctz64(m)
            q = min(need, pool[t])
            pool[t] -= q
            need -= q
            made[k][t] -= q
        for pass_ in range(2):          # sources making no more than is needed first
            for i in range(b.n):
                if need <= 0:
                    break
                if taken[i] or direct_source(R, b, i, player) != m:
                    continue
                units = R.unit_count[b.perms[i].card]
                if pass_ == 0 and units > need:
                    continue
                taken[i] = 1
                st = &plan.step[plan.n_steps]
                memset(st, 0, sizeof(PlanStep))
                st.perm = i
                st.stage = -1
                for q in range(units):  # the types chosen for its units; extra ones float
                    t = first_made(made[k], m)
                    st.out.m[t] += 1
                    if made[k][t]:
                        made[k][t] -= 1
                need -= units
                card = &R.cards[b.perms[i].card]
                if card.n_mana > 1 and not have_cp:      # a simple board's could-produce
                    for q in range(b.n):
                        cp[q] = R.static_cp[b.perms[q].card]
                    have_cp = True
                st.ability = 0 if card.n_mana == 1 else find_ability(R, b, i, cp, &st.out)
                if st.ability < 0:
                    return -1
                plan.n_steps += 1
        if need > 0:
            return -1
    return 1


cdef inline int generic_rank(uint8_t mask) noexcept nogil:
    """The order units pay generic mana in: colourless, then fewest types."""
    return 0 if mask == MT_C else popcount6(mask)


cdef inline int first_made(int16_t* made, uint8_t mask) noexcept nogil:
    """The next unit's type: one still to make, else the mask's first."""
    cdef int t
    for t in range(6):
        if made[t] > 0:
            return t
    return mtgsim_ctz64(mask)


cdef bint plan_payment(Rules* R, Board* b, int player, TotalCost* c, uint8_t* cp,
                       Plan* plan, const Direct* known) noexcept nogil:
    """A way to pay total cost c (601.2g–h): the activations, in order, and what each makes;
    False if c can't be paid. On a simple board, plan_direct's plan; else plan_search's. `cp`
    (b.n entries) is working space; `known` as plan_direct takes it."""
    cdef int found
    if R.fast:
        found = plan_direct(R, b, player, c, plan, known)
        if found >= 0:
            return found == 1
    return plan_search(R, b, player, c, cp, plan, NULL)


cdef bint plan_search(Rules* R, Board* b, int player, TotalCost* c, uint8_t* cp,
                      Plan* plan, Payment* ready) noexcept nogil:
    """plan_payment by the same search as `cost_payable`, keeping its witness. `ready`, if not
    NULL, is this board's search already prepared (without life, for a cost paying none), with
    `cp` filled in: it is used up."""
    cdef Payment own
    cdef Payment* P = ready if ready != NULL else &own
    cdef Demand D
    cdef Match M
    cdef int choice[MAXBRANCH]
    cdef uint8_t kinds[MAXCHOICE]
    cdef uint8_t arg[MAXCHOICE]
    cdef int n_choice, alt, life_needed = 0, s, g, k, t, i, q, d, found = 0
    cdef int16_t step_of[256]
    cdef uint8_t matched_directly[MAXUNIT]
    cdef PlanStep* st
    cdef PlanStep tmp
    cdef int rank[MAXUNIT]
    if ready == NULL:
        could_produce_all(R, b, cp)
        prepare_payment(R, b, player, cp, P, pays_life(c))
    n_choice = cost_alternatives(c, kinds, arg)
    for alt in range(1 << min(n_choice, MAXCHOOSE)):
        life_needed = cost_demand(c, alt, n_choice, kinds, arg, &D)
        if ((life_needed == 0 or life_needed <= P.life + P.max_gain)                  # (119.4b)
                and payable_keep(P, &D, life_needed, choice, &M)):
            found = 1
            break
    if not found:
        return False
    plan.n_steps = 0                      # steps are cleared as they are added (not all MAXUNIT)
    vec_clear(&plan.spend)
    plan.life = life_needed
    for i in range(b.n):
        step_of[i] = -1
    # Supplies are in the order leaf_feasible built them: units (pool, then sources matched
    # directly), then the outputs of the searched sources chosen.
    for k in range(P.n_units):            # a source matched directly is used if any unit is
        i = P.unit_src[k]
        if i >= 0 and M.owner[k] >= 0 and step_of[i] < 0:
            step_of[i] = plan.n_steps
            memset(&plan.step[plan.n_steps], 0, sizeof(PlanStep))
            plan.step[plan.n_steps].perm = i
            plan.step[plan.n_steps].stage = -1
            matched_directly[plan.n_steps] = 1
            plan.n_steps += 1
    for k in range(P.n_units):            # ...and then makes all its units, unused ones too
        i = P.unit_src[k]
        if i >= 0 and step_of[i] >= 0:
            t = chosen_type(M.d_mask[M.owner[k]] if M.owner[k] >= 0 else 0, M.s_mask[k])
            plan.step[step_of[i]].out.m[t] += 1
    s = P.n_units
    for g in range(P.n_branch):
        if choice[g] < 0:
            continue
        st = &plan.step[plan.n_steps]
        memset(st, 0, sizeof(PlanStep))
        st.perm = P.branch_src[g]
        st.ability = P.branch[g].ability[choice[g]]
        st.out = P.branch[g].out[choice[g]]
        st.stage = M.s_stage[s] if s < M.n_s else -1    # its position among the converters
        matched_directly[plan.n_steps] = 0
        s += vec_total(&st.out)          # its outputs' place among the supplies
        plan.n_steps += 1
    for k in range(M.n_s):                # what each used unit pays: the cost, or an input
        d = M.owner[k]
        if d < 0:
            continue
        t = chosen_type(M.d_mask[d], M.s_mask[k])
        if d < D.n:
            plan.spend.m[t] += 1
        else:
            for g in range(plan.n_steps):
                if plan.step[g].stage == M.d_stage[d] and plan.step[g].stage >= 0:
                    plan.step[g].spend.m[t] += 1
                    break
    for g in range(plan.n_steps):         # which ability makes a directly matched source's mana
        if matched_directly[g]:
            k = find_ability(R, b, plan.step[g].perm, cp, &plan.step[g].out)
            plan.step[g].ability = k if k >= 0 else 0
    for g in range(plan.n_steps):         # sources without input first, then converters in
        rank[g] = 4 * plan.step[g].stage + life_rank(R, b, &plan.step[g])   # order; gains,
    for g in range(plan.n_steps):         # then life costs, then damage (as life_ok assumes)
        for q in range(plan.n_steps - 1, g, -1):
            if rank[q] < rank[q - 1]:
                tmp = plan.step[q]
                plan.step[q] = plan.step[q - 1]
                plan.step[q - 1] = tmp
                rank[q], rank[q - 1] = rank[q - 1], rank[q]
    return True


cdef int life_rank(Rules* R, Board* b, PlanStep* st) noexcept nogil:
    """Where an activation goes among those of its stage: 0 it gains life, 1 nothing about
    life, 2 it costs life, 3 it deals damage to you."""
    cdef int row = mana_ability_row(R, b, st.perm, st.ability)
    cdef ManaAbility* a
    cdef Effect* e
    if row < 0:
        return 1
    a = &R.mana[row]
    if a.effect >= 0:
        e = &R.effects[a.effect]
        if e.damage_to_you.fixed > 0 or e.damage_to_you.count >= 0:
            return 3
    if a.life > 0:
        return 2
    if a.effect >= 0 and (R.effects[a.effect].gain_life.fixed > 0 or R.effects[a.effect].gain_life.count >= 0):
        return 0
    return 1


def board_plan_payment(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info,
                       int player, TotalCost[::1] cost):
    """A plan to pay `cost`: (steps, spend, life) where each step is (permanent row, ability
    index, mana it makes, mana it takes from the pool first), or None if it can't be paid."""
    cdef Board b = one_board(perms, n, info)
    cdef uint8_t cp[256]
    cdef Plan* plan
    cdef int g, t
    if n > 256:
        raise ValueError("at most 256 permanents on one board")
    plan = <Plan*>PyMem_Malloc(sizeof(Plan))
    if plan == NULL:
        raise MemoryError()
    try:
        if not plan_payment(&core.R, &b, player, &cost[0], cp, plan, NULL):
            return None
        steps = [(plan.step[g].perm, plan.step[g].ability,
                  tuple(plan.step[g].out.m[t] for t in range(6)),
                  tuple(plan.step[g].spend.m[t] for t in range(6))) for g in range(plan.n_steps)]
        return steps, tuple(plan.spend.m[t] for t in range(6)), plan.life
    finally:
        PyMem_Free(plan)


def board_produce_exact(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info,
                        int i, int row, tuple want):
    """(made, triggered) for one activation of ability `row` of permanent i that makes exactly
    `want` in all, choosing the base output, the replacement order and the trigger choices;
    None if no choice does."""
    cdef Board b = one_board(perms, n, info)
    cdef uint8_t cp[256]
    cdef Vec base[MAXOPT]
    cdef Vec outs[MAXOPT]
    cdef Vec owns[MAXOPT]
    cdef Vec v, w
    cdef int reps[6]
    cdef int sources[6]
    cdef int order[6]
    cdef int m, k, q, t, n_rep = 0, j
    for t in range(6):
        w.m[t] = want[t]
    could_produce_all(&core.R, &b, cp)
    m = base_outputs(&core.R, &b, i, row, cp, 0, base)
    if core.R.mana[row].tap:
        n_rep = replacements_for(&core.R, &b, i, reps, sources)
    for k in range(m):
        for q in range(n_rep):
            order[q] = q
        while True:
            v = base[k]
            for q in range(n_rep):
                apply_replacement(&core.R, reps[order[q]], &v)
            j = triggered_outputs(&core.R, &b, i, row, &v, 1, outs, owns)
            for q in range(j):
                if vec_eq(&outs[q], &w):
                    return (tuple(v.m[t] for t in range(6)),
                            tuple(outs[q].m[t] - v.m[t] for t in range(6)))
            if not next_permutation(order, n_rep):
                break
    return None


include "_goldfish.pxi"

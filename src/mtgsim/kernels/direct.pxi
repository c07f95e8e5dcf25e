# The direct path for simple boards: Hall's condition for plain costs, and a board's mana
# summed as units of type masks, from the per-card summaries `mtgsim.card_facts` computes once
# per table set (CoreTables). Uses base, abilities, batch (board_fault), and, included after it,
# plans (direct_source).

# ---- the direct path for simple boards -------------------------------------------------------

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
    bint has_rows                # rows[k] holds mask k's sources (the goldfish's kept rows);
    uint64_t rows[64]            # else they are found on the board: bit i, the permanent in row i


cdef int prepare_direct(Rules* R, Board* b, int player, uint8_t* out_could, Direct* d) noexcept nogil:
    """The direct path's view of a board: 1 if it has no mana effects, only simple sources and
    no restricted mana in the pool (then `d` holds its units, all unrestricted, and
    `out_could` what each permanent could produce), 0 if it needs
    the general search (an animated permanent among them: its card's facts aren't its own), -1 if
    a permanent is malformed. d.all_flags is set unless -1; when it
    has CI_COMPLEX_MANA but not CI_MANA_EFFECT (0: sources too complex to sum as units, nothing
    changing what others make), `d` holds the simple sources' units and one way of using each
    complex one (card_summaries' lower units): what they can pay, the board can (a lower
    bound). The loop over permanents is
    branch-free (random boards would otherwise mispredict on every tapped or summoning-sick
    permanent), reads one packed word of card facts per permanent, and checks the rows by
    OR-ing them together (exactly, by board_fault, only when that looks wrong)."""
    cdef int i, t
    cdef uint32_t c, w, use, all_flags = 0, card_or = 0, ctrl_or = 0, att_or = 0, ctrl, becomes_or = 0
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
    d.has_rows = False
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
        becomes_or |= <uint16_t>p.becomes
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
    if ((all_flags & DIRECT_BAD) | (card_or > rows) | (ctrl_or > 1) | (att_or > <uint32_t>n) | becomes_or) \
            and board_fault(R, perms, n, n):
        return -1
    all_flags = (all_flags >> 24) & 0x7F
    d.all_flags = all_flags
    if unlikely(becomes_or):           # (an animated permanent: its card's packed facts, summoning
        d.n_masks = 0                   # sickness among them, aren't its own now, 613, 302.6: no
        d.total = 0                     # units, the lower bound a board with complex sources gets)
        return 0
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
    return 0 if all_flags & CI_COMPLEX_MANA or b.bi.n_restricted[player] else 1   # (restricted
                                                                # mana in the pool: the search)


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

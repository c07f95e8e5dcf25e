# The most mana a board makes: the search over searched sources' choices maximising what is
# left over once converters' inputs are paid (search_most, leaf_most), the options it may pass
# over (dominated_options), and the sum where no search is needed (summed_most). Uses base,
# production, matching, payment, tapping.

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
    cdef uint8_t d_admit[MAXDEMAND]
    cdef uint8_t s_cls[MAXUNIT]
    cdef int bound[8]
    cdef int k, m, s, got, n_d0, left, n_conv = used_converters(P, choice, conv)
    none.n = 0
    for k in range(n_conv):
        order[k] = k
    while True:
        leaf_match(P, &none, choice, conv, n_conv, order, &M, d_admit, s_cls)
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
                if unlikely(got < bound[m] and M.n_d >= MAXDEMAND):
                    P.over |= OV_UNITS  # (the most mana counted stops at MAXDEMAND)
                if got > best[m]:
                    best[m] = got
                if best[m] < bound[m]:  # (bounds are the same for every converter order)
                    left += 1
            if left == 0:
                return
        if not next_permutation(order, n_conv):
            return


cdef int max_mana(Payment* P, uint8_t mask) noexcept nogil:
    """The most mana of the types in `mask` the sources can leave in the pool: the best leaf
    of the same search `payable` makes (every life cost of the activations payable). All of
    it counts, restricted mana too (106.6: a report, not a payment; converters' inputs are
    still paid only with mana their restrictions admit)."""
    cdef int best = 0
    max_mana_masks(P, 1, &mask, &best)
    return best


cdef bint summed_most(Payment* P, int n_masks, uint8_t* masks, int* best) noexcept nogil:
    """max_mana_masks without a search where none is needed (P.summed, masks without the snow
    bit, fewer supplies in every leaf than the search counts without its overflow flag: MAXUNIT,
    and MAXDEMAND - 1, where search_most stops and sets OV_UNITS): with no input to pay, every
    supply of a mask is left over, and the sources add theirs independently, so each mask's
    most is its units and restricted pool mana plus each searched source's best option for
    it. False (best untouched) where the search is needed."""
    cdef int m, u, g, k, t, n, most, v
    cdef Options* o
    if not P.summed or P.n_units + P.n_pool_r + P.max_branch_total >= min(MAXUNIT, MAXDEMAND - 1):
        return False
    for m in range(n_masks):
        if masks[m] & SNOW_BIT:
            return False
    for m in range(n_masks):
        n = 0
        for u in range(P.n_units):
            n += (P.unit_mask[u] & masks[m]) != 0
        for u in range(P.n_pool_r):
            n += (P.pool_r_mask[u] & masks[m]) != 0
        for g in range(P.n_branch):
            o = &P.branch[g]
            most = 0
            for k in range(o.n):
                v = 0
                for t in range(6):
                    if masks[m] >> t & 1:
                        v += o.out[k].m[t]
                most = max(most, v)
            n += most
        best[m] = n
    return True


cdef void max_mana_masks(Payment* P, int n_masks, uint8_t* masks, int* best) noexcept nogil:
    """max_mana for several masks with one search (each leaf's input matching shared), or
    summed where no search is needed (with the shortcuts: summed_most)."""
    cdef int choice[MAXBRANCH]
    cdef int rest[MAXBRANCH + 1]
    cdef int g, k, v, gain
    cdef Life L
    cdef Options* o
    if P.shortcuts and summed_most(P, n_masks, masks, best):
        return
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
    P.admit = ALLCLASSES
    dominated_options(P, n_masks, masks)
    if unlikely(P.tapping):
        the_tap_search_most(P, n_masks, masks, choice, &L, best, P.n_units + P.n_pool_r, rest)
    else:
        search_most(<NoTapCosts*>NULL, P, n_masks, masks, choice, 0, &L, best, P.n_units + P.n_pool_r, rest)


cdef void tap_search_most(Payment* P, int n_masks, uint8_t* masks, int* choice, Life* L, int* best, int have,
                          int* rest) noexcept nogil:
    """search_most from the first source in its TapCosts case."""
    search_most(<TapCosts*>NULL, P, n_masks, masks, choice, 0, L, best, have, rest)


# (called through a pointer, as tap_search is: payment.pxi)
cdef void (*the_tap_search_most)(Payment*, int, uint8_t*, int*, Life*, int*, int, int*) noexcept nogil
the_tap_search_most = tap_search_most


cdef inline int mono_type(Vec* v) noexcept nogil:
    """The one type of mana v holds, -1 if it holds none or more than one."""
    cdef int t, found = -1
    for t in range(6):
        if v.m[t]:
            if found >= 0:
                return -1
            found = t
    return found


cdef inline void narrow_by(uint8_t* stands_for, uint8_t m) noexcept nogil:
    """dominated_options' stands_for once mask m counts too: a type b that m takes can be
    stood for only by the types m also takes."""
    cdef int b
    for b in range(6):
        if m >> b & 1:
            stands_for[b] &= m


cdef void dominated_options(Payment* P, int n_masks, uint8_t* masks) noexcept nogil:
    """P.most_skip: the options of each searched source that some other option of it does at
    least as well as in every leaf of max_mana_masks, so that search_most need not try them
    (on boards of many "one mana of any colour" sources the leaves multiply by five a source).
    Option j does as well as k when neither has an input or a life cost or effect, each makes
    mana of one type only and all of it itself, j at least as much as k, of a type that every
    converter input and every mask counting k's type takes too, and j's mana is unrestricted
    or restricted as k's is (106.6): then j's units can stand in for k's in any matching, and
    a leaf choosing j leaves at least as much. Of options doing exactly as well, the first is
    kept. Inputs with any bit beyond the types (snow): nothing is skipped."""
    cdef uint8_t stands_for[6]          # per type b: the types in every mask that takes b
    cdef int g, k, j, q, ta, tb
    cdef Options* o
    cdef bint better, worse
    cdef uint64_t plain[MAXBRANCH]      # per source, its options that could be passed over
    cdef bint any_two = False
    cdef int leaves = 1
    for g in range(P.n_branch):
        P.most_skip[g] = 0
        if leaves < 64:
            leaves *= P.branch[g].n
    if not P.shortcuts or leaves < 64:  # (a small search costs less than finding them)
        return
    for g in range(P.n_branch):         # (first, whether any source has two such options)
        o = &P.branch[g]
        plain[g] = 0
        for k in range(o.n):
            if (mono_type(&o.out[k]) >= 0 and not (o.n_in[k] or o.life[k] or o.gain[k] or o.dmg[k])
                    and vec_eq(&o.out[k], &o.own[k])):
                plain[g] |= (<uint64_t>1) << k
        any_two |= (plain[g] & (plain[g] - 1)) != 0
    if not any_two:
        return
    for k in range(6):
        stands_for[k] = ALLTYPES
    for k in range(n_masks):
        narrow_by(stands_for, masks[k])
    for g in range(P.n_branch):
        o = &P.branch[g]
        for k in range(o.n):
            for q in range(o.n_in[k]):
                if o.in_mask[k][q] & ~ALLTYPES:
                    return
                narrow_by(stands_for, o.in_mask[k][q])
    for g in range(P.n_branch):
        o = &P.branch[g]
        if not (plain[g] & (plain[g] - 1)):
            continue
        for k in range(o.n):
            if not (plain[g] >> k & 1):
                continue
            tb = mono_type(&o.out[k])
            for j in range(o.n):
                if j == k or not (plain[g] >> j & 1):
                    continue
                ta = mono_type(&o.out[j])
                better = (o.out[j].m[ta] >= o.out[k].m[tb] and stands_for[tb] >> ta & 1
                          and (o.cls[j] == 0 or o.cls[j] == o.cls[k]))
                if not better:
                    continue
                worse = (o.out[k].m[tb] >= o.out[j].m[ta] and stands_for[ta] >> tb & 1
                         and (o.cls[k] == 0 or o.cls[k] == o.cls[j]))
                if j < k or not worse:  # (of two as good as each other, the first stays)
                    P.most_skip[g] |= (<uint64_t>1) << k
                    break


cdef void search_most(TapCase* case, Payment* P, int n_masks, uint8_t* masks, int* choice, int g, Life* L,
                      int* best, int have, int* rest) noexcept nogil:
    """`search`, maximising leaf_most over the leaves instead of stopping at a feasible one.
    `have`: the units and the chosen outputs less their inputs; no leaf below can leave more
    than have + rest[g] (a leaf's value is at most its supplies less its inputs). `case`: as
    search's."""
    cdef int k, m, v, first, cap = P.n_units + P.n_pool_r + P.max_branch_total
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
        if TapCase is TapCosts:
            if P.n_tap_rows and not taps_matched(P, choice, NULL):
                return
        if life_ok(L):
            for m in range(n_masks):
                most[m] = best[m]
            leaf_most(P, n_masks, masks, choice, most)
            for m in range(n_masks):
                v = most[m]
                if v > best[m]:
                    best[m] = v if v < MAXDEMAND - 1 else MAXDEMAND - 1
                    if unlikely(v >= MAXDEMAND - 1):
                        P.over |= OV_UNITS
        return
    o = &P.branch[g]
    first = -1                          # sources with the same options in order (see search)
    if P.prev_same[g] >= 0:
        first = choice_rank(choice[P.prev_same[g]], o.n, False)
    for k in range(max(first, 0), o.n):
        if P.most_skip[g] >> k & 1:
            continue
        choice[g] = k
        L2 = after(L, o, k)
        search_most(case, P, n_masks, masks, choice, g + 1, &L2, best,
                    have + vec_total(&o.out[k]) - o.n_in[k], rest)
    choice[g] = -1
    if TapCase is TapCosts:
        if o.tapping:                   # (it or another may be tapped for a cost)
            search_most(case, P, n_masks, masks, choice, g + 1, L, best, have, rest)
            return
    for k in range(o.n):
        if o.n_in[k] or o.life[k] or o.dmg[k]:
            search_most(case, P, n_masks, masks, choice, g + 1, L, best, have, rest)
            return

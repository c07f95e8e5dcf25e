# Paying a cost that taps another permanent ("Tap an untapped creature you control": Springleaf
# Drum). Such a cost taps a permanent besides its source (701.26a: an untapped one; 302.6 asks nothing of
# it). Its payment facts are the mana ability's tap_filter (an option's); the search reads them
# as a matching, at each leaf, of the chosen options that tap one to the permanents left free:
# those making no mana, and the searched sources left unused (a mana source such a cost may tap
# is searched, never units: tapped so, it makes none). Uses base, counts, abilities, payment.

cdef bint find_tap_rows(Rules* R, Board* b, int player, Payment* P) noexcept nogil:
    """P.tap_row: the FILTER rows of the player's mana abilities that tap another permanent (past
    MAXTAPROW: not read, so such an option finds none to tap: never free, OV_BRANCH). Has it any?"""
    cdef int rows[MAXMANA + 1]
    cdef int i, k, n, f, q
    for i in range(b.n):
        if not in_play(b, i) or controller(b, i) != player or not (R.info[b.perms[i].card] & CI_TAPS_OTHER):
            continue
        n = mana_ability_rows(R, b, i, rows)
        for k in range(n):
            f = R.mana[rows[k]].tap_filter
            if f < 0:
                continue
            for q in range(P.n_tap_rows):
                if P.tap_row[q] == f:
                    break
            else:
                if P.n_tap_rows < MAXTAPROW:
                    P.tap_row[P.n_tap_rows] = f
                    P.n_tap_rows += 1
                else:
                    P.over |= OV_BRANCH
    return P.n_tap_rows != 0


cdef uint8_t rows_passed(Rules* R, Board* b, int i, int player, Payment* P) noexcept nogil:
    """The tap rows (bit k: P.tap_row[k]) whose cost may tap permanent i: untapped (701.26a),
    the player's, passing the row's filter (its source aside: the matching's to leave out)."""
    cdef int k
    cdef uint8_t out = 0
    if b.perms[i].flags & PF_TAPPED:
        return 0
    for k in range(P.n_tap_rows):
        if permanent_passes(R, b, &R.filters[P.tap_row[k]], i, -1, player):
            out |= 1 << k
    return out


cdef void find_tappable(Rules* R, Board* b, int player, Payment* P) noexcept nogil:
    """P.tappable: the permanents the player's tap costs may tap (a mana source among them
    searched, never units: prepare_payment), each with its searched source (-1: it makes no
    mana in this payment) and the rows passing it, in the order the matching tries them, board
    order within each (the rule of creature_to_tap): those making no mana that can't attack
    this turn (summoning sick, defender, not a creature), then those making none, then mana
    sources. Past MAXTAPPABLE, or past row 254, the rest are not tapped (never free: OV_BRANCH)."""
    cdef int rank, i, g, branch
    cdef uint8_t rows
    P.n_tappable = 0
    for rank in range(3):
        for i in range(b.n):
            if not in_play(b, i) or controller(b, i) != player:
                continue
            rows = rows_passed(R, b, i, player, P)
            if not rows:
                continue
            branch = -1
            for g in range(P.n_branch):
                if P.branch_src[g] == i:
                    branch = g
            if tap_rank(R, b, i, branch) != rank:
                continue
            if P.n_tappable == MAXTAPPABLE or i > 254:      # (PlanStep.tap_other: a byte)
                P.over |= OV_BRANCH
                continue
            P.tappable[P.n_tappable] = i
            P.tappable_branch[P.n_tappable] = branch
            P.tappable_rows[P.n_tappable] = rows
            P.n_tappable += 1


cdef inline int tap_rank(Rules* R, Board* b, int i, int branch) noexcept nogil:
    """0: permanent i makes no mana in this payment and can't attack this turn; 1: makes none;
    2: a mana source."""
    if branch >= 0:
        return 2
    if not (types_of(R, &b.perms[i]) & CT_CREATURE) or is_sick(R, b, i) or keywords_of(R, &b.perms[i]) & KW_DEFENDER:
        return 0
    return 1


cdef bint taps_matched(Payment* P, int* choice, int16_t* tapped) noexcept nogil:
    """With each searched source's choice fixed: can each chosen option whose cost taps another
    permanent tap a different one, free at this leaf (making no mana, or its source unused), not
    its own source, that its row's filter passes? A bipartite matching, the permanents tried in
    P.tappable's order. On success `tapped` (if given) holds per searched source the permanent
    its cost taps (-1 none)."""
    cdef int16_t src[MAXBRANCH]         # per demand: its searched source...
    cdef uint8_t bit[MAXBRANCH]         # ...and its row's bit
    cdef int8_t owner[MAXTAPPABLE]      # per tappable permanent: the demand tapping it, -1
    cdef int g, k, q, n_d = 0
    cdef uint64_t seen
    for g in range(P.n_branch):
        k = choice[g]
        if k < 0 or not (P.branch[g].tapping & TAPS_OTHER) or P.branch[g].tap_filter[k] < 0:
            continue
        bit[n_d] = 0
        for q in range(P.n_tap_rows):
            if P.tap_row[q] == P.branch[g].tap_filter[k]:
                bit[n_d] = 1 << q
        src[n_d] = g
        n_d += 1
    if tapped != NULL:
        for g in range(P.n_branch):
            tapped[g] = -1
    if n_d == 0:
        return True
    memset(owner, -1, P.n_tappable)
    for k in range(n_d):
        seen = 0
        if not tap_augment(P, choice, k, src, bit, owner, &seen):
            return False
    if tapped != NULL:
        for q in range(P.n_tappable):
            if owner[q] >= 0:
                tapped[src[owner[q]]] = P.tappable[q]
    return True


cdef bint tap_augment(Payment* P, int* choice, int d, int16_t* src, uint8_t* bit, int8_t* owner,
                      uint64_t* seen) noexcept nogil:
    """An augmenting path from demand d (Kuhn's algorithm)."""
    cdef int q, br
    for q in range(P.n_tappable):
        br = P.tappable_branch[q]
        if ((seen[0] >> q) & 1 or not (P.tappable_rows[q] & bit[d]) or P.tappable[q] == P.branch_src[src[d]]
                or (br >= 0 and choice[br] >= 0)):
            continue
        seen[0] |= (<uint64_t>1) << q
        if owner[q] < 0 or tap_augment(P, choice, owner[q], src, bit, owner, seen):
            owner[q] = <int8_t>d
            return True
    return False

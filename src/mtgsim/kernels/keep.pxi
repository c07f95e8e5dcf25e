# The mulligan's keep condition beyond the lands' range (MulliganPolicy.castable_by): does the hand
# hold a spell its own lands could cast on curve? Asked only when the policy has the condition
# (Spec.keep_castable), so a run without it does no new work.
# Uses matching (Match), payment (Demand, cost_demand), game, zones.


cdef inline bint keeps_castable(Rules* R, Spec* S, Game* g, int size) noexcept nogil:
    """Does the hand pass the policy's castable condition for a hand of `size` cards (103.5: the
    player decides to keep)? True when that size has none."""
    return S.castable_by[size] <= 0 or holds_castable(R, S, g, S.castable_by[size])


cdef inline uint8_t keep_unit(Rules* R, Spec* S, int row) noexcept nogil:
    """The types of mana card `row` in hand stands for as the keep rule counts it (a land, a
    spell // land card, with S.keep_sources a mana creature or rock: one mana of a type it could
    make; a modal double-faced card either face's, 712.12; a snow permanent's mana pays {S},
    107.4h); 0 if the keep rule doesn't count it."""
    cdef int back = land_face(R, row)
    cdef uint8_t unit
    if not (counts_as_land(R, S, row) or (S.keep_sources and mana_source_row(R, row))):
        return 0
    unit = R.static_cp[row] if is_land_row(R, row) or not counts_as_land(R, S, row) else 0
    if back >= 0:
        unit |= R.static_cp[back] | (SNOW_BIT if R.cards[back].supertypes & ST_SNOW else 0)
    return unit | (SNOW_BIT if R.cards[row].supertypes & ST_SNOW else 0) if unit else 0


cdef bint holds_castable(Rules* R, Spec* S, Game* g, int k) noexcept nogil:
    """Does the hand hold a spell of mana value m, 1 <= m <= k, that m of its other cards counted
    as lands (keep_unit) could pay for, each making one mana of one type it could make? The
    spell's mana cost (X = 0, every symbol paid with mana: 601.2g-h) is matched to those cards
    as a payment is (cost_demand, match_all): its coloured symbols each to a card making that
    colour, its generic mana to any. A card the simulator never casts (Card.uncastable) is no
    such spell."""
    cdef uint8_t units[MAXHAND]
    cdef int32_t of_row[MAXHAND]
    cdef uint8_t kinds[MAXCHOICE]
    cdef uint8_t arg[MAXCHOICE]
    cdef Match M
    cdef Demand D
    cdef TotalCost* cost
    cdef int n = 0, q, s, d, row, mv
    cdef bint own
    for q in range(g.hand_n[0]):
        units[n] = keep_unit(R, S, g.hand[0][q])
        of_row[n] = g.hand[0][q]
        n += units[n] != 0
    M.d_admit = M.s_cls = NULL
    for q in range(g.n_rows[0]):                 # each kind of nonland card in hand once
        row = g.rows[0][q]
        mv = R.cards[row].mana_value
        if mv < 1 or mv > k or mv > n or R.cards[row].uncastable:
            continue
        M.n_s = 0
        own = False
        for s in range(n):                       # (a card counted as a land doesn't pay for itself)
            if of_row[s] == row and not own:
                own = True
                continue
            M.s_mask[M.n_s] = units[s]
            M.s_stage[M.n_s] = -1
            M.n_s += 1
        if M.n_s < mv:
            continue
        cost = &R.base_cost[row]
        cost_demand(cost, 0, cost_alternatives(cost, kinds, arg), kinds, arg, &D)
        M.n_d = D.n
        for d in range(D.n):
            M.d_mask[d] = D.mask[d]
            M.d_stage[d] = 127
        if match_all(&M, True):
            return True
    return False

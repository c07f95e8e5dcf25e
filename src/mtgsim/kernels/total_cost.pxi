# Total cost (601.2f, 118.7-118.9): mana cost or an alternative cost, plus additional costs
# and increases, minus reductions, then total-cost setters; locked in. Uses base, counts,
# abilities, and, included after it, direct (cost_is_plain).

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


cdef int delve_amount(Rules* R, Board* b, Card* c, int caster, int generic) noexcept nogil:
    """The generic mana of a total cost of `generic` that card c's delve (702.66a: a CC_DELVE cost
    modifier; 0 without) pays: a card exiled from the caster's graveyard for each, as many as it
    holds (601.2a: the spell itself on the stack by now). The goldfish and a Scenario delve all they
    can (255 at most: TotalCost.delved)."""
    cdef int k, n = 0
    for k in range(c.n_costmod):
        if R.costmods[c.costmod_first + k].change == CC_DELVE:
            n = eval_amount(R, b, R.costmods[c.costmod_first + k].amount, -1, caster, 0)
    n = n if n < generic else generic
    return n if n < 255 else 255


cdef void total_cost(Rules* R, Board* b, int card_row, int x, bint kicked, int tax, int alternative,
                     int caster, bint from_hand, TotalCost* out) noexcept nogil:
    """601.2f. `alternative`: 0 the mana cost, 1 flashback, 2 without paying its mana cost (702.62d:
    the increases and additional costs only). `tax`: generic mana added as an
    additional cost, before any increase or reduction (the commander tax, 903.8). `from_hand`:
    the card leaves the caster's hand as it moves to the stack, before the total is determined."""
    cdef Card* c = &R.cards[card_row]
    cdef int step, i, k, q, minimum, n, n_mod = 0
    cdef Card* pc
    cdef CostModifier* m
    cdef int mod_row[MAXMODS]          # (the entry points check there are no more: limits_met)
    cdef int mod_src[MAXMODS]
    cdef bint left_hand
    if R.base_cost != NULL and x == 0 and not kicked and tax == 0 and alternative == 0 and c.n_costmod == 0:
        if not b.scanned:
            scan_board(R, b)
        if not b.any_costmod:           # nothing changes it: the precomputed total
            out[0] = R.base_cost[card_row]
            return
    left_hand = from_hand and b.bi.hand_size[caster] > 0
    memset(out, 0, sizeof(TotalCost))
    if left_hand:                       # 601.2a: the card moves to the stack first
        b.bi.hand_size[caster] -= 1
    if alternative != 2:
        add_cost(R, c.flashback if alternative == 1 else c.cost, x, out)
    if kicked:
        add_cost(R, c.kicker, 0, out)
    out.generic += tax
    for k in range(c.n_costmod):        # the card's own ("this spell costs ... less")
        if n_mod < MAXMODS:
            mod_row[n_mod] = c.costmod_first + k
            mod_src[n_mod] = -1
            n_mod += 1
    for i in range(b.n):                # static abilities of permanents
        if not (R.info[b.perms[i].card] & CI_COSTMOD) or not in_play(b, i):
            continue
        pc = card_of(R, b, i)
        for k in range(pc.n_costmod):
            if n_mod < MAXMODS:
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
    if c.n_costmod and out.minimum == 0:    # 702.66a: the total locked, cards exiled with delve pay its
        out.delved = delve_amount(R, b, c, caster, out.generic)    # generic mana (a floor left to the
        out.generic -= out.delved                                  # payment: none)
    if left_hand:
        b.bi.hand_size[caster] += 1

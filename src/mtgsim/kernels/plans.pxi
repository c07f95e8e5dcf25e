# Payment plans: which mana abilities to activate, making what, and what to take from the pool
# (601.2g-h): the direct plan on simple boards and the searched plan otherwise.
# Uses base, abilities, production, matching, payment, tapping, total_cost, direct.

# ---- a payment plan: which mana abilities to activate, making what --------------------------

cdef struct PlanStep:            # one activation of a payment plan
    int16_t perm                 # the permanent's row on the board
    int16_t ability              # index among its mana abilities (printed, then granted)
    int16_t stage                # -1 for sources without input; k for the k-th converter
    Vec out                      # the mana it must make (its own and triggered)
    Vec spend                    # mana taken from the pool first, for its input
    uint8_t removed              # the X counters its cost removes (its option's: remove_x)
    uint8_t tap_other            # 1 + the permanent its cost taps besides it (tap_filter), 0 none (a
                                 # padding byte: the record stays 32 bytes; find_tappable taps no row past 254)


cdef struct PlanRestricted:      # restricted mana in a payment plan (106.6)
    int16_t perm                 # the permanent of the step it concerns (a permanent is
                                 # activated once in a plan); -1: the cost
    uint8_t made                 # 1: that step's own mana, made restricted; 0: restricted mana
                                 # taken from the pool for that step's input (or the cost)
    int32_t row                  # the SPEND_RESTRICTION row the mana keeps
    Vec mana


cdef struct Plan:
    int n_steps
    PlanStep step[MAXUNIT]
    int life                     # life the cost itself pays (Phyrexian symbols)
    Vec spend                    # mana taken from the pool for the cost, once the steps are done
    # (a step's `out` is all it makes and `spend` the unrestricted mana it takes; with
    # restricted mana the records below say which part of that is restricted, and what
    # restricted mana is taken from the pool besides `spend`. n_restricted is 0 but in a
    # plan_search plan not carried out yet: whoever carries one out clears it, and whoever
    # allocates a Plan zeroes it, so plan_direct needn't store it every time)
    int n_restricted
    PlanRestricted restricted[MAXPLANR]


cdef void note_restricted(Plan* plan, int perm, bint made, int row, int t, int amount) noexcept nogil:
    """Add `amount` mana of type t of restriction `row` to the plan's record (perm, made)."""
    cdef int k
    cdef PlanRestricted* r
    for k in range(plan.n_restricted):
        r = &plan.restricted[k]
        if r.perm == perm and r.made == made and r.row == row:
            r.mana.m[t] += amount
            return
    if plan.n_restricted < MAXPLANR:
        r = &plan.restricted[plan.n_restricted]
        r.perm = perm
        r.made = made
        r.row = row
        vec_clear(&r.mana)
        r.mana.m[t] = amount
        plan.n_restricted += 1


cdef int supply_classes(Payment* P, int* choice, uint8_t* cls) noexcept nogil:
    """The class of each supply of the leaf with these choices, in restricted_leaf's order."""
    cdef int g, k, t, q, n = 0
    cdef Options* o
    for k in range(P.n_units):
        cls[n] = 0
        n += 1
    for k in range(P.n_pool_r):
        if n < MAXUNIT:
            cls[n] = P.pool_r_cls[k]
            n += 1
    for g in range(P.n_branch):
        if choice[g] < 0:
            continue
        o = &P.branch[g]
        for t in range(6):
            for q in range(o.out[choice[g]].m[t]):
                if n < MAXUNIT:
                    cls[n] = o.cls[choice[g]] if q < o.own[choice[g]].m[t] else 0
                    n += 1
    return n


cdef inline int chosen_type(uint8_t demand_mask, uint8_t supply_mask) noexcept nogil:
    """The type a unit of mana is made as: one the demand it pays accepts (else its first)."""
    cdef unsigned int both = demand_mask & supply_mask & ALLTYPES
    if both == 0:
        both = supply_mask & ALLTYPES
    return mtgsim_ctz64(both)


cdef int find_ability(Rules* R, Board* b, int i, uint8_t* cp, Vec* want) noexcept nogil:
    """The index (among permanent i's mana abilities) of a ready ability that can make exactly
    `want`, or -1."""
    cdef int rows[MAXMANA + 1]
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


cdef struct Tally:                # a direct plan's units, per unit mask of its Direct
    int16_t made[64][6]           # units taken of each type
    int32_t used[64]              # units taken in all


cdef int plan_direct(Rules* R, Board* b, int player, TotalCost* c, Plan* plan,
                     const Direct* known) noexcept nogil:
    """A payment plan on a simple board for a plain cost, from the direct path's units: 1 made,
    0 the cost can't be paid, -1 the board or the cost needs the general search. Each coloured
    symbol takes a unit of the fewest types that keeps the rest payable (Hall's condition), the
    scarcest colour first; generic mana takes the units of fewest types left, colourless
    first (direct_symbols); mana in the pool goes before any source (units_to_sources). So the
    most flexible sources stay untapped for later spells. `known`: the board's direct view if
    the caller has it (prepare_direct's, returning 1, for this board as it is), else NULL."""
    cdef Direct d
    cdef Tally tally
    cdef uint8_t cp[MAXBOARD]
    cdef int t
    if b.n > MAXBOARD or not cost_is_plain(c) or c.minimum:
        return -1
    if known != NULL:                   # (its used part: a Direct is mostly room)
        d.n_masks = known.n_masks
        d.total = known.total
        memcpy(d.masks, known.masks, known.n_masks)
        memcpy(d.counts, known.counts, known.n_masks * sizeof(int32_t))
        d.has_rows = known.has_rows
        if d.has_rows:
            memcpy(d.rows, known.rows, known.n_masks * sizeof(uint64_t))
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
    plan.life = 0                       # (n_restricted is 0 already: a simple board has no
    vec_clear(&plan.spend)              # restricted mana, see Plan)
    if direct_symbols(c, &d, &tally, plan) < 0:
        return -1
    return units_to_sources(R, b, player, &d, &tally, cp, known == NULL, plan)


cdef inline int direct_symbols(TotalCost* c, Direct* d, Tally* tally, Plan* plan) noexcept nogil:
    """plan_direct's symbols to units: each symbol of the cost takes a unit of one of d's
    masks (noted in tally and plan.spend, taken from d). 0, or -1 if the search is needed."""
    cdef int16_t left[6]
    cdef int32_t scarce[6]           # per type: the units left able to pay it
    cdef int k, t, q, best, bk, able
    memset(tally.made, 0, d.n_masks * sizeof(tally.made[0]))
    for k in range(d.n_masks):
        tally.used[k] = 0
    for t in range(6):
        left[t] = c.pips[t]
        scarce[t] = 0
    if d.n_masks == 1:                  # every symbol takes one of its units
        t = mtgsim_ctz64(d.masks[0])
        for q in range(6):
            tally.made[0][q] = c.pips[q]
            plan.spend.m[q] = c.pips[q]
            tally.used[0] += c.pips[q]
        tally.made[0][t] += c.generic
        plan.spend.m[t] += c.generic
        tally.used[0] += c.generic
        return 0
    for k in range(d.n_masks):
        for t in range(6):
            if d.masks[k] >> t & 1:
                scarce[t] += d.counts[k]
    while True:                         # coloured (and {C}) symbols, the scarcest type first
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
        able = 0                        # the masks able to pay it: with one, it is that one
        for k in range(d.n_masks):      # (Hall's condition holds for it)
            if d.counts[k] and d.masks[k] >> t & 1:
                able += 1
                bk = k
        if able > 1:                    # the unit of fewest types that keeps the rest payable
            bk = -1
            for k in range(d.n_masks):
                if d.counts[k] and d.masks[k] >> t & 1 and (
                        bk < 0 or popcount6(d.masks[k]) < popcount6(d.masks[bk])):
                    d.counts[k] -= 1
                    d.total -= 1
                    if hall_after(c, left, d):
                        bk = k
                    d.counts[k] += 1
                    d.total += 1
        if bk < 0:                      # (Hall's condition held, so some unit always does)
            return -1
        d.counts[bk] -= 1
        d.total -= 1
        tally.used[bk] += 1
        tally.made[bk][t] += 1
        plan.spend.m[t] += 1
        for q in range(6):
            scarce[q] -= d.masks[bk] >> q & 1
    for q in range(c.generic):          # generic: colourless units first, then fewest types
        bk = -1
        for k in range(d.n_masks):
            if d.counts[k] and (bk < 0 or generic_rank(d.masks[k]) < generic_rank(d.masks[bk])):
                bk = k
        if bk < 0:
            return -1
        t = mtgsim_ctz64(d.masks[bk])
        d.counts[bk] -= 1
        d.total -= 1
        tally.used[bk] += 1
        tally.made[bk][t] += 1
        plan.spend.m[t] += 1
    return 0


cdef inline int units_to_sources(Rules* R, Board* b, int player, Direct* d, Tally* tally, uint8_t* cp,
                                 bint have_cp, Plan* plan) noexcept nogil:
    """plan_direct's units to permanents: of each mask, the pool's mana first, then sources
    making no more than is still needed, then the others, each in board order (d's kept rows
    of the mask's sources if it has them, else found on the board); each an activation of the
    plan. 1, or -1 if the search is needed. `cp`: the board's could-produce if `have_cp`."""
    cdef int16_t pool[6]
    cdef uint8_t taken[MAXBOARD]            # permanents already in the plan (found on the board)
    cdef int k, t, q, m, i, need, pass_
    cdef uint64_t rows, left
    for t in range(6):
        pool[t] = b.bi.pool[player][t]
    if not d.has_rows:
        memset(taken, 0, b.n)
    for k in range(d.n_masks):
        m = d.masks[k]
        need = tally.used[k]
        if m & (m - 1) == 0:
            t = mtgsim_ctz64(m)
            q = min(need, pool[t])
            pool[t] -= q
            need -= q
            tally.made[k][t] -= q
        left = d.rows[k] if d.has_rows else 0   # (kept rows: those not taken yet)
        for pass_ in range(2):          # sources making no more than is needed first
            if d.has_rows:
                rows = left
                while rows and need > 0:
                    i = mtgsim_ctz64(rows)
                    rows &= rows - 1
                    if pass_ or R.unit_count[b.perms[i].card] <= need:
                        if take_source(R, b, i, tally.made[k], m, cp, &have_cp, plan) < 0:
                            return -1
                        left &= ~((<uint64_t>1) << i)
                        need -= R.unit_count[b.perms[i].card]
                continue
            for i in range(b.n):
                if need <= 0:
                    break
                if taken[i] or direct_source(R, b, i, player) != m:
                    continue
                if pass_ == 0 and R.unit_count[b.perms[i].card] > need:
                    continue
                if take_source(R, b, i, tally.made[k], m, cp, &have_cp, plan) < 0:
                    return -1
                taken[i] = 1
                need -= R.unit_count[b.perms[i].card]
        if need > 0:
            return -1
    return 1


cdef inline int take_source(Rules* R, Board* b, int i, int16_t* made, int m, uint8_t* cp, bint* have_cp,
                            Plan* plan) noexcept nogil:
    """Simple source i (of unit mask m) activated in the plan, making the types `made` still
    wants (taken off it); its extra units float. 0, or -1 if its ability isn't found."""
    cdef int q, t, units = R.unit_count[b.perms[i].card]
    cdef Card* card = &R.cards[b.perms[i].card]
    cdef PlanStep* st = &plan.step[plan.n_steps]
    memset(st, 0, sizeof(PlanStep))
    st.perm = i
    st.stage = -1
    for q in range(units):              # the types chosen for its units
        t = first_made(made, m)
        st.out.m[t] += 1
        if made[t]:
            made[t] -= 1
    if card.n_mana > 1 and not have_cp[0]:      # a simple board's could-produce
        for q in range(b.n):
            cp[q] = R.static_cp[b.perms[q].card]
        have_cp[0] = True
    st.ability = 0 if card.n_mana == 1 else find_ability(R, b, i, cp, &st.out)
    if st.ability < 0:
        return -1
    plan.n_steps += 1
    return 0


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
                       Plan* plan, const Direct* known, bint cp_known, Purpose why) noexcept nogil:
    """A way to pay total cost c of `why` (601.2g–h; restricted mana only where it may be
    spent, 106.6): the activations, in order, and what each makes; False if c can't be paid.
    On a simple board, plan_direct's plan (a simple board has no restricted mana); else
    plan_search's. `cp` (b.n entries) is working space, or (`cp_known`) holds
    could_produce_all of the board already; `known` as plan_direct takes it."""
    cdef int found
    if R.fast:
        found = plan_direct(R, b, player, c, plan, known)
        if found >= 0:
            return found == 1
    return plan_search(R, b, player, c, cp, plan, NULL, cp_known, why)


cdef bint plan_search(Rules* R, Board* b, int player, TotalCost* c, uint8_t* cp,
                      Plan* plan, Payment* ready, bint cp_known, Purpose why) noexcept nogil:
    """plan_payment by the same search as `cost_payable`, keeping its witness. `ready`, if not
    NULL, is this board's search already prepared (without life, for a cost paying none), with
    `cp` filled in: it is used up. `cp_known`: `cp` holds could_produce_all of the board."""
    cdef Payment own
    cdef Payment* P = ready if ready != NULL else &own
    cdef Demand D
    cdef Match M
    cdef int choice[MAXBRANCH]
    cdef uint8_t kinds[MAXCHOICE]
    cdef uint8_t arg[MAXCHOICE]
    cdef int n_choice, alt, life_needed = 0, found = 0
    if ready == NULL:
        own.over = 0
        if not cp_known:
            could_produce_all(R, b, cp)
        prepare_payment(R, b, player, cp, P, pays_life(c))
    if P.n_class:
        P.admit = admitted(R, P, why)
    n_choice = cost_alternatives(c, kinds, arg)
    if unlikely(n_choice > MAXCHOOSE):
        P.over |= choice_overflow(c, n_choice)
    for alt in range(1 << min(n_choice, MAXCHOOSE)):
        life_needed = cost_demand(c, alt, n_choice, kinds, arg, &D)
        if unlikely(D.n >= MAXDEMAND):
            P.over |= OV_DEMAND
        if ((life_needed == 0 or life_needed <= P.life + P.max_gain)                  # (119.4b)
                and payable_keep(P, &D, life_needed, choice, &M)):
            found = 1
            break
    b.over |= P.over                     # (what the one-board entry points read)
    if not found:
        return False
    plan_from_witness(R, b, P, &D, &M, choice, life_needed, cp, plan)
    order_steps(R, b, plan)
    return True


cdef inline void plan_from_witness(Rules* R, Board* b, Payment* P, Demand* D, Match* M, int* choice,
                                   int life_needed, uint8_t* cp, Plan* plan) noexcept nogil:
    """plan_search's plan from the search's witness (the alternative's demand D, the branch
    choices and the matching M): the sources activated (unused ones dropped), what each makes,
    what the cost and each converter's input take from the pool, restricted mana apart."""
    cdef int s, g, k, t, i, d
    cdef int16_t step_of[MAXBOARD]   # (b.n <= MAXBOARD: every caller checks)
    cdef uint8_t matched_directly[MAXUNIT]
    cdef PlanStep* st
    cdef bint dropped[MAXBRANCH]
    cdef int16_t tapped[MAXBRANCH]
    cdef uint8_t cls[MAXUNIT]
    cdef uint8_t k_cls
    if unlikely(P.n_tap_rows):          # (the leaf's matching; a drop frees a permanent, never takes one)
        taps_matched(P, choice, tapped)
    drop_unused_activations(P, D, choice, M, life_needed > 0, dropped)
    plan.n_steps = 0                      # steps are cleared as they are added (not all MAXUNIT)
    plan.n_restricted = 0
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
    s = P.n_units + P.n_pool_r
    for g in range(P.n_branch):
        if choice[g] < 0:
            continue
        if dropped[g]:
            s += vec_total(&P.branch[g].out[choice[g]])
            continue
        st = &plan.step[plan.n_steps]
        memset(st, 0, sizeof(PlanStep))
        st.perm = P.branch_src[g]
        st.ability = P.branch[g].ability[choice[g]]
        st.removed = P.branch[g].removed[choice[g]]
        if unlikely(P.n_tap_rows):
            st.tap_other = <uint8_t>(tapped[g] + 1)
        st.out = P.branch[g].out[choice[g]]
        if P.branch[g].cls[choice[g]]:        # its own mana keeps its restriction (106.6a)
            for t in range(6):
                if P.branch[g].own[choice[g]].m[t]:
                    note_restricted(plan, st.perm, True, P.branch[g].restriction[choice[g]], t,
                                    P.branch[g].own[choice[g]].m[t])
        st.stage = M.s_stage[s] if s < M.n_s else -1    # its position among the converters
        matched_directly[plan.n_steps] = 0
        s += vec_total(&st.out)          # its outputs' place among the supplies
        plan.n_steps += 1
    if P.n_class:
        supply_classes(P, choice, cls)
    for k in range(M.n_s):                # what each used unit pays: the cost, or an input
        d = M.owner[k]
        if d < 0:
            continue
        t = chosen_type(M.d_mask[d], M.s_mask[k])
        k_cls = cls[k] if P.n_class else 0
        if d < D.n:
            if k_cls:
                note_restricted(plan, -1, False, P.class_row[mtgsim_ctz64(k_cls)], t, 1)
            else:
                plan.spend.m[t] += 1
        else:
            for g in range(plan.n_steps):
                if plan.step[g].stage == M.d_stage[d] and plan.step[g].stage >= 0:
                    if k_cls:
                        note_restricted(plan, plan.step[g].perm, False,
                                        P.class_row[mtgsim_ctz64(k_cls)], t, 1)
                    else:
                        plan.step[g].spend.m[t] += 1
                    break
    for g in range(plan.n_steps):         # which ability makes a directly matched source's mana
        if matched_directly[g]:
            plan.step[g].ability = ability_making(R, b, plan.step[g].perm, cp, &plan.step[g].out)


cdef inline int ability_making(Rules* R, Board* b, int i, uint8_t* cp, Vec* want) noexcept nogil:
    """find_ability, 0 if none: a permanent with one mana ability (none granted) makes its
    mana with that one, found without asking."""
    cdef Card* c = card_of(R, b, i)
    cdef int k
    if c.n_mana == 1 and (R.granted_row < 0 or not (types_of(R, &b.perms[i]) & (CT_LAND | CT_CREATURE))):
        return 0
    k = find_ability(R, b, i, cp, want)
    return k if k >= 0 else 0


cdef inline void order_steps(Rules* R, Board* b, Plan* plan) noexcept nogil:
    """A plan's activations in the order to carry out: sources without input first, then the
    converters in order; within each, life gains, then life costs, then damage (as life_ok
    assumes)."""
    cdef int g, q
    cdef PlanStep tmp
    cdef int rank[MAXUNIT]
    for g in range(plan.n_steps):
        rank[g] = 4 * plan.step[g].stage + life_rank(R, b, &plan.step[g])
    for g in range(plan.n_steps):
        for q in range(plan.n_steps - 1, g, -1):
            if rank[q] < rank[q - 1]:
                tmp = plan.step[q]
                plan.step[q] = plan.step[q - 1]
                plan.step[q - 1] = tmp
                rank[q], rank[q - 1] = rank[q - 1], rank[q]


cdef void drop_unused_activations(Payment* P, Demand* D, int* choice, Match* M, bint pays_life,
                                  bint* dropped) noexcept nogil:
    """Mark the searched sources whose mana the matching M gives to nothing (the search may
    choose to activate a source it doesn't need): they aren't activated (601.2g: the mana
    abilities activated are those the payment needs). A converter dropped frees what paid
    its input, which may leave more to drop. (One gaining life is kept while the cost pays
    life: the search may have counted on it, 119.4.)"""
    cdef int g, k, s, d, total, n_in
    cdef bint again = True, used
    for g in range(P.n_branch):
        dropped[g] = False
    while again:
        again = False
        s = P.n_units + P.n_pool_r        # supplies and demands in leaf_match's order
        d = D.n
        for g in range(P.n_branch):
            if choice[g] < 0:
                continue
            total = vec_total(&P.branch[g].out[choice[g]])
            n_in = P.branch[g].n_in[choice[g]]
            if not dropped[g] and not (pays_life and P.branch[g].gain[choice[g]] > 0):
                used = False
                for k in range(s, min(s + total, M.n_s)):
                    used |= M.owner[k] >= 0
                if not used:
                    dropped[g] = again = True
                    for k in range(M.n_s):     # its input's units pay nothing now
                        if d <= M.owner[k] < d + n_in:
                            M.owner[k] = -1
            s += total
            d += n_in


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

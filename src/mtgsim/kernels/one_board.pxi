# One board (the Scenario API): thin Python entry points over the kernels for a single
# permanent table: could produce, sickness, power, counts, mana rows, outputs, producing mana,
# total cost, payability and payment plans. Uses counts, abilities, production, payment,
# most_mana, total_cost, tables, batch, and, included after it, plans (plan_payment).

# ---- one board (the Scenario API) -----------------------------------------------------------

def overflow_message(int over):
    """What a board has beyond the search's limits, by its Overflow bits (for the errors)."""
    parts = []
    if over & OV_UNITS:
        parts.append(f"{MAXDEMAND - 1} or more units of mana to count")   # (the most counted; the
                                                                    # supply buffer holds MAXUNIT)
    if over & OV_BRANCH:
        parts.append(f"more than {MAXBRANCH} mana sources needing a search (choices, inputs or life)")
    if over & OV_OPTIONS:
        parts.append(f"a mana source with {MAXOPT} or more distinct results")
    if over & OV_CHOOSE:
        parts.append(f"a cost with more than {MAXCHOOSE} symbols paid by a choice (Phyrexian, {{2/W}})")
    if over & OV_DEMAND:
        parts.append(f"{MAXDEMAND} or more units of mana to pay "
                     f"(or over {MAXCHOICE} symbols paid by a choice)")
    if over & OV_REPLACEMENTS:
        parts.append(f"more than {MAXREPLACE} replacement effects on the battlefield (one permanent "
                     f"tapped for mana applies at most {MAXREPLACE})")
    if over & OV_MODIFIERS:
        parts.append(f"more than {MAXMODS} cost modifiers for one spell (its own and the battlefield's)")
    if over & OV_TOTAL:
        parts.append("a total cost of more than 32767 generic mana or 255 symbols of one kind")
    if over & OV_AMOUNT:
        parts.append(f"a mana ability making more than {VEC_MAX} mana of one type at once")
    return "; ".join(parts)


cdef uint16_t limits_met(Rules* R, Board* b, int card_row=-1) noexcept nogil:
    """The Overflow bits of the limits the kernels met reading board b (b.over), and those it
    is past by counting (here, at the entry points, to leave the kernels' own paths as they
    are): more replacement effects than one tapping applies (MAXREPLACE), more cost modifiers
    for spell `card_row` (if given) than total_cost lists (MAXMODS)."""
    cdef int i, n_rep = 0, n_mod = R.cards[card_row].n_costmod if card_row >= 0 else 0
    for i in range(b.n):
        if in_play(b, i):
            n_rep += card_of(R, b, i).n_replacement
            n_mod += card_of(R, b, i).n_costmod
    return (b.over | (OV_REPLACEMENTS if n_rep > MAXREPLACE else 0)
            | (OV_MODIFIERS if card_row >= 0 and n_mod > MAXMODS else 0))


cdef struct WideCost:            # a total cost's counts as ints (cost_overflows)
    int generic
    int snow
    int pips[6]
    int phyrexian[5]
    int mono_hybrid[5]
    int colorless_hybrid[5]
    int hybrid[10]
    int hybrid_phyrexian[10]


cdef void add_wide(Rules* R, int row, int x, WideCost* w) noexcept nogil:
    """add_cost, into ints."""
    cdef Cost* c
    cdef int t, k
    if row < 0:
        return
    c = &R.costs[row]
    w.generic += c.generic + x * c.x
    w.snow += c.snow
    for t in range(6):
        w.pips[t] += c.pips[t]
    for t in range(5):
        w.phyrexian[t] += c.phyrexian[t]
        w.mono_hybrid[t] += c.mono_hybrid[t]
        w.colorless_hybrid[t] += c.colorless_hybrid[t]
    for k in range(c.n_hybrid):
        if R.hybrids[c.hybrid_first + k].phyrexian:
            w.hybrid_phyrexian[pair_index(R.hybrids[c.hybrid_first + k].colors)] += 1
        else:
            w.hybrid[pair_index(R.hybrids[c.hybrid_first + k].colors)] += 1


cdef uint16_t cost_overflows(Rules* R, Board* b, int card_row, int x, bint kicked, int tax,
                            int alternative, int caster, bint from_hand) noexcept nogil:
    """OV_TOTAL if total_cost's running totals would leave their fields (generic mana int16,
    the symbol counts uint8): its mana cost (or flashback cost) with X, the kicker and every
    increase that applies, summed in ints; increases come first (601.2f), so this is their
    largest. Else 0."""
    cdef Card* c = &R.cards[card_row]
    cdef Card* pc
    cdef CostModifier* m
    cdef WideCost w
    cdef int i, k, t, most = 0
    cdef bint left_hand = from_hand and b.bi.hand_size[caster] > 0
    memset(&w, 0, sizeof(WideCost))
    if left_hand:                       # (as total_cost counts: the card has left the hand)
        b.bi.hand_size[caster] -= 1
    add_wide(R, c.flashback if alternative == 1 else c.cost, x, &w)
    if kicked:
        add_wide(R, c.kicker, 0, &w)
    w.generic += tax
    for i in range(-1, b.n):            # the card's own modifiers, then the board's
        if i >= 0 and (not (R.info[b.perms[i].card] & CI_COSTMOD) or not in_play(b, i)):
            continue
        pc = c if i < 0 else card_of(R, b, i)
        for k in range(pc.n_costmod):
            m = &R.costmods[pc.costmod_first + k]
            if m.change == CC_INCREASE and modifier_applies(
                    R, b, m, i, caster if i < 0 else controller(b, i), card_row, caster):
                add_wide(R, m.mana, 0, &w)
                w.generic += eval_amount(R, b, m.amount, i, caster if i < 0 else controller(b, i), x)
    if left_hand:
        b.bi.hand_size[caster] += 1
    for t in range(6):
        most = max(most, w.pips[t])
    for t in range(5):
        most = max(most, w.phyrexian[t], w.mono_hybrid[t], w.colorless_hybrid[t])
    for t in range(10):
        most = max(most, w.hybrid[t], w.hybrid_phyrexian[t])
    return OV_TOTAL if w.generic > 32767 or w.snow > 255 or most > 255 else 0


cdef int check_exact(int over, str what) except -1:
    """Raise if limits the kernels met (Overflow bits `over`) may have made an answer wrong."""
    if over:
        raise ValueError(f"{what} is not known exactly: this board has {overflow_message(over)} "
                         "(limits of the rules core)")
    return 0


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
    check_exact(limits_met(&core.R, &b), "what the permanents could produce")
    return out[:n]


def board_is_sick(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int i):
    cdef Board b = one_board(perms, n, info)
    return is_sick(&core.R, &b, i)


def board_power_toughness(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int i):
    cdef Board b = one_board(perms, n, info)
    return power_of(&core.R, &b, i), toughness_of(&core.R, &b, i)


def board_characteristics(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int i):
    """Permanent i's characteristics as they are now (613; the accessors types_of, ...): its
    (types, supertypes, subtypes, colours, keywords) as bit sets, and its power and toughness."""
    cdef Board b = one_board(perms, n, info)
    cdef Permanent* p
    if not 0 <= i < n:
        raise IndexError(f"permanent {i} is not one of the board's {n}")
    p = &b.perms[i]
    if not 0 <= p.card < core.R.n_cards or not 0 <= p.becomes <= core.R.n_cards:
        raise ValueError(f"permanent {i}: card {p.card}, becomes {p.becomes}: not rows of these tables")
    return (types_of(&core.R, p), supertypes_of(&core.R, p), subtypes_of(&core.R, p), colors_of(&core.R, p),
            keywords_of(&core.R, p), power_of(&core.R, &b, i), toughness_of(&core.R, &b, i))


def board_count(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int row,
                int self_i, int player, int x):
    cdef Board b = one_board(perms, n, info)
    return eval_count(&core.R, &b, row, self_i, player, x)


def board_filter_count(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int row,
                       int source, int who, int enough=-1):
    """How many permanents pass FILTER row `row` for object `source` (-1: none) controlled by
    player `who` (filter_count: 602.5, 508.1c, 614.1c, 208.2); counted only up to `enough` if
    it is given (filter_count_upto, for "at least N")."""
    cdef Board b = one_board(perms, n, info)
    if not 0 <= row < core.R.n_filters:
        raise IndexError(f"FILTER row {row} is not one of the {core.R.n_filters} rows")
    if enough == 0 or enough < -1:
        raise ValueError(f"enough must be 1 or more (or -1: count them all), got {enough}")
    if enough > 0:
        return filter_count_upto(&core.R, &b, row, source, who, enough)
    return filter_count(&core.R, &b, row, source, who)


def card_passes_filter(CoreTables core, int row, int card):
    """Do the characteristics of CARD row `card` pass FILTER row `row` (card_passes: a card
    anywhere, its types, supertypes, subtypes and colours)?"""
    if not 0 <= row < core.R.n_filters or not 0 <= card < core.R.n_cards:
        raise IndexError(f"FILTER row {row} of {core.R.n_filters}, CARD row {card} of {core.R.n_cards}")
    return bool(card_passes(&core.R, &core.R.filters[row], card))


def board_mana_rows(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int i):
    """The MANA_ABILITY rows of permanent i (printed, then granted)."""
    cdef Board b = one_board(perms, n, info)
    cdef int rows[MAXMANA + 1]
    cdef int k, m = mana_ability_rows(&core.R, &b, i, rows)
    return [rows[k] for k in range(m)]


def board_ability_ready(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int i, int row):
    """Can mana ability `row` of permanent i be activated now but for its mana input: its
    {T}/{Q}, the counters it removes, its condition (ability_ready: 107.5, 107.6, 302.6, 118.3,
    602.5) and the life it costs (119.4: no more than its controller has)?"""
    cdef Board b = one_board(perms, n, info)
    cdef int life = core.R.mana[row].life
    return bool(ability_ready(&core.R, &b, i, row)
                and (life <= 0 or life <= b.bi.life[controller(&b, i)]))


def board_condition_holds(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int i, int row):
    """Does CONDITION row `row` let permanent i's ability be activated now (602.5)?"""
    cdef Board b = one_board(perms, n, info)
    return bool(condition_holds(&core.R, &b, i, row))


def board_replacements(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int i):
    """(replacement row, source permanent) pairs that apply when permanent i is tapped for mana."""
    cdef Board b = one_board(perms, n, info)
    cdef int reps[MAXREPLACE]
    cdef int sources[MAXREPLACE]
    cdef int k, m = replacements_for(&core.R, &b, i, reps, sources)
    check_exact(limits_met(&core.R, &b), "the replacement effects that apply")
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
                     int card_row, int x, bint kicked, int alternative, int caster, bint from_hand,
                     int tax=0):
    cdef Board b = one_board(perms, n, info)
    out = np.zeros(1, dtype=_dtype_of("total_cost"))
    cdef TotalCost[::1] o = out
    if not 0 <= tax <= 2 * 255:
        raise ValueError("a commander tax is 0..510 (903.8: {2} a previous cast)")
    total_cost(&core.R, &b, card_row, x, kicked, tax, alternative, caster, from_hand, &o[0])
    check_exact((limits_met(&core.R, &b, card_row) & OV_MODIFIERS)
                | cost_overflows(&core.R, &b, card_row, x, kicked, tax, alternative, caster, from_hand),
                "the total cost")
    return out[0]


def board_can_pay(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int player,
                  TotalCost[::1] cost, int card, bint ability, int exclude=-1):
    """Can `player` pay `cost` for casting CARD row `card` (or, with `ability`, for an
    activated ability of a permanent of that card)? Restricted mana pays only what it may
    (106.6); card -1: restricted mana pays nothing. `exclude`: a permanent whose own {T} is
    part of the cost, which can't also pay (602.2b; -1 none)."""
    cdef Board b = one_board(perms, n, info)
    cdef uint8_t cp[MAXBOARD]
    cdef Payment P
    cdef uint16_t saved = set_aside(b.perms, exclude)
    P.over = 0
    could_produce_all(&core.R, &b, cp)
    prepare_payment(&core.R, &b, player, cp, &P, pays_life(&cost[0]))
    payable = cost_payable(&core.R, &P, &cost[0], b.bi.life[player], purpose(card, ability))
    if exclude >= 0:
        b.perms[exclude].flags = saved
    check_exact((limits_met(&core.R, &b) | P.over) & (OV_UPPER if payable else OV_LOWER),
                "whether the cost can be paid")
    return payable


cdef inline uint16_t set_aside(Permanent* perms, int exclude) noexcept nogil:
    """Tap permanent `exclude` (-1: none) for a payment of a cost that includes its own {T}
    (602.2b: it can't also pay for it); its flags, to give back once the payment is planned."""
    if exclude < 0:
        return 0
    cdef uint16_t flags = perms[exclude].flags
    perms[exclude].flags |= PF_TAPPED
    return flags


cdef inline Purpose purpose(int card, bint ability) noexcept:
    return activating(card) if ability else casting(card)


def board_mana_summary(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int player):
    """The most mana of each type and in all the player can make (all of it, restricted mana
    too, 106.6)."""
    cdef Board b = one_board(perms, n, info)
    cdef uint8_t cp[MAXBOARD]
    cdef Payment P
    P.over = 0
    cdef int t
    could_produce_all(&core.R, &b, cp)
    prepare_payment(&core.R, &b, player, cp, &P, False)
    most = tuple(max_mana(&P, 1 << t) for t in range(6)) + (max_mana(&P, ALLTYPES),)
    check_exact(limits_met(&core.R, &b) | P.over, "the most mana the board makes")
    return most


def board_ability_outputs(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info,
                          int i, int row, int x=0):
    """Every distinct result of activating mana ability `row` of permanent i now (with X = x)."""
    cdef Board b = one_board(perms, n, info)
    cdef uint8_t cp[MAXBOARD]
    cdef Vec outs[MAXOPT]
    cdef Vec owns[MAXOPT]
    cdef int k, t, m
    could_produce_all(&core.R, &b, cp)
    m = ability_outputs(&core.R, &b, i, row, cp, x, outs, owns)
    check_exact(limits_met(&core.R, &b), "what the mana ability can make")
    return [tuple(outs[k].m[t] for t in range(6)) for k in range(m)]


def board_produce(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info, int i,
                  int row, int prefer, list order, int x=0):
    """The mana one activation of ability `row` of permanent i adds, with the controller's
    choices: X = x (remove_x), `prefer` (a type index, or -1) for any choice of type, `order` the replacement
    rows in the order to apply them. Returns (6-tuple the ability made, 6-tuple its triggers
    added) — one branch of what `ability_outputs` enumerates."""
    cdef Board b = one_board(perms, n, info)
    cdef uint8_t cp[MAXBOARD]
    cdef Vec base[MAXOPT]
    cdef Vec outs[MAXOPT]
    cdef Vec owns[MAXOPT]
    cdef Vec v
    cdef int m, k, t, q, best
    could_produce_all(&core.R, &b, cp)
    m = base_outputs(&core.R, &b, i, row, cp, x, base)
    check_exact(limits_met(&core.R, &b), "what the mana ability makes")
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
            b.over |= apply_replacement(&core.R, q, &v)
    m = triggered_outputs(&core.R, &b, i, row, &v, 1, outs, owns)
    best = 0                                       # the trigger choices: the preferred type
    check_exact(limits_met(&core.R, &b), "what the mana ability makes")
    for q in range(1, m):
        if prefer >= 0 and outs[q].m[prefer] > outs[best].m[prefer]:
            best = q
    return (tuple(v.m[t] for t in range(6)),
            tuple(outs[best].m[t] - v.m[t] for t in range(6)))




def board_plan_payment(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info,
                       int player, TotalCost[::1] cost, int card, bint ability):
    """A plan to pay `cost` for `card` (as board_can_pay): (steps, spend, life, restricted)
    where each step is (permanent row, ability index, mana it makes, unrestricted mana it
    takes from the pool first) and `restricted` the restricted mana (106.6) as (permanent row
    or -1 for the cost, made, SPEND_RESTRICTION row, mana): made, the part of that step's
    mana that keeps the row's restriction; else, mana of that restriction it (or the cost)
    takes from the pool. None if the cost can't be paid."""
    cdef Board b = one_board(perms, n, info)
    cdef uint8_t cp[MAXBOARD]
    cdef Plan* plan
    cdef int g, t
    plan = <Plan*>PyMem_Malloc(sizeof(Plan))
    if plan == NULL:
        raise MemoryError()
    plan.n_restricted = 0                          # (see Plan)
    try:
        if not plan_payment(&core.R, &b, player, &cost[0], cp, plan, NULL, False, purpose(card, ability)):
            check_exact(limits_met(&core.R, &b) & OV_LOWER, "whether the cost can be paid")
            return None
        check_exact(limits_met(&core.R, &b) & OV_UPPER, "a plan to pay the cost")
        steps = [(plan.step[g].perm, plan.step[g].ability,
                  tuple(plan.step[g].out.m[t] for t in range(6)),
                  tuple(plan.step[g].spend.m[t] for t in range(6))) for g in range(plan.n_steps)]
        restricted = [(plan.restricted[g].perm, bool(plan.restricted[g].made), plan.restricted[g].row,
                       tuple(plan.restricted[g].mana.m[t] for t in range(6)))
                      for g in range(plan.n_restricted)]
        return steps, tuple(plan.spend.m[t] for t in range(6)), plan.life, restricted
    finally:
        PyMem_Free(plan)


def board_produce_exact(CoreTables core, Permanent[::1] perms, int n, BoardInfo[::1] info,
                        int i, int row, tuple want, own=None):
    """(made, triggered) for one activation of ability `row` of permanent i that makes exactly
    `want` in all (and, if `own` is given, exactly `own` itself: a restricted ability's part,
    106.6a), choosing the base output, the replacement order and the trigger choices; None if
    no choice does."""
    cdef Board b = one_board(perms, n, info)
    cdef uint8_t cp[MAXBOARD]
    cdef Vec base[MAXOPT]
    cdef Vec outs[MAXOPT]
    cdef Vec owns[MAXOPT]
    cdef Vec v, w
    cdef int reps[MAXREPLACE]
    cdef int sources[MAXREPLACE]
    cdef int order[MAXREPLACE]
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
                b.over |= apply_replacement(&core.R, reps[order[q]], &v)
            j = triggered_outputs(&core.R, &b, i, row, &v, 1, outs, owns)
            for q in range(j):
                if vec_eq(&outs[q], &w) and (own is None or tuple(v.m[t] for t in range(6)) == tuple(own)):
                    return (tuple(v.m[t] for t in range(6)),
                            tuple(outs[q].m[t] - v.m[t] for t in range(6)))
            if not next_permutation(order, n_rep):
                break
    check_exact(limits_met(&core.R, &b), "whether the mana ability can make it")
    return None

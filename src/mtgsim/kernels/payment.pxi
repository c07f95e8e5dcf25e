# Paying costs (601.2g-h): each source's options, the units of supply and demand, the search
# over sources with bipartite matching (matching), life during a payment, restricted mana in the
# pool (the most mana a board makes: most_mana). Uses base, abilities, production, matching,
# and, included after it, kept_options (a source's options kept), tapping (find_tap_rows,
# rows_passed, find_tappable, taps_matched), direct (cost_is_plain).

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
            if n < MAXINPUT:
                masks[n] = 1 << t
                n += 1
    for k in range(c.n_hybrid):
        if n < MAXINPUT:
            masks[n] = R.hybrids[c.hybrid_first + k].colors
            n += 1
    for t in range(5):
        for k in range(c.phyrexian[t] + c.mono_hybrid[t] + c.colorless_hybrid[t]):
            if n < MAXINPUT:
                masks[n] = (1 << t) | (32 if c.colorless_hybrid[t] else 0)
                n += 1
    for k in range(c.generic):
        if n < MAXINPUT:
            masks[n] = ALLTYPES
            n += 1
    return n


cdef int source_options(Rules* R, Board* b, int i, uint8_t* cp, Options* o, bint life_effects) noexcept nogil:
    """Every result the ready mana abilities of permanent i can give (one activation: a
    permanent taps once), with the input each needs; dominated results are dropped. The
    results of abilities that keep it tapped through its next untap step (502.3) come last,
    so a search that tries options in order uses them only when nothing else pays."""
    cdef int rows[MAXMANA + 1]
    cdef int n_rows = mana_ability_rows(R, b, i, rows)
    cdef int k
    cdef bint snow = (supertypes_of(R, &b.perms[i]) & ST_SNOW) != 0
    o.n = 0
    o.restricted = False
    o.keeps_tapped = False
    o.tapping = 0
    for k in range(n_rows):
        if unlikely(R.mana[rows[k]].marks & PF_SKIP_UNTAP):
            o.keeps_tapped = True       # (after the others)
        else:
            ability_options(R, b, i, rows[k], k, cp, o, life_effects, snow)
    if unlikely(o.keeps_tapped):
        for k in range(n_rows):
            if R.mana[rows[k]].marks & PF_SKIP_UNTAP:
                ability_options(R, b, i, rows[k], k, cp, o, life_effects, snow)
    if unlikely(o.n >= MAXOPT):         # (full: results may have been dropped)
        b.over |= OV_OPTIONS
    return o.n


cdef bint options_fixed(Rules* R, int card) noexcept nogil:
    """Are source_options of a permanent of `card` the same on every board without mana effects
    where it is untapped and not summoning sick (so worked out once, R.fixed_options)? Every
    mana ability a {T} ability (no {Q}) of a fixed amount of a fixed output, with no condition
    (602.5), no counters removed, nothing read of other permanents (could-produce, "if you
    control"), no colour chosen as it entered: what remains is the card's own rows. Only the
    complex sources (simple ones are units without source_options)."""
    cdef Card* c = &R.cards[card]
    cdef ManaAbility* a
    cdef int k
    if not (R.info[card] & CI_COMPLEX_MANA) or R.info[card] & CI_MANA_EFFECT or c.n_mana == 0:
        return False
    for k in range(c.n_mana):
        a = &R.mana[c.mana_first + k]
        if (not a.tap or a.untap or a.amount.count >= 0 or a.could_produce or a.condition >= 0
                or a.remove_n or a.remove_x or a.if_you_control or a.output == MO_CHOSEN_COLOR
                or a.tap_filter >= 0):
            return False
    return True


cdef inline void copy_options(Options* o, Options* src) noexcept nogil:
    """o = src, the options in use only (source_options writes no more)."""
    cdef int n = src.n
    o.n = n
    memcpy(o.out, src.out, n * sizeof(Vec))
    memcpy(o.own, src.own, n * sizeof(Vec))
    memcpy(o.n_in, src.n_in, n)
    memcpy(o.in_mask, src.in_mask, n * MAXINPUT)
    memcpy(o.ability, src.ability, n)
    memcpy(o.removed, src.removed, n)
    memcpy(o.life, src.life, n * sizeof(int16_t))
    memcpy(o.gain, src.gain, n * sizeof(int16_t))
    memcpy(o.dmg, src.dmg, n * sizeof(int16_t))
    memcpy(o.restriction, src.restriction, n * sizeof(int16_t))
    memset(o.cls, 0, n)
    o.restricted = src.restricted
    o.keeps_tapped = src.keeps_tapped
    o.tapping = 0                       # (options_fixed: no ability taps another permanent)


cdef inline void ability_options(Rules* R, Board* b, int i, int row, int k, uint8_t* cp, Options* o,
                                 bint life_effects, bint snow) noexcept nogil:
    """source_options' results of permanent i's k-th mana ability (MANA_ABILITY row `row`), if
    it is ready, added to o: with X counters removed as its cost (remove_x), those of each X
    the player may choose (107.3a: 1 up to the counters on it, 118.3; X = 0 makes no mana),
    the fewest counters first, each X its price."""
    cdef int x, most
    if not ability_ready(R, b, i, row):
        return
    if not unlikely(R.mana[row].remove_x):
        x_options(R, b, i, row, k, cp, o, life_effects, snow, 0)
        return
    most = b.perms[i].counters[R.mana[row].remove_kind]
    for x in range(1, most + 1):
        x_options(R, b, i, row, k, cp, o, life_effects, snow, x)


cdef inline void x_options(Rules* R, Board* b, int i, int row, int k, uint8_t* cp, Options* o,
                           bint life_effects, bint snow, int x) noexcept nogil:
    """ability_options' results of one activation of the ability with X = x, its price the x
    counters it removes (a result no cheaper than another that covers it is dropped)."""
    cdef Vec outs[MAXOPT]
    cdef Vec owns[MAXOPT]
    cdef uint8_t masks[MAXINPUT]
    cdef int q, n, n_in, r, t, life, gain, dmg, restriction
    cdef int tap_filter = R.mana[row].tap_filter
    cdef bint dominated, same_input
    if unlikely(tap_filter >= 0):       # (it taps another permanent: never units, searched)
        o.tapping |= TAPS_OTHER
    n = ability_outputs(R, b, i, row, cp, x, outs, owns)
    restriction = R.mana[row].restriction
    n_in = input_units(R, R.mana[row].cost, masks)
    life = R.mana[row].life
    gain = dmg = 0
    if life_effects and R.mana[row].effect >= 0:      # pain lands, The Great Henge
        dmg = R.effects[R.mana[row].effect].damage_to_you.fixed
        gain = R.effects[R.mana[row].effect].gain_life.fixed
    for q in range(n):
        # drop an output another option already covers at no greater price
        dominated = False
        for r in range(o.n):
            same_input = o.n_in[r] <= n_in and (o.n_in[r] == 0 or (o.n_in[r] == n_in and
                         memcmp_masks(o.in_mask[r], masks, n_in)))
            if (same_input and vec_leq(&outs[q], &o.out[r]) and (not snow or vec_leq(&owns[q], &o.own[r]))
                    and o.life[r] <= life and o.dmg[r] <= dmg and o.gain[r] >= gain and o.removed[r] <= x
                    and (o.restriction[r] < 0 or (o.restriction[r] == restriction
                                                  and unrestricted_leq(&outs[q], &owns[q], o, r)))):
                if unlikely(o.tapping) and o.tap_filter[r] >= 0 and o.tap_filter[r] != tap_filter:
                    continue        # (r taps another permanent where this needn't, or another kind)
                dominated = True    # (restricted mana covers only mana of its restriction)
                break
        if dominated or o.n >= MAXOPT:
            continue
        o.out[o.n] = outs[q]
        o.own[o.n] = owns[q]
        o.n_in[o.n] = n_in
        for t in range(n_in):
            o.in_mask[o.n][t] = masks[t]
        o.ability[o.n] = k
        o.removed[o.n] = x
        o.life[o.n] = life
        o.gain[o.n] = gain
        o.dmg[o.n] = dmg
        o.restriction[o.n] = restriction
        o.cls[o.n] = 0
        o.restricted |= restriction >= 0
        o.tap_filter[o.n] = tap_filter
        o.n += 1


cdef inline bint unrestricted_leq(Vec* out, Vec* own, Options* o, int r) noexcept nogil:
    """Is the unrestricted part (triggered mana) of the result (out, own) no more, type by
    type, than option r's?"""
    cdef int t
    for t in range(6):
        if out.m[t] - own.m[t] > o.out[r].m[t] - o.own[r].m[t]:
            return False
    return True


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
    if o.restricted or o.keeps_tapped:  # (its units pay only some costs, or some keep it tapped:
        return -1                       # a searched source)
    for k in range(o.n):
        if (o.n_in[k] or o.life[k] or o.gain[k] or o.dmg[k] or o.removed[k]
                or (o.snow and not vec_eq(&o.out[k], &o.own[k]))):
            return -1
    if o.n == 1:
        if vec_total(&o.out[0]) > MAXUNIT:
            return -1                   # (searched: where its supplies meet the limit, it says so)
        for t in range(6):
            for q in range(o.out[0].m[t]):
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
    int32_t branch_fixed[MAXBRANCH]  # its options as Rules.fixed_options has them (their index), or
                                 # -1: worked out on this board (what answers.pxi keys by)
    int max_branch_total         # upper bound of what the searched sources add
    int32_t reach[MAXBRANCH + 1] # per searched source g, the most mana sources g.. can add that
                                 # `reach_admit`'s classes may spend (a bound of the search)...
    int32_t adds[MAXBRANCH][MAXOPT]  # ...and what each option of g adds of it
    int32_t most_out[MAXBRANCH]  # per searched source, the most mana one option makes
    int reach_admit              # the admit mask they hold for, -1 none worked out yet
    int life                     # the player's life (for sources that cost life)
    int max_gain                 # the most life activating the searched sources can gain
    # Restricted mana (106.6): each distinct restriction among the supplies is a class (a bit);
    # a demand may take a supply of class c only if its admit mask has c. Unrestricted: 0.
    int n_class
    int32_t class_row[MAXCLASS]  # the SPEND_RESTRICTION row of class 1 << k
    int n_pool_r                 # restricted mana in the pool, units of one type each...
    uint8_t pool_r_mask[MAXRUNIT]
    uint8_t pool_r_cls[MAXRUNIT] # ...and their classes
    uint8_t branch_admit[MAXBRANCH]  # classes that may pay searched source g's input (an
                                 # activated ability of that permanent)
    uint8_t admit                # classes that may pay what is being paid for now
    uint64_t most_skip[MAXBRANCH]    # per searched source, the options search_most passes over
                                 # (bit k: option k; dominated ones, see dominated_options)
    bint shortcuts               # the most-mana search's shortcuts: skip them (R.fast, and the
                                 # goldfish's shortcuts; off, every option is tried, the slow
                                 # path the tests compare with)
    bint summed                  # no searched source's option takes mana in or costs life and
                                 # no mana is of a class past MAXCLASS: the most mana is what
                                 # every source makes at most, summed (summed_most)
    # "Tap an untapped creature you control" (Springleaf Drum): the permanents such costs may tap
    # (in the order they are tried: making no mana and unable to attack, making none, mana
    # sources), each a searched source's index or -1, and the FILTER rows it passes (bit k:
    # tap_row[k]). n_tap_rows 0: no such cost on this board. `tapping`: some searched source's
    # Options.tapping is set (the search's TapCase: TapCosts; else NoTapCosts, which reads none).
    int n_tap_rows
    bint tapping
    int32_t tap_row[MAXTAPROW]
    int n_tappable
    int16_t tappable[MAXTAPPABLE]
    int8_t tappable_branch[MAXTAPPABLE]
    uint8_t tappable_rows[MAXTAPPABLE]
    int32_t problem              # its problem's id in the goldfish's remembered answers (answers.pxi),
    uint32_t problem_gen         # ...given in that table's generation (0: none since prepared)
    uint16_t over                # Overflow bits met preparing it and searching it (see Board.over),
                                 # kept until its owner clears them (the goldfish's views: once
                                 # a chunk, and it reads OV_AMOUNT only)


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
    mask = R.unit_mask[card] | (SNOW_BIT if supertypes_of(R, &b.perms[i]) & ST_SNOW else 0)
    for k in range(n):
        if P.n_units < MAXUNIT:
            P.unit_mask[P.n_units] = mask
            P.unit_src[P.n_units] = i
            P.n_units += 1
    return True


cdef inline void prepare_payment(Rules* R, Board* b, int player, uint8_t* cp, Payment* P,
                                 bint life_effects) noexcept nogil:
    """Gather the player's mana sources. With `life_effects`, life lost or gained by activating
    them is tracked (it matters when the payment also pays life: 601.2g comes before 601.2h)."""
    prepare_payment_kept(R, b, player, cp, P, life_effects, NULL)


cdef void prepare_payment_kept(Rules* R, Board* b, int player, uint8_t* cp, Payment* P,
                               bint life_effects, KeptOptions* K) noexcept nogil:
    """prepare_payment, the sources' options copied from K where it keeps them (kept_options;
    NULL: each worked out)."""
    cdef int i, t, k, n
    cdef uint8_t masks[MAXUNIT]
    cdef Options* o
    cdef Options tmp
    cdef int best, v, fixed
    cdef bint costs_life = False
    cdef bint simple_ok
    cdef uint32_t flags = board_flags(R, b)
    cdef bint tappers = False
    cdef bint looked = False
    P.n_units = 0
    P.n_branch = 0
    P.problem_gen = 0
    P.shortcuts = R.fast
    P.summed = True
    P.max_branch_total = 0
    P.max_gain = 0
    P.n_class = 0
    P.n_pool_r = 0
    P.admit = 0
    P.life = b.bi.life[player]
    for t in range(6):                           # mana already in the pool
        for k in range(b.bi.pool[player][t]):
            if P.n_units < MAXUNIT:
                P.unit_mask[P.n_units] = 1 << t
                P.unit_src[P.n_units] = -1
                P.n_units += 1
    if b.bi.n_restricted[player]:
        restricted_pool_units(b.bi, player, P)
    P.n_tap_rows = 0
    P.tapping = False
    if unlikely(flags & CI_TAPS_OTHER):          # (a mana source such a cost may tap: searched)
        tappers = find_tap_rows(R, b, player, P)
    simple_ok = R.fast and not (flags & CI_MANA_EFFECT) and not tappers
    for i in range(b.n):
        if not in_play(b, i) or controller(b, i) != player:
            continue
        if simple_ok and simple_units(R, b, i, life_effects, P):
            continue
        o = &P.branch[P.n_branch] if P.n_branch < MAXBRANCH else &tmp
        fixed = R.fixed_opt[b.perms[i].card] if simple_ok else -1
        if fixed >= 0:                           # (as source_options finds them: options_fixed)
            if b.perms[i].flags & PF_TAPPED or is_sick(R, b, i):
                continue                         # no ready ability (107.5, 302.6)
            copy_options(o, &R.fixed_options[2 * fixed + (life_effects != 0)])
        elif K == NULL or tappers:
            if source_options(R, b, i, cp, o, life_effects) == 0:
                continue
        else:
            if not looked:
                look_around(R, b, K)
                looked = True
            if the_kept_source_options(R, b, i, cp, o, life_effects, K) == 0:
                continue
        if unlikely(tappers) and rows_passed(R, b, i, player, P):
            o.tapping |= TAPPABLE
        if not life_effects:
            for k in range(o.n):
                if o.life[k]:
                    costs_life = True
        o.snow = SNOW_BIT if supertypes_of(R, &b.perms[i]) & ST_SNOW else 0
        if o.restricted:
            for k in range(o.n):
                o.cls[k] = class_of(P, o.restriction[k])
        n = decompose(o, masks) if not (tappers and o.tapping) else -1    # (not units: tapped for a
        if n >= 0:                                                       # cost, it makes none)
            for k in range(n):
                if P.n_units < MAXUNIT:
                    P.unit_mask[P.n_units] = masks[k] | o.snow
                    P.unit_src[P.n_units] = i
                    P.n_units += 1
        elif P.n_branch < MAXBRANCH:
            best = 0
            for k in range(o.n):
                v = vec_total(&o.out[k])
                P.adds[P.n_branch][k] = v      # (P.adds as make_reach has them
                if v > best:                   # without restricted mana)
                    best = v
            P.max_branch_total += best
            P.most_out[P.n_branch] = P.reach[P.n_branch] = best
            for k in range(o.n):
                if o.n_in[k] or o.life[k]:
                    P.summed = False
            best = 0
            for k in range(o.n):
                if o.gain[k] > best:
                    best = o.gain[k]
            P.max_gain += best
            P.branch_src[P.n_branch] = i
            P.branch_fixed[P.n_branch] = 2 * fixed + (life_effects != 0) if fixed >= 0 else -1
            P.tapping |= o.tapping != 0
            P.n_branch += 1
        else:       # more than MAXBRANCH searched sources; the extra ones are not used
            P.over |= OV_BRANCH
    if unlikely(P.n_units >= MAXUNIT):   # (full: units may have been dropped)
        P.over |= OV_UNITS
    P.over |= b.over & OV_AMOUNT         # (what the goldfish's views read of the board's)
    if costs_life and not life_effects:  # life costs: life gained or lost by others matters too
        prepare_payment_kept(R, b, player, cp, P, True, K)
        return
    if unlikely(tappers):
        find_tappable(R, b, player, P)
        P.summed = P.shortcuts = False   # (a source's mana is no longer its own to add)
    P.reach[P.n_branch] = 0              # (each source's best so far: summed from the back)
    for i in range(P.n_branch - 1, -1, -1):
        P.reach[i] += P.reach[i + 1]
    P.reach_admit = -1 if P.n_class else 0
    if P.n_class == MAXCLASS:            # (CLASS_NEVER may be among them: it never counts)
        P.summed = False
    if P.n_class:
        for i in range(P.n_branch):
            P.branch_admit[i] = admitted(R, P, activating(b.perms[P.branch_src[i]].card))
    for i in range(P.n_branch):
        P.prev_same[i] = -1
        for k in range(i - 1, -1, -1):
            if same_options(&P.branch[k], &P.branch[i]) and (
                    P.n_class == 0 or P.branch_admit[k] == P.branch_admit[i]):
                P.prev_same[i] = k
                break
    if unlikely(tappers):                # (a source that taps another or may be tapped: not interchangeable)
        memset(P.prev_same, -1, P.n_branch)


cdef inline uint8_t class_of(Payment* P, int row) noexcept nogil:
    """The class bit of SPEND_RESTRICTION row `row` in this payment (0 for -1: unrestricted;
    CLASS_NEVER past MAXCLASS distinct rows: that mana is not spent, a conservative limit)."""
    cdef int k
    if row < 0:
        return 0
    for k in range(P.n_class):
        if P.class_row[k] == row:
            return 1 << k
    if P.n_class == MAXCLASS:
        return CLASS_NEVER
    P.class_row[P.n_class] = row
    P.n_class += 1
    return 1 << (P.n_class - 1)


cdef uint8_t admitted(Rules* R, Payment* P, Purpose why) noexcept nogil:
    """The classes of P whose mana may be spent on `why` (106.6)."""
    cdef int k
    cdef uint8_t out = 0
    for k in range(P.n_class):
        if restriction_admits(R, P.class_row[k], &why):
            out |= 1 << k
    return out


cdef void restricted_pool_units(BoardInfo* bi, int player, Payment* P) noexcept nogil:
    """The restricted mana in the player's pool as units of one type and its class each (past
    MAXRUNIT units, the rest is not used: a limit the Python layer checks)."""
    cdef int e, t, k
    cdef uint8_t c
    for e in range(min(bi.n_restricted[player], MAXRPOOL)):
        c = class_of(P, bi.restricted_row[player][e])
        for t in range(6):
            for k in range(bi.restricted[player][e][t]):
                if P.n_pool_r < MAXRUNIT:
                    P.pool_r_mask[P.n_pool_r] = 1 << t
                    P.pool_r_cls[P.n_pool_r] = c
                    P.n_pool_r += 1


cdef bint same_options(Options* a, Options* b) noexcept nogil:
    """Could two searched sources swap their choices without changing any leaf of the search
    (the same outputs, inputs and life effects, option by option)?"""
    cdef int k, q
    if a.n != b.n or a.snow != b.snow:
        return False
    for k in range(a.n):
        if (not vec_eq(&a.out[k], &b.out[k]) or not vec_eq(&a.own[k], &b.own[k])
                or a.n_in[k] != b.n_in[k] or a.life[k] != b.life[k] or a.gain[k] != b.gain[k]
                or a.dmg[k] != b.dmg[k] or a.cls[k] != b.cls[k]):
            return False
        for q in range(a.n_in[k]):
            if a.in_mask[k][q] != b.in_mask[k][q]:
                return False
    return True


cdef struct Demand:              # what must be paid: units with the types that may pay each
    int n                        # (MAXDEMAND: the buffer full, units may have been dropped)
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
                     Match* M, uint8_t* d_admit, uint8_t* s_cls) noexcept nogil:
    """The matching problem of one leaf of the search: D and the converters' inputs ← the
    units and the chosen outputs, converters activated in `order` (a converter's input only
    from units made before it). With restricted mana among the supplies, `d_admit` and
    `s_cls` (MAXDEMAND and MAXUNIT entries) receive the classes (106.6)."""
    cdef int g, k, t, q, pos, n_out
    cdef Options* o
    M.n_d = 0
    M.n_s = 0
    M.d_admit = M.s_cls = NULL
    for k in range(D.n):
        M.d_mask[M.n_d] = D.mask[k]
        M.d_stage[M.n_d] = 127
        M.n_d += 1
    for k in range(P.n_units):
        M.s_mask[M.n_s] = P.unit_mask[k]
        M.s_stage[M.n_s] = -1
        M.n_s += 1
    if P.n_class:
        restricted_leaf(P, choice, conv, n_conv, order, M, d_admit, s_cls)
        return
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
            else:
                P.over |= OV_DEMAND
        for t in range(6):
            n_out = o.out[choice[g]].m[t]
            if unlikely(n_out > MAXUNIT - M.n_s):   # (supplies past the limit are not used)
                n_out = MAXUNIT - M.n_s
                P.over |= OV_UNITS
            if n_out:
                add_supplies(M, NULL, n_out, o.own[choice[g]].m[t], 1 << t, o.snow, pos, 0)


cdef inline void add_supplies(Match* M, uint8_t* s_cls, int n, int n_own, uint8_t mask, uint8_t snow,
                              int stage, uint8_t cls) noexcept nogil:
    """n supplies of one type (`mask`) made at `stage`, the first n_own of them the source's
    own mana (snow from a snow source; with restricted mana, s_cls not NULL, of its class
    `cls`), the rest triggered mana (neither). The caller keeps n within MAXUNIT, above 0."""
    cdef int own = max(0, min(n_own, n)), k, first = M.n_s
    if n > 16:                          # (a multiplied output: Mana Reflection, a counted one)
        memset(&M.s_mask[first], mask | snow, own)
        memset(&M.s_mask[first + own], mask, n - own)
        memset(&M.s_stage[first], <uint8_t><int8_t>stage, n)
        if s_cls != NULL:
            memset(&s_cls[first], cls, own)
            memset(&s_cls[first + own], 0, n - own)
    else:
        for k in range(n):
            M.s_mask[first + k] = mask | (snow if k < own else 0)
            M.s_stage[first + k] = <int8_t>stage
        if s_cls != NULL:
            for k in range(n):
                s_cls[first + k] = cls if k < own else 0
    M.n_s = first + n


cdef void restricted_leaf(Payment* P, int* choice, int* conv, int n_conv, int* order, Match* M,
                          uint8_t* d_admit, uint8_t* s_cls) noexcept nogil:
    """leaf_match past the units, with restricted mana: the pool's restricted units, then the
    chosen outputs (a restricted ability's own mana of its class, triggered mana none); the
    cost's demands admit P.admit, a converter's input what its source's abilities may take."""
    cdef int g, k, t, q, pos
    cdef Options* o
    M.d_admit = d_admit
    M.s_cls = s_cls
    for k in range(M.n_d):
        d_admit[k] = P.admit
    for k in range(M.n_s):
        s_cls[k] = 0
    for k in range(P.n_pool_r):
        if M.n_s < MAXUNIT:
            M.s_mask[M.n_s] = P.pool_r_mask[k]
            M.s_stage[M.n_s] = -1
            s_cls[M.n_s] = P.pool_r_cls[k]
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
                d_admit[M.n_d] = P.branch_admit[g]
                M.n_d += 1
        for t in range(6):                # (supplies past MAXUNIT are not used)
            if o.out[choice[g]].m[t]:
                add_supplies(M, s_cls, min(o.out[choice[g]].m[t], MAXUNIT - M.n_s), o.own[choice[g]].m[t],
                             1 << t, o.snow, pos, o.cls[choice[g]])


cdef bint leaf_feasible(Payment* P, Demand* D, int* choice, Match* keep) noexcept nogil:
    """With each searched source's choice fixed (-1 unused), is there an order of the used
    converters and a matching that pays D? On success the matching is copied to `keep`."""
    cdef Match M
    cdef int order[MAXBRANCH]
    cdef int conv[MAXBRANCH]
    cdef uint8_t d_admit[MAXDEMAND]
    cdef uint8_t s_cls[MAXUNIT]
    cdef int k, n_conv = used_converters(P, choice, conv)
    for k in range(n_conv):
        order[k] = k
    while True:
        leaf_match(P, D, choice, conv, n_conv, order, &M, d_admit, s_cls)
        if match_all(&M, keep == NULL):
            if keep != NULL:
                keep_match(keep, &M)
            return True
        if not next_permutation(order, n_conv):
            return False


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


cdef inline int admitted_total(Options* o, int k, uint8_t admit) noexcept nogil:
    """The mana option k of a source makes that demands admitting `admit` may take: all of it,
    less its own mana if that is of a class they don't admit (106.6; triggered mana is
    unrestricted)."""
    cdef int n = vec_total(&o.out[k])
    if o.restricted and o.cls[k] & ~admit:
        n -= vec_total(&o.own[k])
    return n


cdef void make_reach(Payment* P) noexcept nogil:
    """P.adds and P.reach for the classes P.admit admits: what each option of each searched
    source makes that the cost may take, and the most of it sources g.. make, summed from the
    last source back."""
    cdef int g, k, best, v
    cdef uint8_t admit = P.admit if P.n_class else 0
    P.reach[P.n_branch] = 0
    for g in range(P.n_branch - 1, -1, -1):
        best = P.most_out[g]            # (a source without restricted mana: as prepared)
        if P.branch[g].restricted:
            best = 0
            for k in range(P.branch[g].n):
                v = admitted_total(&P.branch[g], k, admit)
                P.adds[g][k] = v
                if v > best:
                    best = v
        P.reach[g] = P.reach[g + 1] + best
    P.reach_admit = admit


cdef struct NoTapCosts:           # the search's case where no searched source's option taps another
    uint8_t unused                # permanent or may be tapped for such a cost (most boards)...
cdef struct TapCosts:             # ...and where some does (Payment.tapping: tapping.pxi's matching)
    uint8_t unused

ctypedef fused TapCase:           # search and search_most are compiled once per case (`if TapCase is
    NoTapCosts                    # TapCosts`), chosen once per payment (payable_keep, max_mana): a
    TapCosts                      # board without such a cost tests nothing of them in the search


cdef bint search(TapCase* case, Payment* P, Demand* D, int* choice, int g, int supply, Life* L,
                 Match* keep) noexcept nogil:
    """Choose an option for searched sources g.. (converters and sources that cost life may
    also stay unused). For a plan (`keep` given) such a source is left unused first: no
    mana, life or damage is spent on it when the rest can pay. `supply`: the mana the cost
    may take from the units, the restricted pool and the choices so far; where even the most
    sources g.. add (P.reach) leaves it short of D, no leaf below pays (a subtree without a
    feasible leaf: the first feasible leaf, and so the plan, is the same without the bound).
    `case`: a TapCase pointer (NULL), whether some option taps another permanent or may be
    tapped for such a cost (P.tapping)."""
    cdef int k, first
    cdef Options* o
    cdef Life L2
    cdef bint costly = False, unused_first
    if supply + P.reach[g] < D.n:
        return False
    if g == P.n_branch:
        if TapCase is TapCosts:
            if not life_ok(L) or (P.n_tap_rows and not taps_matched(P, choice, NULL)):
                return False
            return leaf_feasible(P, D, choice, keep)
        return life_ok(L) and leaf_feasible(P, D, choice, keep)
    o = &P.branch[g]
    for k in range(o.n):                 # unused is only worth trying if using it costs
        costly |= o.n_in[k] or o.life[k] or o.dmg[k]
    if TapCase is TapCosts:
        costly |= (o.tapping & TAPS_OTHER) != 0      # (another permanent, which may make mana)
    # Sources with the same options take them in order (a choice no earlier than the last
    # such source's): the first feasible leaf in this order is in order anyway, since
    # swapping two such sources' choices gives a feasible leaf met earlier.
    unused_first = costly and keep != NULL
    first = -1                          # the rank of the earliest choice allowed
    if P.prev_same[g] >= 0:
        first = choice_rank(choice[P.prev_same[g]], o.n, unused_first)
    choice[g] = -1
    if unused_first and first <= -1 and search(case, P, D, choice, g + 1, supply, L, keep):
        return True
    for k in range(max(first, 0), o.n):
        choice[g] = k
        L2 = after(L, o, k)
        if search(case, P, D, choice, g + 1, supply + P.adds[g][k], &L2, keep):
            return True
    choice[g] = -1
    if TapCase is TapCosts:             # (a permanent a cost may tap: unused last)
        return (costly or o.tapping) and not unused_first and search(case, P, D, choice, g + 1, supply, L, keep)
    return costly and not unused_first and search(case, P, D, choice, g + 1, supply, L, keep)


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
    if P.reach_admit != (P.admit if P.n_class else 0):
        make_reach(P)
    if unlikely(P.tapping):
        return the_tap_search(P, D, choice, P.n_units + P.n_pool_r, &L, keep)
    return search(<NoTapCosts*>NULL, P, D, choice, 0, P.n_units + P.n_pool_r, &L, keep)


cdef bint tap_search(Payment* P, Demand* D, int* choice, int supply, Life* L, Match* keep) noexcept nogil:
    """search from the first source in its TapCosts case."""
    return search(<TapCosts*>NULL, P, D, choice, 0, supply, L, keep)


# tap_search, called through a pointer: the C compiler doesn't inline it (nor the search it holds) into
# payable_keep, whose callers then inline as they did before there was such a case (measured: with it
# inlined, carry_out_step was no longer inlined into pay, +0.6% instructions a game on decks without it)
cdef bint (*the_tap_search)(Payment*, Demand*, int*, int, Life*, Match*) noexcept nogil
the_tap_search = tap_search


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
    if cost_is_plain(c):                 # (none of them)
        return 0
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
    cdef int t, life_needed = 0
    D.n = 0
    for t in range(6):
        add_demands(D, 1 << t, c.pips[t])
    if not cost_is_plain(c):                 # (a plain cost has none of the symbols below)
        choice_symbols_demand(c, alt, n_choice, kinds, arg, D, &life_needed)
    add_demands(D, ALLTYPES, c.generic)
    add_demands(D, ALLTYPES, c.minimum - D.n)    # Trinisphere (601.2b, 601.2f): the mana paid
    return life_needed                           # raised to its floor


cdef void choice_symbols_demand(TotalCost* c, int alt, int n_choice, uint8_t* kinds, uint8_t* arg,
                                Demand* D, int* life_needed) noexcept nogil:
    """cost_demand's part for the symbols besides pips and generic mana: hybrid, {S}, and the
    choosable ones paid the way `alt` chooses (life they pay added to life_needed)."""
    cdef int t, k, bit
    for t in range(5):
        add_demands(D, (1 << t) | 32, c.colorless_hybrid[t])
    for t in range(10):
        add_demands(D, HYBRID_PAIRS[t], c.hybrid[t])
    add_demands(D, SNOW_BIT, c.snow)         # {S}: mana from a snow source (107.4h)
    for k in range(n_choice):
        bit = (alt >> k) & 1
        if kinds[k] == 1:                    # {2/W}: W, or two generic
            if bit:
                add_demand(D, ALLTYPES); add_demand(D, ALLTYPES)
            else:
                add_demand(D, arg[k])
        elif bit:
            life_needed[0] += 2              # Phyrexian: 2 life
        else:
            add_demand(D, arg[k])


cdef bint cost_payable(Rules* R, Payment* P, TotalCost* c, int life, Purpose why) noexcept nogil:
    """Can P pay total cost c (601.2g–h) of `why` (what restricted mana may pay, 106.6)? Each
    way of paying the choosable symbols is tried."""
    cdef Demand D
    cdef uint8_t kinds[MAXCHOICE]
    cdef uint8_t arg[MAXCHOICE]
    cdef int n_choice = cost_alternatives(c, kinds, arg), alt, life_needed
    if P.n_class:
        P.admit = admitted(R, P, why)
    if unlikely(n_choice > MAXCHOOSE):
        P.over |= choice_overflow(c, n_choice)
    for alt in range(1 << min(n_choice, MAXCHOOSE)):
        life_needed = cost_demand(c, alt, n_choice, kinds, arg, &D)
        if unlikely(D.n >= MAXDEMAND):
            P.over |= OV_DEMAND
        if life_needed > 0 and life_needed > life + P.max_gain:      # (119.4b)
            continue
        if payable(P, &D, life_needed):
            return True
    return False


cdef uint16_t choice_overflow(TotalCost* c, int n_choice) noexcept nogil:
    """The Overflow bits of a cost with n_choice (> MAXCHOOSE) choosable symbols stored: the
    ones past MAXCHOOSE are paid with mana (OV_CHOOSE), and past MAXCHOICE they are not in
    the demand at all (OV_DEMAND)."""
    cdef int k, n = 0
    if n_choice < MAXCHOICE:
        return OV_CHOOSE
    for k in range(5):
        n += c.phyrexian[k] + c.mono_hybrid[k]
    for k in range(10):
        n += c.hybrid_phyrexian[k]
    return OV_CHOOSE | (OV_DEMAND if n > MAXCHOICE else 0)


cdef inline void add_demand(Demand* D, uint8_t mask) noexcept nogil:
    if D.n < MAXDEMAND:
        D.mask[D.n] = mask
        D.n += 1


cdef inline void add_demands(Demand* D, uint8_t mask, int k) noexcept nogil:
    """k units of demand of one mask (none if k <= 0; up to MAXDEMAND in all)."""
    if k > MAXDEMAND - D.n:
        k = MAXDEMAND - D.n
    if k > 0:
        memset(&D.mask[D.n], mask, k)
        D.n += k


# ---- restricted mana in the pool (106.6) ------------------------------------------------------

cdef int restricted_entry(BoardInfo* bi, int player, int row, bint make) noexcept nogil:
    """The index of the player's restricted pool entry of SPEND_RESTRICTION row `row` (made
    if `make` and there is room), -1 if there is none."""
    cdef int e, n = bi.n_restricted[player]
    for e in range(n):
        if bi.restricted_row[player][e] == row:
            return e
    if not make or n >= MAXRPOOL:
        return -1
    bi.restricted_row[player][n] = row
    memset(bi.restricted[player][n], 0, sizeof(bi.restricted[player][n]))
    bi.n_restricted[player] = n + 1
    return n


cdef bint add_restricted(BoardInfo* bi, int player, int row, Vec* v) noexcept nogil:
    """Restricted mana of row `row` into the player's pool; False if its entries are full
    (the Python layer and GoldfishSpec keep to MAXRPOOL restrictions, so it never is)."""
    cdef int t, e
    if vec_total(v) == 0:
        return True
    e = restricted_entry(bi, player, row, True)
    if e < 0:
        return False
    for t in range(6):
        bi.restricted[player][e][t] += v.m[t]
    return True


cdef void take_restricted(BoardInfo* bi, int player, int row, Vec* v) noexcept nogil:
    """Restricted mana of row `row` out of the player's pool (spent); an emptied entry goes,
    the rest keep their order."""
    cdef int t, e = restricted_entry(bi, player, row, False), k, left = 0
    if e < 0:
        return
    for t in range(6):
        bi.restricted[player][e][t] -= v.m[t]
        left += bi.restricted[player][e][t]
    if left == 0:
        for k in range(e, bi.n_restricted[player] - 1):
            bi.restricted_row[player][k] = bi.restricted_row[player][k + 1]
            memcpy(bi.restricted[player][k], bi.restricted[player][k + 1], sizeof(bi.restricted[player][k]))
        bi.n_restricted[player] -= 1

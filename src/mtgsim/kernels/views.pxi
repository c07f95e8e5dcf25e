# The goldfish's mana views: one board state's mana prepared once for several questions
# (direct or searched), spell costs with their memo, the tracked cards' castable counts, and
# paying a cost by a plan. Uses base, counts, abilities, production, payment, kept_options,
# most_mana, answers, total_cost, direct, plans, game, kept, actions, and, included after it,
# policy (beyond_reach).

# ---- mana: what the board can pay, and paying ---------------------------------------------------

cdef struct ManaView:            # one board state's mana, prepared once for several questions
    int kind                     # 1: the direct path applies; 2: the general search; 3: the
                                 # general search, not prepared yet
    uint32_t gen                 # the game's generation it describes (kinds 1, 2 and 3)
    uint32_t board_gen           # ...and its board generation: a kind 1 view holds while that
                                 # does (the direct path reads nothing in the hand)
    bint simple                  # the board takes the direct path (kind 1, unless a cost the
                                 # direct path can't decide made it kind 2)
    bint part                    # (kinds 2, 3) d holds the simple sources' units: what they
                                 # can pay, the board can (prepare_direct)
    int most                     # (kind 2) the most mana the board makes, -1 not worked out
    Direct d
    Payment P
    uint8_t cp[MAXPERM]


cdef inline bint direct_view_holds(Game* g, ManaView* v) noexcept nogil:
    """Is v a direct view of the board as it is now? (It reads nothing in the hand.)"""
    return v.kind == 1 and v.board_gen == g.board_gen and g.shortcuts


cdef void view_prepare(Rules* R, Game* g, ManaView* v) noexcept nogil:
    """Make v describe the board as it is now (nothing to do if it already does); the general
    search is prepared when first asked (view_general)."""
    if v.gen == g.gen and 1 <= v.kind <= 3:
        return
    if direct_view_holds(g, v):
        v.gen = g.gen
        return
    v.gen = g.gen
    v.board_gen = g.board_gen
    v.kind = 1 if goldfish_direct(R, g, &v.d) else 3
    v.simple = v.kind == 1
    v.part = v.kind == 3 and not (v.d.all_flags & CI_MANA_EFFECT)
    v.most = -1


cdef void view_general(Rules* R, Game* g, ManaView* v, bint life) noexcept nogil:
    """Prepare the general search on v's board (tracking life if `life`: then v is good for
    that one question, kind 0)."""
    cdef Board b = game_board(g)
    b.over = 0                          # (its OV_AMOUNT is kept in v.P.over: see chunk_overflow)
    cdef KeptOptions* K = kept_options(R, g)
    goldfish_could_produce(R, g, &b, v.cp)
    prepare_payment_kept(R, &b, 0, v.cp, &v.P, life, K)
    if K != NULL and K.fault:           # (checking the views: kept options that aren't the board's)
        trace(g, TR_VIEW_FAULT, -1, g.n)
        K.fault = False
    v.P.shortcuts = v.P.shortcuts and g.shortcuts
    v.kind = 0 if life else 2
    v.most = -1


cdef inline bint pool_empty(Game* g) noexcept nogil:
    """No unrestricted mana in the goldfish player's pool (restricted mana keeps the board off
    the direct path: it counts as K_MANA_FX)."""
    cdef uint64_t a
    cdef uint32_t b
    memcpy(&a, &g.bi.pool[0][0], 8)
    memcpy(&b, &g.bi.pool[0][4], 4)
    return (a | b) == 0


cdef bint goldfish_direct(Rules* R, Game* g, Direct* d) noexcept nogil:
    """prepare_direct for the goldfish player (0): True with `d` filled in, False if the board
    needs the general search (`d` then as prepare_direct leaves it). Read off the live view
    (with the summoning-sick sources while something gives creatures haste) when no permanent
    changes what others make (prepare_direct's case that reads more than each permanent
    alone); else, or without shortcuts, prepared from scratch."""
    cdef Board b
    cdef uint8_t cp[MAXPERM]
    cdef int found
    cdef Direct check
    cdef uint32_t all_flags
    cdef bint haste = count_of(g, K_HASTE_GIVER) != 0
    cdef uint64_t masks = g.live_masks | (g.sick_masks if haste else 0), nonzero, ci = g.kinds[2]
    cdef unsigned int m
    cdef int16_t* pool
    cdef uint32_t units
    if not g.shortcuts or ci & 0xFF:    # CI_MANA_EFFECT (bit 0; restricted mana in the pool too)
        b = game_board(g)
        return prepare_direct(R, &b, 0, cp, d) == 1
    nonzero = ((((ci & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL) | ci) >> 7) \
        & 0x0101010101010101ULL                          # bit 8k: byte k isn't 0, gathered
    all_flags = <uint32_t>((nonzero * 0x0102040810204080ULL) >> 56)      # into bit k
    d.all_flags = all_flags
    d.n_masks = 0
    d.total = 0
    while masks:                        # the masks in order, as prepare_direct has them
        m = mtgsim_ctz64(masks)
        masks &= masks - 1
        units = (g.live[m] & 0xFFFF) + ((g.sick[m] & 0xFFFF) if haste else 0)
        d.masks[d.n_masks] = <uint8_t>m
        d.counts[d.n_masks] = units
        d.rows[d.n_masks] = g.live_rows[m] | (g.sick_rows[m] if haste else 0)
        d.total += units
        d.n_masks += 1
    pool = g.bi.pool[0]
    if pool[0] | pool[1] | pool[2] | pool[3] | pool[4] | pool[5]:
        m = d.n_masks
        add_pool(d, pool)
        while m < <unsigned int>d.n_masks:     # (a mask only the pool's mana has: no sources)
            d.rows[m] = 0
            m += 1
    d.has_rows = not g.rows_lost
    found = (all_flags & CI_COMPLEX_MANA) == 0
    if g.check_views:
        b = game_board(g)
        if (prepare_direct(R, &b, 0, cp, &check) != found or check.all_flags != d.all_flags
                or check.n_masks != d.n_masks or check.total != d.total
                or memcmp(check.masks, d.masks, d.n_masks) != 0
                or memcmp(check.counts, d.counts, d.n_masks * sizeof(int32_t)) != 0
                or (found and d.has_rows and not rows_are_the_boards(R, &b, d))):
            trace(g, TR_VIEW_FAULT, -1, g.n)
    return found


cdef bint rows_are_the_boards(Rules* R, Board* b, Direct* d) noexcept nogil:
    """Are d's kept rows of each mask the permanents the direct plan finds on board b
    (direct_source, the goldfish's)?"""
    cdef int k, i
    cdef uint64_t found
    for k in range(d.n_masks):
        found = 0
        for i in range(min(b.n, 64)):
            if direct_source(R, b, i, 0) == d.masks[k]:
                found |= (<uint64_t>1) << i
        if found != d.rows[k]:
            return False
    return True


cdef inline bint board_costmod(Game* g) noexcept nogil:
    """Could a permanent in play change the cost of a spell? (scan_board's any_costmod: the
    goldfish never phases a permanent out, so it is the count of them.)"""
    return count_of(g, K_COSTMOD) > 0


cdef inline TotalCost* spell_cost(Rules* R, Spec* S, Game* g, int row, int x, bint kicked,
                                  int alternative, bint from_hand, TotalCost* buf) noexcept nogil:
    """Card `row`'s total cost cast with X = x (601.2f; alternative 1: flashback): the
    precomputed one while nothing changes it, else worked out into `buf` (or, for the plain
    X = 0 cast, into the memo, with its Hall demand if plain: see memo_key)."""
    if x == 0 and not kicked and alternative == 0 and (S.gf[row] & GF_BASE_COST) and not board_costmod(g):
        return &R.base_cost[row]
    return changed_cost(R, S, g, row, x, kicked, 0, alternative, from_hand, buf)


cdef TotalCost* changed_cost(Rules* R, Spec* S, Game* g, int row, int x, bint kicked, int tax,
                             int alternative, bint from_hand, TotalCost* buf) noexcept nogil:
    """spell_cost when it isn't the precomputed one (with `tax`: a commander cast from the
    command zone, 903.8; such a cost is never memoised)."""
    cdef Board b
    cdef bint plain = x == 0 and not kicked and tax == 0 and alternative == 0
    cdef uint64_t key, counted
    cdef int less = -1
    if plain and g.shortcuts:
        key = memo_key(R, g, row, from_hand, &counted, &less)
        if g.cost_memo_key[2 * row] == key and g.cost_memo_key[2 * row + 1] == counted:
            return &g.cost_memo[row]
        g.cost_memo_key[2 * row] = key
        g.cost_memo_key[2 * row + 1] = counted
        buf = &g.cost_memo[row]
    if less >= 0 and g.reduces_only[row] and count_of(g, K_COSTMOD) == 0:
        buf[0] = R.base_cost[row]       # (affinity: its printed cost with counts of 0, less
        buf.generic = buf.generic - less if buf.generic > less else 0   # what they count now)
    else:
        b = scanned_board(R, g)
        total_cost(R, &b, row, x, kicked, tax, alternative, 0, from_hand, buf)
    if plain and g.shortcuts:
        if cost_is_plain(buf):
            hall_demand(buf, &g.need_memo[row])
        else:
            g.need_memo[row].total = -1     # (no Hall demand: hybrid or Phyrexian symbols)
    return buf


cdef inline int kept_amount(Rules* R, Game* g, Board* b, Amount a) noexcept nogil:
    """eval_amount of a cost modifier's amount for a spell of yours (self_i -1, player 0): a
    kept count's value (Game.counted) where it is one and the shortcuts are on (no permanent
    animated), else counted on the board. Checking
    the views, a kept value is compared with the board's count (TR_VIEW_FAULT)."""
    cdef int k = g.count_slot[a.count] if g.count_unit != NULL and g.shortcuts else -1
    cdef int amount
    if k < 0:
        if R.counts[a.count].what == CO_GREATEST_POWER and g.keeps_power and g.shortcuts:
            return a.fixed + greatest_power_now(R, g, b, a.count)
        return eval_amount(R, b, a, -1, 0, 0)
    amount = a.fixed + <int>((g.counted >> (8 * k)) & 0xFF)
    if g.check_views and amount != eval_amount(R, b, a, -1, 0, 0):
        trace(g, TR_VIEW_FAULT, -1, g.n)
    return amount


cdef inline int greatest_power_now(Rules* R, Game* g, Board* b, int count) noexcept nogil:
    """The greatest power among your creatures (COUNT row `count`, CO_GREATEST_POWER: The Great
    Henge's reduction) as kept while powers change (Game.greatest_power, while Game.keeps_power:
    raised as a creature enters or gets +1/+1 counters or a bonus, worked out on the board
    again once one may have fallen). Checking the views, the kept value is compared with the
    board's (TR_VIEW_FAULT)."""
    if not g.power_kept:
        g.greatest_power = eval_count(R, b, count, -1, 0, 0)
        g.power_kept = True
    elif g.check_views and g.greatest_power != eval_count(R, b, count, -1, 0, 0):
        trace(g, TR_VIEW_FAULT, -1, g.n)
    return g.greatest_power


cdef inline uint64_t memo_key(Rules* R, Game* g, int row, bint from_hand, uint64_t* counted,
                              int* less) noexcept nogil:
    """What a memoised cost of card `row` holds for: while no cost modifier in play reads the
    board, the multiset of permanents whose cost modifiers apply, in this game or any other
    (costmods_applying: their amounts are fixed and their filters read the spell alone; those
    applying only while untapped counted while they are), with `counted` the
    values of what the card's own modifiers count (GF_SELF_COUNTED: The Great Henge's greatest
    power; its modifiers' filters read the spell alone too), else 0; otherwise, or if
    costmod_set can't hold them, the game's generation. `less`: with `counted`, what the
    counts add to the card's own modifiers' amounts (their fixed parts off), else left as is."""
    cdef bint fixed = (count_of(g, K_DYNAMIC_COSTMOD) == 0 and g.n_costmod_wild == 0    # (its own
                       and (g.gf[row] & (GF_DYNAMIC_COST | GF_SELF_COUNTED)) != GF_DYNAMIC_COST)  # counted)
    cdef uint64_t gen = costmods_applying(g) if fixed else g.gen
    cdef Card* c
    cdef Board b
    cdef int k, amount
    cdef bint left_hand
    cdef CostModifier* m
    counted[0] = 0
    if fixed and g.gf[row] & GF_SELF_COUNTED:
        c = &R.cards[row]
        b = game_board(g)
        left_hand = from_hand and g.bi.hand_size[0] > 0
        g.bi.hand_size[0] -= left_hand      # as total_cost counts (a power may count the hand)
        less[0] = 0
        for k in range(c.n_costmod):        # (at most four count: 16 bits each)
            m = &R.costmods[c.costmod_first + k]
            if m.amount.count >= 0:
                amount = kept_amount(R, g, &b, m.amount)
                counted[0] = (counted[0] << 16) | <uint16_t>amount
                less[0] += amount - m.amount.fixed
        g.bi.hand_size[0] += left_hand
    return ((gen << 2) | (<uint64_t>fixed << 1) | (from_hand != 0)) + 1


cdef inline HallDemand* known_demand(Rules* R, Spec* S, Game* g, int row, TotalCost* c) noexcept nogil:
    """The Hall demand of total cost c of card `row` (as spell_cost gave it) if it is worked
    out already (a plain precomputed or memoised cost), else NULL."""
    if c == &R.base_cost[row] and (S.gf[row] & GF_PLAIN):
        return &S.need[row]
    if c == &g.cost_memo[row] and g.need_memo[row].total >= 0:
        return &g.need_memo[row]
    return NULL


cdef inline bint payable_now(Rules* R, Spec* S, Game* g, ManaView* v, int row, TotalCost* c) noexcept nogil:
    """view_payable for total cost c of card `row` (c as spell_cost gave it), by its Hall
    demand when that is worked out already."""
    cdef HallDemand* h = known_demand(R, S, g, row, c)
    if h == NULL:
        return view_payable(R, g, v, c, casting(row))
    if v.kind == 1:
        return hall_holds(h, &v.d)
    if v.part and g.shortcuts and hall_holds(h, &v.d):
        return True                      # (as view_payable: the simple sources alone pay it)
    return searched_payable(R, g, v, c, True, casting(row))


cdef bint card_payable(Rules* R, Spec* S, Game* g, ManaView* v, int row, bint from_hand) noexcept nogil:
    """Could the board (as `v`, prepared now, sees it) pay card `row`'s total cost (X = 0)?"""
    cdef TotalCost buf
    if v.kind == 1 and beyond_reach(R, S, g, row, 0):
        return False                    # what the direct path would find
    return payable_now(R, S, g, v, row, spell_cost(R, S, g, row, 0, False, 0, from_hand, &buf))


cdef struct TrackedCosts:         # the tracked cards' distinct total costs (X = 0), each asked
    bint made                    # once a turn, while no cost modifier in play reads the board:
    uint64_t key                 # then costs are what the multiset of cost modifiers in play
    int n                        # (costmods_applying, the key) makes them (see memo_key)
    int16_t* of                  # per tracked card: the index of its cost, -1 asked alone
    int n_alone
    int16_t* alone               # the tracked cards asked alone
    int32_t* rep                 # per cost: the first tracked card with it,
    TotalCost* cost              # the cost,
    HallDemand* need             # if plain, its Hall demand (else need.total is -1),
    int64_t* castable            # and per turn, the games it was castable in (and with the
    int64_t* castable_hit        # land drops hit) not yet added to its cards' metrics


cdef inline TrackedCosts* tracked_costs(Rules* R, Spec* S, Game* g, Layout* L, int64_t* out) noexcept nogil:
    """The tracked cards' distinct costs as the cost modifiers in play make them, worked out
    when those change (a cost asked once answers for every card with it whose spend signature
    is the same: card_payable reads nothing else of the card); while a modifier in play reads
    the board, or without shortcuts, every card is asked alone. A card whose own modifiers
    read the board is always asked alone. A cost doesn't depend on whether its card is in
    hand: a fixed modifier's amount counts nothing."""
    cdef Scratch* sc = <Scratch*>g.scratch
    cdef TrackedCosts* T
    cdef uint64_t key
    if not g.shortcuts or count_of(g, K_DYNAMIC_COSTMOD) or g.n_costmod_wild:
        return &sc.tracked[2]
    key = costmods_applying(g)
    T = &sc.tracked[0 if key == 0 else 1]
    if not (T.made and T.key == key):
        make_tracked_costs(R, S, g, T, L, out, key)
    return T


cdef void make_tracked_costs(Rules* R, Spec* S, Game* g, TrackedCosts* T, Layout* L,
                             int64_t* out, uint64_t key) noexcept nogil:
    cdef TotalCost buf
    cdef TotalCost* c
    cdef int q, k, row
    add_tracked_counts(S, T, L, out)    # (what it counted under the set it held before)
    T.made = True
    T.key = key
    T.n = T.n_alone = 0
    for q in range(S.n_track):
        row = S.track[q]
        if S.gf[row] & GF_DYNAMIC_COST:          # (self-counted ones too)
            T.of[q] = -1
            T.alone[T.n_alone] = q
            T.n_alone += 1
            continue
        c = spell_cost(R, S, g, row, 0, False, 0, True, &buf)
        k = 0                           # (a cost of another card no restriction tells apart)
        while k < T.n and (memcmp(c, &T.cost[k], sizeof(TotalCost)) != 0
                           or S.spend_sig[row] != S.spend_sig[T.rep[k]]):
            k += 1
        if k == T.n:
            T.cost[k] = c[0]
            T.rep[k] = row
            if cost_is_plain(c):
                hall_demand(c, &T.need[k])
            else:
                T.need[k].total = -1
            T.n += 1
        T.of[q] = k


cdef void add_tracked_counts(Spec* S, TrackedCosts* T, Layout* L, int64_t* out) noexcept nogil:
    """Add the games T's costs were castable in to their cards' metrics, and clear them."""
    cdef int q, k, t
    if not T.made:
        return
    for q in range(S.n_track):
        k = T.of[q]
        for t in range(S.turns if k >= 0 else 0):
            out[L.castable + q * S.turns + t] += T.castable[k * S.turns + t]
            out[L.castable_hit + q * S.turns + t] += T.castable_hit[k * S.turns + t]
    memset(T.castable, 0, T.n * S.turns * sizeof(int64_t))
    memset(T.castable_hit, 0, T.n * S.turns * sizeof(int64_t))


cdef inline void count_castable(int64_t* castable, int64_t* castable_hit, int k, bint hit) noexcept nogil:
    """One more game with entry k castable (castable_hit: with the land drops hit too)."""
    castable[k] += 1
    castable_hit[k] += hit


cdef bint view_payable(Rules* R, Game* g, ManaView* v, TotalCost* c, Purpose why) noexcept nogil:
    """Could the board (as `v`, prepared now, sees it) pay total cost c of `why` (106.6)?
    (The direct path's units are all unrestricted.)"""
    cdef bint plain = cost_is_plain(c)
    if v.kind == 1 and plain:
        return hall_payable(&v.d, c)
    if v.kind != 1 and v.part and plain and g.shortcuts and hall_payable(&v.d, c):
        return True                      # the simple sources alone pay it
    return searched_payable(R, g, v, c, plain, why)


cdef bint searched_payable(Rules* R, Game* g, ManaView* v, TotalCost* c, bint plain,
                           Purpose why) noexcept nogil:
    """view_payable by the general search (`plain`: cost_is_plain(c)), its answer remembered
    per payment problem (answers.pxi)."""
    cdef bint ok
    if v.kind != 2 or pays_life(c):      # the search, with life tracked if the cost pays life
        view_general(R, g, v, pays_life(c))
    if plain and v.kind == 2 and g.shortcuts and cost_total(c) > most_bound(v):
        return False                     # more than the board makes at most (restricted too)
    ok = remembered_payable(R, remembered(g), &v.P, c, g.bi.life[0], why)
    if g.check_views and ok != cost_payable(R, &v.P, c, g.bi.life[0], why):
        trace(g, TR_VIEW_FAULT, -1, g.n)     # (a remembered answer that isn't the search's)
    return ok


cdef inline Problems* remembered(Game* g) noexcept nogil:
    """The chunk's remembered payment answers (made when first asked: a deck whose boards
    never take the search has none), or NULL without the shortcuts or the memory for them
    (the searches then run every time: the slow path)."""
    cdef Scratch* sc = <Scratch*>g.scratch
    if not g.shortcuts:
        return NULL
    if sc.problems == NULL:
        sc.problems = new_problems()
    return sc.problems


cdef inline KeptOptions* kept_options(Rules* R, Game* g) noexcept nogil:
    """The chunk's kept sources' options (kept_options.pxi: made when first asked), or NULL
    without the shortcuts or the memory for them (each then worked out: the slow path)."""
    cdef Scratch* sc = <Scratch*>g.scratch
    if not g.shortcuts:
        return NULL
    if sc.kept == NULL:
        sc.kept = new_kept_options(R)
        if sc.kept == NULL:
            return NULL
    sc.kept.check = g.check_views
    return sc.kept


cdef inline int most_bound(ManaView* v) noexcept nogil:
    """At least the most mana the board (v, kind 2) makes: the exact most if it is known, else
    every unit and each searched source's largest output (inputs not taken off). Finding the
    exact most is a search over every choice of every searched source (and every order of the
    converters used): on boards of several such sources far dearer than the payability search
    the bound can only save (measured: cheap below four of them on the Henge deck, dearer
    there on the Legacy and Standard decks of benchmarks/decks)."""
    if v.most >= 0:
        return v.most
    return v.P.n_units + v.P.n_pool_r + v.P.max_branch_total


cdef inline int view_max_mana(Rules* R, Game* g, ManaView* v) noexcept nogil:
    """The most mana the board (as `v`, prepared now, sees it) makes."""
    if v.kind == 1:
        return v.d.total
    return searched_max_mana(R, g, v)


cdef int searched_max_mana(Rules* R, Game* g, ManaView* v) noexcept nogil:
    """view_max_mana by the general search, remembered per payment problem (answers.pxi)."""
    if v.kind != 2:
        view_general(R, g, v, False)
    if v.most < 0:
        v.most = remembered_most(remembered(g), &v.P)
        if g.check_views and v.most != max_mana(&v.P, ALLTYPES):
            trace(g, TR_VIEW_FAULT, -1, g.n)
    return v.most


cdef struct Scratch:              # working memory for one chunk of games (allocated once)
    ManaView view                # the board's mana during a turn
    ManaView cast_view           # ...while choosing spells to cast
    Plan plan                    # a payment plan
    uint32_t cp_gen              # goldfish_could_produce's answer `cp`: the board generation
    uint16_t cp_over             # it is of, and the overflow bits it noted
    uint8_t cp[MAXPERM]
    uint8_t* hand_count          # per card row: copies in hand (Game.hand_count)
    uint8_t* hand_pos            # (Game.hand_pos)
    uint8_t* in_play             # (Game.in_play)
    TotalCost* cost_memo         # (Game.cost_memo, .cost_memo_key, .need_memo)
    uint64_t* cost_memo_key
    HallDemand* need_memo
    TrackedCosts tracked[3]      # with no cost modifier in play, with the last other set of
                                 # them, and every card asked alone
    Problems* problems           # the payment problems met and their answers (answers.pxi), or
                                 # NULL until first asked (remembered)
    KeptOptions* kept            # the sources' options kept (kept_options.pxi), or NULL until
                                 # first asked (kept_options)


cdef Scratch* new_scratch(Rules* R, int n_track, int turns) noexcept nogil:
    cdef Scratch* sc = <Scratch*>calloc(1, sizeof(Scratch))
    cdef int k, q, n = max(n_track, 1)
    cdef TrackedCosts* T
    if sc == NULL:
        return NULL
    for k in range(3):
        T = &sc.tracked[k]
        T.of = <int16_t*>malloc(n * sizeof(int16_t))
        T.alone = <int16_t*>malloc(n * sizeof(int16_t))
        T.rep = <int32_t*>malloc(n * sizeof(int32_t))
        T.cost = <TotalCost*>malloc(n * sizeof(TotalCost))
        T.need = <HallDemand*>malloc(n * sizeof(HallDemand))
        T.castable = <int64_t*>calloc(n * turns, sizeof(int64_t))
        T.castable_hit = <int64_t*>calloc(n * turns, sizeof(int64_t))
        if (T.of == NULL or T.alone == NULL or T.rep == NULL or T.cost == NULL or T.need == NULL
                or T.castable == NULL or T.castable_hit == NULL):
            free_scratch(sc)
            return NULL
    T = &sc.tracked[2]
    T.made = True
    T.n_alone = n_track
    for q in range(n_track):
        T.of[q] = -1
        T.alone[q] = q
    sc.hand_count = <uint8_t*>calloc(max(R.n_cards, 1), sizeof(uint8_t))
    sc.hand_pos = <uint8_t*>calloc(max(R.n_cards, 1), sizeof(uint8_t))
    sc.in_play = <uint8_t*>calloc(max(R.n_cards, 1), sizeof(uint8_t))
    sc.cost_memo = <TotalCost*>malloc(max(R.n_cards, 1) * sizeof(TotalCost))
    sc.cost_memo_key = <uint64_t*>calloc(2 * max(R.n_cards, 1), sizeof(uint64_t))
    sc.need_memo = <HallDemand*>malloc(max(R.n_cards, 1) * sizeof(HallDemand))
    if (sc.hand_count == NULL or sc.hand_pos == NULL or sc.in_play == NULL or sc.cost_memo == NULL
            or sc.cost_memo_key == NULL or sc.need_memo == NULL):
        free_scratch(sc)
        return NULL
    sc.view.gen = sc.cast_view.gen = 0
    sc.view.kind = sc.cast_view.kind = 0
    sc.view.simple = sc.cast_view.simple = False
    sc.view.board_gen = sc.cast_view.board_gen = 0
    sc.cp_gen = 0
    return sc


cdef uint16_t chunk_overflow(Game* g) noexcept nogil:
    """The GoldfishOverflow bits of a chunk's games: what they noted, and GO_AMOUNT if one
    activation's mana was past a Vec in a search of the views (their Payments keep it)."""
    cdef Scratch* sc = <Scratch*>g.scratch
    return g.over | (GO_AMOUNT if (sc.view.P.over | sc.cast_view.P.over) & OV_AMOUNT else 0)


cdef void free_scratch(Scratch* sc) noexcept nogil:
    cdef int k
    if sc != NULL:
        for k in range(3):
            free(sc.tracked[k].of)
            free(sc.tracked[k].alone)
            free(sc.tracked[k].rep)
            free(sc.tracked[k].cost)
            free(sc.tracked[k].need)
            free(sc.tracked[k].castable)
            free(sc.tracked[k].castable_hit)
        free(sc.hand_count)
        free(sc.hand_pos)
        free(sc.in_play)
        free(sc.cost_memo)
        free(sc.cost_memo_key)
        free(sc.need_memo)
        free_problems(sc.problems)
        free_kept_options(sc.kept)
        free(sc)


cdef void goldfish_could_produce(Rules* R, Game* g, Board* b, uint8_t* cp) noexcept nogil:
    """could_produce_all of the goldfish's board `b` into `cp`; on a board with mana effects
    (a fixpoint) kept, with the overflow bits it noted, while the board doesn't change: it
    reads nothing in the hand unless a count does (counts_hand: then always worked out).
    Checking the views, a kept answer is compared with the fixpoint worked out anew
    (TR_VIEW_FAULT)."""
    cdef Scratch* sc = <Scratch*>g.scratch
    cdef uint16_t before = b.over
    cdef uint8_t fresh[MAXPERM]
    cdef KeptOptions* K
    if not count_of(g, K_CI + 0):       # (no CI_MANA_EFFECT: one pass of its own, cheaper)
        could_produce_all(R, b, cp)
        return
    if sc.cp_gen == g.board_gen and g.shortcuts and not g.counts_hand:
        b.over |= sc.cp_over
        if g.check_views:
            could_produce_all(R, b, fresh)
            if memcmp(fresh, sc.cp, g.n) != 0:
                trace(g, TR_VIEW_FAULT, -1, g.n)
    else:
        b.over = 0
        K = kept_options(R, g)
        if K != NULL:
            look_around(R, b, K)
        could_produce_all_kept(R, b, sc.cp, K)
        if K != NULL and K.fault:       # (checking the views: kept types that aren't the board's)
            trace(g, TR_VIEW_FAULT, -1, g.n)
            K.fault = False
        sc.cp_over = b.over
        sc.cp_gen = g.board_gen
        b.over |= before
    memcpy(cp, sc.cp, g.n)


cdef bint pay(Rules* R, Game* g, TotalCost* c, ManaView* v, Purpose why) noexcept nogil:
    """Pay c, for `why`, the way the rules core plans it (601.2g–h; restricted mana stays in
    its pool entries and pays only what it may, 106.6); False if it can't be paid. `v`, if
    not NULL, is a view the planner may start from when it still describes the board."""
    cdef Plan* plan = &(<Scratch*>g.scratch).plan
    cdef Board b = scanned_board(R, g) if g.scan_gen == g.board_gen else game_board(g)
    cdef uint8_t cp[MAXPERM]           # (else scanned if a question needs it: a simple board's
                                       # plan asks none, unless of a summoning-sick creature)
    cdef bint ok, mana_fx
    cdef Payment* ready = NULL
    if v != NULL and v.board_gen == g.board_gen and not v.simple and g.shortcuts:
        if v.kind == 2 and not g.counts_hand and not pays_life(c):
            ready = &v.P                # the view's search, prepared on this board (the spell
            memcpy(cp, v.cp, g.n)       # leaving the hand changes nothing it reads): used up
            v.kind = 3
        else:
            goldfish_could_produce(R, g, &b, cp)
        ok = plan_search(R, &b, 0, c, cp, plan, ready, True, why)   # (not a simple board: no direct plan)
    else:
        mana_fx = count_of(g, K_CI + 0) > 0
        if mana_fx:                     # (a board with mana effects takes the search: its
            goldfish_could_produce(R, g, &b, cp)    # could-produce kept, see there)
        ok = plan_payment(R, &b, 0, c, cp, plan, &v.d if v != NULL and direct_view_holds(g, v) else NULL,
                          mana_fx, why)
    if ok:
        carry_out_plan(R, g, &b, plan, 0)
        if c.delved:                    # (the cost's generic mana delve pays, 702.66a)
            exile_delved(R, g, 0, c.delved)
    return ok


cdef inline void carry_out_plan(Rules* R, Game* g, Board* b, Plan* plan, int who) noexcept nogil:
    """Player who's payment plan, carried out (601.2g-h): each activation in order, then the
    mana spent from the pool, restricted mana to and from its entries (106.6), life paid, the
    sources the abilities sacrifice. The "whenever this becomes tapped" abilities are noted,
    to resolve after (603.3: tapped_triggers)."""
    cdef int s, t, n_gone = 0
    cdef int16_t gone[MAXPERM]
    if plan.n_restricted == 0:
        for s in range(plan.n_steps):
            carry_out_step(R, g, b, &plan.step[s], gone, &n_gone, who)
        for t in range(6):
            g.bi.pool[who][t] -= plan.spend.m[t]
    else:                               # restricted mana: to and from its entries (106.6)
        for s in range(plan.n_steps):
            restricted_step(plan, g, plan.step[s].perm, False, who)
            carry_out_step(R, g, b, &plan.step[s], gone, &n_gone, who)
            restricted_step(plan, g, plan.step[s].perm, True, who)
        for t in range(6):
            g.bi.pool[who][t] -= plan.spend.m[t]
        restricted_step(plan, g, -1, False, who)
        plan.n_restricted = 0           # (carried out: see Plan)
    g.over |= amount_in(&g.bi.life[who], -plan.life)
    for s in range(n_gone - 1, -1, -1):          # rows were taken in order: remove from the end
        leave_to_graveyard(g, gone[s])
    board_changed(g)


cdef inline void carry_out_step(Rules* R, Game* g, Board* b, PlanStep* st, int16_t* gone,
                                int* n_gone, int who) noexcept nogil:
    """One activation of player who's payment plan: its unrestricted input from the pool, its
    costs (pay_cost) and marks, its mana into the pool, its effects (605.3b: it resolves at
    once); a permanent it sacrifices is noted in `gone`."""
    cdef int t, i = st.perm
    cdef ManaAbility* a
    cdef bint sacrificed
    for t in range(6):
        g.bi.pool[who][t] -= st.spend.m[t]
    # (b's scan, if made, still holds: tapping and the pool don't change what it notes)
    a = &R.mana[mana_ability_row(R, b, i, st.ability)]
    sacrificed = pay_cost(R, NULL, g, i, a, who, st.removed, st.tap_other - 1)
    if unlikely(a.marks):               # (602.5b once each turn, 502.3 staying tapped)
        mark(g, i, a.marks)
    for t in range(6):                  # (the search bounds one activation's mana: OV_AMOUNT)
        g.bi.pool[who][t] += st.out.m[t]
    if a.effect >= 0:
        mana_ability_effect(R, g, b, i, a, who)
    if sacrificed:
        gone[n_gone[0]] = i
        n_gone[0] += 1


cdef inline void mana_ability_effect(Rules* R, Game* g, Board* b, int i, ManaAbility* a, int who) noexcept nogil:
    """Mana ability a of permanent i, activated by `who`: its side effects as it resolves (605.3b:
    at once), the life it gains, deals or loses (the vocabulary's effects of mana abilities; "~
    doesn't untap during your next untap step" is one of its marks: carry_out_step), and the life
    each opponent gains (Grove of the Burnwillows: no fact of the payment search's, read off its op)."""
    cdef Effect* e = &R.effects[a.effect]
    cdef Op* op
    cdef int k
    g.over |= amount_in(&g.bi.life[who], eval_amount(R, b, e.gain_life, i, who, 0)
                        - eval_amount(R, b, e.damage_to_you, i, who, 0) - eval_amount(R, b, e.lose_life, i, who, 0))
    for k in range(e.n_ops):
        op = &R.ops[e.op_first + k]
        if op.code == OP_GAIN_LIFE and op.who == WHO_OPPONENTS:
            g.over |= amount_in(&g.bi.life[1 - who], eval_amount(R, b, op.amount, i, who, 0))


cdef int restricted_units(BoardInfo* bi, int who) noexcept nogil:
    cdef int e, t, n = 0
    for e in range(bi.n_restricted[who]):
        for t in range(6):
            n += bi.restricted[who][e][t]
    return n


cdef void restricted_step(Plan* plan, Game* g, int perm, bint made, int who) noexcept nogil:
    """Carry out the plan's restricted mana records of step `perm` (-1: the cost) for player
    `who`: made, the step's restricted part moves from the unrestricted pool (where its `out`
    went) to its own entry (GO_RESTRICTED if the entries are full); spent, it is taken from
    its entry."""
    cdef int k, t
    cdef PlanRestricted* r
    cdef BoardInfo* bi = &g.bi
    cdef bint had = bi.n_restricted[who] != 0
    for k in range(plan.n_restricted):
        r = &plan.restricted[k]
        if r.perm != perm or r.made != made:
            continue
        if made:
            for t in range(6):
                bi.pool[who][t] -= r.mana.m[t]
            if not add_restricted(bi, who, r.row, &r.mana) or restricted_units(bi, who) > MAXRUNIT:
                g.over |= GO_RESTRICTED
        else:
            take_restricted(bi, who, r.row, &r.mana)
    if who == 0:                        # (the goldfish's kinds count player 0's pool)
        count_restricted_pool(g, <int>(bi.n_restricted[0] != 0) - <int>had)

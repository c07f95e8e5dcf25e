# Many boards at once (mtgsim.batch.evaluate_boards): total cost, most mana, could-produce and
# castable per board, in parallel over boards. Uses base, production, payment, most_mana,
# total_cost, tables, and, included after it, one_board (limits_met, cost_overflows), direct.

MAX_BOARD = MAXBOARD              # for the Python layer's messages
MAX_X = MAXX


cdef inline Board one_board(Permanent[::1] perms, int n, BoardInfo[::1] info) except *:
    """The Board of a one-board entry point, checked once: its buffers (could-produce, plans)
    hold MAXBOARD permanents; each permanent's characteristics row derived (in the caller's rows)."""
    cdef Board b
    cdef int i
    if not 0 <= n <= perms.shape[0] or info.shape[0] < 1:
        raise ValueError(f"a board of {n} permanents needs that many rows and one BoardInfo")
    if n > MAXBOARD:
        raise ValueError(f"at most {MAXBOARD} permanents on one board (this board has {n})")
    b.perms = &perms[0]
    for i in range(n):
        derive_characteristics(&b.perms[i])
    b.n = n
    b.scanned = 0
    b.over = 0
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
    for t in range(n):                   # (in the caller's rows: what the accessors read)
        derive_characteristics(&perms[t])
    if info_fault(R, bi):
        return 2 + capacity
    for t in range(n, capacity):
        out_could[t] = 0
    b.perms = perms
    b.n = n
    b.scanned = 0
    b.over = 0
    b.bi = bi
    if R.fast:
        done = prepare_direct(R, &b, q.player, out_could, &d)
        if done < 0:
            return board_fault(R, perms, n, capacity)
        if done == 1:
            if q.base != NULL and not (d.all_flags & CI_COSTMOD and changes_cost(q, perms, n)):
                out_cost[0] = q.base[0]          # nothing on the board changes the cost
            else:
                total_cost(R, &b, q.card_row, q.x, q.kicked, 0, q.alternative, q.player,
                           q.from_hand, out_cost)
                t = ((limits_met(R, &b, q.card_row) & OV_MODIFIERS)
                     | cost_overflows(R, &b, q.card_row, q.x, q.kicked, 0, q.alternative, q.player, q.from_hand))
                if t:
                    return 2 + capacity + t
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
    t = evaluate_searched(R, &b, q.card_row, q.x, q.kicked, q.alternative, q.player, q.from_hand,
                          out_cost, out_mana, out_could, out_castable)
    return 2 + capacity + t if t else 0        # past a limit of the search: its Overflow bits


cdef inline bint changes_cost(Question* q, Permanent* perms, int n) noexcept nogil:
    """Is there a permanent whose cost modifiers may apply to the spell asked about?"""
    cdef int i
    for i in range(n):
        if q.changes_cost[perms[i].card]:
            return True
    return False


cdef int evaluate_searched(Rules* R, Board* b, int card_row, int x, bint kicked, int alternative,
                           int player, bint from_hand, TotalCost* out_cost, int32_t* out_mana,
                           uint8_t* out_could, uint8_t* out_castable) noexcept nogil:
    """The general path of `evaluate_one`: could-produce fixpoint, total cost, payment search.
    Returns the Overflow bits of the limits it met that may make an answer wrong (0: they
    are exact): any for the most mana, those that may turn its answer for castable."""
    cdef Payment P
    cdef int t, over
    cdef int most[7]
    P.over = 0
    could_produce_all(R, b, out_could)
    total_cost(R, b, card_row, x, kicked, 0, alternative, player, from_hand, out_cost)
    prepare_payment(R, b, player, out_could, &P, False)
    max_mana_masks(&P, 7, MANA_MASKS, most)
    for t in range(7):
        out_mana[t] = most[t]
    over = (P.over | limits_met(R, b, card_row)   # (the most mana: any limit met may make it
            | cost_overflows(R, b, card_row, x, kicked, 0, alternative, player, from_hand))  # wrong;
                                                  # the cost's modifiers and fields: castable)
    if pays_life(out_cost):
        prepare_payment(R, b, player, out_could, &P, True)
    out_castable[0] = cost_payable(R, &P, out_cost, b.bi.life[player], casting(card_row))
    return over | ((P.over | limits_met(R, b)) & (OV_UPPER if out_castable[0] else OV_LOWER))


cdef inline bint info_fault(Rules* R, BoardInfo* bi) noexcept nogil:
    """A negative hand size or mana in a pool, or restricted pool entries (106.6) past
    MAXRPOOL or of no SPEND_RESTRICTION row (a board the kernels can't read)."""
    cdef int t, p, e
    cdef int16_t neg = bi.hand_size[0] | bi.hand_size[1]
    for p in range(2):
        for t in range(6):
            neg |= bi.pool[p][t]
        if bi.n_restricted[p]:
            if bi.n_restricted[p] > MAXRPOOL:
                return True
            for e in range(bi.n_restricted[p]):
                if not 0 <= bi.restricted_row[p][e] < R.n_restrictions:
                    return True
                for t in range(6):
                    neg |= bi.restricted[p][e][t]
    return neg < 0


cdef int32_t board_fault(Rules* R, Permanent* perms, int n, int capacity) noexcept nogil:
    """0 if the board is well formed, else 1 + the row of the first bad permanent (or of the
    count, 1 + capacity; 2 + capacity for its BoardInfo): card rows, controllers,
    attachments and what it has become (Permanent.becomes) must point where they may."""
    cdef int i
    if n < 0 or n > capacity:
        return 1 + capacity
    for i in range(n):
        if (perms[i].card < 0 or perms[i].card >= R.n_cards or perms[i].controller > 1
                or perms[i].attached_to < -1 or perms[i].attached_to >= n
                or perms[i].becomes < 0 or perms[i].becomes > R.n_cards):
            return 1 + i
    return 0


def evaluate_boards(CoreTables core, Permanent[:, ::1] perms, int32_t[::1] count,
                    BoardInfo[::1] info, int card_row, int x, bint kicked, int alternative,
                    int player, bint from_hand, TotalCost[::1] out_cost,
                    int32_t[:, ::1] out_mana, uint8_t[:, ::1] out_could,
                    uint8_t[::1] out_castable, int32_t[::1] out_fault, int threads=1):
    """For each board: could-produce of every permanent, the total cost of `card_row` cast by
    `player`, the most mana of each type and in all (all mana counts, restricted mana too:
    106.6), and whether the cost can be paid (restricted mana only where it may be spent).
    Boards are independent, so `threads` > 1 splits them over OpenMP threads (same results).
    A malformed board is not evaluated: out_fault[g] says where it is wrong (board_fault); a
    board past a limit of the search has out_fault[g] = 2 + capacity + its Overflow bits (its
    answers may be wrong: see overflow_message)."""
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
    if capacity > MAXBOARD:
        raise ValueError(f"at most {MAXBOARD} permanents on one board (boards of {capacity})")
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
            b.over = 0
            b.bi = &empty_info
            total_cost(R, &b, card_row, x, kicked, 0, alternative, player, False, &base_cost)
            if cost_overflows(R, &b, card_row, x, kicked, 0, alternative, player, False):
                with gil:
                    raise ValueError(f"the total cost is not known exactly: {overflow_message(OV_TOTAL)}")
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

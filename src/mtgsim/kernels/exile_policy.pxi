# The play policy's cards exiled from the hand to cast later (Game.exiled, kernels/exile.pxi): its
# ways to suspend (702.62a) and to plot (702.170a) a card, which cast_spells weighs, and its casts
# of the cards it plotted on an earlier turn (702.170d), in its main phase before the hand's.
# Uses base, total_cost, game, zones, actions, views, policy.

cdef bint way_to_suspend(Rules* R, Spec* S, Game* g, ManaView* v, int row, Cast* out) noexcept nogil:
    """The goldfish's way to suspend card `row` from its hand now (702.62a, 116.2f: only where it
    could begin to cast it, as cast_spells casts, in its main phase), weighed with its casts by
    its suspend cost as both the mana it takes and its mana value (cast_key): the suspend cost
    as printed (a special action, not a spell: no total cost, 601.2f, and no restricted mana,
    106.6, pays it). False if it has no suspend, the simulator never casts it (Card.uncastable:
    suspending leads to a cast), or the cost can't be paid."""
    out.special = SA_NONE                 # (way_to_cast leaves it: one store a cast weighed, not a suspend)
    if R.cards[row].suspend_time == 0 or R.cards[row].uncastable:
        return False
    memset(&out.cost, 0, sizeof(TotalCost))
    add_cost(R, R.cards[row].exile_cost, 0, &out.cost)
    if not view_payable(R, g, v, &out.cost, casting(-1)):
        return False
    out.row = row
    out.x = 0
    out.kicked = out.flashback = False
    out.special = SA_SUSPEND
    out.commander = -1
    out.spend = cost_total(&out.cost)
    out.key = cast_key(S, row, out.spend, out.spend)
    return True


cdef bint way_to_plot(Rules* R, Spec* S, Game* g, ManaView* v, int row, Cast* out) noexcept nogil:
    """The goldfish's way to plot card `row` from its hand now (702.170a, 116.2k: in its main
    phase, the stack empty, as cast_spells casts), weighed by its plot cost as the mana it takes
    and by its mana value (cast_key): the plot cost as printed (a special action, not a spell: no
    total cost, 601.2f, and no restricted mana, 106.6, pays it). cast_spells weighs plotting only
    once nothing can be cast (the goldfish's policy: a card is cast from the hand when it can be,
    its effect a turn sooner; the mana left plots one, to be cast free on a later turn). False if
    it has no plot, the simulator never casts it (Card.uncastable: plotting leads to a cast), the
    policy holds it, or the cost can't be paid."""
    out.special = SA_NONE
    if (R.cards[row].exile_cost < 0 or R.cards[row].suspend_time or R.cards[row].uncastable
            or S.hold[row] & HOLD_NEVER):
        return False
    memset(&out.cost, 0, sizeof(TotalCost))
    add_cost(R, R.cards[row].exile_cost, 0, &out.cost)
    if not view_payable(R, g, v, &out.cost, casting(-1)):
        return False
    out.row = row
    out.x = 0
    out.kicked = out.flashback = False
    out.special = SA_PLOT
    out.commander = -1
    out.spend = cost_total(&out.cost)
    out.key = cast_key(S, row, out.spend, R.cards[row].mana_value)
    return True


# way_to_plot for cast_spells' plot pass, called through a pointer (as the suspend pass's ways: only
# decks with plot weigh it, and inlined it could take way_to_cast's inlining into the hand's pass)
cdef bint (*the_way_to_plot)(Rules*, Spec*, Game*, ManaView*, int, Cast*) noexcept nogil
the_way_to_plot = way_to_plot


cdef int cast_plotted(Rules* R, Spec* S, Game* g, Rng* rng, int8_t* cast_turn, int turn) noexcept nogil:
    """702.170d in the goldfish's main phase, the stack empty: each card it plotted on an earlier
    turn is cast from exile without paying its mana cost (601.2f: its total cost is only what
    increases it; X is 0, 107.3b) and resolves, in the order plotted, before any spell from the
    hand (the goldfish's policy: a free cast takes no mana another spell could use, and a
    permanent cast first sees the spells cast after it, as Slickshot Show-Off's trigger does). It
    casts only what costs nothing and what it would cast from the hand (not a card the policy
    holds, nor a second legendary permanent, nor a spell lacking its graveyard target): the rest
    stay plotted. Returns the number cast."""
    cdef int k = 0, q, row, n = 0
    cdef TotalCost buf
    cdef Board b
    while k < g.n_exiled:
        row = g.exiled[k].row
        if (g.exiled[k].who != 0 or g.exiled[k].plotted == 0 or g.exiled[k].plotted >= turn
                or (S.hold[row] and held(R, S, g, row, False)) or (S.gf[row] & GF_LEGENDARY and g.in_play[row])):
            k += 1
            continue
        b = scanned_board(R, g)
        total_cost(R, &b, row, 0, False, 0, 2, 0, False, &buf)
        if cost_total(&buf) != 0:
            k += 1
            continue
        g.n_exiled -= 1                  # 601.2a: it leaves exile for the stack
        memmove(&g.exiled[k], &g.exiled[k + 1], (g.n_exiled - k) * sizeof(Exiled))
        trace(g, TR_CAST_WAY, row, 1 << 20)
        trace(g, TR_CAST, row, 0)
        q = S.tracked_as[row]
        if q >= 0 and cast_turn[q] == <int8_t>NOT_CAST:
            cast_turn[q] = turn
        resolve_spell(R, S, g, rng, row, 0, False, False, 0)
        if g.snapshots:
            snapshot(g, TR_CAST)
        n += 1
        k = 0                            # (what it did may change what the others cost)
    return n

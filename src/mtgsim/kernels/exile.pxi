# Cards in exile their owner may cast later (Game.exiled): suspend (702.62) -- the special action
# exiling a card from the hand with time counters (116.2f), the counters removed in its owner's
# upkeep, the card cast without paying its mana cost as the last is removed; plot (702.170) -- the
# special action exiling a card from the hand (116.2k), the plotted card cast without paying its
# mana cost in a main phase of a later turn. (The goldfish's ways to suspend and to plot, and its
# casts of plotted cards, are the policy's: exile_policy.) Uses base, total_cost, game, zones, actions.

cdef void exile_to_cast(Game* g, int row, int who, int time, int plotted) noexcept nogil:
    """Card `row` (out of the hand already) is exiled by player who, its owner, who may cast it
    later: suspended with `time` time counters (702.62a), or plotted on turn `plotted` (702.170a)."""
    if g.n_exiled >= MAXEXILED:
        g.over |= GO_EXILED
        return
    g.exiled[g.n_exiled].row = row
    g.exiled[g.n_exiled].who = who
    g.exiled[g.n_exiled].time = time
    g.exiled[g.n_exiled].plotted = plotted
    g.n_exiled += 1


cdef void suspend_card(Rules* R, Game* g, int row, int who) noexcept nogil:
    """702.62a, 116.2f: player who, its suspend cost paid, exiles card `row` (out of the hand
    already) with its N time counters; a special action: no spell is cast, nothing triggers."""
    exile_to_cast(g, row, who, R.cards[row].suspend_time, 0)


cdef void plot_card(Game* g, int row, int who) noexcept nogil:
    """702.170a, 116.2k: player who, its plot cost paid, exiles card `row` (out of the hand
    already): it becomes a plotted card, which they may cast on a later turn (702.170d); a
    special action: no spell is cast, nothing triggers."""
    exile_to_cast(g, row, who, 0, g.bi.turn)


cdef void suspended_upkeep(Rules* R, Spec* S, Game* g, Rng* rng, int who) noexcept nogil:
    """702.62a at the beginning of player who's upkeep: a time counter is removed from each card
    they have suspended (each its own trigger, in the order suspended: 603.3b, the owner's
    order); then each whose last counter was removed is cast without paying its mana cost
    (601.2f, 702.62d: its total cost is only what increases it; X is 0, 107.3b) and resolves.
    The cast is a "may": the goldfish casts each whose total cost is nothing, and leaves in exile
    one a cost increase would make it pay for (it stays exiled, with no counter: 702.62b, no
    longer suspended). Cards cast are noted in Game.cast_in_upkeep (the "cast by" metric)."""
    cdef int k, n = 0, row
    cdef int32_t ready[MAXEXILED]
    cdef TotalCost buf
    cdef Board b
    g.n_cast_in_upkeep = 0
    k = 0
    while k < g.n_exiled:
        if g.exiled[k].who == who and g.exiled[k].time > 0:
            g.exiled[k].time -= 1
            if g.exiled[k].time == 0:
                ready[n] = g.exiled[k].row
                n += 1
                g.n_exiled -= 1          # (it leaves exile as it is cast, or stays unsuspended:
                memmove(&g.exiled[k], &g.exiled[k + 1], (g.n_exiled - k) * sizeof(Exiled))
                continue                 # the goldfish never casts it later)
        k += 1
    for k in range(n):
        row = ready[k]
        b = scanned_board(R, g)
        total_cost(R, &b, row, 0, False, 0, 2, who, False, &buf)
        if cost_total(&buf) != 0:
            continue
        trace(g, TR_CAST_WAY, row, 1 << 20)
        trace(g, TR_CAST, row, 0)
        g.cast_in_upkeep[g.n_cast_in_upkeep] = row
        g.n_cast_in_upkeep += 1
        resolve_spell(R, S, g, rng, row, 0, False, False, who)

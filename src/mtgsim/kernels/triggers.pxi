# Triggered abilities of the battlefield, written once for the goldfish and a Scenario's game
# (GameState): a Saga's lore counters and chapter abilities (714), "whenever ~ becomes tapped"
# (603.2e), "at the beginning of your upkeep" (503.1a) and "whenever you cast" / "whenever a
# player casts" (601.2i) abilities, each resolved through run_ops. Moved out of actions.pxi.
# Uses game, kept, zones, actions.

# ---- Sagas (714) ---------------------------------------------------------------------------

cdef int final_chapter(Rules* R, int row) noexcept nogil:
    """714.2d: the final chapter number of CARD row `row`, the greatest among its chapter
    abilities (0: none, not a Saga the lore rules concern)."""
    cdef Card* c = &R.cards[row]
    cdef int k, n = 0
    for k in range(c.n_triggered):
        if R.triggered[c.triggered_first + k].event == EV_CHAPTER:
            n = max(n, R.triggered[c.triggered_first + k].chapter)
    return n


cdef void put_lore(Rules* R, Spec* S, Game* g, Rng* rng, int i, int n) noexcept nogil:
    """n lore counters are put on permanent i, a Saga (714.3a, 714.3c, or an effect's): each of
    its chapter abilities whose number N the count reaches from below triggers (714.2b; two
    reached at once, the lower first: the player's order, 603.3b) and resolves; then, with as
    many as its final chapter and none of them left to resolve, it is sacrificed (714.4, a
    state-based action: it dies, 700.4)."""
    cdef int object_id = g.perms[i].object_id, who = g.perms[i].controller, row = g.perms[i].card
    cdef int old = g.perms[i].counters[<int>CK_LORE], new, chapter, k, j
    cdef Card* c = &R.cards[row]          # (what triggers is fixed as the counters are put, 603.2)
    cdef Triggered* t
    if n <= 0:
        return
    g.over |= amount_in(&g.perms[i].counters[<int>CK_LORE], n)
    new = g.perms[i].counters[<int>CK_LORE]
    board_changed(g)
    for chapter in range(old + 1, min(new, 255) + 1):
        for k in range(c.n_triggered):
            t = &R.triggered[c.triggered_first + k]
            if t.event == EV_CHAPTER and t.chapter == chapter:
                j = find_object(g, object_id)
                run_ops(R, S, g, rng, t.effect, j, j, 0, who)
                state_based_actions(R, S, g, rng)
    j = find_object(g, object_id)
    if j >= 0 and final_chapter(R, g.perms[j].card) and (
            g.perms[j].counters[<int>CK_LORE] >= final_chapter(R, g.perms[j].card)):
        dies(R, S, g, rng, j)             # (701.21a: sacrificed, it dies)


cdef void lore_step(Rules* R, Spec* S, Game* g, Rng* rng, int who) noexcept nogil:
    """714.3c: as player who's precombat main phase begins, they put a lore counter on each Saga
    they control (a turn-based action; those there as it begins, in the order of their rows)."""
    cdef int j, k, n = 0
    cdef int ids[MAXPERM]
    for j in range(g.n):
        if g.perms[j].controller == who and n < MAXPERM and final_chapter(R, g.perms[j].card):
            ids[n] = g.perms[j].object_id
            n += 1
    for k in range(n):
        j = find_object(g, ids[k])
        if j >= 0:
            put_lore(R, S, g, rng, j, 1)


# ---- tapped, upkeep and cast triggers (603) --------------------------------------------------

cdef void tapped_triggers(Rules* R, Spec* S, Game* g, Rng* rng) noexcept nogil:
    """Resolve the "whenever this becomes tapped" abilities noted (City of Brass deals 1
    damage to you), in the order the permanents became tapped; one that has left still
    resolves (603.10a: as it last existed)."""
    cdef int k, q, j, n = g.n_tapped
    cdef Card* c
    g.n_tapped = 0
    for k in range(n):
        c = &R.cards[g.tapped_rows[k]]
        for q in range(c.n_triggered):
            if R.triggered[c.triggered_first + q].event == EV_SELF_BECOMES_TAPPED:
                j = find_object(g, g.tapped_ids[k])
                run_ops(R, S, g, rng, R.triggered[c.triggered_first + q].effect, j, j, 0, g.tapped_who[k])
    state_based_actions(R, S, g, rng)


cdef void upkeep_triggers(Rules* R, Spec* S, Game* g, Rng* rng, int who) noexcept nogil:
    """Player who's "at the beginning of your upkeep" abilities (503.1a: they trigger as the
    upkeep begins; Phyrexian Arena), resolved in the order of their permanents; each does
    what it can."""
    cdef int j, k, n = 0, object_id
    cdef int ids[MAXPERM]
    cdef int rows[MAXPERM]
    cdef Card* c
    cdef bint listed = g.shortcuts     # (the watch list; a scan of the whole board the slow path)
    if listed and g.check_views:
        check_watching(g, W_UPKEEP)
    j = next_row(g.watching[<int>W_UPKEEP], 0) if listed else 0
    while j < g.n:                       # (what triggers is fixed as the step begins)
        c = &R.cards[g.perms[j].card]
        for k in range(c.n_triggered):
            if (R.triggered[c.triggered_first + k].event == EV_YOUR_UPKEEP and n < MAXPERM
                    and g.perms[j].controller == who):
                ids[n] = g.perms[j].object_id
                rows[n] = R.triggered[c.triggered_first + k].effect
                n += 1
        j = next_row(g.watching[<int>W_UPKEEP], j + 1) if listed else j + 1
    for k in range(n):
        j = find_object(g, ids[k])
        run_ops(R, S, g, rng, rows[k], j, j, 0, who)
        state_based_actions(R, S, g, rng)


cdef void cast_triggers(Rules* R, Spec* S, Game* g, Rng* rng, int row, int x, int who) noexcept nogil:
    """Player who's "whenever you cast a (creature) spell" abilities (Beast Whisperer, Animar), and
    "a noncreature spell" (prowess, 702.108a: spell_not_types), each on its own permanent: its card's,
    and those what it has become gives it (613.1f: Great Hall of the Biblioplex's animation); and any
    player's "whenever a player casts a spell" abilities (Chalice of the Void: only a spell of mana
    value, its X counted, 202.3e, equal to the counters of a kind on it), for their controller."""
    cdef int j, k, n, last = g.n
    cdef Card* c
    cdef Triggered* t
    cdef bint listed = g.shortcuts     # (the watch list; a scan of the whole board the slow path)
    if listed and g.check_views:
        check_watching(g, W_CAST)
    j = next_row(g.watching[<int>W_CAST], 0) if listed else 0
    while j < last:
        c = &R.cards[g.perms[j].card]
        for n in range(2):
            for k in range(c.n_triggered):
                t = &R.triggered[c.triggered_first + k]
                if (t.event == EV_YOU_CAST_SPELL and g.perms[j].controller == who
                        and (t.spell_types == 0 or R.cards[row].types & t.spell_types)
                        and not (R.cards[row].types & t.spell_not_types)
                        and not (t.colorless and R.cards[row].colors)        # (105.2c)
                        and (t.nth == 0 or t.nth == (g.noncreature_cast[who] if t.spell_not_types
                                                     else g.spells_cast[who]))):
                    run_ops(R, S, g, rng, t.effect, j, j, 0, who)
                elif t.event == EV_PLAYER_CASTS_SPELL and (t.mv_counters == 0 or g.perms[j].counters[
                        t.mv_counters - 1] == R.cards[row].mana_value + x * spell_xs(R, row)):
                    run_ops(R, S, g, rng, t.effect, j, j, 0, g.perms[j].controller)
            if j >= g.n or not g.perms[j].becomes:
                break
            c = &R.cards[g.perms[j].becomes - 1]
        j = next_row(g.watching[<int>W_CAST], j + 1) if listed else j + 1


cdef inline int spell_xs(Rules* R, int row) noexcept nogil:
    """The {X} symbols of card `row`'s mana cost (107.3)."""
    return R.costs[R.cards[row].cost].x if R.cards[row].cost >= 0 else 0

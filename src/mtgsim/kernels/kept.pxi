# The state kept as permanents enter, leave, tap and untap, so that the turn loop reads it
# instead of scanning the board: the permanents counted per kind (Game.kinds), the live mana
# view and its sources' rows, the trigger watch lists, the greatest power among your creatures,
# the cost modifiers applying; and the untap step, which resets the live view. Each has its
# invariant and slow path in docs/architecture.md ("Incremental state"). Uses abilities, game.

cdef enum Kind:                    # what Game.kinds counts permanents of (a byte each)
    K_LANDS = 0
    K_COSTMOD = 1                  # GF_COSTMOD
    K_TRIGGERED = 2                # GF_TRIGGERED
    K_MANA_FX = 3                  # GF_MANA_FX (and restricted mana in the pool: see below)
    K_ACTIVATED = 4                # GF_ACTIVATED
    K_CREATURES = 5                # creature cards (what combat looks at)
    K_MAY_DIE = 6                  # GF_MAY_DIE
    K_LEGENDARY = 7
    K_DYNAMIC_COSTMOD = 8          # GF_COSTMOD and GF_DYNAMIC_COST
    K_CAST_TRIGGER = 9             # GF_CAST_TRIGGER
    K_HASTE_GIVER = 10             # gives creatures you control haste (The Fire Crystal)
    K_UPKEEP = 11                  # has "at the beginning of your upkeep" abilities
    K_LAND_PLAYS = 12              # lets its controller play additional lands each turn (305.2)
    K_ENTERS_WATCH = 13            # has an ability triggering when another permanent enters
    K_UNTAPPED_COSTMOD = 14        # has cost modifiers applying only while untapped (spec.untapped_only)
    K_DOESNT_UNTAP = 15            # doesn't untap during its controller's untap step (502.3)
    K_CI = 16                      # K_CI + k: CardInfoFlag bit k (word 2: the board's all_flags)


cdef inline void count_restricted_pool(Game* g, int d) noexcept nogil:
    """Restricted mana (106.6) came into (d = 1) or left (d = -1) the pool, or neither (0). While
    it is there it counts as one more permanent of K_MANA_FX and of CI_MANA_EFFECT's kind: it
    keeps the board off the direct path and the live view as they do (prepare_direct checks
    the pool itself), at no cost to the turns without it."""
    g.kinds[K_MANA_FX >> 3] += <uint64_t>d << (8 * (K_MANA_FX & 7))
    g.kinds[(K_CI + 0) >> 3] += <uint64_t>d << (8 * ((K_CI + 0) & 7))


cdef inline int count_of(Game* g, int kind) noexcept nogil:
    return (g.kinds[kind >> 3] >> (8 * (kind & 7))) & 0xFF


cdef inline bint of_kind(Game* g, int row, int kind) noexcept nogil:
    """Is card `row` of this Kind (its byte of count_permanent's units)?"""
    return (g.kind_unit[3 * row + (kind >> 3)] >> (8 * (kind & 7))) & 0xFF != 0


cdef enum Watch:                   # the trigger watch lists (Game.watching): the rows of the permanents
    W_ENTERS = 0                   # of a Kind, in board order, so that a trigger event looks at
    W_CAST = 1                     # them alone, in the order the whole board's scan would
    W_UPKEEP = 2                   # (N_WATCH of them)


# The watched kinds' bytes in their word of Game.kinds (WATCHED_WORD): a card of none of them is
# in no list. One word holds the three, so a test of it tells whether any is watched.
if not K_ENTERS_WATCH >> 3 == K_CAST_TRIGGER >> 3 == K_UPKEEP >> 3 == WATCHED_WORD:
    raise ImportError("the watched kinds (Watch) must share Game.kinds' word WATCHED_WORD")
cdef uint64_t WATCHED_KINDS = ((<uint64_t>0xFF << (8 * (K_ENTERS_WATCH & 7)))
                               | (<uint64_t>0xFF << (8 * (K_CAST_TRIGGER & 7))) | (<uint64_t>0xFF << (8 * (K_UPKEEP & 7))))


cdef inline int watched_kind(int w) noexcept nogil:
    """The Kind watch list w holds: enters watchers, cast triggers, upkeep triggers."""
    return K_ENTERS_WATCH if w == W_ENTERS else (K_CAST_TRIGGER if w == W_CAST else K_UPKEEP)


cdef inline void watch_row(Game* g, int i, int d) noexcept nogil:
    """Permanent i's row into (d = 1) or out of (d = -1) the watch lists of the kinds its card is
    of (as count_permanent counts it: by its card, whatever it has become; the kinds count what
    its animation gives, spec's GF_CAST_TRIGGER)."""
    cdef int w, row = g.perms[i].card
    cdef uint64_t bit = (<uint64_t>1) << (i & 63)
    if not (g.kind_unit[3 * row + WATCHED_WORD] & WATCHED_KINDS):
        return
    for w in range(N_WATCH):
        if of_kind(g, row, watched_kind(w)):
            if d > 0:
                g.watching[w][i >> 6] |= bit
            else:
                g.watching[w][i >> 6] &= ~bit


cdef inline void watch_rows_moved_up(Game* g, int i) noexcept nogil:
    """Row i has left the board (its bits cleared by watch_row): in every watch list the rows
    after it move up one, as the permanents do (remove_permanent)."""
    cdef int w, k
    cdef uint64_t below = ((<uint64_t>1) << (i & 63)) - 1
    cdef uint64_t* s
    if not (g.kinds[WATCHED_WORD] & WATCHED_KINDS):     # (no watcher left: every list empty)
        return
    for w in range(N_WATCH):
        s = g.watching[w]
        k = i >> 6
        s[k] = (s[k] & below) | ((s[k] >> 1) & ~below)
        while k < ROW_WORDS - 1:
            s[k] |= s[k + 1] << 63
            s[k + 1] >>= 1
            k += 1


cdef inline int next_row(const uint64_t* s, int j) noexcept nogil:
    """The first row at or after j in the set of rows s; ROW_WORDS * 64 if none."""
    cdef int w = j >> 6
    cdef uint64_t bits
    if w >= ROW_WORDS:
        return ROW_WORDS * 64
    bits = s[w] & (~(<uint64_t>0) << (j & 63))
    while bits == 0:
        w += 1
        if w == ROW_WORDS:
            return ROW_WORDS * 64
        bits = s[w]
    return (w << 6) + mtgsim_ctz64(bits)


cdef inline void check_watching(Game* g, int w) noexcept nogil:
    """check_views: watch list w against the board (the rows whose card is of its kind), a
    difference traced as TR_VIEW_FAULT."""
    cdef int j
    for j in range(ROW_WORDS * 64):
        if ((g.watching[w][j >> 6] >> (j & 63)) & 1) != (j < g.n and of_kind(g, g.perms[j].card, watched_kind(w))):
            trace(g, TR_VIEW_FAULT, -1, g.n)
            return


cdef inline uint64_t costmods_applying(Game* g) noexcept nogil:
    """The permanents whose cost modifiers apply now, as costmod_set counts them: all of them
    (costmod_set), less the tapped ones of those applying only while untapped (Trinisphere).
    Worked out when asked, so that tapping and untapping, at every payment, keep no count."""
    cdef uint64_t s = g.costmod_set
    cdef int k
    if count_of(g, K_UNTAPPED_COSTMOD):
        for k in range(g.n):
            if g.perms[k].flags & PF_TAPPED:
                s -= g.costmod_untapped[g.perms[k].card]
    return s


cdef inline void count_permanent(Game* g, int row, int d) noexcept nogil:
    """Permanent counts per kind as one of card `row` enters (d = 1) or leaves (d = -1)."""
    cdef uint16_t f = g.gf[row]
    cdef uint64_t code = g.costmod_code[row]
    cdef int copies
    g.in_play[row] += d
    copies = g.in_play[row]
    g.kinds[0] += <uint64_t>d * g.kind_unit[3 * row]       # (no byte under- or overflows)
    g.kinds[1] += <uint64_t>d * g.kind_unit[3 * row + 1]
    g.kinds[2] += <uint64_t>d * g.kind_unit[3 * row + 2]
    g.units += d * g.unit_of[row]
    g.costmod_set += <uint64_t>d * code
    g.n_costmod_wild += d * (((f & GF_COSTMOD) != 0 and code == 0)
                             + (code != 0 and copies == (16 if d > 0 else 15)))
    g.new_legend |= d > 0 and (f & GF_LEGENDARY) != 0


cdef inline bint sick_by_itself(Game* g, Permanent* p, uint32_t w) noexcept nogil:
    """Summoning sick (302.6) unless something gives it haste: a creature without haste of its
    own (its direct word `w`) under your control since your most recent turn began."""
    return (w >> DIRECT_SICK_SHIFT) & 1 and p.controlled_since >= g.bi.last_turn_start[0]


cdef inline uint64_t added(uint32_t* sums, uint64_t masks, uint32_t m, int d, uint32_t w) noexcept nogil:
    """One source of unit mask m (direct word w) into (d = 1) or out of (d = -1) the per-mask
    sums: units in the low 16 bits, sources in the high 16. Returns the masks with a nonzero
    sum."""
    sums[m] += <uint32_t>d * ((1u << 16) | ((w >> 16) & 0xFF))
    return (masks & ~((<uint64_t>1) << m)) | (<uint64_t>(sums[m] != 0) << m)


cdef inline void row_in(Game* g, uint64_t* rows, uint32_t m, int i, int d) noexcept nogil:
    """Row i into (d = 1) or out of (d = -1) mask m's rows."""
    if i >= 64:
        g.rows_lost = True
    elif d > 0:
        rows[m] |= (<uint64_t>1) << i
    else:
        rows[m] &= ~((<uint64_t>1) << i)


cdef inline void live_count(Game* g, int i, int d) noexcept nogil:
    """Permanent i's units into (d = 1) or out of (d = -1) the live view, if it can make mana
    now as the direct path counts it: untapped and not summoning sick (302.6: a creature
    without haste of its own that came under your control since your most recent turn
    began), else, if summoning sick, into the sick ones (usable while something gives
    creatures haste: goldfish_direct adds them). The view then always equals
    prepare_direct's sums, kept up as permanents enter, leave, tap and untap."""
    cdef Permanent* p = &g.perms[i]
    cdef uint32_t w = g.direct[p.card]
    cdef uint32_t m = (w >> 8) & ALLTYPES
    cdef bint sick = sick_by_itself(g, p, w)
    if p.flags & (PF_TAPPED | PF_PHASED_OUT):
        return
    if sick:                            # (given haste, prepare_direct counts it by its
        m = g.unit_mask[p.card]         # unit mask: direct_source)
        if m:
            g.sick_masks = added(g.sick, g.sick_masks, m, d, w)
            row_in(g, g.sick_rows, m, i, d)
    elif m:
        g.live_masks = added(g.live, g.live_masks, m, d, w)
        row_in(g, g.live_rows, m, i, d)


cdef inline void enters_or_leaves(Game* g, int i, int d) noexcept nogil:
    """Permanent i enters (d = 1) or leaves (d = -1) the live view, all_units, the watch lists
    and, if you control it, the kept counts (Game.counted; a phased-out one counts for none,
    702.26b)."""
    cdef Permanent* p = &g.perms[i]
    cdef uint32_t w = g.direct[p.card]
    cdef uint32_t m = (w >> 8) & ALLTYPES
    live_count(g, i, d)
    if g.kind_unit[3 * p.card + WATCHED_WORD] & WATCHED_KINDS or g.keeps_power:
        the_watched_enter_or_leave(g, i, d)
    if g.count_unit != NULL and p.controller == 0 and not (p.flags & PF_PHASED_OUT):
        g.counted += <uint64_t>d * g.count_unit[p.card]
    if m and not (p.flags & PF_PHASED_OUT):
        g.all_masks = added(g.all_units, g.all_masks, m, d, w)
        row_in(g, g.all_rows, m, i, d)


cdef void watched_enter_or_leave(Game* g, int i, int d) noexcept nogil:
    """enters_or_leaves' part for the watch lists and the kept greatest power."""
    cdef Permanent* p = &g.perms[i]
    watch_row(g, i, d)
    if not g.keeps_power:
        pass
    elif d > 0:
        power_rose(g, i)
    elif counts_for_greatest(g, p) and kept_power(g, p) >= g.greatest_power:
        power_may_fall(g)                   # (perhaps the greatest left)


# called through a pointer: the C compiler doesn't inline it into enters_or_leaves, which then
# stays small enough to inline into add_permanent, as before the watch lists (W1: 4,356 -> 4,278
# instructions a game, red_fire_crystal 39,929 -> 39,664)
cdef void (*the_watched_enter_or_leave)(Game*, int, int) noexcept nogil
the_watched_enter_or_leave = watched_enter_or_leave


cdef inline void mark(Game* g, int i, uint16_t flag) noexcept nogil:
    """Permanent i marked PF_SKIP_UNTAP (it doesn't untap during its controller's next untap
    step) or PF_ONCE_* (a once-each-turn ability of it was activated, 602.5b) or PF_LOYALTY_USED
    (a loyalty ability of it was, 606.3): flags the live
    view doesn't read, cleared by the untap step."""
    g.perms[i].flags |= flag
    g.marked = True


cdef inline uint16_t untapped_flags(uint16_t f, bint untaps) noexcept nogil:
    """A permanent's flags after an untap step (502.3): its once-each-turn marks go (a new
    turn, 602.5b); if it is one the active player untaps (`untaps`), it untaps unless marked
    PF_SKIP_UNTAP, which that untap step uses up."""
    f &= ~(PF_ONCE_ALL | PF_LOYALTY_USED)
    if untaps:
        f = (f & ~PF_SKIP_UNTAP) if f & PF_SKIP_UNTAP else (f & ~PF_TAPPED)
    return f


cdef inline void untap_step(Rules* R, Game* g, int who) noexcept nogil:
    """The untap step (502.3) as player who's turn begins: their permanents untap. In the
    goldfish they are all of them, and none is summoning sick, so the live view is all_units
    (a Scenario's game, with two players' permanents, reads no live view) — unless some were
    marked, or some don't untap during their controller's untap step (marked_untap_step)."""
    cdef int k
    cdef uint64_t masks
    cdef unsigned int m
    if g.scenario or g.marked or count_of(g, K_DOESNT_UNTAP):
        marked_untap_step(R, g, who)
        return
    for k in range(g.n):
        g.perms[k].flags &= ~PF_TAPPED
    live_clear(g)
    masks = g.live_masks = g.all_masks
    while masks:
        m = mtgsim_ctz64(masks)
        masks &= masks - 1
        g.live[m] = g.all_units[m]
        g.live_rows[m] = g.all_rows[m]


cdef void marked_untap_step(Rules* R, Game* g, int who) noexcept nogil:
    """The untap step of a Scenario's game (player who's permanents untap), or of the goldfish's
    with marked permanents or permanents that don't untap during their controller's untap step
    (502.3: Grim Monolith): each as untapped_flags says; the goldfish's live view counted again
    (a permanent that stays tapped makes no mana)."""
    cdef int k
    for k in range(g.n):
        g.perms[k].flags = untapped_flags(g.perms[k].flags, g.perms[k].controller == who
                                          and not R.cards[g.perms[k].card].doesnt_untap)
    if g.scenario:
        return
    live_clear(g)
    for k in range(g.n):
        live_count(g, k, 1)
    g.marked = False


cdef inline bint summoning_sick(Rules* R, Game* g, Board* b, int i) noexcept nogil:
    """is_sick (302.6) for permanent i of the goldfish game (board b), read off its direct
    word: a creature without haste of its own, under your control since this turn began,
    while no permanent gives creatures haste (scan_board's GRANTS_HASTE)."""
    if not g.shortcuts:
        return is_sick(R, b, i)
    return sick_by_itself(g, &g.perms[i], g.direct[g.perms[i].card]) and count_of(g, K_HASTE_GIVER) == 0


cdef inline void set_flags(Game* g, int i, uint16_t flags) noexcept nogil:
    """Permanent i's flags (tapped or not) changed, the live view with them."""
    live_count(g, i, -1)
    g.perms[i].flags = flags
    live_count(g, i, 1)


cdef inline uint64_t cleared(uint32_t* sums, uint64_t* rows, uint64_t masks) noexcept nogil:
    """Zero the per-mask sums and rows that `masks` says are nonzero; returns the masks left:
    none."""
    cdef unsigned int m
    while masks:
        m = mtgsim_ctz64(masks)
        sums[m] = 0
        rows[m] = 0
        masks &= masks - 1
    return 0


cdef void live_clear(Game* g) noexcept nogil:
    g.live_masks = cleared(g.live, g.live_rows, g.live_masks)
    g.sick_masks = cleared(g.sick, g.sick_rows, g.sick_masks)


cdef inline void live_rows_moved_up(Game* g, int i) noexcept nogil:
    """The permanent in row i has left (and is out of the views): the live view's rows after it
    move up."""
    cdef uint64_t low, masks
    cdef unsigned int m
    if i >= 63:
        return
    low = ((<uint64_t>1) << i) - 1
    masks = g.live_masks | g.sick_masks | g.all_masks
    while masks:
        m = mtgsim_ctz64(masks)
        masks &= masks - 1
        g.live_rows[m] = (g.live_rows[m] & low) | ((g.live_rows[m] >> 1) & ~low)
        g.sick_rows[m] = (g.sick_rows[m] & low) | ((g.sick_rows[m] >> 1) & ~low)
        g.all_rows[m] = (g.all_rows[m] & low) | ((g.all_rows[m] >> 1) & ~low)


cdef inline int kept_power(Game* g, Permanent* p) noexcept nogil:
    """Its power while no card's has a * (Game.keeps_power): its base, printed or what it has
    become, its +1/+1 and -1/-1 counters and its bonus (613.4; power_of on such a board)."""
    return g.cards[p.characteristics].power + p.counters[<int>CK_P1P1] - p.counters[<int>CK_M1M1] + p.power_bonus


cdef inline bint counts_for_greatest(Game* g, Permanent* p) noexcept nogil:
    """Is it one of the creatures CO_GREATEST_POWER looks at for player 0 (in play, 702.26b)?"""
    return (p.controller == 0 and (g.cards[p.characteristics].types & CT_CREATURE) != 0
            and not (p.flags & PF_PHASED_OUT))


cdef inline void power_rose(Game* g, int i) noexcept nogil:
    """Permanent i entered, or its power rose: the greatest power kept rises with it."""
    cdef int p
    if g.keeps_power and counts_for_greatest(g, &g.perms[i]):
        p = kept_power(g, &g.perms[i])
        if p > g.greatest_power:
            g.greatest_power = p


cdef inline void power_may_fall(Game* g) noexcept nogil:
    """A power fell, or a creature may have stopped counting: the greatest power kept is worked
    out again when next asked (greatest_power_now)."""
    g.power_kept = False

# Haste, summoning sickness (302.6) and granted abilities: scan_board's board-wide findings, a
# permanent's mana ability rows (printed, then granted), whether one is ready to activate, and
# the conditions on activating an ability (602.5: condition_holds, one for every kind).
# Uses counts.

# ---- haste, summoning sickness, granted abilities ----------------------------------------

cdef void scan_board(Rules* R, Board* b) noexcept nogil:
    """Note once which board-wide effects exist (grants, replacements, triggers), so the
    questions asked per permanent don't each rescan the board. A Board is a snapshot: build a
    new one after the permanents change."""
    cdef int i, k, p
    cdef Card* c
    cdef GrantRow* gr
    b.grants_to[0] = b.grants_to[1] = 0
    b.any_replacement = b.any_trigger = b.any_costmod = 0
    b.n_fx = 0
    for i in range(b.n):
        if not in_play(b, i) or not (R.info[b.perms[i].card] & (CI_MANA_EFFECT | CI_COSTMOD | CI_HASTE_GRANT)):
            continue                    # (grants, replacements, triggers, cost modifiers
        c = card_of(R, b, i)            # all set one of these flags: card_summaries)
        p = controller(b, i) & 1
        for k in range(c.n_grant):
            gr = &R.grants[c.grant_first + k]
            if gr.grant == GR_HASTE and gr.to == GT_CREATURES_YOU_CONTROL:
                b.grants_to[p] |= GRANTS_HASTE
            elif gr.grant == GR_MANA_ANY_COLOR:
                b.grants_to[p] |= GRANTS_MANA_LANDS if gr.to == GT_LANDS_YOU_CONTROL else GRANTS_MANA_CREATURES
        b.any_replacement |= c.n_replacement > 0
        b.any_trigger |= c.n_trigger > 0
        if c.n_replacement or c.n_trigger:
            if b.n_fx < MAXFX:
                b.fx[b.n_fx] = <uint8_t>i
                b.n_fx += 1
            else:
                b.n_fx = FX_MANY
        b.any_costmod |= (R.info[b.perms[i].card] & CI_COSTMOD) != 0
    b.scanned = 1


cdef inline int n_fx_rows(Board* b) noexcept nogil:
    """How many rows fx_row gives: scan_board's list of the permanents with replacement effects
    or mana triggers, or (more than MAXFX of them) every row of the board."""
    return b.n if b.n_fx == FX_MANY else b.n_fx


cdef inline int fx_row(Board* b, int q) noexcept nogil:
    """The q-th of those rows, in board order."""
    return q if b.n_fx == FX_MANY else b.fx[q]


cdef inline uint8_t grants_of(Rules* R, Board* b, int player) noexcept nogil:
    if not b.scanned:
        scan_board(R, b)
    return b.grants_to[player & 1]


cdef bint has_haste(Rules* R, Board* b, int i) noexcept nogil:
    if keywords_of(R, &b.perms[i]) & KW_HASTE:
        return True
    return (grants_of(R, b, controller(b, i)) & GRANTS_HASTE) != 0             # 702.10


cdef bint is_sick(Rules* R, Board* b, int i) noexcept nogil:
    """302.6: a creature its controller hasn't controlled continuously since their most recent
    turn began, and without haste, can't use {T}/{Q} abilities or attack."""
    cdef Permanent* p = &b.perms[i]
    if not is_type(R, b, i, CT_CREATURE):
        return False
    if p.controlled_since < b.bi.last_turn_start[p.controller]:
        return False
    return not has_haste(R, b, i)


cdef bint may_tap_another(Rules* R, Board* b, int i, int filter_row) noexcept nogil:
    """Does permanent i's controller control an untapped permanent other than i (701.26a) that
    FILTER row `filter_row` passes? (302.6 asks nothing of it: Springleaf Drum's ruling.)"""
    cdef int j, who = controller(b, i)
    for j in range(b.n):
        if (j != i and in_play(b, j) and controller(b, j) == who and not (b.perms[j].flags & PF_TAPPED)
                and permanent_passes(R, b, &R.filters[filter_row], j, i, who)):
            return True
    return False


cdef int mana_ability_rows(Rules* R, Board* b, int i, int* rows) noexcept nogil:
    """The MANA_ABILITY rows of permanent i: printed ones in printed order, then granted ones."""
    cdef Card* c = card_of(R, b, i)
    cdef int k, n = 0, player = controller(b, i)
    for k in range(c.n_mana):
        rows[n] = c.mana_first + k
        n += 1
    cdef uint8_t granted
    cdef uint16_t types
    if R.granted_row >= 0:
        types = types_of(R, &b.perms[i])
        granted = grants_of(R, b, player) if types & (CT_LAND | CT_CREATURE) else 0
        if (types & CT_LAND and granted & GRANTS_MANA_LANDS) or (
                types & CT_CREATURE and granted & GRANTS_MANA_CREATURES):
            rows[n] = R.granted_row
            n += 1
    return n


cdef inline int mana_ability_row(Rules* R, Board* b, int i, int k) noexcept nogil:
    """The MANA_ABILITY row of permanent i's k-th mana ability (numbered as mana_ability_rows
    lists them: a printed one without looking for grants), -1 if it has none such."""
    cdef Card* c = card_of(R, b, i)
    cdef int rows[MAXMANA + 1]
    if 0 <= k < c.n_mana:
        return c.mana_first + k
    return rows[k] if 0 <= k < mana_ability_rows(R, b, i, rows) else -1


cdef bint condition_holds(Rules* R, Board* b, int i, int row) noexcept nogil:
    """Does CONDITION row `row` let permanent i's ability be activated now (602.1b, 602.5:
    "Activate only if you control five or more lands", "... only once each turn", ...)? Every
    part given holds; what is counted is its controller's, as the board is now."""
    cdef Condition* c = &R.conditions[row]
    cdef Permanent* p = &b.perms[i]
    cdef int who = p.controller
    if c.once_flag and p.flags & c.once_flag:          # 602.5b: once each turn, used
        return False
    if (c.during == TI_YOUR_TURN and b.bi.active != who) or (
            c.during == TI_OPPONENTS_TURN and b.bi.active == who):
        return False
    if not (c.hand_min <= b.bi.hand_size[who & 1] <= c.hand_max):
        return False
    if c.level and max(p.level, 1) != c.level:         # 716.2a (716.2d: no level is level 1)
        return False
    if p.counters[<int>CK_LORE] < c.lore:               # (a Saga's chapter gained it: 714.2b, 613.1f)
        return False
    if c.controls <= 0 or (c.or_entered and p.controlled_since == b.bi.turn):
        return True
    return filter_count_upto(R, b, c.filter, i, who, c.controls) >= c.controls


cdef bint ability_ready(Rules* R, Board* b, int i, int row) noexcept nogil:
    """Can the {T}/{Q} parts of this ability's cost be paid now (tapped state, sickness) and the
    counters it removes (118.3), is there another permanent its "Tap an untapped creature you
    control" may tap (which one: the payment's matching), and does its condition on activating
    hold (602.5)? Life costs are checked where the order of activations is known (life gained
    first counts)."""
    cdef ManaAbility* a = &R.mana[row]
    cdef Permanent* p = &b.perms[i]
    if a.tap and (p.flags & PF_TAPPED):
        return False                                   # 107.5
    if a.untap and not (p.flags & PF_TAPPED):
        return False                                   # 107.6
    if (a.tap or a.untap) and is_sick(R, b, i):
        return False                                   # 302.6
    if unlikely(a.remove_n | (a.condition + 1) | (a.tap_filter + 1)):      # (any: one test on the usual path)
        if a.remove_n and p.counters[a.remove_kind] < a.remove_n:
            return False                               # 118.3: counters it hasn't got
        if a.tap_filter >= 0 and not may_tap_another(R, b, i, a.tap_filter):
            return False                               # 118.3, 701.26a: nothing else to tap
        if a.condition >= 0 and not condition_holds(R, b, i, a.condition):
            return False                               # 602.5
    return True

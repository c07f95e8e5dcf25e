# Game actions of the goldfish: a permanent entering (614.1c/614.12) and leaving, state-based
# actions (704), effects of spells and abilities, land search and bounce, enters and cast
# triggers (603). Uses base, counts, game, zones.

# ---- permanents entering and leaving -------------------------------------------------------

cdef inline uint16_t amount_in(int16_t* field, int amount) noexcept nogil:
    """amount added to an int16 field of the game (life, a pool, counters); GO_AMOUNT if the sum
    is past what it holds."""
    cdef int total = field[0] + amount
    field[0] = <int16_t>total
    return GO_AMOUNT if unlikely(total != <int16_t>total) else 0


cdef int add_permanent(Rules* R, Spec* S, Game* g, int row, bint token, int x) noexcept nogil:
    """A permanent enters under your control (its "as enters" effects applied, 614.1c/614.12);
    returns its row, or -1 if the battlefield is full."""
    cdef Permanent* p
    cdef Card* c = &R.cards[row]
    cdef Enters* e
    cdef Board b
    cdef int k, q, lands = 0, j
    if g.n >= MAXPERM:
        g.over |= GO_PERMANENTS
        return -1
    if c.n_enters:
        for j in range(g.n):
            lands += (R.cards[g.perms[j].card].types & CT_LAND) != 0
    p = &g.perms[g.n]
    memset(p, 0, sizeof(Permanent))
    p.card = row
    p.object_id = g.next_id
    g.next_id += 1
    p.controlled_since = g.bi.turn
    p.flags = PF_TOKEN if token else 0
    p.x_paid = x
    p.attached_to = -1
    for k in range(c.n_enters):
        e = &R.enters[c.enters_first + k]
        if e.tapped and not enters_untapped(R, g, e, lands):
            p.flags |= PF_TAPPED
        for q in range(4):             # (within int16: check_tables bounds a card's enters counters)
            p.counters[q] += e.counters[q]
            if e.counters_count[q] >= 0:                    # counted as it enters (614.1c), X
                b = game_board(g)                           # the X paid for the spell (107.3m)
                p.counters[q] += eval_count(R, &b, e.counters_count[q], -1, 0, x)
        g.m1m1 |= p.counters[<int>CK_M1M1] != 0
        if e.choose_color:
            p.chosen_color = S.chosen_color
    g.n += 1
    board_changed(g)
    count_permanent(g, row, 1)
    enters_or_leaves(g, g.n - 1, 1)
    return g.n - 1


cdef bint enters_untapped(Rules* R, Game* g, Enters* e, int lands) noexcept nogil:
    """Does a land that "enters tapped unless ..." enter untapped here? (Pays 2 life for a
    shock land while above 10 life.)"""
    cdef int j
    if e.unless == TU_FEW_OTHER_LANDS:
        return lands <= 2
    if e.unless == TU_MANY_OTHER_LANDS:
        return lands >= 2
    if e.unless == TU_CONTROL_SUBTYPE:
        for j in range(g.n):
            if R.cards[g.perms[j].card].types & CT_LAND and R.cards[g.perms[j].card].subtypes & e.subtypes:
                return True
        return False
    if e.unless == TU_REVEAL_SUBTYPE:
        for j in range(g.hand_n):
            if R.cards[g.hand[j]].subtypes & e.subtypes:
                return True
        return False
    if e.unless == TU_PAY_LIFE:          # (nothing paid for a land entering tapped anyway)
        if g.bi.life[0] > 10 and not g.entering_tapped:
            g.bi.life[0] -= e.life
            return True
        return False
    return False


cdef void remove_permanent(Game* g, int i) noexcept nogil:
    """It leaves the battlefield; later rows move up (Auras on it fall off)."""
    cdef int j
    enters_or_leaves(g, i, -1)
    count_permanent(g, g.perms[i].card, -1)
    g.n_sacrifice_at_end -= (g.perms[i].flags & PF_SACRIFICE_AT_END) != 0
    for j in range(i, g.n - 1):
        g.perms[j] = g.perms[j + 1]
    g.n -= 1
    board_changed(g)
    for j in range(g.n):
        if g.perms[j].attached_to == i:
            g.perms[j].attached_to = -1
        elif g.perms[j].attached_to > i:
            g.perms[j].attached_to -= 1


cdef inline void state_based_actions(Rules* R, Spec* S, Game* g, Rng* rng) noexcept nogil:
    """704.5f: a creature with toughness 0 or less dies (its "when this dies" abilities then
    resolve, reading it as it last existed: 603.10a); 704.5j: of two legendary permanents with
    the same name, the older goes. (Toughness is only looked at when some creature's isn't a
    fixed number above 0 or a -1/-1 counter was put; names when a legend has entered.)"""
    if g.sba_gen == g.gen:             # nothing changed since they last found nothing to do
        return
    if g.shortcuts and not (count_of(g, K_MAY_DIE) or g.m1m1 or (g.new_legend and count_of(g, K_LEGENDARY) > 1)):
        g.new_legend = False           # (what the loop below finds at once)
        g.sba_gen = g.gen
        return
    sba_loop(R, S, g, rng)


cdef void sba_loop(Rules* R, Spec* S, Game* g, Rng* rng) noexcept nogil:
    cdef int i, j, k, object_id
    cdef Board b
    cdef bint again = True
    cdef Card* c
    cdef bint toughness, names
    while again:
        again = False
        toughness = count_of(g, K_MAY_DIE) or g.m1m1 or not g.shortcuts     # (a dies trigger may add some)
        names = (g.new_legend and count_of(g, K_LEGENDARY) > 1) or not g.shortcuts
        if not (toughness or names):
            break
        b = game_board(g)
        for i in range(g.n if toughness else 0):
            if R.cards[g.perms[i].card].types & CT_CREATURE and toughness_of(R, &b, i) <= 0:
                c = &R.cards[g.perms[i].card]
                object_id = g.perms[i].object_id
                for k in range(c.n_triggered):   # its dies abilities, counted while it's there
                    if R.triggered[c.triggered_first + k].event == EV_SELF_DIES:
                        apply_effect(R, S, g, rng, R.triggered[c.triggered_first + k].effect, -1,
                                     find_object(g, object_id), 0)
                remove_permanent(g, find_object(g, object_id))
                again = True
                break
        if again:
            continue
        for i in range(g.n if names else 0):
            if R.cards[g.perms[i].card].supertypes & ST_LEGENDARY:
                for j in range(i + 1, g.n):
                    if g.perms[j].card == g.perms[i].card:
                        remove_permanent(g, i)
                        again = True
                        break
            if again:
                break
    g.new_legend = False
    g.sba_gen = g.gen


# ---- effects ---------------------------------------------------------------------------------

cdef inline bint land_searched_for(Rules* R, Effect* e, int row) noexcept nogil:
    """Is card `row` a land the search looks for: a basic land, or one of the named types?"""
    return is_land_row(R, row) and ((e.land_subtypes and R.cards[row].subtypes & e.land_subtypes) or (
        not e.land_subtypes and R.cards[row].supertypes & ST_BASIC))


cdef void search_land(Rules* R, Spec* S, Game* g, Rng* rng, Effect* e, bint to_battlefield) noexcept nogil:
    """Search the library for a basic land (or one of the named land types) (701.23): its
    unseen part, then the cards a mulligan put on its bottom (103.5: they are in it too)."""
    cdef int k, row = -1, i
    for k in range(g.lib_n):
        if land_searched_for(R, e, g.library[k]):
            row = g.library[k]
            g.library[k] = g.library[g.lib_n - 1]
            g.lib_n -= 1
            break
    if row < 0:
        for k in range(g.bottom_next, g.bottom_n):
            if land_searched_for(R, e, g.bottom[k]):
                row = g.bottom[k]
                memmove(&g.bottom[k], &g.bottom[k + 1], (g.bottom_n - k - 1) * sizeof(int32_t))
                g.bottom_n -= 1
                break
    if row < 0:
        return
    trace(g, TR_SEARCH, row, to_battlefield)
    if to_battlefield:
        g.entering_tapped = e.lands_tapped != 0
        i = add_permanent(R, S, g, row, False, 0)
        g.entering_tapped = False
        if i >= 0 and e.lands_tapped:
            set_flags(g, i, g.perms[i].flags | PF_TAPPED)
        board_changed(g)
        if i >= 0:                       # its enters abilities (603.6a: a bounce land's too)
            enters_triggers(R, S, g, rng, i, False, 0)
    elif g.hand_n < MAXHAND:
        hand_add(g, row)
    else:
        g.over |= GO_HAND
    board_changed(g)


cdef void return_land(Rules* R, Game* g) noexcept nogil:
    """Return a land you control to hand (bounce lands): a tapped basic one if there is one."""
    cdef int i, best = -1
    for i in range(g.n):
        if not (R.cards[g.perms[i].card].types & CT_LAND):
            continue
        if best < 0 or ((g.perms[i].flags & PF_TAPPED) and R.cards[g.perms[i].card].supertypes & ST_BASIC):
            best = i
    if best >= 0:
        if not (g.perms[best].flags & PF_TOKEN):
            if g.hand_n < MAXHAND:
                hand_add(g, g.perms[best].card)
            else:
                g.over |= GO_HAND
        remove_permanent(g, best)
        board_changed(g)


cdef void apply_effect(Rules* R, Spec* S, Game* g, Rng* rng, int row, int target, int source,
                       int x) noexcept nogil:
    """Carry out EFFECT row `row` for you; counters go on permanent `target` (-1: none)."""
    cdef Effect* e = &R.effects[row]
    cdef Board b = game_board(g)
    cdef int k, n, q, total
    cdef unsigned int wide              # the new values + 32768 OR-ed: past 16 bits, one left int16
    if row < 0:
        return
    board_changed(g)
    g.opp_life -= eval_amount(R, &b, e.damage_to_opponent, source, 0, x)
    total = (g.bi.life[0] - eval_amount(R, &b, e.damage_to_you, source, 0, x)
             - eval_amount(R, &b, e.lose_life, source, 0, x) + eval_amount(R, &b, e.gain_life, source, 0, x))
    g.bi.life[0] = <int16_t>total
    wide = <unsigned int>(total + 32768)
    if e.add_mana >= 0:
        for k in range(6):
            g.over |= amount_in(&g.bi.pool[0][k], R.costs[e.add_mana].pips[k])
    n = eval_amount(R, &b, e.add_any_color, source, 0, x)
    if n > 0:
        g.over |= amount_in(&g.bi.pool[0][type_index(S.chosen_color)], n)
    if target >= 0 and target < g.n:
        for q in range(4):
            total = g.perms[target].counters[q] + e.counters[q]
            if e.counters_count[q] >= 0:
                total += eval_count(R, &b, e.counters_count[q], source, 0, x)
            g.perms[target].counters[q] = <int16_t>total
            wide |= <unsigned int>(total + 32768)
        g.m1m1 |= g.perms[target].counters[<int>CK_M1M1] != 0
    if unlikely(wide >> 16):
        g.over |= GO_AMOUNT
    n = eval_amount(R, &b, e.draw, source, 0, x)
    for k in range(n):
        draw(R, g, rng)
    for k in range(e.lands_to_battlefield):
        search_land(R, S, g, rng, e, True)
    for k in range(e.lands_to_hand):
        search_land(R, S, g, rng, e, False)
    for k in range(e.return_land):
        return_land(R, g)
    if e.token_card >= 0:
        b = game_board(g)
        n = eval_amount(R, &b, e.token_count, source, 0, x)
        for k in range(n):                 # each token's enters abilities (603.6a; 111.1)
            q = add_permanent(R, S, g, e.token_card, True, 0)
            if q >= 0:
                enters_triggers(R, S, g, rng, q, True, 0)
    g.bi.hand_size[0] = g.hand_n
    board_changed(g)


cdef inline void enters_triggers(Rules* R, Spec* S, Game* g, Rng* rng, int i, bint token, int x) noexcept nogil:
    """Abilities that trigger as permanent i enters (603.2): its own "when this enters" and
    others' "whenever a creature you control enters" (The Great Henge). State-based actions
    are checked first (a 0/0 dies before they resolve), and each does what it still can."""
    if count_of(g, K_TRIGGERED):
        resolve_enters_triggers(R, S, g, rng, i, token, x)
    else:                              # (nothing triggers)
        state_based_actions(R, S, g, rng)


cdef void resolve_enters_triggers(Rules* R, Spec* S, Game* g, Rng* rng, int i, bint token, int x) noexcept nogil:
    cdef int object_id = g.perms[i].object_id
    cdef int card_row = g.perms[i].card
    cdef bint creature = (R.cards[card_row].types & CT_CREATURE) != 0
    cdef int j, k, target, n_pending = 0, ev
    cdef int pending_row[MAXPENDING]
    cdef int pending_src[MAXPENDING]
    cdef Card* c
    cdef Triggered* t
    for j in range(g.n):
        c = &R.cards[g.perms[j].card]
        for k in range(c.n_triggered):
            t = &R.triggered[c.triggered_first + k]
            ev = t.event
            # 603.6a: every permanent, the newcomer included, is checked for a match
            if (ev == EV_SELF_ENTERS and j == i) or (creature and (
                    ev == EV_CREATURE_YOU_CONTROL_ENTERS or
                    (ev == EV_NONTOKEN_CREATURE_YOU_CONTROL_ENTERS and not token))):
                if n_pending < MAXPENDING:
                    pending_row[n_pending] = t.effect
                    pending_src[n_pending] = g.perms[j].object_id
                    n_pending += 1
                else:
                    g.over |= GO_TRIGGERS
    state_based_actions(R, S, g, rng)
    for k in range(n_pending):
        target = find_object(g, object_id)
        apply_effect(R, S, g, rng, pending_row[k], target, find_object(g, pending_src[k]), x)
    state_based_actions(R, S, g, rng)


cdef int find_object(Game* g, int object_id) noexcept nogil:
    """The row of the permanent with this object id, or -1 if it has left."""
    cdef int j
    for j in range(g.n):
        if g.perms[j].object_id == object_id:
            return j
    return -1


cdef inline void note_tapped(Game* g, int i) noexcept nogil:
    """Permanent i became tapped: its "whenever this becomes tapped" abilities trigger
    (resolved by tapped_triggers once the action is done, 603.3)."""
    if g.gf[g.perms[i].card] & GF_TAPPED_TRIGGER and g.n_tapped < MAXPERM:
        g.tapped_rows[g.n_tapped] = g.perms[i].card
        g.tapped_ids[g.n_tapped] = g.perms[i].object_id
        g.n_tapped += 1


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
                apply_effect(R, S, g, rng, R.triggered[c.triggered_first + q].effect, j, j, 0)
    state_based_actions(R, S, g, rng)


cdef void upkeep_triggers(Rules* R, Spec* S, Game* g, Rng* rng) noexcept nogil:
    """"At the beginning of your upkeep" abilities (503.1a: they trigger as the upkeep begins;
    Phyrexian Arena), resolved in the order of their permanents; each does what it can."""
    cdef int j, k, n = 0, object_id
    cdef int ids[MAXPERM]
    cdef int rows[MAXPERM]
    cdef Card* c
    for j in range(g.n):                 # (what triggers is fixed as the step begins)
        c = &R.cards[g.perms[j].card]
        for k in range(c.n_triggered):
            if R.triggered[c.triggered_first + k].event == EV_YOUR_UPKEEP and n < MAXPERM:
                ids[n] = g.perms[j].object_id
                rows[n] = R.triggered[c.triggered_first + k].effect
                n += 1
    for k in range(n):
        j = find_object(g, ids[k])
        apply_effect(R, S, g, rng, rows[k], j, j, 0)
        state_based_actions(R, S, g, rng)


cdef void cast_triggers(Rules* R, Spec* S, Game* g, Rng* rng, int row) noexcept nogil:
    """"Whenever you cast a (creature) spell" abilities (Beast Whisperer, Animar)."""
    cdef int j, k
    cdef Card* c
    cdef Triggered* t
    for j in range(g.n):
        c = &R.cards[g.perms[j].card]
        for k in range(c.n_triggered):
            t = &R.triggered[c.triggered_first + k]
            if t.event == EV_YOU_CAST_SPELL and (t.spell_types == 0 or R.cards[row].types & t.spell_types):
                apply_effect(R, S, g, rng, t.effect, j, j, 0)

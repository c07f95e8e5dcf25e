# The game actions, written once for the goldfish and a Scenario's game (GameState): a
# permanent entering (614.1c/614.12) and leaving, state-based actions (704), effects of spells
# and abilities (run_ops; the library's searches and looks: library.pxi), bounce, enters triggers
# (603.6a; the others: triggers.pxi),
# a spell resolving, an ability's costs (pay_cost) and effect (combat and the turn's steps:
# turn.pxi). Each takes the player it is for; the choices inside them are read off
# Game.choices (the colour chosen, paying life for a land) or asked of choices.pxi (the cards
# kept on top, the cards a look takes, the land searched for, the land returned, the lands
# untapped), never of the play policy.
# Uses counts, abilities, game, kept, zones, and, included after it, triggers (cast_triggers, final_chapter,
# put_lore, tapped_triggers), library (search_land, search_card,
# look_at_top, look_to_hand, look_reveal, rearrange, hand_to_top), turn (enter_attacking, turns_begun),
# choices (keeps_on_top, goes_to_hand, land_to_search, returned_land, land_to_untap,
# cards_to_discard, permanent_to_sacrifice, creature_to_tap, order_on_top, cards_to_top,
# mana_before_sacrifice).

# ---- permanents entering and leaving -------------------------------------------------------

cdef inline uint16_t amount_in(int16_t* field, int amount) noexcept nogil:
    """amount added to an int16 field of the game (life, a pool, counters); GO_AMOUNT if the sum
    is past what it holds."""
    cdef int total = field[0] + amount
    field[0] = <int16_t>total
    return GO_AMOUNT if unlikely(total != <int16_t>total) else 0


cdef int add_permanent(Rules* R, Game* g, int row, bint token, int x, int who) noexcept nogil:
    """A permanent enters under player who's control (its "as enters" effects applied,
    614.1c/614.12); returns its row, or -1 if the battlefield is full."""
    cdef Permanent* p
    cdef Card* c = &R.cards[row]
    cdef Enters* e
    cdef Board b
    cdef int k, q, lands = 0, j, t
    if g.n >= MAXPERM:
        g.over |= GO_PERMANENTS
        return -1
    if c.n_enters:
        for j in range(g.n):
            lands += (types_of(R, &g.perms[j]) & CT_LAND) != 0 and g.perms[j].controller == who
    p = &g.perms[g.n]
    memset(p, 0, sizeof(Permanent))
    p.card = p.characteristics = row     # (derive_characteristics of a permanent that has become nothing)
    p.controller = p.owner = who
    p.object_id = g.next_id
    g.next_id += 1
    p.controlled_since = g.bi.turn
    p.flags = PF_TOKEN if token else 0
    p.x_paid = x
    p.attached_to = -1
    for k in range(c.n_enters):
        e = &R.enters[c.enters_first + k]
        if e.tapped and not enters_untapped(R, g, e, lands, who):
            p.flags |= PF_TAPPED
        for q in range(e.n_counters):      # (within int16: check_tables bounds a card's enters counters)
            p.counters[q] += e.counters[q]
            if e.counters_count[q] >= 0:                    # counted as it enters (614.1c), X
                b = game_board(g)                           # the X paid for the spell (107.3m)
                p.counters[q] += eval_count(R, &b, e.counters_count[q], -1, who, x)
        g.m1m1 |= p.counters[<int>CK_M1M1] != 0
        if e.choose_color:
            asked_for(g, CH_COLOR)
            p.chosen_color = g.choices.color if not (g.choices.color & e.not_color) else e.other_color
            t = type_index(p.chosen_color)
            if e.is_chosen_type and 0 <= t < 5:  # (305.7: the basic land type of that colour, W U B R G)
                p.land_type = <uint8_t>(1 + t)
    g.n += 1
    board_changed(g)
    count_permanent(g, row, 1)
    enters_or_leaves(g, g.n - 1, 1)
    return g.n - 1


cdef bint enters_untapped(Rules* R, Game* g, Enters* e, int lands, int who) noexcept nogil:
    """Does a land that "enters tapped unless ..." enter untapped for player `who` (`lands`:
    the other lands they control)? Life is paid for a shock land while above the player's
    choice g.choices.pay_life_above, if they have it (119.4)."""
    cdef int j, n
    cdef Board b
    if e.unless == TU_FEW_OTHER_LANDS:
        return lands <= 2
    if e.unless == TU_MANY_OTHER_LANDS:
        return lands >= 2
    if (e.unless == TU_CONTROL_SUBTYPE or e.unless == TU_CONTROL_BASIC or e.unless == TU_MANY_BASIC_LANDS
            or e.unless == TU_CONTROL_LEGENDARY_CREATURE):   # "unless you control N permanents like X"
        b = game_board(g)                  # (the land entering is not on the board yet)
        n = 2 if e.unless == TU_MANY_BASIC_LANDS else 1
        return filter_count_upto(R, &b, e.filter, -1, who, n) >= n
    if e.unless == TU_REVEAL_SUBTYPE:
        for j in range(g.hand_n[who]):
            if card_passes(R, &R.filters[e.filter], g.hand[who][j]):
                return True
        return False
    if e.unless == TU_LOW_LIFE:          # any player: the opponent's life counts too
        return g.bi.life[0] <= e.life or g.bi.life[1] <= e.life
    if e.unless == TU_FIRST_THREE_TURNS:  # your own turn, one of your first three (not an opponent's)
        return who == g.bi.active and turns_begun(g, who) <= 3
    if e.unless == TU_YOUR_TURN:         # (its controller's turn, 500.1: the active player's)
        return who == g.bi.active
    if e.unless == TU_PAY_LIFE:          # (nothing paid for a land entering tapped anyway)
        asked_for(g, CH_PAY_LIFE)
        if g.bi.life[who] > g.choices.pay_life_above and g.bi.life[who] >= e.life and not g.entering_tapped:
            g.bi.life[who] -= e.life
            return True
        return False
    return False


cdef void remove_permanent(Game* g, int i) noexcept nogil:
    """It leaves the battlefield; later rows move up (Auras on it fall off)."""
    cdef int j
    enters_or_leaves(g, i, -1)
    live_rows_moved_up(g, i)
    count_permanent(g, g.perms[i].card, -1)
    g.n_sacrifice_at_end -= (g.perms[i].flags & PF_SACRIFICE_AT_END) != 0
    if g.perms[i].becomes:              # (what it became ends with it: a new object, 400.7)
        set_becomes(g, i, -1, False)
    for j in range(i, g.n - 1):
        g.perms[j] = g.perms[j + 1]
    g.n -= 1
    watch_rows_moved_up(g, i)
    board_changed(g)
    for j in range(g.n):
        if g.perms[j].attached_to == i:
            g.perms[j].attached_to = -1
        elif g.perms[j].attached_to > i:
            g.perms[j].attached_to -= 1


cdef void leave_to_graveyard(Game* g, int i) noexcept nogil:
    """Permanent i is put into its owner's graveyard (it dies, is sacrificed, or goes by the
    legend rule); a token ceases to exist (111.7). A double-faced card is its front face there
    (712.8a), whichever face was up. The goldfish's commander goes on to the command zone
    (903.9a: its owner may, and does, to cast it again)."""
    if not (g.perms[i].flags & PF_TOKEN):       # (a token copy of a commander is not one: 903.3)
        if not (g.n_commander and to_command_zone(g, g.front[g.perms[i].card])):
            put_in_graveyard(g, g.perms[i].owner, g.front[g.perms[i].card])
            if g.perms[i].flags & PF_EARTHBENT and g.n_returning < 4:     # (701.66a: it returns, returning)
                g.returning[g.n_returning] = (g.perms[i].owner << 24) | g.front[g.perms[i].card]
                g.n_returning += 1
    remove_permanent(g, i)


cdef bint to_command_zone(Game* g, int row) noexcept nogil:
    """If card `row` is one of the goldfish's commanders, not in the command zone, it is put
    there (903.9a) and True is returned."""
    cdef int k
    for k in range(g.n_commander):
        if g.commander[k] == row and not g.in_command[k]:
            g.in_command[k] = True
            g.command_n += 1
            g.gen += 1
            return True
    return False


cdef inline void state_based_actions(Rules* R, Spec* S, Game* g, Rng* rng) noexcept nogil:
    """704.5f: a creature with toughness 0 or less dies (its "when this dies" abilities then
    resolve, reading it as it last existed: 603.10a); 704.5i: so does a planeswalker with 0
    loyalty; 704.5j: of two legendary permanents with
    the same name one player controls, the older goes (the player's choice: the newest is
    kept). (Toughness is only looked at when some creature's isn't a fixed number above 0 or a
    -1/-1 counter was put; names when a legend has entered.)"""
    if g.sba_gen == g.gen:             # nothing changed since they last found nothing to do
        return
    if g.shortcuts and not (count_of(g, K_MAY_DIE) or g.m1m1 or (g.new_legend and count_of(g, K_LEGENDARY) > 1)):
        g.new_legend = False           # (what the loop below finds at once)
        g.sba_gen = g.gen
        return
    sba_loop(R, S, g, rng)


cdef void dies(Rules* R, Spec* S, Game* g, Rng* rng, int i) noexcept nogil:
    """Permanent i is put into its owner's graveyard from the battlefield (700.4: it dies; a
    sacrifice, 701.21a, or toughness 0): its "when this dies" abilities resolve first, reading
    it as it last existed (603.10a: counted while it's there), then it goes (leave_to_graveyard)."""
    cdef Card* c = &R.cards[g.perms[i].card]
    cdef int object_id = g.perms[i].object_id, who = g.perms[i].controller, k
    for k in range(c.n_triggered):
        if R.triggered[c.triggered_first + k].event == EV_SELF_DIES:
            run_ops(R, S, g, rng, R.triggered[c.triggered_first + k].effect, -1, find_object(g, object_id), 0, who)
    i = find_object(g, object_id)
    if i >= 0:
        leave_to_graveyard(g, i)


cdef void returning(Rules* R, Spec* S, Game* g, Rng* rng) noexcept nogil:
    """701.66a: "When that land dies or is put into exile, return it to the battlefield tapped under your control":
    each earthbent land leave_to_graveyard noted returns, tapped, a new object (400.7), as its delayed trigger resolves
    (603.7, 603.3: after the state-based actions, whose loop calls this), the graveyard's cards kept or not."""
    cdef int row, who, t
    while g.n_returning:
        g.n_returning -= 1                 # (the last noted first: their controller orders them, 603.3b)
        row = g.returning[g.n_returning] & 0xFFFFFF
        who = g.returning[g.n_returning] >> 24
        leave_graveyard(g, who, row)
        g.entering_tapped = True
        t = add_permanent(R, g, row, False, 0, who)
        g.entering_tapped = False
        if t >= 0:
            set_flags(g, t, g.perms[t].flags | PF_TAPPED)
            board_changed(g)
            enters_triggers(R, S, g, rng, t, False, 0)


cdef void sba_loop(Rules* R, Spec* S, Game* g, Rng* rng) noexcept nogil:
    cdef int i, j
    cdef Board b
    cdef bint again = True
    cdef bint toughness, names
    while again:
        again = False
        if g.n_returning:                  # (the delayed triggers of earthbent lands gone: after the actions)
            returning(R, S, g, rng)
        toughness = count_of(g, K_MAY_DIE) or g.m1m1 or not g.shortcuts     # (a dies trigger may add some)
        names = (g.new_legend and count_of(g, K_LEGENDARY) > 1) or not g.shortcuts
        if not (toughness or names):
            break
        b = game_board(g)
        for i in range(g.n if toughness else 0):
            if ((types_of(R, &g.perms[i]) & CT_CREATURE and toughness_of(R, &b, i) <= 0)
                    or (types_of(R, &g.perms[i]) & CT_PLANESWALKER and g.perms[i].counters[<int>CK_LOYALTY] <= 0)):
                dies(R, S, g, rng, i)
                again = True
                break
        if again:
            continue
        for i in range(g.n if names else 0):
            if supertypes_of(R, &g.perms[i]) & ST_LEGENDARY:
                for j in range(i + 1, g.n):
                    if g.perms[j].card == g.perms[i].card and g.perms[j].controller == g.perms[i].controller:
                        leave_to_graveyard(g, i)
                        again = True
                        break
            if again:
                break
    g.new_legend = False
    g.sba_gen = g.gen


# ---- effects ---------------------------------------------------------------------------------

cdef void return_land(Rules* R, Spec* S, Game* g, Rng* rng, int who, int source_id) noexcept nogil:
    """Player `who` returns a land they control to its owner's hand (bounce lands; `source_id`:
    the object id of the permanent whose effect it is, -1 none): the one they choose
    (returned_land)."""
    cdef int best = returned_land(R, S, g, rng, who, source_id)
    if best >= 0:
        if not (g.perms[best].flags & PF_TOKEN):      # (712.8a: a double-faced card's front face)
            put_in_hand(g, g.perms[best].owner, g.front[g.perms[best].card])
        remove_permanent(g, best)
        board_changed(g)


cdef inline int op_amount(Rules* R, Game* g, Op* op, int source, int who, int x) noexcept nogil:
    """How much op's Amount is now (a count read off the board as it is)."""
    cdef Board b
    if op.amount.count < 0:
        return op.amount.fixed
    b = game_board(g)
    return op.amount.fixed + eval_count(R, &b, op.amount.count, source, who, x)


cdef void run_ops(Rules* R, Spec* S, Game* g, Rng* rng, int row, int target, int source,
                  int x, int who) noexcept nogil:
    """Carry out EFFECT row `row` for player `who` (its source: permanent `source`, -1 none):
    its OP rows in order (608.2c), each by its code (mtgsim.vocabulary declares them; this is
    the only place an op has a meaning). Counters go on permanent `target` (-1: none), a token
    copy copies it (707.2). Amounts are read as each op is carried out; `source` stays the row
    it was (as does its use by the counts)."""
    cdef Effect* e
    cdef Op* op
    cdef int k, n, q, code, t, target_id, source_id
    if row < 0:
        return
    e = &R.effects[row]
    board_changed(g)
    target_id = g.perms[target].object_id if 0 <= target < g.n else -1
    source_id = g.perms[source].object_id if 0 <= source < g.n else -1
    for k in range(e.n_ops):
        op = &R.ops[e.op_first + k]
        code = op.code
        if code == OP_DRAW:
            n = op_amount(R, g, op, source, who, x)
            for q in range(n):
                draw(R, g, rng, who)
        elif code == OP_DAMAGE or code == OP_LOSE_LIFE:     # (120.3a: damage to a player is life lost)
            g.over |= amount_in(&g.bi.life[who if op.who == WHO_YOU else 1 - who],
                                -op_amount(R, g, op, source, who, x))
        elif code == OP_GAIN_LIFE:
            g.over |= amount_in(&g.bi.life[who if op.who == WHO_YOU else 1 - who], op_amount(R, g, op, source, who, x))
        elif code == OP_SEARCH_LAND:
            for q in range(op.amount.fixed):
                search_land(R, S, g, rng, op, (op.flags & OF_TO_BATTLEFIELD) != 0, who)
        elif code == OP_SEARCH_CARD:
            for q in range(op.amount.fixed):
                search_card(R, S, g, rng, op, who, x)
        elif code == OP_ADD_MANA:
            for q in range(6):
                g.over |= amount_in(&g.bi.pool[who][q], R.costs[op.arg].pips[q])
        elif code == OP_ADD_ANY_COLOR:
            n = op_amount(R, g, op, source, who, x)
            if n > 0:
                asked_for(g, CH_COLOR)
                g.over |= amount_in(&g.bi.pool[who][type_index(g.choices.color)], n)
        elif code == OP_TOKENS:
            n = op_amount(R, g, op, source, who, x)
            for q in range(n):                 # each token's enters abilities (603.6a; 111.1)
                t = put_onto_battlefield(R, S, g, rng, op.arg, True, 0, who)
                if op.flags & OF_TAPPED_AND_ATTACKING:
                    enter_attacking(R, g, t)
                if op.flags & OF_SACRIFICE_AT_END and t >= 0:    # ("Sacrifice them at the beginning of
                    sacrificed_at_end(g, find_object(g, t))     # the next end step": mobilize's)
        elif code == OP_COUNTERS and op.flags & OF_EACH_CREATURE:   # (122.6, 608.2h: those controlled now)
            n = op_amount(R, g, op, source, who, x)
            for t in range(g.n):
                if g.perms[t].controller == who and types_of(R, &g.perms[t]) & CT_CREATURE:
                    g.over |= amount_in(&g.perms[t].counters[op.arg], n)
                    powers_after_counters(g, t, op.arg, n)
                    g.m1m1 |= g.perms[t].counters[<int>CK_M1M1] != 0
        elif code == OP_COUNTERS:
            if op.flags & OF_ON_SOURCE:          # (its own permanent, if still there: 400.7)
                t = find_object(g, source_id) if source_id >= 0 else -1
            else:
                t = target if 0 <= target < g.n and g.perms[target].object_id == target_id else find_object(
                    g, target_id)
            if t >= 0 and op.arg == <int>CK_LORE and R.sagas:     # (714.2b: its chapters trigger)
                put_lore(R, S, g, rng, t, op_amount(R, g, op, source, who, x))
            elif t >= 0:
                n = op_amount(R, g, op, source, who, x)
                g.over |= amount_in(&g.perms[t].counters[op.arg], n)
                powers_after_counters(g, t, op.arg, n)
                g.m1m1 |= g.perms[t].counters[<int>CK_M1M1] != 0
        elif code == OP_SCRY or code == OP_SURVEIL:    # ("scry 2, then draw a card": before the draw)
            look_at_top(R, S, g, rng, who, op.amount.fixed, code == OP_SURVEIL)
        elif code == OP_SKIP_UNTAP:
            if 0 <= source < g.n:
                mark(g, source, PF_SKIP_UNTAP)  # (502.3: its controller's next untap step)
        elif code == OP_SACRIFICE_AT_END:
            sacrificed_at_end(g, source)       # (its source: "At the beginning of the end step, sacrifice ~",
                                               # Ball Lightning, 603.2)
        elif code == OP_RETURN_LAND:
            for q in range(op.amount.fixed):
                return_land(R, S, g, rng, who, source_id)
        elif code == OP_EXTRA_LAND_DROPS:
            if who == g.bi.active:             # "you may play an additional land this turn"
                g.extra_land_drops += op.amount.fixed
        elif code == OP_UNTAP_LANDS:
            untap_lands(R, g, who, op.amount.fixed)
        elif code == OP_TOKEN_COPY:
            t = find_object(g, target_id) if target_id >= 0 else -1
            if t >= 0:                         # 707.2: copiable values only; X is 0
                token_copy(R, S, g, rng, t, who, (op.flags & OF_SACRIFICE_AT_END) != 0)
        elif code == OP_MILL:                  # 701.17a, top card first; 701.17b: as many as there are
            n = op_amount(R, g, op, source, who, x)
            for q in range(n):
                t = take_top(R, g, rng, who)
                if t < 0:
                    break
                trace_moved(g, code, t, Z_LIBRARY, Z_GRAVEYARD, who)
                card_to_graveyard(R, g, who, t)
        elif code == OP_LOOK_TO_HAND:           # (Flow State: "instead" one more, 608.2c)
            look_to_hand(R, S, g, rng, who, op_amount(R, g, op, source, who, x), op.arg + (
                (op.flags & OF_MORE_IF_INSTANT_AND_SORCERY) != 0
                and graveyard_has_each(&g.bi, who, CT_INSTANT | CT_SORCERY)), op.flags)
        elif code == OP_GRAVEYARD_TO_HAND:     # 115.1: a target; none there, nothing (608.2b)
            for q in range(op.amount.fixed):
                t = card_from_graveyard(R, S, g, &R.filters[op.arg], row, who)
                if t < 0:
                    break
                card_leaves_graveyard(g, who, t)
                trace_moved(g, code, t, Z_GRAVEYARD, Z_HAND, who)
                put_in_hand(g, who, t)
        elif code == OP_SPELL_TO_LIBRARY:      # (resolve_spell moves it, as its last step: 608.2n; a
            g.spell_to_library = source < 0    # permanent's ability has no spell resolving)
        elif code == OP_DRAW_NEXT_UPKEEP:      # 603.7a: a delayed trigger, created now (begin_turn draws)
            g.over |= amount_in(&g.bi.upkeep_draws[who], op.amount.fixed)
        elif code == OP_LOOK_REVEAL:
            look_reveal(R, S, g, rng, who, op.amount.fixed, &R.filters[op.arg], op.flags, False)
        elif code == OP_REVEAL_EACH_TYPE:      # (Atraxa: one card for each card type, 205.2a)
            look_reveal(R, S, g, rng, who, op.amount.fixed, NULL, op.flags, True)
        elif code == OP_EARTHBEND:             # 701.66a: a target land you control (none: nothing, 603.3d)
            t = land_to_earthbend(R, g, who)
            if t >= 0:
                earthbend(R, g, t, op.amount.fixed)
        elif code == OP_CLASS_LEVEL:
            t = find_object(g, source_id) if source_id >= 0 else -1
            if t >= 0:
                become_level(R, S, g, rng, t, op.amount.fixed)
        elif code == OP_BECOMES:               # 611.2, 613.1d-f, 613.4b: its source, if still there (400.7)
            t = find_object(g, source_id) if source_id >= 0 else -1
            if t >= 0:
                set_becomes(g, t, op.arg, (op.flags & OF_UNTIL_END_OF_TURN) != 0)
        elif code == OP_POWER_BONUS:           # 613.4c: until end of turn (end_of_turn, 514.2); on the
            t = find_object(g, target_id) if target_id >= 0 else -1     # object concerned, if still there
            if t >= 0:
                g.over |= amount_in(&g.perms[t].power_bonus, op.amount.fixed)
                if op.amount.fixed >= 0:
                    power_rose(g, t)
                else:
                    power_may_fall(g)
                g.over |= amount_in(&g.perms[t].toughness_bonus, op.arg)
        elif code == OP_REARRANGE:
            rearrange(R, S, g, rng, who, op.amount.fixed, (op.flags & OF_MAY_SHUFFLE) != 0)
        elif code == OP_HAND_TO_TOP:
            hand_to_top(R, S, g, who, op.amount.fixed)
        elif code == OP_SOURCE_TO_TOP:         # 400.3: its owner's library; 400.7: if still there
            t = find_object(g, source_id) if source_id >= 0 else -1
            if t >= 0:
                if not (g.perms[t].flags & PF_TOKEN):    # (111.7; 712.8a: a double-faced card's front face)
                    trace_moved(g, code, g.front[g.perms[t].card], Z_BATTLEFIELD, Z_LIBRARY, g.perms[t].owner)
                    put_on_top(g, g.perms[t].owner, g.front[g.perms[t].card])
                remove_permanent(g, t)
        elif code == OP_TRANSFORM:             # 701.27a: its source, if still there (400.7)
            t = find_object(g, source_id) if source_id >= 0 else -1
            if t >= 0:
                transform(R, S, g, rng, t, (op.flags & OF_EXILE_AND_RETURN) != 0)
        elif code == OP_SACRIFICE_SELF:        # 701.21a: its source, if still there (400.7) and yours
            t = find_object(g, source_id) if source_id >= 0 else -1
            if t >= 0 and g.perms[t].controller == who:
                mana_before_sacrifice(R, S, g, rng, t, who)
                t = find_object(g, source_id)
                if t >= 0:
                    dies(R, S, g, rng, t)
        elif code == OP_FLIP_DAMAGE:           # 705.2: a flip lost, then the damage (120.3a)
            if coin_flip_lost(g, rng):
                g.over |= amount_in(&g.bi.life[who], -op_amount(R, g, op, source, who, x))
        elif code == OP_COUNTER_SPELL:         # 701.6a: the spell whose casting triggered it (resolve_spell)
            g.countered = True
        elif code == OP_HAND_TO_BATTLEFIELD:   # 113.6m: its card, if still in the hand; 305.4: no land played
            t = g.hand_n[who] - 1
            while t >= 0 and g.hand[who][t] != op.arg:
                t -= 1
            if t >= 0:
                trace_moved(g, code, op.arg, Z_HAND, Z_BATTLEFIELD, who)
                take_from_hand(R, g, who, t)
                put_onto_battlefield(R, S, g, rng, op.arg, False, 0, who)
        elif code == OP_UNTAP_SOURCE:          # 701.26a: its source, if still there (400.7)
            t = find_object(g, source_id) if source_id >= 0 else -1
            if t >= 0:
                set_flags(g, t, g.perms[t].flags & ~PF_TAPPED)
        elif code == OP_DISCARD:               # 701.9a; "you may ... If you do, draw" only if all were (608.2d)
            n = op_amount(R, g, op, source, who, x)
            if discard_chosen(R, S, g, -1, who, n, (op.flags & OF_MAY_DISCARD) != 0, True) == n > 0:
                for q in range(op.arg):
                    draw(R, g, rng, who)
    g.bi.hand_size[who] = g.hand_n[who]
    board_changed(g)


cdef inline void powers_after_counters(Game* g, int i, int kind, int n) noexcept nogil:
    """n counters of `kind` were put on permanent i: the greatest power kept follows (613.4c)."""
    if kind == <int>CK_P1P1 and n >= 0:
        power_rose(g, i)
    elif kind == <int>CK_M1M1 or kind == <int>CK_P1P1:
        power_may_fall(g)


cdef void set_card_row(Game* g, int i, int row) noexcept nogil:
    """Permanent i is now CARD row `row` (a Class at another level, 716.2a): the same object
    (its counters, damage, tapped state and the effects on it stay), with that row's
    characteristics; the incremental state takes the old row out and the new one in."""
    enters_or_leaves(g, i, -1)
    count_permanent(g, g.perms[i].card, -1)
    g.perms[i].card = row
    derive_characteristics(&g.perms[i])
    count_permanent(g, row, 1)
    enters_or_leaves(g, i, 1)
    board_changed(g)


cdef void transform(Rules* R, Spec* S, Game* g, Rng* rng, int i, bint exile_and_return) noexcept nogil:
    """Permanent i turns over to its card's other face (701.27a; Card.transformed): the same
    object, keeping its counters, damage, tapped state and the effects on it (712.18), with only
    that face's characteristics (712.8d-e); no enters ability triggers. With exile_and_return, it
    is exiled and its card returned to the battlefield with that face up under its owner's
    control: a new object whose enters abilities trigger (400.7, 712.14a; a token ceases to
    exist, 111.7). Not a double-faced card, or the other face an instant or sorcery: nothing
    happens (701.27c-d, 712.9-10)."""
    cdef int row = g.perms[i].card, other = row + R.cards[row].transformed, owner = g.perms[i].owner
    cdef bint token = (g.perms[i].flags & PF_TOKEN) != 0
    if other == row or R.cards[other].types & (CT_INSTANT | CT_SORCERY):
        return
    if not exile_and_return:
        set_card_row(g, i, other)
        return
    remove_permanent(g, i)
    if not token:
        put_onto_battlefield(R, S, g, rng, other, False, 0, owner)


cdef void become_level(Rules* R, Spec* S, Game* g, Rng* rng, int i, int n) noexcept nogil:
    """Permanent i's level becomes n (716.2a; a designation, 716.2b): it has its card's abilities
    of every level up to n (its card's row at level n, by next_level from its card's; past its
    last level, its last), counted as the permanent it now is; then the "When this Class becomes
    level n" abilities, those level n gains over level n-1, trigger and resolve (603.2)."""
    cdef int old = g.perms[i].card, row = g.front[old], below, k, object_id = g.perms[i].object_id
    cdef int who = g.perms[i].controller
    if R.cards[row].next_level == 0:                # (no levels: only the designation, 716.2b)
        row = old
    for k in range(n - 2):
        row += R.cards[row].next_level
    below = row                                     # (its row at level n-1, ...
    if n >= 2:
        row += R.cards[row].next_level              # ... and at level n)
    g.perms[i].level = n
    if row != old:
        set_card_row(g, i, row)
    for k in range(R.cards[below].n_triggered if row != below else R.cards[row].n_triggered,
                   R.cards[row].n_triggered):
        if R.triggered[R.cards[row].triggered_first + k].event == EV_SELF_BECOMES_LEVEL:
            i = find_object(g, object_id)
            run_ops(R, S, g, rng, R.triggered[R.cards[row].triggered_first + k].effect, i, i, 0, who)
    state_based_actions(R, S, g, rng)


cdef void set_becomes(Game* g, int i, int row, bint until_end_of_turn) noexcept nogil:
    """Permanent i's characteristics become CARD row `row`'s (613.1d-f, 613.4b: an animation,
    OP_BECOMES), until end of turn (514.2) or while it stays; row -1: its card's again. One
    effect at a time: a later one replaces an earlier (the compiler lets a card have one kind).
    While any permanent is animated the goldfish takes no shortcut (Game.n_animated)."""
    cdef Permanent* p = &g.perms[i]
    g.n_animated += (row >= 0) - (p.becomes != 0)
    p.becomes = <int16_t>(row + 1)
    derive_characteristics(p)
    power_may_fall(g)
    p.flags = (p.flags & ~PF_BECOMES_UNTIL_EOT) | (PF_BECOMES_UNTIL_EOT if row >= 0 and until_end_of_turn else 0)
    g.shortcuts = g.spec_shortcuts and g.n_animated == 0
    board_changed(g)


cdef void earthbend(Rules* R, Game* g, int i, int n) noexcept nogil:
    """701.66a: permanent i, a land, becomes a 0/0 land creature with haste besides its types while it stays (its
    card's earthbent row; an animation until end of turn gives way, 613.7a, and ends back into it: end_of_turn),
    marked to return when it dies (PF_EARTHBENT: returning), with n +1/+1 counters (613.4c)."""
    cdef int row = g.perms[i].card
    if R.cards[row].earthbent == 0:        # (not a land's card: no row, nothing it can become)
        return
    set_becomes(g, i, row + R.cards[row].earthbent, False)
    set_flags(g, i, g.perms[i].flags | PF_EARTHBENT)
    g.over |= amount_in(&g.perms[i].counters[<int>CK_P1P1], n)
    power_rose(g, i)


cdef bint graveyard_has_targets(Rules* R, Game* g, int effect, int who, int leaving) noexcept nogil:
    """Has player who's graveyard the targets (115.1) each op of EFFECT row `effect` returning
    cards from it (OP_GRAVEYARD_TO_HAND) needs: a spell or ability with one is cast or activated
    only if it has (601.2c, 602.2b). `leaving`: the card row of a spell cast from that graveyard
    (601.2a: on the stack first, so not its own target; -1 none). Reads the kept cards
    (Game.lists_graveyard: a deck with such an op keeps them)."""
    cdef int k, q, n, skip
    cdef Op* op
    for k in range(R.effects[effect].n_ops if effect >= 0 else 0):
        op = &R.ops[R.effects[effect].op_first + k]
        if op.code != OP_GRAVEYARD_TO_HAND:
            continue
        n, skip = 0, leaving
        for q in range(g.grave_n[who]):
            if g.graveyard[who][q] == skip:
                skip = -1
            elif card_passes(R, &R.filters[op.arg], g.graveyard[who][q]):
                n += 1
        if n < op.amount.fixed:
            return False
    return True


cdef void card_leaves_graveyard(Game* g, int who, int row) noexcept nogil:
    """Card `row` leaves player who's graveyard (cast from there, 601.2a; returned to the hand):
    leave_graveyard, and the goldfish's list of the cards it may flash back loses it."""
    cdef int q
    for q in range(g.n_flashback if who == 0 else 0):
        if g.flashback[q] == row:
            g.n_flashback -= 1
            g.flashback[q] = g.flashback[g.n_flashback]
            break
    leave_graveyard(g, who, row)


cdef void exile_delved(Rules* R, Game* g, int who, int n) noexcept nogil:
    """702.66a, 601.2h: player who pays n generic mana of a spell's total cost (TotalCost.delved)
    by exiling n cards from their graveyard (card_to_delve: which ones). An exiled card is no
    object the simulator keeps (406: none of its cards looks there)."""
    cdef int q, k
    for q in range(n):
        k = card_to_delve(R, g, who)
        if k < 0:                       # (can't happen: the total cost counted them)
            break
        card_leaves_graveyard(g, who, g.graveyard[who][k])


cdef void card_to_graveyard(Rules* R, Game* g, int who, int row) noexcept nogil:
    """A card (not a permanent: a spell resolved, one surveiled, milled or discarded) is put
    into player who's graveyard (put_in_graveyard); the goldfish keeps the cards it may cast
    from there with flashback."""
    put_in_graveyard(g, who, row)
    if g.scenario:
        return
    if R.cards[row].flashback >= 0:
        if g.n_flashback < MAXFLASHBACK:
            g.flashback[g.n_flashback] = row
            g.n_flashback += 1
        else:
            g.over |= GO_FLASHBACK


cdef void untap_lands(Rules* R, Game* g, int who, int n) noexcept nogil:
    """Untap up to n lands player `who` controls (Frantic Search, 701.26b): which ones is
    their choice, one by one (land_to_untap)."""
    cdef int k, best
    for k in range(n):
        best = land_to_untap(R, g, who)
        if best < 0:
            return
        set_flags(g, best, g.perms[best].flags & ~PF_TAPPED)
    board_changed(g)


cdef void sacrificed_at_end(Game* g, int i) noexcept nogil:
    """Permanent i (-1: none) is to be sacrificed at the beginning of the next end step (603.7:
    the end step's sacrifices, end_step_sacrifices; marked once)."""
    if 0 <= i < g.n and not (g.perms[i].flags & PF_SACRIFICE_AT_END):
        g.perms[i].flags |= PF_SACRIFICE_AT_END
        g.n_sacrifice_at_end += 1


cdef int token_copy(Rules* R, Spec* S, Game* g, Rng* rng, int i, int who, bint sacrifice_at_end) noexcept nogil:
    """Player `who` creates a token that is a copy of permanent i (707.2–707.3: its copiable
    values, its card row; not its tapped state, counters or X), sacrificed at the next end step
    if asked; its enters abilities trigger (603.6a). Returns its object id, -1 if none entered."""
    cdef int copy = add_permanent(R, g, g.perms[i].card, True, 0, who)
    cdef int object_id
    if copy < 0:
        return -1
    object_id = g.perms[copy].object_id
    if sacrifice_at_end:
        sacrificed_at_end(g, copy)
    enters_triggers(R, S, g, rng, copy, True, 0)
    return object_id


cdef inline int put_onto_battlefield(Rules* R, Spec* S, Game* g, Rng* rng, int row, bint token, int x,
                                     int who) noexcept nogil:
    """Card `row` enters under player who's control (add_permanent) and the abilities its
    entering triggers resolve (enters_triggers). Its object id, -1 if none entered."""
    cdef int i = add_permanent(R, g, row, token, x, who)
    cdef int object_id
    if i < 0:
        return -1
    object_id = g.perms[i].object_id
    enters_triggers(R, S, g, rng, i, token, x)
    return object_id


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
    cdef int controller = g.perms[i].controller
    cdef bint creature = (types_of(R, &g.perms[i]) & CT_CREATURE) != 0
    cdef bint land = (types_of(R, &g.perms[i]) & CT_LAND) != 0
    cdef int j, k, target, n_pending = 0, ev
    cdef int pending_row[MAXPENDING]
    cdef int pending_src[MAXPENDING]
    cdef int pending_at[MAXPENDING]
    cdef uint8_t pending_who[MAXPENDING]
    cdef Card* c
    cdef Triggered* t
    cdef int first = 0, last = g.n
    cdef uint64_t rows[ROW_WORDS]
    cdef bint listed = g.shortcuts and count_of(g, K_ENTERS_WATCH)
    if not count_of(g, K_ENTERS_WATCH):     # nothing watches others enter: only the newcomer
        first, last = i, i + 1              # can match
    elif listed:                            # the watchers and the newcomer (a scan of the
        if g.check_views:                   # whole board the slow path)
            check_watching(g, W_ENTERS)
        for k in range(ROW_WORDS):
            rows[k] = g.watching[<int>W_ENTERS][k]
        rows[i >> 6] |= (<uint64_t>1) << (i & 63)
        first = next_row(rows, 0)
    j = first
    while j < last:
        # 603.6a: every permanent, the newcomer included, is checked for a match
        c = &R.cards[g.perms[j].card]
        for k in range(c.n_triggered):
            t = &R.triggered[c.triggered_first + k]
            ev = t.event
            if (ev == EV_SELF_ENTERS and j == i) or (creature and g.perms[j].controller == controller
                    and not (t.colorless and colors_of(R, &g.perms[i])) and (      # (105.2c)
                    ev == EV_CREATURE_YOU_CONTROL_ENTERS or
                    (ev == EV_NONTOKEN_CREATURE_YOU_CONTROL_ENTERS and not token) or
                    (ev == EV_ANOTHER_CREATURE_YOU_CONTROL_ENTERS and j != i))) or (
                    land and ev == EV_LAND_YOU_CONTROL_ENTERS and g.perms[j].controller == controller):
                if n_pending < MAXPENDING:
                    pending_row[n_pending] = t.effect
                    pending_src[n_pending] = g.perms[j].object_id
                    pending_at[n_pending] = j
                    pending_who[n_pending] = g.perms[j].controller
                    n_pending += 1
                else:
                    g.over |= GO_TRIGGERS
        j = next_row(rows, j + 1) if listed else j + 1
    state_based_actions(R, S, g, rng)
    for k in range(n_pending):
        target = find_object_near(g, object_id, i)
        run_ops(R, S, g, rng, pending_row[k], target, find_object_near(g, pending_src[k], pending_at[k]),
                     x, pending_who[k])
    state_based_actions(R, S, g, rng)
    if R.sagas:                             # 714.3a: a Saga enters with a lore counter
        target = find_object(g, object_id)
        if target >= 0 and final_chapter(R, g.perms[target].card):
            put_lore(R, S, g, rng, target, 1)


cdef int find_object(Game* g, int object_id) noexcept nogil:
    """The row of the permanent with this object id, or -1 if it has left."""
    cdef int j
    for j in range(g.n):
        if g.perms[j].object_id == object_id:
            return j
    return -1


cdef inline int find_object_near(Game* g, int object_id, int row) noexcept nogil:
    """find_object, looking first at the row where the permanent was (object ids are unique:
    if it holds that id, it is that permanent)."""
    if 0 <= row < g.n and g.perms[row].object_id == object_id:
        return row
    return find_object(g, object_id)


cdef inline void note_tapped(Game* g, int i) noexcept nogil:
    """Permanent i became tapped: its "whenever this becomes tapped" abilities trigger
    (resolved by tapped_triggers once the action is done, 603.3)."""
    if g.gf[g.perms[i].card] & GF_TAPPED_TRIGGER and g.n_tapped < MAXPERM:
        g.tapped_rows[g.n_tapped] = g.perms[i].card
        g.tapped_ids[g.n_tapped] = g.perms[i].object_id
        g.tapped_who[g.n_tapped] = g.perms[i].controller
        g.n_tapped += 1


# ---- a spell resolving, an ability's costs and effect ----------------------------------------

cdef inline int resolve_spell(Rules* R, Spec* S, Game* g, Rng* rng, int row, int x, bint kicked,
                       bint flashback, int who) noexcept nogil:
    """Spell `row`, cast by player `who` and paid for, resolves (608), its "whenever you cast"
    abilities first (603.2: they trigger as it is cast; no one responds): a permanent spell
    enters the battlefield (X recorded, 107.3m) and its enters abilities trigger; an instant or
    sorcery takes effect (kicked: its kicked effect, 702.33) and goes to the graveyard, or is
    exiled if cast with flashback (702.34a). Returns the permanent's object id (-1: none)."""
    cdef int effect
    if R.nth_spells or g.scenario:         # (counted as it is cast, 601.2i: before its cast triggers)
        g.spells_cast[who] += g.spells_cast[who] < 255
        g.noncreature_cast[who] += g.noncreature_cast[who] < 255 and not (R.cards[row].types & CT_CREATURE)
    if count_of(g, K_CAST_TRIGGER):
        cast_triggers(R, S, g, rng, row, x, who)
        if unlikely(g.countered):          # 701.6a: to its owner's graveyard, never resolving (702.34a: exiled
            g.countered = False            # if cast with flashback)
            if not flashback:
                card_to_graveyard(R, g, who, row)
            state_based_actions(R, S, g, rng)
            return -1
    if R.cards[row].types & (CT_ARTIFACT | CT_CREATURE | CT_ENCHANTMENT | CT_PLANESWALKER | CT_BATTLE):
        return put_onto_battlefield(R, S, g, rng, row, False, x, who)   # X recorded (107.3m)
    effect = R.cards[row].spell_effect
    if kicked and R.cards[row].kicked_effect >= 0:
        effect = R.cards[row].kicked_effect
    run_ops(R, S, g, rng, effect, -1, -1, x, who)
    if g.spell_to_library and not flashback:   # ("Shuffle ~ into its owner's library": 701.24a)
        g.spell_to_library = False
        put_on_top(g, who, row)
        shuffle_library(g, rng, who)
    elif not flashback:
        card_to_graveyard(R, g, who, row)
    state_based_actions(R, S, g, rng)
    return -1


ctypedef fused AbilityRow:       # the records of abilities with an activation cost (602.1a)
    ManaAbility
    Activated


cdef inline bint pay_cost(Rules* R, Spec* S, Game* g, int i, AbilityRow* a, int who, int x, int other) noexcept nogil:
    """Player `who` pays the cost of permanent i's ability `a` but its mana (the payment plan's)
    from the facts the compiler derived from its cost ops (mtgsim.vocabulary COST_OPS): {T}
    (107.5: its "becomes tapped" triggers noted, 603.3; a payment that had to leave it out tapped
    it already), {Q} (107.6), life (119.4), the counters removed (118.3; a mana ability's X of
    them, remove_x: x, its payment option's, 107.3a), the permanent "Tap an untapped creature you
    control" taps (701.26a: `other`, the payment's choice, or -1: creature_to_tap's; its "becomes
    tapped" triggers noted too); the one place these are paid. Returns
    whether the cost sacrifices i (701.21a): the caller puts it into the graveyard where the rows
    may move (after a payment plan's steps; after the triggers its tapping
    caused). The caller checked that the cost can be paid (118.3). A non-mana ability's cost may
    also discard cards and sacrifice another permanent (pay_other_costs: rows may move, i with
    them; `S` is read only there: NULL for a mana ability)."""
    if a.tap:                           # (tapped already, by a payment that had to leave it
        set_flags(g, i, g.perms[i].flags | PF_TAPPED)   # out: the flags don't change)
        note_tapped(g, i)
    if a.untap:
        set_flags(g, i, g.perms[i].flags & ~PF_TAPPED)
    g.bi.life[who] -= a.life            # (119.4: at least that much life, checked: no overflow)
    if unlikely(a.remove_n):
        remove_counters(g, i, a.remove_kind, a.remove_n)
    if AbilityRow is ManaAbility:
        if unlikely(a.remove_x):
            remove_counters(g, i, a.remove_kind, x)
        if unlikely(a.tap_filter >= 0):
            if other < 0:               # (the payment's choice, else the player's)
                other = creature_to_tap(R, g, a.tap_filter, i, who)
            if other >= 0:
                set_flags(g, other, g.perms[other].flags | PF_TAPPED)
                note_tapped(g, other)
    if AbilityRow is Activated:
        if unlikely(a.discard_n | (a.sacrifice_filter + 1)):
            pay_other_costs(R, S, g, i, a, who)
        if unlikely(a.loyalty_ability):
            pay_loyalty(g, i, a.loyalty)
    return a.sacrifice_self


cdef void pay_loyalty(Game* g, int i, int n) noexcept nogil:
    """A loyalty ability's cost (606.4): n loyalty counters put on planeswalker i (n < 0: removed;
    it has that many, 606.6), and it noted as having activated one this turn (606.3)."""
    g.perms[i].counters[<int>CK_LOYALTY] += n
    mark(g, i, PF_LOYALTY_USED)


cdef void remove_counters(Game* g, int i, int kind, int n) noexcept nogil:
    """n counters of `kind` removed from permanent i as a cost (118.3: it has that many; off the
    payment step's path)."""
    g.perms[i].counters[kind] -= n
    power_may_fall(g)


cdef void pay_other_costs(Rules* R, Spec* S, Game* g, int i, Activated* a, int who) noexcept nogil:
    """The parts of permanent i's ability `a` that are paid with other cards and permanents:
    discarding a.discard_n cards (701.9a), then sacrificing a permanent its filter passes
    (701.21a), each chosen by the player (cards_to_discard, permanent_to_sacrifice)."""
    cdef int j
    discard_chosen(R, S, g, i, who, a.discard_n, False, False)
    if a.sacrifice_filter >= 0:
        j = permanent_to_sacrifice(R, S, g, a.sacrifice_filter, i, who)
        if j >= 0:
            leave_to_graveyard(g, j)


cdef int discard_chosen(Rules* R, Spec* S, Game* g, int source, int who, int n, bint may, bint traced) noexcept nogil:
    """Player `who` discards n cards (701.9a) for permanent `source`'s cost (-1: an effect, `traced`),
    those cards_to_discard chooses (`may`: an optional discard, which may be declined); returns how
    many. The one place cards are discarded by choice."""
    cdef int q, m
    cdef int32_t chosen[MAXHAND]
    m = cards_to_discard(R, S, g, source, who, n, may, chosen)
    for q in range(m):                  # (from the last index down: the ones left keep theirs)
        if traced:
            trace_moved(g, OP_DISCARD, g.front[g.hand[who][chosen[q]]], Z_HAND, Z_GRAVEYARD, who)
        discard_card(R, g, who, chosen[q])
    return m


cdef inline int cycling_row(Rules* R, int row) noexcept nogil:
    """The ACTIVATED row of card `row`'s ability from the hand (its last row, from_hand): cycling
    (702.29a), or putting it onto the battlefield (puts_itself); -1 if it has none."""
    cdef Card* c = &R.cards[row]
    if c.n_activated and R.activated[c.activated_first + c.n_activated - 1].from_hand:
        return c.activated_first + c.n_activated - 1
    return -1


cdef inline bint puts_itself(Rules* R, int row) noexcept nogil:
    """Is card `row`'s ability from the hand (cycling_row) "Put ~ from your hand onto the
    battlefield" (hand_to_battlefield, 113.6m: the card stays in the hand until it resolves), not
    a cycling discarding it?"""
    cdef Effect* e = &R.effects[R.activated[cycling_row(R, row)].effect]
    return e.n_ops > 0 and R.ops[e.op_first].code == OP_HAND_TO_BATTLEFIELD


cdef void discard_card(Rules* R, Game* g, int who, int k) noexcept nogil:
    """Player `who` discards the card at index k of their hand: into their graveyard (701.9a;
    a double-faced card as its front face, 712.8a). The last card of the hand takes index k."""
    card_to_graveyard(R, g, who, g.front[take_from_hand(R, g, who, k)])


cdef int take_from_hand(Rules* R, Game* g, int who, int k) noexcept nogil:
    """The card at index k of player who's hand taken out of it (the last card of the hand
    takes index k): its row."""
    cdef int row = g.hand[who][k]
    if who == 0:
        remove_from_hand(R, g, k)
    else:
        g.hand[1][k] = g.hand[1][g.hand_n[1] - 1]
        g.hand_n[1] -= 1
        g.bi.hand_size[1] = g.hand_n[1]
        g.gen += 1
    return row


cdef void cycle_card(Rules* R, Spec* S, Game* g, Rng* rng, int who, int k) noexcept nogil:
    """Player `who` cycles the card at index k of their hand (702.29a), its mana paid: the
    rest of the cost, discarding it (into the graveyard), then the ability resolves — draw a
    card, or a typecycling's search for a card of its type into the hand (702.29e; the search
    shuffles the library). An ability putting the card onto the battlefield (puts_itself) has
    no rest of its cost: it resolves."""
    cdef int row = g.hand[who][k]
    if not puts_itself(R, row):         # (its effect takes it from the hand as it resolves, 113.6m)
        discard_card(R, g, who, k)      # (discard_self: paid here, the card not being a permanent)
    run_ops(R, S, g, rng, R.activated[cycling_row(R, row)].effect, -1, -1, 0, who)
    state_based_actions(R, S, g, rng)


cpdef enum ActivationFault:      # why a non-mana ability can't be activated now (activation_fault)
    AF_NONE = 0
    AF_TAPPED = 1                # {T} of a tapped permanent (107.5)
    AF_UNTAPPED = 2              # {Q} of an untapped one (107.6)
    AF_SICK = 3                  # {T} or {Q} of a summoning-sick creature (302.6)
    AF_TIMING = 4                # "activate only as a sorcery" off its controller's turn (602.5d)
    AF_LIFE = 5                  # more life to pay than its controller has (119.4)
    AF_CONDITION = 6             # its "activate only ..." condition doesn't hold (602.5)
    AF_COUNTERS = 7              # fewer counters on it than its cost removes (118.3)
    AF_SACRIFICE = 8             # no permanent its cost may sacrifice (118.3, 701.21a)
    AF_DISCARD = 9               # fewer cards in hand than its cost discards (118.3, 701.9a)
    AF_TARGET = 10               # no card in the graveyard its effect may target (601.2c, 602.2b)
    AF_LOYALTY = 11              # a loyalty ability of it was activated this turn already (606.3)


cdef inline int activation_fault(Rules* R, Game* g, Board* b, int i, Activated* a) noexcept nogil:
    """The first rule that stops permanent i's ability `a` being activated now, AF_NONE if none
    (its mana cost aside: the payment's to find)."""
    cdef uint16_t flags = g.perms[i].flags
    if a.tap and flags & PF_TAPPED:
        return AF_TAPPED
    if a.untap and not (flags & PF_TAPPED):
        return AF_UNTAPPED
    if (a.tap or a.untap) and summoning_sick(R, g, b, i):
        return AF_SICK
    if (a.sorcery_speed or a.loyalty_ability) and g.perms[i].controller != g.bi.active:   # (in a main
        return AF_TIMING                         # phase, the stack empty: the only times here; 606.3)
    if a.remove_n and g.perms[i].counters[a.remove_kind] < a.remove_n:
        return AF_COUNTERS
    if unlikely(a.loyalty_ability):
        if flags & PF_LOYALTY_USED:
            return AF_LOYALTY
        if g.perms[i].counters[<int>CK_LOYALTY] + a.loyalty < 0:     # (606.6: its cost can't be paid)
            return AF_COUNTERS
    if a.condition >= 0 and not condition_holds(R, b, i, a.condition):
        return AF_CONDITION
    if a.life > g.bi.life[g.perms[i].controller]:
        return AF_LIFE
    if unlikely(a.discard_n | (a.sacrifice_filter + 1)):
        if a.discard_n > g.bi.hand_size[g.perms[i].controller]:
            return AF_DISCARD
        if a.sacrifice_filter >= 0 and not filter_count_upto(R, b, a.sacrifice_filter, i, g.perms[i].controller, 1):
            return AF_SACRIFICE
    if unlikely(g.lists_graveyard) and not graveyard_has_targets(R, g, a.effect, g.perms[i].controller, -1):
        return AF_TARGET
    return AF_NONE


cdef void resolve_activation(Rules* R, Spec* S, Game* g, Rng* rng, int i, int k, int target) noexcept nogil:
    """Permanent i's non-mana activated ability k (602), its mana paid: the rest of its cost is
    paid ({T} — already marked if the payment had to leave it out —, {Q}, life: the caller checked
    activation_fault, sacrificing it: 602.2b), then it resolves on `target` (-1: on its source), after the
    "whenever this becomes tapped" abilities the cost triggered (603.3). A sacrificed source is
    read as it last existed (608.2h). An ability whose target has gone doesn't resolve
    (608.2b)."""
    cdef Activated* a = &R.activated[R.cards[g.perms[i].card].activated_first + k]
    cdef int object_id = g.perms[i].object_id, who = g.perms[i].controller
    cdef int target_id = g.perms[target].object_id if target >= 0 else -1
    if a.condition >= 0 and R.conditions[a.condition].once_flag:
        mark(g, i, R.conditions[a.condition].once_flag)     # (602.5b: once each turn)
    pay_cost(R, S, g, i, a, who, 0, -1)                     # (i may have moved: found again below)
    board_changed(g)
    if g.n_tapped:
        tapped_triggers(R, S, g, rng)
    if unlikely(a.loyalty < 0):                 # (704.5i before it resolves, 117.5: a planeswalker
        state_based_actions(R, S, g, rng)       # left with no loyalty goes; the ability still resolves)
    i = find_object(g, object_id)
    if a.sacrifice_self and i >= 0:             # (pay_cost's answer: the rows have moved since)
        leave_to_graveyard(g, i)
        i = -1
    if target_id < 0:
        run_ops(R, S, g, rng, a.effect, i, i, 0, who)
    elif find_object(g, target_id) >= 0:
        run_ops(R, S, g, rng, a.effect, find_object(g, target_id), i, 0, who)
    state_based_actions(R, S, g, rng)

# The library's top and its searches, written once for the goldfish and a Scenario's game
# (GameState): searching the library for a land or a card (701.23), scry and surveil (701.22a,
# 701.25a), looking at the top N and taking some (401.2), the rest put on the bottom or into the
# graveyard (put_rest), rearranging the top (401.4) and cards put back from the hand. The
# choices inside them are asked of choices.pxi (the land or card searched for, the cards kept on
# top, the cards a look takes, their order), never of the play policy. Moved out of actions.pxi
# (run_ops carries these effects out).
# Uses base, counts, game, kept, zones, actions, and, included after it, choices
# (land_to_search, card_to_search, keeps_on_top, goes_to_hand, revealed_to_hand, order_on_top,
# cards_to_top).

cdef inline bint land_searched_for(Rules* R, Op* op, int row) noexcept nogil:
    """Is card `row` a land the search (OP_SEARCH_LAND op) looks for: one passing its FILTER
    row (a basic land, or one of the named types, basic if the search says so)?"""
    return card_passes(R, &R.filters[op.arg], row)


cdef inline bint searched_for(Rules* R, Op* op, int row, int x) noexcept nogil:
    """Is card `row` one a search (OP_SEARCH_LAND, OP_SEARCH_CARD op) looks for: passing its FILTER row, and
    of mana value x or less if it says so (OF_MANA_VALUE_AT_MOST_X: Green Sun's Zenith's, x its X, 107.3)?"""
    return card_passes(R, &R.filters[op.arg], row) and (
        not (op.flags & OF_MANA_VALUE_AT_MOST_X) or R.cards[row].mana_value <= x)


cdef bint search_finds(Rules* R, Game* g, Op* e, int who) noexcept nogil:
    """Would player `who`'s search for a land (search_land, by OP_SEARCH_LAND op `e`) find one: is one in their library
    (in the goldfish, its unseen part and the cards a mulligan put on its bottom)?"""
    cdef int k
    for k in range(g.lib_n[who]):
        if land_searched_for(R, e, g.library[who][k]):
            return True
    if not g.scenario:
        for k in range(g.bottom_next, g.bottom_n):
            if land_searched_for(R, e, g.bottom[k]):
                return True
    return False


cdef int lands_controlled(Rules* R, Game* g, int who) noexcept nogil:
    """The lands player `who` controls."""
    cdef int j, n = 0
    for j in range(g.n):
        n += (types_of(R, &g.perms[j]) & CT_LAND) != 0 and g.perms[j].controller == who
    return n


cdef void search_land(Rules* R, Spec* S, Game* g, Rng* rng, Op* e, bint to_battlefield,
                      int who) noexcept nogil:
    """Player `who` searches their library for a basic land (or one of the named land types)
    (701.23) and puts it onto the battlefield or into their hand: in a Scenario's game the
    first from the top (the player's choice); in the goldfish one of the library's unseen part,
    then of the cards a mulligan put on its bottom (103.5: they are in it too), of the kind the
    player chooses (land_to_search), else the first found."""
    cdef int row, i, want = -1
    if not g.scenario:
        forget_top(g)                    # (the library is shuffled after: its top is unknown)
        want = land_to_search(R, S, g, e, to_battlefield)
    row = take_searched(R, g, e, want, who, 0)
    if row < 0:
        return
    trace(g, TR_SEARCH, row, to_battlefield)
    if to_battlefield:
        g.entering_tapped = (e.flags & OF_TAPPED) != 0
        i = add_permanent(R, g, row, False, 0, who)
        g.entering_tapped = False
        if i >= 0 and e.flags & OF_TAPPED:
            set_flags(g, i, g.perms[i].flags | PF_TAPPED)
            if e.flags & OF_UNTAP_WITH_FOUR_LANDS and lands_controlled(R, g, who) >= 4:
                set_flags(g, i, g.perms[i].flags & ~PF_TAPPED)    # ("Then if you control four or more lands, ...")
        board_changed(g)
        if i >= 0:                       # its enters abilities (603.6a: a bounce land's too)
            enters_triggers(R, S, g, rng, i, False, 0)
    else:
        put_in_hand(g, who, row)
    board_changed(g)


cdef int take_searched(Rules* R, Game* g, Op* e, int want, int who, int x) noexcept nogil:
    """The card player `who`'s search (701.23, by op `e`: its FILTER row; x the spell's X) finds, taken out of
    their library:
    in a Scenario's game the first from the top (the player's choice); in the goldfish card row `want` (the
    player's choice) or, -1, the first found, of the library's unseen part, then of the cards a mulligan put on
    its bottom (103.5: they are in it too). -1 if none is found."""
    cdef int k, row = -1
    if g.scenario:
        for k in range(g.lib_n[who] - 1, -1, -1):
            if searched_for(R, e, g.library[who][k], x):
                row = g.library[who][k]
                memmove(&g.library[who][k], &g.library[who][k + 1], (g.lib_n[who] - k - 1) * sizeof(int32_t))
                g.lib_n[who] -= 1
                return row
        return -1
    for k in range(g.lib_n[0]):
        if g.library[0][k] == want or (want < 0 and searched_for(R, e, g.library[0][k], x)):
            row = g.library[0][k]
            g.library[0][k] = g.library[0][g.lib_n[0] - 1]
            g.lib_n[0] -= 1
            return row
    for k in range(g.bottom_next, g.bottom_n):
        if g.bottom[k] == want or (want < 0 and searched_for(R, e, g.bottom[k], x)):
            row = g.bottom[k]
            memmove(&g.bottom[k], &g.bottom[k + 1], (g.bottom_n - k - 1) * sizeof(int32_t))
            g.bottom_n -= 1
            return row
    return -1


cdef void search_card(Rules* R, Spec* S, Game* g, Rng* rng, Op* e, int who, int x) noexcept nogil:
    """Player `who` searches their library for a card passing op e's FILTER row (701.23: Urza's Saga's "an
    artifact card with mana cost {0} or {1}"; Demonic Tutor's "a card") and puts it into their hand
    (OF_TO_HAND), or onto the battlefield, its enters abilities triggering (603.6a): the one they choose
    (card_to_search; a Scenario's, the first from the top); x: the spell's X, for "mana value X or less"."""
    cdef int want = -1, row, i
    cdef bint to_hand = (e.flags & OF_TO_HAND) != 0
    if not g.scenario:
        forget_top(g)                    # (the library is shuffled after: its top is unknown)
        want = card_to_search(R, S, g, e, to_hand, x)
    row = take_searched(R, g, e, want, who, x)
    if row < 0:
        return
    trace(g, TR_SEARCH, row, not to_hand)
    if to_hand:
        put_in_hand(g, who, row)
        board_changed(g)
        return
    i = add_permanent(R, g, row, False, 0, who)
    board_changed(g)
    if i >= 0:
        enters_triggers(R, S, g, rng, i, False, 0)


MAX_LOOK = MAXLOOK        # cards one scry or surveil looks at (_records.pxd: vocabulary.MAX_LOOK)


cdef void look_at_top(Rules* R, Spec* S, Game* g, Rng* rng, int who, int n, bint surveil) noexcept nogil:
    """Player `who` scries n (701.22a) or surveils n (701.25a): looks at the top n cards of
    their library (all of them if it has fewer; none for 0, 701.22b, 701.25c), then puts each
    on top or not — the player's choice, card by card from the top (keeps_on_top). The cards not
    kept go to the bottom (scry: the first looked at above the next) or into the graveyard
    (surveil); those kept go back on top in the order they were (an order is a choice too:
    this one is the simulator's)."""
    cdef int32_t seen[MAXLOOK]
    cdef uint8_t keep[MAXLOOK]
    cdef int m = take_looked_at(R, g, rng, who, n, seen), k, kept_lands = 0   # (kept_lands: keeps_on_top)
    if m == 0:
        return
    trace(g, TR_LOOK, -1, m | (surveil << 8))
    for k in range(m):
        keep[k] = keeps_on_top(R, S, g, seen[k], &kept_lands)
        trace(g, TR_LOOKED, seen[k], keep[k])
    for k in range(m - 1, -1, -1):        # (the first looked at back on top last)
        if keep[k]:
            put_on_top(g, who, seen[k])
    for k in range(m):
        if not keep[k]:
            if surveil:
                card_to_graveyard(R, g, who, seen[k])
            else:
                put_on_bottom(g, who, seen[k])
    g.gen += 1


cdef int take_looked_at(Rules* R, Game* g, Rng* rng, int who, int n, int32_t* seen) noexcept nogil:
    """The top n cards of player who's library (at most MAXLOOK; all of them if it has fewer),
    taken out of it into `seen`, the top one first, to be looked at: how many."""
    cdef int m = 0, row
    while m < n and m < MAXLOOK:
        row = take_top(R, g, rng, who)
        if row < 0:
            break
        seen[m] = row
        m += 1
    return m


cdef void look_to_hand(Rules* R, Spec* S, Game* g, Rng* rng, int who, int n, int k, int flags) noexcept nogil:
    """Player `who` looks at the top n cards of their library (all of them if it has fewer;
    401.2: the effect lets them) and puts k of them into their hand (all if fewer), the rest on
    the bottom of their library "in any order" (Impulse), or "in a random order" (OF_RANDOM_ORDER),
    in that order (608.2c). Which k is the player's choice (goes_to_hand); the rest as put_rest
    puts them."""
    cdef int32_t seen[MAXLOOK]
    cdef uint8_t taken[MAXLOOK]
    cdef int m = take_looked_at(R, g, rng, who, n, seen), q, pick
    if m == 0:
        return
    memset(taken, 0, sizeof(taken))
    for q in range(min(k, m)):
        pick = goes_to_hand(R, S, g, seen, taken, m)
        taken[pick] = 1
        put_in_hand(g, who, seen[pick])
    if g.scenario and bits_set(places_given(g)) > min(k, m):    # (more places given than it takes)
        note_illegal_choice(g, CH_TO_HAND, CF_TOO_MANY, bits_set(places_given(g)), -1, min(k, m))
    put_rest(R, g, rng, who, OP_LOOK_TO_HAND, seen, taken, m, flags)


cdef void look_reveal(Rules* R, Spec* S, Game* g, Rng* rng, int who, int n, Filter* f, int flags,
                      bint each_type) noexcept nogil:
    """Player `who` looks at (or reveals: 701.20a; the goldfish's opponent does nothing with what it
    sees) the top n cards of their library (all of them if it has fewer; 401.2: the effect lets
    them), may put one card that passes filter f (NULL: any card; and is colorless with OF_COLORLESS,
    105.2c) from among them into their hand, or any number of such cards (OF_ANY_NUMBER), or, for each
    card type, a card of that type (`each_type`: Atraxa's; a card taken stands for one of its types,
    type_taken_for), then puts the rest on the bottom of their library "in any order" (the first looked
    at above the next, as scry's), or into their graveyard (OF_REST_TO_GRAVEYARD), in that order
    (608.2c). Which cards, and whether any, is the player's choice (revealed_to_hand)."""
    cdef int32_t seen[MAXLOOK]
    cdef uint8_t taken[MAXLOOK]
    cdef uint8_t may_take[MAXLOOK]
    cdef int m = take_looked_at(R, g, rng, who, n, seen), q, pick
    cdef uint16_t used = 0                 # (each_type: the card types taken for)
    if m == 0:
        return
    memset(taken, 0, sizeof(taken))
    for q in range(m):
        may_take[q] = (f == NULL or card_passes(R, f, seen[q])) and (
            not (flags & OF_COLORLESS) or R.cards[seen[q]].colors == 0)
    while True:
        pick = revealed_to_hand(R, S, g, seen, taken, may_take, m)
        if pick < 0:
            break
        taken[pick] = 1
        put_in_hand(g, who, seen[pick])
        if each_type:
            used |= type_taken_for(R, seen, taken, m, pick, used)
            for q in range(m):
                may_take[q] = (R.cards[seen[q]].types & ~used) != 0
        elif not (flags & OF_ANY_NUMBER):
            break
    if g.scenario and not (flags & OF_ANY_NUMBER) and not each_type and bits_set(places_given(g)) > 1:   # (one card)
        note_illegal_choice(g, CH_TO_HAND, CF_TOO_MANY, bits_set(places_given(g)), -1, 1)
    put_rest(R, g, rng, who, OP_LOOK_REVEAL, seen, taken, m, flags)


cdef uint16_t type_taken_for(Rules* R, int32_t* seen, uint8_t* taken, int m, int pick, uint16_t used) noexcept nogil:
    """The card type (205.2a) card `pick` of a look, just taken, stands for ("For each card type, you may put
    a card of that type ...": one of its types not `used` yet): the one the fewest cards still there have, so
    that the others may still be taken for theirs (Scenario's choice and the goldfish's alike)."""
    cdef uint16_t t, best = 0
    cdef int q, k, n, fewest = MAXLOOK + 1
    for k in range(16):
        t = <uint16_t>(1 << k)
        if not (R.cards[seen[pick]].types & t) or used & t:
            continue
        n = 0
        for q in range(m):
            n += not taken[q] and (R.cards[seen[q]].types & t) != 0
        if n < fewest:
            best, fewest = t, n
    return best


cdef void put_rest(Rules* R, Game* g, Rng* rng, int who, int code, int32_t* seen, uint8_t* taken, int m,
                   int flags) noexcept nogil:
    """The m cards `seen` by a look (the top first) that were not `taken` into the hand go into
    player who's graveyard (OF_REST_TO_GRAVEYARD), or on the bottom of their library "in any
    order" -- a choice, this one the simulator's: the first looked at above the next, as scry's --
    or "in a random order" (OF_RANDOM_ORDER: an order no player chooses, in_random_order). Each is
    traced in the order looked at (a replay reads the places taken off it), a random order not."""
    cdef int32_t rest[MAXLOOK]
    cdef int q, n = 0
    for q in range(m):
        trace_moved(g, code, seen[q], Z_LIBRARY, Z_HAND if taken[q] else Z_GRAVEYARD
                    if flags & OF_REST_TO_GRAVEYARD else Z_LIBRARY_BOTTOM, who)
        if taken[q]:
            continue
        if flags & OF_REST_TO_GRAVEYARD:
            card_to_graveyard(R, g, who, seen[q])
        elif flags & OF_RANDOM_ORDER:
            rest[n] = seen[q]
            n += 1
        else:
            put_on_bottom(g, who, seen[q])
    in_random_order(g, rng, rest, n)
    for q in range(n):
        put_on_bottom(g, who, rest[q])
    g.gen += 1


cdef void in_random_order(Game* g, Rng* rng, int32_t* rows, int n) noexcept nogil:
    """The n cards `rows` put in a random order (Fisher-Yates): the goldfish's drawn from its
    random generator; a Scenario's game (rng NULL) draws it from a hash of the game, as its
    shuffle does (shuffle_library), the same for the same game, which the caller can't choose."""
    cdef uint64_t z = mtgsim_mix64(<uint64_t>g.next_id * 0x9e3779b97f4a7c15ULL + <uint64_t>n)
    cdef int k, j
    cdef int32_t row
    for k in range(n - 1, 0, -1):
        if rng != NULL:
            j = <int>bounded(rng, <uint32_t>(k + 1))
        else:
            z = mtgsim_mix64(z + <uint64_t>k)
            j = <int>(z % <uint64_t>(k + 1))
        row = rows[k]
        rows[k] = rows[j]
        rows[j] = row


cdef void rearrange(Rules* R, Spec* S, Game* g, Rng* rng, int who, int n, bint may_shuffle) noexcept nogil:
    """Player `who` looks at the top n cards of their library (all of them if it has fewer; 401.2:
    the effect lets them) and puts them back on top in any order (401.4: the player's, by
    order_on_top), or, if the effect lets them ("You may shuffle": Ponder), shuffles the library
    instead (701.24a: shuffle_library), the cards looked at in it."""
    cdef int32_t seen[MAXLOOK]
    cdef int32_t order[MAXLOOK]
    cdef int m = take_looked_at(R, g, rng, who, n, seen), q
    cdef bint shuffled
    if m == 0:
        return
    shuffled = order_on_top(R, S, g, seen, m, may_shuffle, order)
    for q in range(m - 1, -1, -1):        # (the card to be on top put back last)
        trace_moved(g, OP_REARRANGE, seen[order[q]], Z_LIBRARY, Z_LIBRARY, who)
        put_on_top(g, who, seen[order[q]])
    if shuffled:
        shuffle_library(g, rng, who)
    g.gen += 1


cdef void hand_to_top(Rules* R, Spec* S, Game* g, int who, int n) noexcept nogil:
    """Player `who` puts n cards from their hand on top of their library in any order (401.4;
    as many as the hand holds): which, and the order, the player's (cards_to_top), the last one
    put on top."""
    cdef int32_t chosen[MAXHAND]
    cdef int32_t rows[MAXHAND]
    cdef int q, k, m = cards_to_top(R, S, g, who, n, chosen)
    for q in range(m):
        rows[q] = g.hand[who][chosen[q]]
    for q in range(m):                    # (by row: taking a card moves the hand's last one)
        k = 0
        while g.hand[who][k] != rows[q]:
            k += 1
        take_from_hand(R, g, who, k)
        trace_moved(g, OP_HAND_TO_TOP, rows[q], Z_HAND, Z_LIBRARY, who)
        put_on_top(g, who, rows[q])
    g.gen += 1

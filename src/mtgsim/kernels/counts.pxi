# Counts, power and toughness: the numbers a card reads off the game (devotion, permanents of a
# kind, cards in hand, greatest power, X) and characteristic-defining power/toughness; the one
# filter of "permanents like X" (card_passes, permanent_passes) and its one count (filter_count,
# filter_count_upto for "at least N").
# Uses no other room.

# ---- the one filter and its count ------------------------------------------------------------

cdef inline bint characteristics_pass(Filter* f, uint16_t types, uint8_t supertypes, uint64_t subtypes,
                                      uint8_t colors) noexcept nogil:
    """Do these types, supertypes, subtypes and colours (205, 105.2) pass filter f? Every part
    given holds."""
    return ((f.types == 0 or (types & f.types) != 0) and (types & f.not_types) == 0
            and (f.supertypes == 0 or (supertypes & f.supertypes) != 0)
            and (f.subtypes == 0 or (subtypes & f.subtypes) != 0)
            and (f.colors == 0 or (colors & f.colors) != 0))


cdef inline bint card_passes(Rules* R, Filter* f, int card) noexcept nogil:
    """Do the card's own characteristics (CARD row `card`, as in a hand or a library) pass
    filter f?"""
    cdef Card* c = &R.cards[card]
    return characteristics_pass(f, c.types, c.supertypes, c.subtypes, c.colors) and cost_passes(R, f, card)


cdef inline bint cost_passes(Rules* R, Filter* f, int card) noexcept nogil:
    """Does CARD row `card`'s mana cost pass f's cost parts (202.1: generic mana only, {0} up to
    {f.cost_below - 1}: no {X}, no other symbol; a card without a mana cost has none; 202.3: its mana
    value below f.mana_value_below)? Any, with none."""
    cdef Cost* k
    if f.mana_value_below and R.cards[card].mana_value >= f.mana_value_below:
        return False
    if f.cost_below == 0:
        return True
    if R.cards[card].cost < 0:
        return False
    k = &R.costs[R.cards[card].cost]
    return k.x == 0 and k.mana_value == k.generic and k.generic < f.cost_below


cdef inline bint characteristics_of_pass(Rules* R, Filter* f, Permanent* p) noexcept nogil:
    """Do permanent p's characteristics as they are now (types_of, ...: its card's and what
    effects on it change, 613) pass filter f?"""
    return characteristics_pass(f, types_of(R, p), supertypes_of(R, p), subtypes_of(R, p), colors_of(R, p)) and (
        cost_passes(R, f, p.card))                    # (its mana cost: its card's, 202.1)


cdef inline bint card_decides(Filter* f) noexcept nogil:
    """Does a permanent's card (card_passes) with its controller decide whether it passes f,
    whatever the board: no power or toughness asked (613: those change), not counted by name?"""
    return (f.min_power == -32768 and f.max_power == 32767 and f.min_toughness == -32768
            and f.max_toughness == 32767 and not f.same_name)


cdef inline bint controlled_by(Filter* f, int p, int who) noexcept nogil:
    """Is a permanent player p controls one f looks for, asked by player `who` (f.who)?"""
    return f.who == WHO_ANY or ((p == who) == (f.who == WHO_YOU))


cdef inline bint passes_on_board(Rules* R, Board* b, Filter* f, int i, int source, int who) noexcept nogil:
    """The parts of filter f besides its card's that permanent i passes, asked for object
    `source` (a row, -1: none) controlled by player `who`: on the battlefield (a phased-out one
    is treated as though it doesn't exist, 702.26b), controlled by the player f.who names
    (relative to `who`), not `source` itself if f.other, its power and toughness as they are
    now (613) in f's ranges."""
    cdef int v
    if not in_play(b, i) or (f.other and i == source) or not controlled_by(f, controller(b, i), who):
        return False
    if f.min_power != -32768 or f.max_power != 32767:
        v = power_of(R, b, i)
        if v < f.min_power or v > f.max_power:
            return False
    if f.min_toughness != -32768 or f.max_toughness != 32767:
        v = toughness_of(R, b, i)
        if v < f.min_toughness or v > f.max_toughness:
            return False
    return True


cdef bint permanent_passes(Rules* R, Board* b, Filter* f, int i, int source, int who) noexcept nogil:
    """Is permanent i one that filter f looks for, asked for object `source` (a row, -1: none)
    controlled by player `who`: its characteristics passing (characteristics_of_pass), and the
    rest passes_on_board?"""
    return characteristics_of_pass(R, f, &b.perms[i]) and passes_on_board(R, b, f, i, source, who)


cdef inline bint characteristics_pass_row(Rules* R, int row, Permanent* p) noexcept nogil:
    """characteristics_of_pass of FILTER row `row` for permanent p: its card's answer read off
    R.card_filters for the first 64 rows (one load in filter_count's loop, not a test of each
    part), unless it has a land type its card doesn't (Permanent.land_type: tested part by part)."""
    if row < 64 and not p.land_type:
        return (R.card_filters[characteristics_row(p)] >> row) & 1
    return characteristics_of_pass(R, &R.filters[row], p)


cdef int filter_count_upto(Rules* R, Board* b, int row, int source, int who, int enough) noexcept nogil:
    """How many permanents pass FILTER row `row` (permanent_passes) for object `source`
    controlled by `who` — the one count of "you control N permanents like X" (602.5, 508.1c,
    614.1c, 208.2); with f.same_name, the most of them of one name (copies of one CARD row).
    Counting stops once it reaches `enough`: a rule asking for at least that many reads no
    further (a creature's power is worked out only as far as needed)."""
    cdef Filter* f = &R.filters[row]
    cdef int i, k, n = 0, most = 0, same
    if not f.same_name:
        for i in range(b.n):
            if characteristics_pass_row(R, row, &b.perms[i]) and passes_on_board(R, b, f, i, source, who):
                n += 1
                if n >= enough:
                    break
        return n
    for i in range(b.n):
        if permanent_passes(R, b, f, i, source, who):
            same = 0
            for k in range(i + 1):
                if b.perms[k].card == b.perms[i].card and permanent_passes(R, b, f, k, source, who):
                    same += 1
            most = max(most, same)
            if most >= enough:
                break
    return most


cdef inline int filter_count(Rules* R, Board* b, int row, int source, int who) noexcept nogil:
    """How many permanents pass FILTER row `row` for object `source` controlled by `who`: all
    of them counted (filter_count_upto)."""
    return filter_count_upto(R, b, row, source, who, b.n + 1)


cdef void fill_card_filters(Rules* R, uint64_t* out) noexcept nogil:
    """R.card_filters: per card, bit k set if it passes FILTER row k (card_passes), k < 64."""
    cdef int card, k
    for card in range(R.n_cards):
        out[card] = 0
        for k in range(min(R.n_filters, 64)):
            if card_passes(R, &R.filters[k], card):
                out[card] |= (<uint64_t>1) << k


# ---- counts, power and toughness ---------------------------------------------------------

cdef int devotion(Rules* R, Board* b, int player, unsigned int colorbit) noexcept nogil:
    """Mana symbols of that colour among the mana costs of permanents `player` controls."""
    cdef int each[5]
    cdef int t = type_index(colorbit)
    if t < 0 or t > 4:
        return 0
    devotions(R, b, player, each)
    return each[t]


cdef void devotions(Rules* R, Board* b, int player, int* each) noexcept nogil:
    """devotion to each colour at once (each[t] for colour bit 1 << t, W U B R G): one pass
    over the board, for "devotion to that color" asked of every colour (Nykthos)."""
    cdef int i, k, t
    cdef unsigned int colors
    cdef Card* c
    cdef Cost* cost
    for t in range(5):
        each[t] = 0
    for i in range(b.n):
        if controller(b, i) != player or not in_play(b, i):
            continue
        c = card_of(R, b, i)
        if c.cost < 0:
            continue
        cost = &R.costs[c.cost]
        for t in range(5):
            each[t] += cost.pips[t] + cost.phyrexian[t] + cost.mono_hybrid[t] + cost.colorless_hybrid[t]
        for k in range(cost.n_hybrid):
            colors = R.hybrids[cost.hybrid_first + k].colors
            for t in range(5):
                each[t] += (colors >> t) & 1


cdef int eval_count(Rules* R, Board* b, int row, int self_i, int player, int x) noexcept nogil:
    """The value of COUNT row `row` for an object controlled by `player` (this object: self_i)."""
    cdef Count* c = &R.counts[row]
    cdef int i, p, best
    if c.what == CO_PERMANENTS:
        return filter_count(R, b, c.filter, self_i, player)
    if c.what == CO_CARDS_IN_HAND:
        return b.bi.hand_size[player]
    if c.what == CO_DEVOTION:
        if c.color == MT_CHOSEN:
            return devotion(R, b, player, b.perms[self_i].chosen_color) if self_i >= 0 else 0
        return devotion(R, b, player, c.color)
    if c.what == CO_COUNTERS_ON_SELF:
        return b.perms[self_i].counters[c.counter] if self_i >= 0 else 0
    if c.what == CO_GREATEST_POWER:
        best = 0
        for i in range(b.n):
            if in_play(b, i) and controller(b, i) == player and is_type(R, b, i, CT_CREATURE):
                p = power_of(R, b, i)
                if p > best:
                    best = p
        return best
    if c.what == CO_X:
        return x
    if c.what == CO_POWER:             # (as it is now: counters and * counted, 613)
        return max(power_of(R, b, self_i), 0) if self_i >= 0 else 0
    if c.what == CO_TOUGHNESS:
        return max(toughness_of(R, b, self_i), 0) if self_i >= 0 else 0
    if c.what == CO_CARDS_IN_GRAVEYARD:
        return graveyard_count(&R.filters[c.filter], b.bi, player)
    if c.what == CO_CARD_TYPES_IN_GRAVEYARD:
        return graveyard_card_types(&R.filters[c.filter], b.bi, player)
    return 0


cdef bint graveyard_has_each(BoardInfo* bi, int player, int types) noexcept nogil:
    """Is there a card of each of CardTypeBits `types` in the player's graveyard ("an instant
    card and a sorcery card": Flow State), by its kept counts (put_in_graveyard)?"""
    cdef int t
    for t in range(N_CARD_TYPES):
        if (types >> t) & 1 and bi.graveyard_types[player][t] == 0:
            return False
    return True


cdef int graveyard_count(Filter* f, BoardInfo* bi, int player) noexcept nogil:
    """The cards in the graveyards of the players FILTER row `f` names (its `who`, relative to
    `player`) of any of its card types (none: every card), read off their kept counts
    (BoardInfo.graveyard_n, graveyard_types: put_in_graveyard). A sum over types: exact, since a
    count names more than one type only of instants and sorceries, which no card is both of
    (cards/model.py, Count)."""
    cdef int w, t, n = 0
    for w in range(2):
        if f.who == WHO_ANY or (w == player) == (f.who == WHO_YOU):
            if f.types == 0:
                n += bi.graveyard_n[w]
            for t in range(N_CARD_TYPES):
                if (f.types >> t) & 1:
                    n += bi.graveyard_types[w][t]
    return n


cdef int graveyard_card_types(Filter* f, BoardInfo* bi, int player) noexcept nogil:
    """The card types among the cards in the graveyards of the players FILTER row `f` names (its
    `who`, relative to `player`): each counted once, however many cards have it (205.2a: "the
    number of card types among cards in all graveyards"), read off the kept counts."""
    cdef int w, t, n = 0
    cdef bint found
    for t in range(N_CARD_TYPES):
        found = False
        for w in range(2):
            if (f.who == WHO_ANY or (w == player) == (f.who == WHO_YOU)) and bi.graveyard_types[w][t] > 0:
                found = True
        n += found
    return n


cdef inline int eval_amount(Rules* R, Board* b, Amount a, int self_i, int player, int x) noexcept nogil:
    if a.count >= 0:
        return a.fixed + eval_count(R, b, a.count, self_i, player, x)
    return a.fixed


cdef int pt_value(Rules* R, Board* b, int i, int printed, bint star, int bonus) noexcept nogil:
    """Power or toughness: its base (printed, plus what * counts, 613.4a; or what an effect
    set, 613.4b: characteristics_row), +1/+1 and -1/-1 counters, and other effects (613.4c)."""
    cdef Permanent* p = &b.perms[i]
    cdef int star_row = R.cards[characteristics_row(p)].star
    cdef int v = printed
    if star and star_row >= 0:
        v += eval_count(R, b, star_row, i, p.controller, 0)
    return v + p.counters[<int>CK_P1P1] - p.counters[<int>CK_M1M1] + bonus


cdef inline int power_of(Rules* R, Board* b, int i) noexcept nogil:
    """Its power as it is now (613.4)."""
    cdef Card* c = &R.cards[characteristics_row(&b.perms[i])]
    return pt_value(R, b, i, c.power, c.power_star, b.perms[i].power_bonus)


cdef inline int toughness_of(Rules* R, Board* b, int i) noexcept nogil:
    """Its toughness as it is now (613.4)."""
    cdef Card* c = &R.cards[characteristics_row(&b.perms[i])]
    return pt_value(R, b, i, c.toughness, c.toughness_star, b.perms[i].toughness_bonus)

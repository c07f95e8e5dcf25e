# Random numbers (a chunk's numpy bit generator, stepped inline), the hand, the library and the
# graveyard: adding and removing hand cards, a card put into or leaving a graveyard (its counts),
# draws (504.1) and the London mulligan (103.5), its hands dealt as seven draws or by Arena's
# best-of-one hand smoother (deal_hand).
# Uses base, game, and, included after it, keep.

cdef extern from *:
    """
    #if defined(__SIZEOF_INT128__)
    /* numpy's PCG64 step (XSL-RR output of the stepped 128-bit LCG state), on the state
       words {state lo, state hi, inc lo, inc hi}; checked against numpy before use. */
    static inline uint64_t mtgsim_pcg64_next(uint64_t* s) {
        const __uint128_t mult = (((__uint128_t)0x2360ed051fc65da4ULL) << 64) | 0x4385df649fccf645ULL;
        __uint128_t state = (((__uint128_t)s[1]) << 64) | s[0];
        __uint128_t inc = (((__uint128_t)s[3]) << 64) | s[2];
        uint64_t hi, x;
        unsigned rot;
        state = state * mult + inc;
        s[0] = (uint64_t)state;
        s[1] = hi = (uint64_t)(state >> 64);
        x = hi ^ s[0];
        rot = (unsigned)(hi >> 58);
        return (x >> rot) | (x << ((64u - rot) & 63u));
    }
    #define MTGSIM_PCG64_INLINE 1
    #else
    static inline uint64_t mtgsim_pcg64_next(uint64_t* s) { (void)s; return 0; }
    #define MTGSIM_PCG64_INLINE 0
    #endif
    static inline uint64_t mtgsim_mix64(uint64_t z) {     /* SplitMix64's finalizer */
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    /* Game k's stream: the chunk's PCG64 state words `base` moved to a point of the LCG's
       cycle hashed from (base, k); the increment (the stream) is kept. */
    static inline void mtgsim_game_stream(uint64_t* s, const uint64_t* base, uint64_t k) {
        s[0] = mtgsim_mix64(base[0] ^ mtgsim_mix64(k + 0x9e3779b97f4a7c15ULL));
        s[1] = mtgsim_mix64(base[1] ^ mtgsim_mix64(~k));
        s[2] = base[2];
        s[3] = base[3];
    }
    """
    uint64_t mtgsim_pcg64_next(uint64_t* s) noexcept nogil
    uint64_t mtgsim_mix64(uint64_t z) noexcept nogil
    void mtgsim_game_stream(uint64_t* s, const uint64_t* base, uint64_t k) noexcept nogil
    int MTGSIM_PCG64_INLINE


cdef struct Rng:                 # a chunk's numpy bit generator
    bitgen_t* bg
    uint64_t* pcg                # its PCG64 state words, stepped inline; NULL: call bg


cdef void rng_init(Rng* r, bitgen_t* bg, bint is_pcg64) noexcept nogil:
    """Step a PCG64 inline if one step of ours matches numpy's exactly (then undone: the
    stream is untouched); else call the bit generator."""
    cdef uint64_t saved[4]
    cdef uint64_t after[4]
    cdef uint64_t* st
    cdef uint64_t a, b
    r.bg = bg
    r.pcg = NULL
    if not is_pcg64 or not MTGSIM_PCG64_INLINE:
        return
    st = (<uint64_t**>bg.state)[0]      # pcg64_state: its first member points at the state
    memcpy(saved, st, sizeof(saved))
    a = bg.next_uint64(bg.state)
    memcpy(after, st, sizeof(after))
    memcpy(st, saved, sizeof(saved))
    b = mtgsim_pcg64_next(st)
    if a == b and memcmp(after, st, sizeof(after)) == 0:
        r.pcg = st
    memcpy(st, saved, sizeof(saved))


cdef inline uint64_t next64(Rng* rng) noexcept nogil:
    if rng.pcg != NULL:
        return mtgsim_pcg64_next(rng.pcg)
    return rng.bg.next_uint64(rng.bg.state)


cdef inline uint32_t bounded(Rng* rng, uint32_t n) noexcept nogil:
    """A uniform integer in [0, n) (Lemire's method, as numpy does)."""
    cdef uint64_t m = (next64(rng) >> 32) * n
    cdef uint32_t low = <uint32_t>m
    cdef uint32_t threshold
    if low < n:
        threshold = (<uint32_t>(-n)) % n
        while low < threshold:
            m = (next64(rng) >> 32) * n
            low = <uint32_t>m
    return <uint32_t>(m >> 32)


cdef inline uint32_t bounded_in(Rng* rng, uint64_t* st, uint32_t n) noexcept nogil:
    """bounded(), with a PCG64's state words held in `st` (a local copy) when st is not NULL."""
    cdef uint64_t m = ((mtgsim_pcg64_next(st) if st != NULL else rng.bg.next_uint64(rng.bg.state)) >> 32) * n
    cdef uint32_t low = <uint32_t>m
    cdef uint32_t threshold
    if low < n:
        threshold = (<uint32_t>(-n)) % n
        while low < threshold:
            m = ((mtgsim_pcg64_next(st) if st != NULL else rng.bg.next_uint64(rng.bg.state)) >> 32) * n
            low = <uint32_t>m
    return <uint32_t>(m >> 32)


cdef inline void hand_add(Game* g, int row) noexcept nogil:
    """Card `row` is put into the hand (the caller checks there is room). Branch-free: the
    card drawn is random, a branch on it would be mispredicted half the time."""
    cdef int land = g.gf[row] & GF_LAND
    cdef int cnt = g.hand_count[row]
    cdef int new = cnt == 0
    cdef int n = g.n_rows[land]
    g.hand[0][g.hand_n[0]] = row
    g.hand_n[0] += 1
    g.rows[land][n] = row               # kept only if new (else overwritten later)
    g.hand_pos[row] = <uint8_t>(n if new else g.hand_pos[row])
    g.n_rows[land] = n + new
    g.hand_count[row] = <uint8_t>(cnt + 1)
    g.hand_lands += land
    g.gen += 1


cdef inline void hand_forget(Game* g, int row) noexcept nogil:
    """Bookkeeping for one copy of `row` leaving the hand (branch-free, as hand_add)."""
    cdef int land = g.gf[row] & GF_LAND
    cdef int cnt = g.hand_count[row] - 1
    cdef int gone = cnt == 0
    cdef int n = g.n_rows[land] - 1
    cdef int q = g.hand_pos[row]
    cdef int last = g.rows[land][n]
    g.hand_count[row] = <uint8_t>cnt
    g.hand_lands -= land
    g.rows[land][q] = last if gone else row            # the last row takes its place
    g.hand_pos[last] = <uint8_t>(q if gone else g.hand_pos[last])
    g.n_rows[land] = n + 1 - gone
    g.gen += 1


cdef void hand_clear(Game* g) noexcept nogil:
    """The hand is emptied (its cards go elsewhere)."""
    cdef int q, land
    for land in range(2):
        for q in range(g.n_rows[land]):
            g.hand_count[g.rows[land][q]] = 0
        g.n_rows[land] = 0
    g.hand_n[0] = g.hand_lands = 0
    g.gen += 1


cdef int first_in_hand(Game* g, int row) noexcept nogil:
    """The index of the first copy of `row` in the hand (it must be there)."""
    cdef int k = 0
    while g.hand[0][k] != row:
        k += 1
    return k


cdef inline void put_in_hand(Game* g, int who, int row) noexcept nogil:
    """Card `row` is put into player who's hand (GO_HAND if it is full)."""
    if g.hand_n[who] >= MAXHAND:
        g.over |= GO_HAND
        return
    if who == 0:
        hand_add(g, row)
    else:
        g.hand[1][g.hand_n[1]] = row
        g.hand_n[1] += 1
        g.gen += 1
    g.bi.hand_size[who] = g.hand_n[who]


cdef inline void count_in_graveyard(BoardInfo* bi, int types, int who, int by) noexcept nogil:
    """The counts of player who's graveyard (BoardInfo.graveyard_n, graveyard_types) as a card
    of CardTypeBits `types` is put into it (by 1) or leaves it (by -1): a card of two types is
    counted as each (205.2a). Branch-free: a few increments."""
    cdef int t
    bi.graveyard_n[who] += by
    for t in range(N_CARD_TYPES):
        bi.graveyard_types[who][t] += by * ((types >> t) & 1)


cdef inline void put_in_graveyard(Game* g, int who, int row) noexcept nogil:
    """Card `row` is put into player who's graveyard: the one place a card goes there (a spell
    resolving, 608.2n; a permanent dying or sacrificed, 700.4, 701.21a; a card discarded,
    milled or surveiled, 701.9a, 701.17a, 701.25a), counted (count_in_graveyard) while
    something reads the counts (Game.counts_graveyard), the card itself kept (Game.graveyard,
    oldest first: 404.2 orders no graveyard, the list keeps which cards) while something looks
    at which cards are there (Game.lists_graveyard: a Scenario's game, or a goldfish deck with
    such an op). The goldfish keeps the cards it may flash back apart too (card_to_graveyard).
    A token never gets here (111.7: leave_to_graveyard)."""
    if g.lists_graveyard:
        if g.grave_n[who] >= MAXGRAVE:
            g.over |= GO_GRAVEYARD
            return
        g.graveyard[who][g.grave_n[who]] = row
        g.grave_n[who] += 1
    if g.counts_graveyard:
        count_in_graveyard(&g.bi, g.cards[row].types, who, 1)
        g.gen += 1                      # (what counts the graveyard is worked out anew)


cdef void leave_graveyard(Game* g, int who, int row) noexcept nogil:
    """Card `row` leaves player who's graveyard (a spell cast from there with flashback is put
    on the stack, 601.2a, 702.34a; a card returned to the hand, 400.3): the one place a card
    leaves it, its counts kept (count_in_graveyard); while the cards are kept
    (Game.lists_graveyard), its newest copy taken from them."""
    cdef int k
    if g.lists_graveyard:
        k = g.grave_n[who] - 1
        while k >= 0 and g.graveyard[who][k] != row:
            k -= 1
        if k < 0:
            return
        memmove(&g.graveyard[who][k], &g.graveyard[who][k + 1], (g.grave_n[who] - 1 - k) * sizeof(int32_t))
        g.grave_n[who] -= 1
    if g.counts_graveyard:
        count_in_graveyard(&g.bi, g.cards[row].types, who, -1)
        g.gen += 1


cdef inline void draw(Rules* R, Game* g, Rng* rng, int who) noexcept nogil:
    """Player `who` draws a card (121.1, 504.1): in a Scenario's game the top one; in the
    goldfish its known top card if a scry kept one there, else a random one (draw_random). An
    empty library draws nothing (704.5b is not checked: no one loses)."""
    if unlikely(g.scenario):
        draw_top(g, who)
    elif unlikely(g.top_n > 0):
        draw_known_top(g)
    else:
        draw_random(R, g, rng)


cdef void draw_top(Game* g, int who) noexcept nogil:
    if g.lib_n[who] > 0:
        if g.hand_n[who] >= MAXHAND:
            g.over |= GO_HAND
            return
        g.lib_n[who] -= 1
        put_in_hand(g, who, g.library[who][g.lib_n[who]])
        trace(g, TR_DRAW, g.library[who][g.lib_n[who]], who)


cdef void draw_random(Rules* R, Game* g, Rng* rng) noexcept nogil:
    """The goldfish draws a uniformly random card of the library's unseen part, then the
    cards put on the bottom, in order (no known top card: see draw)."""
    cdef uint32_t j
    if g.hand_n[0] >= MAXHAND:
        if g.lib_n[0] > 0 or g.bottom_next < g.bottom_n:
            g.over |= GO_HAND           # (a card to draw, and no room for it)
        return
    if g.lib_n[0] > 0:
        j = bounded(rng, g.lib_n[0])
        hand_add(g, g.library[0][j])
        g.library[0][j] = g.library[0][g.lib_n[0] - 1]
        g.lib_n[0] -= 1
        trace(g, TR_DRAW, g.hand[0][g.hand_n[0] - 1], 0)
    elif g.bottom_next < g.bottom_n:
        hand_add(g, g.bottom[g.bottom_next])
        g.bottom_next += 1
        trace(g, TR_DRAW, g.hand[0][g.hand_n[0] - 1], 0)
    g.bi.hand_size[0] = g.hand_n[0]
    g.gen += 1


cdef void draw_known_top(Game* g) noexcept nogil:
    """The goldfish draws its known top card (see draw)."""
    if g.hand_n[0] >= MAXHAND:
        g.over |= GO_HAND
        return
    g.top_n -= 1
    hand_add(g, g.top[g.top_n])
    trace(g, TR_DRAW, g.top[g.top_n], 0)
    g.bi.hand_size[0] = g.hand_n[0]
    g.gen += 1


cdef inline bint is_land_row(Rules* R, int row) noexcept nogil:
    return (R.cards[row].types & CT_LAND) != 0


cdef inline int land_face(Rules* R, int row) noexcept nogil:
    """The row of card `row`'s back face if that face is a land, else -1: a modal double-faced
    card that may be played as that land (712.12), whatever its front face is (a Pathway's is
    a land too; Valakut Awakening's an instant)."""
    cdef int back = R.cards[row].back
    return back if back >= 0 and R.cards[back].types & CT_LAND else -1


cdef inline bint counts_as_land(Rules* R, Spec* S, int row) noexcept nogil:
    """Does card `row` count as a land in a hand or a deck for the mulligan (its keep rule and
    the lands it bottoms): a land, or (S.spell_lands) a card with a land back face? In the hand
    such a card has only its front face's characteristics (712.8a), a spell; it is counted as
    deck builders count it, as the land it may be played as."""
    return is_land_row(R, row) or (S.spell_lands and land_face(R, row) >= 0)


cdef int spell_lands_in_hand(Rules* R, Game* g) noexcept nogil:
    """The cards in hand whose front face is not a land and whose back face is one (spell //
    land modal double-faced cards: they may be played as a land, 712.12)."""
    cdef int k, n = 0
    for k in range(g.hand_n[0]):
        n += not is_land_row(R, g.hand[0][k]) and land_face(R, g.hand[0][k]) >= 0
    return n


cdef inline bint land_in_hand(Rules* R, Spec* S, Game* g) noexcept nogil:
    """Does the hand hold a card that may be played as a land (305.1, 712.12)?"""
    return g.hand_lands > 0 or (S.spell_lands and spell_lands_in_hand(R, g) > 0)


cdef void draw_cards(Rules* R, Game* g, Rng* rng, int n) noexcept nogil:
    """n draws, as draw() n times: the random picks from the library first (the generator's
    state kept in registers), then the hand's bookkeeping. (For the mulligan's draws: the
    library has no known top then, Game.top.)"""
    cdef int32_t got[MAXHAND]
    cdef int m = 0, k
    cdef uint32_t j
    cdef uint64_t st[4]
    if rng.pcg != NULL:
        memcpy(st, rng.pcg, sizeof(st))
    while m < n and g.lib_n[0] > 0 and g.hand_n[0] + m < MAXHAND:
        j = bounded_in(rng, st if rng.pcg != NULL else NULL, g.lib_n[0])
        got[m] = g.library[0][j]
        g.library[0][j] = g.library[0][g.lib_n[0] - 1]
        g.lib_n[0] -= 1
        m += 1
    if rng.pcg != NULL:
        memcpy(rng.pcg, st, sizeof(st))
    for k in range(m):
        hand_add(g, got[k])
        trace(g, TR_DRAW, got[k], 0)
    if m:
        g.bi.hand_size[0] = g.hand_n[0]
    for k in range(m, n):                # from the bottom, or into a full hand
        draw_random(R, g, rng)


cdef inline void deal_hand(Rules* R, Spec* S, Game* g, Rng* rng, bint first) noexcept nogil:
    """A hand of seven is drawn (103.5; the first, or the one after a mulligan): by the hand
    smoother if it is on for this hand (Spec.smoother_n; deal_smoothed), else seven draws."""
    if unlikely(S.smoother_n > 1) and (first or S.smoother_mulligans):
        deal_smoothed(R, S, g, rng)
    else:
        draw_cards(R, g, rng, 7)


cdef void deal_smoothed(Rules* R, Spec* S, Game* g, Rng* rng) noexcept nogil:
    """Arena's best-of-one hand smoother (mtgsim.smoother.HandSmoother): S.smoother_n candidate
    hands of seven, each drawn at random from the same library (its draws undone after each),
    always all of them, whatever their lands, so that decks compared with common random
    numbers stay in step; then one uniform number keeps candidate c with probability
    S.smoother_weight[its lands] over their sum, and its draws are replayed onto the library
    (the same positions: the same cards; if every candidate weighs 0, the last). Lands as the
    keep rule counts them (counts_as_land)."""
    cdef uint32_t picks[MAXCANDIDATES][7]
    cdef int32_t got[7]
    cdef int lands[MAXCANDIDATES]
    cdef int c, k, kept, n = S.smoother_n
    cdef int m = min(7, min(g.lib_n[0], MAXHAND - g.hand_n[0]))
    cdef uint32_t j
    cdef double total = 0, u
    for c in range(n):
        lands[c] = 0
        for k in range(m):
            j = bounded(rng, g.lib_n[0])
            picks[c][k] = j
            got[k] = g.library[0][j]
            lands[c] += counts_as_land(R, S, got[k])
            g.library[0][j] = g.library[0][g.lib_n[0] - 1]
            g.lib_n[0] -= 1
        for k in range(m - 1, -1, -1):      # (undone, the last draw first)
            j = picks[c][k]
            g.library[0][g.lib_n[0]] = g.library[0][j]
            g.library[0][j] = got[k]
            g.lib_n[0] += 1
        total += S.smoother_weight[lands[c]]
    u = <double>(next64(rng) >> 11) * (1.0 / 9007199254740992.0) * total     # (53 bits: [0, total))
    kept = n - 1
    for c in range(n - 1):
        u -= S.smoother_weight[lands[c]]
        if u < 0:
            kept = c
            break
    for c in range(n):
        trace(g, TR_CANDIDATE, c, lands[c] | (c == kept) << 8)
    for k in range(m):
        j = picks[kept][k]
        got[k] = g.library[0][j]
        g.library[0][j] = g.library[0][g.lib_n[0] - 1]
        g.lib_n[0] -= 1
    for k in range(m):
        hand_add(g, got[k])
        trace(g, TR_DRAW, got[k], 0)
    if m:
        g.bi.hand_size[0] = g.hand_n[0]
    for k in range(m, 7):                # (into a full hand: as draw_cards)
        draw_random(R, g, rng)


cdef inline int hand_lands_kept_rule(Rules* R, Spec* S, Game* g) noexcept nogil:
    """The lands in the hand as the keep rule counts them, mana sources aside (counts_as_land)."""
    return g.hand_lands + (spell_lands_in_hand(R, g) if S.spell_lands else 0)


# ---- the top of the library: scry and surveil (701.22, 701.25) -------------------------------
# In a Scenario's game the library is in order, its top card last. The goldfish draws at random
# from the library's unseen part, so its top is unknown until a card is looked at: looking at
# the top card takes a random unseen one (as a draw would), and a card kept on top goes onto a
# stack of known top cards (Game.top) that later draws and looks take first; one put on the
# bottom joins the mulligan's (Game.bottom), drawn after the unseen part, in order.

cdef int take_top(Rules* R, Game* g, Rng* rng, int who) noexcept nogil:
    """The top card of player who's library, taken out of it (to be looked at); -1 if the
    library is empty. In the goldfish: the known top card, else a random unseen one, else the
    first card put on the bottom."""
    cdef uint32_t j
    cdef int row
    if g.scenario:
        if g.lib_n[who] == 0:
            return -1
        g.lib_n[who] -= 1
        return g.library[who][g.lib_n[who]]
    if g.top_n > 0:
        g.top_n -= 1
        return g.top[g.top_n]
    if g.lib_n[0] > 0:
        j = bounded(rng, g.lib_n[0])
        row = g.library[0][j]
        g.library[0][j] = g.library[0][g.lib_n[0] - 1]
        g.lib_n[0] -= 1
        return row
    if g.bottom_next < g.bottom_n:
        g.bottom_next += 1
        return g.bottom[g.bottom_next - 1]
    return -1


cdef inline void put_on_top(Game* g, int who, int row) noexcept nogil:
    """Card `row` is put on top of player who's library (the goldfish: onto its known top)."""
    if g.scenario:
        g.library[who][g.lib_n[who]] = row
        g.lib_n[who] += 1
    else:
        g.top[g.top_n] = row
        g.top_n += 1


cdef void put_on_bottom(Game* g, int who, int row) noexcept nogil:
    """Card `row` is put on the bottom of player who's library, under the cards already there
    (the goldfish: after those of Game.bottom, which moves up when it reaches its end; no more
    cards than a library holds are ever in it)."""
    if g.scenario:
        memmove(&g.library[who][1], &g.library[who][0], g.lib_n[who] * sizeof(int32_t))
        g.library[who][0] = row
        g.lib_n[who] += 1
        return
    if g.bottom_n >= MAXLIB:
        memmove(&g.bottom[0], &g.bottom[g.bottom_next], (g.bottom_n - g.bottom_next) * sizeof(int32_t))
        g.bottom_n -= g.bottom_next
        g.bottom_next = 0
    g.bottom[g.bottom_n] = row
    g.bottom_n += 1


cdef inline void forget_top(Game* g) noexcept nogil:
    """The goldfish's library is shuffled (701.24: a search's "then shuffle"): its known top
    cards are unseen again. (The cards a mulligan put on the bottom stay drawn last, as they
    always have been here.)"""
    while g.top_n > 0:
        g.top_n -= 1
        g.library[0][g.lib_n[0]] = g.top[g.top_n]
        g.lib_n[0] += 1


cdef void shuffle_library(Game* g, Rng* rng, int who) noexcept nogil:
    """Player who's library is shuffled (701.24a): in the goldfish its known top cards are unseen
    again (forget_top); in a Scenario's game (no random generator: rng NULL) its cards are put in
    an order the simulator draws from a hash of the game (Fisher-Yates), the same for the same
    game, which the caller can't choose."""
    cdef uint64_t z = mtgsim_mix64(<uint64_t>g.next_id * 0x9e3779b97f4a7c15ULL + <uint64_t>g.lib_n[who])
    cdef int k, j, n = g.lib_n[who]
    cdef int32_t row
    if not g.scenario:
        forget_top(g)
        return
    for k in range(n - 1, 0, -1):
        z = mtgsim_mix64(z + <uint64_t>k)
        j = <int>(z % <uint64_t>(k + 1))
        row = g.library[who][k]
        g.library[who][k] = g.library[who][j]
        g.library[who][j] = row


cdef void remove_from_hand(Rules* R, Game* g, int k) noexcept nogil:
    hand_forget(g, g.hand[0][k])
    g.hand[0][k] = g.hand[0][g.hand_n[0] - 1]
    g.hand_n[0] -= 1
    g.bi.hand_size[0] = g.hand_n[0]
    g.gen += 1


cdef int mulligan(Rules* R, Spec* S, Game* g, Rng* rng, int64_t* mulliganed) noexcept nogil:
    """London mulligan (103.5): draw seven (deal_hand); keep if the lands (counts_as_land: the
    spell // land double-faced cards too; with S.keep_sources, the mana creatures and rocks:
    mana_source_row) are in the policy's range for the hand size it would be (below the smallest
    size listed: always keep), and, where the policy asks it for that size (S.keep_castable), a
    spell in hand is castable on curve from them (keeps_castable); else shuffle the hand back and
    draw seven again. Then put one card on the bottom per mulligan, keeping the hand balanced: a
    land while it holds more than the deck's share of lands (rounded up, within the range) or
    nothing else, the least useful first (bottom_rank); else the spell of the highest mana value.
    In a multiplayer game and in any Brawl game (S.free_mulligan) the first mulligan is free: it
    puts no card on the bottom (103.5c, 903.12g); the seven it may send back is kept by its own
    lands range where the policy gives one (S.free_keep_lo: MulliganPolicy.free_seven).
    Returns 8 * draw + lands of the hand kept (before bottoming; lands as the keep rule counts
    them, mana sources aside), and counts each hand shuffled back in mulliganed[8 * draw + lands]
    (the metric layout's)."""
    cdef int taken = 0, drawn = 0, k, size, lands, held, best, target, rank, best_rank, row, lo, hi
    cdef bint land, free = S.free_mulligan
    while True:
        deal_hand(R, S, g, rng, drawn == 0)
        held = hand_lands_kept_rule(R, S, g)
        size = 7 - taken
        if size <= 0 or S.keep_lo[size] < 0:
            break
        lands = held
        if S.keep_sources:
            for k in range(g.hand_n[0]):       # (a card counted as a land is not counted again)
                lands += mana_source_row(R, g.hand[0][k]) and not counts_as_land(R, S, g.hand[0][k])
        lo, hi = S.keep_lo[size], S.keep_hi[size]
        if free and S.free_keep_lo >= 0:        # (a seven that may go back for free: its own range)
            lo, hi = S.free_keep_lo, S.free_keep_hi
        if lo <= lands <= hi and (not S.keep_castable or keeps_castable(R, S, g, size)):
            break
        trace(g, TR_MULLIGAN, -1, g.hand_n[0])
        mulliganed[8 * drawn + held] += 1
        drawn += drawn < 7              # (7: the eighth hand or later)
        for k in range(g.hand_n[0]):        # shuffle back (draws are random picks anyway)
            g.library[0][g.lib_n[0]] = g.hand[0][k]
            g.lib_n[0] += 1
        hand_clear(g)
        taken += not free               # (103.5c: the first one free in a multiplayer or Brawl game)
        free = False
    size = 7 - taken if taken < 7 else 0
    target = (size * S.deck_lands + S.deck_n - 1) // S.deck_n
    if size > 0 and S.keep_lo[size] >= 0:
        target = min(max(target, S.keep_lo[size]), S.keep_hi[size])
    while taken > 0 and g.hand_n[0] > 0:
        lands = g.hand_lands
        if S.spell_lands:
            lands += spell_lands_in_hand(R, g)
        land = lands > target or lands == g.hand_n[0]
        best = -1
        best_rank = 0
        for k in range(g.hand_n[0]):        # the first of the highest rank
            row = g.hand[0][k]
            if counts_as_land(R, S, row) != land:
                continue
            rank = bottom_rank(R, S, g, row) if land else R.cards[row].mana_value
            if best < 0 or rank > best_rank:
                best, best_rank = k, rank
        g.bottom[g.bottom_n] = g.hand[0][best]
        g.bottom_n += 1
        trace(g, TR_BOTTOM, g.hand[0][best], 0)
        remove_from_hand(R, g, best)
        taken -= 1
    g.bi.hand_size[0] = g.hand_n[0]
    g.gen += 1
    return 8 * drawn + held


cdef inline bint mana_source_row(Rules* R, int row) noexcept nogil:
    """A mana creature or rock, as a keep rule may count it: a nonland card with a mana
    ability and mana value at most 2 (Llanowar Elves, Sol Ring; not The Great Henge)."""
    cdef Card* c = &R.cards[row]
    return c.n_mana > 0 and not (c.types & CT_LAND) and c.mana_value <= 2


cdef int bottom_rank(Rules* R, Spec* S, Game* g, int row) noexcept nogil:
    """How readily land `row` goes to the bottom: off-colour lands (making none of the colours
    the spells in hand ask for) before on-colour ones; among those, the fewer of the deck's
    spell colours it makes, the sooner. A card with a land back face makes what either of its
    land faces makes (712.12: it may be played as either)."""
    cdef unsigned int hand_colours = 0, cp = R.static_cp[row] if is_land_row(R, row) else 0
    cdef int q, t, spell, back = land_face(R, row)
    if back >= 0:
        cp |= R.static_cp[back]
    for q in range(g.n_rows[0]):
        spell = g.rows[0][q]
        for t in range(5):
            if S.demand[5 * spell + t]:
                hand_colours |= 1u << t
    return -(8 * popcount6(cp & hand_colours) + popcount6(cp & S.deck_colours))

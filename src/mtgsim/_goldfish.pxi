# The goldfish simulator's turn loop: one player plays a deck alone, turn after turn, over the
# same permanent rows and rules kernels as everything else (included into _core.pyx).
# Randomness comes only from a numpy bit generator per chunk of games (see mtgsim.simulate).

from numpy.random cimport bitgen_t
from libc.stdlib cimport calloc
from libc.string cimport memcmp
from cpython.pycapsule cimport PyCapsule_GetPointer

DEF MAXLIB = 256         # cards in a library
DEF MAXHAND = 128        # cards in a hand
DEF MAXPERM = 128        # permanents in one goldfish game
DEF MAXTURNS = 40
DEF NOT_CAST = 255
DEF MAXTRACK = 512       # cards tracked in one run (every distinct nonland card of a deck, and more)
DEF MAXFLASHBACK = 32    # cards with flashback in a graveyard (the only ones a game reads)

MAX_TURNS = MAXTURNS     # the limits, for the Python layer's messages
MAX_TRACKED = MAXTRACK


cdef struct Game:                # one goldfish game in progress
    int32_t library[MAXLIB]      # card rows; [0, lib_n) in no particular order (draws are random)
    int lib_n
    int32_t bottom[MAXHAND]      # cards put on the bottom (London mulligan), drawn last, in order
    int bottom_n
    int bottom_next
    int32_t hand[MAXHAND]
    int hand_n
    uint8_t* hand_count          # per card row: copies in hand (kept by hand_add/hand_forget)
    uint8_t* hand_pos            # per card row in hand: its index in rows[its kind]
    int32_t rows[2][MAXHAND]     # the distinct card rows in hand: [0] spells, [1] lands, each
    int n_rows[2]                # in no particular order (ties go by the hand's order)
    uint8_t* in_play             # per card row: permanents of it (kept by count_permanent)
    TotalCost* cost_memo         # per card row: its total cost (X = 0, unkicked, cast from
    uint64_t* cost_memo_key      # hand or not) and, if plain, its Hall demand, worked out
    HallDemand* need_memo        # under the key memo_key gives (two words a row: the key and
                                 # the values it counted)
    int hand_lands               # lands in hand
    Permanent perms[MAXPERM]
    int n
    BoardInfo bi
    int opp_life                 # the goldfish opponent: 20 life, no cards
    int next_id
    int spent                    # mana spent on spells this turn
    int32_t* trace               # events (kind, turn, card row, value) when tracing, else NULL
    int trace_n
    int trace_cap
    void* scratch                # working memory kept across the games of a chunk (Scratch)
    uint32_t gen                 # bumped on every change to the board, hand, life or pool:
                                 # what was worked out at the same generation still holds
    uint32_t board_gen           # ...to anything but the hand (board_changed)
    uint32_t sba_gen             # the generation state-based actions last found nothing to do
    uint32_t scan_gen            # the board generation `scan` was made at
    Board scan                   # scan_board's findings then
    uint16_t* gf                 # Spec.gf
    uint8_t* unit_of             # Spec.units
    uint64_t kinds[3]            # permanents of each Kind, a byte each (count_of; kept by
                                 # count_permanent, at most MAXPERM < 256 each)
    const uint64_t* kind_unit    # Spec.kind_unit
    int n_sacrifice_at_end       # tokens to sacrifice at the end step (PF_SACRIFICE_AT_END)
    uint64_t costmod_set         # the permanents with cost modifiers in play, as a multiset:
                                 # 4 bits of copies per card (Spec.costmod_code; see memo_key)
    int n_costmod_wild           # ...of them, the ones it can't hold (a 16th copy, a 16th card)
    uint64_t* costmod_code       # Spec.costmod_code
    int units                    # the units of mana all of them make on the direct path: a
                                 # bound of what the board makes while n_mana_fx is 0
    bint new_legend              # a legendary permanent entered since state-based actions
    bint m1m1                    # a -1/-1 counter has been put on a permanent this game
    bint shortcuts               # Spec.shortcuts
    bint counts_hand             # Spec.counts_hand
    int32_t flashback[MAXFLASHBACK]  # instants and sorceries with flashback in the graveyard
    int n_flashback
    const uint32_t* direct       # Rules.direct: per card row, the direct path's word
    uint32_t live[64]            # the usable sources per unit mask, kept as they change: units
                                 # (low 16 bits) and permanents (high 16) (see added)
    uint64_t live_masks          # the masks m with live[m] != 0 (never mask 0: no mana)
    uint32_t sick[64]            # ...and the summoning-sick ones, usable once given haste
    uint64_t sick_masks
    uint32_t all_units[64]       # ...and all of them, whatever their state: the live view as
    uint64_t all_masks           # a turn begins (every permanent untapped, none sick)
    const uint8_t* unit_mask     # Rules.unit_mask
    bint check_views             # Spec.check_views


cpdef enum TraceEvent:           # what a traced game reports, four int32 per event
    TR_GAME = 0                  # a new game (value: its index)
    TR_MULLIGAN = 1              # value: cards in the hand shuffled back
    TR_BOTTOM = 2                # card put on the bottom
    TR_KEEP = 3                  # value: hand size kept
    TR_TURN = 4                  # a turn starts
    TR_DRAW = 5
    TR_HAND = 6                  # a card in hand after the draw
    TR_LAND = 7                  # land played
    TR_CAST = 8                  # spell cast (value: mana spent)
    TR_ATTACK = 9                # value: combat damage
    TR_LIFE = 10                 # value: the opponent's life at the end of the turn
    TR_MANA = 11                 # value: the most mana the board could make after the land drop
    TR_ACTIVATE = 12             # a non-mana ability of this card activated (value: mana spent)
    TR_VIEW_FAULT = 13           # (check_views) the live view differed from prepare_direct's


cdef inline void trace(Game* g, int kind, int row, int value) noexcept nogil:
    if g.trace != NULL and g.trace_n + 4 <= g.trace_cap:
        g.trace[g.trace_n] = kind
        g.trace[g.trace_n + 1] = g.bi.turn
        g.trace[g.trace_n + 2] = row
        g.trace[g.trace_n + 3] = value
        g.trace_n += 4


cdef struct Spec:                # what to simulate; read-only, shared by the threads
    int32_t* deck
    int deck_n
    int turns
    int on_play
    int8_t keep_lo[8]            # per hand size: lands kept, lo..hi (lo = -1: always keep)
    int8_t keep_hi[8]
    int32_t* track
    int n_track
    int16_t* tracked_as          # per card row: its index in `track`, -1 not tracked
    uint8_t chosen_color         # "choose a colour": the deck's main colour
    uint16_t* gf                 # per card row: GoldfishFlags (see `goldfish_flags`)
    uint8_t* units               # per card row: units of mana it makes on the direct path
    uint8_t* demand              # per card row, 5 bytes: symbols of each colour in its cost
    HallDemand* need             # per card row: its plain base cost (GF_PLAIN) as Hall's
                                 # condition reads it
    uint8_t track_demand[5]      # colour_demand of the tracked cards alone
    bint land_demand             # some land has coloured symbols in a mana cost
    uint8_t deck_colours         # the colours (W..G bits) in the mana costs of the deck's spells
    int deck_lands               # lands in the deck
    # the play policy (mtgsim.policy.PlayPolicy)
    uint8_t lands_first          # play the first land in hand (else the most castable)
    uint8_t spell_order          # SpellOrder
    int16_t* rank                # per card row: 1, 2, ... cast before others in this order
    uint8_t* hold                # per card row: never cast
    uint8_t kicker               # kick when the kicked cost can be paid (702.33)
    uint8_t flashback            # cast from the graveyard with flashback (702.34)
    int16_t min_x                # the smallest X an X spell is cast with
    uint8_t abilities            # use non-mana activated abilities
    uint8_t attack               # attack with every creature able to
    bint shortcuts               # take the shortcuts that skip work whose answer is known
                                 # (off: the slow reference the tests compare with)
    uint64_t* costmod_code       # per card row with GF_COSTMOD: its unit in Game.costmod_set
                                 # (1 << 4j for the j-th such card, j < 15), else 0
    bint counts_hand             # some count reads the cards in hand (a mana ability's
                                 # amount may then change as a spell leaves the hand)
    bint check_views             # also prepare every live view from scratch, tracing a
                                 # TR_VIEW_FAULT where they differ (tests)
    uint64_t* kind_unit          # per card row, 3 words: 1 in the byte of each Kind it is of


cdef enum SpellOrder:             # PlayPolicy.spells
    SO_MOST_MANA = 0
    SO_HIGHEST_MANA_VALUE = 1
    SO_LOWEST_MANA_VALUE = 2


cdef enum GoldfishFlag:          # facts about a card that never change during a game
    GF_LAND = 1
    GF_BASE_COST = 2             # no cost modifier of its own: R.base_cost[row] is its total
                                 # cost (X = 0) while no permanent changes costs
    GF_PLAIN = 4                 # ...and that cost is plain (cost_is_plain)
    GF_ACTIVATED = 8             # a non-mana activated ability the policy may use
    GF_TRIGGERED = 16            # has triggered abilities
    GF_DEMAND = 32               # its mana cost has coloured symbols (see `colour_demand`)
    GF_COSTMOD = 64              # CI_COSTMOD: cost modifiers for other spells than itself
    GF_MANA_FX = 256             # CI_MANA_EFFECT or CI_COMPLEX_MANA: no direct path with it
    GF_LEGENDARY = 512
    GF_X = 1024                  # {X} in its mana cost
    GF_CREATURE = 2048
    GF_MAY_DIE = 4096            # a creature whose toughness isn't a fixed number above 0 (a
                                 # characteristic-defining * or printed 0): 704.5f may apply
    GF_DYNAMIC_COST = 8192       # has a cost modifier reading the board (an amount that counts,
                                 # or "while untapped"): costs it changes hold one generation
    GF_CAST_TRIGGER = 16384      # "whenever you cast a spell" (Beast Whisperer)
    GF_SELF_COUNTED = 32768      # its own cost modifiers are all it has that read the board,
                                 # by amounts that count on the battlefield (at most four, none
                                 # of cards in hand or X): its memoised cost is keyed by their values


cdef inline void board_changed(Game* g) noexcept nogil:
    """Something other than the hand changed (the board, life, the pool, the turn)."""
    g.gen += 1
    g.board_gen += 1


cdef enum Kind:                    # what Game.kinds counts permanents of (a byte each)
    K_LANDS = 0
    K_COSTMOD = 1                  # GF_COSTMOD
    K_TRIGGERED = 2                # GF_TRIGGERED
    K_MANA_FX = 3                  # GF_MANA_FX
    K_ACTIVATED = 4                # GF_ACTIVATED
    K_CREATURES = 5                # creature cards (what combat looks at)
    K_MAY_DIE = 6                  # GF_MAY_DIE
    K_LEGENDARY = 7
    K_DYNAMIC_COSTMOD = 8          # GF_COSTMOD and GF_DYNAMIC_COST
    K_CAST_TRIGGER = 9             # GF_CAST_TRIGGER
    K_HASTE_GIVER = 10             # gives creatures you control haste (The Fire Crystal)
    K_CI = 16                      # K_CI + k: CardInfoFlag bit k (word 2: the board's all_flags)


cdef inline int count_of(Game* g, int kind) noexcept nogil:
    return (g.kinds[kind >> 3] >> (8 * (kind & 7))) & 0xFF


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
    elif m:
        g.live_masks = added(g.live, g.live_masks, m, d, w)


cdef inline void enters_or_leaves(Game* g, int i, int d) noexcept nogil:
    """Permanent i enters (d = 1) or leaves (d = -1) the live view and all_units."""
    cdef Permanent* p = &g.perms[i]
    cdef uint32_t w = g.direct[p.card]
    cdef uint32_t m = (w >> 8) & ALLTYPES
    live_count(g, i, d)
    if m and not (p.flags & PF_PHASED_OUT):
        g.all_masks = added(g.all_units, g.all_masks, m, d, w)


cdef void untap_all(Game* g) noexcept nogil:
    """The untap step (502.3) as a turn begins: every permanent untaps and none is summoning
    sick, so the live view is all_units."""
    cdef int k
    cdef uint64_t masks
    cdef unsigned int m
    for k in range(g.n):
        g.perms[k].flags &= ~PF_TAPPED
    live_clear(g)
    masks = g.live_masks = g.all_masks
    while masks:
        m = mtgsim_ctz64(masks)
        masks &= masks - 1
        g.live[m] = g.all_units[m]


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


cdef inline uint64_t cleared(uint32_t* sums, uint64_t masks) noexcept nogil:
    """Zero the per-mask sums that `masks` says are nonzero; returns the masks left: none."""
    while masks:
        sums[mtgsim_ctz64(masks)] = 0
        masks &= masks - 1
    return 0


cdef void live_clear(Game* g) noexcept nogil:
    g.live_masks = cleared(g.live, g.live_masks)
    g.sick_masks = cleared(g.sick, g.sick_masks)


# Offsets of the metrics in one chunk's int64 row (laid out by `metric_layout`).
cdef struct Layout:
    int castable, castable_hit, hit, first_cast, lands, lands_sq, mana, mana_sq
    int spent, spent_sq, kill, kept, games, size


cdef Layout metric_layout(int n_track, int turns) noexcept nogil:
    cdef Layout L
    L.castable = 0
    L.castable_hit = L.castable + n_track * turns
    L.hit = L.castable_hit + n_track * turns
    L.first_cast = L.hit + turns
    L.lands = L.first_cast + n_track * (turns + 1)
    L.lands_sq = L.lands + turns
    L.mana = L.lands_sq + turns
    L.mana_sq = L.mana + turns
    L.spent = L.mana_sq + turns
    L.spent_sq = L.spent + turns
    L.kill = L.spent_sq + turns
    L.kept = L.kill + turns + 1
    L.games = L.kept + 8
    L.size = L.games + 1
    return L


def metric_offsets(int n_track, int turns):
    """{metric name: (offset, length)} of a chunk's metric row (for mtgsim.simulate)."""
    cdef Layout L = metric_layout(n_track, turns)
    return {"castable": (L.castable, n_track * turns), "castable_hit": (L.castable_hit, n_track * turns),
            "hit": (L.hit, turns), "first_cast": (L.first_cast, n_track * (turns + 1)),
            "lands": (L.lands, turns), "lands_sq": (L.lands_sq, turns), "mana": (L.mana, turns),
            "mana_sq": (L.mana_sq, turns), "spent": (L.spent, turns), "spent_sq": (L.spent_sq, turns),
            "kill": (L.kill, turns + 1), "kept": (L.kept, 8), "games": (L.games, 1), "size": (L.size, 0)}


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
    """
    uint64_t mtgsim_pcg64_next(uint64_t* s) noexcept nogil
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


cdef Board scanned_board(Rules* R, Game* g) noexcept nogil:
    """game_board, already scanned (scan_board's findings kept while the board doesn't change)."""
    cdef Board b
    b.perms = g.perms
    b.n = g.n
    b.bi = &g.bi
    if g.scan_gen != g.board_gen:
        b.scanned = 0
        scan_board(R, &b)
        g.scan = b
        g.scan_gen = g.board_gen
    else:
        b = g.scan
        b.perms = g.perms
        b.n = g.n
        b.bi = &g.bi
    return b


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


cdef inline Board game_board(Game* g) noexcept nogil:
    cdef Board b
    b.perms = g.perms
    b.n = g.n
    b.scanned = 0
    b.bi = &g.bi
    return b


cdef inline void hand_add(Game* g, int row) noexcept nogil:
    """Card `row` is put into the hand (the caller checks there is room). Branch-free: the
    card drawn is random, a branch on it would be mispredicted half the time."""
    cdef int land = g.gf[row] & GF_LAND
    cdef int cnt = g.hand_count[row]
    cdef int new = cnt == 0
    cdef int n = g.n_rows[land]
    g.hand[g.hand_n] = row
    g.hand_n += 1
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
    g.hand_n = g.hand_lands = 0
    g.gen += 1


cdef int first_in_hand(Game* g, int row) noexcept nogil:
    """The index of the first copy of `row` in the hand (it must be there)."""
    cdef int k = 0
    while g.hand[k] != row:
        k += 1
    return k


cdef void draw(Rules* R, Game* g, Rng* rng) noexcept nogil:
    """Draw a card (504.1): a uniformly random one of the library's unseen part, then the
    cards put on the bottom, in order; an empty library draws nothing (goldfish)."""
    cdef uint32_t j
    if g.hand_n >= MAXHAND:
        return
    if g.lib_n > 0:
        j = bounded(rng, g.lib_n)
        hand_add(g, g.library[j])
        g.library[j] = g.library[g.lib_n - 1]
        g.lib_n -= 1
        trace(g, TR_DRAW, g.hand[g.hand_n - 1], 0)
    elif g.bottom_next < g.bottom_n:
        hand_add(g, g.bottom[g.bottom_next])
        g.bottom_next += 1
    g.bi.hand_size[0] = g.hand_n
    g.gen += 1


cdef inline bint is_land_row(Rules* R, int row) noexcept nogil:
    return (R.cards[row].types & CT_LAND) != 0


cdef void draw_cards(Rules* R, Game* g, Rng* rng, int n) noexcept nogil:
    """n draws, as draw() n times: the random picks from the library first (the generator's
    state kept in registers), then the hand's bookkeeping."""
    cdef int32_t got[MAXHAND]
    cdef int m = 0, k
    cdef uint32_t j
    cdef uint64_t st[4]
    if rng.pcg != NULL:
        memcpy(st, rng.pcg, sizeof(st))
    while m < n and g.lib_n > 0 and g.hand_n + m < MAXHAND:
        j = bounded_in(rng, st if rng.pcg != NULL else NULL, g.lib_n)
        got[m] = g.library[j]
        g.library[j] = g.library[g.lib_n - 1]
        g.lib_n -= 1
        m += 1
    if rng.pcg != NULL:
        memcpy(rng.pcg, st, sizeof(st))
    for k in range(m):
        hand_add(g, got[k])
        trace(g, TR_DRAW, got[k], 0)
    if m:
        g.bi.hand_size[0] = g.hand_n
    for k in range(m, n):                # from the bottom, or into a full hand
        draw(R, g, rng)


cdef void remove_from_hand(Rules* R, Game* g, int k) noexcept nogil:
    hand_forget(g, g.hand[k])
    g.hand[k] = g.hand[g.hand_n - 1]
    g.hand_n -= 1
    g.bi.hand_size[0] = g.hand_n
    g.gen += 1


cdef void mulligan(Rules* R, Spec* S, Game* g, Rng* rng) noexcept nogil:
    """London mulligan (103.5): draw seven; keep if the lands are in the policy's range for
    the hand size it would be (below the smallest size listed: always keep); else shuffle the
    hand back and draw seven again. Then put one card on the bottom per mulligan, keeping the
    hand balanced: a land while it holds more than the deck's share of lands (rounded up, within
    the range) or nothing else, the least useful first (bottom_rank); else the spell of the
    highest mana value."""
    cdef int taken = 0, k, size, lands, best, target, rank, best_rank
    cdef bint land
    while True:
        draw_cards(R, g, rng, 7)
        size = 7 - taken
        if size <= 0 or S.keep_lo[size] < 0:
            break
        lands = g.hand_lands
        if S.keep_lo[size] <= lands <= S.keep_hi[size]:
            break
        trace(g, TR_MULLIGAN, -1, g.hand_n)
        for k in range(g.hand_n):        # shuffle back (draws are random picks anyway)
            g.library[g.lib_n] = g.hand[k]
            g.lib_n += 1
        hand_clear(g)
        taken += 1
    size = 7 - taken if taken < 7 else 0
    target = (size * S.deck_lands + S.deck_n - 1) // S.deck_n
    if size > 0 and S.keep_lo[size] >= 0:
        target = min(max(target, S.keep_lo[size]), S.keep_hi[size])
    while taken > 0 and g.hand_n > 0:
        lands = g.hand_lands
        land = lands > target or lands == g.hand_n
        best = -1
        best_rank = 0
        for k in range(g.hand_n):        # the first of the highest rank
            if is_land_row(R, g.hand[k]) != land:
                continue
            rank = bottom_rank(R, S, g, g.hand[k]) if land else R.cards[g.hand[k]].mana_value
            if best < 0 or rank > best_rank:
                best, best_rank = k, rank
        g.bottom[g.bottom_n] = g.hand[best]
        g.bottom_n += 1
        trace(g, TR_BOTTOM, g.hand[best], 0)
        remove_from_hand(R, g, best)
        taken -= 1
    g.bi.hand_size[0] = g.hand_n
    g.gen += 1


cdef int bottom_rank(Rules* R, Spec* S, Game* g, int row) noexcept nogil:
    """How readily land `row` goes to the bottom: off-colour lands (making none of the colours
    the spells in hand ask for) before on-colour ones; among those, the fewer of the deck's
    spell colours it makes, the sooner."""
    cdef unsigned int hand_colours = 0, cp = R.static_cp[row]
    cdef int q, t, spell
    for q in range(g.n_rows[0]):
        spell = g.rows[0][q]
        for t in range(5):
            if S.demand[5 * spell + t]:
                hand_colours |= 1u << t
    return -(8 * popcount6(cp & hand_colours) + popcount6(cp & S.deck_colours))


# ---- permanents entering and leaving -------------------------------------------------------

cdef int add_permanent(Rules* R, Spec* S, Game* g, int row, bint token, int x) noexcept nogil:
    """A permanent enters under your control (its "as enters" effects applied, 614.1c/614.12);
    returns its row, or -1 if the battlefield is full."""
    cdef Permanent* p
    cdef Card* c = &R.cards[row]
    cdef Enters* e
    cdef int k, q, lands = 0, j
    if g.n >= MAXPERM:
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
        for q in range(4):
            p.counters[q] += e.counters[q]
            if e.counters_count[q] >= 0 and R.counts[e.counters_count[q]].what == CO_X:
                p.counters[q] += x                          # 107.3m: the X paid for the spell
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
    if e.unless == TU_PAY_LIFE:
        if g.bi.life[0] > 10:
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

cdef void search_land(Rules* R, Spec* S, Game* g, Effect* e, bint to_battlefield) noexcept nogil:
    """Search the library for a basic land (or one of the named land types) (701.23)."""
    cdef int k, row, i
    for k in range(g.lib_n):
        row = g.library[k]
        if not is_land_row(R, row):
            continue
        if (e.land_subtypes and R.cards[row].subtypes & e.land_subtypes) or (
                not e.land_subtypes and R.cards[row].supertypes & ST_BASIC):
            g.library[k] = g.library[g.lib_n - 1]
            g.lib_n -= 1
            if to_battlefield:
                i = add_permanent(R, S, g, row, False, 0)
                if i >= 0 and e.lands_tapped:
                    set_flags(g, i, g.perms[i].flags | PF_TAPPED)
            elif g.hand_n < MAXHAND:
                hand_add(g, row)
            board_changed(g)
            return


cdef void return_land(Rules* R, Game* g) noexcept nogil:
    """Return a land you control to hand (bounce lands): a tapped basic one if there is one."""
    cdef int i, best = -1
    for i in range(g.n):
        if not (R.cards[g.perms[i].card].types & CT_LAND):
            continue
        if best < 0 or ((g.perms[i].flags & PF_TAPPED) and R.cards[g.perms[i].card].supertypes & ST_BASIC):
            best = i
    if best >= 0:
        if not (g.perms[best].flags & PF_TOKEN) and g.hand_n < MAXHAND:
            hand_add(g, g.perms[best].card)
        remove_permanent(g, best)
        board_changed(g)


cdef void apply_effect(Rules* R, Spec* S, Game* g, Rng* rng, int row, int target, int source,
                       int x) noexcept nogil:
    """Carry out EFFECT row `row` for you; counters go on permanent `target` (-1: none)."""
    cdef Effect* e = &R.effects[row]
    cdef Board b = game_board(g)
    cdef int k, n, q
    if row < 0:
        return
    board_changed(g)
    g.opp_life -= eval_amount(R, &b, e.damage_to_opponent, source, 0, x)
    g.bi.life[0] -= eval_amount(R, &b, e.damage_to_you, source, 0, x)
    g.bi.life[0] -= eval_amount(R, &b, e.lose_life, source, 0, x)
    g.bi.life[0] += eval_amount(R, &b, e.gain_life, source, 0, x)
    if e.add_mana >= 0:
        for k in range(6):
            g.bi.pool[0][k] += R.costs[e.add_mana].pips[k]
    n = eval_amount(R, &b, e.add_any_color, source, 0, x)
    if n > 0:
        g.bi.pool[0][type_index(S.chosen_color)] += n
    if target >= 0 and target < g.n:
        for q in range(4):
            g.perms[target].counters[q] += e.counters[q]
            if e.counters_count[q] >= 0:
                g.perms[target].counters[q] += eval_count(R, &b, e.counters_count[q], source, 0, x)
        g.m1m1 |= g.perms[target].counters[<int>CK_M1M1] != 0
    n = eval_amount(R, &b, e.draw, source, 0, x)
    for k in range(n):
        draw(R, g, rng)
    for k in range(e.lands_to_battlefield):
        search_land(R, S, g, e, True)
    for k in range(e.lands_to_hand):
        search_land(R, S, g, e, False)
    for k in range(e.return_land):
        return_land(R, g)
    if e.token_card >= 0:
        b = game_board(g)
        n = eval_amount(R, &b, e.token_count, source, 0, x)
        for k in range(n):
            add_permanent(R, S, g, e.token_card, True, 0)
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
    cdef int pending_row[32]
    cdef int pending_src[32]
    cdef Card* c
    cdef Triggered* t
    for j in range(g.n):
        c = &R.cards[g.perms[j].card]
        for k in range(c.n_triggered):
            t = &R.triggered[c.triggered_first + k]
            ev = t.event
            if (ev == EV_SELF_ENTERS and j == i) or (creature and j != i and (
                    ev == EV_CREATURE_YOU_CONTROL_ENTERS or
                    (ev == EV_NONTOKEN_CREATURE_YOU_CONTROL_ENTERS and not token))) or (
                    creature and j == i and ev == EV_CREATURE_YOU_CONTROL_ENTERS):
                if n_pending < 32:
                    pending_row[n_pending] = t.effect
                    pending_src[n_pending] = g.perms[j].object_id
                    n_pending += 1
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


# ---- mana: what the board can pay, and paying ---------------------------------------------------

cdef struct ManaView:            # one board state's mana, prepared once for several questions
    int kind                     # 1: the direct path applies; 2: the general search; 3: the
                                 # general search, not prepared yet
    uint32_t gen                 # the game's generation it describes (kinds 1, 2 and 3)
    uint32_t board_gen           # ...and its board generation: a kind 1 view holds while that
                                 # does (the direct path reads nothing in the hand)
    bint simple                  # the board takes the direct path (kind 1, unless a cost the
                                 # direct path can't decide made it kind 2)
    bint part                    # (kinds 2, 3) d holds the simple sources' units: what they
                                 # can pay, the board can (prepare_direct)
    int most                     # (kind 2) the most mana the board makes, -1 not worked out
    Direct d
    Payment P
    uint8_t cp[MAXPERM]


cdef inline bint direct_view_holds(Game* g, ManaView* v) noexcept nogil:
    """Is v a direct view of the board as it is now? (It reads nothing in the hand.)"""
    return v.kind == 1 and v.board_gen == g.board_gen and g.shortcuts


cdef void view_prepare(Rules* R, Game* g, ManaView* v) noexcept nogil:
    """Make v describe the board as it is now (nothing to do if it already does); the general
    search is prepared when first asked (view_general)."""
    if v.gen == g.gen and 1 <= v.kind <= 3:
        return
    if direct_view_holds(g, v):
        v.gen = g.gen
        return
    v.gen = g.gen
    v.board_gen = g.board_gen
    v.kind = 1 if goldfish_direct(R, g, &v.d) else 3
    v.simple = v.kind == 1
    v.part = v.kind == 3 and not (v.d.all_flags & CI_MANA_EFFECT)
    v.most = -1


cdef void view_general(Rules* R, Game* g, ManaView* v, bint life) noexcept nogil:
    """Prepare the general search on v's board (tracking life if `life`: then v is good for
    that one question, kind 0)."""
    cdef Board b = game_board(g)
    could_produce_all(R, &b, v.cp)
    prepare_payment(R, &b, 0, v.cp, &v.P, life)
    v.kind = 0 if life else 2
    v.most = -1


cdef inline bint pool_empty(Game* g) noexcept nogil:
    cdef uint64_t a
    cdef uint32_t b
    memcpy(&a, &g.bi.pool[0][0], 8)
    memcpy(&b, &g.bi.pool[0][4], 4)
    return (a | b) == 0


cdef bint goldfish_direct(Rules* R, Game* g, Direct* d) noexcept nogil:
    """prepare_direct for the goldfish player (0): True with `d` filled in, False if the board
    needs the general search (`d` then as prepare_direct leaves it). Read off the live view
    (with the summoning-sick sources while something gives creatures haste) when no permanent
    changes what others make (prepare_direct's case that reads more than each permanent
    alone); else, or without shortcuts, prepared from scratch."""
    cdef Board b
    cdef uint8_t cp[MAXPERM]
    cdef int found
    cdef Direct check
    cdef uint32_t all_flags
    cdef bint haste = count_of(g, K_HASTE_GIVER) != 0
    cdef uint64_t masks = g.live_masks | (g.sick_masks if haste else 0), nonzero, ci = g.kinds[2]
    cdef unsigned int m
    cdef int16_t* pool
    cdef uint32_t units
    if not g.shortcuts or ci & 0xFF:    # CI_MANA_EFFECT (bit 0)
        b = game_board(g)
        return prepare_direct(R, &b, 0, cp, d) == 1
    nonzero = ((((ci & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL) | ci) >> 7) \
        & 0x0101010101010101ULL                          # bit 8k: byte k isn't 0, gathered
    all_flags = <uint32_t>((nonzero * 0x0102040810204080ULL) >> 56)      # into bit k
    d.all_flags = all_flags
    d.n_masks = 0
    d.total = 0
    while masks:                        # the masks in order, as prepare_direct has them
        m = mtgsim_ctz64(masks)
        masks &= masks - 1
        units = (g.live[m] & 0xFFFF) + ((g.sick[m] & 0xFFFF) if haste else 0)
        d.masks[d.n_masks] = <uint8_t>m
        d.counts[d.n_masks] = units
        d.total += units
        d.n_masks += 1
    pool = g.bi.pool[0]
    if pool[0] | pool[1] | pool[2] | pool[3] | pool[4] | pool[5]:
        add_pool(d, pool)
    found = (all_flags & CI_COMPLEX_MANA) == 0
    if g.check_views:
        b = game_board(g)
        if (prepare_direct(R, &b, 0, cp, &check) != found or check.all_flags != d.all_flags
                or check.n_masks != d.n_masks or check.total != d.total
                or memcmp(check.masks, d.masks, d.n_masks) != 0
                or memcmp(check.counts, d.counts, d.n_masks * sizeof(int32_t)) != 0):
            trace(g, TR_VIEW_FAULT, -1, g.n)
    return found


cdef inline bint board_costmod(Game* g) noexcept nogil:
    """Could a permanent in play change the cost of a spell? (scan_board's any_costmod: the
    goldfish never phases a permanent out, so it is the count of them.)"""
    return count_of(g, K_COSTMOD) > 0


cdef inline TotalCost* spell_cost(Rules* R, Spec* S, Game* g, int row, int x, bint kicked,
                                  int alternative, bint from_hand, TotalCost* buf) noexcept nogil:
    """Card `row`'s total cost cast with X = x (601.2f; alternative 1: flashback): the
    precomputed one while nothing changes it, else worked out into `buf` (or, for the plain
    X = 0 cast, into the memo, with its Hall demand if plain: see memo_key)."""
    if x == 0 and not kicked and alternative == 0 and (S.gf[row] & GF_BASE_COST) and not board_costmod(g):
        return &R.base_cost[row]
    return changed_cost(R, S, g, row, x, kicked, alternative, from_hand, buf)


cdef TotalCost* changed_cost(Rules* R, Spec* S, Game* g, int row, int x, bint kicked,
                             int alternative, bint from_hand, TotalCost* buf) noexcept nogil:
    """spell_cost when it isn't the precomputed one."""
    cdef Board b
    cdef bint plain = x == 0 and not kicked and alternative == 0
    cdef uint64_t key, counted
    if plain and g.shortcuts:
        key = memo_key(R, g, row, from_hand, &counted)
        if g.cost_memo_key[2 * row] == key and g.cost_memo_key[2 * row + 1] == counted:
            return &g.cost_memo[row]
        g.cost_memo_key[2 * row] = key
        g.cost_memo_key[2 * row + 1] = counted
        buf = &g.cost_memo[row]
    b = scanned_board(R, g)
    total_cost(R, &b, row, x, kicked, alternative, 0, from_hand, buf)
    if plain and g.shortcuts:
        if cost_is_plain(buf):
            hall_demand(buf, &g.need_memo[row])
        else:
            g.need_memo[row].total = -1     # (no Hall demand: hybrid or Phyrexian symbols)
    return buf


cdef inline uint64_t memo_key(Rules* R, Game* g, int row, bint from_hand, uint64_t* counted) noexcept nogil:
    """What a memoised cost of card `row` holds for: while no cost modifier in play reads the
    board, the multiset of permanents with cost modifiers in play, in this game or any other
    (their amounts are fixed and their filters read the spell alone), with `counted` the
    values of what the card's own modifiers count (GF_SELF_COUNTED: The Great Henge's greatest
    power; its modifiers' filters read the spell alone too), else 0; otherwise, or if
    costmod_set can't hold them, the game's generation."""
    cdef bint fixed = (count_of(g, K_DYNAMIC_COSTMOD) == 0 and g.n_costmod_wild == 0    # (its own
                       and (g.gf[row] & (GF_DYNAMIC_COST | GF_SELF_COUNTED)) != GF_DYNAMIC_COST)  # counted)
    cdef uint64_t gen = g.costmod_set if fixed else g.gen
    cdef Card* c
    cdef Board b
    cdef int k
    cdef bint left_hand
    counted[0] = 0
    if fixed and g.gf[row] & GF_SELF_COUNTED:
        c = &R.cards[row]
        b = game_board(g)
        left_hand = from_hand and g.bi.hand_size[0] > 0
        g.bi.hand_size[0] -= left_hand      # as total_cost counts (a power may count the hand)
        for k in range(c.n_costmod):        # (at most four count: 16 bits each)
            if R.costmods[c.costmod_first + k].amount.count >= 0:
                counted[0] = (counted[0] << 16) | <uint16_t>eval_amount(R, &b, R.costmods[c.costmod_first + k].amount, -1, 0, 0)
        g.bi.hand_size[0] += left_hand
    return ((gen << 2) | (<uint64_t>fixed << 1) | (from_hand != 0)) + 1


cdef inline HallDemand* known_demand(Rules* R, Spec* S, Game* g, int row, TotalCost* c) noexcept nogil:
    """The Hall demand of total cost c of card `row` (as spell_cost gave it) if it is worked
    out already (a plain precomputed or memoised cost), else NULL."""
    if c == &R.base_cost[row] and (S.gf[row] & GF_PLAIN):
        return &S.need[row]
    if c == &g.cost_memo[row] and g.need_memo[row].total >= 0:
        return &g.need_memo[row]
    return NULL


cdef inline bint payable_now(Rules* R, Spec* S, Game* g, ManaView* v, int row, TotalCost* c) noexcept nogil:
    """view_payable for total cost c of card `row` (c as spell_cost gave it), by its Hall
    demand when that is worked out already."""
    cdef HallDemand* h = known_demand(R, S, g, row, c)
    if h == NULL:
        return view_payable(R, g, v, c)
    if v.kind == 1:
        return hall_holds(h, &v.d)
    if v.part and g.shortcuts and hall_holds(h, &v.d):
        return True                      # (as view_payable: the simple sources alone pay it)
    return searched_payable(R, g, v, c, True)


cdef bint card_payable(Rules* R, Spec* S, Game* g, ManaView* v, int row, bint from_hand) noexcept nogil:
    """Could the board (as `v`, prepared now, sees it) pay card `row`'s total cost (X = 0)?"""
    cdef TotalCost buf
    if v.kind == 1 and beyond_reach(R, S, g, row, 0):
        return False                    # what the direct path would find
    return payable_now(R, S, g, v, row, spell_cost(R, S, g, row, 0, False, 0, from_hand, &buf))


cdef struct TrackedCosts:         # the tracked cards' distinct total costs (X = 0), each asked
    bint made                    # once a turn, while no cost modifier in play reads the board:
    uint64_t key                 # then costs are what the multiset of cost modifiers in play
    int n                        # (Game.costmod_set, the key) makes them (see memo_key)
    int16_t* of                  # per tracked card: the index of its cost, -1 asked alone
    int n_alone
    int16_t* alone               # the tracked cards asked alone
    int32_t* rep                 # per cost: the first tracked card with it,
    TotalCost* cost              # the cost,
    HallDemand* need             # if plain, its Hall demand (else need.total is -1),
    int64_t* castable            # and per turn, the games it was castable in (and with the
    int64_t* castable_hit        # land drops hit) not yet added to its cards' metrics


cdef inline TrackedCosts* tracked_costs(Rules* R, Spec* S, Game* g, Layout* L, int64_t* out) noexcept nogil:
    """The tracked cards' distinct costs as the cost modifiers in play make them, worked out
    when those change (a cost asked once answers for every card with it: card_payable reads
    nothing else of the card); while a modifier in play reads the board, or without shortcuts,
    every card is asked alone. A card whose own modifiers read the board is always asked
    alone. A cost doesn't depend on whether its card is in hand: a fixed modifier's amount
    counts nothing."""
    cdef Scratch* sc = <Scratch*>g.scratch
    cdef TrackedCosts* T
    if not g.shortcuts or count_of(g, K_DYNAMIC_COSTMOD) or g.n_costmod_wild:
        return &sc.tracked[2]
    T = &sc.tracked[0 if g.costmod_set == 0 else 1]
    if not (T.made and T.key == g.costmod_set):
        make_tracked_costs(R, S, g, T, L, out)
    return T


cdef void make_tracked_costs(Rules* R, Spec* S, Game* g, TrackedCosts* T, Layout* L,
                             int64_t* out) noexcept nogil:
    cdef TotalCost buf
    cdef TotalCost* c
    cdef int q, k, row
    add_tracked_counts(S, T, L, out)    # (what it counted under the set it held before)
    T.made = True
    T.key = g.costmod_set
    T.n = T.n_alone = 0
    for q in range(S.n_track):
        row = S.track[q]
        if S.gf[row] & GF_DYNAMIC_COST:          # (self-counted ones too)
            T.of[q] = -1
            T.alone[T.n_alone] = q
            T.n_alone += 1
            continue
        c = spell_cost(R, S, g, row, 0, False, 0, True, &buf)
        k = 0
        while k < T.n and memcmp(c, &T.cost[k], sizeof(TotalCost)) != 0:
            k += 1
        if k == T.n:
            T.cost[k] = c[0]
            T.rep[k] = row
            if cost_is_plain(c):
                hall_demand(c, &T.need[k])
            else:
                T.need[k].total = -1
            T.n += 1
        T.of[q] = k


cdef void add_tracked_counts(Spec* S, TrackedCosts* T, Layout* L, int64_t* out) noexcept nogil:
    """Add the games T's costs were castable in to their cards' metrics, and clear them."""
    cdef int q, k, t
    if not T.made:
        return
    for q in range(S.n_track):
        k = T.of[q]
        for t in range(S.turns if k >= 0 else 0):
            out[L.castable + q * S.turns + t] += T.castable[k * S.turns + t]
            out[L.castable_hit + q * S.turns + t] += T.castable_hit[k * S.turns + t]
    memset(T.castable, 0, T.n * S.turns * sizeof(int64_t))
    memset(T.castable_hit, 0, T.n * S.turns * sizeof(int64_t))


cdef inline void count_castable(int64_t* castable, int64_t* castable_hit, int k, bint hit) noexcept nogil:
    """One more game with entry k castable (castable_hit: with the land drops hit too)."""
    castable[k] += 1
    castable_hit[k] += hit


cdef bint view_payable(Rules* R, Game* g, ManaView* v, TotalCost* c) noexcept nogil:
    cdef bint plain = cost_is_plain(c)
    if v.kind == 1 and plain:
        return hall_payable(&v.d, c)
    if v.kind != 1 and v.part and plain and g.shortcuts and hall_payable(&v.d, c):
        return True                      # the simple sources alone pay it
    return searched_payable(R, g, v, c, plain)


cdef bint searched_payable(Rules* R, Game* g, ManaView* v, TotalCost* c, bint plain) noexcept nogil:
    """view_payable by the general search (`plain`: cost_is_plain(c))."""
    if v.kind != 2 or pays_life(c):      # the search, with life tracked if the cost pays life
        view_general(R, g, v, pays_life(c))
    if plain and v.kind == 2 and g.shortcuts and cost_total(c) > view_max_mana(R, g, v):
        return False                     # more than the board makes at most
    return cost_payable(&v.P, c, g.bi.life[0])


cdef int view_max_mana(Rules* R, Game* g, ManaView* v) noexcept nogil:
    if v.kind == 1:
        return v.d.total
    if v.kind != 2:
        view_general(R, g, v, False)
    if v.most < 0:
        v.most = max_mana(&v.P, ALLTYPES)
    return v.most


cdef struct Scratch:              # working memory for one chunk of games (allocated once)
    ManaView view                # the board's mana during a turn
    ManaView cast_view           # ...while choosing spells to cast
    Plan plan                    # a payment plan
    uint8_t* hand_count          # per card row: copies in hand (Game.hand_count)
    uint8_t* hand_pos            # (Game.hand_pos)
    uint8_t* in_play             # (Game.in_play)
    TotalCost* cost_memo         # (Game.cost_memo, .cost_memo_key, .need_memo)
    uint64_t* cost_memo_key
    HallDemand* need_memo
    TrackedCosts tracked[3]      # with no cost modifier in play, with the last other set of
                                 # them, and every card asked alone


cdef Scratch* new_scratch(Rules* R, int n_track, int turns) noexcept nogil:
    cdef Scratch* sc = <Scratch*>calloc(1, sizeof(Scratch))
    cdef int k, q, n = max(n_track, 1)
    cdef TrackedCosts* T
    if sc == NULL:
        return NULL
    for k in range(3):
        T = &sc.tracked[k]
        T.of = <int16_t*>malloc(n * sizeof(int16_t))
        T.alone = <int16_t*>malloc(n * sizeof(int16_t))
        T.rep = <int32_t*>malloc(n * sizeof(int32_t))
        T.cost = <TotalCost*>malloc(n * sizeof(TotalCost))
        T.need = <HallDemand*>malloc(n * sizeof(HallDemand))
        T.castable = <int64_t*>calloc(n * turns, sizeof(int64_t))
        T.castable_hit = <int64_t*>calloc(n * turns, sizeof(int64_t))
        if (T.of == NULL or T.alone == NULL or T.rep == NULL or T.cost == NULL or T.need == NULL
                or T.castable == NULL or T.castable_hit == NULL):
            free_scratch(sc)
            return NULL
    T = &sc.tracked[2]
    T.made = True
    T.n_alone = n_track
    for q in range(n_track):
        T.of[q] = -1
        T.alone[q] = q
    sc.hand_count = <uint8_t*>calloc(max(R.n_cards, 1), sizeof(uint8_t))
    sc.hand_pos = <uint8_t*>calloc(max(R.n_cards, 1), sizeof(uint8_t))
    sc.in_play = <uint8_t*>calloc(max(R.n_cards, 1), sizeof(uint8_t))
    sc.cost_memo = <TotalCost*>malloc(max(R.n_cards, 1) * sizeof(TotalCost))
    sc.cost_memo_key = <uint64_t*>calloc(2 * max(R.n_cards, 1), sizeof(uint64_t))
    sc.need_memo = <HallDemand*>malloc(max(R.n_cards, 1) * sizeof(HallDemand))
    if (sc.hand_count == NULL or sc.hand_pos == NULL or sc.in_play == NULL or sc.cost_memo == NULL
            or sc.cost_memo_key == NULL or sc.need_memo == NULL):
        free_scratch(sc)
        return NULL
    sc.view.gen = sc.cast_view.gen = 0
    sc.view.kind = sc.cast_view.kind = 0
    sc.view.simple = sc.cast_view.simple = False
    sc.view.board_gen = sc.cast_view.board_gen = 0
    return sc


cdef void free_scratch(Scratch* sc) noexcept nogil:
    cdef int k
    if sc != NULL:
        for k in range(3):
            free(sc.tracked[k].of)
            free(sc.tracked[k].alone)
            free(sc.tracked[k].rep)
            free(sc.tracked[k].cost)
            free(sc.tracked[k].need)
            free(sc.tracked[k].castable)
            free(sc.tracked[k].castable_hit)
        free(sc.hand_count)
        free(sc.hand_pos)
        free(sc.in_play)
        free(sc.cost_memo)
        free(sc.cost_memo_key)
        free(sc.need_memo)
        free(sc)


cdef void new_chunk(Rules* R, Game* g, Scratch* sc, Spec* S) noexcept nogil:
    g.scratch = sc
    g.direct = R.direct
    memset(g.live, 0, sizeof(g.live))
    memset(g.sick, 0, sizeof(g.sick))
    memset(g.all_units, 0, sizeof(g.all_units))
    g.live_masks = g.sick_masks = g.all_masks = 0
    g.unit_mask = R.unit_mask
    g.kinds[0] = g.kinds[1] = g.kinds[2] = 0
    g.kind_unit = S.kind_unit
    g.check_views = S.check_views
    g.gf = S.gf
    g.unit_of = S.units
    g.hand_count = sc.hand_count
    g.hand_pos = sc.hand_pos
    g.in_play = sc.in_play
    g.shortcuts = S.shortcuts
    g.counts_hand = S.counts_hand
    g.cost_memo = sc.cost_memo
    g.cost_memo_key = sc.cost_memo_key
    g.need_memo = sc.need_memo
    g.costmod_set = 0
    g.n_costmod_wild = 0
    g.costmod_code = S.costmod_code
    g.n = 0
    g.n_rows[0] = g.n_rows[1] = g.hand_n = g.hand_lands = 0
    g.gen = g.board_gen = 1
    g.sba_gen = 0
    g.scan_gen = 0


cdef bint pay(Rules* R, Game* g, TotalCost* c, ManaView* v) noexcept nogil:
    """Pay c the way the rules core plans it (601.2g–h); False if it can't be paid. `v`, if not
    NULL, is a view the planner may start from when it still describes the board."""
    cdef Plan* plan = &(<Scratch*>g.scratch).plan
    cdef Board b = scanned_board(R, g) if g.scan_gen == g.board_gen else game_board(g)
    cdef uint8_t cp[MAXPERM]           # (else scanned if a question needs it: a simple board's
                                       # plan asks none, unless of a summoning-sick creature)
    cdef int s, t, i, n_gone = 0
    cdef int16_t gone[MAXPERM]
    cdef ManaAbility* a
    cdef bint ok
    cdef Payment* ready = NULL
    if v != NULL and v.board_gen == g.board_gen and not v.simple and g.shortcuts:
        if v.kind == 2 and not g.counts_hand and not pays_life(c):
            ready = &v.P                # the view's search, prepared on this board (the spell
            memcpy(cp, v.cp, g.n)       # leaving the hand changes nothing it reads): used up
            v.kind = 3
        ok = plan_search(R, &b, 0, c, cp, plan, ready)      # (not a simple board: no direct plan)
    else:
        ok = plan_payment(R, &b, 0, c, cp, plan, &v.d if v != NULL and direct_view_holds(g, v) else NULL)
    if ok:
        for s in range(plan.n_steps):
            i = plan.step[s].perm
            for t in range(6):
                g.bi.pool[0][t] -= plan.step[s].spend.m[t]
            # (b's scan, if made, still holds: tapping and the pool don't change what it notes)
            a = &R.mana[mana_ability_row(R, &b, i, plan.step[s].ability)]
            if a.tap:
                set_flags(g, i, g.perms[i].flags | PF_TAPPED)
            if a.untap:
                set_flags(g, i, g.perms[i].flags & ~PF_TAPPED)
            g.bi.life[0] -= a.life
            for t in range(6):
                g.bi.pool[0][t] += plan.step[s].out.m[t]
            if a.effect >= 0:
                g.bi.life[0] += eval_amount(R, &b, R.effects[a.effect].gain_life, i, 0, 0)
                g.bi.life[0] -= eval_amount(R, &b, R.effects[a.effect].damage_to_you, i, 0, 0)
            if a.sacrifice_self:
                gone[n_gone] = i
                n_gone += 1
        for t in range(6):
            g.bi.pool[0][t] -= plan.spend.m[t]
        g.bi.life[0] -= plan.life
        for s in range(n_gone - 1, -1, -1):      # rows were taken in order: remove from the end
            remove_permanent(g, gone[s])
        board_changed(g)
    return ok


# ---- the play policy -------------------------------------------------------------------------------

cdef inline bint beyond_reach(Rules* R, Spec* S, Game* g, int row, int extra) noexcept nogil:
    """Certainly not payable now, or with permanents making `extra` more units of mana on
    the direct path added: card `row`'s plain base cost takes more units than the board's
    sources make at most, on a board that takes the direct path (where that decides it)."""
    return ((S.gf[row] & GF_PLAIN) != 0 and not board_costmod(g)
            and more_than_made(g, S.need[row].total, extra))


cdef inline bint more_than_made(Game* g, int mana, int extra) noexcept nogil:
    """`mana` units are more than the board's sources make at most (with `extra` more), on a
    board taking the direct path, with an empty pool."""
    return (g.shortcuts and count_of(g, K_MANA_FX) == 0 and g.n < 80 and pool_empty(g)
            and mana > g.units + extra)


cdef bint all_beyond_reach(Rules* R, Spec* S, Game* g, int extra) noexcept nogil:
    """beyond_reach for every spell in hand."""
    cdef int q
    for q in range(g.n_rows[0]):
        if not beyond_reach(R, S, g, g.rows[0][q], extra):
            return False
    return True


cdef int castable_spells(Rules* R, Spec* S, Game* g, ManaView* v) noexcept nogil:
    """How many distinct nonland cards in hand could be cast now."""
    cdef int q, n = 0
    for q in range(g.n_rows[0]):
        n += card_payable(R, S, g, v, g.rows[0][q], True)
    return n


cdef void colour_demand(Rules* R, Spec* S, Game* g, int* demand) noexcept nogil:
    """Per colour, the most symbols of it in one cost among the spells in hand and the
    tracked cards: how many sources of it the hand asks for."""
    cdef int k, t, row, kind
    cdef uint8_t* d
    for t in range(5):
        demand[t] = S.track_demand[t]
    for kind in range(2 if S.land_demand else 1):
        for k in range(g.n_rows[kind]):
            row = g.rows[kind][k]
            if not (S.gf[row] & GF_DEMAND):
                continue
            d = &S.demand[5 * row]
            for t in range(5):
                if d[t] > demand[t]:
                    demand[t] = d[t]


cdef int choose_land(Rules* R, Spec* S, Game* g, ManaView* v) noexcept nogil:
    """The land to play (305.1): the one that lets the most of the hand be cast now; then the
    one giving colours the hand (and the tracked cards) still lack sources of; then an
    untapped one; then the first in hand. Returns its index in the hand, or -1."""
    cdef int k, q, t, row, best = -1, score, best_score = -1, i, life
    cdef int demand[5]
    cdef int supply[5]
    cdef uint8_t cp
    if g.n_rows[1] == 0:
        return -1
    if g.n_rows[1] == 1:                     # one kind of land in hand: nothing to weigh
        return first_in_hand(g, g.rows[1][0])
    if S.lands_first:
        for k in range(g.hand_n):
            if S.gf[g.hand[k]] & GF_LAND:
                return k
    colour_demand(R, S, g, demand)
    for t in range(5):
        supply[t] = 0
    for k in range(g.n):
        if R.cards[g.perms[k].card].types & CT_LAND:
            for t in range(5):
                supply[t] += (R.static_cp[g.perms[k].card] >> t) & 1
    if g.n >= MAXPERM:
        return -1
    for q in range(g.n_rows[1]):             # each kind once; ties go to the first in hand
        row = g.rows[1][q]
        if (R.cards[row].n_enters == 0 and not (S.gf[row] & (GF_MANA_FX | GF_COSTMOD))
                and all_beyond_reach(R, S, g, g.unit_of[row])):
            score = 2                          # untapped, and no spell castable: no trial needed
        else:
            life = g.bi.life[0]
            i = add_permanent(R, S, g, row, False, 0)
            if i < 0:
                return -1
            view_prepare(R, g, v)
            score = 16 * castable_spells(R, S, g, v) + 2 * ((g.perms[i].flags & PF_TAPPED) == 0)
            enters_or_leaves(g, i, -1)
            g.n -= 1                       # take the trial land back
            count_permanent(g, row, -1)
            g.next_id -= 1
            g.bi.life[0] = life
            board_changed(g)
        cp = R.static_cp[row]
        for t in range(5):
            if supply[t] < demand[t] and (cp >> t) & 1:
                score += 4
        if score > best_score:
            best, best_score = first_in_hand(g, row), score
        elif score == best_score:
            k = first_in_hand(g, row)
            if k < best:
                best = k
    return best


cdef void play_land(Rules* R, Spec* S, Game* g, Rng* rng, ManaView* v) noexcept nogil:
    cdef int k = choose_land(R, S, g, v)
    cdef int row, i
    if k < 0:
        return
    row = g.hand[k]
    remove_from_hand(R, g, k)
    trace(g, TR_LAND, row, 0)
    i = add_permanent(R, S, g, row, False, 0)
    if i >= 0:
        enters_triggers(R, S, g, rng, i, False, 0)


cdef struct Cast:                 # one way to cast a spell, as the policy weighs it
    int32_t row
    int x
    bint kicked
    bint flashback               # from the graveyard for its flashback cost (702.34)
    int spend                    # mana it takes
    int64_t key                  # the policy's order: the highest is cast first
    TotalCost cost


cdef bint way_to_cast(Rules* R, Spec* S, Game* g, ManaView* v, int row, bint flashback,
                      int* most, Cast* out) noexcept nogil:
    """How the policy would cast card `row` now (from hand, or from the graveyard with
    flashback): X as large as can be paid and at least the policy's smallest X (107.3),
    kicked if the kicked cost can be paid too (702.33). False if it can't be paid."""
    cdef TotalCost buf, kicked_buf
    cdef TotalCost* c
    cdef TotalCost* kicked
    cdef HallDemand* h
    cdef int x = 0, alt = 1 if flashback else 0, cost_row, xs
    cdef int64_t mv, rank, first, a, b
    xs = 0
    if flashback or S.gf[row] & GF_X:
        cost_row = R.cards[row].flashback if flashback else R.cards[row].cost
        xs = R.costs[cost_row].x if cost_row >= 0 else 0
    if xs:
        if most[0] < 0:
            most[0] = view_max_mana(R, g, v)
            view_prepare(R, g, v)           # max_mana may have replaced the direct view
        x = most[0] // xs
        while x >= S.min_x:                 # the largest X that can be paid
            if payable_now(R, S, g, v, row, spell_cost(R, S, g, row, x, False, alt, not flashback, &buf)):
                break
            x -= 1
        if x < S.min_x:
            return False
    c = spell_cost(R, S, g, row, x, False, alt, not flashback, &buf)
    if not payable_now(R, S, g, v, row, c):
        return False                    # (kicked costs more: it can't be paid either)
    out.kicked = False
    if S.kicker and R.cards[row].kicker >= 0:
        kicked = spell_cost(R, S, g, row, x, True, alt, not flashback, &kicked_buf)
        if payable_now(R, S, g, v, row, kicked):
            c = kicked
            out.kicked = True
    out.row = row
    out.x = x
    out.flashback = flashback
    out.cost = c[0]
    h = known_demand(R, S, g, row, c)
    out.spend = h.total if h != NULL else cost_total(c)     # (a plain cost's demand: its total)
    mv = R.cards[row].mana_value
    rank = S.rank[row]
    first = 1000 - rank if rank > 0 else 0
    if S.spell_order == SO_MOST_MANA:
        a, b = out.spend, mv
    elif S.spell_order == SO_HIGHEST_MANA_VALUE:
        a, b = mv, out.spend
    else:
        a, b = 1000 - mv, out.spend
    out.key = (first << 40) | (a << 20) | b
    return True


cdef void cast_spells(Rules* R, Spec* S, Game* g, Rng* rng, int8_t* cast_turn, int turn,
                      ManaView* fresh) noexcept nogil:
    """Cast spells while one can be paid for, in the policy's order (by default the one
    spending the most mana first, then the highest mana value, then the first in hand); cards
    with flashback from the graveyard once nothing in hand can be cast. A second copy of a
    legendary permanent you control is not cast."""
    cdef ManaView* v = fresh if fresh != NULL else &(<Scratch*>g.scratch).cast_view
    cdef int k, q, best, row, i, most, effect
    cdef Cast way, chosen
    cdef bint better, any_way
    while True:
        if v != fresh:                         # `fresh` describes the board as it is now
            view_prepare(R, g, v)
        most = -1                              # the most mana the board makes (for X)
        best = -1                              # the first index in hand of the chosen row
        any_way = False
        for q in range(g.n_rows[0]):
            row = g.rows[0][q]
            if S.hold[row]:
                continue
            if S.gf[row] & GF_LEGENDARY and g.in_play[row]:
                continue
            if not way_to_cast(R, S, g, v, row, False, &most, &way):
                continue
            better = not any_way or way.key > chosen.key
            if any_way and way.key == chosen.key:    # ties go to the first in hand
                if best < 0:
                    best = first_in_hand(g, chosen.row)
                k = first_in_hand(g, row)
                better = k < best
                if better:
                    best = k
            elif better:
                best = -1
            if better:
                chosen = way
                any_way = True
        if not any_way and S.flashback:
            for q in range(g.n_flashback):
                row = g.flashback[q]
                if not S.hold[row] and way_to_cast(R, S, g, v, row, True, &most, &way) and (
                        not any_way or way.key > chosen.key):
                    chosen = way
                    any_way = True
        if not any_way:
            break
        row = chosen.row
        if chosen.flashback:                   # 601.2a: to the stack, then pay
            for q in range(g.n_flashback):
                if g.flashback[q] == row:
                    g.n_flashback -= 1
                    g.flashback[q] = g.flashback[g.n_flashback]
                    break
        else:
            remove_from_hand(R, g, best if best >= 0 else first_in_hand(g, row))
        if not pay(R, g, &chosen.cost, v):     # can't happen: payable was just checked
            break
        v = &(<Scratch*>g.scratch).cast_view   # the board has changed
        g.spent += chosen.spend
        trace(g, TR_CAST, row, chosen.spend)
        q = S.tracked_as[row]
        if q >= 0 and cast_turn[q] == <int8_t>NOT_CAST:
            cast_turn[q] = turn
        if count_of(g, K_CAST_TRIGGER):
            cast_triggers(R, S, g, rng, row)
        if R.cards[row].types & (CT_ARTIFACT | CT_CREATURE | CT_ENCHANTMENT | CT_PLANESWALKER | CT_BATTLE):
            i = add_permanent(R, S, g, row, False, chosen.x)     # enters with X counters (107.3m)
            if i >= 0:
                enters_triggers(R, S, g, rng, i, False, chosen.x)
        else:
            effect = R.cards[row].spell_effect
            if chosen.kicked and R.cards[row].kicked_effect >= 0:
                effect = R.cards[row].kicked_effect
            apply_effect(R, S, g, rng, effect, -1, -1, chosen.x)
            if (not chosen.flashback and R.cards[row].flashback >= 0       # to the graveyard;
                    and g.n_flashback < MAXFLASHBACK):                     # flashback: exiled
                g.flashback[g.n_flashback] = row
                g.n_flashback += 1
            state_based_actions(R, S, g, rng)


cdef int copy_target(Rules* R, Game* g) noexcept nogil:
    """The creature to copy: the one with the greatest power (a nontoken one on ties); never
    a legendary one (704.5j would put one of the two into the graveyard at once)."""
    cdef int i, best = -1, p, best_p = -1000
    cdef Board b = game_board(g)
    for i in range(g.n):
        if not (R.cards[g.perms[i].card].types & CT_CREATURE) or g.gf[g.perms[i].card] & GF_LEGENDARY:
            continue
        p = power_of(R, &b, i) * 2 + ((g.perms[i].flags & PF_TOKEN) == 0)
        if p > best_p:
            best, best_p = i, p
    return best


cdef void use_abilities(Rules* R, Spec* S, Game* g, Rng* rng) noexcept nogil:
    """After casting: activate, once each, the non-mana abilities whose effect the simulator
    knows (a token copy — The Fire Crystal —, counters, land search, cards) when their cost
    can be paid, the source's own {T} excluded from paying (602.2). A creature that could
    attack keeps its {T} for combat."""
    cdef ManaView* v = &(<Scratch*>g.scratch).cast_view
    cdef int i, k, object_id, target, n_seen = 0, j, copy
    cdef int seen[MAXPERM]
    cdef Activated* a
    cdef Effect* e
    cdef TotalCost tc
    cdef Board b
    cdef bint useful, ok
    cdef uint16_t saved
    cdef bint used
    i = 0
    while i < g.n:
        if not (S.gf[g.perms[i].card] & GF_ACTIVATED):
            i += 1                               # nothing to use (and nothing moves)
            continue
        object_id = g.perms[i].object_id
        for j in range(n_seen):
            if seen[j] == object_id:
                object_id = -1
        if object_id < 0:
            i += 1
            continue
        seen[n_seen] = object_id
        n_seen += 1
        used = False
        for k in range(R.cards[g.perms[i].card].n_activated):
            a = &R.activated[R.cards[g.perms[i].card].activated_first + k]
            if a.effect < 0:
                continue
            e = &R.effects[a.effect]
            useful = (e.token_copy or e.lands_to_battlefield or e.lands_to_hand
                      or e.draw.fixed or e.counters[0] or e.counters_count[0] >= 0)
            if not useful or a.untap:
                continue
            b = game_board(g)
            if a.tap and (g.perms[i].flags & PF_TAPPED or summoning_sick(R, g, &b, i)):
                continue
            if a.tap and R.cards[g.perms[i].card].types & CT_CREATURE and power_of(R, &b, i) > 0:
                continue                         # a creature that can attack keeps its {T} for combat
            memset(&tc, 0, sizeof(TotalCost))
            add_cost(R, a.cost, 0, &tc)
            if cost_is_plain(&tc) and more_than_made(g, cost_total(&tc), 0):
                continue                         # (what view_payable would find)
            target = copy_target(R, g) if e.token_copy else i
            if e.token_copy and target < 0:
                continue
            saved = g.perms[i].flags
            if a.tap:                            # {T} first (602.2b): the source can't also
                set_flags(g, i, g.perms[i].flags | PF_TAPPED)   # make mana for the rest of the cost
                board_changed(g)
            view_prepare(R, g, v)
            ok = view_payable(R, g, v, &tc) and a.life <= g.bi.life[0] and pay(R, g, &tc, v)
            i = find_object(g, object_id)
            if not ok:
                if g.perms[i].flags != saved:
                    set_flags(g, i, saved)
                    board_changed(g)
                continue
            g.bi.life[0] -= a.life
            board_changed(g)
            g.spent += cost_total(&tc)
            trace(g, TR_ACTIVATE, g.perms[i].card, cost_total(&tc))
            if e.token_copy:                     # 707.2: copiable values only; X is 0
                copy = add_permanent(R, S, g, g.perms[target].card, True, 0)
                if copy >= 0:
                    if e.sacrifice_at_end:
                        g.perms[copy].flags |= PF_SACRIFICE_AT_END
                        g.n_sacrifice_at_end += 1
                    enters_triggers(R, S, g, rng, copy, True, 0)
            else:
                apply_effect(R, S, g, rng, a.effect, i, i, 0)
            i = find_object(g, object_id)
            if a.sacrifice_self and i >= 0:
                remove_permanent(g, i)
            state_based_actions(R, S, g, rng)
            used = True
            break
        if used:
            i = 0                                # rows may have moved: look again from the top
        else:
            i += 1


cdef void combat(Rules* R, Game* g) noexcept nogil:
    """Attack with every creature able to (508.1); no blockers: their power to the opponent."""
    cdef int i, damage = 0, p
    cdef Board b = game_board(g)
    for i in range(g.n):
        if not (R.cards[g.perms[i].card].types & CT_CREATURE) or g.perms[i].flags & PF_TAPPED:
            continue
        if summoning_sick(R, g, &b, i):
            continue
        p = power_of(R, &b, i)
        if p > 0:
            damage += p
        if not (R.cards[g.perms[i].card].keywords & KW_VIGILANCE):
            set_flags(g, i, g.perms[i].flags | PF_TAPPED)
    g.opp_life -= damage
    board_changed(g)
    trace(g, TR_ATTACK, -1, damage)


cdef void end_of_turn(Game* g) noexcept nogil:
    """End step: tokens made to be sacrificed go; the pool empties (106.4, 514). (Cleanup's
    removal of damage and "until end of turn" effects, 514.2, has nothing to do: no goldfish
    effect marks damage or pumps a creature.)"""
    cdef int i = g.n - 1
    while i >= 0 and g.n_sacrifice_at_end:
        if g.perms[i].flags & PF_SACRIFICE_AT_END:
            remove_permanent(g, i)
        i -= 1
    memset(g.bi.pool, 0, sizeof(g.bi.pool))
    board_changed(g)


# ---- one game, and chunks of games ----------------------------------------------------------------

cdef void play_game(Rules* R, Spec* S, Game* g, Rng* rng, Layout* L, int64_t* out,
                    int32_t* trace_buf, int trace_cap) noexcept nogil:
    """One game: mulligans, then the turns, adding its metrics to `out` (castable counts of
    tracked cards sharing a cost, at the chunk's end: end_chunk). `g.scratch` must be set;
    everything else of `g` is set up here (only what a game reads: no full clear)."""
    cdef int t, q, k, lands, mana, killed = 0, turn
    cdef ManaView* v = &(<Scratch*>g.scratch).view
    cdef bint castable, hit
    cdef TrackedCosts* costs
    cdef int8_t cast_turn[MAXTRACK]
    for k in range(g.n):                         # the last game's permanents
        g.in_play[g.perms[k].card] = 0
    g.lib_n = g.bottom_n = g.bottom_next = g.n = 0
    g.kinds[0] = g.kinds[1] = g.kinds[2] = 0
    g.units = g.n_sacrifice_at_end = g.n_costmod_wild = 0
    g.costmod_set = 0
    g.m1m1 = g.new_legend = False
    live_clear(g)
    g.all_masks = cleared(g.all_units, g.all_masks)     # (a new game: no permanents)
    hand_clear(g)
    memset(&g.bi, 0, sizeof(BoardInfo))
    g.spent = 0
    g.n_flashback = 0
    g.trace = trace_buf
    g.trace_cap = trace_cap
    g.trace_n = 0
    memcpy(g.library, S.deck, S.deck_n * sizeof(int32_t))
    g.lib_n = S.deck_n
    g.bi.life[0] = g.bi.life[1] = 20
    g.opp_life = 20
    g.next_id = 1
    board_changed(g)                                   # a new board: nothing worked out holds
    for q in range(S.n_track):
        cast_turn[q] = <int8_t>NOT_CAST
    mulligan(R, S, g, rng)
    trace(g, TR_KEEP, -1, g.hand_n)
    out[L.kept + g.hand_n if g.hand_n < 8 else L.kept + 7] += 1
    for turn in range(1, S.turns + 1):
        t = turn - 1
        g.bi.turn = turn
        g.bi.last_turn_start[0] = turn          # the goldfish opponent takes no turns
        untap_all(g)
        board_changed(g)
        trace(g, TR_TURN, -1, 0)
        if not (turn == 1 and S.on_play):        # 103.8a
            draw(R, g, rng)
        if g.trace != NULL:
            for k in range(g.hand_n):
                trace(g, TR_HAND, g.hand[k], 0)
        play_land(R, S, g, rng, v)
        lands = count_of(g, K_LANDS)
        out[L.lands + t] += lands
        out[L.lands_sq + t] += lands * lands
        view_prepare(R, g, v)
        mana = view_max_mana(R, g, v)
        trace(g, TR_MANA, -1, mana)
        out[L.mana + t] += mana
        out[L.mana_sq + t] += mana * mana
        hit = lands >= turn
        if hit:
            out[L.hit + t] += 1
        costs = tracked_costs(R, S, g, L, out)  # castable now: after the land drop, before spells
        for k in range(costs.n):                # each distinct cost once
            if v.kind == 1 and costs.need[k].total >= 0:
                castable = hall_holds(&costs.need[k], &v.d)    # (as card_payable decides it)
            else:
                castable = card_payable(R, S, g, v, costs.rep[k], True)
            if castable:
                count_castable(costs.castable, costs.castable_hit, k * S.turns + t, hit)
        for q in costs.alone[:costs.n_alone]:
            if card_payable(R, S, g, v, S.track[q], g.hand_count[S.track[q]] > 0):
                count_castable(out + L.castable, out + L.castable_hit, q * S.turns + t, hit)
        g.spent = 0
        if g.n_flashback or (g.n_rows[0] and not all_beyond_reach(R, S, g, 0)):
            cast_spells(R, S, g, rng, cast_turn, turn, v)
        if S.abilities and count_of(g, K_ACTIVATED):
            use_abilities(R, S, g, rng)
        out[L.spent + t] += g.spent
        out[L.spent_sq + t] += g.spent * g.spent
        if S.attack and count_of(g, K_CREATURES):
            combat(R, g)
        elif S.attack:
            trace(g, TR_ATTACK, -1, 0)          # nothing to attack with
        if not killed and g.opp_life <= 0:
            killed = turn
            out[L.kill + t] += 1
        trace(g, TR_LIFE, -1, g.opp_life)
        end_of_turn(g)
    if not killed:
        out[L.kill + S.turns] += 1
    for q in range(S.n_track):
        k = cast_turn[q] - 1 if cast_turn[q] != <int8_t>NOT_CAST else S.turns
        out[L.first_cast + q * (S.turns + 1) + k] += 1
    out[L.games] += 1


def goldfish_flags(CoreTables core):
    """Per card row, its GoldfishFlags, and its colour demand (5 bytes a card): the arrays
    the Spec points into."""
    cdef Rules* R = &core.R
    flags = np.zeros(max(R.n_cards, 1), dtype=np.uint16)
    units = np.zeros(max(R.n_cards, 1), dtype=np.uint8)
    demands = np.zeros(5 * max(R.n_cards, 1), dtype=np.uint8)
    needs = np.zeros(sizeof(HallDemand) * max(R.n_cards, 1), dtype=np.uint8)   # HallDemand rows
    cdef uint16_t[::1] f = flags
    cdef uint8_t[::1] un = units
    cdef uint8_t[::1] dm = demands
    cdef HallDemand* nd = <HallDemand*>cnp.PyArray_DATA(needs)
    cdef TotalCost* bc
    cdef int row, k, t, n, counted
    cdef bint self_counted
    cdef uint16_t v
    cdef Card* c
    cdef Cost* cost
    cdef Activated* a
    cdef Effect* e
    cdef CostModifier* m
    for row in range(R.n_cards):
        c = &R.cards[row]
        v = 0
        if c.cost >= 0:
            cost = &R.costs[c.cost]
            for t in range(5):
                n = cost.pips[t] + cost.phyrexian[t] + cost.mono_hybrid[t] + cost.colorless_hybrid[t]
                dm[5 * row + t] = n if n < 255 else 255
                if n:
                    v |= GF_DEMAND
        if c.types & CT_LAND:
            v |= GF_LAND
        if c.n_costmod == 0 and R.base_cost != NULL:
            v |= GF_BASE_COST
            bc = &R.base_cost[row]
            if cost_is_plain(bc) and bc.minimum == 0:
                v |= GF_PLAIN
                hall_demand(bc, &nd[row])
        for k in range(c.n_activated):          # as use_abilities chooses them
            a = &R.activated[c.activated_first + k]
            if a.effect < 0 or a.untap:
                continue
            e = &R.effects[a.effect]
            if (e.token_copy or e.lands_to_battlefield or e.lands_to_hand
                    or e.draw.fixed or e.counters[0] or e.counters_count[0] >= 0):
                v |= GF_ACTIVATED
        if c.n_triggered:
            v |= GF_TRIGGERED
        for k in range(c.n_triggered):
            if R.triggered[c.triggered_first + k].event == EV_YOU_CAST_SPELL:
                v |= GF_CAST_TRIGGER
        if R.info[row] & CI_COSTMOD:
            v |= GF_COSTMOD
        counted = 0
        self_counted = c.n_costmod > 0
        for k in range(c.n_costmod):
            m = &R.costmods[c.costmod_first + k]
            if m.amount.count >= 0 or m.while_untapped:
                v |= GF_DYNAMIC_COST
            if m.amount.count >= 0:
                counted += 1
                if R.counts[m.amount.count].what in (CO_CARDS_IN_HAND, CO_X):
                    self_counted = False
            if m.scope != SS_SELF or m.while_untapped:
                self_counted = False
        if v & GF_DYNAMIC_COST and self_counted and counted <= 4:
            v |= GF_SELF_COUNTED
        if c.types & CT_CREATURE:
            v |= GF_CREATURE
            if c.toughness_star or c.toughness <= 0:
                v |= GF_MAY_DIE
        if c.supertypes & ST_LEGENDARY:
            v |= GF_LEGENDARY
        if c.cost >= 0 and R.costs[c.cost].x:
            v |= GF_X
        if R.info[row] & (CI_MANA_EFFECT | CI_COMPLEX_MANA):
            v |= GF_MANA_FX
        un[row] = R.unit_count[row] if R.unit_mask[row] else 0
        f[row] = v
    return flags, demands, needs, units


def haste_givers(tables, int n_cards):
    """Per card row: does it give creatures you control haste (scan_board's GRANTS_HASTE)?"""
    out = np.zeros(n_cards, dtype=bool)
    for row, card in enumerate(tables.cards):
        out[row] = any(tables.grants[card["grant_first"] + k]["grant"] == GR_HASTE
                       and tables.grants[card["grant_first"] + k]["to"] == GT_CREATURES_YOU_CONTROL
                       for k in range(card["n_grant"]))
    return out


def kind_units(CoreTables core, flags):
    """Per card row, the three words count_permanent adds to Game.kinds for it: 1 in the
    byte of each Kind it is of."""
    cdef Rules* R = &core.R
    n_cards = len(flags)
    f = flags.astype(np.int64)
    info = np.zeros(n_cards, dtype=np.int64)
    if R.n_cards:
        info[:R.n_cards] = np.asarray(<uint32_t[:R.n_cards]>R.info) & 0x7F
    of_kind = {K_LANDS: f & GF_LAND, K_COSTMOD: f & GF_COSTMOD, K_TRIGGERED: f & GF_TRIGGERED,
               K_MANA_FX: f & GF_MANA_FX, K_ACTIVATED: f & GF_ACTIVATED, K_CREATURES: f & GF_CREATURE,
               K_MAY_DIE: f & GF_MAY_DIE, K_LEGENDARY: f & GF_LEGENDARY,
               K_DYNAMIC_COSTMOD: (f & (GF_COSTMOD | GF_DYNAMIC_COST)) == (GF_COSTMOD | GF_DYNAMIC_COST),
               K_CAST_TRIGGER: f & GF_CAST_TRIGGER, K_HASTE_GIVER: haste_givers(core.tables, n_cards),
               **{K_CI + k: (info >> k) & 1 for k in range(7)}}
    units = np.zeros((n_cards, 3), dtype=np.uint64)
    for kind, has in of_kind.items():
        units[:, kind // 8] |= (np.asarray(has) != 0).astype(np.uint64) << np.uint64(8 * (kind % 8))
    return units.reshape(-1)


cdef class GoldfishSpec:
    """What `run_chunks` and `trace_games` simulate: the deck, turns, mulligan ranges, tracked
    cards and play policy (`policy`: PlayPolicy.arrays()), compiled for the turn loop."""
    cdef Spec S
    cdef CoreTables core
    cdef object _keep                  # the arrays the Spec points into

    def __init__(self, CoreTables core, deck, int turns, bint on_play, keep_lo, keep_hi, track,
                 int chosen_color, dict policy):
        if not 1 <= turns <= MAXTURNS:
            raise ValueError(f"turns must be 1..{MAXTURNS}")
        if not 7 <= len(deck) <= MAXLIB:
            raise ValueError(f"a deck has 7..{MAXLIB} cards here")
        if len(track) > MAXTRACK:
            raise ValueError(f"at most {MAXTRACK} tracked cards")
        if len(set(np.asarray(track).tolist())) != len(track):
            raise ValueError("a card is tracked twice")
        n_cards = max(core.R.n_cards, 1)
        flags, demands, needs, units = goldfish_flags(core)
        keep = {"deck": np.ascontiguousarray(deck, dtype=np.int32),
                "track": np.ascontiguousarray(track, dtype=np.int32),
                "flags": flags, "demands": demands, "needs": needs, "units": units,
                "rank": np.ascontiguousarray(policy["rank"], dtype=np.int16),
                "hold": np.ascontiguousarray(policy["hold"], dtype=np.uint8)}
        if len(keep["rank"]) < n_cards or len(keep["hold"]) < n_cards:
            raise ValueError("policy arrays need one entry per card row")
        self.core = core
        self._keep = keep
        self.S.deck = <int32_t*>cnp.PyArray_DATA(keep["deck"])
        self.S.deck_n = len(deck)
        self.S.turns = turns
        self.S.on_play = on_play
        for k in range(8):
            self.S.keep_lo[k] = keep_lo[k]
            self.S.keep_hi[k] = keep_hi[k]
        self.S.track = <int32_t*>cnp.PyArray_DATA(keep["track"]) if len(track) else NULL
        keep["tracked_as"] = np.full(n_cards, -1, dtype=np.int16)
        keep["tracked_as"][keep["track"]] = np.arange(len(track), dtype=np.int16)
        self.S.tracked_as = <int16_t*>cnp.PyArray_DATA(keep["tracked_as"])
        self.S.n_track = len(track)
        self.S.chosen_color = chosen_color
        self.S.gf = <uint16_t*>cnp.PyArray_DATA(flags)
        self.S.units = <uint8_t*>cnp.PyArray_DATA(units)
        self.S.demand = <uint8_t*>cnp.PyArray_DATA(demands)
        self.S.need = <HallDemand*>cnp.PyArray_DATA(needs)
        self.S.lands_first = policy["lands"] == 1
        self.S.spell_order = policy["spells"]
        self.S.rank = <int16_t*>cnp.PyArray_DATA(keep["rank"])
        self.S.hold = <uint8_t*>cnp.PyArray_DATA(keep["hold"])
        self.S.kicker = policy["kicker"]
        self.S.flashback = policy["flashback"]
        self.S.min_x = policy["x"]
        self.S.abilities = policy["abilities"]
        self.S.attack = policy["attack"]
        self.S.shortcuts = True
        self.S.check_views = False
        code = np.zeros(n_cards, dtype=np.uint64)
        for j, row in enumerate(np.flatnonzero(flags[:n_cards] & GF_COSTMOD)[:15]):
            code[row] = np.uint64(1) << np.uint64(4 * j)
        keep["costmod_code"] = code
        self.S.costmod_code = <uint64_t*>cnp.PyArray_DATA(code)
        keep["kind_unit"] = kind_units(core, flags)
        self.S.kind_unit = <uint64_t*>cnp.PyArray_DATA(keep["kind_unit"])
        self.S.counts_hand = bool(np.any(core.tables.counts["what"] == CO_CARDS_IN_HAND))
        spec_demand(&self.S)


cdef GoldfishSpec spec_copy(GoldfishSpec spec):
    cdef GoldfishSpec copy = GoldfishSpec.__new__(GoldfishSpec)
    copy.S = spec.S
    copy.core = spec.core
    copy._keep = spec._keep
    return copy


def without_shortcuts(GoldfishSpec spec):
    """The same spec, played without the shortcuts (what tests compare the fast path with)."""
    cdef GoldfishSpec slow = spec_copy(spec)
    slow.S.shortcuts = False
    return slow


def checking_views(GoldfishSpec spec):
    """The same spec, checking each live view against prepare_direct's (tests: a difference
    is traced as TR_VIEW_FAULT)."""
    cdef GoldfishSpec checked = spec_copy(spec)
    checked.S.check_views = True
    return checked


def run_chunks(GoldfishSpec spec, list generators, int64_t[::1] games, int64_t[:, ::1] out,
               int threads=1):
    """Play games[c] goldfish games with generators[c] for each chunk c, adding the metrics to
    out[c] (laid out by `metric_offsets`). Chunks are independent: any number of threads gives
    the same numbers."""
    cdef Spec* S = &spec.S
    cdef Rules* R = &spec.core.R
    cdef Layout L = metric_layout(S.n_track, S.turns)
    cdef Py_ssize_t c, n_chunks = len(generators)
    cdef bitgen_t** rngs
    cdef uint8_t[::1] is_pcg = np.array([type(gen.bit_generator) is np.random.PCG64 for gen in generators]
                                        + [False], dtype=np.uint8)
    if out.shape[0] != n_chunks or out.shape[1] != L.size or games.shape[0] != n_chunks:
        raise ValueError("out must be (chunks, metric size) and games one entry per chunk")
    rngs = <bitgen_t**>malloc(max(n_chunks, 1) * sizeof(bitgen_t*))
    if rngs == NULL:
        raise MemoryError()
    try:
        for c in range(n_chunks):
            rngs[c] = <bitgen_t*>PyCapsule_GetPointer(generators[c].bit_generator.capsule, "BitGenerator")
        with nogil:
            for c in prange(n_chunks, schedule="dynamic", num_threads=max(1, threads)):
                run_chunk(R, S, rngs[c], is_pcg[c], games[c], &L, &out[c, 0])
    finally:
        free(rngs)


cdef void spec_demand(Spec* S) noexcept nogil:
    """S.track_demand, S.land_demand, S.deck_colours and S.deck_lands, once S.gf, S.demand
    and the tracked cards are set."""
    cdef int q, t, row
    for t in range(5):
        S.track_demand[t] = 0
    for q in range(S.n_track):
        row = S.track[q]
        if S.gf[row] & GF_DEMAND:
            for t in range(5):
                if S.demand[5 * row + t] > S.track_demand[t]:
                    S.track_demand[t] = S.demand[5 * row + t]
    S.land_demand = False
    S.deck_colours = 0
    S.deck_lands = 0
    for q in range(S.deck_n):
        row = S.deck[q]
        S.deck_lands += (S.gf[row] & GF_LAND) != 0
        if S.gf[row] & GF_LAND and S.gf[row] & GF_DEMAND:
            S.land_demand = True
        if not (S.gf[row] & GF_LAND):
            for t in range(5):
                if S.demand[5 * row + t]:
                    S.deck_colours |= 1 << t


cdef void end_chunk(Spec* S, Scratch* sc, Layout* L, int64_t* out) noexcept nogil:
    """What the chunk's games leave to add to its metrics: the counts of the tracked costs."""
    add_tracked_counts(S, &sc.tracked[0], L, out)
    add_tracked_counts(S, &sc.tracked[1], L, out)


cdef void run_chunk(Rules* R, Spec* S, bitgen_t* bg, bint is_pcg64, int64_t n_games, Layout* L,
                    int64_t* out) noexcept nogil:
    cdef Game* g = <Game*>malloc(sizeof(Game))
    cdef Scratch* scratch = new_scratch(R, S.n_track, S.turns)
    cdef int64_t k
    cdef Rng rng
    cdef Rng* rng_p = &rng
    rng_init(&rng, bg, is_pcg64)
    if g != NULL and scratch != NULL:
        new_chunk(R, g, scratch, S)
        for k in range(n_games):
            play_game(R, S, g, rng_p, L, out, NULL, 0)
        end_chunk(S, scratch, L, out)
    free_scratch(scratch)
    free(g)


def trace_games(GoldfishSpec spec, generator, int games):
    """Play `games` games with `generator` (the first chunk's) and return their events as an
    (n, 4) array of (TraceEvent, turn, card row, value)."""
    cdef Spec* S = &spec.S
    cdef Layout L = metric_layout(S.n_track, S.turns)
    cdef Game* g = <Game*>malloc(sizeof(Game))
    cdef Scratch* scratch = new_scratch(&spec.core.R, spec.S.n_track, spec.S.turns)
    cdef bitgen_t* bg = <bitgen_t*>PyCapsule_GetPointer(generator.bit_generator.capsule, "BitGenerator")
    cdef Rng rng
    rng_init(&rng, bg, type(generator.bit_generator) is np.random.PCG64)
    cdef int k, cap = 4 * 4096
    cdef int64_t[::1] out = np.zeros(L.size, dtype=np.int64)
    events = np.zeros(cap * max(1, games), dtype=np.int32)
    cdef int32_t[::1] ev = events
    cdef int used = 0
    if g == NULL or scratch == NULL:
        free(g)
        free_scratch(scratch)
        raise MemoryError()
    new_chunk(&spec.core.R, g, scratch, S)
    try:
        for k in range(games):
            ev[used] = TR_GAME
            ev[used + 3] = k
            used += 4
            play_game(&spec.core.R, S, g, &rng, &L, &out[0], &ev[used], cap - 4)
            used += g.trace_n
        end_chunk(S, scratch, &L, &out[0])
    finally:
        free_scratch(scratch)
        free(g)
    return events[:used].reshape(-1, 4)

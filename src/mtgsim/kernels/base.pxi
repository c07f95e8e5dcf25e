# The foundation every kernel stands on: the C imports, the compile-time limits, the module
# constants, the internal structs (Rules: the compiled tables; Board: one game's permanents;
# Vec, Options) and the small inline helpers. Uses only _core.pxd.

# =============================================================================================
# The rules kernels. Everything below reads the compiled tables through `Rules` and one game's
# permanents through `Board`; nothing allocates Python objects, so it all runs without the GIL.
# The semantics are specified in docs/rules-core.md.
# =============================================================================================

from libc.string cimport memset, memcpy, memmove
from libc.stdlib cimport malloc, free
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from cython.parallel cimport prange

DEF MAXOPT = 64          # distinct outputs one permanent's mana abilities can have
DEF MAXMANA = 16         # printed mana abilities of one card (checked as tables are made); a
                         # static grant adds one more row, so row buffers hold MAXMANA + 1
DEF MAXBOARD = 256       # permanents on one board of the one-board and batch entry points
DEF MAXINPUT = 8         # units of mana in one mana ability's activation cost (checked likewise)
DEF MAXUNIT = 512        # units of mana supply in one payment check
DEF MAXDEMAND = 512      # units of mana demand in one payment check
DEF MAXBRANCH = 12       # sources that need a search (the rest are matched directly)
DEF MAXREPLACE = 6       # replacement effects applying to one tapping (every order is tried)
DEF ALLTYPES = 63
DEF SNOW_BIT = 64        # a unit of mana from a snow source (pays {S}, 107.4h)
DEF DIRECT_SICK_SHIFT = 31   # Rules.direct: the card is a creature without haste
DEF DIRECT_BAD = 1 << 30     # Rules.direct: a padding row past the last card   # boards ahead whose permanents are fetched into cache early
DEF MAXCHOICE = 64       # symbols of one cost whose way of paying is chosen (601.2b)
DEF MAXMODS = 64         # cost modifiers total_cost lists (the spell's and the board's: the
                         # entry points check, limits_met; the goldfish's setup, its deck)
DEF MAXCHOOSE = 10       # ...of which both ways are tried (2**10 alternatives at most)
DEF ALLCOLORS = 31
DEF BIG = 30000
DEF MAXRPOOL = 4         # restricted entries in one player's mana pool (BoardInfo.restricted)
DEF MAXCLASS = 7         # distinct spending restrictions told apart in one payment (106.6)
DEF CLASS_NEVER = 128    # the class of restricted mana past MAXCLASS: it pays for nothing
DEF ALLCLASSES = 127
DEF MAXRUNIT = 64        # units of restricted mana in the pool one payment check reads
DEF MAXPLANR = 104       # restricted mana records of one plan: (MAXBRANCH + 1) * MAXCLASS
                         # spent (on the cost and converters), MAXBRANCH made: never full

MAX_RESTRICTED_POOL = MAXRPOOL          # the limits, for the Python layer's checks
MAX_RESTRICTED_UNITS = MAXRUNIT
DEF VEC_MAX = 32767      # a Vec's amounts are int16
DEF MAXX = 1000          # X of a spell (107.3): the one-board and batch entry points check it;
                         # the goldfish casts with at most this X

# Per type mask: a 1 in the 10-bit field of each of its types (see direct_mana).
cdef uint64_t SPREAD[64]
SPREAD[:] = [sum(1 << (10 * t) for t in range(6) if m >> t & 1) for m in range(64)]

# The masks of mana[t] (W U B R G C) and mana[total].
cdef uint8_t MANA_MASKS[7]
MANA_MASKS[:] = [1, 2, 4, 8, 16, 32, ALLTYPES]

# The ten two-colour hybrid pairs in the order rule 107.4 lists them (bit masks W=1 .. G=16).
cdef uint8_t HYBRID_PAIRS[10]
HYBRID_PAIRS[:] = [3, 5, 6, 10, 12, 20, 24, 9, 17, 18]
HYBRID_PAIR_MASKS = tuple(HYBRID_PAIRS[i] for i in range(10))

# Per-card summary flags, computed once per table set (see `card_summaries`).
cdef enum CardInfoFlag:
    CI_MANA_EFFECT = 1       # changes what other permanents make: replacements, triggers,
                             # granted mana abilities, could-produce references
    CI_COMPLEX_MANA = 2      # a mana ability the direct path can't summarise as units
    CI_COSTMOD = 4           # has cost modifiers for spells other than itself (a "this spell
                             # costs less" one never applies from the battlefield)
    CI_HASTE_GRANT = 8       # gives creatures haste
    CI_CREATURE = 16
    CI_HASTE = 32            # has haste itself


cdef struct Rules:
    Card* cards
    int n_cards
    Cost* costs
    Hybrid* hybrids
    Count* counts
    Effect* effects
    ManaAbility* mana
    int n_mana
    SpendRestriction* restrictions
    int n_restrictions
    CostModifier* costmods
    ManaTrigger* mtrig
    ManaReplacement* mrep
    GrantRow* grants
    Enters* enters
    Triggered* triggered
    Activated* activated
    int granted_row          # MANA_ABILITY row of the granted any-colour ability (-1: none)
    uint32_t* info           # CardInfoFlags per card
    uint8_t* static_cp       # per card: types it could produce on a board with no mana effects
    uint8_t* unit_mask       # per card with simple mana: each unit may be any type of this mask
    uint8_t* unit_count      # ...and how many units one activation makes
    uint32_t direct_mask     # `direct` has direct_mask + 1 rows (a power of two)
    uint32_t* direct         # the four above packed for the direct path's single load:
                             # could-produce | unit mask << 8 | unit count << 16 | flags << 24
                             # | 1 << 31 for a creature without haste (summoning sickness);
                             # rows past the cards hold DIRECT_BAD
    int fast                 # 1: boards without mana effects take the direct path
    TotalCost* base_cost     # per card: its mana cost as a total cost when nothing changes it


cdef enum Overflow:               # a limit a kernel met (Board.over, Payment.over): the answer
                                 # it gives may be wrong. The one-board and batch entry points
                                 # raise naming it (overflow_message); the goldfish doesn't read
                                 # them and keeps the conservative answers (docs/rules-core.md)
    OV_UNITS = 1                 # MAXUNIT units of mana supply, the buffer full (or the most
                                 # mana counted up to MAXDEMAND - 1)
    OV_BRANCH = 2                # more than MAXBRANCH sources need a search
    OV_OPTIONS = 4               # a source whose results fill the MAXOPT buffer (some may be
                                 # dropped)
    OV_CHOOSE = 8                # more than MAXCHOOSE symbols whose way of paying is chosen
    OV_DEMAND = 16               # MAXDEMAND units of demand, the buffer full (a cost, converters'
                                 # inputs), or more than MAXCHOICE choosable symbols
    OV_REPLACEMENTS = 32         # more than MAXREPLACE replacement effects on the board (a
                                 # tapping applies at most MAXREPLACE: limits_met notes it)
    OV_MODIFIERS = 64            # more than MAXMODS cost modifiers for one spell (limits_met)
    OV_TOTAL = 128               # a total cost past its fields: generic int16, symbols uint8
                                 # (cost_overflows)
    OV_AMOUNT = 256              # one activation making more mana of a type than a Vec holds
    OV_LOWER = 1 | 2 | 4 | 8 | 32 | 64 | 128 | 256   # ...an answer may be too low: "can't pay"
    OV_UPPER = 16 | 32 | 64 | 128 | 256              # may be wrong; too high: "can pay" may be


cdef struct Board:
    Permanent* perms
    int n
    BoardInfo* bi
    uint16_t over                # Overflow bits met while reading this board (the one-board and
                                 # batch entry points clear it; the goldfish never reads it)
    int scanned                  # 0 until scan_board has filled the fields below
    uint8_t grants_to[2]         # per player: GRANTS_* bits of the static grants they control
    uint8_t any_replacement      # some permanent has a tapped-for-mana replacement effect
    uint8_t any_trigger          # some permanent has a tapped-for-mana trigger
    uint8_t any_costmod          # some permanent has a cost modifier


cdef enum GrantBits:
    GRANTS_HASTE = 1
    GRANTS_MANA_LANDS = 2
    GRANTS_MANA_CREATURES = 4


cdef struct Vec:             # an amount of mana of each type, W U B R G C
    int16_t m[6]                 # (more than VEC_MAX: OV_AMOUNT, noted where it is made)


cdef struct Options:         # the possible results of activating one source
    int n
    Vec out[MAXOPT]
    Vec own[MAXOPT]          # the part of `out` the permanent itself made (not triggered mana)
    uint8_t n_in[MAXOPT]     # input mana units each option needs first
    uint8_t in_mask[MAXOPT][MAXINPUT]
    uint8_t ability[MAXOPT]  # which of the permanent's mana abilities
    int16_t life[MAXOPT]     # life the option costs (Mana Confluence)
    int16_t gain[MAXOPT]     # life it gains (The Great Henge) — tracked when life matters
    int16_t dmg[MAXOPT]      # damage it deals you (pain lands) — tracked when life matters
    int16_t restriction[MAXOPT]  # SPEND_RESTRICTION row `own` keeps (106.6), -1 none
    uint8_t cls[MAXOPT]      # ...as the payment's class bit of it (prepare_payment), 0 none
    bint restricted          # some option's mana is restricted
    uint8_t snow             # SNOW_BIT if the source is a snow permanent


cdef struct Purpose:         # what a payment is for: what restricted mana asks of it (106.6)
    int32_t card             # CARD row of the spell cast, or of the permanent whose activated
                             # ability is paid for (-1: nothing restricted mana may pay)
    uint8_t ability          # 1: an ability of that permanent; 0: casting the spell


cdef inline Purpose casting(int card) noexcept nogil:
    cdef Purpose p
    p.card = card
    p.ability = 0
    return p


cdef inline Purpose activating(int card) noexcept nogil:
    """An activated ability of a permanent of `card` (a mana ability's input too)."""
    cdef Purpose p
    p.card = card
    p.ability = 1
    return p


cdef inline bint passes(Card* c, uint16_t types, uint8_t supertypes, uint64_t subtypes,
                        uint8_t colorless) noexcept nogil:
    """A spending restriction's filter: every part given holds (colourless: no colour, 202.2)."""
    return ((types == 0 or (c.types & types) != 0) and (supertypes == 0 or (c.supertypes & supertypes) != 0)
            and (subtypes == 0 or (c.subtypes & subtypes) != 0)
            and (not colorless or (c.colors & ALLCOLORS) == 0))


cdef bint restriction_admits(Rules* R, int row, Purpose* why) noexcept nogil:
    """May mana restricted by SPEND_RESTRICTION row `row` be spent on `why` (106.6)? ("Of the
    chosen type": the chosen creature type isn't tracked, so a creature spell passes.)"""
    cdef SpendRestriction* r = &R.restrictions[row]
    cdef Card* c
    if why.card < 0:
        return False
    c = &R.cards[why.card]
    if why.ability:
        return r.abilities and passes(c, r.source_types, r.source_supertypes, r.source_subtypes,
                                      r.source_colorless)
    return r.spells and passes(c, r.spell_types, r.spell_supertypes, r.spell_subtypes, r.spell_colorless)


# ---- small helpers ---------------------------------------------------------------------------

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define mtgsim_unlikely(x) __builtin_expect(!!(x), 0)
    #else
    #define mtgsim_unlikely(x) (x)
    #endif
    """
    bint unlikely "mtgsim_unlikely"(bint x) noexcept nogil   # a limit met: off the usual path


cdef inline int popcount6(unsigned int m) noexcept nogil:
    cdef int c = 0
    while m:
        c += m & 1
        m >>= 1
    return c


cdef inline int vec_total(Vec* v) noexcept nogil:
    return v.m[0] + v.m[1] + v.m[2] + v.m[3] + v.m[4] + v.m[5]


cdef inline bint vec_leq(Vec* a, Vec* b) noexcept nogil:
    cdef int t
    for t in range(6):
        if a.m[t] > b.m[t]:
            return False
    return True


cdef inline bint vec_eq(Vec* a, Vec* b) noexcept nogil:
    cdef int t
    for t in range(6):
        if a.m[t] != b.m[t]:
            return False
    return True


cdef inline void vec_clear(Vec* v) noexcept nogil:
    memset(v, 0, sizeof(Vec))


cdef inline int type_index(unsigned int bit) noexcept nogil:
    cdef int t
    for t in range(6):
        if bit == (1u << t):
            return t
    return -1


cdef inline Card* card_of(Rules* R, Board* b, int i) noexcept nogil:
    return &R.cards[b.perms[i].card]


cdef inline bint is_type(Rules* R, Board* b, int i, unsigned int typebit) noexcept nogil:
    return (R.cards[b.perms[i].card].types & typebit) != 0


cdef inline int controller(Board* b, int i) noexcept nogil:
    return b.perms[i].controller


cdef inline bint in_play(Board* b, int i) noexcept nogil:
    return (b.perms[i].flags & PF_PHASED_OUT) == 0

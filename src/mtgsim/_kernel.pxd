# The kernels' internal contract: the limits every buffer is sized by, the structs the rooms
# share (Rules: the compiled tables; Board: one game's permanents; Vec, Options, Purpose) and the
# small hot helpers they all inline. Uses only the record layouts and the enumerations
# (`_records.pxd`, `_core.pxd`); it has no module of its own and nothing in it allocates.
# The rooms' own functions are not declared here: one declared (not defined) in a .pxd is imported
# at run time from that .pxd's module, and `_kernel` has none. Nor are they needed: Cython declares
# every function and type of the module before it compiles any body, so a room may use one of a room
# included after it, which its header then names as such (tests/engine/test_rooms.py).

from libc.string cimport memset
from libc.stdint cimport int16_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t
from mtgsim._records cimport *
from mtgsim._core cimport PF_PHASED_OUT

# ---- limits ----------------------------------------------------------------------------------

cdef enum:
    MAXOPT = 64          # distinct outputs one permanent's mana abilities can have
    MAXMANA = 16         # printed mana abilities of one card (checked as tables are made); a
                         # static grant adds one more row, so row buffers hold MAXMANA + 1
    MAXBOARD = 256       # permanents on one board of the one-board and batch entry points
    MAXINPUT = 8         # units of mana in one mana ability's activation cost (checked likewise)
    MAXUNIT = 512        # units of mana supply in one payment check
    MAXDEMAND = 512      # units of mana demand in one payment check
    MAXBRANCH = 12       # sources that need a search (the rest are matched directly)
    MAXTAPPABLE = 32     # permanents a payment's "Tap an untapped creature you control" may tap
    MAXTAPROW = 4        # ...and the distinct FILTER rows of those costs (past either: not used)
    MAXREPLACE = 6       # replacement effects applying to one tapping (every order is tried)
    MAXFX = 16           # permanents with mana effects a Board lists (past it: FX_MANY)
    FX_MANY = 255
    N_CARD_TYPES = 9     # the card types (CardTypeBit, 205.2a): BoardInfo.graveyard_types' counts
    ALLTYPES = 63
    SNOW_BIT = 64        # a unit of mana from a snow source (pays {S}, 107.4h)
    DIRECT_SICK_SHIFT = 31   # Rules.direct: the card is a creature without haste
    DIRECT_BAD = 1 << 30     # Rules.direct: a padding row past the last card
    OWN_BOARD = 0x80         # Rules.own_cp: the card's could-produce depends on the board
                             # (card_facts.OWN_BOARD)
    MAXCHOICE = 64       # symbols of one cost whose way of paying is chosen (601.2b)
    MAXMODS = 64         # cost modifiers total_cost lists (the spell's and the board's: the
                         # entry points check, limits_met; the goldfish's setup, its deck)
    MAXCHOOSE = 10       # ...of which both ways are tried (2**10 alternatives at most)
    ALLCOLORS = 31
    BIG = 30000
    MAXRPOOL = 4         # restricted entries in one player's mana pool (BoardInfo.restricted)
    MAXCLASS = 7         # distinct spending restrictions told apart in one payment (106.6)
    CLASS_NEVER = 128    # the class of restricted mana past MAXCLASS: it pays for nothing
    ALLCLASSES = 127
    MAXRUNIT = 64        # units of restricted mana in the pool one payment check reads
    MAXPLANR = 104       # restricted mana records of one plan: (MAXBRANCH + 1) * MAXCLASS
                         # spent (on the cost and converters), MAXBRANCH made: never full
    VEC_MAX = 32767      # a Vec's amounts are int16
    MAXX = 1000          # X of a spell (107.3): the one-board and batch entry points check it;
                         # the goldfish casts with at most this X


cdef struct Rules:
    Card* cards
    int n_cards
    Cost* costs
    Hybrid* hybrids
    Count* counts
    Filter* filters          # FILTER rows: which permanents a rule looks for (filter_count)
    int n_filters
    Op* ops                  # OP rows: the steps of the effects (run_ops)
    uint64_t* card_filters   # per card: bit k set if it passes FILTER row k (card_passes), for
                             # the first 64 rows (fill_card_filters)
    Effect* effects
    ManaAbility* mana
    int n_mana
    SpendRestriction* restrictions
    int n_restrictions
    Condition* conditions    # CONDITION rows ("activate only ...", 602.5)
    CostModifier* costmods
    ManaTrigger* mtrig
    ManaReplacement* mrep
    GrantRow* grants
    Enters* enters
    Triggered* triggered
    Activated* activated
    int granted_row          # MANA_ABILITY row of the granted any-colour ability (-1: none)
    bint animations          # some OP row is OP_BECOMES: a permanent may become something (use_abilities
                             # looks for an animation only then)
    uint32_t* info           # CardInfoFlags per card
    uint8_t* static_cp       # per card: types it could produce on a board with no mana effects
                             # (its simple abilities': the policy's view of a land)
    uint8_t* own_cp          # ...by all its abilities, or OWN_BOARD (0x80) when that depends
                             # on the board (`card_facts.card_summaries`: own_could_produce)
    uint8_t* unit_mask       # per card with simple mana: each unit may be any type of this mask
    uint8_t* unit_count      # ...and how many units one activation makes
    uint32_t direct_mask     # `direct` has direct_mask + 1 rows (a power of two)
    uint32_t* direct         # the four above packed for the direct path's single load:
                             # could-produce | unit mask << 8 | unit count << 16 | flags << 24
                             # | 1 << 31 for a creature without haste (summoning sickness);
                             # rows past the cards hold DIRECT_BAD
    int fast                 # 1: boards without mana effects take the direct path
    int32_t* fixed_opt       # per card whose options are fixed (options_fixed): its index in
    Options* fixed_options   # ...these, two each: source_options of an untapped, ready
                             # permanent of it without and with life effects; else -1
    TotalCost* base_cost     # per card: its mana cost as a total cost when nothing changes it
    bint attack_triggers     # some CARD row has a "whenever ~ attacks" or "whenever ~ deals combat damage to a
                             # player" ability (attack: else nothing to note)
    bint power_bonuses       # some OP row is OP_POWER_BONUS (end_of_turn: else no bonus to end)
    bint land_play_triggers  # some CARD row has a "when you play another land" ability (play_a_land)
    bint nth_spells          # some CARD row has a "your Nth spell each turn" ability (Triggered.nth: the
                             # spells cast this turn counted, Game.spells_cast)
    bint sagas               # some CARD row has a chapter ability (714.2b: lore counters, begin_turn's
                             # 714.3b, a Saga entering's 714.3a: else none to put)
    int32_t* front           # per card: the card it is a face of (712.8a: off the battlefield and
                             # the stack, a double-faced card is its front face): for a back
                             # face its front face's row, else the row itself


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
    uint8_t n_fx                 # the permanents with replacement effects or mana triggers
    uint8_t fx[MAXFX]            # (their rows, in board order; n_fx FX_MANY: more than MAXFX)


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
    uint8_t removed[MAXOPT]  # the X counters its cost removes (remove_x; 0 for every other ability)
    int16_t life[MAXOPT]     # life the option costs (Mana Confluence)
    int16_t gain[MAXOPT]     # life it gains (The Great Henge) — tracked when life matters
    int16_t dmg[MAXOPT]      # damage it deals you (pain lands) — tracked when life matters
    int16_t restriction[MAXOPT]  # SPEND_RESTRICTION row `own` keeps (106.6), -1 none
    uint8_t cls[MAXOPT]      # ...as the payment's class bit of it (prepare_payment), 0 none
    bint restricted          # some option's mana is restricted
    uint8_t snow             # SNOW_BIT if the source is a snow permanent
    bint keeps_tapped        # some option keeps the source tapped through an untap step (502.3):
                             # a searched source, those options after the others
    int16_t tap_filter[MAXOPT]   # FILTER row of the permanent its cost taps besides it (Springleaf
                             # Drum's "Tap an untapped creature you control"), -1 none: read only
                             # where `tapping` says so
    uint8_t tapping          # TAPS_OTHER: some option's cost taps another permanent; TAPPABLE: the
                             # source is one another's may tap (prepare_payment); 0 on most boards


cdef enum Tapping:           # Options.tapping
    TAPS_OTHER = 1
    TAPPABLE = 2


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
    """Permanent i's CARD row: its abilities and mana cost. Its characteristics as they are now
    (types, colours, keywords, power and toughness) are read through the accessors below."""
    return &R.cards[b.perms[i].card]


# ---- a permanent's characteristics (613) -------------------------------------------------------
# The one reading of a permanent's types, supertypes, subtypes, colours and keywords: its card's
# (its copiable values, 707.2) or, while an effect changes them (Permanent.becomes: "until end of
# turn, ~ becomes a 2/2 creature ... it's still a land"), the CARD row the compiler made of its
# card and that effect (layers 4, 5, 6 and 7b applied: 613.1d-f, 613.4b). A card in a hand or a
# library has only its card's (R.cards[row]); every kernel reads a permanent's through these
# (tests/engine/test_characteristics.py holds the rooms to it); power and toughness are
# power_of/toughness_of (counts room), which add counters and other effects (7c) to these.

cdef inline void derive_characteristics(Permanent* p) noexcept nogil:
    """Permanent.characteristics from its card and what it has become: called wherever either
    changes (a permanent entering, a Class level, an animation starting or ending) and as a caller's
    rows are read (GameState.load, one_board, the batch), so the accessors read one field."""
    p.characteristics = p.becomes - 1 if p.becomes else p.card


cdef inline int characteristics_row(Permanent* p) noexcept nogil:
    """The CARD row its characteristics are read off now: what it has become, else its card."""
    return p.characteristics


cdef inline uint16_t types_of(Rules* R, Permanent* p) noexcept nogil:
    """Its card types (205.2a) as they are now."""
    return R.cards[characteristics_row(p)].types


cdef inline uint8_t supertypes_of(Rules* R, Permanent* p) noexcept nogil:
    """Its supertypes (205.4) as they are now."""
    return R.cards[characteristics_row(p)].supertypes


cdef inline uint64_t subtypes_of(Rules* R, Permanent* p) noexcept nogil:
    """Its subtypes (205.3) as they are now: its card's, and the basic land type chosen as it
    entered (Permanent.land_type: the compiler's subtype bits begin with the five, 305.6)."""
    return R.cards[characteristics_row(p)].subtypes | ((<uint64_t>1 << p.land_type) >> 1)


cdef inline uint8_t colors_of(Rules* R, Permanent* p) noexcept nogil:
    """Its colours (105.2) as they are now."""
    return R.cards[characteristics_row(p)].colors


cdef inline uint32_t keywords_of(Rules* R, Permanent* p) noexcept nogil:
    """Its keyword abilities (702) as they are now (granted ones to a group are the grants')."""
    return R.cards[characteristics_row(p)].keywords


cdef inline bint is_type(Rules* R, Board* b, int i, unsigned int typebit) noexcept nogil:
    return (types_of(R, &b.perms[i]) & typebit) != 0


cdef inline int controller(Board* b, int i) noexcept nogil:
    return b.perms[i].controller


cdef inline bint in_play(Board* b, int i) noexcept nogil:
    return (b.perms[i].flags & PF_PHASED_OUT) == 0

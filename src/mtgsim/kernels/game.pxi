# The game state: the Game record (the goldfish's: one player's library, hand, permanents, life
# and pool, with caches kept as they change; or a Scenario's) and its one set-up (new_chunk,
# new_game), trace events, the Spec of a run, per-card goldfish flags, the metric row's layout,
# and a Game field by field (tests); what is kept as permanents come and go is kept.pxi's.
# Uses base, abilities, direct (HallDemand), and, included after it, kept (the counts and views
# kept: live_clear), zones (hand_clear), views (Scratch).

# The goldfish simulator: one player plays a deck alone, turn after turn, over the same
# permanent rows and rules kernels as everything else. Randomness comes only from a numpy
# bit generator per chunk of games (see mtgsim.simulate).

from numpy.random cimport bitgen_t
from cpython.pycapsule cimport PyCapsule_GetPointer

DEF MAXLIB = 256         # cards in a library (GoldfishSpec checks the deck)
DEF MAXGRAVE = 512       # cards in a graveyard (a Scenario's game)
DEF MAXHAND = 255        # cards in a hand: all of the library but the card whose effect made
                         # you draw past the turns' draws, so never full (hand_count and
                         # hand_pos are bytes: at most 255)
DEF MAXPERM = 255        # permanents in one goldfish game (Game.kinds counts them in bytes)
DEF ROW_WORDS = 4        # words of a set of permanent rows, a bit a row (MAXPERM < 4 * 64)
DEF N_WATCH = 3          # trigger watch lists (Watch)
DEF WATCHED_WORD = 1     # the word of Game.kinds holding the watched kinds' bytes (WATCHED_KINDS)
DEF MAXTURNS = 40
DEF NOT_CAST = 255
DEF MAXTRACK = 512       # cards tracked in one run (every distinct nonland card of a deck, and more)
DEF MAXFLASHBACK = MAXLIB    # cards with flashback in a graveyard: at most the library's
DEF MAXEXILED = 16       # cards in exile a player may cast later (suspended: Game.exiled)
DEF MAXPENDING = 4 * MAXPERM     # abilities triggering as one permanent enters (a stack buffer)
DEF MAXCANDIDATES = 8    # candidate hands the hand smoother deals for one hand (Spec.smoother_n)

MAX_TURNS = MAXTURNS     # the limits, for the Python layer's messages
MAX_TRACKED = MAXTRACK
MAX_LIBRARY = MAXLIB
MAX_HAND = MAXHAND
MAX_GRAVEYARD = MAXGRAVE
MAX_EXILED = MAXEXILED
MAX_PERMANENTS_IN_GAME = MAXPERM
MAX_HAND_CANDIDATES = MAXCANDIDATES


cdef enum GoldfishOverflow:      # a limit a game met (Game.over, kept for the whole chunk):
                                 # its results are wrong, and mtgsim.simulate raises naming it.
                                 # Each is noted where the limit is met, off the usual paths
    GO_PERMANENTS = 1            # a permanent didn't enter: MAXPERM on the battlefield
    GO_HAND = 2                  # a card wasn't put into a full hand (MAXHAND)
    GO_TRIGGERS = 4              # more than MAXPENDING abilities triggered as a permanent entered
    GO_FLASHBACK = 8             # more than MAXFLASHBACK flashback cards in the graveyard
    GO_ABILITIES = 16            # more than MAXPERM permanents' abilities looked at in one go
    GO_TRACE = 32                # a traced game's events didn't fit the trace buffer
    GO_MEMORY = 64               # a chunk's working memory couldn't be allocated: no games
    GO_X = 128                   # an X spell could have been cast with X above MAXX
    GO_AMOUNT = 256              # life, mana in the pool, counters or one activation's mana past
                                 # its int16 field
    GO_GRAVEYARD = 512           # a card wasn't put into a full graveyard (MAXGRAVE)
    GO_RESTRICTED = 1024         # restricted mana past its pool's entries (MAXRPOOL, MAXRUNIT)
    GO_STREAMS = 2048            # per-game streams asked for, but the generator isn't a PCG64
                                 # stepped inline (no games played)
    GO_EXILED = 4096             # a card wasn't suspended or plotted: MAXEXILED cards already in exile to cast


def goldfish_overflow_message(int over):
    """What a game met of the goldfish's limits, by its GoldfishOverflow bits."""
    parts = []
    if over & GO_PERMANENTS:
        parts.append(f"more than {MAXPERM} permanents on the battlefield")
    if over & GO_HAND:
        parts.append(f"more than {MAXHAND} cards in hand")
    if over & GO_TRIGGERS:
        parts.append(f"more than {MAXPENDING} abilities triggering as one permanent enters")
    if over & GO_FLASHBACK:
        parts.append(f"more than {MAXFLASHBACK} cards with flashback in the graveyard")
    if over & GO_ABILITIES:
        parts.append(f"more than {MAXPERM} permanents activating abilities in one main phase")
    if over & GO_EXILED:
        parts.append(f"more than {MAXEXILED} suspended or plotted cards")
    if over & GO_TRACE:
        parts.append("more events than the trace buffer holds")
    if over & GO_MEMORY:
        parts.append("no memory for a chunk of games")
    if over & GO_X:
        parts.append(f"an X spell with X above {MAXX}")
    if over & GO_AMOUNT:
        parts.append("life, mana or counters past -32768..32767")
    if over & GO_GRAVEYARD:
        parts.append(f"more than {MAXGRAVE} cards in a graveyard")
    if over & GO_STREAMS:
        parts.append("per-game random streams need numpy's PCG64 (stepped inline: a 64-bit "
                     "build with 128-bit integers)")
    if over & GO_RESTRICTED:
        parts.append(f"restricted mana (106.6) of more than {MAXRPOOL} restrictions or "
                     f"{MAXRUNIT} mana in a pool")
    return "; ".join(parts)


cdef struct IllegalChoice:       # the first permanent (or cards) a Scenario's caller gave for a choice
                                 # that the rules don't allow (choices.pxi: note_illegal_choice)
    uint8_t fault                # ChoiceFault (CF_NONE: none found)
    uint8_t kind                 # the kind of choice: a Choice (vocabulary.CHOICE_KINDS)
    int32_t given                # the object id given (CF_TOO_MANY: the number of cards given)
    int32_t source_id            # the object id of the permanent whose cost asked
    int32_t asked                # the cost's FILTER row (CF_TOO_MANY: the number of cards it takes)


cdef struct Exiled:              # a card in exile its owner may cast later (Game.exiled)
    int32_t row                  # its CARD row
    uint8_t who                  # its owner
    uint8_t time                 # its time counters (702.62a: suspended while it has one, 702.62b)
    int16_t plotted              # the turn it became plotted (702.170a: cast free on a later turn), 0 not


cdef struct Game:                # one game in progress: the goldfish's, or a Scenario's (GameState)
    bint scenario                # a Scenario's game: both players' permanents, libraries in
                                 # order (the top card last), graveyards kept. Else the
                                 # goldfish: one player's permanents, random draws, and of the
                                 # graveyard only the flashback cards (its opponent has life
                                 # and nothing else)
    int32_t library[2][MAXLIB]   # per player: card rows, [0, lib_n)
    int lib_n[2]
    int32_t bottom[MAXLIB]       # goldfish: cards put on the bottom (London mulligan, scry), drawn
    int bottom_n                 # last, in order: [bottom_next, bottom_n)
    int bottom_next
    int32_t top[MAXLIB]          # goldfish: the library's known top cards (looked at by scry or
    int top_n                    # surveil and kept there), the top card last, drawn first: the
                                 # unseen part lies under them (take_top)
    int32_t hand[2][MAXHAND]     # per player: the cards in hand, in the order they came
    int hand_n[2]
    int32_t graveyard[2][MAXGRAVE]   # per player: the cards in the graveyard, oldest first (kept
    int grave_n[2]                   # while Game.lists_graveyard; counted in every game: bi.graveyard_n)
    # of player 0's hand (the goldfish's), kept as it changes:
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
    BoardInfo bi                 # (bi.life[1]: the goldfish opponent's life)
    int next_id
    int spent                    # mana spent on spells this turn
    int lands_played             # lands the active player has played this turn (305.2)
    int extra_land_drops         # ...and the additional land plays effects gave them this turn
    int32_t* trace               # events (kind, turn, card row, value) when tracing, else NULL
    int trace_n
    int trace_cap
    void* scratch                # working memory kept across the games of a chunk (Scratch)
    uint32_t gen                 # bumped on every change to the board, hand, life or pool:
                                 # what was worked out at the same generation still holds
    uint32_t board_gen           # ...to anything but the hand (board_changed)
    uint32_t sba_gen             # the generation state-based actions last found nothing to do
    uint32_t scan_gen            # the board generation `scan` was made at
    bint keeps_power             # a cost modifier counts the greatest power among your creatures, and
                                 # no card's power has a * (613.4a: what * counts may change unseen):
                                 # that greatest power is kept as powers change
    bint power_kept              # ...greatest_power is that now (else worked out when next asked)
    int greatest_power           # ...the greatest power among player 0's creatures, at least 0
                                 # (CO_GREATEST_POWER: greatest_power_now; kept by power_rose,
                                 # power_may_fall)
    Board scan                   # scan_board's findings then
    uint16_t* gf                 # Spec.gf
    uint8_t* unit_of             # Spec.units
    uint64_t kinds[3]            # permanents of each Kind, a byte each (count_of; kept by
                                 # count_permanent, at most MAXPERM < 256 each)
    uint64_t watching[N_WATCH][ROW_WORDS]  # trigger watch lists: per Watch, the rows of the
                                 # permanents whose card is of its kind, a bit a row (board
                                 # order; kept by watch_row and watch_rows_moved_up)
    const uint64_t* kind_unit    # Spec.kind_unit
    int n_sacrifice_at_end       # tokens to sacrifice at the end step (PF_SACRIFICE_AT_END)
    bint marked                  # some permanent may be marked PF_SKIP_UNTAP or PF_ONCE_* (mark):
                                 # the untap step looks at each (marked_untap_step)
    int32_t tapped_rows[MAXPERM] # permanents with triggered abilities that became tapped, their
    int32_t tapped_ids[MAXPERM]  # "whenever this becomes tapped" abilities still to resolve:
    uint8_t tapped_who[MAXPERM]  # card rows, object ids and controllers (see note_tapped)
    int n_tapped
    uint64_t costmod_set         # the permanents with cost modifiers in play, as a multiset:
                                 # 4 bits of copies per card (Spec.costmod_code; see memo_key)
    int n_costmod_wild           # ...of them, the ones it can't hold (a 16th copy, a 16th card)
    uint64_t* costmod_code       # Spec.costmod_code
    uint64_t* costmod_untapped   # Spec.costmod_untapped
    uint8_t* reduces_only        # Spec.reduces_only
    uint64_t counted             # the kept counts of permanents you control (spec.kept_counts),
                                 # a byte each, kept by enters_or_leaves (at most MAXPERM < 256)
    const uint64_t* count_unit   # Spec.count_unit (NULL: no count kept)
    const int8_t* count_slot     # Spec.count_slot
    int units                    # the units of mana all of them make on the direct path: a
                                 # bound of what the board makes while n_mana_fx is 0
    bint new_legend              # a legendary permanent entered since state-based actions
    bint m1m1                    # a -1/-1 counter has been put on a permanent this game
    uint8_t spells_cast[2]       # spells each player cast this turn (Rules.nth_spells: else not counted),
    uint8_t noncreature_cast[2]  # ...and of them noncreature spells (Triggered.nth; begin_turn clears them)
    bint countered               # the spell being cast was countered by a trigger of its casting (701.6a:
                                 # OP_COUNTER_SPELL; resolve_spell reads and clears it)
    bint shortcuts               # Spec.shortcuts, while no permanent is animated (n_animated)
    bint spec_shortcuts          # Spec.shortcuts
    int n_animated               # permanents whose characteristics an effect changes (Permanent.becomes):
                                 # while there are any, the kept facts per card (direct words,
                                 # kept counts, kinds) aren't theirs, so no shortcut reads them
    int n_returning              # earthbent lands put into a graveyard, to return (701.66a: returning)...
    int32_t returning[4]         # ...their card rows and owners (owner << 24 | row)
    bint counts_hand             # Spec.counts_hand
    bint counts_graveyard        # the graveyards' counts are kept (BoardInfo.graveyard_n): in a
                                 # Scenario's game, or while Spec.counts_graveyard (else they stay 0)
    bint lists_graveyard         # the graveyards' cards are kept (Game.graveyard): in a Scenario's
                                 # game, or while Spec.lists_graveyard (else grave_n stays 0)
    int32_t flashback[MAXFLASHBACK]  # instants and sorceries with flashback in the graveyard
    int n_flashback
    Exiled exiled[MAXEXILED]     # cards in exile their owner may cast later, in the order exiled
    int n_exiled                 # (702.62a: suspended, with their time counters; 702.170a: plotted)
    int32_t cast_in_upkeep[MAXEXILED]   # the cards cast from exile this upkeep (the "cast by" metric's)
    int n_cast_in_upkeep
    int n_commander              # the goldfish's commanders (Spec.commander; a Scenario's game: 0)
    int32_t commander[2]         # ...their card rows (903.3; two with partner, 702.124)
    bint in_command[2]           # ...each in the command zone now (903.6, 903.9a)
    uint8_t command_casts[2]     # ...times each was cast from the command zone (903.8)
    int command_n                # commanders in the command zone
    const uint32_t* direct       # Rules.direct: per card row, the direct path's word
    const int32_t* front         # Rules.front: per card row, the card it is a face of
    const Card* cards            # Rules.cards (a card's types, as it goes to a graveyard)
    uint32_t live[64]            # the usable sources per unit mask, kept as they change: units
                                 # (low 16 bits) and permanents (high 16) (see added)
    uint64_t live_masks          # the masks m with live[m] != 0 (never mask 0: no mana)
    uint32_t sick[64]            # ...and the summoning-sick ones, usable once given haste
    uint64_t sick_masks
    uint32_t all_units[64]       # ...and all of them, whatever their state: the live view as
    uint64_t all_masks           # a turn begins (every permanent untapped, none sick)
    uint64_t live_rows[64]       # per unit mask, the rows of the sources live[m], sick[m] and
    uint64_t sick_rows[64]       # all_units[m] count (bit i: the permanent in row i, so in board
    uint64_t all_rows[64]        # order; rows from 64 on are not kept: rows_lost)
    bint rows_lost               # a source has been in row 64 or past this game: the rows are not whole
    const uint8_t* unit_mask     # Rules.unit_mask
    bint check_views             # Spec.check_views
    bint snapshots               # Spec.snapshots (traced games only)
    bint entering_tapped         # the permanent entering is put onto the battlefield tapped
    bint spell_to_library        # the spell resolving is shuffled into its owner's library (OP_SPELL_TO_LIBRARY)
    bint main_phase              # the goldfish's turn is in its main phase: mana made now can
                                 # still pay for the turn's spells (106.4: until the phase ends)
    Choices choices              # the players' choices inside actions (the rules read them
                                 # here or through choices.pxi): a Scenario's per action, the
                                 # goldfish's its play policy's (Spec.choices)
    int n_looked                 # cards scry and surveil looked at so far in a Scenario's action
    int n_flipped                # coins flipped so far in a Scenario's action (coin_flip_lost)
                                 # (the next bit of choices.keep_on_top)
    uint32_t asked               # a Scenario's action: the kinds of choice it asked for (a bit per
                                 # Choice, choices.pxi: asked_for)
    IllegalChoice illegal        # a Scenario's action: a given choice the rules don't allow (the
                                 # action is then refused: GameState.illegal_choice)
    uint16_t over                # GoldfishOverflow bits of the limits met (cleared per chunk)


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
    TR_VIEW_FAULT = 13           # (check_views) a kept view differed from one worked out anew
    # how an action was taken, for replaying a traced game action by action (tests):
    TR_SEARCH = 14               # a card taken from the library by a search (value: 1 onto the
                                 # battlefield, 0 into the hand)
    TR_CAST_WAY = 15             # before TR_CAST: value X | kicked << 16 | flashback << 17
                                 # | from the command zone << 18 (903.8) | suspended << 19 (702.62a:
                                 # exiled from the hand, no spell cast: no TR_CAST follows; cast
                                 # from exile as its last time counter is removed, or plotted on
                                 # an earlier turn, 702.170d: | 1 << 20) | plotted << 21 (702.170a:
                                 # exiled from the hand, no spell cast: no TR_CAST follows)
    TR_ACTIVATE_WAY = 16         # before TR_ACTIVATE: row the source's index on the battlefield,
                                 # value its ability's index | (target's index + 1) << 8
    # (Spec.snapshots) the state after each action (TR_KEEP and TR_LIFE: after the mulligans
    # and after combat): TR_STATE (value: the action's event kind),
    # then one TR_PERMANENT (row: card, value: flags) per permanent in order, each followed by
    # a TR_COUNTER (row: CounterKind, value: how many) per kind it has; a TR_IN_HAND (row) per
    # card in hand; a TR_POOL (row: mana type, value) per type in the pool; TR_LIVES (row: your
    # life, value: the opponent's)
    TR_STATE = 17
    TR_PERMANENT = 18
    TR_COUNTER = 19
    TR_IN_HAND = 20
    TR_POOL = 21
    TR_LIVES = 22
    TR_LOOK = 23                 # scry or surveil (701.22, 701.25): value the cards looked at
                                 # | surveil << 8, then a TR_LOOKED per card, top first
    TR_LOOKED = 24               # a card looked at (value: 1 kept on top, 0 put on the bottom or
                                 # into the graveyard)
    TR_CYCLE = 25                # a card cycled from the hand (702.29a; value: mana spent)
    TR_RETURN_LAND = 26          # a land returned to its owner's hand (a bounce land's ability):
                                 # value its index on the battlefield | (0: not tapped first, else
                                 # 1 + the mana ability tapped for its mana | (1 + the type asked
                                 # for, 0 none) << 8) << 8 (tap_before_leaving)
    TR_MOVED = 27                # a card an op moved from zone to zone (run_ops: mill, look_to_hand):
                                 # row the card, value from Zone | to Zone << 4 | who << 8
                                 # | OpCode << 16 (trace_moved); a look's cards in the order looked at
    TR_FLIP = 28                 # a coin flipped (705.1; coin_flip_lost): value 1 lost, 0 won
    TR_CANDIDATE = 29            # (the hand smoother: deal_smoothed) a candidate hand dealt: row its
                                 # index, value its lands | 1 << 8 if it is the one kept


cpdef enum Zone:                 # where TR_MOVED moved a card from and to
    Z_LIBRARY = 0                # the top of a library
    Z_LIBRARY_BOTTOM = 1
    Z_HAND = 2
    Z_GRAVEYARD = 3
    Z_BATTLEFIELD = 4


cdef void snapshot(Game* g, int action) noexcept nogil:
    """Trace the state after an action (Spec.snapshots): see TraceEvent."""
    cdef int i, k
    trace(g, TR_STATE, -1, action)
    for i in range(g.n):
        trace(g, TR_PERMANENT, g.perms[i].card, g.perms[i].flags)
        for k in range(N_COUNTER_KINDS):
            if g.perms[i].counters[k]:
                trace(g, TR_COUNTER, k, g.perms[i].counters[k])
    for k in range(g.hand_n[0]):
        trace(g, TR_IN_HAND, g.hand[0][k], 0)
    for k in range(6):
        if g.bi.pool[0][k]:
            trace(g, TR_POOL, k, g.bi.pool[0][k])
    trace(g, TR_LIVES, g.bi.life[0], g.bi.life[1])


cdef inline void trace(Game* g, int kind, int row, int value) noexcept nogil:
    if g.trace != NULL:
        if g.trace_n + 4 <= g.trace_cap:
            g.trace[g.trace_n] = kind
            g.trace[g.trace_n + 1] = g.bi.turn
            g.trace[g.trace_n + 2] = row
            g.trace[g.trace_n + 3] = value
            g.trace_n += 4
            if (kind == TR_KEEP or kind == TR_LIFE) and g.snapshots:    # (the hand kept; the
                snapshot(g, kind)                                       # turn after combat)
        else:
            g.over |= GO_TRACE


cdef inline void trace_moved(Game* g, int code, int row, int source, int dest, int who) noexcept nogil:
    """Trace card `row` moved by an op of OpCode `code` from Zone `source` to Zone `dest` of
    player `who` (TR_MOVED): what a reader of the game, or a replay, needs of any op moving cards."""
    trace(g, TR_MOVED, row, source | dest << 4 | who << 8 | code << 16)


cdef enum HoldFlag:              # why the goldfish may not cast a card (Spec.hold; held)
    HOLD_NEVER = 1               # the play policy holds it: never cast
    HOLD_TARGETS = 2             # only with the targets its effect needs in the graveyard (601.2c)
    HOLD_SUSPEND = 4             # has suspend (702.62a): weighed apart from the hand's other cards (cast_spells'
                                 # suspend pass), so that a deck without suspend pays nothing for it


cdef struct Spec:                # what to simulate; read-only, shared by the threads
    int32_t* deck
    int deck_n
    int turns
    int on_play
    int n_commander              # a Commander game (903): the commanders, 0..2 (702.124), which
    int32_t commander[2]         # start in the command zone, not in the deck (903.6)
    bint multiplayer             # the player who plays first draws on their first turn (103.8c;
                                 # the free first mulligan of 103.5c: free_mulligan)
    int16_t starting_life        # each player's life as the game begins (103.4; 40: 903.7)
    int8_t keep_lo[8]            # per hand size: lands kept, lo..hi (lo = -1: always keep)
    int8_t keep_hi[8]
    bint keep_sources            # ...counting mana creatures and rocks (mana_source_row) as lands
    int32_t* track
    int n_track
    int16_t* tracked_as          # per card row: its index in `track`, -1 not tracked
    Choices choices              # the play policy's choices, made once for every game: colour
                                 # (PlayPolicy.color, else the deck's main colour) and
                                 # pay_life_above (PlayPolicy.pay_life_above); the rest are the
                                 # policy's as they come up (choices.pxi)
    uint16_t* gf                 # per card row: GoldfishFlags (see `goldfish_flags`)
    uint8_t* units               # per card row: units of mana it makes on the direct path
    uint8_t* demand              # per card row, 5 bytes: symbols of each colour in its cost
    HallDemand* need             # per card row: its plain base cost (GF_PLAIN) as Hall's
                                 # condition reads it
    uint8_t track_demand[5]      # colour_demand of the tracked cards alone
    bint land_demand             # some land has coloured symbols in a mana cost
    uint8_t deck_colours         # the colours (W..G bits) in the mana costs of the deck's spells
    int deck_lands               # lands in the deck (the spell // land cards counted: see
                                 # counts_as_land)
    bint land_faces              # some card of the deck has a back face that is a land: a
                                 # modal double-faced card, played as either land face (712.12)
    bint spell_lands             # ...and of those, some has a front face that is not a land
    int land_goal                # the lands the player wants in play and in hand: the highest
                                 # mana value among the deck's other cards (wanted_card)
    bint cyclers                 # some card of the deck has cycling (702.29): a cycling step
    bint suspends                # some card of the deck has suspend (702.62): cast_spells weighs
                                 # suspending it (way_to_suspend)
    bint plots                   # some card of the deck has plot (702.170): cast_spells plots one
                                 # with the mana left (way_to_plot), the main phase casts the plotted
    bint fetch_lands             # some land of the deck is a fetch land (fetch_ability) and
                                 # the policy uses abilities: crack_fetch_lands has work
    bint land_choice             # the deck has two kinds of land or more that a search may
                                 # find (basic, or with a land type): chosen_land weighs them
    bint attacker_lands          # some land of the deck could attack animated, and the policy
                                 # animates and attacks: choose_land weighs it (attacker_land)
    # the play policy (mtgsim.policy.PlayPolicy)
    uint8_t lands_first          # play the first land in hand (else the most castable)
    uint8_t spell_order          # SpellOrder
    int16_t* rank                # per card row: 1, 2, ... cast before others in this order
    uint8_t* hold                # per card row, HoldFlags: never cast (the play policy's hold), or
                                 # only with targets in the graveyard (spec.graveyard_target_rows)
    uint8_t kicker               # kick when the kicked cost can be paid (702.33)
    uint8_t flashback            # cast from the graveyard with flashback (702.34)
    int16_t min_x                # the smallest X an X spell is cast with
    uint8_t abilities            # use non-mana activated abilities
    uint8_t attack               # attack with every creature able to
    bint game_streams            # each game of a chunk draws from a stream of its own (seeded
                                 # from the chunk's and the game's number: common random numbers
                                 # across decks stay in step after a game that drew more)
    uint8_t cycle                # cycle the cards not wanted (cycle_cards)
    bint shortcuts               # take the shortcuts that skip work whose answer is known
                                 # (off: the slow reference the tests compare with)
    uint64_t* costmod_code       # per card row with GF_COSTMOD: its unit in Game.costmod_set
                                 # (1 << 4j for the j-th such card, j < 15), else 0
    uint64_t* costmod_untapped   # per card row: its costmod_code if its modifiers apply only
                                 # while it is untapped (spec.untapped_only), else 0
    uint8_t* reduces_only        # per card row: 1 if its own cost modifiers only take generic
                                 # mana off it (affinity: spec.reduces_only)
    uint64_t* count_unit         # per card row: 1 in the byte of each kept count a permanent of
                                 # it adds to (NULL: no count kept); per COUNT row, its byte or
    int8_t* count_slot           # -1 (spec.kept_counts)
    bint counts_hand             # what mana abilities make or do may change as a spell
                                 # leaves the hand (card_facts.mana_reads_hand)
    bint counts_graveyard        # some COUNT row reads the graveyards (CO_CARDS_IN_GRAVEYARD): the
                                 # goldfish keeps their counts (put_in_graveyard)
    bint lists_graveyard         # some op looks at which cards are in a graveyard: the goldfish
                                 # keeps them (put_in_graveyard; spec.graveyard_listed)
    bint check_views             # also prepare every live view from scratch, tracing a
                                 # TR_VIEW_FAULT where they differ (tests)
    bint snapshots               # trace the state after every action (tests)
    uint64_t* kind_unit          # per card row, 3 words: 1 in the byte of each Kind it is of
    uint64_t* spend_sig          # per card row: which spending restrictions admit casting it
                                 # (106.6; see spend_signatures): cards with equal costs and
                                 # equal signatures are as castable as each other
    int8_t castable_by[8]        # per hand size: keep only a hand holding a spell of mana value 1..k its
                                 # own lands could cast (keep.pxi: holds_castable); 0: no such condition
    bint keep_castable           # some hand size has castable_by (else mulligan() asks nothing more)
    int smoother_n               # the hand smoother (mtgsim.smoother.HandSmoother; deal_hand): the
                                 # candidate hands dealt for one hand, 2..MAXCANDIDATES (else off)
    bint smoother_mulligans      # ...for the hands after a mulligan too (else the first only)
    double smoother_weight[8]    # ...a candidate's weight by its lands (counts_as_land)
    bint free_mulligan           # the first mulligan puts no card on the bottom (103.5c: a
                                 # multiplayer game, and any Brawl game, 903.12g)
    int8_t free_keep_lo          # the lands range of a seven the player may send back for free
    int8_t free_keep_hi          # (MulliganPolicy.free_seven; lo = -1: as any seven)


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
    GF_TAPPED_TRIGGER = 128      # "whenever this becomes tapped" (City of Brass)
    GF_MANA_FX = 256             # CI_MANA_EFFECT or CI_COMPLEX_MANA: no direct path with it
    GF_LEGENDARY = 512
    GF_X = 1024                  # {X} in its mana cost
    GF_CREATURE = 2048
    GF_MAY_DIE = 4096            # a creature whose toughness isn't a fixed number above 0 (a
                                 # characteristic-defining * or printed 0): 704.5f may apply; a
                                 # planeswalker (704.5i)
    GF_DYNAMIC_COST = 8192       # has a cost modifier reading the board (an amount that counts,
                                 # or "while untapped" unless that is all: spec.untapped_only):
                                 # costs it changes hold one generation
    GF_CAST_TRIGGER = 16384      # "whenever you cast a spell" (Beast Whisperer)
    GF_SELF_COUNTED = 32768      # its own cost modifiers are all it has that read the board,
                                 # by amounts that count on the battlefield (at most four, none
                                 # of cards in hand or X): its memoised cost is keyed by their values


cdef inline void board_changed(Game* g) noexcept nogil:
    """Something other than the hand changed (the board, life, the pool, the turn)."""
    g.gen += 1
    g.board_gen += 1


# ---- setting a Game up: new_chunk once, new_game for each game --------------------------------

cdef void new_chunk(Rules* R, Game* g, Scratch* sc, Spec* S, bint scenario) noexcept nogil:
    """Set Game g up to play a chunk of the goldfish's games of Spec S, or (`scenario`) to hold
    a Scenario's game (GameState, whose Spec has no deck): its memory zeroed first, so no field
    is ever left unset, then the tables and working memory it reads (`sc`), the Spec's switches
    and the players' standing choices (S.choices). Each game then starts with new_game."""
    cdef int k, q
    cdef Amount* a
    memset(g, 0, sizeof(Game))
    g.scenario = scenario
    g.scratch = sc
    g.direct = R.direct
    g.front = R.front
    g.cards = R.cards
    g.unit_mask = R.unit_mask
    g.hand_count = sc.hand_count
    g.hand_pos = sc.hand_pos
    g.in_play = sc.in_play
    g.cost_memo = sc.cost_memo
    g.cost_memo_key = sc.cost_memo_key
    g.need_memo = sc.need_memo
    g.gf = S.gf
    g.unit_of = S.units
    g.kind_unit = S.kind_unit
    g.costmod_code = S.costmod_code
    g.costmod_untapped = S.costmod_untapped
    g.reduces_only = S.reduces_only
    g.count_unit = S.count_unit
    g.count_slot = S.count_slot
    g.shortcuts = g.spec_shortcuts = S.shortcuts
    g.counts_hand = S.counts_hand
    g.counts_graveyard = scenario or S.counts_graveyard
    g.lists_graveyard = scenario or S.lists_graveyard
    g.check_views = S.check_views
    g.snapshots = S.snapshots
    g.choices = S.choices
    g.gen = g.board_gen = 1
    for k in range(R.n_cards):             # (a cost reduced by the greatest power: The Great Henge)
        for q in range(R.cards[k].n_costmod):
            a = &R.costmods[R.cards[k].costmod_first + q].amount
            g.keeps_power = g.keeps_power or (a.count >= 0 and R.counts[a.count].what == CO_GREATEST_POWER)
    for k in range(R.n_cards):
        g.keeps_power = g.keeps_power and not R.cards[k].power_star


cdef inline void new_game(Rules* R, Spec* S, Game* g) noexcept nogil:
    """A new game of Spec S in g (set up by new_chunk): every zone emptied, with what is kept of
    them (per-card and per-kind counts, the live view, the cost modifiers in play); S's deck in
    player 0's library (as listed: the mulligan shuffles it), each player's starting life
    (103.4; 903.7), the commanders in the command zone (903.6). The one per-game set-up: each
    goldfish game's (play_game), and a Scenario's before its zones are loaded (GameState.load:
    its Spec has no deck and no commanders). Only what a game reads: no full clear."""
    cdef int k
    for k in range(g.n):                         # the last game's permanents
        g.in_play[g.perms[k].card] = 0
    g.n = g.n_tapped = 0
    g.lib_n[0] = g.lib_n[1] = g.grave_n[0] = g.grave_n[1] = g.hand_n[1] = 0
    g.bottom_n = g.bottom_next = g.top_n = 0
    if g.kinds[WATCHED_WORD] & WATCHED_KINDS:   # (the last game's watchers: the lists are
        memset(g.watching, 0, sizeof(g.watching))   # empty unless some are counted)
    g.kinds[0] = g.kinds[1] = g.kinds[2] = 0
    g.units = g.n_sacrifice_at_end = g.n_costmod_wild = g.n_animated = g.n_returning = 0
    g.shortcuts = g.spec_shortcuts
    g.costmod_set = g.counted = 0
    g.m1m1 = g.new_legend = g.marked = g.entering_tapped = g.main_phase = g.spell_to_library = g.countered = False
    live_clear(g)
    g.all_masks = cleared(g.all_units, g.all_rows, g.all_masks)     # (a new game: no permanents)
    g.rows_lost = False
    hand_clear(g)
    memset(&g.bi, 0, <size_t>(<char*>&g.bi.restricted_row - <char*>&g.bi))   # (restricted entries
                                                    # past n_restricted, 0 now, are never read)
    g.spent = g.lands_played = g.extra_land_drops = 0
    g.n_flashback = g.n_exiled = g.n_cast_in_upkeep = 0
    if S.deck_n:
        memcpy(g.library[0], S.deck, S.deck_n * sizeof(int32_t))
    g.lib_n[0] = S.deck_n
    g.bi.life[0] = g.bi.life[1] = S.starting_life      # (103.4; 903.7)
    g.n_commander = g.command_n = S.n_commander         # 903.6: the commanders start in the
    for k in range(2):                                  # command zone
        g.commander[k] = S.commander[k]
        g.in_command[k] = k < S.n_commander
        g.command_casts[k] = 0
    g.next_id = 1
    board_changed(g)                                   # a new board: nothing worked out holds
    g.greatest_power = 0                               # (no creature: 0, as eval_count counts it)
    g.power_kept = True
    g.sba_gen = 0


# Offsets of the metrics in one chunk's int64 row (laid out by `metric_layout`). The hands drawn,
# at 8 * draw + lands (draw: 0 the first seven, 1 the seven after one mulligan, ... 7 the eighth
# or later; lands as the keep rule counts them, without mana sources: mulligan): kept_lands the
# games that kept that hand, mulliganed_lands the hands shuffled back. (Appended last, so the
# offsets before them never move.)
cdef struct Layout:
    int castable, castable_hit, hit, first_cast, lands, lands_sq, mana, mana_sq
    int spent, spent_sq, kill, kept, games, kept_lands, mulliganed_lands, size


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
    L.kept_lands = L.games + 1
    L.mulliganed_lands = L.kept_lands + 64
    L.size = L.mulliganed_lands + 64
    return L


def metric_offsets(int n_track, int turns):
    """{metric name: (offset, length)} of a chunk's metric row (for mtgsim.simulate)."""
    cdef Layout L = metric_layout(n_track, turns)
    return {"castable": (L.castable, n_track * turns), "castable_hit": (L.castable_hit, n_track * turns),
            "hit": (L.hit, turns), "first_cast": (L.first_cast, n_track * (turns + 1)),
            "lands": (L.lands, turns), "lands_sq": (L.lands_sq, turns), "mana": (L.mana, turns),
            "mana_sq": (L.mana_sq, turns), "spent": (L.spent, turns), "spent_sq": (L.spent_sq, turns),
            "kill": (L.kill, turns + 1), "kept": (L.kept, 8), "games": (L.games, 1),
            "kept_lands": (L.kept_lands, 64), "mulliganed_lands": (L.mulliganed_lands, 64), "size": (L.size, 0)}


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


cdef inline Board game_board(Game* g) noexcept nogil:
    cdef Board b
    b.perms = g.perms
    b.n = g.n
    b.scanned = 0
    b.bi = &g.bi
    return b


# ---- a Game field by field (tests) --------------------------------------------------------------

cdef object pointing_at(const void* p, dict known):
    """What pointer p points at: the name of one of `known` ({name: address}), None for NULL."""
    if p == NULL:
        return None
    for name, address in known.items():
        if address == <size_t>p:
            return name
    return "elsewhere"


cdef dict game_fields(Rules* R, Spec* S, Scratch* sc, Game* g):
    """Game g field by field, as far as a game reads it (tests compare set-ups: debug_game_fields,
    GameState.debug_fields): an array up to its count; a pointer as what it points at (a table
    of R or of its Spec S, its Scratch `sc`, NULL); the per-card counts it keeps in sc as the
    rows they count; the cost memo as whether it is there (its entries are keyed: a stale one
    is never read); scan_board's findings as whether they hold (scan_gen)."""
    cdef int w, k
    known = {"Rules.direct": <size_t>R.direct, "Rules.front": <size_t>R.front, "Rules.cards": <size_t>R.cards,
             "Rules.unit_mask": <size_t>R.unit_mask, "Spec.gf": <size_t>S.gf, "Spec.units": <size_t>S.units,
             "Spec.kind_unit": <size_t>S.kind_unit, "Spec.costmod_code": <size_t>S.costmod_code,
             "Spec.costmod_untapped": <size_t>S.costmod_untapped, "Spec.reduces_only": <size_t>S.reduces_only,
             "Spec.count_unit": <size_t>S.count_unit, "Spec.count_slot": <size_t>S.count_slot,
             "Scratch": <size_t>sc, "Scratch.hand_count": <size_t>sc.hand_count,
             "Scratch.hand_pos": <size_t>sc.hand_pos, "Scratch.in_play": <size_t>sc.in_play,
             "Scratch.cost_memo": <size_t>sc.cost_memo, "Scratch.cost_memo_key": <size_t>sc.cost_memo_key,
             "Scratch.need_memo": <size_t>sc.need_memo}
    cdef object bi = g.bi                # (a dict)
    in_hand = [k for k in range(R.n_cards) if g.hand_count[k]] if g.hand_count != NULL else None
    f = {"scenario": g.scenario,
         "library": [[g.library[w][k] for k in range(g.lib_n[w])] for w in range(2)],
         "lib_n": g.lib_n,
         "bottom": [g.bottom[k] for k in range(g.bottom_n)], "bottom_n": g.bottom_n, "bottom_next": g.bottom_next,
         "top": [g.top[k] for k in range(g.top_n)], "top_n": g.top_n,
         "hand": [[g.hand[w][k] for k in range(g.hand_n[w])] for w in range(2)], "hand_n": g.hand_n,
         "graveyard": [[g.graveyard[w][k] for k in range(g.grave_n[w])] for w in range(2)],
         "grave_n": g.grave_n,
         "hand_count": (pointing_at(g.hand_count, known),
                        None if in_hand is None else {k: g.hand_count[k] for k in in_hand}),
         "hand_pos": (pointing_at(g.hand_pos, known),
                      None if in_hand is None or g.hand_pos == NULL else {k: g.hand_pos[k] for k in in_hand}),
         "rows": [sorted(g.rows[w][k] for k in range(g.n_rows[w])) for w in range(2)], "n_rows": g.n_rows,
         "in_play": (pointing_at(g.in_play, known), None if g.in_play == NULL else
                     {k: g.in_play[k] for k in range(R.n_cards) if g.in_play[k]}),
         "cost_memo": pointing_at(g.cost_memo, known), "cost_memo_key": pointing_at(g.cost_memo_key, known),
         "need_memo": pointing_at(g.need_memo, known),
         "hand_lands": g.hand_lands,
         "perms": [g.perms[k] for k in range(g.n)], "n": g.n,
         "bi": {**{name: value for name, value in bi.items() if not name.endswith("restricted")
                   and name != "restricted_row"},     # (uint8_t arrays would read as C strings)
                "n_restricted": [g.bi.n_restricted[w] for w in range(2)],
                "restricted_row": [bi["restricted_row"][w][:g.bi.n_restricted[w]] for w in range(2)],
                "restricted": [bi["restricted"][w][:g.bi.n_restricted[w]] for w in range(2)]},
         "next_id": g.next_id, "spent": g.spent, "lands_played": g.lands_played,
         "extra_land_drops": g.extra_land_drops,
         "trace": pointing_at(g.trace, known), "trace_n": g.trace_n, "trace_cap": g.trace_cap,
         "scratch": pointing_at(g.scratch, known),
         "gen": g.gen, "board_gen": g.board_gen, "sba_gen": g.sba_gen, "scan_gen": g.scan_gen,
         "scan": g.scan_gen == g.board_gen,
         "gf": pointing_at(g.gf, known), "unit_of": pointing_at(g.unit_of, known),
         "kinds": g.kinds, "kind_unit": pointing_at(g.kind_unit, known),
         "n_sacrifice_at_end": g.n_sacrifice_at_end, "marked": g.marked,
         "tapped_rows": [g.tapped_rows[k] for k in range(g.n_tapped)],
         "tapped_ids": [g.tapped_ids[k] for k in range(g.n_tapped)],
         "tapped_who": [g.tapped_who[k] for k in range(g.n_tapped)], "n_tapped": g.n_tapped,
         "costmod_set": g.costmod_set, "n_costmod_wild": g.n_costmod_wild,
         "costmod_code": pointing_at(g.costmod_code, known),
         "costmod_untapped": pointing_at(g.costmod_untapped, known),
         "reduces_only": pointing_at(g.reduces_only, known),
         "counted": g.counted, "count_unit": pointing_at(g.count_unit, known),
         "count_slot": pointing_at(g.count_slot, known),
         "watching": [[g.watching[w][k] for k in range(ROW_WORDS)] for w in range(N_WATCH)],
         "keeps_power": g.keeps_power, "power_kept": g.power_kept, "greatest_power": g.greatest_power,
         "units": g.units, "new_legend": g.new_legend, "m1m1": g.m1m1, "shortcuts": g.shortcuts,
         "countered": g.countered, "spells_cast": list(g.spells_cast),
         "noncreature_cast": list(g.noncreature_cast),
         "spec_shortcuts": g.spec_shortcuts, "n_animated": g.n_animated,
         "returning": [g.returning[k] for k in range(g.n_returning)], "n_returning": g.n_returning,
         "counts_hand": g.counts_hand, "counts_graveyard": g.counts_graveyard,
         "lists_graveyard": g.lists_graveyard,
         "flashback": [g.flashback[k] for k in range(g.n_flashback)], "n_flashback": g.n_flashback,
         "exiled": [(g.exiled[k].row, g.exiled[k].who, g.exiled[k].time, g.exiled[k].plotted)
                    for k in range(g.n_exiled)],
         "n_exiled": g.n_exiled,
         "cast_in_upkeep": [g.cast_in_upkeep[k] for k in range(g.n_cast_in_upkeep)],
         "n_cast_in_upkeep": g.n_cast_in_upkeep,
         "n_commander": g.n_commander, "commander": g.commander, "in_command": g.in_command,
         "command_casts": [g.command_casts[w] for w in range(2)], "command_n": g.command_n,
         "direct": pointing_at(g.direct, known), "front": pointing_at(g.front, known),
         "cards": pointing_at(g.cards, known),
         "live": g.live, "live_masks": g.live_masks, "sick": g.sick, "sick_masks": g.sick_masks,
         "all_units": g.all_units, "all_masks": g.all_masks,
         "live_rows": g.live_rows, "sick_rows": g.sick_rows, "all_rows": g.all_rows,
         "rows_lost": g.rows_lost,
         "unit_mask": pointing_at(g.unit_mask, known),
         "check_views": g.check_views, "snapshots": g.snapshots, "entering_tapped": g.entering_tapped,
         "spell_to_library": g.spell_to_library,
         "main_phase": g.main_phase, "choices": g.choices, "n_looked": g.n_looked,
         "n_flipped": g.n_flipped, "asked": g.asked,
         "illegal": g.illegal, "over": g.over}
    return f

# Sources' options kept: what source_options found for a permanent, remembered with everything
# it read (the permanent's every byte, whether it is summoning sick, whether life is tracked,
# and its surroundings: the permanents whose mana effects may apply to it and the mana
# abilities granted), so a payment prepared again on a board where those are the same copies
# the options instead of working them out (replacement effects in every order, triggered
# mana: the dear part on a board of mana effects). Exact: a source whose options read more of
# the board (a count, could-produce, "if you control", a condition, a permanent its cost
# taps) is worked out each time. The goldfish's alone (views.pxi); without its shortcuts
# nothing is kept, and checking the views every kept answer is compared with source_options.
# Uses base, abilities, production, payment.

cdef enum:
    KEPT_ROWS = 64               # the board's rows whose options are kept (boards are mostly smaller)


cdef struct Surroundings:        # what of the board besides a source its options may read
    int n                        # the permanents with mana effects in play (Board.fx)...
    int16_t row[MAXFX]
    Permanent perm[MAXFX]        # ...each as it is (its every byte)
    uint8_t grants[2]            # each player's granted abilities (Board.grants_to)


cdef struct KeptSource:          # one row's options as last worked out
    Permanent perm               # the permanent then (every byte: a new object has a new id)
    uint32_t around              # the surroundings' number then (0: nothing kept)
    uint8_t sick                 # it was summoning sick (302.6)
    uint8_t life_effects         # life was tracked (prepare_payment's `life_effects`)
    uint16_t over                # the Overflow bits working them out noted
    Options o


cdef struct KeptTypes:           # one row's types it could produce (106.7) as last worked out
    Permanent perm
    uint32_t around
    uint16_t over
    uint8_t types


cdef struct KeptOptions:         # a chunk's kept options (about 200 KiB, made when first asked)
    uint32_t around              # the number of the surroundings in `seen` (raised as they change)
    Surroundings seen
    bint usable                  # `seen` is the board being prepared (not more than MAXFX effects)
    bint check                   # also work out every kept answer anew (checking the views)...
    bint fault                   # ...and one differed
    bint granted_keeps           # the granted mana ability (Rules.granted_row) reads no more, or none
    uint8_t* card_keeps          # per card row: 1 its printed mana abilities read no more, 2 not, 0 unasked
    KeptSource rows[KEPT_ROWS]
    KeptTypes types[KEPT_ROWS]


cdef KeptOptions* new_kept_options(Rules* R) noexcept nogil:
    cdef KeptOptions* K = <KeptOptions*>calloc(1, sizeof(KeptOptions))
    if K == NULL:
        return NULL
    K.card_keeps = <uint8_t*>calloc(max(R.n_cards, 1), 1)
    if K.card_keeps == NULL:
        free(K)
        return NULL
    K.around = 1
    K.granted_keeps = R.granted_row < 0 or reads_no_more(R, R.granted_row)
    return K


cdef void free_kept_options(KeptOptions* K) noexcept nogil:
    if K != NULL:
        free(K.card_keeps)
        free(K)


cdef void look_around(Rules* R, Board* b, KeptOptions* K) noexcept nogil:
    """Note the surroundings of the sources on board b in K (a new number if they changed
    since last noted), or that options can't be kept on it (more mana effects than Board.fx
    lists)."""
    cdef Surroundings* seen = &K.seen
    cdef int q, j, n = 0
    cdef bint same
    if not b.scanned:
        scan_board(R, b)
    K.usable = b.n_fx != FX_MANY
    if not K.usable:
        return
    same = seen.grants[0] == b.grants_to[0] and seen.grants[1] == b.grants_to[1]
    for q in range(b.n_fx):
        j = b.fx[q]
        if in_play(b, j):
            if same and (n >= seen.n or seen.row[n] != j
                         or memcmp(&seen.perm[n], &b.perms[j], sizeof(Permanent)) != 0):
                same = False
            n += 1
    if same and n == seen.n:
        return
    seen.n = 0
    for q in range(b.n_fx):
        j = b.fx[q]
        if in_play(b, j):
            seen.row[seen.n] = <int16_t>j
            seen.perm[seen.n] = b.perms[j]
            seen.n += 1
    seen.grants[0] = b.grants_to[0]
    seen.grants[1] = b.grants_to[1]
    K.around += 1


cdef bint reads_no_more(Rules* R, int row) noexcept nogil:
    """Does MANA_ABILITY row `row` read nothing of the board beyond its permanent and the
    surroundings (no count, could-produce, "if you control", condition, or other permanent
    tapped for its cost)?"""
    cdef ManaAbility* a = &R.mana[row]
    return (a.amount.count < 0 and not a.could_produce and a.condition < 0 and not a.if_you_control
            and a.tap_filter < 0)


cdef inline bint keepable(Rules* R, Board* b, int i, KeptOptions* K) noexcept nogil:
    """May permanent i's options be kept (every mana ability it has, printed or granted, reads
    no more)? Its card's printed abilities asked once a chunk (K.card_keeps)."""
    cdef int card = b.perms[i].card
    cdef uint8_t keeps = K.card_keeps[card]
    cdef Card* c
    cdef int k
    if keeps == 0:
        c = &R.cards[card]
        keeps = 1
        for k in range(c.n_mana):
            if not reads_no_more(R, c.mana_first + k):
                keeps = 2
        K.card_keeps[card] = keeps
    return keeps == 1 and K.granted_keeps


cdef int kept_source_options(Rules* R, Board* b, int i, uint8_t* cp, Options* o, bint life_effects,
                             KeptOptions* K) noexcept nogil:
    """source_options of permanent i, copied from K where they were worked out for it as it is
    now in the same surroundings (look_around first), else worked out (and kept, when it has
    some: a tapped source has none and keeps its untapped options for its next turn)."""
    cdef KeptSource* s
    cdef uint16_t before
    cdef uint8_t sick
    cdef Options fresh
    if not K.usable or i >= KEPT_ROWS or not keepable(R, b, i, K):
        return source_options(R, b, i, cp, o, life_effects)
    s = &K.rows[i]
    sick = is_sick(R, b, i)
    if (s.around == K.around and s.sick == sick and s.life_effects == life_effects
            and memcmp(&s.perm, &b.perms[i], sizeof(Permanent)) == 0):
        copy_options(o, &s.o)
        b.over |= s.over
        if K.check:
            before = b.over
            if source_options(R, b, i, cp, &fresh, life_effects) != o.n or not same_kept(o, &fresh):
                K.fault = True
            b.over = before
        return o.n
    before = b.over
    b.over = 0
    source_options(R, b, i, cp, o, life_effects)
    if o.n > 0 and not o.tapping:
        s.perm = b.perms[i]
        s.around = K.around
        s.sick = sick
        s.life_effects = life_effects
        s.over = b.over
        copy_options(&s.o, o)
    b.over |= before
    return o.n


# called through a pointer: the C compiler doesn't inline it (with the Options it checks
# against) into prepare_payment_kept, whose loop over the board stays as small as before it
# (mono_green_henge 91,425 -> 90,586 instructions a game, legacy_eldrazi_stompy 157,168 ->
# 155,438; commander_elves 1,204,763 -> 1,218,777)
cdef int (*the_kept_source_options)(Rules*, Board*, int, uint8_t*, Options*, bint,
                                    KeptOptions*) noexcept nogil
the_kept_source_options = kept_source_options


cdef uint8_t kept_types(Rules* R, Board* b, int i, uint8_t* cp, KeptOptions* K) noexcept nogil:
    """types_could_produce of permanent i (keepable: it reads nothing of cp), copied from K
    where they were worked out for it as it is now in the same surroundings, else worked out
    and kept."""
    cdef KeptTypes* s = &K.types[i]
    cdef uint16_t before = b.over
    cdef uint8_t types
    if s.around == K.around and memcmp(&s.perm, &b.perms[i], sizeof(Permanent)) == 0:
        b.over |= s.over
        if K.check:
            if <uint8_t>types_could_produce(R, b, i, cp, NULL) != s.types:
                K.fault = True
            b.over = before | s.over
        return s.types
    b.over = 0
    types = <uint8_t>types_could_produce(R, b, i, cp, NULL)
    s.perm = b.perms[i]
    s.around = K.around
    s.over = b.over
    s.types = types
    b.over |= before
    return types


cdef bint same_kept(Options* a, Options* b) noexcept nogil:
    """Are options a (kept) the options b (worked out), field by field as copy_options copies
    (an input's units as many as it has)?"""
    cdef int n = a.n, k
    if not (a.n == b.n and a.restricted == b.restricted and a.keeps_tapped == b.keeps_tapped
            and b.tapping == 0
            and memcmp(a.out, b.out, n * sizeof(Vec)) == 0 and memcmp(a.own, b.own, n * sizeof(Vec)) == 0
            and memcmp(a.n_in, b.n_in, n) == 0
            and memcmp(a.ability, b.ability, n) == 0 and memcmp(a.removed, b.removed, n) == 0
            and memcmp(a.life, b.life, n * sizeof(int16_t)) == 0
            and memcmp(a.gain, b.gain, n * sizeof(int16_t)) == 0
            and memcmp(a.dmg, b.dmg, n * sizeof(int16_t)) == 0
            and memcmp(a.restriction, b.restriction, n * sizeof(int16_t)) == 0):
        return False
    for k in range(n):
        if memcmp(a.in_mask[k], b.in_mask[k], a.n_in[k]) != 0:
            return False
    return True

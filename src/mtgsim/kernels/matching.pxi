# Bipartite matching of a payment's demands to its supplies (601.2g-h): Kuhn's augmenting
# paths, converters' stages, restricted mana's classes (106.6), and the greedy count of the
# most demands of one kind a matching takes. Uses base.

cdef struct Match:               # one bipartite matching problem: demands ← supplies
    int n_d
    uint8_t d_mask[MAXDEMAND]
    int8_t d_stage[MAXDEMAND]    # a converter's input: only supplies from earlier stages
    int n_s
    uint8_t s_mask[MAXUNIT]
    int8_t s_stage[MAXUNIT]      # -1: base supply; k: made by the converter activated k-th
    int16_t owner[MAXUNIT]
    uint8_t seen[MAXUNIT]
    uint8_t* d_admit             # restricted mana (106.6): per demand the classes it may take,
    uint8_t* s_cls               # per supply its class (0 unrestricted); NULL if none is


cdef inline void keep_match(Match* keep, Match* M) noexcept nogil:
    """Copy matching M's demands and supplies, and who took what, to `keep` (a Match is mostly
    room: its used part only; not its search marks, nor its classes, which are M's frame's)."""
    keep.n_d = M.n_d
    keep.n_s = M.n_s
    memcpy(keep.d_mask, M.d_mask, M.n_d)
    memcpy(keep.d_stage, M.d_stage, M.n_d)
    memcpy(keep.s_mask, M.s_mask, M.n_s)
    memcpy(keep.s_stage, M.s_stage, M.n_s)
    memcpy(keep.owner, M.owner, M.n_s * sizeof(int16_t))
    keep.d_admit = keep.s_cls = NULL


cdef bint augment(Match* M, int d) noexcept nogil:
    cdef int s
    for s in range(M.n_s):
        if M.seen[s] or not (M.d_mask[d] & M.s_mask[s]) or M.s_stage[s] >= M.d_stage[d]:
            continue
        M.seen[s] = 1
        if M.owner[s] < 0 or augment(M, M.owner[s]):
            M.owner[s] = d
            return True
    return False


cdef inline bint may_take(Match* M, int d, int s) noexcept nogil:
    """May demand d take supply s: a type in common, made before it, and (restricted mana)
    a class it admits?"""
    return ((M.d_mask[d] & M.s_mask[s]) != 0 and M.s_stage[s] < M.d_stage[d]
            and (M.s_cls == NULL or (M.s_cls[s] & ~M.d_admit[d]) == 0))


cdef bint augment_restricted(Match* M, int d) noexcept nogil:
    """augment, with supplies of restricted mana taken only by demands their class admits."""
    cdef int s
    for s in range(M.n_s):
        if M.seen[s] or not may_take(M, d, s):
            continue
        M.seen[s] = 1
        if M.owner[s] < 0 or augment_restricted(M, M.owner[s]):
            M.owner[s] = d
            return True
    return False


cdef bint match_all(Match* M, bint free_first) noexcept nogil:
    """Can every demand get its own supply? (Kuhn's augmenting paths.) With `free_first` a
    demand takes a free supply when there is one (faster; a different matching, so payment
    plans, which keep the matching, don't ask for it)."""
    cdef int d, s
    cdef bint placed
    if M.n_d > M.n_s:
        return False
    if M.s_cls != NULL:
        return match_all_restricted(M, free_first)
    for s in range(M.n_s):
        M.owner[s] = -1
    for d in range(M.n_d):
        placed = False
        if free_first:
            for s in range(M.n_s):
                if M.owner[s] < 0 and M.d_mask[d] & M.s_mask[s] and M.s_stage[s] < M.d_stage[d]:
                    M.owner[s] = d
                    placed = True
                    break
        if not placed:
            memset(M.seen, 0, M.n_s)
            if not augment(M, d):
                return False
    return True


cdef bint match_all_restricted(Match* M, bint free_first) noexcept nogil:
    """match_all with restricted mana among the supplies (106.6): may_take decides."""
    cdef int d, s
    cdef bint placed
    for s in range(M.n_s):
        M.owner[s] = -1
    for d in range(M.n_d):
        placed = False
        if free_first:
            for s in range(M.n_s):
                if M.owner[s] < 0 and may_take(M, d, s):
                    M.owner[s] = d
                    placed = True
                    break
        if not placed:
            memset(M.seen, 0, M.n_s)
            if not augment_restricted(M, d):
                return False
    return True


cdef int greedy_most(Match* M, uint8_t mask, int bound) noexcept nogil:
    """Add `mask` demands to a matching of the inputs one at a time until one fails (or
    `bound` is reached): how many got a supply."""
    cdef int d, s = 0, got = 0
    if M.s_cls != NULL:
        return greedy_most_restricted(M, mask, bound)
    while M.n_d < MAXDEMAND and got < M.n_s and got < bound:
        d = M.n_d
        M.d_mask[d] = mask
        M.d_stage[d] = 127
        M.n_d += 1
        while s < M.n_s and (M.owner[s] >= 0 or not (M.s_mask[s] & mask)):
            s += 1              # a free supply of the mask needs no path (only the
        if s < M.n_s:           # count matters here, not which matching)
            M.owner[s] = d
        else:
            memset(M.seen, 0, M.n_s)
            if not augment(M, d):
                break
        got += 1
    return got


cdef int greedy_most_restricted(Match* M, uint8_t mask, int bound) noexcept nogil:
    """greedy_most with restricted mana among the supplies: all of it counts (106.6: the most
    mana is a report), except mana past MAXCLASS restrictions, which is never spent."""
    cdef int d, s = 0, got = 0
    while M.n_d < MAXDEMAND and got < M.n_s and got < bound:
        d = M.n_d
        M.d_mask[d] = mask
        M.d_stage[d] = 127
        M.d_admit[d] = ALLCLASSES
        M.n_d += 1
        while s < M.n_s and not (M.owner[s] < 0 and may_take(M, d, s)):
            s += 1
        if s < M.n_s:
            M.owner[s] = d
        else:
            memset(M.seen, 0, M.n_s)
            if not augment_restricted(M, d):
                break
        got += 1
    return got

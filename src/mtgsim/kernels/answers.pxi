# Answers remembered: the payment problems a chunk's games meet, each interned (given a small id
# by a hash-consing table that keeps its full key, so that an answer is exact: two problems with
# the same key are the same search), and per problem the answers the goldfish asks of it — the
# most mana it makes, and whether it pays a total cost for a life total and a purpose. A game
# meets the same few problems again and again (a deck's lands and mana rocks in few states),
# so the search runs once per problem and question, not once per board. The search itself is
# the slow path: without the goldfish's shortcuts nothing is remembered. Uses base, payment,
# most_mana.

cdef enum:
    PROBLEM_SLOTS = 8192         # slots of the problems' table (a power of two; at most half used)
    ANSWER_SLOTS = 32768         # slots of the answers' table (likewise)
    KEY_ARENA = 1 << 21          # bytes of the problems' keys
    KEY_LONGEST = 4096           # the longest key remembered (a larger problem is searched each time)


cdef struct Asked:               # a question asked of a problem: its whole key
    int32_t problem              # the problem's id
    int32_t life                 # the player's life and P's, where the cost pays life (else 0:
    int32_t start                # unread, see life_ok)
    uint8_t admit                # the classes of restricted mana the purpose admits (106.6)
    TotalCost cost


cdef struct Answer:
    uint64_t hash                # 0: an empty slot
    Asked q
    uint8_t payable


cdef struct Problems:            # a chunk's problems and answers (made when first asked: about
                                 # 4.4 MiB, the tables' fixed sizes; emptied when half full)
    uint64_t* hash               # per slot: the key's hash (0: empty)...
    uint32_t* at                 # ...where its key starts in `keys`, and its length
    uint32_t* length
    int32_t* most                # ...and the most mana it makes (-1: not asked yet)
    uint8_t* keys                # the keys, one after the other
    size_t used                  # bytes of `keys` used
    int n                        # problems held
    Answer* answers
    int n_answers
    uint32_t gen                 # bumped when the tables are cleared: a Payment's id of an
                                 # earlier generation is stale
    uint8_t key[KEY_LONGEST]     # a key being made
    uint8_t sources[KEY_LONGEST] # ...and its searched sources' parts, before they are sorted


cdef Problems* new_problems() noexcept nogil:
    cdef Problems* M = <Problems*>calloc(1, sizeof(Problems))
    if M == NULL:
        return NULL
    M.hash = <uint64_t*>calloc(PROBLEM_SLOTS, sizeof(uint64_t))
    M.at = <uint32_t*>malloc(PROBLEM_SLOTS * sizeof(uint32_t))
    M.length = <uint32_t*>malloc(PROBLEM_SLOTS * sizeof(uint32_t))
    M.most = <int32_t*>malloc(PROBLEM_SLOTS * sizeof(int32_t))
    M.keys = <uint8_t*>malloc(KEY_ARENA)
    M.answers = <Answer*>calloc(ANSWER_SLOTS, sizeof(Answer))
    M.gen = 1
    if (M.hash == NULL or M.at == NULL or M.length == NULL or M.most == NULL
            or M.keys == NULL or M.answers == NULL):
        free_problems(M)
        return NULL
    return M


cdef void free_problems(Problems* M) noexcept nogil:
    if M != NULL:
        free(M.hash)
        free(M.at)
        free(M.length)
        free(M.most)
        free(M.keys)
        free(M.answers)
        free(M)


cdef void forget_problems(Problems* M) noexcept nogil:
    """Empty the tables (when one is half full: memory stays bounded), the ids given out stale."""
    memset(M.hash, 0, PROBLEM_SLOTS * sizeof(uint64_t))
    memset(M.answers, 0, ANSWER_SLOTS * sizeof(Answer))
    M.used = 0
    M.n = M.n_answers = 0
    M.gen += 1


cdef inline uint64_t hash_bytes(const uint8_t* p, size_t n, uint64_t h) noexcept nogil:
    """A 64-bit hash of n bytes (never 0: 0 marks an empty slot)."""
    cdef uint64_t w
    cdef size_t k = 0
    while k + 8 <= n:
        memcpy(&w, p + k, 8)
        h = (h ^ w) * 0x9E3779B97F4A7C15ULL
        h ^= h >> 29
        k += 8
    w = 0
    if k < n:
        memcpy(&w, p + k, n - k)
    h = (h ^ w ^ (<uint64_t>n << 56)) * 0xBF58476D1CE4E5B9ULL
    h ^= h >> 31
    return h | 1


cdef inline bint put(uint8_t* key, int* n, const void* data, int size) noexcept nogil:
    """Append `size` bytes to the key being made; False once it would pass KEY_LONGEST."""
    if n[0] + size > KEY_LONGEST:
        return False
    memcpy(key + n[0], data, size)
    n[0] += size
    return True


cdef inline bint costs_life(Payment* P) noexcept nogil:
    """Does some searched source's option cost life (Mana Confluence)? Only then does the
    search read the life total when the cost itself pays none (life_ok)."""
    cdef int g, k
    for g in range(P.n_branch):
        for k in range(P.branch[g].n):
            if P.branch[g].life[k]:
                return True
    return False


cdef int source_key(Payment* P, int g, uint8_t* key) noexcept nogil:
    """What the searches read of searched source g: its options (and the restricted mana
    classes that may pay its inputs), as bytes; -1 past KEY_LONGEST. Options a card has on every
    board (Rules.fixed_options) are keyed by their index there, with what the payment adds to
    them (snow, the classes of their restricted mana)."""
    cdef Options* o = &P.branch[g]
    cdef int n = 0, k
    cdef uint8_t flags[5]
    flags[0] = <uint8_t>o.n
    flags[1] = <uint8_t>(o.restricted != 0)
    flags[2] = o.snow
    flags[3] = 0xFF if P.branch_fixed[g] >= 0 else <uint8_t>(o.keeps_tapped != 0)
    flags[4] = P.branch_admit[g] if P.n_class else 0
    if P.branch_fixed[g] >= 0:          # (0xFF: never a worked-out source's flag)
        if not (put(key, &n, flags, 5) and put(key, &n, &P.branch_fixed[g], sizeof(int32_t))
                and (not o.restricted or put(key, &n, o.cls, o.n))):
            return -1
        return n
    if not (put(key, &n, flags, 5) and put(key, &n, o.out, o.n * sizeof(Vec))
            and put(key, &n, o.n_in, o.n) and put(key, &n, o.life, o.n * sizeof(int16_t))
            and put(key, &n, o.gain, o.n * sizeof(int16_t)) and put(key, &n, o.dmg, o.n * sizeof(int16_t))
            and put(key, &n, o.cls, o.n)):
        return -1
    if o.restricted and not put(key, &n, o.own, o.n * sizeof(Vec)):
        return -1
    for k in range(o.n):
        if o.n_in[k] and not put(key, &n, o.in_mask[k], o.n_in[k]):
            return -1
    return n


cdef int problem_key(Problems* M, Payment* P, uint8_t* key) noexcept nogil:
    """What decides the payment search's and the most-mana search's answers on P, as bytes
    whatever the board's order: the units counted per mask, the restricted pool's, the
    restriction classes, the searched sources' options in the order of their bytes, and the
    life total where an option costs life. (The answers don't depend on the order the sources
    are tried in, nor on which permanents they are; the rest of P — reach, adds, most_out,
    prev_same, max_gain, summed — follows from these.) -1 where nothing is remembered: a board
    where a cost taps another permanent (its matching reads the permanents), a problem near a
    limit (where the searches note Overflow bits), or a key longer than KEY_LONGEST."""
    cdef int n = 0, g, j, k, u, size
    cdef int32_t head[6]
    cdef uint64_t present[4]
    cdef uint16_t count[256]
    cdef uint16_t pair
    cdef int order[MAXBRANCH]
    cdef int at[MAXBRANCH + 1]
    cdef uint8_t* src = M.sources
    if (P.tapping or P.n_tap_rows or P.over & (OV_UNITS | OV_BRANCH)
            or P.n_units + P.n_pool_r + P.max_branch_total >= min(MAXUNIT, MAXDEMAND) // 2):
        return -1
    head[0] = P.n_units
    head[1] = P.n_branch
    head[2] = P.n_class
    head[3] = P.n_pool_r
    head[4] = P.life if costs_life(P) else 0
    head[5] = P.shortcuts
    if not (put(key, &n, head, sizeof(head)) and put(key, &n, P.class_row, P.n_class * sizeof(int32_t))):
        return -1
    memset(present, 0, sizeof(present))
    for u in range(P.n_units + P.n_pool_r):     # (units and restricted pool: mask, class, count)
        k = P.unit_mask[u] if u < P.n_units else 128 | P.pool_r_mask[u - P.n_units]
        if u >= P.n_units:
            k = (k & 0xFF) | (P.pool_r_cls[u - P.n_units] << 8)
        pair = <uint16_t>k
        j = pair & 0xFF
        if u >= P.n_units:              # (restricted: a class apart, keyed as it is)
            if not put(key, &n, &pair, 2):
                return -1
            continue
        if present[j >> 6] >> (j & 63) & 1:
            count[j] += 1
        else:
            present[j >> 6] |= (<uint64_t>1) << (j & 63)
            count[j] = 1
    for k in range(4):
        while present[k]:
            j = 64 * k + mtgsim_ctz64(present[k])
            present[k] &= present[k] - 1
            pair = <uint16_t>j
            if not (put(key, &n, &pair, 2) and put(key, &n, &count[j], 2)):
                return -1
    at[0] = 0
    for g in range(P.n_branch):
        size = source_key(P, g, src + at[g])
        if size < 0 or at[g] + size > KEY_LONGEST - KEY_LONGEST // 8:
            return -1
        at[g + 1] = at[g] + size
        order[g] = g
        j = g                           # (insertion sort of the sources by their bytes)
        while j > 0 and source_before(src, at, order[j], order[j - 1]):
            order[j], order[j - 1] = order[j - 1], order[j]
            j -= 1
    for g in range(P.n_branch):
        if not put(key, &n, src + at[order[g]], at[order[g] + 1] - at[order[g]]):
            return -1
    return n


cdef inline bint source_before(uint8_t* src, int* at, int a, int b) noexcept nogil:
    """Do searched source a's bytes sort before b's (shorter first, then as bytes)?"""
    cdef int na = at[a + 1] - at[a], nb = at[b + 1] - at[b]
    if na != nb:
        return na < nb
    return memcmp(src + at[a], src + at[b], na) < 0


cdef int problem_id(Problems* M, Payment* P) noexcept nogil:
    """P's problem's id in M, interned now if new (P remembers it until prepared again), or -1
    if it is not remembered (problem_key)."""
    cdef int n, s
    cdef uint64_t h
    if P.problem_gen == M.gen:
        return P.problem
    P.problem_gen = M.gen
    P.problem = -1
    n = problem_key(M, P, M.key)
    if n < 0:
        return -1
    h = hash_bytes(M.key, n, 0x243F6A8885A308D3ULL)
    s = <int>(h & (PROBLEM_SLOTS - 1))
    while M.hash[s]:
        if M.hash[s] == h and M.length[s] == <uint32_t>n and memcmp(M.keys + M.at[s], M.key, n) == 0:
            P.problem = s
            return s
        s = (s + 1) & (PROBLEM_SLOTS - 1)
    if 2 * (M.n + 1) > PROBLEM_SLOTS or M.used + n > KEY_ARENA:
        forget_problems(M)              # (full: start again; P's id is of the new generation)
        P.problem_gen = M.gen
        s = <int>(h & (PROBLEM_SLOTS - 1))
    M.hash[s] = h
    M.at[s] = <uint32_t>M.used
    M.length[s] = <uint32_t>n
    M.most[s] = -1
    memcpy(M.keys + M.used, M.key, n)
    M.used += n
    M.n += 1
    P.problem = s
    return s


cdef inline void question_key(Asked* q, int problem, TotalCost* c, int life, int start, uint8_t admit) noexcept nogil:
    """The key of the question "does problem pay c" (life and the player's where c pays life)."""
    memset(q, 0, sizeof(Asked))         # (the padding too: the key is compared as bytes)
    q.problem = problem
    if pays_life(c):
        q.life = life
        q.start = start
    q.admit = admit
    q.cost = c[0]


cdef inline int answer_slot(Problems* M, Asked* q, uint64_t* h) noexcept nogil:
    """The slot of question q in M's answers: its own if asked before, else the empty one it goes in."""
    cdef int s
    h[0] = hash_bytes(<uint8_t*>q, sizeof(Asked), 0x13198A2E03707344ULL)
    s = <int>(h[0] & (ANSWER_SLOTS - 1))
    while M.answers[s].hash:
        if M.answers[s].hash == h[0] and memcmp(&M.answers[s].q, q, sizeof(Asked)) == 0:
            return s
        s = (s + 1) & (ANSWER_SLOTS - 1)
    return s


cdef bint remembered_payable(Rules* R, Problems* M, Payment* P, TotalCost* c, int life,
                             Purpose why) noexcept nogil:
    """cost_payable(R, P, c, life, why), searched once per problem and question (M NULL: always)."""
    cdef int id_ = problem_id(M, P) if M != NULL else -1
    cdef Asked q
    cdef uint64_t h
    cdef int s
    cdef uint16_t before
    cdef bint ok
    if id_ < 0:
        return cost_payable(R, P, c, life, why)
    question_key(&q, id_, c, life, P.life, admitted(R, P, why) if P.n_class else 0)
    s = answer_slot(M, &q, &h)
    if M.answers[s].hash:
        return M.answers[s].payable
    before = P.over
    P.over = 0
    ok = cost_payable(R, P, c, life, why)
    # (a search that noted an Overflow bit is not remembered: which bits it notes may depend
    # on the order it tries the sources in; and past half full, the table takes no more until
    # it is emptied with the problems')
    if P.over == 0 and 2 * (M.n_answers + 1) <= ANSWER_SLOTS:
        M.answers[s].hash = h
        M.answers[s].q = q
        M.answers[s].payable = ok
        M.n_answers += 1
    P.over |= before
    return ok


cdef int remembered_most(Problems* M, Payment* P) noexcept nogil:
    """max_mana(P, ALLTYPES), searched once per problem (M NULL: always)."""
    cdef int id_ = problem_id(M, P) if M != NULL else -1
    cdef uint16_t before
    cdef int most
    if id_ < 0:
        return max_mana(P, ALLTYPES)
    if M.most[id_] < 0:
        before = P.over
        P.over = 0
        most = max_mana(P, ALLTYPES)
        if P.over:                      # (not remembered: see remembered_payable)
            P.over |= before
            return most
        M.most[id_] = most
        P.over = before
    return M.most[id_]

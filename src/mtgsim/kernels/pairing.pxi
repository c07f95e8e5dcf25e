# The Swiss pairing of one round (MTR 10.4): the least-cost pairing — the fewest rematches,
# then the bye to the lowest-ranked player without one, then the fewest players paired outside
# their match-point group, then the fewest match points between paired players. A branch and
# bound over the match-point groups (pair_best, with the odd-group and stuck-group bounds) finds
# it and proves it where it can within its budget; a round it does not prove is decided by the
# exact minimum-cost perfect matching (blossom.pxi). Included into _meta.pyx, after the event's
# state (Spec, Ev) and standings. Uses blossom (bl_alloc, bl_solve).

cdef inline int64_t cross_cost(Ev* e, int g, int h) noexcept nogil:
    """The cost of pairing a player of group g with one of group h: none within a group; a
    pair outside the group (W_C) and the match points between them (W_D each)."""
    if g == h:
        return 0
    return W_C + W_D * <int64_t>(e.gval[g] - e.gval[h] if g < h else e.gval[h] - e.gval[g])


cdef int64_t odd_bound(Ev* e, int G, int fa, int fb) noexcept nogil:
    """The least cost of pairing the players still to pair (e.gcnt per group) whatever their
    rematches, with one player fewer in groups fa and fb (-1: none): every group with an odd
    number of players pairs one outside, and pairing the odd groups in order, first with
    second, third with fourth..., takes the fewest such pairs and the fewest points between
    them (points on a line). A lower bound on every pairing's cost."""
    cdef int64_t lb = 0
    cdef int g, c, open = -1
    for g in range(G):
        c = e.gcnt[g] + (g == fa) + (g == fb)       # (one more or one fewer: the same parity)
        if c & 1:
            if open < 0:
                open = g
            else:
                lb += W_C + W_D * <int64_t>(e.gval[open] - e.gval[g])
                open = -1
    return lb


cdef int64_t stuck_bound(Spec* S, Ev* e, int G) noexcept nogil:
    """A lower bound on the cost of pairing the players still to pair (e.partner -1) that sees
    the groups of two or three players left (of at most 8) who have all met each other (two
    who drew with each other, say; larger groups are not looked into, to keep it quick): each
    of them pairs outside the group or has a rematch. Going down the groups, some players are
    carried to be paired below (a small dynamic programme over their number): at each group,
    some carried players pair with its players (a pair outside the group each); of the rest of
    a group, any number of the parity of the rest is carried below and the others pair within
    (every player left of a stuck group is carried); each carried player past a gap costs its
    match points. At least
    W_R if that can't be done (a rematch). -1 where no group is stuck
    (then odd_bound is this bound)."""
    cdef int g, k, a, b, c, o, x, need, total = 0, R = S.rounds
    cdef int32_t members[3]
    cdef int32_t excess[MAXGROUPS]
    cdef int64_t cost[17]
    cdef int64_t nxt[17]
    cdef int64_t v, gap
    cdef bint stuck = False
    for g in range(G):
        excess[g] = e.gcnt[g] & 1
        if (e.gcnt[g] == 2 or e.gcnt[g] == 3) and e.gstart[g + 1] - e.gstart[g] <= 8:
            c = 0
            for k in range(e.gstart[g], e.gstart[g + 1]):
                if e.partner[e.order[k]] == -1:
                    members[c] = e.order[k]
                    c += 1
            need = 1
            for a in range(c):
                for b in range(a + 1, c):
                    need = need and have_met(e, R, members[a], members[b])
            if need:
                excess[g] = c
                stuck = True
        total += excess[g]
    if not stuck or total > 16:
        return -1
    for o in range(17):
        cost[o] = NO_COST
    cost[0] = 0
    for g in range(G):
        for o in range(17):
            nxt[o] = NO_COST
        for o in range(17):
            if cost[o] == NO_COST:
                continue
            for c in range(min(o, e.gcnt[g]) + 1):      # c of the carried pair with this group
                # then k of the rest are carried below and the others pair within the group
                # (an even number of them; none of a stuck group)
                k = e.gcnt[g] - c
                if k > 16 - (o - c):                    # (at most 16 carried)
                    if excess[g] > 1:
                        continue
                    k -= ((k - (16 - (o - c)) + 1) // 2) * 2
                gap = 0 if g + 1 >= G else <int64_t>(e.gval[g] - e.gval[g + 1])
                while k >= 0:
                    x = o - c + k
                    v = cost[o] + c * W_C + x * gap * W_D
                    if v < nxt[x]:
                        nxt[x] = v
                    if excess[g] > 1:
                        break
                    k -= 2
        for o in range(17):
            cost[o] = nxt[o]
    return cost[0] if cost[0] < W_R else W_R


cdef bint next_class(Ev* e, int G, int d, int g, int64_t cost, int64_t best) noexcept nogil:
    """The next class of partners of depth d's player (group g) after the class tried: the
    least (cost of the best pairing through it, group, rematch) above it whose cost is below
    `best`. False when none is left."""
    cdef int64_t f0 = e.df[d], f, ff, bf = best
    cdef int r0 = 0 if e.dh[d] == g else e.dh[d] + 1, m0 = e.dm[d], h, r, m, br = -1, bm = 0
    if f0 >= best:
        return False
    for h in range(G):
        if e.gcnt[h] - (h == g) <= 0:
            continue
        f = cost + cross_cost(e, g, h) + odd_bound(e, G, g, h)
        r = 0 if h == g else h + 1          # (its own group first, then by points)
        for m in range(2):
            ff = f + m * W_R
            if ff < f0 or (ff == f0 and (r < r0 or (r == r0 and m <= m0))):
                continue                    # (tried already)
            if ff < bf or (ff == bf and br >= 0 and (r < br or (r == br and m < bm))):
                bf = ff
                br = r
                bm = m
    if br < 0:
        return False
    h = g if br == 0 else br - 1
    e.df[d] = bf
    e.dh[d] = h
    e.dm[d] = bm
    e.dj[d] = e.pos[e.sorder[e.dpos[d]]] if h == g else e.gstart[h] - 1
    return True


cdef inline uint64_t player_key(int p) noexcept nogil:
    """A fixed pseudo-random 64-bit key per player (splitmix64), for hashing sets of players."""
    cdef uint64_t z = <uint64_t>p * 0x9E3779B97F4A7C15ULL + 0x9E3779B97F4A7C15ULL
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef bint memo_done(Ev* e, uint64_t key, int64_t cost) noexcept nogil:
    """Was the node of these players paired already searched through, reached at no more
    cost? (Its pairings, from this cost, cost no less than it found; and all it found cost no
    less than the best then, no less than the best now.)"""
    cdef int k, slot
    for k in range(8):
        slot = <int>((key + <uint64_t>k) & (MEMO - 1))
        if <int64_t>e.memo[3 * slot + 2] != e.memo_stamp:
            return False
        if e.memo[3 * slot] == key:
            return <int64_t>e.memo[3 * slot + 1] <= cost
    return False


cdef void memo_put(Ev* e, uint64_t key, int64_t cost) noexcept nogil:
    cdef int k, slot
    for k in range(8):
        slot = <int>((key + <uint64_t>k) & (MEMO - 1))
        if <int64_t>e.memo[3 * slot + 2] != e.memo_stamp or e.memo[3 * slot] == key:
            break
    e.memo[3 * slot] = key
    e.memo[3 * slot + 1] = <uint64_t>cost
    e.memo[3 * slot + 2] = <uint64_t>e.memo_stamp


cdef inline void unpair(Ev* e, int p) noexcept nogil:
    cdef int q = e.partner[p]
    e.partner[p] = -1
    e.partner[q] = -1
    e.gcnt[e.grp[p]] += 1
    e.gcnt[e.grp[q]] += 1


cdef void hash_path(Ev* e, int d) noexcept nogil:
    """e.dz along the search's path to depth d: per depth the hash of the players paired above
    it, the memo's key (kept by the search only once it has found a pairing: the memo is
    used only while proving)."""
    cdef uint64_t z = 0
    cdef int k, p
    for k in range(d):
        e.dz[k] = z
        p = e.sorder[e.dpos[k]]
        z ^= player_key(p) ^ player_key(e.partner[p])


cdef int pair_best(Spec* S, Ev* e, int G, int64_t bound, int64_t* result) noexcept nogil:
    """The least-cost pairing of the players of e.order whose partner is -1 (e.gcnt: their
    number per group), if one costs less than `bound`: a depth-first branch and bound that
    pairs the first player still to pair (the players of groups of at most three first, then
    the others in the pairing order) with a partner, trying the classes of partners
    (group, rematch or not) in order of the least cost a pairing through them can have (the
    cost so far, the pair's, and odd_bound for the rest), each class's players in the pairing
    order (random within a group). It stops at a pairing that costs no more than the bound of
    the whole round (odd_bound, or stuck_bound where it is higher: optimal), or when every
    branch is done (the best found is optimal), or after STEP_BUDGET steps a player
    (STEP_BUDGET_MAX at most). While it proves, stuck_bound prunes too. The best pairing found
    is in e.bestp and its cost in result. Returns 1: found, the best; 2: found, not proven the
    best; 0: none below `bound`; 3: none found within the budget."""
    cdef int n = S.players, R = S.rounds, d = 0, i = 0, p, q = -1, g, h, m, j, end, k
    cdef int64_t best = bound, cost = 0, lb, root, edge, sb
    cdef int steps = 0, budget = min(STEP_BUDGET * n, STEP_BUDGET_MAX)
    cdef bint found = False, descend = True
    cdef uint64_t zh = 0
    e.memo_stamp += 1
    lb = odd_bound(e, G, -1, -1)
    root = stuck_bound(S, e, G)
    if root < lb:
        root = lb
    # the search pairs the players of small groups first (their pairing decides the floats
    # between the groups: conflicts there are found near the root), then the others in order
    k = 0
    for g in range(G):
        if e.gcnt[g] <= 3:
            memcpy(e.sorder + k, e.order + e.gstart[g], (e.gstart[g + 1] - e.gstart[g]) * sizeof(int32_t))
            k += e.gstart[g + 1] - e.gstart[g]
    for g in range(G):
        if e.gcnt[g] > 3:
            memcpy(e.sorder + k, e.order + e.gstart[g], (e.gstart[g + 1] - e.gstart[g]) * sizeof(int32_t))
            k += e.gstart[g + 1] - e.gstart[g]
    while True:
        if descend:
            while i < n and e.partner[e.sorder[i]] != -1:
                i += 1
            if i < n:                                   # a new node: its player p
                p = e.sorder[i]
                g = e.grp[p]
                e.dpos[d] = i
                e.dcost[d] = cost
                e.dlb[d] = lb
                e.df[d] = cost + lb                     # the first class: its own group, no rematch
                e.dh[d] = g
                e.dm[d] = 0
                e.dz[d] = zh
                if found and cost + lb < best:          # proving: the bound that sees stuck groups
                    if memo_done(e, zh, cost):
                        e.df[d] = best                  # (searched through already)
                    else:
                        sb = stuck_bound(S, e, G)
                        if sb >= 0 and cost + sb >= best:
                            e.df[d] = best              # (nothing below is cheaper: done here)
                # the first class's first partner, here without the classes' bookkeeping (the
                # pair of almost every node): the next player of p's group still to pair whom
                # p has not met; pairing within the group changes neither cost nor bound
                j = e.pos[p] + 1
                if e.df[d] < best:
                    end = e.gstart[g + 1]
                    while j < end and (e.partner[e.order[j]] != -1 or have_met(e, R, p, e.order[j])):
                        j += 1
                    if j < end:
                        q = e.order[j]
                        e.dj[d] = j
                        steps += 1
                        if steps > budget:
                            result[0] = best
                            return 2 if found else 3
                        e.partner[p] = q
                        e.partner[q] = p
                        if found:
                            zh = e.dz[d] ^ player_key(p) ^ player_key(q)
                        e.gcnt[g] -= 2
                        d += 1
                        i += 1
                        # then, while p's partner was the player after p, the group's next
                        # players in the pairing order, each with the one after it where both
                        # are still to pair and have not met: the first choice at each of
                        # their nodes, without the bookkeeping between nodes (pairs checked
                        # independently of each other: the processor overlaps them)
                        if not found and j == e.pos[p] + 1:
                            while j + 2 < end and steps < budget:
                                p = e.order[j + 1]
                                q = e.order[j + 2]
                                if e.partner[p] != -1 or e.partner[q] != -1 or have_met(e, R, p, q):
                                    break
                                i += 1                  # (p's place in the search's order)
                                e.dpos[d] = i
                                e.dcost[d] = cost
                                e.dlb[d] = lb
                                e.df[d] = cost + lb
                                e.dh[d] = g
                                e.dm[d] = 0
                                e.dj[d] = j + 2
                                steps += 1
                                e.partner[p] = q
                                e.partner[q] = p
                                e.gcnt[g] -= 2
                                d += 1
                                i += 1
                                j += 2
                        continue
                e.dj[d] = j - 1                         # (that class done: on from the next)
            else:                                       # every player paired, below `best`
                best = cost
                memcpy(e.bestp, e.partner, n * sizeof(int32_t))
                if best <= root:
                    result[0] = best
                    return 1
                if not found:                           # proving from here on: the memo's keys
                    hash_path(e, d)
                    found = True
                if d == 0:
                    break
                d -= 1                                  # back to the last choice: undo it
                unpair(e, e.sorder[e.dpos[d]])
                zh = e.dz[d]
        # the next partner at depth d
        i = e.dpos[d]
        p = e.sorder[i]
        g = e.grp[p]
        cost = e.dcost[d]
        lb = e.dlb[d]
        j = n
        while True:
            h = e.dh[d]
            m = e.dm[d]
            if e.df[d] < best:
                end = e.gstart[h + 1]
                j = e.dj[d] + 1
                while j < end:
                    q = e.order[j]
                    if e.partner[q] == -1 and have_met(e, R, p, q) == m:
                        break
                    j += 1
                if j < end:
                    e.dj[d] = j
                    break
            j = n
            steps += 1
            if not next_class(e, G, d, g, cost, best):
                break
        steps += 1
        if steps > budget:
            result[0] = best
            return 2 if found else 3
        if j < n:                                       # pair p with q and go deeper
            e.partner[p] = q
            e.partner[q] = p
            if found:                                   # (the memo is used only while proving)
                zh = e.dz[d] ^ player_key(p) ^ player_key(q)
            e.gcnt[g] -= 1
            e.gcnt[h] -= 1
            edge = cross_cost(e, g, h) + m * W_R
            cost += edge
            lb = e.df[d] - cost
            d += 1
            i += 1
            descend = True
            continue
        # no partner left at depth d: back to depth d - 1
        if found:
            memo_put(e, e.dz[d], e.dcost[d])
        if d == 0:
            break
        d -= 1
        unpair(e, e.sorder[e.dpos[d]])
        zh = e.dz[d]
        descend = False
    result[0] = best
    return 1 if found else 0


cdef void count_groups(Ev* e, int G, int bye) noexcept nogil:
    """e.gcnt: each group's players to pair, every one but the bye's player (-1: none)."""
    cdef int g
    for g in range(G):
        e.gcnt[g] = e.gstart[g + 1] - e.gstart[g]
    if bye >= 0:
        e.gcnt[e.grp[bye]] -= 1


cdef inline bint same_standing(Ev* e, int a, int b) noexcept nogil:
    """Do players a and b stand equal (match points and the tiebreakers, compared as in
    ranks_above)?"""
    return (e.mp[a] == e.mp[b] and e.omw_key[a] == e.omw_key[b] and e.gwp[a] == e.gwp[b]
            and fabs(e.ogw[a] - e.ogw[b]) <= TIE)


cdef int pair_round(Spec* S, Ev* e, bitgen_t* bg, bint first) noexcept nogil:
    """This round's pairings in e.partner (-2: the bye). Returns the bye's player or -1. The
    pairing of least cost (MTR 10.4): first the fewest rematches; then, with an odd number of
    players, the bye to the lowest-ranked player who has not had one (the next lowest only if
    that leaves fewer rematches; among players tied in the standings, the one whose bye leaves
    the cheapest pairing); then the fewest players paired outside their match-point
    group and the fewest points between them; then the pairing order (random within groups).
    The branch and bound (pair_best) finds it and, in almost every round, proves it; a round it
    does not prove within its budget is paired by the exact matching (exact_if_unproven), so
    that every round of a field of up to BLOSSOM_MAX players is the least-cost pairing; above
    that a round not proved keeps the best pairing found and is counted in e.unproven."""
    cdef int n = S.players, i, p, bye = -1, G, k, found
    cdef int64_t cost = NO_COST, bound, c
    cdef bint every_bye, unproven = False
    G = by_points(S, e)                     # (round 1: one group, every player on 0 points)
    shuffle_groups(e, bg, G)
    if first and e.log == NULL:
        # round 1: no points, no one met: every pairing costs nothing, and the search's is the
        # shuffled order in twos, an odd field's bye to the last (tests log the search's)
        for i in range(0, n - 1, 2):
            e.partner[e.order[i]] = e.order[i + 1]
            e.partner[e.order[i + 1]] = e.order[i]
        if n & 1:
            e.partner[e.order[n - 1]] = -2
            return e.order[n - 1]
        return -1
    if n % 2 == 0:
        for p in range(n):
            e.partner[p] = -1
        count_groups(e, G, -1)
        found = pair_best(S, e, G, NO_COST, &cost)
        if found == 0 or found == 3:                # (never: rematches are allowed at a cost)
            for i in range(0, n - 1, 2):
                e.bestp[e.order[i]] = e.order[i + 1]
                e.bestp[e.order[i + 1]] = e.order[i]
        if not exact_if_unproven(S, e, G, found != 1, False):
            e.unproven += 1
        memcpy(e.partner, e.bestp, n * sizeof(int32_t))
        return -1
    if first:
        for i in range(n):
            e.byes[i] = e.order[i]
    else:
        rank_for_bye(S, e)
    every_bye = True                        # (has everyone had a bye? then anyone may again)
    for p in range(n):
        every_bye = every_bye and e.had_bye[p] != 0
    i = n
    while True:
        i -= 1
        while i >= 0 and e.had_bye[e.byes[i]] and not every_bye:
            i -= 1
        if i < 0:
            break
        bound = NO_COST
        if bye >= 0:
            if same_standing(e, e.byes[i], bye):
                bound = cost                # tied in the standings: a cheaper pairing wins
            elif cost < W_R:
                break
            else:
                bound = (cost // W_R) * W_R     # ranked above: only with fewer rematches
            if bound == 0:
                break
        for p in range(n):
            e.partner[p] = -1
        e.partner[e.byes[i]] = -2
        count_groups(e, G, e.byes[i])
        found = pair_best(S, e, G, bound, &c)
        if found == 1 or found == 2:
            bye = e.byes[i]
            cost = c
        unproven = unproven or found >= 2
        if unproven and n + 1 <= BLOSSOM_MAX:
            break                           # (the exact matching decides the round: no use going on)
    if bye < 0:                             # (never: the first try allows rematches at a cost)
        i = n - 1
        while i > 0 and e.had_bye[e.byes[i]] and not every_bye:
            i -= 1
        bye = e.byes[i]
        k = 0
        for p in range(n):
            if e.order[p] != bye:
                e.stack[k] = e.order[p]
                k += 1
        for p in range(0, n - 1, 2):
            e.bestp[e.stack[p]] = e.stack[p + 1]
            e.bestp[e.stack[p + 1]] = e.stack[p]
        e.bestp[bye] = -2
        unproven = True
    if not exact_if_unproven(S, e, G, unproven, True):
        e.unproven += 1
    memcpy(e.partner, e.bestp, n * sizeof(int32_t))
    for p in range(n):
        if e.partner[p] == -2:
            return p
    return -1


cdef bint exact_if_unproven(Spec* S, Ev* e, int G, bint unproven, bint odd) noexcept nogil:
    """The search's pairing (e.bestp) kept where it proved it the least-cost, else replaced by
    the exact matching's (pair_exact). False if the pairing is still not proved (a field over
    BLOSSOM_MAX, or no memory). With e.log (tests): both pairings' costs logged for the round,
    the search's kept where proved (to compare them)."""
    cdef int n = S.players, K = 1, bye, r = e.played_rounds
    cdef int64_t w[3]
    cdef int32_t* cls = e.stack             # (free while pairing)
    if not unproven and e.log == NULL:
        return True
    if odd:
        K = bye_classes(S, e, cls)
    if e.log != NULL:
        lex_weights(S, e, G, K, w)
        e.log[3 * r] = not unproven
        e.log[3 * r + 1] = pairing_cost(S, e, w, cls, e.bestp)
        memcpy(e.partner, e.bestp, n * sizeof(int32_t))
    bye = pair_exact(S, e, G, cls, K, True)
    if e.log != NULL:
        e.log[3 * r + 2] = pairing_cost(S, e, w, cls, e.bestp) if bye != -3 else -1
        if not unproven or bye == -3:
            memcpy(e.bestp, e.partner, n * sizeof(int32_t))
    return not unproven or bye != -3


# ---- the exact pairing: a minimum-cost perfect matching -------------------------------------------

cdef int bye_classes(Spec* S, Ev* e, int32_t* cls) noexcept nogil:
    """Per player (e.byes: the players by standing) the bye's cost class, -1 where the player
    may not have the bye (had one, and not everyone has): 0 for the lowest-ranked players
    who may, tied in the standings (same_standing), 1 for the next... Returns the number of
    classes."""
    cdef int i, p, n = S.players, c = -1, first = -1
    cdef bint every_bye = True             # (has everyone had a bye? then anyone may again)
    for p in range(n):
        every_bye = every_bye and e.had_bye[p] != 0
    for i in range(n - 1, -1, -1):
        p = e.byes[i]
        cls[p] = -1
        if e.had_bye[p] and not every_bye:
            continue
        if first < 0 or not same_standing(e, p, first):
            c += 1
            first = p
        cls[p] = c
    return c + 1


cdef void lex_weights(Spec* S, Ev* e, int G, int K, int64_t* w) noexcept nogil:
    """The weights that make a pairing's cost, one integer, lexicographic for this round: w[0]
    a pair outside its match-point group (the match points between the pair: 1 each), w[1]
    a bye class, w[2] a rematch. Each is more than every pairing's total of the costs below
    it: P pairs each at most `gap` points apart (< w[0]); at most P pairs outside their group
    (< w[1] with the points); one bye, its class < K (< w[2] with the rest). Fitted to the
    round rather than fixed, so that 512 players stay far below 2^62 (about 2^41 here)."""
    cdef int64_t P = (S.players + 1) // 2, gap = e.gval[0] - e.gval[G - 1]
    w[0] = P * gap + 1
    w[1] = (P + 1) * w[0]
    w[2] = (K if K > 1 else 1) * w[1]


cdef inline int64_t pair_cost(Spec* S, Ev* e, int64_t* w, int p, int q) noexcept nogil:
    """The cost of pairing players p and q by the weights w (lex_weights)."""
    cdef int64_t c = 0, g = e.grp[p], h = e.grp[q]
    if g != h:
        c = w[0] + (e.gval[g] - e.gval[h] if g < h else e.gval[h] - e.gval[g])
    if have_met(e, S.rounds, p, q):
        c += w[2]
    return c


cdef int64_t pairing_cost(Spec* S, Ev* e, int64_t* w, int32_t* cls, int32_t* partner) noexcept nogil:
    """A round's pairing's cost (partner per player, -2 the bye) by the weights w; a bye to a
    player who may not have it costs 2^62 (never: the search and the matching give none)."""
    cdef int p, q
    cdef int64_t c = 0
    for p in range(S.players):
        q = partner[p]
        if q == -2:
            c += (<int64_t>1) << 62 if cls[p] < 0 else cls[p] * w[1]
        elif q > p:
            c += pair_cost(S, e, w, p, q)
    return c


cdef int pair_exact(Spec* S, Ev* e, int G, int32_t* cls, int K, bint warm) noexcept nogil:
    """The least-cost pairing of the round (MTR 10.4, the order of costs of pair_round) in
    e.bestp (-2: the bye), exactly: a minimum-cost perfect matching (kernels/blossom.pxi) of
    the players, and with an odd number of them a vertex for the bye, joined to each player
    who may have it at the cost of their bye class (cls, K: bye_classes). Among pairings of
    equal cost the matching's choice follows the vertices' order, e.order (random within the
    match-point groups: seeded, so reproducible). With `warm`, the matching starts from the
    pairing in e.bestp (the search's best found), its pairs of cost 0 kept: fewer stages;
    the result is as exact, and as reproducible (a tie among least-cost pairings then leans
    to the search's). Returns the bye's player, -1 none, -3 if the
    field is larger than BLOSSOM_MAX or there is no memory (then e.bestp is unchanged)."""
    cdef int n = S.players, N = n + (n & 1), k, j, p, q, m, bye = -1
    cdef int64_t w[3]
    cdef int64_t big, c
    cdef size_t W1
    cdef Blossom* B = &e.bl
    if N > BLOSSOM_MAX:
        return -3
    if not e.bl_ready:
        if not bl_alloc(B, N):
            return -3
        e.bl_ready = True
    W1 = B.W1
    lex_weights(S, e, G, K, w)
    # the most a perfect matching costs: N / 2 edges, each less than 2 w[2]; a weight of
    # big - cost makes every perfect matching outweigh every matching with an edge fewer
    big = <int64_t>N * w[2] + 1
    # the pairs' weights by groups, then the rematches from the players' opponents (not
    # have_met per pair: n^2 / 2 pairs, each a scan of the rounds)
    for k in range(n):
        p = e.order[k]
        for j in range(k + 1, n):
            q = e.order[j]
            if e.grp[p] == e.grp[q]:
                c = big
            else:
                c = big - w[0] - (e.gval[e.grp[p]] - e.gval[e.grp[q]] if e.grp[p] < e.grp[q]
                                  else e.gval[e.grp[q]] - e.gval[e.grp[p]])
            B.w[(k + 1) * W1 + j + 1] = c
            B.w[(j + 1) * W1 + k + 1] = c
    for p in range(n):
        for j in range(e.played_rounds):
            q = e.opp[p * S.rounds + j]
            if q > p and B.w[(e.pos[p] + 1) * W1 + e.pos[q] + 1] > big - w[2]:
                # (once per pair, however often they met: a rematch counts once)
                B.w[(e.pos[p] + 1) * W1 + e.pos[q] + 1] -= w[2]
                B.w[(e.pos[q] + 1) * W1 + e.pos[p] + 1] -= w[2]
    if n & 1:
        for k in range(n):
            p = e.order[k]
            c = 0 if cls[p] < 0 else big - cls[p] * w[1]
            B.w[(k + 1) * W1 + N] = c
            B.w[N * W1 + k + 1] = c
    if warm:                                # (start from e.bestp: pos is each player's vertex - 1)
        for k in range(n):
            q = e.bestp[e.order[k]]
            B.match[k + 1] = N if q == -2 else (e.pos[q] + 1 if q >= 0 else 0)
            if q == -2:
                B.match[N] = k + 1
    if bl_solve(B, N, warm) != N // 2:
        return -3
    for k in range(n):
        p = e.order[k]
        m = B.match[k + 1]
        if m == n + 1:
            e.bestp[p] = -2
            bye = p
        else:
            e.bestp[p] = e.order[m - 1]
    return bye


cdef void rank_for_bye(Spec* S, Ev* e) noexcept nogil:
    """e.byes: the players by standing (match points, then the tiebreakers, then the pairing
    order's random place), for the bye; e.order is kept."""
    cdef int i, n = S.players
    tiebreakers(S, e, e.order, n)
    for i in range(n):
        e.byes[i] = e.order[i]
        e.tiebreak[e.order[i]] = <uint32_t>(n - i)     # (the shuffled order breaks ties)
    sort_standings(S, e, e.byes, n)

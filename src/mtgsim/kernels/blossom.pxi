# A maximum-weight matching on a general graph: Edmonds' blossom algorithm, weighted, O(n^3)
# (the primal-dual method: Edmonds 1965; Galil, "Efficient algorithms for finding maximum
# matching in graphs", 1986), dense, without the GIL, in fixed arrays, on int64 weights so
# that no tie is decided by rounding. Included into _meta.pyx (the Swiss pairing's exact
# minimum-cost perfect matching). Uses no other room (only libc).
#
# Nodes 1..n are the vertices, n+1..2n the blossoms (0: none). Weights are doubled in the
# duals (a vertex's dual starts at the largest weight, an edge's slack is
# dual(u) + dual(v) - 2 w(u, v), a blossom's dual is kept doubled), so every dual and slack
# stays an integer. Each stage grows alternating trees from the free vertices along tight
# edges (slack 0): an S-node reaching a free tree's S-node augments the matching; two S-nodes
# of one tree close an odd cycle, shrunk into a blossom; an unlabelled node becomes T (and its
# mate S). With no tight edge left the duals change by the least of: an S-vertex's dual (then
# no augmentation pays: the matching is of maximum weight), a T-blossom's dual (it is then
# expanded), an S-to-free edge's slack, half an S-to-S edge's slack.
#
# A perfect matching of least cost is the maximum-weight matching of weights BIG - cost, with
# BIG more than any perfect matching's cost (then every perfect matching outweighs every
# matching with fewer edges): the caller chooses them.


cdef struct Blossom:
    int cap                     # room: vertices
    int n                       # vertices of this problem (1..n)
    int n_x                     # nodes in use (vertices and blossoms)
    int X                       # the node tables' row width (2 cap + 1)
    int W1                      # the weight table's row width (cap + 1)
    int stamp                   # lca search marks
    int qh, qt                  # the queue of S-vertices to scan
    bint failed                 # (a table's room exceeded: never, kept to be safe)
    int64_t* w                  # [(cap+1)^2]: weight of each pair of vertices, 0: no edge
    int32_t* eu                 # [X^2]: between two nodes, the least-slack edge: its end
    int32_t* ev                 # vertices (eu in the row's node, ev in the column's); 0: none
    int64_t* lab                # [X]: duals (doubled for blossoms)
    int32_t* match              # [X]: the vertex matched to the node (0: free)
    int32_t* slack              # [X]: per node, the S-vertex of its least-slack edge (0: none)
    int32_t* st                 # [X]: per node, its outermost blossom
    int32_t* pa                 # [X]: the vertex a T-node was reached from
    int32_t* S                  # [X]: label: 0 S (outer), 1 T (inner), -1 none
    int32_t* vis                # [X]: lca marks
    int32_t* flen               # [X]: per blossom its sub-nodes' number
    int32_t* q                  # [cap + 2]
    int32_t* flo                # [X * (cap+1)]: per blossom its sub-nodes, base first, in cycle order
    int32_t* ffrom              # [X * (cap+1)]: per blossom and vertex, the sub-node holding it (0: none)
    int32_t* tmp                # [cap + 1]


cdef bint bl_alloc(Blossom* B, int cap) noexcept nogil:
    """Room for problems of up to `cap` vertices (about 8 (2 cap)^2 bytes)."""
    cdef size_t X = 2 * <size_t>cap + 1, W1 = <size_t>cap + 1
    B.cap = cap
    B.X = <int>X
    B.W1 = <int>W1
    B.stamp = 0
    B.w = <int64_t*>malloc(W1 * W1 * sizeof(int64_t))
    B.eu = <int32_t*>malloc(2 * X * X * sizeof(int32_t))
    B.lab = <int64_t*>malloc(X * sizeof(int64_t))
    B.match = <int32_t*>malloc((7 * X + 2 * W1 + 2) * sizeof(int32_t))
    B.flo = <int32_t*>malloc(2 * X * W1 * sizeof(int32_t))
    if B.w == NULL or B.eu == NULL or B.lab == NULL or B.match == NULL or B.flo == NULL:
        bl_free(B)
        return False
    B.ev = B.eu + X * X
    B.slack = B.match + X
    B.st = B.slack + X
    B.pa = B.st + X
    B.S = B.pa + X
    B.vis = B.S + X
    B.flen = B.vis + X
    B.q = B.flen + X
    B.tmp = B.q + W1 + 1
    B.ffrom = B.flo + X * W1
    memset(B.vis, 0, X * sizeof(int32_t))
    return True


cdef void bl_free(Blossom* B) noexcept nogil:
    free(B.w)
    free(B.eu)
    free(B.lab)
    free(B.match)
    free(B.flo)
    B.w = NULL
    B.eu = NULL
    B.lab = NULL
    B.match = NULL
    B.flo = NULL


cdef inline size_t bl_at(Blossom* B, int u, int v) noexcept nogil:
    return <size_t>u * B.X + v


cdef inline int64_t bl_weight(Blossom* B, int u, int v) noexcept nogil:
    """The weight of the edge kept between nodes u and v (0: none)."""
    cdef size_t k = bl_at(B, u, v)
    return B.w[<size_t>B.eu[k] * B.W1 + B.ev[k]]


cdef inline int64_t bl_delta(Blossom* B, int u, int v) noexcept nogil:
    """The slack of the edge kept between nodes u and v."""
    cdef size_t k = bl_at(B, u, v)
    cdef int a = B.eu[k], b = B.ev[k]
    return B.lab[a] + B.lab[b] - 2 * B.w[<size_t>a * B.W1 + b]


cdef inline void bl_update_slack(Blossom* B, int u, int x) noexcept nogil:
    if B.slack[x] == 0 or bl_delta(B, u, x) < bl_delta(B, B.slack[x], x):
        B.slack[x] = u


cdef void bl_set_slack(Blossom* B, int x) noexcept nogil:
    cdef int u
    B.slack[x] = 0
    for u in range(1, B.n + 1):
        if bl_weight(B, u, x) > 0 and B.st[u] != x and B.S[B.st[u]] == 0:
            bl_update_slack(B, u, x)


cdef void bl_q_push(Blossom* B, int x) noexcept nogil:
    cdef int i
    if x <= B.n:
        if B.qt > B.cap:
            B.failed = True
            return
        B.q[B.qt] = x
        B.qt += 1
    else:
        for i in range(B.flen[x]):
            bl_q_push(B, B.flo[<size_t>x * B.W1 + i])


cdef void bl_set_st(Blossom* B, int x, int b) noexcept nogil:
    cdef int i
    B.st[x] = b
    if x > B.n:
        for i in range(B.flen[x]):
            bl_set_st(B, B.flo[<size_t>x * B.W1 + i], b)


cdef int bl_get_pr(Blossom* B, int b, int xr) noexcept nogil:
    """The place of sub-node xr in blossom b's cycle, made even (by reversing the cycle after
    the base) so that the path from the base to it alternates matched, unmatched... edges."""
    cdef int32_t* f = B.flo + <size_t>b * B.W1
    cdef int L = B.flen[b], pr = 0, i, j, t
    while f[pr] != xr:
        pr += 1
    if pr % 2 == 1:
        i = 1
        j = L - 1
        while i < j:
            t = f[i]
            f[i] = f[j]
            f[j] = t
            i += 1
            j -= 1
        return L - pr
    return pr


cdef void bl_set_match(Blossom* B, int u, int v) noexcept nogil:
    """Match node u along its kept edge to node v (inside a blossom: rematch its cycle so that
    the sub-node holding the edge's end becomes the base)."""
    cdef size_t k = bl_at(B, u, v)
    cdef int a = B.eu[k], xr, pr, i, L
    cdef int32_t* f
    B.match[u] = B.ev[k]
    if u > B.n:
        f = B.flo + <size_t>u * B.W1
        L = B.flen[u]
        xr = B.ffrom[<size_t>u * B.W1 + a]
        pr = bl_get_pr(B, u, xr)
        for i in range(pr):
            bl_set_match(B, f[i], f[i ^ 1])
        bl_set_match(B, xr, v)
        for i in range(L):                      # rotate: xr first
            B.tmp[i] = f[(i + pr) % L]
        memcpy(f, B.tmp, L * sizeof(int32_t))


cdef void bl_augment(Blossom* B, int u, int v) noexcept nogil:
    cdef int xnv
    while True:
        xnv = B.st[B.match[u]]
        bl_set_match(B, u, v)
        if xnv == 0:
            return
        bl_set_match(B, xnv, B.st[B.pa[xnv]])
        u = B.st[B.pa[xnv]]
        v = xnv


cdef int bl_get_lca(Blossom* B, int u, int v) noexcept nogil:
    """The first node the two S-nodes' tree paths share (0: different trees)."""
    cdef int t
    B.stamp += 1
    while u != 0 or v != 0:
        if u != 0:
            if B.vis[u] == B.stamp:
                return u
            B.vis[u] = B.stamp
            u = B.st[B.match[u]]
            if u != 0:
                u = B.st[B.pa[u]]
        t = u
        u = v
        v = t
    return 0


cdef void bl_add_blossom(Blossom* B, int u, int lca, int v) noexcept nogil:
    """Shrink the odd cycle lca .. u, v .. lca (u, v: S-nodes joined by a tight edge) into a
    new S-blossom: its sub-nodes, the least-slack edge to every other node, its vertices'
    sub-nodes."""
    cdef int b = B.n + 1, x, y, i, xs
    cdef size_t W1 = B.W1
    cdef int32_t* f
    while b <= B.n_x and B.st[b] != 0:
        b += 1
    if b > B.n_x:
        B.n_x += 1
    if b >= B.X:
        B.failed = True
        return
    f = B.flo + <size_t>b * W1
    B.lab[b] = 0
    B.S[b] = 0
    B.match[b] = B.match[lca]
    B.flen[b] = 0
    f[B.flen[b]] = lca
    B.flen[b] += 1
    x = u
    while x != lca:
        f[B.flen[b]] = x
        y = B.st[B.match[x]]
        f[B.flen[b] + 1] = y
        B.flen[b] += 2
        bl_q_push(B, y)
        x = B.st[B.pa[y]]
    i = 1
    x = B.flen[b] - 1
    while i < x:
        y = f[i]
        f[i] = f[x]
        f[x] = y
        i += 1
        x -= 1
    x = v
    while x != lca:
        f[B.flen[b]] = x
        y = B.st[B.match[x]]
        f[B.flen[b] + 1] = y
        B.flen[b] += 2
        bl_q_push(B, y)
        x = B.st[B.pa[y]]
    bl_set_st(B, b, b)
    for x in range(1, B.n_x + 1):
        B.eu[bl_at(B, b, x)] = 0
        B.ev[bl_at(B, b, x)] = 0
        B.eu[bl_at(B, x, b)] = 0
        B.ev[bl_at(B, x, b)] = 0
    for x in range(1, B.n + 1):
        B.ffrom[b * W1 + x] = 0
    for i in range(B.flen[b]):
        xs = f[i]
        for x in range(1, B.n_x + 1):
            # (an edge missing from xs is never kept: it would hide one present from another)
            if bl_weight(B, xs, x) > 0 and (bl_weight(B, b, x) == 0
                                            or bl_delta(B, xs, x) < bl_delta(B, b, x)):
                B.eu[bl_at(B, b, x)] = B.eu[bl_at(B, xs, x)]
                B.ev[bl_at(B, b, x)] = B.ev[bl_at(B, xs, x)]
                B.eu[bl_at(B, x, b)] = B.eu[bl_at(B, x, xs)]
                B.ev[bl_at(B, x, b)] = B.ev[bl_at(B, x, xs)]
        for x in range(1, B.n + 1):
            if B.ffrom[xs * W1 + x] != 0:
                B.ffrom[b * W1 + x] = xs
    bl_set_slack(B, b)


cdef void bl_expand_blossom(Blossom* B, int b) noexcept nogil:
    """Expand T-blossom b (its dual at 0): the even path from the sub-node reached to the base
    stays in the tree (T, S, T, ... ), the other sub-nodes become unlabelled."""
    cdef int32_t* f = B.flo + <size_t>b * B.W1
    cdef int i, xr, pr, xs, xns
    for i in range(B.flen[b]):
        bl_set_st(B, f[i], f[i])
    xr = B.ffrom[<size_t>b * B.W1 + B.eu[bl_at(B, b, B.pa[b])]]
    pr = bl_get_pr(B, b, xr)
    i = 0
    while i < pr:
        xs = f[i]
        xns = f[i + 1]
        B.pa[xs] = B.eu[bl_at(B, xns, xs)]
        B.S[xs] = 1
        B.S[xns] = 0
        B.slack[xs] = 0
        bl_set_slack(B, xns)
        bl_q_push(B, xns)
        i += 2
    B.S[xr] = 1
    B.pa[xr] = B.pa[b]
    for i in range(pr + 1, B.flen[b]):
        xs = f[i]
        B.S[xs] = -1
        bl_set_slack(B, xs)
    B.st[b] = 0


cdef bint bl_on_found_edge(Blossom* B, int a, int c) noexcept nogil:
    """A tight edge from S-vertex a to vertex c: label, shrink or augment. True: augmented."""
    cdef int u = B.st[a], v = B.st[c], nu, lca
    if B.S[v] == -1:
        B.pa[v] = a
        B.S[v] = 1
        nu = B.st[B.match[v]]
        B.slack[v] = 0
        B.slack[nu] = 0
        B.S[nu] = 0
        bl_q_push(B, nu)
    elif B.S[v] == 0:
        lca = bl_get_lca(B, u, v)
        if lca == 0:
            bl_augment(B, u, v)
            bl_augment(B, v, u)
            return True
        bl_add_blossom(B, u, lca, v)
    return False


cdef bint bl_stage(Blossom* B) noexcept nogil:
    """One stage: grow the trees, changing the duals, until an augmentation (True) or none
    pays (False: the matching is of maximum weight)."""
    cdef int x, u, v, b, n = B.n
    cdef int64_t d, t
    cdef int64_t* wrow
    for x in range(1, B.n_x + 1):
        B.S[x] = -1
        B.slack[x] = 0
    B.qh = 0
    B.qt = 0
    for x in range(1, B.n_x + 1):
        if B.st[x] == x and B.match[x] == 0:
            B.pa[x] = 0
            B.S[x] = 0
            bl_q_push(B, x)
    if B.qt == 0:
        return False
    while True:
        while B.qh < B.qt:
            u = B.q[B.qh]
            B.qh += 1
            if B.S[B.st[u]] == 1:
                continue
            # (between two vertices the kept edge is theirs: its slack read directly)
            wrow = B.w + <size_t>u * B.W1
            for v in range(1, n + 1):
                if wrow[v] > 0 and B.st[u] != B.st[v]:
                    if B.lab[u] + B.lab[v] - 2 * wrow[v] == 0:
                        if bl_on_found_edge(B, u, v):
                            return True
                    else:
                        bl_update_slack(B, u, B.st[v])
        if B.failed:
            return False
        d = 0x7FFFFFFFFFFFFFFF
        for b in range(n + 1, B.n_x + 1):
            if B.st[b] == b and B.S[b] == 1:
                t = B.lab[b] // 2
                if t < d:
                    d = t
        for x in range(1, B.n_x + 1):
            if B.st[x] == x and B.slack[x] != 0:
                if B.S[x] == -1:
                    t = bl_delta(B, B.slack[x], x)
                    if t < d:
                        d = t
                elif B.S[x] == 0:
                    t = bl_delta(B, B.slack[x], x) // 2
                    if t < d:
                        d = t
        for u in range(1, n + 1):
            if B.S[B.st[u]] == 0:
                if B.lab[u] <= d:
                    return False
                B.lab[u] -= d
            elif B.S[B.st[u]] == 1:
                B.lab[u] += d
        for b in range(n + 1, B.n_x + 1):
            if B.st[b] == b:
                if B.S[b] == 0:
                    B.lab[b] += 2 * d
                elif B.S[b] == 1:
                    B.lab[b] -= 2 * d
        B.qh = 0
        B.qt = 0
        for x in range(1, B.n_x + 1):
            if (B.st[x] == x and B.slack[x] != 0 and B.st[B.slack[x]] != x
                    and bl_delta(B, B.slack[x], x) == 0):
                if bl_on_found_edge(B, B.eu[bl_at(B, B.slack[x], x)], B.ev[bl_at(B, B.slack[x], x)]):
                    return True
        for b in range(n + 1, B.n_x + 1):
            if B.st[b] == b and B.S[b] == 1 and B.lab[b] == 0:
                bl_expand_blossom(B, b)


cdef int bl_solve(Blossom* B, int n, bint warm) noexcept nogil:
    """A maximum-weight matching of vertices 1..n (n <= cap) with the weights in B.w (row
    width B.W1, positive, 0: no edge; symmetric; at most 2^60 / n): B.match[v] its mate (0:
    none). With `warm`, B.match[1..n] holds a matching to start from: its pairs of the largest
    weight are kept (the others are not tight at the starting duals). Returns the number of
    matched pairs, or -1 if a table's room was exceeded."""
    cdef int u, v
    cdef int64_t wmax = 0
    cdef size_t W1 = B.W1
    B.n = n
    B.n_x = n
    B.failed = False
    for u in range(n + 1):
        B.st[u] = u
        B.flen[u] = 0
        B.lab[u] = 0
        if not warm or u == 0:
            B.match[u] = 0
    for u in range(1, n + 1):
        B.w[u * W1 + u] = 0
        for v in range(1, n + 1):
            B.eu[bl_at(B, u, v)] = u
            B.ev[bl_at(B, u, v)] = v
            B.ffrom[u * W1 + v] = u if u == v else 0
            if B.w[u * W1 + v] > wmax:
                wmax = B.w[u * W1 + v]
    for v in range(n + 1):                      # (no edge: node 0, weight 0)
        B.w[v] = 0
        B.w[v * W1] = 0
    for u in range(1, n + 1):
        B.lab[u] = wmax
    if warm:
        for u in range(1, n + 1):
            v = B.match[u]
            if v < 1 or v > n or v == u or B.match[v] != u or B.w[u * W1 + v] != wmax:
                B.match[u] = 0
        for u in range(1, n + 1):               # (a pair kept by one end only: undone)
            v = B.match[u]
            if v != 0 and B.match[v] != u:
                B.match[u] = 0
    # A warm start: pairs of weight wmax matched greedily (in the vertices' order) are tight at
    # these duals, and the free vertices keep equal duals, so this is a state the algorithm
    # itself passes through; only the vertices left free need stages (in the Swiss pairing,
    # most players pair at cost 0 within their group: a stage per few players left, not per pair)
    for u in range(1, n + 1):
        if B.match[u] == 0:
            for v in range(u + 1, n + 1):
                if B.match[v] == 0 and B.w[u * W1 + v] == wmax:
                    B.match[u] = v
                    B.match[v] = u
                    break
    while bl_stage(B):
        pass
    if B.failed:
        return -1
    v = 0
    for u in range(1, n + 1):
        if B.match[u] > u:
            v += 1
    return v

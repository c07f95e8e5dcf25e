# cython: embedsignature=True
"""mtgsim's tournament kernel: whole Swiss events by the Magic Tournament Rules, many per call,
without the GIL, in seeded chunks (one generator per chunk: the same numbers for any number of
threads).

One event: Swiss rounds — round 1 paired at random; later rounds pair players in match-point
groups in random order, pairing down when a group is odd, with no rematch while a pairing
without one exists (a depth-first search that backtracks, within a step budget, before it
allows rematches); a bye, with an odd number of players, to the lowest-ranked player who has
not had one (3 match points, 2-0 in games, nobody's opponent) — matches of best-of-N games at
the matchup's game-win probabilities (the first game's play/draw at random, the loser of a
game on the play in the next), unintentional draws at a rate, intentional draws in the final
round between two players safe for the cut; standings by match points, opponents' match-win
percentage, game-win percentage, opponents' game-win percentage (each percentage at least
0.33), then at random; and a top cut played as single elimination, seeded 1-8, 4-5, 2-7, 3-6,
the higher seed on the play.

`mtgsim.meta` is the Python side: arguments, fields, matchups and the results.
"""
import numpy as np
cimport numpy as cnp
from cython.parallel cimport prange
from cpython.pycapsule cimport PyCapsule_GetPointer
from libc.stdint cimport int32_t, int64_t, uint32_t, uint64_t
from libc.stdlib cimport malloc, free
from libc.string cimport memset
from numpy.random cimport bitgen_t

cnp.import_array()

DEF MAXROUNDS = 16
DEF STEP_BUDGET = 200000       # pairing search steps before rematches are allowed

MAX_ROUNDS = MAXROUNDS
MAX_PLAYERS = 65536


cdef struct Spec:
    int players
    int arch_n
    int32_t* arch               # per player: its archetype
    double* p_play              # [arch_n * arch_n]: P(row wins a game on the play against column)
    int rounds
    int best_of
    int top_cut
    double draw_rate
    bint intentional_draws


cdef struct Ev:                 # one event's state (arrays of `players`, or players * rounds)
    int32_t* mp                 # match points
    int32_t* mw                 # matches won (byes too), lost, drawn
    int32_t* ml
    int32_t* md
    int32_t* gp                 # game points (win 3, draw 1) and games played (byes: 2-0)
    int32_t* gplayed
    int32_t* opp                # [players * rounds]: opponent each round, -1 bye
    int32_t* gw                 # [players * rounds]: games won, lost, drawn that round
    int32_t* gl
    int32_t* gd
    int32_t* had_bye
    int32_t* order              # pairing order / standings
    int32_t* partner            # this round's partner, -1 none yet, -2 bye
    int32_t* stack              # the pairing search's choices
    int32_t* bucket
    double* omw
    double* gwp
    double* ogw
    double* mwp
    uint32_t* tiebreak
    int32_t* bracket            # top cut: players by seed, then winners round by round
    int32_t* byes               # the players by standing, for the bye (the pairing order kept)
    int played_rounds


cdef inline uint32_t rand32(bitgen_t* bg) noexcept nogil:
    return bg.next_uint32(bg.state)


cdef inline uint32_t bounded(bitgen_t* bg, uint32_t n) noexcept nogil:
    """A uniform integer in [0, n) (Lemire's method, unbiased)."""
    cdef uint64_t m = <uint64_t>rand32(bg) * n
    cdef uint32_t low = <uint32_t>m, t
    if low < n:
        t = (<uint32_t>(-n)) % n
        while low < t:
            m = <uint64_t>rand32(bg) * n
            low = <uint32_t>m
    return <uint32_t>(m >> 32)


cdef inline double uniform(bitgen_t* bg) noexcept nogil:
    return bg.next_double(bg.state)


cdef bint ev_alloc(Ev* e, int n, int rounds) noexcept nogil:
    cdef size_t nr = <size_t>n * rounds
    e.mp = <int32_t*>malloc(n * sizeof(int32_t) * 12)
    e.opp = <int32_t*>malloc(nr * sizeof(int32_t) * 4)
    e.omw = <double*>malloc(n * sizeof(double) * 4)
    e.tiebreak = <uint32_t*>malloc(n * sizeof(uint32_t))
    e.stack = <int32_t*>malloc((n + 2 + 3 * MAXROUNDS + 2) * sizeof(int32_t))
    if e.mp == NULL or e.opp == NULL or e.omw == NULL or e.tiebreak == NULL or e.stack == NULL:
        ev_free(e)
        return False
    e.mw, e.ml, e.md = e.mp + n, e.mp + 2 * n, e.mp + 3 * n
    e.gp, e.gplayed, e.had_bye = e.mp + 4 * n, e.mp + 5 * n, e.mp + 6 * n
    e.order, e.partner, e.byes = e.mp + 7 * n, e.mp + 8 * n, e.mp + 9 * n
    e.bracket = e.mp + 10 * n                   # (2n: the seeds, then each round's winners)
    e.gw, e.gl, e.gd = e.opp + nr, e.opp + 2 * nr, e.opp + 3 * nr
    e.gwp, e.ogw, e.mwp = e.omw + n, e.omw + 2 * n, e.omw + 3 * n
    e.bucket = e.stack + n + 2
    return True


cdef void ev_free(Ev* e) noexcept nogil:
    free(e.mp)
    free(e.opp)
    free(e.omw)
    free(e.tiebreak)
    free(e.stack)
    e.mp = NULL
    e.opp = NULL
    e.omw = NULL
    e.tiebreak = NULL
    e.stack = NULL


cdef void ev_reset(Ev* e, int n, int rounds) noexcept nogil:
    memset(e.mp, 0, n * sizeof(int32_t) * 7)
    e.played_rounds = 0


cdef inline bint have_met(Ev* e, int rounds, int p, int q) noexcept nogil:
    cdef int r
    for r in range(e.played_rounds):
        if e.opp[p * rounds + r] == q:
            return True
    return False


# ---- standings ------------------------------------------------------------------------------------

cdef void tiebreakers(Spec* S, Ev* e) noexcept nogil:
    """Match-win, game-win, opponents' match-win and game-win percentages (MTR Appendix C),
    each percentage at least 0.33; byes count in a player's own percentages, never as an
    opponent."""
    cdef int p, r, q, k, n = S.players, R = S.rounds
    cdef double s, t
    for p in range(n):
        e.mwp[p] = e.mp[p] / (3.0 * e.played_rounds) if e.played_rounds else 0.0
        if e.mwp[p] < 0.33:
            e.mwp[p] = 0.33
        e.gwp[p] = e.gp[p] / (3.0 * e.gplayed[p]) if e.gplayed[p] else 0.0
        if e.gwp[p] < 0.33:
            e.gwp[p] = 0.33
    for p in range(n):
        s = 0.0
        t = 0.0
        k = 0
        for r in range(e.played_rounds):
            q = e.opp[p * R + r]
            if q >= 0:
                s += e.mwp[q]
                t += e.gwp[q]
                k += 1
        e.omw[p] = s / k if k else 0.33
        e.ogw[p] = t / k if k else 0.33


cdef inline bint ranks_above(Ev* e, int a, int b) noexcept nogil:
    """Does player a stand above player b: match points, OMW, GW, OGW, then at random."""
    if e.mp[a] != e.mp[b]:
        return e.mp[a] > e.mp[b]
    if e.omw[a] != e.omw[b]:
        return e.omw[a] > e.omw[b]
    if e.gwp[a] != e.gwp[b]:
        return e.gwp[a] > e.gwp[b]
    if e.ogw[a] != e.ogw[b]:
        return e.ogw[a] > e.ogw[b]
    return e.tiebreak[a] > e.tiebreak[b]


cdef void rank(Spec* S, Ev* e, bitgen_t* bg) noexcept nogil:
    """e.order: the players by standing, best first (insertion sort on the few moves needed
    after sorting by match points with counting sort)."""
    cdef int p, n = S.players
    tiebreakers(S, e)
    for p in range(n):
        e.tiebreak[p] = rand32(bg)
    by_points(S, e)
    sort_groups(e, e.order, n)


cdef void sort_groups(Ev* e, int32_t* players, int n) noexcept nogil:
    """Sort `players`, already in match-point order, by standing within each match-point group
    (insertion sort: ranks_above)."""
    cdef int i, j, x
    for i in range(1, n):
        x = players[i]
        j = i - 1
        while j >= 0 and e.mp[players[j]] == e.mp[x] and ranks_above(e, x, players[j]):
            players[j + 1] = players[j]
            j -= 1
        players[j + 1] = x


cdef void by_points(Spec* S, Ev* e) noexcept nogil:
    """e.order: the players by match points, highest first (counting sort; stable)."""
    cdef int p, v, top = 3 * MAXROUNDS + 1, n = S.players, pos = 0
    cdef int32_t* count = e.bucket
    memset(count, 0, (top + 1) * sizeof(int32_t))
    for p in range(n):
        count[top - e.mp[p]] += 1
    for v in range(top + 1):
        p = count[v]
        count[v] = pos
        pos += p
    for p in range(n):
        v = top - e.mp[p]
        e.order[count[v]] = p
        count[v] += 1


cdef void shuffle_groups(Spec* S, Ev* e, bitgen_t* bg) noexcept nogil:
    """Random order within each match-point group of e.order (Fisher-Yates per group)."""
    cdef int i = 0, j, k, end, t, n = S.players
    while i < n:
        end = i + 1
        while end < n and e.mp[e.order[end]] == e.mp[e.order[i]]:
            end += 1
        for j in range(end - 1, i, -1):
            k = i + <int>bounded(bg, <uint32_t>(j - i + 1))
            t = e.order[j]
            e.order[j] = e.order[k]
            e.order[k] = t
        i = end


# ---- pairing --------------------------------------------------------------------------------------

cdef bint pair_search(Spec* S, Ev* e, bint allow_rematch) noexcept nogil:
    """Pair every player of e.order whose partner is -1: the first unpaired one with the first
    unpaired one after it that they have not met, depth first, backtracking on a dead end
    (within STEP_BUDGET steps). The choices found are in e.partner."""
    cdef int n = S.players, R = S.rounds, depth = 0, i, j, p, q, steps = 0
    cdef int32_t* pos = e.stack            # per depth: (i, j) positions in e.order
    cdef int32_t* jpos = e.stack + n // 2 + 1    # (n + 2 entries in all)
    i = 0
    while True:
        while i < n and e.partner[e.order[i]] != -1:
            i += 1
        if i >= n:
            return True
        p = e.order[i]
        j = i + 1
        while True:                         # the next partner for p, from position j on
            while j < n and (e.partner[e.order[j]] != -1
                             or (not allow_rematch and have_met(e, R, p, e.order[j]))):
                j += 1
            if j < n:
                q = e.order[j]
                e.partner[p] = q
                e.partner[q] = p
                pos[depth] = i
                jpos[depth] = j
                depth += 1
                i += 1
                break
            # dead end: undo the last choice and try its next partner
            steps += 1
            if depth == 0 or steps > STEP_BUDGET:
                return False
            depth -= 1
            i = pos[depth]
            j = jpos[depth]
            p = e.order[i]
            e.partner[e.partner[p]] = -1
            e.partner[p] = -1
            j += 1


cdef int pair_round(Spec* S, Ev* e, bitgen_t* bg, bint first) noexcept nogil:
    """This round's pairings in e.partner (-2: the bye). Returns the bye's player or -1. With
    an odd number of players the bye goes to the lowest-ranked player who has not had one; if
    no pairing of the others then avoids rematches, to the next lowest; only when none does
    are rematches allowed (MTR: the pairing without rematches wherever one exists)."""
    cdef int n = S.players, i, p, bye = -1, allow
    cdef bint every_bye
    if first:
        for i in range(n):
            e.order[i] = i
        for i in range(n - 1, 0, -1):
            p = <int>bounded(bg, <uint32_t>(i + 1))
            e.order[i], e.order[p] = e.order[p], e.order[i]
    else:
        by_points(S, e)
        shuffle_groups(S, e, bg)
    if n % 2:
        if first:
            for i in range(n):
                e.byes[i] = e.order[i]
        else:
            rank_for_bye(S, e)
    every_bye = True                        # (has everyone had a bye? then anyone may again)
    if n % 2:
        for p in range(n):
            every_bye = every_bye and e.had_bye[p] != 0
    for allow in range(2):
        i = n
        while True:
            for p in range(n):
                e.partner[p] = -1
            bye = -1
            if n % 2:
                i -= 1
                while i >= 0 and e.had_bye[e.byes[i]] and not every_bye:
                    i -= 1
                if i < 0:
                    break
                bye = e.byes[i]
                e.partner[bye] = -2
            if pair_search(S, e, allow == 1):
                return bye
            if n % 2 == 0:
                break
    return bye


cdef void rank_for_bye(Spec* S, Ev* e) noexcept nogil:
    """e.byes: the players by standing (match points, then the tiebreakers, then the pairing
    order's random place), for the bye; e.order is kept."""
    cdef int i, n = S.players
    tiebreakers(S, e)
    for i in range(n):
        e.byes[i] = e.order[i]
        e.tiebreak[e.order[i]] = <uint32_t>(n - i)     # (the shuffled order breaks ties)
    sort_groups(e, e.byes, n)


# ---- matches --------------------------------------------------------------------------------------

cdef void play_match(Spec* S, bitgen_t* bg, int a, int b, int first_on_play, int* wa, int* wb,
                     int* dr) noexcept nogil:
    """A best-of-N match of archetype a against b: games until one has won (N + 1) / 2; the
    first game's player on the play `first_on_play` (0: a, 1: b, -1: at random); the loser of
    a game plays first in the next (MTR 2.2)."""
    cdef int need = (S.best_of + 1) // 2, on = first_on_play
    cdef double p
    wa[0] = 0
    wb[0] = 0
    dr[0] = 0
    if on < 0:
        on = <int>bounded(bg, 2)
    while wa[0] < need and wb[0] < need:
        p = S.p_play[a * S.arch_n + b] if on == 0 else 1.0 - S.p_play[b * S.arch_n + a]
        if uniform(bg) < p:
            wa[0] += 1
            on = 1
        else:
            wb[0] += 1
            on = 0


cdef bint safe_with_draw(Spec* S, Ev* e, int p) noexcept nogil:
    """Would player p make the top cut with a draw in the final round whatever else happens
    (every other player who could end on as many points ranked above them)?"""
    cdef int n = S.players, target = e.mp[p] + 1, above = 0, q, o, best
    for q in range(n):
        if q == p:
            continue
        o = e.partner[q]
        if o == -2:
            best = e.mp[q] + 3
        elif o == p:
            best = e.mp[q] + 1
        elif o >= 0 and o < q:
            continue                        # (the pair counted from its other player)
        else:
            # the pair (q, o): at most one of them wins
            above += pair_reaching(e, q, o, target)
            continue
        if best >= target:
            above += 1
    return above < S.top_cut


cdef inline int pair_reaching(Ev* e, int q, int o, int target) noexcept nogil:
    """The most players of the pair (q, o) who can end on `target` points or more."""
    cdef int win_q = (e.mp[q] + 3 >= target) + (e.mp[o] >= target)
    cdef int win_o = (e.mp[o] + 3 >= target) + (e.mp[q] >= target)
    cdef int draw = (e.mp[q] + 1 >= target) + (e.mp[o] + 1 >= target)
    return max(win_q, max(win_o, draw))


cdef void record(Ev* e, int R, int r, int p, int q, int w, int l, int d) noexcept nogil:
    e.opp[p * R + r] = q
    e.gw[p * R + r] = w
    e.gl[p * R + r] = l
    e.gd[p * R + r] = d
    if w > l:
        e.mp[p] += 3
        e.mw[p] += 1
    elif w < l:
        e.ml[p] += 1
    else:
        e.mp[p] += 1
        e.md[p] += 1
    e.gp[p] += 3 * w + d
    e.gplayed[p] += w + l + d


cdef void swiss(Spec* S, Ev* e, bitgen_t* bg) noexcept nogil:
    cdef int r, p, q, bye, w, l, d, R = S.rounds, n = S.players
    cdef bint id_round
    ev_reset(e, n, R)
    for r in range(R):
        bye = pair_round(S, e, bg, r == 0)
        id_round = S.intentional_draws and r == R - 1 and S.top_cut > 0
        for p in range(n):
            q = e.partner[p]
            if q == -2:
                record(e, R, r, p, -1, 2, 0, 0)
                e.had_bye[p] = 1
            elif q > p:
                if id_round and safe_with_draw(S, e, p) and safe_with_draw(S, e, q):
                    w, l, d = 0, 0, 3
                elif S.draw_rate > 0 and uniform(bg) < S.draw_rate:
                    w, l, d = 1, 1, 1
                else:
                    play_match(S, bg, S.arch[p], S.arch[q], -1, &w, &l, &d)
                record(e, R, r, p, q, w, l, d)
                record(e, R, r, q, p, l, w, d)
        e.played_rounds = r + 1


cdef int playoff(Spec* S, Ev* e, bitgen_t* bg) noexcept nogil:
    """The top cut as single elimination: e.bracket holds the seeds' players in bracket order
    (1, 8, 4, 5, 2, 7, 3, 6 for eight), then each round's winners; returns the champion."""
    cdef int k = S.top_cut, i, start = 0, size = k, a, b, w, l, d
    if k <= 0:
        return e.order[0]
    bracket_order(e, k)
    while size > 1:
        for i in range(size // 2):
            a = e.bracket[start + 2 * i]
            b = e.bracket[start + 2 * i + 1]
            # the higher seed (the earlier in the standings) plays first
            if seed_of(e, S.players, b) < seed_of(e, S.players, a):
                a, b = b, a
            play_match(S, bg, S.arch[a], S.arch[b], 0, &w, &l, &d)
            e.bracket[start + size + i] = a if w > l else b
        start += size
        size //= 2
    return e.bracket[start]


cdef inline int seed_of(Ev* e, int n, int p) noexcept nogil:
    cdef int i
    for i in range(n):
        if e.order[i] == p:
            return i
    return n


cdef void bracket_order(Ev* e, int k) noexcept nogil:
    """Seeds in bracket order: for k = 2^m, seed s meets k + 1 - s, halves placed so that the
    top seeds meet last (1-8, 4-5, 2-7, 3-6 for eight)."""
    cdef int32_t* seeds = e.stack
    cdef int m = 1, i
    seeds[0] = 1
    while m < k:
        for i in range(m - 1, -1, -1):
            seeds[2 * i] = seeds[i]
            seeds[2 * i + 1] = 2 * m + 1 - seeds[i]
        m *= 2
    for i in range(k):
        e.bracket[i] = e.order[seeds[i] - 1]


# ---- many events -------------------------------------------------------------------------------

cdef struct Out:                # per chunk, laid out by `out_layout`
    int64_t* events
    int64_t* mp                 # [arch]: match points, summed over players and events
    int64_t* mw                 # [arch]: matches won, lost, drawn (Swiss, byes as wins)
    int64_t* ml
    int64_t* md
    int64_t* record             # [arch][(R+1)*(R+1)]: players with (wins, losses) after Swiss
    int64_t* top               # [arch]: top-cut places; and its square per event
    int64_t* top_sq
    int64_t* win                # [arch]: events won


def out_layout(int arch_n, int rounds):
    """The offsets of one chunk's output row: {name: (offset, length)} and its size."""
    cdef int rec = (rounds + 1) * (rounds + 1)
    names = [("events", 1), ("mp", arch_n), ("mw", arch_n), ("ml", arch_n), ("md", arch_n),
             ("record", arch_n * rec), ("top", arch_n), ("top_sq", arch_n), ("win", arch_n)]
    out, off = {}, 0
    for name, length in names:
        out[name] = (off, length)
        off += length
    out["size"] = (off, 0)
    return out


cdef void point_out(Out* o, int64_t* row, int A, int R) noexcept nogil:
    cdef int rec = (R + 1) * (R + 1)
    o.events = row
    o.mp = row + 1
    o.mw = o.mp + A
    o.ml = o.mw + A
    o.md = o.ml + A
    o.record = o.md + A
    o.top = o.record + A * rec
    o.top_sq = o.top + A
    o.win = o.top_sq + A


cdef void add_event(Spec* S, Ev* e, Out* o, int champion, int64_t* top_count) noexcept nogil:
    cdef int p, a, i, A = S.arch_n, R = S.rounds
    o.events[0] += 1
    for a in range(A):
        top_count[a] = 0
    for p in range(S.players):
        a = S.arch[p]
        o.mp[a] += e.mp[p]
        o.mw[a] += e.mw[p]
        o.ml[a] += e.ml[p]
        o.md[a] += e.md[p]
        o.record[a * (R + 1) * (R + 1) + e.mw[p] * (R + 1) + e.ml[p]] += 1
    for i in range(S.top_cut):
        top_count[S.arch[e.order[i]]] += 1
    for a in range(A):
        o.top[a] += top_count[a]
        o.top_sq[a] += top_count[a] * top_count[a]
    o.win[S.arch[champion]] += 1


cdef void run_chunk(Spec* S, bitgen_t* bg, int64_t n_events, int64_t* row, uint32_t* fail) noexcept nogil:
    cdef Ev e
    cdef Out o
    cdef int64_t k
    cdef int champion
    cdef int64_t* top_count = <int64_t*>malloc(S.arch_n * sizeof(int64_t))
    if not ev_alloc(&e, S.players, S.rounds) or top_count == NULL:
        free(top_count)
        fail[0] = 1
        return
    point_out(&o, row, S.arch_n, S.rounds)
    for k in range(n_events):
        swiss(S, &e, bg)
        rank(S, &e, bg)
        champion = playoff(S, &e, bg)
        add_event(S, &e, &o, champion, top_count)
    ev_free(&e)
    free(top_count)


cdef Spec make_spec(int32_t[::1] arch, double[:, ::1] p_play, int rounds, int best_of, int top_cut,
                    double draw_rate, bint intentional_draws):
    cdef Spec S
    S.players = arch.shape[0]
    S.arch_n = p_play.shape[0]
    S.arch = &arch[0]
    S.p_play = &p_play[0, 0]
    S.rounds = rounds
    S.best_of = best_of
    S.top_cut = top_cut
    S.draw_rate = draw_rate
    S.intentional_draws = intentional_draws
    return S


def _check(arch, p_play, int rounds, int best_of, int top_cut):
    if not 2 <= len(arch) <= MAX_PLAYERS:
        raise ValueError(f"players must be 2..{MAX_PLAYERS}")
    if not 1 <= rounds <= MAXROUNDS:
        raise ValueError(f"rounds must be 1..{MAXROUNDS}")
    if best_of < 1 or best_of % 2 == 0:
        raise ValueError("best_of must be odd")
    if top_cut < 0 or top_cut > len(arch) or (top_cut & (top_cut - 1)):
        raise ValueError("top_cut must be 0 or a power of 2 no larger than the field")
    if p_play.shape[0] != p_play.shape[1] or min(arch) < 0 or max(arch) >= p_play.shape[0]:
        raise ValueError("archetypes out of the matchup table")


def play_events(int32_t[::1] arch, double[:, ::1] p_play, int rounds, int best_of, int top_cut,
                double draw_rate, bint intentional_draws, list generators, int64_t[::1] events,
                int64_t[:, ::1] out, int threads=1):
    """Play events[c] events with generators[c] for each chunk c, adding the results to
    out[c] (laid out by `out_layout`). Chunks are independent: any number of threads gives
    the same numbers."""
    _check(np.asarray(arch), np.asarray(p_play), rounds, best_of, top_cut)
    cdef Spec S = make_spec(arch, p_play, rounds, best_of, top_cut, draw_rate, intentional_draws)
    cdef Py_ssize_t c, n = len(generators)
    if events.shape[0] != n or out.shape[0] != n:
        raise ValueError("one events count and one output row per generator")
    cdef bitgen_t** bgs = <bitgen_t**>malloc(max(n, 1) * sizeof(bitgen_t*))
    cdef uint32_t[::1] fail = np.zeros(max(n, 1), dtype=np.uint32)
    if bgs == NULL:
        raise MemoryError()
    try:
        for c in range(n):
            bgs[c] = <bitgen_t*>PyCapsule_GetPointer(generators[c].bit_generator.capsule, "BitGenerator")
        with nogil:
            for c in prange(n, schedule="dynamic", num_threads=max(1, threads)):
                run_chunk(&S, bgs[c], events[c], &out[c, 0], &fail[c])
    finally:
        free(bgs)
    if np.asarray(fail).any():
        raise MemoryError("no memory for a chunk of events")


def play_one(int32_t[::1] arch, double[:, ::1] p_play, int rounds, int best_of, int top_cut,
             double draw_rate, bint intentional_draws, generator):
    """One event in full: (opp, games won, lost, drawn: [players, rounds] each; the final
    order best first; match points, OMW, GW, OGW per player; the playoff bracket)."""
    _check(np.asarray(arch), np.asarray(p_play), rounds, best_of, top_cut)
    cdef Spec S = make_spec(arch, p_play, rounds, best_of, top_cut, draw_rate, intentional_draws)
    cdef bitgen_t* bg = <bitgen_t*>PyCapsule_GetPointer(generator.bit_generator.capsule, "BitGenerator")
    cdef Ev e
    cdef int n = S.players, champion, i
    if not ev_alloc(&e, n, rounds):
        raise MemoryError()
    try:
        with nogil:
            swiss(&S, &e, bg)
            rank(&S, &e, bg)
            champion = playoff(&S, &e, bg)
        R = rounds
        opp = np.array(<int32_t[:n * R]>e.opp).reshape(n, R).copy()
        gw = np.array(<int32_t[:n * R]>e.gw).reshape(n, R).copy()
        gl = np.array(<int32_t[:n * R]>e.gl).reshape(n, R).copy()
        gd = np.array(<int32_t[:n * R]>e.gd).reshape(n, R).copy()
        order = np.array(<int32_t[:n]>e.order).copy()
        mp = np.array(<int32_t[:n]>e.mp).copy()
        omw = np.array(<double[:n]>e.omw).copy()
        gwp = np.array(<double[:n]>e.gwp).copy()
        ogw = np.array(<double[:n]>e.ogw).copy()
        bracket = (np.array(<int32_t[:2 * top_cut - 1]>e.bracket).copy() if top_cut > 0
                   else np.array([champion], dtype=np.int32))
    finally:
        ev_free(&e)
    return opp, gw, gl, gd, order, mp, omw, gwp, ogw, bracket

# cython: embedsignature=True
"""mtgsim's tournament kernel: whole Swiss events by the Magic Tournament Rules, many per call,
without the GIL, in seeded chunks (one generator per chunk: the same numbers for any number of
threads).

One event: Swiss rounds — round 1 paired at random; later rounds pair players in match-point
groups in random order by a minimum-cost pairing (MTR 10.4, the Swiss pairing algorithm):
first the fewest rematches, then the bye to the lowest-ranked player who has not had one (3
match points, 2-0 in games, nobody's opponent), then the fewest players paired outside their
match-point group, then the fewest match points between the players so paired (a branch and
bound over the pairing order whose bound, the odd groups paired in order, is met in almost
every round: the pairing found then is optimal by the bound; a round it does not prove within
its budget is paired by an exact minimum-cost perfect matching, Edmonds' blossom algorithm,
kernels/blossom.pxi) — matches of best-of-N games at
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
from libc.math cimport fabs
from libc.stdlib cimport malloc, free
from libc.string cimport memcpy, memset
from numpy.random cimport bitgen_t

cnp.import_array()

DEF MAXROUNDS = 16
DEF MAXGROUPS = 3 * MAXROUNDS + 2    # match-point groups (0..48 points) and an end mark
DEF OPPONENTS_LCM = 720720     # lcm(1..MAXROUNDS): a multiple of every player's number of opponents
DEF FEW_TO_SORT = 128           # players sorted by insertion rather than by radix
DEF MEMO = 4096                # nodes remembered by the pairing search (a power of 2)
DEF STEP_BUDGET = 8            # pairing search steps per player before the exact matching decides
                               # (measured: 2,000 a search, or 4 or 16 a player, pair more slowly)
DEF STEP_BUDGET_MAX = 2000     # and at most (fields over BLOSSOM_MAX: no exact matching to go to,
                               # and more steps prove few more rounds)

# A pairing's cost, lexicographic in one integer: rematches >> players paired outside their
# match-point group (pairs) >> the match points between them. At most 32,768 pairs, each at most
# 48 points apart: 32,768 * 48 < W_C and 32,768 * W_C < W_R.
DEF W_D = 1
DEF W_C = 4194304              # 2^22

MAX_ROUNDS = MAXROUNDS
cdef int64_t W_R = (<int64_t>1) << 40
cdef int64_t NO_COST = 0x7FFFFFFFFFFFFFFF
MAX_PLAYERS = 65536
DEF BLOSSOM_MAX = 512          # the most vertices (players, and the bye's) the exact matching takes
BLOSSOM_PLAYERS = BLOSSOM_MAX


include "kernels/blossom.pxi"


cdef struct Spec:
    int players
    int arch_n
    int32_t* arch               # per player: its archetype
    double* p_play              # [arch_n * arch_n]: P(row wins game 1 on the play against column)
    double* p_post              # [arch_n * arch_n]: the same in games 2 and 3 (after sideboarding)
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
    int32_t* stack              # scratch: a round's matches (swiss), bye classes, the seeds
    int32_t* bucket
    double* omw
    double* gwp
    double* ogw
    double* mwp
    uint64_t* omw_key           # OMW as a whole number: over 300 x rounds x OPPONENTS_LCM
    uint32_t* tiebreak
    uint64_t* skey              # sort_standings: the keys, twice; the players, a second time
    int32_t* stemp
    int32_t* bracket            # top cut: players by seed, then winners round by round
    int32_t* byes               # the players by standing, for the bye (the pairing order kept)
    int played_rounds
    bint full_standings         # rank orders every player (else the top cut's places: rank)
    # the pairing search: per player its match-point group; per group (by points, highest
    # first) its first place in e.order, its points, its players still to pair; per depth of
    # the search its player's place, the class of partners tried (cost, group, rematch) and
    # the place of the partner; the best pairing found
    int32_t* grp
    int32_t* pos                # per player: its place in e.order
    int32_t* sorder             # the order in which the search pairs players
    int32_t* gstart
    int32_t* gval
    int32_t* gcnt
    int32_t* dpos
    int32_t* dj
    int32_t* dh
    int32_t* dm
    int64_t* df
    int64_t* dcost
    int64_t* dlb
    uint64_t* dz                # per depth: the hash of the players paired at the node
    uint64_t* memo              # the nodes searched through while proving: [MEMO][3]: hash,
    int64_t memo_stamp          # cost on reaching it, and the search (stamp) that did
    int32_t* bestp
    int64_t unproven            # rounds whose pairing neither the search nor the matching proved
    Blossom bl                  # the exact matching's tables (allocated when first needed)
    bint bl_ready
    int64_t* log                # (tests) per round: the search's pairing proved, its cost, the matching's


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
    cdef size_t half = <size_t>n // 2 + 2
    e.bl_ready = False
    e.log = NULL
    e.full_standings = False
    e.mp = <int32_t*>malloc(n * sizeof(int32_t) * 12)
    e.opp = <int32_t*>malloc(nr * sizeof(int32_t) * 4)
    e.omw = <double*>malloc(n * sizeof(double) * 4)
    e.tiebreak = <uint32_t*>malloc(n * sizeof(uint32_t))
    e.omw_key = <uint64_t*>malloc(n * sizeof(uint64_t))
    e.skey = <uint64_t*>malloc(2 * n * sizeof(uint64_t))
    e.stemp = <int32_t*>malloc(n * sizeof(int32_t))
    e.stack = <int32_t*>malloc((n + 2 + 3 * MAXROUNDS + 2) * sizeof(int32_t))
    e.grp = <int32_t*>malloc((4 * n + 3 * MAXGROUPS + 4 * half) * sizeof(int32_t))
    e.df = <int64_t*>malloc(4 * half * sizeof(int64_t))
    e.memo = <uint64_t*>malloc(3 * MEMO * sizeof(uint64_t))
    if (e.mp == NULL or e.opp == NULL or e.omw == NULL or e.tiebreak == NULL or e.omw_key == NULL or e.skey == NULL
            or e.stemp == NULL or e.stack == NULL
            or e.grp == NULL or e.df == NULL or e.memo == NULL):
        ev_free(e)
        return False
    e.bestp = e.grp + n
    e.pos = e.grp + 2 * n
    e.sorder = e.grp + 3 * n
    e.gstart = e.grp + 4 * n
    e.gval = e.gstart + MAXGROUPS
    e.gcnt = e.gval + MAXGROUPS
    e.dpos = e.gcnt + MAXGROUPS
    e.dj = e.dpos + half
    e.dh = e.dj + half
    e.dm = e.dh + half
    e.dcost = e.df + half
    e.dlb = e.dcost + half
    e.dz = <uint64_t*>(e.dlb + half)
    memset(e.memo, 0, 3 * MEMO * sizeof(uint64_t))
    e.memo_stamp = 0
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
    free(e.omw_key)
    free(e.skey)
    free(e.stemp)
    free(e.stack)
    free(e.grp)
    free(e.df)
    free(e.memo)
    if e.bl_ready:
        bl_free(&e.bl)
        e.bl_ready = False
    e.mp = NULL
    e.opp = NULL
    e.omw = NULL
    e.tiebreak = NULL
    e.omw_key = NULL
    e.skey = NULL
    e.stemp = NULL
    e.stack = NULL
    e.grp = NULL
    e.df = NULL
    e.memo = NULL


cdef void ev_reset(Ev* e, int n, int rounds) noexcept nogil:
    memset(e.mp, 0, n * sizeof(int32_t) * 7)
    memset(e.omw, 0, n * sizeof(double) * 4)            # (before round 1 every standing is equal:
    memset(e.omw_key, 0, n * sizeof(uint64_t))          # the bye's search compares them)
    e.played_rounds = 0
    e.unproven = 0


cdef inline bint have_met(Ev* e, int rounds, int p, int q) noexcept nogil:
    """Have players p and q met this event (every round looked at, without a branch: most
    pairs tried have not)?"""
    cdef int r, met = 0
    cdef int32_t* opp = e.opp + p * rounds
    for r in range(e.played_rounds):
        met |= opp[r] == q
    return met


# ---- standings ------------------------------------------------------------------------------------

cdef void tiebreakers(Spec* S, Ev* e, int32_t* players, int m) noexcept nogil:
    """Match-win and game-win percentages of every player, opponents' match-win and game-win
    percentages of the m `players` (MTR Appendix C), each percentage at least 0.33; byes count
    in a player's own percentages, never as an opponent."""
    cdef int i, p, r, q, k, n = S.players, R = S.rounds
    cdef int64_t least = 99 * e.played_rounds, whole   # (0.33 and a match win in 300ths of 3 a round)
    cdef double s, t, x
    for p in range(n):
        x = e.mp[p] / (3.0 * e.played_rounds) if e.played_rounds else 0.0
        e.mwp[p] = x if x > 0.33 else 0.33
        x = e.gp[p] / (3.0 * e.gplayed[p]) if e.gplayed[p] else 0.0
        e.gwp[p] = x if x > 0.33 else 0.33
    for i in range(m):
        p = players[i]
        s = 0.0
        t = 0.0
        k = 0
        whole = 0
        for r in range(e.played_rounds):
            q = e.opp[p * R + r]
            if q >= 0:
                s += e.mwp[q]
                t += e.gwp[q]
                whole += max(least, 100 * e.mp[q])
                k += 1
        e.omw[p] = s / k if k else 0.33
        e.ogw[p] = t / k if k else 0.33
        e.omw_key[p] = whole * (OPPONENTS_LCM // k) if k else least * OPPONENTS_LCM


DEF TIE = 1e-12                 # percentages this close are equal (sums in another order)


cdef inline bint ranks_above(Ev* e, int a, int b) noexcept nogil:
    """Does player a stand above player b: match points, OMW, GW, OGW, then at random. The
    percentages are fractions, compared as such: OMW by e.omw_key (whole numbers); GW as
    computed (one division: equal fractions give equal numbers, and unequal ones differ by far
    more than their rounding); OGW, a sum of such, may differ in its last bits when two equal
    ones were summed in another order, and is equal here within TIE, so that the next
    tiebreaker decides, not the rounding."""
    if e.mp[a] != e.mp[b]:
        return e.mp[a] > e.mp[b]
    if e.omw_key[a] != e.omw_key[b]:
        return e.omw_key[a] > e.omw_key[b]
    if e.gwp[a] != e.gwp[b]:
        return e.gwp[a] > e.gwp[b]
    if fabs(e.ogw[a] - e.ogw[b]) > TIE:
        return e.ogw[a] > e.ogw[b]
    return e.tiebreak[a] > e.tiebreak[b]


cdef void rank(Spec* S, Ev* e, bitgen_t* bg) noexcept nogil:
    """e.order: the players by standing, best first: all of them with e.full_standings, else as
    far as an event's figures look (the top cut's places, or the winner's): the match-point
    groups that hold those places by standing, the players below them by match points only
    (ranking every player took more time than the Swiss pairings)."""
    cdef int p, g = 0, end = 0, n = S.players
    cdef int places = n if e.full_standings else max(S.top_cut, 1)
    for p in range(n):
        e.tiebreak[p] = rand32(bg)
    by_points(S, e)
    while end < places:                     # (the groups that hold the first `places`)
        g += 1
        end = e.gstart[g]
    tiebreakers(S, e, e.order, end)
    sort_standings(S, e, e.order, end)


cdef inline uint64_t standing_key(Ev* e, int p, double gw_scale) noexcept nogil:
    """Match points, OMW and GW in one whole number that orders players as ranks_above does:
    match points (6 bits), e.omw_key (32 bits), then GW scaled by gw_scale (26 bits): exact
    where any two GW that differ differ by 2 units or more, else 0 (ranks_above then tells
    them apart)."""
    return ((<uint64_t>e.mp[p]) << 58) | (e.omw_key[p] << 26) | <uint64_t>(e.gwp[p] * gw_scale)


cdef void sort_standings(Spec* S, Ev* e, int32_t* players, int n) noexcept nogil:
    """Sort the n `players` by standing, best first (their tiebreakers computed): a few by
    insertion (ranks_above); many by standing_key, with a radix sort (a byte a pass, the least
    significant first: stable, and no comparison for the processor to guess), then each run
    of equal keys by ranks_above (OGW, then the tiebreak: runs of one or two players, mostly).
    Players of equal standing keep their order."""
    cdef int i, j, k, b, end, shift, x
    cdef uint64_t* key = e.skey
    cdef uint64_t* key2 = e.skey + n
    cdef uint64_t* tk
    cdef int32_t* pl = players
    cdef int32_t* pl2 = e.stemp
    cdef int32_t* tp
    cdef int32_t count[256]
    cdef int64_t games = max(S.best_of, 2) * e.played_rounds     # (the most games a player has)
    # two GW that differ differ by 1 / (300 games^2) or more (fractions over 300 x games)
    cdef double gw_scale = (1 << 26) - 1 if 300 * games * games <= (1 << 25) else 0.0
    if n <= FEW_TO_SORT:
        insertion_sort(e, players, 0, n)
        return
    for i in range(n):
        key[i] = ~standing_key(e, players[i], gw_scale)   # (ascending: the best first)
    for shift in range(0, 64, 8):
        memset(count, 0, sizeof(count))
        for i in range(n):
            count[(key[i] >> shift) & 255] += 1
        if count[(key[0] >> shift) & 255] == n:
            continue                        # (every key has this byte: nothing to move)
        j = 0
        for b in range(256):
            x = count[b]
            count[b] = j
            j += x
        for i in range(n):
            b = (key[i] >> shift) & 255
            key2[count[b]] = key[i]
            pl2[count[b]] = pl[i]
            count[b] += 1
        tk = key
        key = key2
        key2 = tk
        tp = pl
        pl = pl2
        pl2 = tp
    if pl != players:
        memcpy(players, pl, n * sizeof(int32_t))
    i = 0
    while i < n:                            # runs of equal keys: by ranks_above
        end = i + 1
        while end < n and key[end] == key[i]:
            end += 1
        insertion_sort(e, players, i, end)
        i = end


cdef inline void insertion_sort(Ev* e, int32_t* players, int start, int end) noexcept nogil:
    """players[start:end] by standing (ranks_above), those of equal standing in their order."""
    cdef int i, j, x
    for i in range(start + 1, end):
        x = players[i]
        j = i - 1
        while j >= start and ranks_above(e, x, players[j]):
            players[j + 1] = players[j]
            j -= 1
        players[j + 1] = x


cdef int by_points(Spec* S, Ev* e) noexcept nogil:
    """e.order: the players by match points, highest first (counting sort; stable); their
    match-point groups: e.gstart (each group's first place; e.gstart[G] = n) and e.gval (its
    points). Returns G, the number of groups. The players are counted and placed as two halves
    side by side, the first half's before the second's in each group (two chains of counts
    that don't wait on each other)."""
    cdef int p, v, a, b, top = 3 * MAXROUNDS + 1, n = S.players, h = S.players // 2, pos = 0, G = 0
    cdef int32_t first[3 * MAXROUNDS + 2]     # per points (top - points): the first half's count,
    cdef int32_t second[3 * MAXROUNDS + 2]    # then place; the second half's
    memset(first, 0, sizeof(first))
    memset(second, 0, sizeof(second))
    for p in range(h):
        first[top - e.mp[p]] += 1
        second[top - e.mp[p + h]] += 1
    if n & 1:
        second[top - e.mp[n - 1]] += 1
    for v in range(top + 1):
        a = first[v]
        b = second[v]
        if a + b:
            e.gstart[G] = pos
            e.gval[G] = top - v
            G += 1
        first[v] = pos
        second[v] = pos + a
        pos += a + b
    e.gstart[G] = n
    for p in range(h):
        v = top - e.mp[p]
        e.order[first[v]] = p
        first[v] += 1
        v = top - e.mp[p + h]
        e.order[second[v]] = p + h
        second[v] += 1
    if n & 1:
        e.order[second[top - e.mp[n - 1]]] = n - 1
    return G


cdef void shuffle_groups(Ev* e, bitgen_t* bg, int G) noexcept nogil:
    """Random order within each match-point group of e.order (Fisher-Yates per group, from its
    last place: each place is final once drawn); e.grp and e.pos: each player's group and
    place."""
    cdef int g, i, j, k, t
    for g in range(G):
        i = e.gstart[g]
        for j in range(e.gstart[g + 1] - 1, i, -1):
            k = i + <int>bounded(bg, <uint32_t>(j - i + 1))
            t = e.order[k]
            e.order[k] = e.order[j]
            e.order[j] = t
            e.grp[t] = g
            e.pos[t] = j
        t = e.order[i]
        e.grp[t] = g
        e.pos[t] = i


include "kernels/pairing.pxi"


# ---- matches --------------------------------------------------------------------------------------

cdef void play_match(Spec* S, bitgen_t* bg, int a, int b, int first_on_play, int* wa, int* wb,
                     int* dr) noexcept nogil:
    """A best-of-N match of archetype a against b: games until one has won (N + 1) / 2; the
    first game's player on the play `first_on_play` (0: a, 1: b, -1: at random); the loser of
    a game plays first in the next (MTR 2.2); game 1 at the game-1 figures, the games after it
    at the post-sideboard ones (MTR 3.16: a sideboard is used in the games after the first)."""
    cdef int need = (S.best_of + 1) // 2, on = first_on_play, won = 0, lost = 0, win
    cdef double game[4]                     # P(a wins): game 1 with a on the play, on the draw;
    game[0] = S.p_play[a * S.arch_n + b]    # then the games after it
    game[1] = 1.0 - S.p_play[b * S.arch_n + a]
    game[2] = S.p_post[a * S.arch_n + b]
    game[3] = 1.0 - S.p_post[b * S.arch_n + a]
    cdef double* t = game
    if on < 0:
        on = <int>bounded(bg, 2)
    while won < need and lost < need:      # (the winner as data, not a branch: a coin flip to the processor)
        win = uniform(bg) < t[on]
        won += win
        lost += 1 - win
        on = win                            # the loser plays first in the next game
        t = game + 2
    wa[0] = won
    wb[0] = lost
    dr[0] = 0


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


cdef inline void record(Ev* e, int R, int r, int p, int q, int w, int l, int d) noexcept nogil:
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
    """The Swiss rounds: each one paired (pair_round), its bye recorded, in the final round the
    intentional draws agreed (two players safe for the cut by the standings before the round:
    judged for every pair before any result of the round is recorded), then the other matches
    played in the order of their lower-numbered player (the order of their random numbers)."""
    cdef int r, i, k, played, agreed, p, q, bye, w, l, d, R = S.rounds, n = S.players
    cdef int32_t* match = e.stack           # the round's matches by their lower-numbered player
    ev_reset(e, n, R)
    for r in range(R):
        bye = pair_round(S, e, bg, r == 0)
        k = 0
        for p in range(n):                  # (without a branch: p < q is a coin flip)
            match[k] = p
            k += e.partner[p] > p
        if S.intentional_draws and r == R - 1 and S.top_cut > 0:
            played = 0                      # the matches played to the front, the draws agreed
            agreed = 0                      # to the back (k <= n / 2: they don't meet)
            for i in range(k):
                p = match[i]
                if safe_with_draw(S, e, p) and safe_with_draw(S, e, e.partner[p]):
                    match[n - 1 - agreed] = p
                    agreed += 1
                else:
                    match[played] = p
                    played += 1
            for i in range(agreed):
                p = match[n - 1 - i]
                record(e, R, r, p, e.partner[p], 0, 0, 3)
                record(e, R, r, e.partner[p], p, 0, 0, 3)
            k = played
        if bye >= 0:
            record(e, R, r, bye, -1, 2, 0, 0)
            e.had_bye[bye] = 1
        for i in range(k):
            p = match[i]
            q = e.partner[p]
            if S.draw_rate > 0 and uniform(bg) < S.draw_rate:
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
    int64_t* unproven           # Swiss rounds whose pairing was not proved the best (budget)


def out_layout(int arch_n, int rounds):
    """The offsets of one chunk's output row: {name: (offset, length)} and its size."""
    cdef int rec = (rounds + 1) * (rounds + 1)
    names = [("events", 1), ("mp", arch_n), ("mw", arch_n), ("ml", arch_n), ("md", arch_n),
             ("record", arch_n * rec), ("top", arch_n), ("top_sq", arch_n), ("win", arch_n),
             ("unproven", 1)]
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
    o.unproven = o.win + A


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
    o.unproven[0] += e.unproven


cdef void run_chunk(Spec* given, double* tables, bitgen_t* bg, int64_t n_events, int64_t* row,
                    uint32_t* fail) noexcept nogil:
    """n_events events at the chunk's matchups `tables` (game 1's matrix, then games 2 and 3's)."""
    cdef Spec spec = given[0]
    cdef Spec* S = &spec
    cdef Ev e
    cdef Out o
    cdef int64_t k
    cdef int champion
    cdef int64_t* top_count = <int64_t*>malloc(S.arch_n * sizeof(int64_t))
    if not ev_alloc(&e, S.players, S.rounds) or top_count == NULL:
        free(top_count)
        fail[0] = 1
        return
    spec.p_play = tables
    spec.p_post = tables + S.arch_n * S.arch_n
    point_out(&o, row, S.arch_n, S.rounds)
    for k in range(n_events):
        swiss(S, &e, bg)
        rank(S, &e, bg)
        champion = playoff(S, &e, bg)
        add_event(S, &e, &o, champion, top_count)
    ev_free(&e)
    free(top_count)


cdef Spec make_spec(int32_t[::1] arch, double[:, :, ::1] tables, int rounds, int best_of, int top_cut,
                    double draw_rate, bint intentional_draws):
    """The event's settings; `tables` [2, arch_n, arch_n]: game 1's matchups, then games 2 and 3's."""
    cdef Spec S
    S.players = arch.shape[0]
    S.arch_n = tables.shape[1]
    S.arch = &arch[0]
    S.p_play = &tables[0, 0, 0]
    S.p_post = &tables[1, 0, 0]
    S.rounds = rounds
    S.best_of = best_of
    S.top_cut = top_cut
    S.draw_rate = draw_rate
    S.intentional_draws = intentional_draws
    return S


def _check(arch, tables, int rounds, int best_of, int top_cut):
    """tables: [..., 2, arch_n, arch_n] (game 1, then games 2 and 3)."""
    if not 2 <= len(arch) <= MAX_PLAYERS:
        raise ValueError(f"players must be 2..{MAX_PLAYERS}")
    if not 1 <= rounds <= MAXROUNDS:
        raise ValueError(f"rounds must be 1..{MAXROUNDS}")
    if best_of < 1 or best_of % 2 == 0:
        raise ValueError("best_of must be odd")
    if top_cut < 0 or top_cut > len(arch) or (top_cut & (top_cut - 1)):
        raise ValueError("top_cut must be 0 or a power of 2 no larger than the field")
    cdef int k = tables.ndim       # (positive indices: the module turns wraparound off)
    if k < 3 or tables.shape[k - 3] != 2 or tables.shape[k - 2] != tables.shape[k - 1]:
        raise ValueError("matchup tables: game 1's and games 2 and 3's, square")
    if min(arch) < 0 or max(arch) >= tables.shape[k - 1]:
        raise ValueError("archetypes out of the matchup table")


def play_events(int32_t[::1] arch, double[:, :, :, ::1] tables, int rounds, int best_of, int top_cut,
                double draw_rate, bint intentional_draws, list generators, int64_t[::1] events,
                int64_t[:, ::1] out, int threads=1):
    """Play events[c] events with generators[c] for each chunk c, adding the results to
    out[c] (laid out by `out_layout`); tables [1 or chunks, 2, arch_n, arch_n]: the matchups
    (game 1's, then games 2 and 3's), one pair for every chunk or one per chunk. Chunks are
    independent: any number of threads gives the same numbers."""
    _check(np.asarray(arch), np.asarray(tables), rounds, best_of, top_cut)
    cdef Spec S = make_spec(arch, tables[0], rounds, best_of, top_cut, draw_rate, intentional_draws)
    cdef Py_ssize_t c, n = len(generators)
    cdef Py_ssize_t per_chunk = tables.shape[0] != 1
    if events.shape[0] != n or out.shape[0] != n:
        raise ValueError("one events count and one output row per generator")
    if per_chunk and tables.shape[0] != n:
        raise ValueError("one pair of matchup tables, or one per generator")
    cdef bitgen_t** bgs = <bitgen_t**>malloc(max(n, 1) * sizeof(bitgen_t*))
    cdef uint32_t[::1] fail = np.zeros(max(n, 1), dtype=np.uint32)
    if bgs == NULL:
        raise MemoryError()
    try:
        for c in range(n):
            bgs[c] = <bitgen_t*>PyCapsule_GetPointer(generators[c].bit_generator.capsule, "BitGenerator")
        with nogil:
            for c in prange(n, schedule="dynamic", num_threads=max(1, threads)):
                run_chunk(&S, &tables[c * per_chunk, 0, 0, 0], bgs[c], events[c], &out[c, 0], &fail[c])
    finally:
        free(bgs)
    if np.asarray(fail).any():
        raise MemoryError("no memory for a chunk of events")


def play_one(int32_t[::1] arch, double[:, :, ::1] tables, int rounds, int best_of, int top_cut,
             double draw_rate, bint intentional_draws, generator):
    """One event in full: (opp, games won, lost, drawn: [players, rounds] each; the final
    order best first; match points, OMW, GW, OGW per player; the playoff bracket; the Swiss
    rounds whose pairing was not proved the best within the search's budget)."""
    _check(np.asarray(arch), np.asarray(tables), rounds, best_of, top_cut)
    cdef Spec S = make_spec(arch, tables, rounds, best_of, top_cut, draw_rate, intentional_draws)
    cdef bitgen_t* bg = <bitgen_t*>PyCapsule_GetPointer(generator.bit_generator.capsule, "BitGenerator")
    cdef Ev e
    cdef int n = S.players, champion, i
    if not ev_alloc(&e, n, rounds):
        raise MemoryError()
    e.full_standings = True
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
        unproven = int(e.unproven)
    finally:
        ev_free(&e)
    return opp, gw, gl, gd, order, mp, omw, gwp, ogw, bracket, unproven


def pairing_log(int32_t[::1] arch, double[:, ::1] p_play, int rounds, int best_of,
                double draw_rate, generator):
    """(Tests.) One event's Swiss rounds (no top cut), each paired by the search and by the
    exact matching: per round [the search's pairing proved the least-cost (1) or not (0), its
    cost, the matching's cost (-1: over BLOSSOM_MAX)], costs by the round's lex_weights; the
    rounds the search did not prove are played with the matching's pairing (as in any event),
    and the rest with the search's. Then the rounds left unproven."""
    tables = np.ascontiguousarray(np.stack([p_play, p_play]), dtype=np.float64)
    _check(np.asarray(arch), tables, rounds, best_of, 0)
    cdef Spec S = make_spec(arch, tables, rounds, best_of, 0, draw_rate, False)
    cdef bitgen_t* bg = <bitgen_t*>PyCapsule_GetPointer(generator.bit_generator.capsule, "BitGenerator")
    cdef Ev e
    cdef int64_t[:, ::1] log = np.full((rounds, 3), -1, dtype=np.int64)
    if not ev_alloc(&e, S.players, rounds):
        raise MemoryError()
    try:
        e.log = &log[0, 0]
        with nogil:
            swiss(&S, &e, bg)
        unproven = int(e.unproven)
    finally:
        ev_free(&e)
    return np.asarray(log), unproven


def min_cost_perfect_matching(cost):
    """(Tests.) A minimum-cost perfect matching of the complete graph with these costs
    (square, symmetric, non-negative integers; an even number of vertices, at most
    BLOSSOM_MAX), by kernels/blossom.pxi as pair_exact uses it: each vertex's mate."""
    c = np.ascontiguousarray(cost, dtype=np.int64)
    cdef int n = c.shape[0], u, v
    if c.ndim != 2 or c.shape[1] != n or n % 2 or not 2 <= n <= BLOSSOM_MAX:
        raise ValueError("an even square cost matrix of at most BLOSSOM_MAX vertices")
    if (c < 0).any() or (c != c.T).any():
        raise ValueError("costs must be symmetric and non-negative")
    cdef int64_t[:, ::1] cv = c
    cdef int64_t big = (n // 2) * int(c.max()) + 1
    cdef Blossom B
    cdef int found
    if not bl_alloc(&B, n):
        raise MemoryError()
    try:
        for u in range(n):
            for v in range(n):
                B.w[(u + 1) * B.W1 + v + 1] = big - cv[u, v] if u != v else 0
        with nogil:
            found = bl_solve(&B, n, False)
        mate = np.array([B.match[u + 1] - 1 for u in range(n)], dtype=np.int64)
    finally:
        bl_free(&B)
    if found != n // 2:
        raise RuntimeError(f"no perfect matching found ({found} pairs)")
    return mate

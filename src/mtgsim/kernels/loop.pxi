# One goldfish game from mulligan to the last turn, and chunks of games: run_chunks (parallel,
# seeded per chunk) and trace_games. Uses base, direct, game, kept, zones, turn, views, policy,
# activating, spec, and, included after it, state (GameState, zones_of: trace_games).

# ---- one game, and chunks of games ----------------------------------------------------------------

# The turn's cycling step, called through a pointer: a function called once is inlined by the C
# compiler, and play_game with cycling_step's code inlined compiled its other callees worse
# (measured: +0.7% instructions a game of W1, a deck without cycling).
cdef void (*the_cycling_step)(Rules*, Spec*, Game*, Rng*, ManaView*, int8_t*, int) noexcept nogil
the_cycling_step = cycling_step


cdef void play_game(Rules* R, Spec* S, Game* g, Rng* rng, Layout* L, int64_t* out,
                    int32_t* trace_buf, int trace_cap) noexcept nogil:
    """One game: mulligans, then the turns, adding its metrics to `out` (castable counts of
    tracked cards sharing a cost, at the chunk's end: end_chunk). `g` is set up by new_chunk;
    the game by new_game, then its trace buffer (none: NULL)."""
    cdef int t, q, k, lands, mana, killed = 0, turn
    cdef ManaView* v = &(<Scratch*>g.scratch).view
    cdef bint castable, hit
    cdef TrackedCosts* costs
    cdef int8_t cast_turn[MAXTRACK]
    new_game(R, S, g)
    g.trace = trace_buf
    g.trace_cap = trace_cap
    g.trace_n = 0
    for q in range(S.n_track):
        cast_turn[q] = <int8_t>NOT_CAST
    out[L.kept_lands + mulligan(R, S, g, rng, out + L.mulliganed_lands)] += 1
    trace(g, TR_KEEP, -1, g.hand_n[0])
    out[L.kept + g.hand_n[0] if g.hand_n[0] < 8 else L.kept + 7] += 1
    for turn in range(1, S.turns + 1):
        t = turn - 1
        begin_turn(R, S, g, rng, 0, turn,                   # 103.8a, 103.8c (the goldfish
                   not (turn == 1 and S.on_play and not S.multiplayer))     # opponent takes no turns)
        g.main_phase = True
        if g.n_cast_in_upkeep:                  # (cast from exile in the upkeep: suspended)
            for k in range(g.n_cast_in_upkeep):
                q = S.tracked_as[g.cast_in_upkeep[k]]
                if q >= 0 and cast_turn[q] == <int8_t>NOT_CAST:
                    cast_turn[q] = turn
            g.n_cast_in_upkeep = 0
        if g.trace != NULL:
            for k in range(g.hand_n[0]):
                trace(g, TR_HAND, g.hand[0][k], 0)
            if g.snapshots:
                snapshot(g, TR_TURN)
        if S.land_faces or S.fetch_lands:        # (modal double-faced lands, 712.12; fetch
            play_land_faces(R, S, g, rng, v)     # lands cracked before the turn's spells)
        else:
            play_lands(R, S, g, rng, v)
        lands = count_of(g, K_LANDS)
        out[L.lands + t] += lands
        out[L.lands_sq + t] += lands * lands
        view_prepare(R, g, v)
        mana = view_max_mana(R, g, v)
        trace(g, TR_MANA, -1, mana)
        out[L.mana + t] += mana
        out[L.mana_sq + t] += mana * mana
        hit = lands >= turn
        if hit:
            out[L.hit + t] += 1
        costs = tracked_costs(R, S, g, L, out)  # castable now: after the land drop, before spells
        for k in range(costs.n):                # each distinct cost once
            if v.kind == 1 and costs.need[k].total >= 0:
                castable = hall_holds(&costs.need[k], &v.d)    # (as card_payable decides it)
            else:
                castable = card_payable(R, S, g, v, costs.rep[k], True)
            if castable:
                count_castable(costs.castable, costs.castable_hit, k * S.turns + t, hit)
        for q in costs.alone[:costs.n_alone]:
            if card_payable(R, S, g, v, S.track[q], g.hand_count[S.track[q]] > 0):
                count_castable(out + L.castable, out + L.castable_hit, q * S.turns + t, hit)
        g.spent = 0
        if (g.n_flashback or S.suspends or S.plots
                or ((g.n_rows[0] or g.command_n) and not all_beyond_reach(R, S, g, 0))):
            cast_spells(R, S, g, rng, cast_turn, turn, v)
        if S.abilities and count_of(g, K_ACTIVATED):
            use_abilities(R, S, g, rng)
        if S.cyclers and S.cycle:
            the_cycling_step(R, S, g, rng, v, cast_turn, turn)
        out[L.spent + t] += g.spent
        out[L.spent_sq + t] += g.spent * g.spent
        g.main_phase = False
        if S.attack and (count_of(g, K_CREATURES) or g.n_animated):     # (creature cards, animated lands)
            combat(R, S, g, rng)
        elif S.attack:
            trace(g, TR_ATTACK, -1, 0)          # nothing to attack with
        if not killed and g.bi.life[1] <= 0:
            killed = turn
            out[L.kill + t] += 1
        trace(g, TR_LIFE, -1, g.bi.life[1])
        end_of_turn(R, g)
    if not killed:
        out[L.kill + S.turns] += 1
    for q in range(S.n_track):
        k = cast_turn[q] - 1 if cast_turn[q] != <int8_t>NOT_CAST else S.turns
        out[L.first_cast + q * (S.turns + 1) + k] += 1
    out[L.games] += 1


def run_chunks(GoldfishSpec spec, list generators, int64_t[::1] games, int64_t[:, ::1] out,
               int threads=1, uint16_t[::1] over=None):
    """Play games[c] goldfish games with generators[c] for each chunk c, adding the metrics to
    out[c] (laid out by `metric_offsets`). Chunks are independent: any number of threads gives
    the same numbers. `over`, if given, gets each chunk's GoldfishOverflow bits: the limits its
    games met (0: none; else its metrics are wrong)."""
    cdef Spec* S = &spec.S
    cdef Rules* R = &spec.core.R
    cdef Layout L = metric_layout(S.n_track, S.turns)
    cdef Py_ssize_t c, n_chunks = len(generators)
    cdef bitgen_t** rngs
    cdef uint8_t[::1] is_pcg = np.array([type(gen.bit_generator) is np.random.PCG64 for gen in generators]
                                        + [False], dtype=np.uint8)
    if out.shape[0] != n_chunks or out.shape[1] != L.size or games.shape[0] != n_chunks:
        raise ValueError("out must be (chunks, metric size) and games one entry per chunk")
    if over is not None and over.shape[0] != n_chunks:
        raise ValueError("over must have one entry per chunk")
    cdef uint16_t* over_p = &over[0] if over is not None and n_chunks else NULL
    rngs = <bitgen_t**>malloc(max(n_chunks, 1) * sizeof(bitgen_t*))
    if rngs == NULL:
        raise MemoryError()
    try:
        for c in range(n_chunks):
            rngs[c] = <bitgen_t*>PyCapsule_GetPointer(generators[c].bit_generator.capsule, "BitGenerator")
        with nogil:
            for c in prange(n_chunks, schedule="dynamic", num_threads=max(1, threads)):
                run_chunk(R, S, rngs[c], is_pcg[c], games[c], &L, &out[c, 0],
                          over_p + c if over_p != NULL else NULL)
    finally:
        free(rngs)


cdef void end_chunk(Spec* S, Scratch* sc, Layout* L, int64_t* out) noexcept nogil:
    """What the chunk's games leave to add to its metrics: the counts of the tracked costs."""
    add_tracked_counts(S, &sc.tracked[0], L, out)
    add_tracked_counts(S, &sc.tracked[1], L, out)


cdef void run_chunk(Rules* R, Spec* S, bitgen_t* bg, bint is_pcg64, int64_t n_games, Layout* L,
                    int64_t* out, uint16_t* over) noexcept nogil:
    cdef Game* g = <Game*>malloc(sizeof(Game))
    cdef Scratch* scratch = new_scratch(R, S.n_track, S.turns)
    cdef int64_t k
    cdef Rng rng
    cdef Rng* rng_p = &rng
    cdef uint64_t base[4]
    rng_init(&rng, bg, is_pcg64)
    if S.game_streams and rng.pcg == NULL:
        if over != NULL:
            over[0] = GO_STREAMS
    elif g != NULL and scratch != NULL:
        if S.game_streams:
            memcpy(base, rng.pcg, sizeof(base))
        new_chunk(R, g, scratch, S, False)
        for k in range(n_games):
            if S.game_streams:
                mtgsim_game_stream(rng.pcg, base, <uint64_t>k)
            play_game(R, S, g, rng_p, L, out, NULL, 0)
        end_chunk(S, scratch, L, out)
        if over != NULL:
            over[0] = chunk_overflow(g)
    elif over != NULL:
        over[0] = GO_MEMORY
    free_scratch(scratch)
    free(g)


def trace_games(GoldfishSpec spec, generator, int games):
    """Play `games` games with `generator` (the first chunk's) and return their events as an
    (n, 4) array of (TraceEvent, turn, card row, value). A game with more events than the
    buffer holds is played again, from the same state of the generator, with a larger one.
    Raises ValueError if a game met a limit of the goldfish (goldfish_overflow_message)."""
    state = generator.bit_generator.state
    cap = 4 * 4096                     # int32 per game: 4096 events (a game of 40 turns with a
    while True:                        # hand of 100 cards may have more)
        events, over = trace_with_buffer(spec, generator, games, cap)
        if not over & GO_TRACE:
            break
        generator.bit_generator.state = state
        cap *= 4
    if over:
        raise ValueError(f"trace: a game went past a limit of the simulator: "
                         f"{goldfish_overflow_message(over)}")
    return events


cdef trace_with_buffer(GoldfishSpec spec, generator, int games, int cap):
    """trace_games with `cap` int32 of events per game: (events, GoldfishOverflow bits)."""
    cdef Spec* S = &spec.S
    cdef Layout L = metric_layout(S.n_track, S.turns)
    cdef Game* g = <Game*>malloc(sizeof(Game))
    cdef Scratch* scratch = new_scratch(&spec.core.R, spec.S.n_track, spec.S.turns)
    cdef bitgen_t* bg = <bitgen_t*>PyCapsule_GetPointer(generator.bit_generator.capsule, "BitGenerator")
    cdef Rng rng
    rng_init(&rng, bg, type(generator.bit_generator) is np.random.PCG64)
    cdef int k
    cdef int64_t[::1] out = np.zeros(L.size, dtype=np.int64)
    events = np.zeros(cap * max(1, games), dtype=np.int32)
    cdef int32_t[::1] ev = events
    cdef int used = 0
    if g == NULL or scratch == NULL:
        free(g)
        free_scratch(scratch)
        raise MemoryError()
    cdef uint64_t base[4]
    if S.game_streams:
        if rng.pcg == NULL:
            free(g)
            free_scratch(scratch)
            return events[:0].reshape(-1, 4), GO_STREAMS
        memcpy(base, rng.pcg, sizeof(base))
    new_chunk(&spec.core.R, g, scratch, S, False)
    try:
        for k in range(games):
            if S.game_streams:
                mtgsim_game_stream(rng.pcg, base, <uint64_t>k)
            ev[used] = TR_GAME
            ev[used + 3] = k
            used += 4
            play_game(&spec.core.R, S, g, &rng, &L, &out[0], &ev[used], cap - 4)
            used += g.trace_n
        end_chunk(S, scratch, &L, &out[0])
        over = chunk_overflow(g)
    finally:
        free_scratch(scratch)
        free(g)
    return events[:used].reshape(-1, 4), over


def debug_game_fields(GoldfishSpec spec, generator, int games):
    """Tests: the goldfish's Game field by field (game_fields) as a game starts (new_game) after
    `games` games of its chunk played with `generator`, and a Scenario's (GameState) loaded with
    that game's zones and the spec's choices — after, if games were played, the last game's
    zones were loaded into it and a turn taken: {"goldfish": fields, "scenario": fields}."""
    cdef Spec* S = &spec.S
    cdef Rules* R = &spec.core.R
    cdef Layout L = metric_layout(S.n_track, S.turns)
    cdef Game* g = <Game*>malloc(sizeof(Game))
    cdef Scratch* sc = new_scratch(R, S.n_track, S.turns)
    cdef int64_t[::1] out = np.zeros(L.size, dtype=np.int64)
    cdef bitgen_t* bg = <bitgen_t*>PyCapsule_GetPointer(generator.bit_generator.capsule, "BitGenerator")
    cdef Rng rng
    cdef int k
    permanent_dtype, board_info_dtype = _dtype_of("permanent"), _dtype_of("board_info")
    state = GameState(spec.core)
    rng_init(&rng, bg, type(generator.bit_generator) is np.random.PCG64)
    try:
        if g == NULL or sc == NULL:
            raise MemoryError()
        new_chunk(R, g, sc, S, False)
        for k in range(games):
            play_game(R, S, g, &rng, &L, &out[0], NULL, 0)
        if games:
            zones = zones_of(g, permanent_dtype, board_info_dtype)
            state.load(zones[0], len(zones[0]), *zones[1:6], zones[6:], spec.choices)
            state.next_turn()
        new_game(R, S, g)
        goldfish = game_fields(R, S, sc, g)
        zones = zones_of(g, permanent_dtype, board_info_dtype)
        state.load(zones[0], len(zones[0]), *zones[1:6], zones[6:], spec.choices)
        return {"goldfish": goldfish, "scenario": state.debug_fields()}
    finally:
        free_scratch(sc)
        free(g)

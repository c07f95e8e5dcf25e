# A run's Spec from Python: per-card goldfish flags (read through Rules) and the words of
# Game.kinds (packing `mtgsim.card_facts`' per-card kinds), the GoldfishSpec class and its test
# switches, the colour demand of a deck, and what its fetch lands find (fetch_land_finds). Uses
# base, counts, total_cost, tables, direct, game, zones, actions, policy, activating, choices.

def goldfish_flags(CoreTables core):
    """Per card row, its GoldfishFlags, and its colour demand (5 bytes a card): the arrays
    the Spec points into."""
    cdef Rules* R = &core.R
    flags = np.zeros(max(R.n_cards, 1), dtype=np.uint16)
    units = np.zeros(max(R.n_cards, 1), dtype=np.uint8)
    demands = np.zeros(5 * max(R.n_cards, 1), dtype=np.uint8)
    needs = np.zeros(sizeof(HallDemand) * max(R.n_cards, 1), dtype=np.uint8)   # HallDemand rows
    cdef uint16_t[::1] f = flags
    cdef uint8_t[::1] un = units
    cdef uint8_t[::1] dm = demands
    cdef HallDemand* nd = <HallDemand*>cnp.PyArray_DATA(needs)
    cdef TotalCost* bc
    cdef int row, k, t, n, counted, animation
    cdef bint self_counted, lock
    cdef uint16_t v
    cdef Card* c
    cdef Cost* cost
    cdef Activated* a
    cdef CostModifier* m
    for row in range(R.n_cards):
        c = &R.cards[row]
        v = 0
        lock = False
        if c.cost >= 0:
            cost = &R.costs[c.cost]
            for t in range(5):
                n = cost.pips[t] + cost.phyrexian[t] + cost.mono_hybrid[t] + cost.colorless_hybrid[t]
                dm[5 * row + t] = n if n < 255 else 255
                if n:
                    v |= GF_DEMAND
        if c.types & CT_LAND:
            v |= GF_LAND
        if c.n_costmod == 0 and R.base_cost != NULL:
            v |= GF_BASE_COST
            bc = &R.base_cost[row]
            if cost_is_plain(bc) and bc.minimum == 0:
                v |= GF_PLAIN
                hall_demand(bc, &nd[row])
        for k in range(c.n_activated):          # as use_abilities chooses them
            a = &R.activated[c.activated_first + k]
            if a.effect < 0 or a.untap or a.from_hand:
                continue
            if R.effects[a.effect].worth:
                v |= GF_ACTIVATED
        if c.n_triggered:
            v |= GF_TRIGGERED
        for k in range(c.n_triggered):
            if R.triggered[c.triggered_first + k].event in (EV_YOU_CAST_SPELL, EV_PLAYER_CASTS_SPELL):
                v |= GF_CAST_TRIGGER
            if R.triggered[c.triggered_first + k].mv_counters:
                lock = True                     # (its X the lock's: 0, card_facts.mana_value_locks)
            if R.triggered[c.triggered_first + k].event == EV_SELF_BECOMES_TAPPED:
                v |= GF_TAPPED_TRIGGER
        animation = animation_row(R, row) if c.n_activated else -1     # (what it may become gives, 613.1f)
        for k in range(R.cards[animation].n_triggered if animation >= 0 else 0):
            if R.triggered[R.cards[animation].triggered_first + k].event == EV_YOU_CAST_SPELL:
                v |= GF_CAST_TRIGGER
        if R.info[row] & CI_COSTMOD:
            v |= GF_COSTMOD
        counted = 0
        self_counted = c.n_costmod > 0
        for k in range(c.n_costmod):
            m = &R.costmods[c.costmod_first + k]
            if m.amount.count >= 0 or (m.while_untapped and not untapped_only(R, row)):
                v |= GF_DYNAMIC_COST
            if m.amount.count >= 0:
                counted += 1
                if R.counts[m.amount.count].what in (CO_CARDS_IN_HAND, CO_X):
                    self_counted = False
            if m.scope != SS_SELF or m.while_untapped:
                self_counted = False
        if v & GF_DYNAMIC_COST and self_counted and counted <= 4:
            v |= GF_SELF_COUNTED
        if c.types & CT_CREATURE:
            v |= GF_CREATURE
            if c.toughness_star or c.toughness <= 0:
                v |= GF_MAY_DIE
        if c.types & CT_PLANESWALKER:
            v |= GF_MAY_DIE              # (704.5i: its loyalty may reach 0)
        if c.supertypes & ST_LEGENDARY:
            v |= GF_LEGENDARY
        if c.cost >= 0 and R.costs[c.cost].x and not lock:
            v |= GF_X
        if R.info[row] & (CI_MANA_EFFECT | CI_COMPLEX_MANA):
            v |= GF_MANA_FX
        un[row] = R.unit_count[row] if R.unit_mask[row] else 0
        f[row] = v
    return flags, demands, needs, units


cdef bint untapped_only(Rules* R, int row) noexcept nogil:
    """Card `row`'s cost modifiers read the board only through "as long as this is untapped"
    (Trinisphere), with fixed amounts, for other spells than itself: Game.costmod_set counts
    it while it is untapped, so memoised costs keyed by that set stay exact."""
    cdef Card* c = &R.cards[row]
    cdef CostModifier* m
    cdef int k
    for k in range(c.n_costmod):
        m = &R.costmods[c.costmod_first + k]
        if not m.while_untapped or m.amount.count >= 0 or m.scope == SS_SELF:
            return False
    return c.n_costmod > 0


cdef bint reduces_only(Rules* R, int row) noexcept nogil:
    """Card `row`'s cost modifiers all take generic mana off its own cost (affinity: "this
    spell costs {1} less to cast for each artifact you control"), by amounts of at least 0.
    On a board with no cost modifiers, its total cost (601.2f) is then its cost with counts of
    0 (R.base_cost) with what they count now taken off its generic mana (118.7a: to 0 at
    most), which changed_cost works out without total_cost."""
    cdef Card* c = &R.cards[row]
    cdef CostModifier* m
    cdef int k, t
    for k in range(c.n_costmod):
        m = &R.costmods[c.costmod_first + k]
        if (m.change != CC_REDUCE or m.scope != SS_SELF or m.while_untapped or m.amount.fixed < 0
                or not modifier_filter_matches(R, m, row)):
            return False
        if m.mana >= 0:
            for t in range(6):
                if R.costs[m.mana].pips[t]:
                    return False
    return c.n_costmod > 0


def kind_units(CoreTables core, flags):
    """Per card row, the three words count_permanent adds to Game.kinds for it: 1 in the
    byte of each Kind it is of."""
    from mtgsim import card_facts       # (a Python module that imports this one)
    cdef Rules* R = &core.R
    n_cards = len(flags)
    f = flags.astype(np.int64)
    info = np.zeros(n_cards, dtype=np.int64)
    if R.n_cards:
        info[:R.n_cards] = np.asarray(<uint32_t[:R.n_cards]>R.info) & 0x7F
    of_kind = {K_LANDS: f & GF_LAND, K_COSTMOD: f & GF_COSTMOD, K_TRIGGERED: f & GF_TRIGGERED,
               K_MANA_FX: f & GF_MANA_FX, K_ACTIVATED: f & GF_ACTIVATED, K_CREATURES: f & GF_CREATURE,
               K_MAY_DIE: f & GF_MAY_DIE, K_LEGENDARY: f & GF_LEGENDARY,
               K_DYNAMIC_COSTMOD: (f & (GF_COSTMOD | GF_DYNAMIC_COST)) == (GF_COSTMOD | GF_DYNAMIC_COST),
               K_CAST_TRIGGER: f & GF_CAST_TRIGGER, K_HASTE_GIVER: card_facts.haste_givers(core.tables, n_cards),
               K_UPKEEP: card_facts.upkeep_triggered(core.tables, n_cards),
               K_LAND_PLAYS: card_facts.land_play_givers(core.tables, n_cards),
               K_ENTERS_WATCH: card_facts.enters_watchers(core.tables, n_cards),
               K_UNTAPPED_COSTMOD: [row < R.n_cards and untapped_only(R, row) for row in range(n_cards)],
               K_DOESNT_UNTAP: card_facts.doesnt_untap(core.tables, n_cards),
               **{K_CI + k: (info >> k) & 1 for k in range(7)}}
    units = np.zeros((n_cards, 3), dtype=np.uint64)
    for kind, has in of_kind.items():
        units[:, kind // 8] |= (np.asarray(has) != 0).astype(np.uint64) << np.uint64(8 * (kind % 8))
    return units.reshape(-1)


def kept_counts(CoreTables core, flags):
    """The counts of permanents the goldfish keeps up to date as permanents enter and leave
    (Game.counted, a byte each): the "permanents you control" counts (of a type or subtype,
    CO_PERMANENTS, WHO_YOU) that self-counted cost modifiers read (GF_SELF_COUNTED: affinity),
    at most eight, whose filter a permanent's card decides (card_decides). Per card row, 1 in
    the byte of each such count a permanent of it adds to (card_passes); per COUNT row, its
    byte, or -1."""
    cdef Rules* R = &core.R
    cdef Card* c
    cdef CostModifier* m
    cdef Count* n
    cdef Filter* f
    cdef int row, k, j, q
    unit = np.zeros(max(R.n_cards, 1), dtype=np.uint64)
    slot = np.full(max(len(core.tables.counts), 1), -1, dtype=np.int8)
    kept = []
    for row in range(R.n_cards):
        if not flags[row] & GF_SELF_COUNTED:
            continue
        c = &R.cards[row]
        for k in range(c.n_costmod):
            m = &R.costmods[c.costmod_first + k]
            q = m.amount.count
            if q < 0 or slot[q] >= 0 or len(kept) == 8:
                continue
            n = &R.counts[q]
            if n.what == CO_PERMANENTS and R.filters[n.filter].who == WHO_YOU and card_decides(&R.filters[n.filter]):
                slot[q] = len(kept)
                kept.append(q)
    for k, q in enumerate(kept):
        f = &R.filters[R.counts[q].filter]
        for j in range(R.n_cards):
            if card_passes(R, f, j):
                unit[j] |= np.uint64(1) << np.uint64(8 * k)
    return unit, slot


def spend_signatures(CoreTables core):
    """Per card row: bit k set if SPEND_RESTRICTION row k admits casting it (106.6), so two
    cards' castability can differ only if their costs or their signatures do. With more than
    63 rows a card's signature is its own row (bit 63 set): no two cards share one."""
    cdef Rules* R = &core.R
    cdef Purpose why
    cdef int row, k
    sig = np.zeros(max(R.n_cards, 1), dtype=np.uint64)
    cdef uint64_t[::1] out = sig
    for row in range(R.n_cards):
        why = casting(row)
        if R.n_restrictions > 63:
            out[row] = (<uint64_t>1 << 63) | <uint64_t>row
            continue
        for k in range(R.n_restrictions):
            if restriction_admits(R, k, &why):
                out[row] |= <uint64_t>1 << k
    return sig


def fetch_land_finds(CoreTables core):
    """Per card row: -1 if it is no fetch land (fetch_ability), else the FILTER row its search
    looks for lands with (land_searched_for): what a deck's fetch land may find, as the
    goldfish cracks it."""
    cdef Rules* R = &core.R
    cdef int row, k
    out = np.full(max(R.n_cards, 1), -1, dtype=np.int32)
    for row in range(R.n_cards):
        k = fetch_ability(R, row)
        if k >= 0:
            out[row] = R.ops[R.effects[R.activated[R.cards[row].activated_first + k].effect].land_search].arg
    return out


def graveyard_listed(ops, costmods=None):
    """Does an op of OP rows `ops` look at which cards are in a graveyard (a card returned from
    it: OP_GRAVEYARD_TO_HAND), or a card of COST_MODIFIER rows `costmods` exile some (delve,
    702.66a: CC_DELVE)? Then the goldfish keeps them (Spec.lists_graveyard); else no game pays
    for the list."""
    return bool((ops["code"] == OP_GRAVEYARD_TO_HAND).any()
                or (costmods is not None and (costmods["change"] == CC_DELVE).any()))


def graveyard_target_rows(tables):
    """Per card row: is it a spell whose effect needs a target card in the graveyard
    (OP_GRAVEYARD_TO_HAND: cast only with one there, 601.2c; Spec.hold's HOLD_TARGETS)?"""
    cards, effects, ops = tables.cards, tables.effects, tables.ops
    out = np.zeros(max(len(cards), 1), dtype=bool)
    for row in range(len(cards)):
        e = int(cards["spell_effect"][row])
        if e >= 0:
            first, n = int(effects["op_first"][e]), int(effects["n_ops"][e])
            out[row] = bool((ops["code"][first:first + n] == OP_GRAVEYARD_TO_HAND).any())
    return out


cdef dict card_arrays(CoreTables core, Spec* S):
    """The per-card arrays of a Spec (GoldfishFlags, units, colour demands, Hall demands,
    Game.kinds words, spend signatures, cost-modifier codes), made from `core` and pointed at
    by S; the dict keeps them alive as long as S is used."""
    cdef int n_cards = max(core.R.n_cards, 1)
    flags, demands, needs, units = goldfish_flags(core)
    code = np.zeros(n_cards, dtype=np.uint64)
    for j, row in enumerate(np.flatnonzero(flags[:n_cards] & GF_COSTMOD)[:15]):
        code[row] = np.uint64(1) << np.uint64(4 * j)
    untapped = np.array([code[row] if row < core.R.n_cards and untapped_only(&core.R, row) else 0
                         for row in range(n_cards)], dtype=np.uint64)
    reduces = np.array([row < core.R.n_cards and reduces_only(&core.R, row) for row in range(n_cards)],
                       dtype=np.uint8)
    count_unit, count_slot = kept_counts(core, flags)
    keep = {"flags": flags, "demands": demands, "needs": needs, "units": units,
            "kind_unit": kind_units(core, flags), "spend_sig": spend_signatures(core),
            "costmod_code": code, "costmod_untapped": untapped, "reduces_only": reduces,
            "count_unit": count_unit, "count_slot": count_slot}
    S.gf = <uint16_t*>cnp.PyArray_DATA(flags)
    S.units = <uint8_t*>cnp.PyArray_DATA(units)
    S.demand = <uint8_t*>cnp.PyArray_DATA(demands)
    S.need = <HallDemand*>cnp.PyArray_DATA(needs)
    S.kind_unit = <uint64_t*>cnp.PyArray_DATA(keep["kind_unit"])
    S.spend_sig = <uint64_t*>cnp.PyArray_DATA(keep["spend_sig"])
    S.costmod_code = <uint64_t*>cnp.PyArray_DATA(code)
    S.costmod_untapped = <uint64_t*>cnp.PyArray_DATA(untapped)
    S.reduces_only = <uint8_t*>cnp.PyArray_DATA(reduces)
    S.count_unit = <uint64_t*>cnp.PyArray_DATA(count_unit) if (count_slot >= 0).any() else NULL
    S.count_slot = <int8_t*>cnp.PyArray_DATA(count_slot)
    from mtgsim import card_facts
    S.counts_hand = card_facts.mana_reads_hand(core.tables)
    ops = core.tables.ops              # (what reads the graveyards' counts: a COUNT row, Flow State's op)
    S.counts_graveyard = bool(np.isin(core.tables.counts["what"], (CO_CARDS_IN_GRAVEYARD,
                                                                    CO_CARD_TYPES_IN_GRAVEYARD)).any() or (
        ops["flags"][ops["code"] == OP_LOOK_TO_HAND] & OF_MORE_IF_INSTANT_AND_SORCERY).any())
    S.lists_graveyard = graveyard_listed(ops, core.tables.cost_modifiers)
    return keep


cdef class GoldfishSpec:
    """What `run_chunks` and `trace_games` simulate: the deck, turns, mulligan ranges, tracked
    cards and play policy (`policy`: PlayPolicy.arrays()), compiled for the turn loop."""
    cdef Spec S
    cdef CoreTables core
    cdef object _keep                  # the arrays the Spec points into

    def __init__(self, CoreTables core, deck, int turns, bint on_play, keep_lo, keep_hi, track,
                 int chosen_color, dict policy, bint keep_sources=False, bint game_streams=False,
                 commander=(), bint multiplayer=False, int starting_life=20, castable_by=None,
                 bint free_mulligan=False, free_seven=None):
        if not 1 <= turns <= MAXTURNS:
            raise ValueError(f"turns must be 1..{MAXTURNS}")
        if not 7 <= len(deck) <= MAXLIB:
            raise ValueError(f"a deck has 7..{MAXLIB} cards here")
        if core.R.n_restrictions > MAXRPOOL:    # (each may have its own entry in the pool)
            raise ValueError(f"at most {MAXRPOOL} distinct spending restrictions (106.6) among a "
                             f"deck's cards here, got {core.R.n_restrictions}")
        if len(track) > MAXTRACK:
            raise ValueError(f"at most {MAXTRACK} tracked cards")
        if len(commander) > 2:
            raise ValueError("at most two commanders (702.124)")
        if not 1 <= starting_life <= 32767:
            raise ValueError("a starting life total is 1..32767")
        if len(set(np.asarray(track).tolist())) != len(track):
            raise ValueError("a card is tracked twice")
        n_cards = max(core.R.n_cards, 1)
        keep = card_arrays(core, &self.S)
        keep |= {"deck": np.ascontiguousarray(deck, dtype=np.int32),
                 "track": np.ascontiguousarray(track, dtype=np.int32),
                 "rank": np.ascontiguousarray(policy["rank"], dtype=np.int16),
                 "hold": np.array(policy["hold"], dtype=np.uint8)}        # (a copy: flags added below)
        if len(keep["rank"]) < n_cards or len(keep["hold"]) < n_cards:
            raise ValueError("policy arrays need one entry per card row")
        from mtgsim import card_facts
        keep["hold"][:n_cards] = np.where(keep["hold"][:n_cards] != 0, HOLD_NEVER, 0) | np.where(
            graveyard_target_rows(core.tables)[:n_cards], HOLD_TARGETS, 0) | np.where(
            np.asarray(core.tables.cards["suspend_time"])[:n_cards] > 0, HOLD_SUSPEND, 0) | np.where(
            card_facts.self_locked(core.tables, keep["deck"], n_cards)[:n_cards], HOLD_NEVER, 0)
        self.core = core
        self._keep = keep
        self.S.deck = <int32_t*>cnp.PyArray_DATA(keep["deck"])
        self.S.deck_n = len(deck)
        self.S.turns = turns
        self.S.on_play = on_play
        for k in range(8):
            self.S.keep_lo[k] = keep_lo[k]
            self.S.keep_hi[k] = keep_hi[k]
        self.S.keep_sources = keep_sources
        castable = np.zeros(8, dtype=np.int8) if castable_by is None else np.asarray(castable_by)
        if castable.shape != (8,) or not ((castable >= 0) & (castable <= 7)).all():
            raise ValueError("castable_by: per hand size 0..7, a mana value 0..7 (0: no condition)")
        for k in range(8):
            self.S.castable_by[k] = castable[k]
        self.S.keep_castable = bool(castable.any())
        self.S.n_commander = len(commander)
        for k in range(2):
            self.S.commander[k] = commander[k] if k < len(commander) else -1
            if not -1 <= self.S.commander[k] < n_cards:
                raise ValueError("a commander must be a card row")
        self.S.multiplayer = multiplayer
        self.S.starting_life = starting_life
        self.S.free_mulligan = free_mulligan
        self.S.free_keep_lo, self.S.free_keep_hi = (-1, 7) if free_seven is None else free_seven
        if not (self.S.free_keep_lo == -1 or 0 <= self.S.free_keep_lo <= self.S.free_keep_hi <= 7):
            raise ValueError("free_seven: a (min lands, max lands) range within 0..7, or None")
        self.S.game_streams = game_streams
        self.S.track = <int32_t*>cnp.PyArray_DATA(keep["track"]) if len(track) else NULL
        keep["tracked_as"] = np.full(n_cards, -1, dtype=np.int16)
        keep["tracked_as"][keep["track"]] = np.arange(len(track), dtype=np.int16)
        self.S.tracked_as = <int16_t*>cnp.PyArray_DATA(keep["tracked_as"])
        self.S.n_track = len(track)
        self.S.choices = given_by_default()     # (what the policy doesn't choose once for every
        self.S.choices.color = chosen_color     # game it is asked as it comes up: choices.pxi)
        self.S.choices.pay_life_above = policy["pay_life_above"]
        self.S.lands_first = policy["lands"] == 1
        self.S.spell_order = policy["spells"]
        self.S.rank = <int16_t*>cnp.PyArray_DATA(keep["rank"])
        self.S.hold = <uint8_t*>cnp.PyArray_DATA(keep["hold"])
        self.S.kicker = policy["kicker"]
        self.S.flashback = policy["flashback"]
        self.S.min_x = policy["x"]
        self.S.abilities = policy["abilities"]
        self.S.attack = policy["attack"]
        self.S.cycle = policy["cycle"]
        self.S.shortcuts = True
        self.S.check_views = False
        self.S.snapshots = False
        self.S.smoother_n = 0            # (off: with_hand_smoother)
        self.S.smoother_mulligans = False
        for k in range(8):
            self.S.smoother_weight[k] = 1.0
        spec_demand(&core.R, &self.S)

    @property
    def choices(self):
        """The play policy's choices made once for every game, as a CHOICES record
        (schema.CHOICES_DTYPE): what a Scenario replaying a goldfish game is given."""
        return np.asarray(<Choices[:1]>(&self.S.choices)).copy()


cdef GoldfishSpec spec_copy(GoldfishSpec spec):
    cdef GoldfishSpec copy = GoldfishSpec.__new__(GoldfishSpec)
    copy.S = spec.S
    copy.core = spec.core
    copy._keep = spec._keep
    return copy


def without_shortcuts(GoldfishSpec spec):
    """The same spec, played without the shortcuts (what tests compare the fast path with)."""
    cdef GoldfishSpec slow = spec_copy(spec)
    slow.S.shortcuts = False
    return slow


def with_snapshots(GoldfishSpec spec):
    """The same spec, tracing the state after every action (TR_STATE: tests replay traced
    games action by action)."""
    cdef GoldfishSpec traced = spec_copy(spec)
    traced.S.snapshots = True
    return traced


def with_hand_smoother(GoldfishSpec spec, int candidates, bint mulligans, weights):
    """The same spec, its hands dealt by the hand smoother (deal_hand; mtgsim.smoother): the best
    of `candidates` hands (1: off), weighted by `weights`, 8 per lands 0..7 (finite, at least 0,
    one candidate's at least positive), for the hands after a mulligan too with `mulligans`."""
    cdef GoldfishSpec smoothed = spec_copy(spec)
    cdef int k
    w = np.asarray(weights, dtype=np.float64)
    if not 1 <= candidates <= MAXCANDIDATES:
        raise ValueError(f"a hand smoother deals 1..{MAXCANDIDATES} candidate hands, got {candidates}")
    if w.shape != (8,) or not np.isfinite(w).all() or (w < 0).any() or not (w > 0).any():
        raise ValueError("a hand smoother's weights are 8 finite numbers >= 0 (lands 0..7), one of them > 0")
    smoothed.S.smoother_n = candidates if candidates > 1 else 0
    smoothed.S.smoother_mulligans = mulligans
    for k in range(8):
        smoothed.S.smoother_weight[k] = w[k]
    return smoothed


def deck_land_count(GoldfishSpec spec):
    """(lands, cards) of the spec's library, the lands as the keep rule counts them (counts_as_land:
    the spell // land double-faced cards too; mana sources aside)."""
    return spec.S.deck_lands, spec.S.deck_n


def checking_views(GoldfishSpec spec):
    """The same spec, checking each live view against prepare_direct's (tests: a difference
    is traced as TR_VIEW_FAULT)."""
    cdef GoldfishSpec checked = spec_copy(spec)
    checked.S.check_views = True
    return checked




cdef void spec_demand(Rules* R, Spec* S) noexcept nogil:
    """S.track_demand, S.land_demand, S.deck_colours, S.deck_lands, the deck's double-faced
    lands (S.land_faces, S.spell_lands), S.land_goal, S.cyclers, S.suspends, S.plots, S.fetch_lands,
    S.land_choice and S.attacker_lands, once S.gf, S.demand, S.abilities, the tracked cards and the commanders are
    set."""
    cdef int q, t, row, searchable = -1
    for t in range(5):
        S.track_demand[t] = 0
    for q in range(S.n_track):
        row = S.track[q]
        if S.gf[row] & GF_DEMAND:
            for t in range(5):
                if S.demand[5 * row + t] > S.track_demand[t]:
                    S.track_demand[t] = S.demand[5 * row + t]
    S.land_demand = False
    S.deck_colours = 0
    S.deck_lands = 0
    S.land_faces = S.spell_lands = S.cyclers = S.fetch_lands = S.land_choice = S.attacker_lands = False
    S.suspends = S.plots = False
    S.land_goal = 0
    for q in range(S.deck_n):
        row = S.deck[q]
        if land_face(R, row) >= 0:
            S.land_faces = True
            S.spell_lands |= not (S.gf[row] & GF_LAND)
    for q in range(S.deck_n):
        row = S.deck[q]
        S.deck_lands += counts_as_land(R, S, row)
        S.cyclers |= cycling_row(R, row) >= 0
        S.suspends |= R.cards[row].suspend_time > 0
        S.plots |= R.cards[row].exile_cost >= 0 and R.cards[row].suspend_time == 0
        if S.abilities and fetch_ability(R, row) >= 0:
            S.fetch_lands = True
        if S.abilities and S.gf[row] & GF_LAND and attacker_land(R, S, row):
            S.attacker_lands = True
        if is_land_row(R, row) and (R.cards[row].supertypes & ST_BASIC or R.cards[row].subtypes):
            if searchable >= 0 and row != searchable:
                S.land_choice = True
            searchable = row
        if not counts_as_land(R, S, row) and R.cards[row].mana_value > S.land_goal:
            S.land_goal = R.cards[row].mana_value
        if S.gf[row] & GF_LAND and S.gf[row] & GF_DEMAND:
            S.land_demand = True
        if not (S.gf[row] & GF_LAND):
            for t in range(5):
                if S.demand[5 * row + t]:
                    S.deck_colours |= 1 << t
    for q in range(S.n_commander):          # (the commanders are the deck's spells too)
        row = S.commander[q]
        if R.cards[row].mana_value > S.land_goal:
            S.land_goal = R.cards[row].mana_value
        for t in range(5):
            if S.demand[5 * row + t]:
                S.deck_colours |= 1 << t

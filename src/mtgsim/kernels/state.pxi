# A Scenario's game in the compiled game state (GameState): a Scenario's zones and the players'
# choices are loaded into a Game, one action is carried out by the same compiled actions the
# goldfish uses (actions), and the zones are read back. Uses base, tables, one_board, plans, game, kept,
# zones, actions, triggers, exile, turn, views, choices, spec.

cdef tuple zones_of(Game* g, permanent_dtype, board_info_dtype):
    """A Game's zones (GameState.store): (perms, info, hands, libraries, graveyards, next_id,
    the turn's counts: lands_played, extra_land_drops, spells_cast, noncreature_cast, each player's), in new
    arrays and lists."""
    cdef int who
    perms = np.zeros(g.n, dtype=permanent_dtype)
    if g.n:
        memcpy(cnp.PyArray_DATA(perms), g.perms, g.n * sizeof(Permanent))
    info = np.zeros(1, dtype=board_info_dtype)
    memcpy(cnp.PyArray_DATA(info), &g.bi, sizeof(BoardInfo))
    hands = tuple([g.hand[who][k] for k in range(g.hand_n[who])] for who in range(2))
    libraries = tuple([g.library[who][k] for k in range(g.lib_n[who])] for who in range(2))
    graveyards = tuple([g.graveyard[who][k] for k in range(g.grave_n[who])] for who in range(2))
    return (perms, info, hands, libraries, graveyards, g.next_id, g.lands_played, g.extra_land_drops,
            *g.spells_cast[:2], *g.noncreature_cast[:2])


cdef class GameState:
    """The compiled game a Scenario's actions run on, over one CoreTables.

    `load` takes a Scenario's zones (the permanents, the board info, and per player the
    card rows of the hand, the library with its top card last, and the graveyard) and the
    players' choices for the next action (a CHOICES record); each
    action method carries out one game action with the goldfish's own code; `store` gives the
    zones back. `over` holds the GoldfishOverflow bits of the limits an action met: its
    result is then not to be kept (goldfish_overflow_message names them)."""
    cdef CoreTables core
    cdef Spec S
    cdef Scratch* sc
    cdef Game* g
    cdef object _keep                  # the arrays the Spec points into
    cdef object _permanent_dtype, _board_info_dtype, _choices_dtype    # the record dtypes (read
                                                                        # off the structs once)

    def __cinit__(self):
        self.sc = NULL
        self.g = NULL

    def __init__(self, CoreTables core):
        self.core = core
        self._permanent_dtype = _dtype_of("permanent")
        self._board_info_dtype = _dtype_of("board_info")
        self._choices_dtype = _dtype_of("choices")
        memset(&self.S, 0, sizeof(Spec))  # (no deck, no commanders, no tracked cards)
        self._keep = card_arrays(core, &self.S)
        self.S.shortcuts = False        # (the reference path: every rule looked at in full)
        self.S.commander[0] = self.S.commander[1] = -1
        self.S.choices = given_by_default()
        self.sc = new_scratch(&core.R, 0, 1)
        self.g = <Game*>calloc(1, sizeof(Game))
        if self.sc == NULL or self.g == NULL:
            raise MemoryError()
        new_chunk(&core.R, self.g, self.sc, &self.S, True)

    def __dealloc__(self):
        free_scratch(self.sc)
        free(self.g)

    # ---- the zones in and out ------------------------------------------------------------------
    def load(self, perms, int n, info, hands, libraries, graveyards, int next_id, land_plays=(0, 0),
             choices=None, exiled=()):
        """Set the game to a Scenario's zones (see the class): `next_id` the object id the next
        permanent gets; `land_plays` the lands the active player has played this turn and the
        additional land plays effects gave them (305.2); `choices` the players' choices for
        the next action, one CHOICES record (schema.CHOICES_DTYPE; None: default_choices);
        `exiled` the cards in exile their owners may cast later, (card row, owner, time
        counters, the turn it became plotted or 0) in the order exiled (Game.exiled: suspended
        cards, 702.62a; plotted cards, 702.170a)."""
        cdef Game* g = self.g
        cdef Rules* R = &self.core.R
        cdef int i, who, row
        cdef Choices chosen = given_by_default()
        if choices is not None:
            given = np.asarray(choices)
            if given.dtype != self._choices_dtype or given.size != 1:
                raise ValueError("choices must be one CHOICES record")
            given = np.ascontiguousarray(given.reshape(1))
            memcpy(&chosen, cnp.PyArray_DATA(given), sizeof(Choices))
        lands_played, extra_land_drops, *spells = land_plays     # (and the spells cast this turn, if given)
        if not 0 <= n <= MAXPERM:
            raise ValueError(f"a game holds at most {MAXPERM} permanents, got {n}")
        for who in range(2):
            if len(hands[who]) > MAXHAND or len(libraries[who]) > MAXLIB or len(graveyards[who]) > MAXGRAVE:
                raise ValueError(f"a game holds at most {MAXHAND} cards in a hand, {MAXLIB} in a "
                                 f"library and {MAXGRAVE} in a graveyard")
        rows = np.ascontiguousarray(perms[:n])
        board = np.ascontiguousarray(info[:1])
        if rows.dtype != self._permanent_dtype or board.dtype != self._board_info_dtype:
            raise ValueError("perms and info must be PERMANENT and BOARD_INFO records")
        for who in range(2):
            for zone in (hands[who], libraries[who], graveyards[who]):
                for row in zone:
                    if not 0 <= row < R.n_cards:
                        raise ValueError(f"card row {row} is not in these tables")
        if len(exiled) > MAXEXILED:
            raise ValueError(f"a game holds at most {MAXEXILED} suspended or plotted cards")
        for row, who, time, plotted in exiled:
            if not 0 <= row < R.n_cards or who not in (0, 1) or not 0 <= time <= 255 or not 0 <= plotted <= 32767:
                raise ValueError(f"exiled card {(row, who, time, plotted)}: not (a card row, player 0 or 1, time "
                                 f"counters, the turn plotted)")
        for i in range(n):
            if not 0 <= rows[i]["card"] < R.n_cards:
                raise ValueError(f"card row {rows[i]['card']} is not in these tables")
            if not 0 <= rows[i]["becomes"] <= R.n_cards:
                raise ValueError(f"permanent {i}: becomes {rows[i]['becomes']} is not 0 or 1 + a card row")
        new_game(R, &self.S, g)         # (an empty game: this Spec has no deck)
        g.n = n
        if n:
            memcpy(g.perms, cnp.PyArray_DATA(rows), n * sizeof(Permanent))
        memcpy(&g.bi, cnp.PyArray_DATA(board), sizeof(BoardInfo))
        clear_graveyard_counts(&g.bi)
        if g.bi.n_restricted[0]:
            count_restricted_pool(g, 1)
        for i in range(n):              # the counts and views kept as permanents come and go
            derive_characteristics(&g.perms[i])
            count_permanent(g, g.perms[i].card, 1)
            enters_or_leaves(g, i, 1)
            g.n_sacrifice_at_end += (g.perms[i].flags & PF_SACRIFICE_AT_END) != 0
            g.n_animated += g.perms[i].becomes != 0
            g.m1m1 |= g.perms[i].counters[<int>CK_M1M1] != 0
        for row in hands[0]:            # (player 0's hand with the goldfish's bookkeeping)
            hand_add(g, row)
        for row in hands[1]:
            g.hand[1][g.hand_n[1]] = row
            g.hand_n[1] += 1
        for who in range(2):
            for row in libraries[who]:
                g.library[who][g.lib_n[who]] = row
                g.lib_n[who] += 1
            for row in graveyards[who]:     # (counted as they are put there: count_graveyards)
                put_in_graveyard(g, who, row)
            g.bi.hand_size[who] = g.hand_n[who]
        for row, who, time, plotted in exiled:
            exile_to_cast(g, row, who, time, plotted)
        g.next_id = next_id
        g.lands_played = lands_played
        g.extra_land_drops = extra_land_drops
        if spells:
            g.spells_cast[0], g.spells_cast[1], g.noncreature_cast[0], g.noncreature_cast[1] = spells
        g.choices = chosen
        g.n_looked = g.n_flipped = 0
        g.asked = 0
        g.illegal.fault = CF_NONE
        # what differs from a goldfish game's start: a Scenario's game is taken up mid-way, one
        # action at a time
        g.marked = True                 # (its flags may hold marks: untap_step reads them)
        g.new_legend = True             # (it may hold two legends with the same name: 704.5j)
        g.over = 0                      # (the goldfish's are kept for a whole chunk)
        board_changed(g)

    def store(self):
        """The zones as they are now: (perms, info, hands, libraries, graveyards, next_id, and the
        turn's counts: lands_played, extra_land_drops, spells_cast and noncreature_cast of each player)."""
        return zones_of(self.g, self._permanent_dtype, self._board_info_dtype)

    def exiled(self):
        """The cards in exile their owners may cast later, as `load` takes them."""
        return [(self.g.exiled[k].row, self.g.exiled[k].who, self.g.exiled[k].time, self.g.exiled[k].plotted)
                for k in range(self.g.n_exiled)]

    def suspend(self, int row, int who):
        """702.62a, 116.2f: `who` exiles card `row` (taken from their hand by the caller, its suspend
        cost paid) with its time counters (suspend_card)."""
        self._player(who)
        if not 0 <= row < self.core.R.n_cards or self.core.R.cards[row].suspend_time == 0:
            raise ValueError(f"card row {row} has no suspend")
        suspend_card(&self.core.R, self.g, row, who)

    def plot(self, int row, int who):
        """702.170a, 116.2k: `who` exiles card `row` (taken from their hand by the caller, its plot
        cost paid): it becomes plotted this turn (plot_card)."""
        self._player(who)
        if not 0 <= row < self.core.R.n_cards or (self.core.R.cards[row].exile_cost < 0
                                                  or self.core.R.cards[row].suspend_time):
            raise ValueError(f"card row {row} has no plot")
        plot_card(self.g, row, who)

    def debug_fields(self):
        """Tests: its Game field by field (game_fields)."""
        return game_fields(&self.core.R, &self.S, self.sc, self.g)

    @property
    def over(self):
        """GoldfishOverflow bits of the limits the last action met (0: none)."""
        return self.g.over

    @property
    def asked(self):
        """The kinds of choice the last action asked for: bit k for Choice k (asked_for)."""
        return self.g.asked

    @property
    def looked_at(self):
        """The cards the last action's scries and surveils looked at (keeps_on_top)."""
        return self.g.n_looked

    @property
    def illegal_choice(self):
        """The first choice the caller gave for the last action that the rules don't allow
        (an IllegalChoice as a dict: fault, a ChoiceFault; kind, a Choice; given, source_id,
        asked), None if none: the action is then not to be kept."""
        if self.g.illegal.fault == CF_NONE:
            return None
        return self.g.illegal

    # ---- the actions ---------------------------------------------------------------------------
    cdef int _permanent(self, int i) except -2:
        if not 0 <= i < self.g.n:
            raise IndexError(f"no permanent {i}")
        return i

    cdef int _player(self, int who) except -2:
        if who != 0 and who != 1:
            raise ValueError(f"a player is 0 or 1, got {who}")
        return who

    def index_of(self, int object_id):
        """The row of the permanent with this object id, -1 if it has left."""
        return find_object(self.g, object_id)

    def play_land(self, int row, int who):
        """`who` plays land `row` (play_a_land; of a modal double-faced card, the row of the
        face played, 712.12): its object id, -1 if none entered."""
        return play_a_land(&self.core.R, &self.S, self.g, NULL, row, self._player(who))

    def land_plays_left(self):
        """The lands the active player may still play this turn (305.2)."""
        return land_plays_left(&self.core.R, self.g)

    def resolve_spell(self, int row, int who, int x=0, bint kicked=False, bint flashback=False):
        """Spell `row`, cast by `who` and paid for, resolves (resolve_spell): its permanent's
        object id, -1 if none."""
        sba_loop(&self.core.R, &self.S, self.g, NULL)     # (117.3c, 704.3: the caster gets priority)
        return resolve_spell(&self.core.R, &self.S, self.g, NULL, row, x, kicked, flashback, self._player(who))

    def run_ops(self, int row, int target, int source, int who, int x=0):
        """EFFECT row `row`'s ops carried out for `who` (run_ops; permanents `target`, `source`:
        -1 none), then state-based actions (704.3)."""
        run_ops(&self.core.R, &self.S, self.g, NULL, row, target, source, x, self._player(who))
        sba_loop(&self.core.R, &self.S, self.g, NULL)

    def graveyard_has_targets(self, int row, int who, bint flashback):
        """Can card `row`'s spell be cast by `who` for its targets in their graveyard
        (graveyard_has_targets, 601.2c; `flashback`: cast from there)?"""
        return graveyard_has_targets(&self.core.R, self.g, self.core.R.cards[row].spell_effect, who,
                                     row if flashback else -1)

    def activation_fault(self, int i, int k):
        """Why permanent i's non-mana ability k can't be activated now (ActivationFault)."""
        cdef Board b = game_board(self.g)
        self._permanent(i)
        if not 0 <= k < self.core.R.cards[self.g.perms[i].card].n_activated or (
                self.core.R.activated[self.core.R.cards[self.g.perms[i].card].activated_first + k].from_hand):
            raise IndexError(f"no activated ability {k}")      # (cycling works from the hand only)
        return activation_fault(&self.core.R, self.g, &b, i,
                                &self.core.R.activated[self.core.R.cards[self.g.perms[i].card].activated_first + k])

    def loyalty_ability(self, int i):
        """The loyalty ability planeswalker i activates when its player's pick is asked (606.3;
        loyalty_ability, choices.pxi): its index among its activated abilities, -1 none."""
        return loyalty_ability(&self.core.R, &self.S, self.g, self._permanent(i))

    def resolve_activation(self, int i, int k, int target=-1):
        """Permanent i's non-mana ability k, its mana paid (resolve_activation)."""
        cdef int t = self._permanent(target) if target >= 0 else -1
        self.activation_fault(i, k)                            # (an ability it has: IndexError)
        resolve_activation(&self.core.R, &self.S, self.g, NULL, self._permanent(i), k, t)

    def pay(self, cost, int who, int exclude, int card, bint ability):
        """Pay total cost `cost` (a TOTAL_COST record array) for player `who`: planned as
        board_plan_payment plans it (601.2g-h; for CARD row `card`, or an activated ability of
        a permanent of it: 106.6), carried out by the goldfish's own code (carry_out_plan),
        then the "whenever this becomes tapped" abilities it triggered resolve (603.3) and
        state-based actions. `exclude`: a permanent whose own {T} is part of the cost, which
        can't also pay (602.2b; -1 none). False if the cost can't be paid (nothing changes)."""
        cdef Game* g = self.g
        cdef Rules* R = &self.core.R
        cdef TotalCost[::1] c = cost
        cdef Plan* plan = &self.sc.plan
        cdef uint8_t cp[MAXPERM]
        cdef uint16_t saved
        cdef Board b
        cdef bint ok
        self._player(who)
        saved = set_aside(g.perms, self._permanent(exclude) if exclude >= 0 else -1)
        b = game_board(g)
        b.over = 0
        plan.n_restricted = 0
        ok = plan_payment(R, &b, who, &c[0], cp, plan, NULL, False, purpose(card, ability))
        if exclude >= 0:
            g.perms[exclude].flags = saved
        if not ok:
            check_exact(limits_met(R, &b) & OV_LOWER, "whether the cost can be paid")
            return False
        check_exact(limits_met(R, &b) & OV_UPPER, "a plan to pay the cost")
        b = game_board(g)
        carry_out_plan(R, g, &b, plan, who)
        if c[0].delved:                 # (the cost's generic mana delve pays, 702.66a)
            exile_delved(R, g, who, c[0].delved)
        if g.n_tapped:
            tapped_triggers(R, &self.S, g, NULL)
        sba_loop(R, &self.S, g, NULL)
        return True

    def activate_mana(self, int i, int ability, made, extra, int restriction, int removed=0):
        """Permanent i's controller activates its mana ability `ability` (an index among its
        mana abilities, printed then granted; its mana input already paid, by `pay`), which
        makes `made` (its own mana, W U B R G C, replacement effects applied) and `extra` (the
        mana its triggered mana abilities add): carried out as a one-step payment plan is
        (carry_out_plan): {T} or untap and life paid (119.4), the mana into the pool, its own
        mana into its restriction's entry if `restriction` >= 0 (106.6, 106.6a), its effects
        at once (605.3b), a sacrifice in its cost (701.21a); then the "whenever this becomes
        tapped" abilities it triggered (603.3) and state-based actions. A cost "Tap an untapped
        creature you control" taps the one creature_to_tap chooses (701.26a)."""
        cdef Game* g = self.g
        cdef Rules* R = &self.core.R
        cdef Plan* plan = &self.sc.plan
        cdef PlanStep* st = &plan.step[0]
        cdef Board b
        cdef int t, who
        i = self._permanent(i)
        who = g.perms[i].controller
        st.tap_other = 0                     # (by hand: pay_cost asks the player which it taps)
        plan.n_steps = 1
        plan.life = 0
        plan.n_restricted = 0
        vec_clear(&plan.spend)
        st.perm = i
        st.ability = ability
        st.removed = removed                 # (X counters its cost removes: remove_x)
        st.stage = -1
        vec_clear(&st.spend)
        for t in range(6):
            if not 0 <= made[t] + extra[t] <= VEC_MAX - g.bi.pool[who][t]:
                g.over |= GO_AMOUNT          # (the pool's int16: nothing is carried out)
                return
            st.out.m[t] = made[t] + extra[t]
            if restriction >= 0 and made[t]:
                note_restricted(plan, i, True, restriction, t, made[t])
        b = game_board(g)
        carry_out_plan(R, g, &b, plan, who)
        if g.n_tapped:
            tapped_triggers(R, &self.S, g, NULL)
        sba_loop(R, &self.S, g, NULL)

    def state_based_actions(self):
        sba_loop(&self.core.R, &self.S, self.g, NULL)

    def token_copy(self, int i, int who, bint sacrifice_at_end=False):
        """`who` creates a token copy of permanent i (token_copy); its object id, -1 if none."""
        cdef int object_id = token_copy(&self.core.R, &self.S, self.g, NULL, self._permanent(i),
                                        self._player(who), sacrifice_at_end)
        sba_loop(&self.core.R, &self.S, self.g, NULL)
        return object_id

    def able_to_attack(self, int i, int who):
        cdef Board b = game_board(self.g)
        return bool(able_to_attack(&self.core.R, self.g, &b, self._permanent(i), self._player(who)))

    def attack(self, int who, attackers):
        """`who` attacks with these permanents (able ones) and no blockers: the damage dealt."""
        cdef int32_t chosen[MAXPERM]
        cdef int k
        if len(attackers) > MAXPERM:
            raise ValueError(f"at most {MAXPERM} attackers")
        for k in range(len(attackers)):
            chosen[k] = self._permanent(attackers[k])
        return attack(&self.core.R, &self.S, self.g, NULL, self._player(who), chosen, len(attackers))

    def next_turn(self):
        """The end step and cleanup (end_of_turn), then the other player's turn begins: untap,
        upkeep, draw (begin_turn). Returns False if the turn number would pass int16."""
        cdef Game* g = self.g
        if g.bi.turn >= 32767:
            return False
        end_of_turn(&self.core.R, g)
        begin_turn(&self.core.R, &self.S, g, NULL, 1 - g.bi.active, g.bi.turn + 1, True)
        return True

    def cycle(self, int k, int who):
        """`who` cycles the card at index k of their hand (cycle_card), its mana paid."""
        self._player(who)
        if not 0 <= k < self.g.hand_n[who] or cycling_row(&self.core.R, self.g.hand[who][k]) < 0:
            raise IndexError(f"no card with cycling at {k} in the hand")
        cycle_card(&self.core.R, &self.S, self.g, NULL, who, k)
        sba_loop(&self.core.R, &self.S, self.g, NULL)

    def draw(self, int who, int n=1):
        cdef int k
        for k in range(n):
            draw(&self.core.R, self.g, NULL, self._player(who))


cdef void clear_graveyard_counts(BoardInfo* bi) noexcept nogil:
    memset(bi.graveyard_n, 0, sizeof(bi.graveyard_n))
    memset(bi.graveyard_types, 0, sizeof(bi.graveyard_types))


def count_graveyards(CoreTables core, BoardInfo[::1] info, graveyards):
    """A Scenario's BOARD_INFO record `info` given the counts of its graveyards (per player, the
    card rows in it), counted as a game counts a card put there (count_in_graveyard): for the
    questions asked of its board between actions."""
    cdef int who, row
    if info.shape[0] != 1:
        raise ValueError("info must be one BOARD_INFO record")
    clear_graveyard_counts(&info[0])
    for who in range(2):
        for row in graveyards[who]:
            if not 0 <= row < core.R.n_cards:
                raise ValueError(f"card row {row} is not in these tables")
            count_in_graveyard(&info[0], core.R.cards[row].types, who, 1)

# Combat with no blockers and the turn's steps, written once for the goldfish and a Scenario's
# game: attacking (508: restrictions, attack triggers, creatures put onto the battlefield
# attacking), land plays (305), the beginning of a turn (untap, upkeep, draw) and its end (514:
# the end step and cleanup, "until end of turn" effects ending).
# Uses counts, game, kept, zones, actions, triggers, exile.

cdef bint attack_restriction_met(Rules* R, Board* b, int i, int who) noexcept nogil:
    """Whether creature i's restriction on attacking (508.1c) lets it attack: with defender
    never (702.3b); "can't attack unless you control a creature ..." while player `who`
    controls one its filter passes (another one, if it says so; power and toughness as they
    are now, 613)."""
    cdef Card* c = card_of(R, b, i)
    if c.attack_if == AI_NEVER:
        return False
    return filter_count_upto(R, b, c.attack_if_filter, i, who, 1) > 0


cdef inline bint able_to_attack(Rules* R, Game* g, Board* b, int i, int who) noexcept nogil:
    """508.1a: an untapped creature player `who` controls, not summoning sick (302.6); 508.1c:
    the restrictions on attacking, checked as attackers are declared: not with defender
    (702.3b), nor unless its condition holds (only a creature with one pays for reading it)."""
    cdef Card* c = &R.cards[g.perms[i].card]
    return (types_of(R, &g.perms[i]) & CT_CREATURE and not (g.perms[i].flags & PF_TAPPED)
            and g.perms[i].controller == who and not summoning_sick(R, g, b, i)
            and (c.attack_if == AI_NONE or attack_restriction_met(R, b, i, who)))


cdef void enter_attacking(Rules* R, Game* g, int object_id) noexcept nogil:
    """The permanent with this object id (if it is still there) was put onto the battlefield tapped and attacking:
    tapped; attacking only if it is a creature and attackers have been declared (506.3a, 508.4: never declared
    itself, it triggers no "whenever ~ attacks"; attack_triggers counts its combat damage)."""
    cdef int j = find_object(g, object_id) if object_id >= 0 else -1, k
    cdef bint combat = False
    if j < 0:
        return
    for k in range(g.n):
        combat = combat or (g.perms[k].flags & PF_ATTACKING) != 0
    set_flags(g, j, g.perms[j].flags | PF_TAPPED | (PF_ATTACKING if combat and types_of(R, &g.perms[j]) & CT_CREATURE
                                                     else 0))


cdef int attack_trigger(Rules* R, Permanent* p, bint dealt) noexcept nogil:
    """The EFFECT row of permanent p's "whenever ~ attacks" ability (or, `dealt`, its "whenever ~ deals combat
    damage to a player": its first, no card has two), -1 none: its card's, or one what it has become gives it
    (613.1f: the becomes row's abilities, Den of the Bugbear's)."""
    cdef Card* c = &R.cards[p.card]
    cdef Triggered* t
    cdef int k, n
    for n in range(2):
        for k in range(c.n_triggered):
            t = &R.triggered[c.triggered_first + k]
            if (t.event == EV_SELF_DEALS_COMBAT_DAMAGE_TO_PLAYER) if dealt else (t.event == EV_SELF_ATTACKS):
                return t.effect
        if not p.becomes:
            break
        c = &R.cards[p.becomes - 1]
    return -1


cdef int attack_triggers(Rules* R, Spec* S, Game* g, Rng* rng, int who, int32_t* declared, int n,
                         int damage) noexcept nogil:
    """The n permanents at rows `declared` were declared attackers by player `who`, dealing `damage`
    as they were declared: their "whenever ~ attacks" abilities trigger, all at once (508.1m, 603.2),
    and resolve in the order they were declared (508.2b, 603.3b: the controller orders them), each
    doing what it can (an attacker gone: 113.7a, it still resolves). The combat damage (510.1) of the
    attacking creatures then (PF_ATTACKING: those declared and still there, and tokens put onto the
    battlefield attacking, 508.4) is their power as it is after the abilities resolved (508.2b: before
    the combat damage step); `damage` when none has such an ability. It is dealt (deal_combat_damage),
    then the "whenever ~ deals combat damage to a player" abilities of those that dealt some (power above
    0, 510.1a) trigger and resolve, in the order declared (510.2, 603.2, 603.3b). Returns the damage.
    The combat ends with it (511.3: none is attacking any more)."""
    cdef int k, j, p, n_hit = 0
    cdef bint triggers = False
    cdef int32_t ids[MAXPERM]
    cdef int32_t effects[MAXPERM]
    cdef int32_t hit_ids[MAXPERM]
    cdef int32_t hit_effects[MAXPERM]
    cdef Board b
    for k in range(n):
        effects[k] = attack_trigger(R, &g.perms[declared[k]], False)
        triggers = triggers or effects[k] >= 0 or attack_trigger(R, &g.perms[declared[k]], True) >= 0
    if not triggers:
        deal_combat_damage(g, who, damage)
        return damage
    damage = 0
    for k in range(n):
        ids[k] = g.perms[declared[k]].object_id
        g.perms[declared[k]].flags |= PF_ATTACKING
    for k in range(n):
        if effects[k] >= 0:
            j = find_object_near(g, ids[k], declared[k])
            run_ops(R, S, g, rng, effects[k], j, j, 0, who)
            state_based_actions(R, S, g, rng)
    b = game_board(g)
    for j in range(g.n):
        if g.perms[j].flags & PF_ATTACKING:
            g.perms[j].flags &= ~PF_ATTACKING
            p = power_of(R, &b, j)
            if p > 0:
                damage += p
                hit_effects[n_hit] = attack_trigger(R, &g.perms[j], True)
                hit_ids[n_hit] = g.perms[j].object_id
                n_hit += hit_effects[n_hit] >= 0
    deal_combat_damage(g, who, damage)
    for k in range(n_hit):             # (510.2, 603.3b: in the order they attack, an attacker gone still resolving)
        j = find_object(g, hit_ids[k])
        run_ops(R, S, g, rng, hit_effects[k], j, j, 0, who)
        state_based_actions(R, S, g, rng)
    return damage


cdef inline void deal_combat_damage(Game* g, int who, int damage) noexcept nogil:
    """The attacking creatures of player `who` deal `damage` combat damage to the other player (510.1,
    510.2: all at once), traced (TR_ATTACK)."""
    g.over |= amount_in(&g.bi.life[1 - who], -damage)
    board_changed(g)
    trace(g, TR_ATTACK, -1, damage)


# attack_triggers, called through a pointer: a function called once is inlined by the C compiler, and with
# its code `attack` was too big to be inlined into the turn loop (measured: +1.8% instructions a game of
# the Henge deck, which has no attack trigger).
cdef int (*the_attack_triggers)(Rules*, Spec*, Game*, Rng*, int, int32_t*, int, int) noexcept nogil
the_attack_triggers = attack_triggers


cdef int attack(Rules* R, Spec* S, Game* g, Rng* rng, int who, int32_t* attackers, int n) noexcept nogil:
    """Player `who` attacks with these n creatures (able ones: able_to_attack; attackers NULL:
    every one able to), no blockers: each taps unless it has vigilance (702.20b) and deals its
    combat damage, its power, to the other player (510.1); then the "whenever this becomes
    tapped" abilities resolve. Returns the damage dealt."""
    cdef int k, i, p, damage = 0, n_declared = 0
    cdef bint noting = R.attack_triggers   # (read once: a test the C compiler can take out of the loop)
    cdef int32_t declared[MAXPERM]
    cdef Board b = game_board(g)
    for k in range(g.n if attackers == NULL else n):
        i = k if attackers == NULL else attackers[k]
        if attackers == NULL and not able_to_attack(R, g, &b, i, who):
            continue
        p = power_of(R, &b, i)
        if p > 0:
            damage += p
        if noting:                     # (508.1m: noted as declared)
            declared[n_declared] = i
            n_declared += 1
        if not (keywords_of(R, &g.perms[i]) & KW_VIGILANCE):
            set_flags(g, i, g.perms[i].flags | PF_TAPPED)
            note_tapped(g, i)
    if n_declared:                     # (508.2b: they resolve before combat damage, which reads power then;
        damage = the_attack_triggers(R, S, g, rng, who, declared, n_declared, damage)    # it deals it)
    else:
        deal_combat_damage(g, who, damage)
    if g.n_tapped:
        tapped_triggers(R, S, g, rng)
    return damage


cdef inline int land_plays_left(Rules* R, Game* g) noexcept nogil:
    """305.2: the lands the active player may still play this turn: one, and one more for
    each additional land play their permanents (Azusa) and this turn's effects (Explore) give."""
    cdef int i, plays = 1 + g.extra_land_drops - g.lands_played
    if count_of(g, K_LAND_PLAYS):
        for i in range(g.n):
            if g.perms[i].controller == g.bi.active:
                plays += R.cards[g.perms[i].card].extra_land_plays
    return plays


cdef int play_a_land(Rules* R, Spec* S, Game* g, Rng* rng, int row, int who) noexcept nogil:
    """Player `who` plays land `row` (305.1; from their hand: the caller takes it out): it
    enters, its enters abilities resolve, then their permanents' "when you play another land"
    abilities (City of Traitors; both trigger at once, 603.3b: the player orders them so).
    Returns its object id, -1 if none entered."""
    cdef int object_id
    g.lands_played += who == g.bi.active
    object_id = put_onto_battlefield(R, S, g, rng, row, False, 0, who)
    if R.land_play_triggers and object_id >= 0:
        land_play_triggers(R, S, g, rng, object_id, who)
    return object_id


cdef void land_play_triggers(Rules* R, Spec* S, Game* g, Rng* rng, int played_id, int who) noexcept nogil:
    """The "when you play another land" abilities of player who's permanents but the land
    played (object `played_id`), each resolved in turn (603.3b), then state-based actions."""
    cdef int j, k, n_pending = 0
    cdef int pending_row[MAXPENDING]
    cdef int pending_src[MAXPENDING]
    cdef Card* c
    for j in range(g.n):
        if g.perms[j].controller != who or g.perms[j].object_id == played_id:
            continue
        c = &R.cards[g.perms[j].card]
        for k in range(c.n_triggered):
            if R.triggered[c.triggered_first + k].event == EV_YOU_PLAY_ANOTHER_LAND:
                if n_pending < MAXPENDING:
                    pending_row[n_pending] = R.triggered[c.triggered_first + k].effect
                    pending_src[n_pending] = g.perms[j].object_id
                    n_pending += 1
                else:
                    g.over |= GO_TRIGGERS
    for k in range(n_pending):
        run_ops(R, S, g, rng, pending_row[k], -1, find_object(g, pending_src[k]), 0, who)
    state_based_actions(R, S, g, rng)


cdef inline int turns_begun(Game* g, int who) noexcept nogil:
    """The turns player `who` has begun this game, their current one counted ("your first,
    second, or third turn of the game"). Two players' turns alternate (no effect in the vocabulary
    gives extra turns, 500.7): once both have had one, `who`'s are every other turn number up to their most
    recent; while the other has had none (the goldfish's opponent never has), every turn so far."""
    cdef int last = g.bi.last_turn_start[who]
    return last if g.bi.last_turn_start[1 - who] == 0 else (last + 1) // 2


cdef void begin_turn(Rules* R, Spec* S, Game* g, Rng* rng, int who, int turn, bint draws) noexcept nogil:
    """Turn `turn`, player who's, begins: the untap step (502.3: their permanents untap),
    the upkeep (503.1a: their upkeep abilities, then their suspended cards', 702.62a), the draw step (504.1; not on the first turn of
    the player who plays first, 103.8a: `draws`); then, as the precombat main phase begins, a
    lore counter on each of their Sagas (714.3c)."""
    g.bi.turn = turn
    g.bi.active = who
    g.lands_played = g.extra_land_drops = 0
    if R.nth_spells or g.scenario:     # ("each turn": this turn's spells, both players')
        g.spells_cast[0] = g.spells_cast[1] = g.noncreature_cast[0] = g.noncreature_cast[1] = 0
    g.bi.last_turn_start[who] = turn
    untap_step(R, g, who)
    board_changed(g)
    trace(g, TR_TURN, -1, 0)
    if g.bi.upkeep_draws[0] | g.bi.upkeep_draws[1]:
        upkeep_draws(R, g, rng)
    if count_of(g, K_UPKEEP):
        upkeep_triggers(R, S, g, rng, who)
    if g.n_exiled:
        suspended_upkeep(R, S, g, rng, who)
    if draws:
        draw(R, g, rng, who)
    if R.sagas:                        # 714.3c: as the precombat main phase begins
        lore_step(R, S, g, rng, who)


cdef void upkeep_draws(Rules* R, Game* g, Rng* rng) noexcept nogil:
    """As the upkeep begins (503.1a), the delayed triggered abilities "draw a card at the beginning of the next
    turn's upkeep" trigger (603.7a: whoever's turn it is) and resolve: each player draws the cards theirs say,
    the active player's first (603.3b)."""
    cdef int q, p, who
    for p in range(2):
        who = g.bi.active if p == 0 else 1 - g.bi.active
        for q in range(g.bi.upkeep_draws[who]):
            draw(R, g, rng, who)
        g.bi.upkeep_draws[who] = 0


cdef inline void end_of_turn(Rules* R, Game* g) noexcept nogil:
    """End step: tokens made to be sacrificed go; the pools empty (106.4, 514). Cleanup:
    "until end of turn" effects end (514.2: what a permanent became until end of turn, the
    +N/+N it got: OP_POWER_BONUS, looked at only when some card has it). (No effect marks
    damage: nothing else to remove.)"""
    cdef int i = g.n - 1
    while i >= 0 and g.n_sacrifice_at_end:
        if g.perms[i].flags & PF_SACRIFICE_AT_END:
            leave_to_graveyard(g, i)
        i -= 1
    if g.n_animated:
        for i in range(g.n):
            if g.perms[i].flags & PF_BECOMES_UNTIL_EOT:    # (an earthbent land: earthbent again, 701.66a)
                set_becomes(g, i, g.perms[i].card + R.cards[g.perms[i].card].earthbent
                            if g.perms[i].flags & PF_EARTHBENT else -1, False)
    if R.power_bonuses:
        for i in range(g.n):
            g.perms[i].power_bonus = g.perms[i].toughness_bonus = 0
        power_may_fall(g)
    memset(g.bi.pool, 0, sizeof(g.bi.pool))
    if g.bi.n_restricted[0]:           # (restricted mana in the pool was counted)
        g.bi.n_restricted[0] = 0
        count_restricted_pool(g, -1)
    g.bi.n_restricted[1] = 0
    board_changed(g)

# The play policy's activated abilities: which non-mana abilities the goldfish uses after its
# spells (use_abilities), a creature land's animation only to attack with it (animation_attacks,
# hold_animated, would_attack), and what it pays a sacrifice or discard cost with
# (worth_paying, expendable_permanent, unwanted_cards), and a planeswalker's loyalty ability each turn
# (loyalty_to_activate).
# Uses counts, total_cost, direct, game, kept, zones, actions, views, policy, and, included after it, choices
# (loyalty_ability).

cdef int animation_of(Rules* R, Effect* e) noexcept nogil:
    """The CARD row an effect's OP_BECOMES makes its source (an animation, 613.1d), -1 if none."""
    cdef int k
    for k in range(e.n_ops):
        if R.ops[e.op_first + k].code == OP_BECOMES:
            return R.ops[e.op_first + k].arg
    return -1


cdef bint animation_attacks(Rules* R, Spec* S, Game* g, int i, int row) noexcept nogil:
    """Would permanent i, animated as CARD row `row`, attack this turn (508.1a)? The goldfish
    attacks, it is untapped and not that already, under its controller's control since their turn
    began or given haste by it (302.6), with power above 0 and no restriction on attacking."""
    cdef Permanent* p = &g.perms[i]
    return (S.attack and not (p.flags & PF_TAPPED) and p.becomes != row + 1
            and (p.controlled_since < g.bi.last_turn_start[p.controller] or R.cards[row].keywords & KW_HASTE)
            and R.cards[row].power > 0 and R.cards[row].attack_if == AI_NONE)


cdef int animation_row(Rules* R, int row) noexcept nogil:
    """The CARD row the first animation among card `row`'s activated abilities makes it, -1 if none."""
    cdef Card* c = &R.cards[row]
    cdef Activated* a
    cdef int k, animation
    for k in range(c.n_activated):
        a = &R.activated[c.activated_first + k]
        if a.effect >= 0 and not a.from_hand:
            animation = animation_of(R, &R.effects[a.effect])
            if animation >= 0:
                return animation
    return -1


cdef bint would_attack(Rules* R, Spec* S, Game* g, int j) noexcept nogil:
    """Would permanent j attack this turn if animated by its animation (animation_attacks)?"""
    cdef int animation = animation_row(R, g.perms[j].card)
    return animation >= 0 and animation_attacks(R, S, g, j, animation)


cdef int hold_animated(Rules* R, Spec* S, Game* g, int i, int* held, bint attackers) noexcept nogil:
    """Keep the lands animated to attack out of a payment (marked tapped, their object ids into
    `held`), and permanent i, the one being animated; with `attackers`, the lands that would attack
    if animated too (would_attack): returns how many were held."""
    cdef int j, n = 0
    for j in range(g.n):
        if ((j == i or g.perms[j].becomes or (attackers and S.gf[g.perms[j].card] & GF_ACTIVATED
                                              and would_attack(R, S, g, j)))
                and not (g.perms[j].flags & PF_TAPPED)):
            held[n] = g.perms[j].object_id
            n += 1
            set_flags(g, j, g.perms[j].flags | PF_TAPPED)
    board_changed(g)
    return n


cdef void release_held(Game* g, int* held, int n) noexcept nogil:
    """Untap what hold_animated held, wherever its rows are now."""
    cdef int q, j
    for q in range(n):
        j = find_object(g, held[q])
        if j >= 0:
            set_flags(g, j, g.perms[j].flags & ~PF_TAPPED)
    board_changed(g)


cdef void use_abilities(Rules* R, Spec* S, Game* g, Rng* rng) noexcept nogil:
    """After casting: activate, once each, the non-mana abilities worth activating
    (Effect.worth: mtgsim.vocabulary's `worth` of its ops) when their cost can be paid, the source's own {T} excluded from
    paying (602.2). A creature that could attack keeps its {T} for combat. An animation ("~ becomes
    a 2/2 creature until end of turn", a creature land) is activated only to attack with it
    (animation_attacks), with the mana the spells left (this runs after them), paid by other
    sources: the land itself attacks, and so do the lands that would attack if animated when
    anything else can pay (hold_animated)."""
    cdef ManaView* v = &(<Scratch*>g.scratch).cast_view
    cdef int i, k, object_id, target, target_id, n_seen = 0, j
    cdef int seen[MAXPERM]
    cdef Activated* a
    cdef Effect* e
    cdef TotalCost tc
    cdef Board b
    cdef bint ok
    cdef uint16_t saved
    cdef bint used
    cdef int animation, n_held, loyalty_pick
    cdef int held[MAXPERM]
    i = 0
    while i < g.n:
        if not (S.gf[g.perms[i].card] & GF_ACTIVATED):
            i += 1                               # nothing to use (and nothing moves)
            continue
        object_id = g.perms[i].object_id
        for j in range(n_seen):
            if seen[j] == object_id:
                object_id = -1
        if object_id < 0:
            i += 1
            continue
        if n_seen >= MAXPERM:
            g.over |= GO_ABILITIES
            break
        seen[n_seen] = object_id
        n_seen += 1
        used = False
        loyalty_pick = -2
        for k in range(R.cards[g.perms[i].card].n_activated):
            a = &R.activated[R.cards[g.perms[i].card].activated_first + k]
            if a.effect < 0 or a.from_hand:
                continue
            if unlikely(a.loyalty_ability):      # (606.3: one a turn, the one the policy picks)
                if loyalty_pick == -2:
                    loyalty_pick = loyalty_ability(R, S, g, i)
                if k != loyalty_pick:
                    continue
            e = &R.effects[a.effect]
            if not e.worth or a.untap:
                continue
            if S.fetch_lands and k == fetch_ability(R, g.perms[i].card):
                continue                         # (cracked by crack_fetch_lands, or kept)
            animation = animation_of(R, e) if unlikely(R.animations) else -1   # (no table, no animation)
            if animation >= 0 and not animation_attacks(R, S, g, i, animation):
                continue                         # (animated only to attack: 611.2, 508.1a)
            b = game_board(g)
            if (a.tap and types_of(R, &g.perms[i]) & CT_CREATURE and power_of(R, &b, i) > 0
                    and R.cards[g.perms[i].card].attack_if != AI_NEVER):
                continue                         # a creature that can attack keeps its {T} for combat
            if activation_fault(R, g, &b, i, a):
                continue
            if unlikely(a.discard_n | (a.sacrifice_filter + 1)) and not worth_paying(R, S, g, &b, i, a):
                continue
            memset(&tc, 0, sizeof(TotalCost))
            add_cost(R, a.cost, 0, &tc)
            if cost_is_plain(&tc) and more_than_made(g, cost_total(&tc), 0):
                continue                         # (what view_payable would find)
            target = copy_target(R, g, i if a.sacrifice_self else -1) if e.token_copy else i
            if e.token_copy and target < 0:
                continue
            target_id = g.perms[target].object_id
            saved = g.perms[i].flags
            n_held = hold_animated(R, S, g, i, held, True) if animation >= 0 else 0    # (the attackers pay nothing)
            if a.tap:                            # {T} first (602.2b): the source can't also
                set_flags(g, i, g.perms[i].flags | PF_TAPPED)   # make mana for the rest of the cost
                board_changed(g)
            view_prepare(R, g, v)
            ok = view_payable(R, g, v, &tc, activating(g.perms[i].card))
            if not ok and n_held:                # the lands that could attack too pay if nothing else can
                release_held(g, held, n_held)
                n_held = hold_animated(R, S, g, i, held, False)
                view_prepare(R, g, v)
                ok = view_payable(R, g, v, &tc, activating(g.perms[i].card))
            ok = ok and pay(R, g, &tc, v, activating(g.perms[i].card))
            i = find_object(g, object_id)
            if n_held:
                release_held(g, held, n_held)
                i = find_object(g, object_id)
            if not ok:
                if g.perms[i].flags != saved:
                    set_flags(g, i, saved)
                    board_changed(g)
                continue
            g.spent += cost_total(&tc)
            trace(g, TR_ACTIVATE_WAY, i, k | ((target + 1) << 8))
            trace(g, TR_ACTIVATE, g.perms[i].card, cost_total(&tc))
            resolve_activation(R, S, g, rng, i, k, find_object(g, target_id) if e.token_copy else -1)
            if g.snapshots:
                snapshot(g, TR_ACTIVATE)
            used = True
            break
        if used:
            i = 0                                # rows may have moved: look again from the top
        else:
            i += 1


cdef bint worth_paying(Rules* R, Spec* S, Game* g, Board* b, int i, Activated* a) noexcept nogil:
    """Does the goldfish pay the parts of ability `a` of permanent i paid with other cards and
    permanents? Only with what it loses little by: a.discard_n cards it doesn't want
    (unwanted_cards), a permanent it can spare (expendable_permanent) -- never its lands, mana
    sources or attackers for an effect (the ability's worth is Effect.worth, a guess)."""
    cdef uint8_t taken[MAXHAND]
    if a.discard_n:
        memset(taken, 0, g.hand_n[0])
        if unwanted_cards(R, S, g, a.discard_n, taken) < a.discard_n:
            return False
    return a.sacrifice_filter < 0 or expendable_permanent(R, g, b, a.sacrifice_filter, i, 0) >= 0


cdef int expendable_permanent(Rules* R, Game* g, Board* b, int filter_row, int source, int who) noexcept nogil:
    """The permanent player `who` of the goldfish sacrifices for a cost "Sacrifice a creature"
    (FILTER row `filter_row`; `source`: the ability's permanent): of those the filter passes, one
    it can spare -- not a land, not a mana source (no mana ability), not a creature with power
    above 0 (an attacker) --, a token first, then the lowest mana value; -1 if none (the goldfish
    then doesn't activate: worth_paying)."""
    cdef int i, best = -1
    cdef uint16_t types
    cdef Card* c
    for i in range(g.n):
        if not permanent_passes(R, b, &R.filters[filter_row], i, source, who):
            continue
        c = card_of(R, b, i)
        types = types_of(R, &b.perms[i])
        if types & CT_LAND or c.n_mana or (types & CT_CREATURE and power_of(R, b, i) > 0):
            continue
        if (best < 0 or (g.perms[i].flags & PF_TOKEN) > (g.perms[best].flags & PF_TOKEN)
                or ((g.perms[i].flags & PF_TOKEN) == (g.perms[best].flags & PF_TOKEN)
                    and c.mana_value < card_of(R, b, best).mana_value)):
            best = i
    return best


cdef int unwanted_cards(Rules* R, Spec* S, Game* g, int n, uint8_t* taken) noexcept nogil:
    """Up to n cards of the goldfish's hand it doesn't want (wanted_card: a land while the lands
    are enough, a spell not castable soon), the first in hand first: marked in `taken` (by
    index); returns how many."""
    cdef int k, m = 0
    for k in range(g.hand_n[0]):
        if m < n and not taken[k] and not wanted_card(R, S, g, g.hand[0][k], True, 0):
            taken[k] = 1
            m += 1
    return m


cdef int loyalty_to_activate(Rules* R, Spec* S, Game* g, int i) noexcept nogil:
    """The loyalty ability the goldfish activates with planeswalker i this turn (606.3: one), its
    index among its card's activated abilities, -1 none. Of its loyalty abilities worth activating
    (Effect.worth: read, and doing something the policy values) that can be activated now
    (activation_fault: 606.3, and 606.6 for a minus one): its ultimate (Activated.ultimate: its last
    ability, removing more loyalty than it enters with) whenever it can be paid; else its first plus
    ability (its loyalty grows towards the ultimate); else its first [0]; else its first minus
    ability that leaves it loyalty (704.5i: it stays)."""
    cdef Card* c = &R.cards[g.perms[i].card]
    cdef Board b = game_board(g)
    cdef Activated* a
    cdef int k, plus = -1, zero = -1, minus = -1
    for k in range(c.n_activated):
        a = &R.activated[c.activated_first + k]
        if (not a.loyalty_ability or a.effect < 0 or not R.effects[a.effect].worth
                or activation_fault(R, g, &b, i, a) != AF_NONE):
            continue
        if a.ultimate:
            return k
        if a.loyalty > 0 and plus < 0:
            plus = k
        elif a.loyalty == 0 and zero < 0:
            zero = k
        elif a.loyalty < 0 and minus < 0 and g.perms[i].counters[<int>CK_LOYALTY] + a.loyalty > 0:
            minus = k
    return plus if plus >= 0 else zero if zero >= 0 else minus

# The play policy (mtgsim.policy.PlayPolicy): which land to play, which spells to cast and
# how, which activated abilities to use, combat and the end of the turn.
# Uses base, counts, abilities, production, total_cost, direct, plans, game, kept, zones, actions,
# triggers, library, exile, turn, views, and, included after it, activating, exile_policy.

# ---- the play policy -------------------------------------------------------------------------------

cdef inline bint beyond_reach(Rules* R, Spec* S, Game* g, int row, int extra) noexcept nogil:
    """Certainly not payable now, or with permanents making `extra` more units of mana on
    the direct path added: card `row`'s plain base cost takes more units than the board's
    sources make at most, on a board that takes the direct path (where that decides it)."""
    return ((S.gf[row] & GF_PLAIN) != 0 and not board_costmod(g)
            and more_than_made(g, S.need[row].total, extra))


cdef inline bint more_than_made(Game* g, int mana, int extra) noexcept nogil:
    """`mana` units are more than the board's sources make at most (with `extra` more), on a
    board taking the direct path, with an empty pool."""
    return (g.shortcuts and count_of(g, K_MANA_FX) == 0 and g.n < 80 and pool_empty(g)
            and mana > g.units + extra)


cdef bint all_beyond_reach(Rules* R, Spec* S, Game* g, int extra) noexcept nogil:
    """beyond_reach for every spell in hand and commander in the command zone (its tax only
    adds to the cost beyond_reach reads)."""
    cdef int q
    for q in range(g.n_rows[0]):
        if not beyond_reach(R, S, g, g.rows[0][q], extra):
            return False
    for q in range(g.n_commander if g.command_n else 0):
        if g.in_command[q] and not beyond_reach(R, S, g, g.commander[q], extra):
            return False
    return True


cdef int castable_spells(Rules* R, Spec* S, Game* g, ManaView* v) noexcept nogil:
    """How many distinct nonland cards in hand, and commanders in the command zone, could be
    cast now (not counting those the simulator never casts, Card.uncastable: a land is not
    chosen for them)."""
    cdef int q, n = 0
    cdef TotalCost buf
    for q in range(g.n_rows[0]):
        if not R.cards[g.rows[0][q]].uncastable:
            n += card_payable(R, S, g, v, g.rows[0][q], True)
    for q in range(g.n_commander if g.command_n else 0):
        if g.in_command[q] and not R.cards[g.commander[q]].uncastable:
            n += payable_now(R, S, g, v, g.commander[q], commander_cost(R, S, g, q, &buf))
    return n


cdef inline TotalCost* commander_cost(Rules* R, Spec* S, Game* g, int k, TotalCost* buf) noexcept nogil:
    """The total cost (X = 0) of the goldfish's k-th commander cast from the command zone: its
    cost and {2} for each previous time it was cast from there (903.8)."""
    return taxed_cost(R, S, g, g.commander[k], 0, False, 2 * g.command_casts[k], 0, False, buf)


cdef void colour_demand(Rules* R, Spec* S, Game* g, int* demand) noexcept nogil:
    """Per colour, the most symbols of it in one cost among the spells in hand (not those the
    simulator never casts, Card.uncastable) and the tracked cards: how many sources of it the
    hand asks for."""
    cdef int k, t, row, kind
    cdef uint8_t* d
    for t in range(5):
        demand[t] = S.track_demand[t]
    for kind in range(2 if S.land_demand else 1):
        for k in range(g.n_rows[kind]):
            row = g.rows[kind][k]
            if not (S.gf[row] & GF_DEMAND) or R.cards[row].uncastable:
                continue
            d = &S.demand[5 * row]
            for t in range(5):
                if d[t] > demand[t]:
                    demand[t] = d[t]


cdef int choose_land(Rules* R, Spec* S, Game* g, ManaView* v) noexcept nogil:
    """The land to play (305.1): the one that lets the most of the hand be cast now; then the
    one giving colours the hand (and the tracked cards) still lack sources of; then an
    untapped one; then a creature land (attacker_land); then the first in hand. Never a land
    the simulator never plays (Card.uncastable: its text has a drawback on entering the
    vocabulary can't say, Lotus Field's "sacrifice two lands"). Returns its index in the hand,
    or -1."""
    cdef int k, q, row, best = -1, score, best_score = -1
    cdef int demand[5]
    cdef int supply[5]
    cdef bint attackers = S.attacker_lands      # (read once: a register across the loop's calls)
    if g.n_rows[1] == 0:
        return -1
    if g.n_rows[1] == 1:                     # one kind of land in hand: nothing to weigh
        return -1 if R.cards[g.rows[1][0]].uncastable else first_in_hand(g, g.rows[1][0])
    if S.lands_first:
        for k in range(g.hand_n[0]):
            if S.gf[g.hand[0][k]] & GF_LAND and not R.cards[g.hand[0][k]].uncastable:
                return k
    colour_demand(R, S, g, demand)
    colour_supply(R, g, supply)
    if g.n >= MAXPERM:
        g.over |= GO_PERMANENTS          # (no room to play a land)
        return -1
    for q in range(g.n_rows[1]):             # each kind once; ties go to the first in hand
        row = g.rows[1][q]
        if R.cards[row].uncastable:
            continue
        score = land_score(R, S, g, v, row, demand, supply)
        if attackers:
            score += attacker_land(R, S, row)
        if score > best_score:
            best, best_score = first_in_hand(g, row), score
        elif score == best_score:
            k = first_in_hand(g, row)
            if k < best:
                best = k
    return best


cdef inline int attacker_land(Rules* R, Spec* S, int row) noexcept nogil:
    """1 for a land that could attack from the next turn on, animated (a creature land: 611.2,
    302.6), else 0: a tie-break below land_score's reasons (a Mutavault before a Mountain when no
    spell needs the red)."""
    cdef int animation
    if not (S.attack and S.gf[row] & GF_ACTIVATED):
        return 0
    animation = animation_row(R, row)
    return animation >= 0 and R.cards[animation].power > 0 and R.cards[animation].attack_if == AI_NONE


cdef inline void colour_supply(Rules* R, Game* g, int* supply) noexcept nogil:
    """Per colour, the lands on the battlefield that could produce it."""
    cdef int k, t
    for t in range(5):
        supply[t] = 0
    for k in range(g.n):
        if types_of(R, &g.perms[k]) & CT_LAND:
            for t in range(5):
                supply[t] += (R.static_cp[g.perms[k].card] >> t) & 1


cdef inline int land_score(Rules* R, Spec* S, Game* g, ManaView* v, int row, int* demand,
                           int* supply) noexcept nogil:
    """How good a play land `row` is (choose_land): as it enters (entering_land_score); a fetch
    land, cracked as soon as it is played (crack_fetch_lands), as the land it would find
    (fetch_land_score)."""
    if S.fetch_lands and fetch_ability(R, row) >= 0:
        return fetch_land_score(R, S, g, v, row, demand, supply)
    return entering_land_score(R, S, g, v, row, False, demand, supply)


cdef int fetch_land_score(Rules* R, Spec* S, Game* g, ManaView* v, int row, int* demand,
                          int* supply) noexcept nogil:
    """land_score of fetch land `row`: the score of the land its search would find
    (land_to_find), if it finds one and the life it costs can be paid (119.4); else its own."""
    cdef Activated* a = &R.activated[R.cards[row].activated_first + fetch_ability(R, row)]
    cdef int score
    if (a.life <= g.bi.life[0]
            and land_to_find(R, S, g, v, &R.ops[R.effects[a.effect].land_search], True, demand, supply,
                             &score) >= 0):
        return score
    return entering_land_score(R, S, g, v, row, False, demand, supply)


cdef inline int entering_land_score(Rules* R, Spec* S, Game* g, ManaView* v, int row, bint tapped,
                                    int* demand, int* supply) noexcept nogil:
    """How good land `row` is as it enters (played, or put onto the battlefield tapped if
    `tapped`): 16 for each spell in hand it lets be cast now, 4 for each colour it gives that
    the hand lacks sources of (`demand` over `supply`), 2 if it enters untapped; found by
    putting it onto the battlefield on trial and taking it back (the caller checks that the
    battlefield has room for it)."""
    cdef int t, score, i, life
    cdef uint8_t cp
    if (R.cards[row].n_enters == 0 and not (S.gf[row] & (GF_MANA_FX | GF_COSTMOD))
            and all_beyond_reach(R, S, g, 0 if tapped else g.unit_of[row])):
        score = 0 if tapped else 2         # no spell castable: no trial needed
    else:
        life = g.bi.life[0]
        g.entering_tapped = tapped
        i = add_permanent(R, g, row, False, 0, 0)
        g.entering_tapped = False
        if tapped:
            set_flags(g, i, g.perms[i].flags | PF_TAPPED)
        view_prepare(R, g, v)
        score = 16 * castable_spells(R, S, g, v) + 2 * ((g.perms[i].flags & PF_TAPPED) == 0)
        enters_or_leaves(g, i, -1)
        g.n -= 1                       # take the trial land back
        count_permanent(g, row, -1)
        g.next_id -= 1
        g.bi.life[0] = life
        board_changed(g)
    cp = R.static_cp[row]
    for t in range(5):
        if supply[t] < demand[t] and (cp >> t) & 1:
            score += 4
    return score


DEF MAXFOUND = 32               # land_to_find: the kinds of land weighed (the first found)


cdef int land_to_find(Rules* R, Spec* S, Game* g, ManaView* v, Op* e, bint to_battlefield,
                      int* demand, int* supply, int* score) noexcept nogil:
    """The kind of land the goldfish's search for a land (701.23: OP_SEARCH_LAND op `e`) finds: of the kinds in the
    library it may find (search_finds), the one choose_land would play (entering_land_score,
    tapped if the search puts it onto the battlefield tapped and leaves it so (Fabled Passage's
    untapping with four lands: the lands there now and the one found), `demand` and `supply` as
    choose_land's): the one that lets the most of the hand be cast now, then gives a colour the
    hand lacks sources of, then enters untapped; ties go to the first in the library (its order
    is the shuffle's), and only the first MAXFOUND kinds are weighed. Returns its row, -1 if
    there is none; `score` (if not NULL) gets its score. With one kind (or no room on the
    battlefield for a trial) and no score asked, the first found, weighed by nothing."""
    cdef int32_t kinds[MAXFOUND]
    cdef int n = 0, k, j, row, best = -1, best_score = -1000, sc
    cdef int32_t* cards
    cdef int lo, hi, part
    cdef bint found_tapped = (e.flags & OF_TAPPED) != 0 and not (
        e.flags & OF_UNTAP_WITH_FOUR_LANDS and lands_controlled(R, g, 0) + 1 >= 4)
    for part in range(2):                # the library, then the cards at its bottom
        if part == 0:
            cards, lo, hi = &g.library[0][0], 0, g.lib_n[0]
        else:
            cards, lo, hi = &g.bottom[0], g.bottom_next, g.bottom_n
        for k in range(lo, hi):
            row = cards[k]
            if n == MAXFOUND or not land_searched_for(R, e, row):
                continue
            for j in range(n):
                if kinds[j] == row:
                    break
            else:
                kinds[n] = row
                n += 1
    if n == 0:
        return -1
    if score == NULL and (n == 1 or g.n >= MAXPERM):
        return kinds[0]
    for k in range(n):
        sc = (entering_land_score(R, S, g, v, kinds[k], to_battlefield and found_tapped, demand, supply)
              if g.n < MAXPERM else 0)
        if sc > best_score:
            best, best_score = kinds[k], sc
    if score != NULL:
        score[0] = best_score
    return best


cdef int chosen_land(Rules* R, Spec* S, Game* g, Op* e, bint to_battlefield) noexcept nogil:
    """land_to_find for a search resolving (search_land): the colours the hand and the tracked
    cards ask for and the lands in play give as choose_land weighs them; cast_view is the
    trials' (the policy prepares it again before it next reads it)."""
    cdef int demand[5]
    cdef int supply[5]
    colour_demand(R, S, g, demand)
    colour_supply(R, g, supply)
    return land_to_find(R, S, g, &(<Scratch*>g.scratch).cast_view, e, to_battlefield, demand,
                        supply, NULL)


DEF SPELL_GIVEN_UP = 3          # choose_land_face: the handicap of a spell // land card's land
                                # face (more than entering untapped is worth, less than a colour)
DEF MAXFACES = 2 * MAXHAND      # land faces of the distinct cards in a hand


cdef int choose_land_face(Rules* R, Spec* S, Game* g, ManaView* v, int* face) noexcept nogil:
    """choose_land for a deck with modal double-faced cards whose back face is a land: the
    player chooses which land face to play (712.12). Each land face of each card in hand is
    weighed as choose_land weighs a land (land_score): a land's front face, its back face too
    if that is a land (a Pathway), and the back face of a card whose front face is a spell
    (Valakut Awakening // Valakut Stoneforge). Playing that card as a land gives the spell up,
    so its land face is weighed with the hand as it would be without the card (its own cost
    neither cast nor asking for colours) and SPELL_GIVEN_UP less: a real land is played unless
    the spell's land face lets more of the hand be cast now or gives a colour the hand lacks
    sources of; with no real land in hand it is played. Ties go to the first in hand, a front
    face before its back face; with S.lands_first, the first land in hand (its front face),
    else the first spell // land card. Returns the card's index in the hand (-1: none) and
    sets `face` to the row of the face to play. A face the simulator never plays
    (Card.uncastable) is no candidate."""
    cdef int32_t card[MAXFACES]             # the candidates (the hand changes as they are
    cdef int32_t side[MAXFACES]             # weighed): card, face, and whether a spell is
    cdef uint8_t spell[MAXFACES]            # given up
    cdef int n = 0, q, k, f, row, last, score, best = -1, best_face = -1, best_score = -1000
    cdef int demand[5]
    cdef int own[5]
    cdef int supply[5]
    for q in range(g.n_rows[1]):
        row = g.rows[1][q]
        if not R.cards[row].uncastable:
            card[n], side[n], spell[n] = row, row, False
            n += 1
        f = land_face(R, row)
        if f >= 0 and not R.cards[f].uncastable:
            card[n], side[n], spell[n] = row, f, False
            n += 1
    for q in range(g.n_rows[0]):
        row = g.rows[0][q]
        f = land_face(R, row)
        if f >= 0 and not R.cards[f].uncastable:
            card[n], side[n], spell[n] = row, f, True
            n += 1
    if n <= 1:
        if n == 1:
            face[0] = side[0]
            return first_in_hand(g, card[0])
        return -1
    if S.lands_first:
        for k in range(g.hand_n[0]):
            if S.gf[g.hand[0][k]] & GF_LAND and not R.cards[g.hand[0][k]].uncastable:
                face[0] = g.hand[0][k]
                return k
        for k in range(g.hand_n[0]):
            f = land_face(R, g.hand[0][k])
            if f >= 0 and not R.cards[f].uncastable:
                face[0] = f
                return k
    colour_demand(R, S, g, demand)
    colour_supply(R, g, supply)
    if g.n >= MAXPERM:
        g.over |= GO_PERMANENTS          # (no room to play a land)
        return -1
    for q in range(n):
        row = card[q]
        k = first_in_hand(g, row)
        if not spell[q]:
            score = land_score(R, S, g, v, side[q], demand, supply)
        else:                                # the hand without the card, on trial
            remove_from_hand(R, g, k)
            colour_demand(R, S, g, own)
            score = land_score(R, S, g, v, side[q], own, supply) - SPELL_GIVEN_UP
            hand_add(g, row)                 # back in its place
            last = g.hand_n[0] - 1
            g.hand[0][last] = g.hand[0][k]
            g.hand[0][k] = row
            g.bi.hand_size[0] = g.hand_n[0]
        if score > best_score or (score == best_score and k < best):
            best, best_face, best_score = k, side[q], score
    face[0] = best_face
    return best


cdef inline void play_lands(Rules* R, Spec* S, Game* g, Rng* rng, ManaView* v) noexcept nogil:
    """Play lands while the rules allow one more (305.2) and the hand has one (choose_land). A
    deck with modal double-faced lands plays them by play_land_faces instead."""
    cdef int k
    while g.hand_lands and land_plays_left(R, g) > 0:
        k = choose_land(R, S, g, v)
        if k < 0:
            return
        play_from_hand(R, S, g, rng, k, g.hand[0][k])


cdef void play_land_faces(Rules* R, Spec* S, Game* g, Rng* rng, ManaView* v) noexcept nogil:
    """play_lands for a deck with modal double-faced cards whose back face is a land
    (S.land_faces): the card played, and the face it is played as (choose_land_face, 712.12);
    and for a deck with fetch lands (S.fetch_lands), which are cracked after the land drop
    (crack_fetch_lands). (Its own function, called apart from play_lands, so that the decks
    without such cards play play_lands' code as compiled before; it chooses as play_lands
    does when no card has a land back face.)"""
    cdef int k, face = -1
    while land_in_hand(R, S, g) and land_plays_left(R, g) > 0:
        k = choose_land_face(R, S, g, v, &face)
        if k < 0:
            break
        play_from_hand(R, S, g, rng, k, face)
    if S.fetch_lands:
        crack_fetch_lands(R, S, g, rng)


cdef inline void play_from_hand(Rules* R, Spec* S, Game* g, Rng* rng, int k, int face) noexcept nogil:
    """The card at index k of the hand is played as a land with face `face` up (its own row, or
    its back face's: 712.12)."""
    remove_from_hand(R, g, k)
    trace(g, TR_LAND, face, 0)
    play_a_land(R, S, g, rng, face, 0)
    if g.snapshots:
        snapshot(g, TR_LAND)


cdef int fetch_ability(Rules* R, int row) noexcept nogil:
    """The index among card `row`'s activated abilities of its fetch land's ability, -1 if it
    is no fetch land: a land without mana abilities whose ability sacrifices it, costs no mana
    (only {T} and life besides) and puts lands onto the battlefield (701.23: Prismatic Vista,
    Evolving Wilds). Cracking one loses none of the turn's mana (it makes none), and the land
    it finds makes some at once if it enters untapped."""
    cdef Card* c = &R.cards[row]
    cdef Activated* a
    cdef int k
    if not (c.types & CT_LAND) or c.n_mana:
        return -1
    for k in range(c.n_activated):
        a = &R.activated[c.activated_first + k]
        if (a.effect >= 0 and a.sacrifice_self and a.cost < 0 and not a.untap and not a.remove_n
                and not a.from_hand and not a.discard_n and a.sacrifice_filter < 0
                and R.effects[a.effect].land_search >= 0
                and R.ops[R.effects[a.effect].land_search].flags & OF_TO_BATTLEFIELD):
            return k
    return -1


cdef void crack_fetch_lands(Rules* R, Spec* S, Game* g, Rng* rng) noexcept nogil:
    """Crack the fetch lands you control (fetch_ability) that can be activated now and whose
    search finds a land (search_finds): after the land drop (play_land_faces: the turn's, and
    those spells or cycling let be made), before the turn's spells are chosen, so that the land
    found (untapped: Prismatic Vista) is there to pay for them (602, 701.23). A fetch land whose
    search would find nothing is kept (a land still). use_abilities leaves fetch lands to this."""
    cdef int i = 0, k
    cdef Activated* a
    cdef Board b
    while i < g.n:
        k = fetch_ability(R, g.perms[i].card) if g.perms[i].controller == 0 else -1
        if k < 0:
            i += 1
            continue
        a = &R.activated[R.cards[g.perms[i].card].activated_first + k]
        b = game_board(g)
        if activation_fault(R, g, &b, i, a) != AF_NONE or not search_finds(R, g, &R.ops[R.effects[a.effect].land_search], 0):
            i += 1
            continue
        trace(g, TR_ACTIVATE_WAY, i, k | ((i + 1) << 8))
        trace(g, TR_ACTIVATE, g.perms[i].card, 0)
        resolve_activation(R, S, g, rng, i, k, -1)
        if g.snapshots:
            snapshot(g, TR_ACTIVATE)
        i = 0                                    # rows have moved: look again from the top


cdef inline bint plain_mana_ability(ManaAbility* a) noexcept nogil:
    """A mana ability whose whole cost is {T} and that does nothing but add unrestricted mana
    ("{T}: Add {G}", a bounce land's "{T}: Add {G}{U}"): tapping a land for it before the land
    leaves costs the player nothing but the land's mana, which goes to the pool."""
    return (a.tap and not a.untap and a.cost < 0 and a.life == 0 and not a.sacrifice_self
            and a.remove_n == 0 and a.remove_x == 0 and a.marks == 0 and a.effect < 0 and a.restriction < 0
            and a.tap_filter < 0)


cdef bint taps_plainly(Rules* R, Game* g, Board* b, int i) noexcept nogil:
    """Could the goldfish tap permanent i now for mana by a plain_mana_ability whose mana can
    still be spent this turn (its main phase: Game.main_phase)?"""
    cdef int rows[MAXMANA + 1]
    cdef int k, n
    if not g.main_phase or g.perms[i].flags & PF_TAPPED:
        return False
    n = mana_ability_rows(R, b, i, rows)
    for k in range(n):
        if plain_mana_ability(&R.mana[rows[k]]) and ability_ready(R, b, i, rows[k]):
            return True
    return False


cdef int land_to_return(Rules* R, Game* g, int who, int source_id) noexcept nogil:
    """The land the goldfish returns to its owner's hand for "return a land you control to its
    owner's hand" (a bounce land's enters ability; `source_id`: the object id of the permanent
    whose ability it is, -1 none) — the player's choice of their lands, -1 if they have none.
    In order: not the bounce land itself while another land is there (that would undo the
    land drop); one whose mana this turn is not lost by its leaving (tapped already, or
    untapped and tapped for its mana first: taps_plainly, tap_before_leaving); the one making
    the least mana (its units on the direct path), then of the fewest colours (the better
    lands stay); a basic land (played again untapped); a tapped one (its mana already made,
    and no colour chosen by tapping it now); the newest."""
    cdef int i, row, best = -1, units
    cdef int64_t key, best_key = -(<int64_t>1 << 62)
    cdef Board b
    cdef bint board_made = False
    for i in range(g.n):
        row = g.perms[i].card
        if not (types_of(R, &g.perms[i]) & CT_LAND) or g.perms[i].controller != who:
            continue
        key = <int64_t>(g.perms[i].object_id != source_id) << 40
        units = g.unit_of[row] if g.unit_of[row] else (R.cards[row].n_mana != 0)
        if not (g.perms[i].flags & PF_TAPPED):
            if not board_made:
                b = game_board(g)
                board_made = True
            if not taps_plainly(R, g, &b, i):
                key -= <int64_t>min(units, 15) << 32     # its mana lost this turn
        key += <int64_t>(15 - min(units, 15)) << 24
        key += <int64_t>(7 - popcount6(R.static_cp[row])) << 16
        key += <int64_t>((supertypes_of(R, &g.perms[i]) & ST_BASIC) != 0) << 12
        key += <int64_t>((g.perms[i].flags & PF_TAPPED) != 0) << 10
        key += i
        if key > best_key:
            best, best_key = i, key
    return best


DEF MAXLEAVING = 16             # tap_before_leaving: the outputs weighed


cdef int tap_before_leaving(Rules* R, Spec* S, Game* g, Rng* rng, int i, int who) noexcept nogil:
    """The goldfish taps its untapped permanent i for mana as it is about to leave the
    battlefield by the player's own effect (a bounce land returning it): a mana ability may be
    activated whenever the player has priority (605.3a), so while the effect is on the stack,
    and the mana stays in the pool until the phase ends (106.4), paying for the turn's spells —
    so it is done only in the main phase, by a plain_mana_ability (taps_plainly). Of the
    mana it could make (ability_outputs: replacement effects and triggered mana included), the
    output that lets the most of the hand be cast now (castable_spells, tried with the mana in
    the pool and the permanent tapped), then the most of the tracked cards (the deck's spells
    and --track cards: what their castable figures ask of this board), then the one giving
    most of the colours the hand asks for (colour_demand), then the first."""
    cdef Board b = game_board(g)
    cdef int rows[MAXMANA + 1]
    cdef Vec outs[MAXLEAVING]
    cdef int16_t ability[MAXLEAVING]
    cdef Vec found[MAXOPT]
    cdef Vec owns[MAXOPT]
    cdef uint8_t cp[MAXPERM]
    cdef int demand[5]
    cdef int n_rows, k, q, t, n = 0, m, best = 0, score, best_score = -1, n_gone = 0
    cdef int16_t gone[MAXPERM]
    cdef uint16_t flags = g.perms[i].flags
    cdef PlanStep st
    cdef ManaView* v = &(<Scratch*>g.scratch).cast_view
    cdef int asked = 0
    if not taps_plainly(R, g, &b, i):
        return 0
    goldfish_could_produce(R, g, &b, cp)
    b.over = 0
    n_rows = mana_ability_rows(R, &b, i, rows)
    for k in range(n_rows):
        if not (plain_mana_ability(&R.mana[rows[k]]) and ability_ready(R, &b, i, rows[k])):
            continue
        m = ability_outputs(R, &b, i, rows[k], cp, 0, found, owns)
        for q in range(m):
            if n < MAXLEAVING and vec_total(&found[q]) > 0:
                outs[n] = found[q]
                ability[n] = <int16_t>k
                n += 1
    if n == 0 or b.over:
        return 0
    if n > 1:                            # a choice: each output on trial
        colour_demand(R, S, g, demand)
        for q in range(n):
            set_flags(g, i, flags | PF_TAPPED)
            for t in range(6):
                g.bi.pool[who][t] += outs[q].m[t]
            board_changed(g)
            view_prepare(R, g, v)
            score = castable_spells(R, S, g, v) << 20
            for k in range(S.n_track):
                score += <int>card_payable(R, S, g, v, S.track[k], True) << 8
            for t in range(5):
                if outs[q].m[t] > 0:
                    score += min(demand[t], 15)
            for t in range(6):
                g.bi.pool[who][t] -= outs[q].m[t]
            set_flags(g, i, flags)
            board_changed(g)
            if score > best_score:
                best, best_score = q, score
        for t in range(6):
            if outs[best].m[t] > 0:
                asked = t + 1
                break
    st.perm = <int16_t>i
    st.ability = ability[best]
    st.removed = 0                      # (a plain ability removes no counters...
    st.tap_other = 0                    # ...and taps nothing else)
    st.stage = -1
    st.out = outs[best]
    vec_clear(&st.spend)
    b = game_board(g)
    carry_out_step(R, g, &b, &st, gone, &n_gone, who)    # (a plain ability sacrifices nothing)
    board_changed(g)
    if g.n_tapped:
        tapped_triggers(R, S, g, rng)
    return 1 + ability[best] | asked << 8


cdef enum SpecialAction:          # a way the policy weighs that is no cast: exiling a card from the hand
    SA_NONE = 0                  # (a cast)
    SA_SUSPEND = 1               # for its suspend cost (702.62a, 116.2f)
    SA_PLOT = 2                  # for its plot cost (702.170a, 116.2k)


cdef struct Cast:                 # one way to cast a spell, as the policy weighs it
    int32_t row
    int x
    bint kicked
    bint flashback               # from the graveyard for its flashback cost (702.34)
    int special                  # not cast: a SpecialAction exiling it from the hand (SA_NONE: cast)
    int commander                # from the command zone: the commander's index (Game.commander,
                                 # 903.8), else -1
    int spend                    # mana it takes
    int64_t key                  # the policy's order: the highest is cast first
    TotalCost cost


cdef bint held(Rules* R, Spec* S, Game* g, int row, bint flashback) noexcept nogil:
    """Is card `row`, whose Spec.hold is set, not cast now: held by the play policy (HOLD_NEVER),
    a card with suspend in the hand (HOLD_SUSPEND: weighed by cast_spells' suspend pass, not with
    the others), or a spell needing a target card its graveyard lacks (HOLD_TARGETS:
    graveyard_has_targets, 601.2c; `flashback`: cast from there)? The callers test S.hold first,
    so that the cards with none of them pay nothing."""
    if S.hold[row] & HOLD_NEVER or (S.hold[row] & HOLD_SUSPEND and not flashback):
        return True
    return lacks_targets(R, S, g, row, flashback)


cdef inline bint lacks_targets(Rules* R, Spec* S, Game* g, int row, bint flashback) noexcept nogil:
    """Is card `row` a spell needing a target card its graveyard lacks (HOLD_TARGETS:
    graveyard_has_targets, 601.2c; `flashback`: cast from there)?"""
    return (S.hold[row] & HOLD_TARGETS) != 0 and not graveyard_has_targets(
        R, g, R.cards[row].spell_effect, 0, row if flashback else -1)


cdef bint way_to_cast(Rules* R, Spec* S, Game* g, ManaView* v, int row, bint flashback,
                      int commander, int* most, Cast* out) noexcept nogil:
    """How the policy would cast card `row` now (from hand; from the graveyard with flashback;
    or, `commander` >= 0, the goldfish's commander of that index from the command zone, with
    its tax, 903.8): X as large as can be paid and at least the policy's smallest X (107.3),
    kicked if the kicked cost can be paid too (702.33). False if it can't be paid, or if the
    simulator never casts it (Card.uncastable: an unread cost or restriction on casting it)."""
    cdef TotalCost buf, kicked_buf
    cdef TotalCost* c
    cdef TotalCost* kicked
    cdef HallDemand* h
    cdef int x = 0, alt = 1 if flashback else 0, cost_row, xs
    cdef int tax = 2 * g.command_casts[commander] if commander >= 0 else 0
    cdef bint from_hand = not flashback and commander < 0
    if R.cards[row].uncastable:
        return False
    xs = 0
    if flashback or S.gf[row] & GF_X:
        cost_row = R.cards[row].flashback if flashback else R.cards[row].cost
        xs = R.costs[cost_row].x if cost_row >= 0 else 0
    if xs:
        if most[0] < 0:
            most[0] = view_max_mana(R, g, v)
            view_prepare(R, g, v)           # max_mana may have replaced the direct view
        x = most[0] // xs
        if x > MAXX:                        # (spell_cost's total would overflow its fields)
            x = MAXX
            g.over |= GO_X
        while x >= S.min_x:                 # the largest X that can be paid
            if payable_now(R, S, g, v, row, taxed_cost(R, S, g, row, x, False, tax, alt, from_hand, &buf)):
                break
            x -= 1
        if x < S.min_x:
            return False
    c = taxed_cost(R, S, g, row, x, False, tax, alt, from_hand, &buf)
    if not payable_now(R, S, g, v, row, c):
        return False                    # (kicked costs more: it can't be paid either)
    out.kicked = False
    if S.kicker and R.cards[row].kicker >= 0:
        kicked = taxed_cost(R, S, g, row, x, True, tax, alt, from_hand, &kicked_buf)
        if payable_now(R, S, g, v, row, kicked):
            c = kicked
            out.kicked = True
    out.row = row
    out.x = x
    out.flashback = flashback             # (out.special: left SA_NONE, cast_spells')
    out.commander = commander
    out.cost = c[0]
    h = known_demand(R, S, g, row, c)
    out.spend = h.total if h != NULL else cost_total(c)     # (a plain cost's demand: its total)
    out.key = cast_key(S, row, out.spend, R.cards[row].mana_value)
    return True


cdef inline int64_t cast_key(Spec* S, int row, int64_t spend, int64_t mv) noexcept nogil:
    """The policy's order of a way to cast card `row` taking `spend` mana, of mana value `mv`:
    the highest is taken first (Spec.spell_order, after the deck's ranks)."""
    cdef int64_t rank = S.rank[row], first, a, b
    first = 1000 - rank if rank > 0 else 0
    if S.spell_order == SO_MOST_MANA:
        a, b = spend, mv
    elif S.spell_order == SO_HIGHEST_MANA_VALUE:
        a, b = mv, spend
    else:
        a, b = 1000 - mv, spend
    return (first << 40) | (a << 20) | b


# way_to_cast for a commander, called through a pointer: with a third direct call the C compiler
# stopped inlining way_to_cast into cast_spells (measured: +5% instructions a game of the Fire
# Crystal deck, which has no commander).
cdef bint (*commander_way)(Rules*, Spec*, Game*, ManaView*, int, bint, int, int*, Cast*) noexcept nogil
commander_way = way_to_cast


cdef inline TotalCost* taxed_cost(Rules* R, Spec* S, Game* g, int row, int x, bint kicked, int tax,
                                  int alternative, bint from_hand, TotalCost* buf) noexcept nogil:
    """spell_cost with a commander tax (903.8) of `tax` generic mana."""
    if tax == 0:
        return spell_cost(R, S, g, row, x, kicked, alternative, from_hand, buf)
    return changed_cost(R, S, g, row, x, kicked, tax, alternative, from_hand, buf)


# way_to_suspend and way_to_cast for cast_spells' suspend pass, called through pointers: only
# decks with suspend weigh them there, and inlined a second time they took way_to_cast's inlining
# into the hand's pass away (measured: +1.5% instructions a game on red_fire_crystal, which has none)
cdef bint (*the_way_to_suspend)(Rules*, Spec*, Game*, ManaView*, int, Cast*) noexcept nogil
the_way_to_suspend = way_to_suspend
cdef bint (*the_way_to_cast)(Rules*, Spec*, Game*, ManaView*, int, bint, int, int*, Cast*) noexcept nogil
the_way_to_cast = way_to_cast


cdef void cast_spells(Rules* R, Spec* S, Game* g, Rng* rng, int8_t* cast_turn, int turn,
                      ManaView* fresh) noexcept nogil:
    """Cast spells while one can be paid for, in the policy's order (by default the one
    spending the most mana first, then the highest mana value, then the first in hand); a
    commander in the command zone is weighed with the hand, as if it were there (903.8: it may
    be cast from there, with its tax; ties go to the hand); cards with flashback from the
    graveyard once nothing in hand can be cast. A card with suspend is suspended whenever its
    suspend cost can be paid, never cast from the hand then (way_to_suspend), weighed after the
    hand's other cards (a tie goes to them: HOLD_SUSPEND). The cards plotted on an earlier turn are
    cast first (cast_plotted); a card with plot is plotted only once nothing can be cast, with the
    mana left (way_to_plot). A second copy of a legendary permanent you control is not cast."""
    cdef ManaView* v = fresh if fresh != NULL else &(<Scratch*>g.scratch).cast_view
    cdef int k, q, best, row, most
    cdef Cast way, chosen
    cdef bint better, any_way
    if g.n_exiled and S.plots and cast_plotted(R, S, g, rng, cast_turn, turn):     # (702.170d: first)
        v = &(<Scratch*>g.scratch).cast_view   # the board has changed
    way.special = SA_NONE                      # (way_to_cast leaves it; way_to_suspend, way_to_plot set it)
    while True:
        if v != fresh:                         # `fresh` describes the board as it is now
            view_prepare(R, g, v)
        most = -1                              # the most mana the board makes (for X)
        best = -1                              # the first index in hand of the chosen row
        any_way = False
        for q in range(g.n_rows[0]):
            row = g.rows[0][q]
            if S.hold[row] and held(R, S, g, row, False):
                continue
            if S.gf[row] & GF_LEGENDARY and g.in_play[row]:
                continue
            if not way_to_cast(R, S, g, v, row, False, -1, &most, &way):
                continue
            better = not any_way or way.key > chosen.key
            if any_way and way.key == chosen.key:    # ties go to the first in hand
                if best < 0:
                    best = first_in_hand(g, chosen.row)
                k = first_in_hand(g, row)
                better = k < best
                if better:
                    best = k
            elif better:
                best = -1
            if better:
                chosen = way
                any_way = True
        if S.suspends:                         # (the cards with suspend: the policy suspends one whenever it can)
            for q in range(g.n_rows[0]):
                row = g.rows[0][q]
                if (S.hold[row] & HOLD_SUSPEND and not (S.hold[row] & HOLD_NEVER)
                        and not (S.gf[row] & GF_LEGENDARY and g.in_play[row])
                        and (the_way_to_suspend(R, S, g, v, row, &way)
                             or (not lacks_targets(R, S, g, row, False)
                                 and the_way_to_cast(R, S, g, v, row, False, -1, &most, &way)))
                        and (not any_way or way.key > chosen.key)):
                    chosen = way
                    any_way = True
                    best = -1
        way.special = SA_NONE                  # (the commander's and flashback's ways are casts)
        for q in range(g.n_commander if g.command_n else 0):
            row = g.commander[q]
            if (g.in_command[q] and not (S.hold[row] and held(R, S, g, row, False))
                    and not (S.gf[row] & GF_LEGENDARY and g.in_play[row])
                    and commander_way(R, S, g, v, row, False, q, &most, &way)
                    and (not any_way or way.key > chosen.key)):
                chosen = way
                any_way = True
        if not any_way and S.flashback:
            for q in range(g.n_flashback):
                row = g.flashback[q]
                if not (S.hold[row] and held(R, S, g, row, True)) and way_to_cast(R, S, g, v, row, True, -1, &most,
                                                                                  &way) and (
                        not any_way or way.key > chosen.key):
                    chosen = way
                    any_way = True
        if not any_way and S.plots:            # (then the mana left plots a card: way_to_plot)
            for q in range(g.n_rows[0]):
                if the_way_to_plot(R, S, g, v, g.rows[0][q], &way) and (not any_way or way.key > chosen.key):
                    chosen = way
                    any_way = True
            way.special = SA_NONE
        if not any_way:
            break
        row = chosen.row
        if chosen.flashback:                   # 601.2a: to the stack, then pay
            card_leaves_graveyard(g, 0, row)
        elif chosen.commander >= 0:            # (the tax counts this cast from now on: 903.8)
            g.in_command[chosen.commander] = False
            g.command_n -= 1
            if g.command_casts[chosen.commander] < 255:
                g.command_casts[chosen.commander] += 1
            g.gen += 1
        else:
            remove_from_hand(R, g, best if best >= 0 else first_in_hand(g, row))
        if not pay(R, g, &chosen.cost, v, casting(-1 if chosen.special else row)):   # can't happen: payable
            break                                                                     # was just checked
        if g.n_tapped:                         # (they resolve before the spell does)
            tapped_triggers(R, S, g, rng)
        state_based_actions(R, S, g, rng)      # 117.3c, 704.3: the caster gets priority
        v = &(<Scratch*>g.scratch).cast_view   # the board has changed
        g.spent += chosen.spend
        if chosen.special:                     # (116.2f, 116.2k: a special action, no spell cast)
            trace(g, TR_CAST_WAY, row, 1 << 21 if chosen.special == SA_PLOT else 1 << 19)
            if chosen.special == SA_PLOT:
                plot_card(g, row, 0)
            else:
                suspend_card(R, g, row, 0)
            if g.snapshots:
                snapshot(g, TR_CAST)
            continue
        trace(g, TR_CAST_WAY, row, chosen.x | (chosen.kicked << 16) | (chosen.flashback << 17)
              | ((chosen.commander >= 0) << 18))
        trace(g, TR_CAST, row, chosen.spend)
        q = S.tracked_as[row]
        if q >= 0 and cast_turn[q] == <int8_t>NOT_CAST:
            cast_turn[q] = turn
        resolve_spell(R, S, g, rng, row, chosen.x, chosen.kicked, chosen.flashback, 0)
        if g.snapshots:
            snapshot(g, TR_CAST)
        if g.extra_land_drops and land_in_hand(R, S, g):   # (Explore: another land, then more spells)
            view_prepare(R, g, v)
            if S.land_faces or S.fetch_lands:
                play_land_faces(R, S, g, rng, v)
            else:
                play_lands(R, S, g, rng, v)


cdef int copy_target(Rules* R, Game* g, int source) noexcept nogil:
    """The creature to copy: the one with the greatest power (a nontoken one on ties); never
    a legendary one (704.5j would put one of the two into the graveyard at once), nor the
    source if the ability's cost sacrifices it (`source` >= 0: it would be gone, 608.2b)."""
    cdef int i, best = -1, p, best_p = -1000
    cdef Board b = game_board(g)
    for i in range(g.n):
        if (not (types_of(R, &g.perms[i]) & CT_CREATURE) or g.gf[g.perms[i].card] & GF_LEGENDARY
                or i == source):
            continue
        p = power_of(R, &b, i) * 2 + ((g.perms[i].flags & PF_TOKEN) == 0)
        if p > best_p:
            best, best_p = i, p
    return best


# ---- the library's top and cycling: which cards the player wants --------------------------------

cdef int lands_had(Rules* R, Spec* S, Game* g) noexcept nogil:
    """The player's lands in play and in hand (counts_as_land: a spell // land card too)."""
    return count_of(g, K_LANDS) + g.hand_lands + (spell_lands_in_hand(R, g) if S.spell_lands else 0)


cdef bint lands_wanted(Rules* R, Spec* S, Game* g, int lands) noexcept nogil:
    """Does a player with `lands` lands (in play and in hand) want more? While they are fewer
    than S.land_goal, the highest mana value among the deck's spells (the land drops its curve
    needs), or than the mana values of the spells in hand and the commanders in the command
    zone added up (mana to cast them all)."""
    cdef int q, need = 0
    if lands < S.land_goal:
        return True
    for q in range(g.hand_n[0]):
        if not counts_as_land(R, S, g.hand[0][q]):
            need += R.cards[g.hand[0][q]].mana_value
    for q in range(g.n_commander if g.command_n else 0):
        if g.in_command[q]:
            need += R.cards[g.commander[q]].mana_value
    return lands < need


cdef bint wanted_card(Rules* R, Spec* S, Game* g, int row, int in_hand, int extra_lands) noexcept nogil:
    """Does the player want card `row` (a card looked at by scry or surveil: kept on top if so;
    a card in hand with cycling: cycled if not)? Its lands are those in play and in hand,
    with `extra_lands` more (lands a scry kept on top already), not counting the card itself
    if it is in hand (`in_hand`). A land is wanted while lands are (lands_wanted); a spell
    while it could be cast soon: its mana value at most those lands and one more (next turn's
    land drop), colours aside."""
    cdef int lands = lands_had(R, S, g) + extra_lands
    cdef bint land = counts_as_land(R, S, row)
    if in_hand and land:
        lands -= 1
    if land:
        return lands_wanted(R, S, g, lands)
    return R.cards[row].mana_value <= lands + 1


cdef int want_score(Rules* R, Spec* S, Game* g, int row, bint in_hand, int extra_lands) noexcept nogil:
    """How much the player wants card `row` next (a card of a look, or of the hand: `in_hand`),
    by wanted_card with `extra_lands` lands more: a land while lands are wanted (a missed land
    drop costs every later turn) most; then a spell it could cast soon, the higher its mana value
    the more (the most mana put to use); then any other spell, the lower its mana value the more
    (the soonest castable); a land not wanted least."""
    if counts_as_land(R, S, row):
        return 3 * 256 if wanted_card(R, S, g, row, in_hand, extra_lands) else 0
    if wanted_card(R, S, g, row, in_hand, extra_lands):
        return 2 * 256 + min(R.cards[row].mana_value, 255)
    return 256 - min(R.cards[row].mana_value, 255)


cdef int card_to_take(Rules* R, Spec* S, Game* g, int32_t* seen, uint8_t* taken, int m,
                      int extra_lands) noexcept nogil:
    """Which of the m cards `seen` by a look (the top first), not yet `taken`, the player puts
    into their hand next ("put K of them into your hand": look_to_hand), or on top next (the
    order a rearrange puts them back in, the first chosen drawn first): the one it wants most
    (want_score), whose lands count the cards already taken if they are in the hand, and
    `extra_lands` more (the lands put on top above this one). Ties: the one nearer the top."""
    cdef int q, score, best = -1, best_score = -1
    for q in range(m):
        if taken[q]:
            continue
        score = want_score(R, S, g, seen[q], False, extra_lands)
        if score > best_score:
            best, best_score = q, score
    return best


cdef int card_to_put_back(Rules* R, Spec* S, Game* g, uint8_t* taken, int lands_taken) noexcept nogil:
    """Which card of the goldfish's hand, not yet `taken`, it puts on top of its library next (a
    hand_to_top: Brainstorm), the first put going deepest: the one it wants least (want_score,
    the `lands_taken` lands already put back not counted as had), so that the one it wants
    more is drawn first. Ties: the later in the hand. -1 if none is left."""
    cdef int k, score, best = -1, best_score = 4 * 256
    for k in range(g.hand_n[0]):
        if taken[k]:
            continue
        score = want_score(R, S, g, g.hand[0][k], True, -lands_taken)
        if score <= best_score:
            best, best_score = k, score
    return best


cdef bint shuffles_away(Rules* R, Spec* S, Game* g, int32_t* seen, int m) noexcept nogil:
    """Does the player shuffle away the m cards `seen` by a look that lets them ("You may
    shuffle": Ponder)? When they want none of them (wanted_card): a random card of the library
    may be wanted, a known unwanted one is not."""
    cdef int q
    for q in range(m):
        if wanted_card(R, S, g, seen[q], False, 0):
            return False
    return True


cdef inline bint worth_cycling(Rules* R, Spec* S, Game* g, int row) noexcept nogil:
    """Is card `row` in hand worth cycling (702.29)? A card not wanted (wanted_card): a land while the
    lands are enough, a spell not castable soon; and for typecycling (a land searched for, 702.29e)
    only while a land is wanted too. Putting it onto the battlefield (puts_itself) always."""
    cdef Effect* e = &R.effects[R.activated[cycling_row(R, row)].effect]
    if puts_itself(R, row) or wanted_card(R, S, g, row, True, 0):
        return puts_itself(R, row)
    if e.land_search >= 0:
        return lands_wanted(R, S, g, lands_had(R, S, g) - (counts_as_land(R, S, row) != 0))
    return True


cdef void cycling_step(Rules* R, Spec* S, Game* g, Rng* rng, ManaView* v, int8_t* cast_turn,
                       int turn) noexcept nogil:
    """The turn's cycling (S.cyclers: a deck with cycling): cycle_cards, then, if a card was
    drawn, play a land (while a land play is left) and cast what can be. (Its own function,
    called apart from the turn's loop, so that the decks without cycling play the loop's code
    as compiled before; for the same reason its lands are played by play_land_faces, which
    chooses as play_lands does when no card has a land back face.)"""
    if cycle_cards(R, S, g, rng):
        view_prepare(R, g, v)
        play_land_faces(R, S, g, rng, v)
        cast_spells(R, S, g, rng, cast_turn, turn, NULL)


cdef int cycle_cards(Rules* R, Spec* S, Game* g, Rng* rng) noexcept nogil:
    """After casting and the abilities, with the mana left: cycle (702.29a) the cards in hand
    worth cycling (worth_cycling) whose cycling cost can be paid, the first in hand first, one
    by one (a card drawn may be cycled too). Returns how many were cycled."""
    cdef ManaView* v = &(<Scratch*>g.scratch).cast_view
    cdef TotalCost tc
    cdef int k, row, n = 0
    cdef bint again = True
    while again:
        again = False
        for k in range(g.hand_n[0]):
            row = g.hand[0][k]
            if cycling_row(R, row) < 0 or not worth_cycling(R, S, g, row):
                continue
            memset(&tc, 0, sizeof(TotalCost))
            add_cost(R, R.activated[cycling_row(R, row)].cost, 0, &tc)
            if cost_is_plain(&tc) and more_than_made(g, cost_total(&tc), 0):
                continue                         # (what view_payable would find)
            view_prepare(R, g, v)
            if not (view_payable(R, g, v, &tc, activating(row)) and pay(R, g, &tc, v, activating(row))):
                continue
            if g.n_tapped:                       # (they resolve before the ability does)
                tapped_triggers(R, S, g, rng)
            g.spent += cost_total(&tc)
            trace(g, TR_CYCLE, row, cost_total(&tc))
            cycle_card(R, S, g, rng, 0, first_in_hand(g, row))
            if g.snapshots:
                snapshot(g, TR_CYCLE)
            n += 1
            again = True
            break
    return n


cdef inline void combat(Rules* R, Spec* S, Game* g, Rng* rng) noexcept nogil:
    """Attack with every creature able to (508.1a)."""
    attack(R, S, g, rng, 0, NULL, 0)

# The players' choices inside game actions, each kind asked for in one place. The rules (actions)
# never ask the play policy: they read a choice off Game.choices, or ask here. Here a Scenario's
# game reads what its caller gave (Game.choices, set by GameState.load; default_choices where
# the caller gave none), and the goldfish asks its play policy. The choices made once for a
# whole action, the colour chosen and paying life for a land, the rules read off Game.choices
# in both (the goldfish's are the policy's: Spec.choices). The kinds are declared once, in
# mtgsim.vocabulary.CHOICE_KINDS (each its function here, its CHOICES field and default), and
# tests/project/test_vocabulary.py holds this room to them.
# Uses game (Game, Spec, Choices, IllegalChoice), counts (permanent_passes, controlled_by), abilities
# (mana_ability_rows, ability_ready), tapping (tap_rank), zones (counts_as_land), actions
# (find_object), library (searched_for), policy (wanted_card, card_to_take, shuffles_away, card_to_put_back,
# chosen_land, land_to_return, tap_before_leaving, want_score),
# activating (expendable_permanent, unwanted_cards, loyalty_to_activate).

cpdef enum ChoiceFault:          # why what a Scenario's caller gave for a choice is not what the rules
                                 # allow (IllegalChoice; the action is refused, scenario_choices.py)
    CF_NONE = 0
    CF_GONE = 1                  # the permanent is not on the battlefield
    CF_SOURCE = 2                # the ability's own source, where its cost takes another one
    CF_NOT_YOURS = 3             # controlled by a player other than the one the cost names
    CF_FILTER = 4                # not of the kind the cost names (a creature, an artifact, ...)
    CF_TAPPED = 5                # tapped, where the cost taps an untapped one (701.26a)
    CF_TOO_MANY = 6              # more cards than the cost discards, or the effect takes (701.9a, 401.2)
    CF_BEYOND = 7                # a place in a look past the cards it looked at (401.2)
    CF_ABSENT = 8                # a card named that is not in the hand as the effect puts cards back (401.4),
                                 # or as the cards are discarded (701.9a)
    CF_NO_SHUFFLE = 9            # "shuffle", where the effect doesn't let the player shuffle (701.24a)


cdef void note_illegal_choice(Game* g, int kind, int fault, int given, int source, int asked) noexcept nogil:
    """Note that what the caller gave for choice `kind` (a Choice) is not allowed (`fault`, a
    ChoiceFault; `given`, `asked`: see IllegalChoice), asked by permanent `source`'s cost (-1: by
    an effect): the first noted in an action is kept (GameState.illegal_choice reads it)."""
    if g.illegal.fault != CF_NONE:
        return
    g.illegal.fault = fault
    g.illegal.kind = kind
    g.illegal.given = given
    g.illegal.source_id = g.perms[source].object_id if source >= 0 else -1
    g.illegal.asked = asked


cdef inline void asked_for(Game* g, int kind) noexcept nogil:
    """Note that the action asks for choice `kind` (a Choice): what a Scenario's caller gives for
    a kind its action never asks for is refused (Scenario), never silently unused. (The goldfish
    asks its play policy: nothing is noted.)"""
    if g.scenario:
        g.asked |= (<uint32_t>1) << kind


cdef int given_permanent(Rules* R, Game* g, Board* b, int kind, int object_id, int filter_row, int source, int who,
                         bint untapped, bint other) noexcept nogil:
    """The permanent with object id `object_id`, given by a Scenario's caller for choice `kind`
    (a Choice) of permanent `source`'s cost for player `who`, if it is one the cost may take —
    on the battlefield, not the source where the cost takes another (`other`, or the FILTER's),
    controlled by the player the FILTER row `filter_row` names, of its kind, untapped if
    `untapped` —: its index; else -1, why noted (note_illegal_choice). The one place a given
    permanent is checked."""
    cdef Filter* f = &R.filters[filter_row]
    cdef int i, fault = CF_GONE
    for i in range(b.n):
        if g.perms[i].object_id != object_id or not in_play(b, i):
            continue
        if (other or f.other) and i == source:
            fault = CF_SOURCE
        elif not controlled_by(f, controller(b, i), who):
            fault = CF_NOT_YOURS
        elif not permanent_passes(R, b, f, i, source, who):
            fault = CF_FILTER
        elif untapped and g.perms[i].flags & PF_TAPPED:
            fault = CF_TAPPED
        else:
            return i
        break
    note_illegal_choice(g, kind, fault, object_id, source, filter_row)
    return -1


# given_permanent, called through a pointer: a Scenario's only, it stays out of the goldfish's
# payments, which inline creature_to_tap (measured: inlined, it took carry_out_step's inlining
# into pay away, +0.6% instructions a game on decks without such a cost)
cdef int (*the_given_permanent)(Rules*, Game*, Board*, int, int, int, int, int, bint, bint) noexcept nogil
the_given_permanent = given_permanent


cdef int loyalty_ability(Rules* R, Spec* S, Game* g, int i) noexcept nogil:
    """Which loyalty ability planeswalker i activates when the player's pick is asked (606.3: one
    a turn; its index among its card's activated abilities, -1 none): in a Scenario's game the one
    g.choices.loyalty_ability names, if given (its caller checked that it is one), else, as in the
    goldfish, the play policy's (loyalty_to_activate)."""
    if g.scenario:
        asked_for(g, CH_LOYALTY_ABILITY)
        if g.choices.loyalty_ability >= 0:
            return g.choices.loyalty_ability
    return loyalty_to_activate(R, S, g, i)


cdef inline Choices given_by_default() noexcept nogil:
    """The choices a Scenario's caller didn't give (docs/rules-core.md): white for "choose a
    colour" and mana of any colour; life paid for a land to enter untapped whenever it can be
    (119.4); the land a bounce land returns by returned_land's rule; every card scry and
    surveil look at kept on top, in its order; the top cards of a look put into the hand; the cards
    put back on top from the hand, the last put into it (cards_to_top); the
    sacrifice, the discards and the permanent tapped a cost asks for by the rules of
    permanent_to_sacrifice, cards_to_discard and creature_to_tap; the cards of a rearrange put back
    as they were; the loyalty ability the play policy picks (loyalty_to_activate)."""
    cdef Choices c
    c.color = MT_W
    c.pay_life_above = -32768
    c.bounce_object = -1
    c.keep_on_top = ~(<uint64_t>0)
    c.to_hand = 0
    c.sacrifice_object = -1
    c.tap_object = -1
    c.discard = 0
    c.top_order = 0
    c.top_cards = 0
    c.loyalty_ability = -1
    c.flips_lost = 0
    return c


def default_choices():
    """A CHOICES record (schema.CHOICES_DTYPE) of the choices a Scenario's caller didn't give
    (given_by_default): what GameState.load reads when given none."""
    cdef Choices c = given_by_default()
    return np.asarray(<Choices[:1]>(&c)).copy()


cdef inline bint keeps_on_top(Rules* R, Spec* S, Game* g, int row, int* kept_lands) noexcept nogil:
    """Does the player keep card `row`, looked at by a scry or surveil, on top of their library
    (701.22a, 701.25a)? In a Scenario's game the next bit of g.choices.keep_on_top (past the
    64th card: kept); in the goldfish the play policy's wanted_card, which counts the lands
    kept on top so far in this look (`kept_lands`, kept here)."""
    cdef uint8_t keep
    if g.scenario:
        asked_for(g, CH_KEEP_ON_TOP)
        keep = 1 if g.n_looked >= 64 else <uint8_t>((g.choices.keep_on_top >> g.n_looked) & 1)
        g.n_looked += 1
        return keep
    keep = wanted_card(R, S, g, row, False, kept_lands[0])
    if keep and counts_as_land(R, S, row):
        kept_lands[0] += 1
    return keep


cdef inline bint to_hand_given(Game* g) noexcept nogil:
    """Did a Scenario's caller give "to_hand" (Choices.to_hand's bit 63; the places, maybe none, in
    bits 0..62: places_given)?"""
    return (g.choices.to_hand >> 63) & 1


cdef inline uint64_t places_given(Game* g) noexcept nogil:
    """The places in a look a Scenario's caller gave for "to_hand" (bit q: the q-th card looked at)."""
    return g.choices.to_hand & (((<uint64_t>1) << 63) - 1)


cdef inline int goes_to_hand(Rules* R, Spec* S, Game* g, int32_t* seen, uint8_t* taken, int m) noexcept nogil:
    """Which of the m cards `seen` by a look (the top first), not yet `taken`, the player puts
    into their hand next ("put K of them into your hand": look_to_hand): its index. In a
    Scenario's game the first not taken whose bit of g.choices.to_hand is set (bit q: the q-th
    card of the look; a bit past the m cards: noted, note_illegal_choice), else the first not
    taken (by default: the top K); in the goldfish the play policy's card_to_take."""
    cdef int q
    if not g.scenario:
        return card_to_take(R, S, g, seen, taken, m, 0)
    asked_for(g, CH_TO_HAND)
    if m < 63 and places_given(g) >> m:
        note_illegal_choice(g, CH_TO_HAND, CF_BEYOND, highest_bit(places_given(g)), -1, m)
    for q in range(m):
        if not taken[q] and (places_given(g) >> q) & 1:
            return q
    for q in range(m):
        if not taken[q]:
            return q
    return -1


cdef int revealed_to_hand(Rules* R, Spec* S, Game* g, int32_t* seen, uint8_t* taken, uint8_t* may_take,
                          int m) noexcept nogil:
    """Which of the m cards `seen` by a look (the top first), not yet `taken`, of the kind the effect
    lets the player take (`may_take`), the player puts into their hand next ("You may reveal a
    colorless card from among them and put it into your hand": look_reveal), or -1: none. In a
    Scenario's game the first such card whose bit of g.choices.to_hand is set (bit q: the q-th card
    of the look; a place past them, or of a card it may not take: noted; none given: the top ones);
    in the goldfish the play policy's
    card_to_take among them: it always takes one if it may (a card in hand is never worse to it
    than one on the bottom of its library or in its graveyard)."""
    cdef uint8_t barred[MAXLOOK]
    cdef int q
    for q in range(m):
        barred[q] = taken[q] or not may_take[q]
    if not g.scenario:
        return card_to_take(R, S, g, seen, barred, m, 0)
    asked_for(g, CH_TO_HAND)
    if not to_hand_given(g):               # (none given: the top one(s) it may take)
        for q in range(m):
            if not barred[q]:
                return q
        return -1
    for q in range(m):
        if (places_given(g) >> q) & 1 and not taken[q]:
            if not may_take[q]:            # (a card the effect doesn't let the player take: noted)
                note_illegal_choice(g, CH_TO_HAND, CF_FILTER, q, -1, m)
            else:
                return q
    if m < 63 and places_given(g) >> m:
        note_illegal_choice(g, CH_TO_HAND, CF_BEYOND, highest_bit(places_given(g)), -1, m)
    return -1


cdef bint order_on_top(Rules* R, Spec* S, Game* g, int32_t* seen, int m, bint may_shuffle,
                       int32_t* order) noexcept nogil:
    """The order the player puts the m cards `seen` by a rearrange (the top first) back on top of
    their library in (401.4): their places in the look into `order`, the one to be on top first;
    or, if the effect lets them (`may_shuffle`) and they do, True: they shuffle instead (701.24a).
    In a Scenario's game g.choices.top_order (its bytes, from the lowest: 1 + the place of the
    card put next from the top; the cards not listed after, in their order; all bits set: shuffled;
    a place past the m cards, or shuffled where it may not be: noted, note_illegal_choice); in the goldfish the play policy's: shuffled if it wants none of them
    (shuffles_away), else the card it wants most on top, card by card (card_to_take, the lands
    above counted as had)."""
    cdef uint8_t placed[MAXLOOK]
    cdef uint64_t given = g.choices.top_order
    cdef int k = 0, q, pick, lands = 0
    memset(placed, 0, sizeof(placed))
    for q in range(m):                   # (shuffled: put back as they were, then shuffled)
        order[q] = q
    if g.scenario:
        asked_for(g, CH_TOP_ORDER)
        if given == ~(<uint64_t>0):
            if may_shuffle:
                return True
            note_illegal_choice(g, CH_TOP_ORDER, CF_NO_SHUFFLE, 0, -1, m)
            given = 0
        while given & 0xFF:
            q = <int>(given & 0xFF) - 1
            given >>= 8
            if q >= m:
                note_illegal_choice(g, CH_TOP_ORDER, CF_BEYOND, q, -1, m)
            elif not placed[q]:
                placed[q] = 1
                order[k] = q
                k += 1
        for q in range(m):
            if not placed[q]:
                order[k] = q
                k += 1
        return False
    if may_shuffle and shuffles_away(R, S, g, seen, m):
        return True
    for k in range(m):
        pick = card_to_take(R, S, g, seen, placed, m, lands)
        placed[pick] = 1
        order[k] = pick
        lands += counts_as_land(R, S, seen[pick])
    return False


cdef int cards_to_top(Rules* R, Spec* S, Game* g, int who, int n, int32_t* out) noexcept nogil:
    """The n cards of player who's hand an effect puts on top of their library ("in any order",
    401.4: hand_to_top): their indexes in the hand into `out`, in the order put there (the last
    on top); returns how many (fewer only if the hand has fewer). In a Scenario's game the cards
    g.choices.top_cards names (its 16-bit parts from the lowest: 1 + the card row of the one put
    next from the top), each the first copy in hand not chosen, under them the last cards of the
    hand not chosen, the last one deepest (by default Brainstorm's draws go back as they were
    drawn; more names than n cards, or a name not in the hand: noted, note_illegal_choice); in the goldfish the play policy's (card_to_put_back: the one it wants least deepest)."""
    cdef uint8_t taken[MAXHAND]
    cdef int32_t named[4]
    cdef uint64_t given = g.choices.top_cards
    cdef int k, m = 0, n_named = 0, lands = 0
    n = min(n, g.hand_n[who])
    memset(taken, 0, sizeof(taken))
    if not g.scenario:
        while m < n:
            k = card_to_put_back(R, S, g, taken, lands)
            taken[k] = 1
            lands += counts_as_land(R, S, g.hand[0][k])
            out[m] = k
            m += 1
        return m
    asked_for(g, CH_CARDS_TO_TOP)
    while given & 0xFFFF:
        if n_named == n:                  # (n <= 4 here: at most 4 names are given)
            note_illegal_choice(g, CH_CARDS_TO_TOP, CF_TOO_MANY, n_named + 1, -1, n)
            break
        for k in range(g.hand_n[who]):
            if not taken[k] and g.hand[who][k] == <int>(given & 0xFFFF) - 1:
                taken[k] = 1
                named[n_named] = k
                n_named += 1
                break
        else:
            note_illegal_choice(g, CH_CARDS_TO_TOP, CF_ABSENT, <int>(given & 0xFFFF) - 1, -1, n)
            break
        given >>= 16
    for k in range(g.hand_n[who] - 1, -1, -1):
        if m + n_named < n and not taken[k]:
            taken[k] = 1
            out[m] = k
            m += 1
    for k in range(n_named - 1, -1, -1):
        out[m] = named[k]
        m += 1
    return m


cdef inline int land_to_search(Rules* R, Spec* S, Game* g, Op* e, bint to_battlefield) noexcept nogil:
    """The card row of the land player 0 of the goldfish searches for (search_land, by
    OP_SEARCH_LAND op `e`), the play policy's chosen_land if the deck has kinds of land to
    choose from (S.land_choice); -1: the first one found (always in a Scenario's game, whose
    player takes the first from the top: Scenario has no argument for it)."""
    if g.scenario or not S.land_choice:
        return -1
    return chosen_land(R, S, g, e, to_battlefield)


cdef int card_from_graveyard(Rules* R, Spec* S, Game* g, Filter* f, int effect, int who) noexcept nogil:
    """The card row of the card player `who` returns from their graveyard to their hand (a
    target of OP_GRAVEYARD_TO_HAND in EFFECT row `effect`, 115.1: one passing filter f), -1 if
    none may be (608.2b): in a Scenario's game the newest (Scenario has no argument for it); in
    the goldfish the one the play policy wants most in hand (want_score), ties the newest, and a
    copy of the spell returning it only if nothing else may be (it would only return another)."""
    cdef int k, row, score, best = -1, best_score = -1
    for k in range(g.grave_n[who] - 1, -1, -1):
        row = g.graveyard[who][k]
        if not card_passes(R, f, row):
            continue
        if g.scenario:
            return row
        score = want_score(R, S, g, row, False, 0) + (0 if R.cards[row].spell_effect == effect else 4 * 256)
        if score > best_score:
            best, best_score = row, score
    return best


cdef int card_to_delve(Rules* R, Game* g, int who) noexcept nogil:
    """The place in player who's graveyard of the card they exile next to pay a generic mana with
    delve (702.66a; -1 none there): in a Scenario's game the newest (Scenario has no argument for
    it); in the goldfish the one it loses least by: not one it may flash back (702.34a) if it can
    help it, then not the last card of one of its card types there (205.2a: what delirium and the
    goyfs count), then not an instant or sorcery (what "for each instant and sorcery card in your
    graveyard" counts); ties the newest (leave_graveyard takes a card's newest copy)."""
    cdef int k, q, t, row, types, keep, best = -1, best_keep = 1 << 30
    for k in range(g.grave_n[who] - 1, -1, -1):
        row = g.graveyard[who][k]
        if g.scenario:
            return k
        keep = 0
        for q in range(g.n_flashback if who == 0 else 0):
            if g.flashback[q] == row:
                keep = 4
        types = R.cards[row].types
        for t in range(9):
            if (types >> t) & 1 and g.bi.graveyard_types[who][t] == 1:
                keep += 2
                break
        if types & (CT_INSTANT | CT_SORCERY):
            keep += 1
        if keep < best_keep:
            best, best_keep = k, keep
    return best


cdef int card_to_search(Rules* R, Spec* S, Game* g, Op* e, bint to_hand, int x) noexcept nogil:
    """The card row of the card player 0 of the goldfish searches for (search_card, by OP_SEARCH_CARD op `e`):
    of those in its library's unseen part and the cards a mulligan put on its bottom that pass the search,
    into the hand (`to_hand`) the one it wants most in hand (want_score, as a look's take: a land while lands
    are wanted, then the costliest spell it could cast soon), a card doing this search itself (a copy of the
    tutor: it would only find another) last; onto the battlefield one with a mana ability (a mana rock, Sol
    Ring: its mana from the next turn on), else the one of greatest mana value (the most mana the search
    saves); the first found of equals. -1: none (a Scenario's game takes the first from the top: Scenario has
    no argument for it)."""
    cdef int k, row, score, best = -1, best_score = -1, op_row = <int>(e - R.ops), effect
    for k in range(g.lib_n[0] + g.bottom_n - g.bottom_next):
        row = g.library[0][k] if k < g.lib_n[0] else g.bottom[g.bottom_next + k - g.lib_n[0]]
        if searched_for(R, e, row, x):
            if to_hand:
                effect = R.cards[row].spell_effect
                score = want_score(R, S, g, row, False, 0) + (0 if effect >= 0 and R.effects[effect].op_first
                                                              <= op_row < R.effects[effect].op_first
                                                              + R.effects[effect].n_ops else 4 * 256)
            else:
                score = (R.cards[row].n_mana > 0) * 1024 + R.cards[row].mana_value
            if score > best_score:
                best, best_score = row, score
    return best


cdef inline int land_to_untap(Rules* R, Game* g, int who) noexcept nogil:
    """The tapped land player `who` untaps next ("untap up to N lands": untap_lands), -1 if
    they control none: in both games the simulator's rule (Scenario has no argument for it),
    the one making the most units of mana on the direct path first, then the oldest."""
    cdef int i, best = -1, most = -1
    for i in range(g.n):
        if (g.perms[i].controller == who and g.perms[i].flags & PF_TAPPED
                and types_of(R, &g.perms[i]) & CT_LAND and g.unit_of[g.perms[i].card] > most):
            best, most = i, g.unit_of[g.perms[i].card]
    return best


cdef bint coin_flip_lost(Game* g, Rng* rng) noexcept nogil:
    """A coin flipped by the player (705.1: won or lost, one chance in two; 705.2): lost? In the goldfish a bit
    of its random generator; in a Scenario's game the next bit of g.choices.flips_lost where its caller gave
    them (bit 63; past the 63rd flip: won), else a bit drawn from a hash of the game (its turn, objects and
    life totals: the same for the same game)."""
    cdef bint lost
    if not g.scenario:
        lost = (next64(rng) >> 63) != 0
        trace(g, TR_FLIP, -1, lost)             # (a replay gives it: tests/replay.py)
        return lost
    asked_for(g, CH_COIN_FLIPS)
    if g.choices.flips_lost >> 63:
        lost = g.n_flipped < 63 and (g.choices.flips_lost >> g.n_flipped) & 1
        g.n_flipped += 1
        return lost
    return (mtgsim_mix64(<uint64_t>g.next_id * 0x9e3779b97f4a7c15ULL + <uint64_t>g.bi.turn * 0x100000001b3ULL
                         + <uint64_t>(g.bi.life[0] + 1000) * 65536 + <uint64_t>(g.bi.life[1] + 1000)) >> 63) != 0


cdef int land_to_earthbend(Rules* R, Game* g, int who) noexcept nogil:
    """The land player `who` earthbends (a target, 701.66a), -1 if they control none: in both games the
    simulator's rule (Scenario has no argument for it), the earthbent one with the most +1/+1 counters (the
    counters on one attacker: fewer lands tap to attack), else an untapped one (with haste it attacks this
    turn), then the one making the fewest units of mana on the direct path, then the oldest."""
    cdef int i, score, best = -1, best_score = -1
    for i in range(g.n):
        if (g.perms[i].controller != who or not (types_of(R, &g.perms[i]) & CT_LAND)
                or g.perms[i].flags & PF_PHASED_OUT):
            continue
        if g.perms[i].flags & PF_EARTHBENT:
            score = (1 << 24) + g.perms[i].counters[<int>CK_P1P1]
        else:
            score = (0 if g.perms[i].flags & PF_TAPPED else 1 << 16) + 255 - min(g.unit_of[g.perms[i].card], 255)
        if score > best_score:
            best, best_score = i, score
    return best


cdef int returned_land(Rules* R, Spec* S, Game* g, Rng* rng, int who, int source_id) noexcept nogil:
    """The land player `who` returns to its owner's hand (a bounce land's ability; `source_id`:
    the object id of the permanent whose effect it is, -1 none): its index, -1 if they control
    none. In a Scenario's game the one with object id g.choices.bounce_object if it is theirs,
    else the newest tapped basic land, else the oldest; in the goldfish the play policy's
    (land_to_return), which first taps it for mana if it is untapped and that mana can still be
    spent this main phase (605.3a: a mana ability may be activated while the return is on the
    stack; 106.4: its mana stays in the pool through the phase: tap_before_leaving)."""
    cdef int i, best = -1, object_id, tapped = 0
    if not g.scenario:
        best = land_to_return(R, g, who, source_id)
        if best >= 0 and not (g.perms[best].flags & PF_TAPPED):
            object_id = g.perms[best].object_id
            tapped = tap_before_leaving(R, S, g, rng, best, who)
            best = find_object(g, object_id)
        if best >= 0:
            trace(g, TR_RETURN_LAND, g.perms[best].card, best | tapped << 8)
        return best
    asked_for(g, CH_LAND_TO_RETURN)
    for i in range(g.n):
        if not (types_of(R, &g.perms[i]) & CT_LAND) or g.perms[i].controller != who:
            continue
        if g.perms[i].object_id == g.choices.bounce_object:
            return i
        if best < 0 or ((g.perms[i].flags & PF_TAPPED) and supertypes_of(R, &g.perms[i]) & ST_BASIC):
            best = i
    if g.choices.bounce_object >= 0:      # (given, and not a land of theirs now: noted)
        i = find_object(g, g.choices.bounce_object)
        note_illegal_choice(g, CH_LAND_TO_RETURN, CF_GONE if i < 0 else CF_NOT_YOURS if g.perms[i].controller != who
                            else CF_FILTER, g.choices.bounce_object, -1, -1)
    return best


cdef void mana_before_sacrifice(Rules* R, Spec* S, Game* g, Rng* rng, int i, int who) noexcept nogil:
    """Before an effect of player `who`'s sacrifices their permanent i (City of Traitors as
    another land is played), the goldfish taps it for mana if it is untapped and the mana can
    still be spent this main phase (605.3a: a mana ability may be activated while the trigger is
    on the stack; 106.4: tap_before_leaving). A Scenario's caller taps it first if they will."""
    if not g.scenario and not (g.perms[i].flags & PF_TAPPED):
        tap_before_leaving(R, S, g, rng, i, who)


cdef int permanent_to_sacrifice(Rules* R, Spec* S, Game* g, int filter_row, int source, int who) noexcept nogil:
    """Which permanent player `who` sacrifices for a cost "Sacrifice a creature" (701.21a: one
    they control that FILTER row `filter_row` passes; `source`: the ability's permanent): its
    index, -1 if none passes. In a Scenario's game the one with object id
    g.choices.sacrifice_object (given_permanent: -1 if it may not be, noted), else the first that
    passes other than the source, else the source; in the goldfish the play policy's (expendable_permanent; if it spares none,
    by the Scenario's rule)."""
    cdef Board b = game_board(g)
    cdef int i, best = -1
    if not g.scenario:
        best = expendable_permanent(R, g, &b, filter_row, source, who)
        if best >= 0:
            return best
    else:
        asked_for(g, CH_PERMANENT_TO_SACRIFICE)
    if g.scenario and g.choices.sacrifice_object >= 0:
        return the_given_permanent(R, g, &b, CH_PERMANENT_TO_SACRIFICE, g.choices.sacrifice_object, filter_row,
                                   source, who, False, False)
    for i in range(g.n):
        if not permanent_passes(R, &b, &R.filters[filter_row], i, source, who):
            continue
        if best < 0 or best == source:
            best = i
    return best


cdef inline int highest_bit(uint64_t m) noexcept nogil:
    """The place of the highest bit set in m (-1: none)."""
    cdef int k = -1
    while m:
        m >>= 1
        k += 1
    return k


cdef inline int bits_set(uint64_t m) noexcept nogil:
    cdef int n = 0
    while m:
        m &= m - 1
        n += 1
    return n


cdef int cards_to_discard(Rules* R, Spec* S, Game* g, int source, int who, int n, bint may,
                          int32_t* out) noexcept nogil:
    """The n cards player `who` discards (701.9a: a cost's "Discard N cards", an effect's "discard N
    cards"; 701.9b: the player chooses which): their indexes in the hand into `out`, the highest
    first (so that discarding them in that order leaves the others' indexes be); returns how many
    (fewer only if the hand has fewer; 0 if an optional discard, `may`, is declined). `source`:
    the permanent whose cost asks (-1: an effect). In a Scenario's game the cards g.choices.discard
    names (its 16-bit parts from the lowest: 1 + the card row, each the first copy in hand not
    chosen; 0 ends the list; the part 0xFFFF alone: none, an optional discard declined), then the
    first cards not chosen (more names than n, or a name not in the hand: noted,
    note_illegal_choice); in the goldfish the play policy's: an optional discard only if it has n
    cards it doesn't want (unwanted_cards), and the cards it wants least (card_to_put_back, one
    by one, the lands discarded counted as gone) -- docs/rules-core.md, "Discarding"."""
    cdef int k, m = 0, lands = 0, parts = 0
    cdef uint8_t taken[MAXHAND]
    cdef uint64_t given = g.choices.discard
    n = min(n, g.hand_n[who])
    memset(taken, 0, g.hand_n[who])
    if not g.scenario:
        if may and unwanted_cards(R, S, g, n, taken) < n:
            return 0
        memset(taken, 0, g.hand_n[who])
        while m < n:
            k = card_to_put_back(R, S, g, taken, lands)
            taken[k] = 1
            lands += counts_as_land(R, S, g.hand[0][k])
            m += 1
    else:
        asked_for(g, CH_CARDS_TO_DISCARD)
        if given == 0xFFFF:             # (none: an optional discard declined; a cost's or a must: the first)
            if may:
                return 0
            given = 0
        while given & 0xFFFF:
            parts += 1
            given >>= 16
        given = g.choices.discard if parts else 0
        while given & 0xFFFF:
            if m == n:                  # (more given than are discarded: noted, refused)
                note_illegal_choice(g, CH_CARDS_TO_DISCARD, CF_TOO_MANY, parts, source, n)
                break
            for k in range(g.hand_n[who]):
                if not taken[k] and g.hand[who][k] == <int>(given & 0xFFFF) - 1:
                    taken[k] = 1
                    m += 1
                    break
            else:
                note_illegal_choice(g, CH_CARDS_TO_DISCARD, CF_ABSENT, <int>(given & 0xFFFF) - 1, source, who)
                break
            given >>= 16
        for k in range(g.hand_n[who]):
            if m < n and not taken[k]:
                taken[k] = 1
                m += 1
    m = 0
    for k in range(g.hand_n[who] - 1, -1, -1):
        if taken[k]:
            out[m] = k
            m += 1
    return m


cdef int creature_to_tap(Rules* R, Game* g, int filter_row, int source, int who) noexcept nogil:
    """Which permanent player `who` taps for a mana ability's "Tap an untapped creature you
    control" activated by hand (701.26a: an untapped one they control that FILTER row
    `filter_row` passes, not the ability's `source`; 302.6 asks nothing of it): its index, -1 if
    none may be (118.3). In a Scenario's game the one with object id g.choices.tap_object
    (given_permanent: -1 if it may not be, noted), else by the rule a payment's search tries them in (find_tappable, tapping.pxi): the
    first that has no mana ability ready and can't attack this turn, then one with none ready,
    then any. (The goldfish taps only in payments: the search's choice.)"""
    cdef Board b = game_board(g)
    cdef int i, rank, best = -1, best_rank = 3
    if g.scenario:
        asked_for(g, CH_CREATURE_TO_TAP)
    if g.scenario and g.choices.tap_object >= 0:
        return the_given_permanent(R, g, &b, CH_CREATURE_TO_TAP, g.choices.tap_object, filter_row, source,
                                   who, True, True)
    for i in range(g.n):
        if (i == source or g.perms[i].flags & PF_TAPPED
                or not permanent_passes(R, &b, &R.filters[filter_row], i, source, who)):
            continue
        rank = tap_rank(R, &b, i, 0 if makes_mana_now(R, &b, i) else -1)
        if rank < best_rank:
            best, best_rank = i, rank
    return best


cdef bint makes_mana_now(Rules* R, Board* b, int i) noexcept nogil:
    """Has permanent i a mana ability ready to be activated (ability_ready)?"""
    cdef int rows[MAXMANA + 1]
    cdef int k, n = mana_ability_rows(R, b, i, rows)
    for k in range(n):
        if ability_ready(R, b, i, rows[k]):
            return True
    return False


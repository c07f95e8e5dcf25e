# What a mana ability produces (106.12): base outputs, replacement effects in every order
# (616.1), triggered mana abilities; and "could produce" (106.7) as a least fixpoint.
# Uses base, counts, abilities, and, included after it, kept_options (a permanent's types kept).

# ---- what a mana ability produces --------------------------------------------------------

cdef bint watches_match(Rules* R, Board* b, int watcher, int watches, int i) noexcept nogil:
    """Does the effect of permanent `watcher` (watching `watches`) apply to permanent i?"""
    cdef Permanent* p = &b.perms[i]
    if watches == WA_SELF:
        return watcher == i
    if watches == WA_ENCHANTED_LAND:
        return b.perms[watcher].attached_to == i
    if watches == WA_LANDS_YOU_CONTROL:
        return (types_of(R, p) & CT_LAND) != 0 and controller(b, i) == controller(b, watcher)
    if watches == WA_LANDS:
        return (types_of(R, p) & CT_LAND) != 0
    if watches == WA_BASIC_LANDS:
        return (types_of(R, p) & CT_LAND) != 0 and (supertypes_of(R, p) & ST_BASIC) != 0
    if watches == WA_PERMANENTS_YOU_CONTROL:
        return controller(b, i) == controller(b, watcher)
    if watches == WA_CREATURES_YOU_CONTROL:   # (a creature as it is now: an animated land too, 613)
        return (types_of(R, p) & CT_CREATURE) != 0 and controller(b, i) == controller(b, watcher)
    return watches == WA_PERMANENTS


cdef inline int replacements_for(Rules* R, Board* b, int i, int* reps, int* sources) noexcept nogil:
    """MANA_REPLACEMENT rows that apply when permanent i is tapped for mana, and the permanent
    each belongs to (at most MAXREPLACE: every order of them is tried; a board with more is
    noted by limits_met at the entry points: OV_REPLACEMENTS). Inline: most boards have none."""
    if not b.scanned:
        scan_board(R, b)
    if not b.any_replacement:
        return 0
    return replacements_found(R, b, i, reps, sources)


cdef int replacements_found(Rules* R, Board* b, int i, int* reps, int* sources) noexcept nogil:
    """replacements_for on a board that has some."""
    cdef int j, k, q, n = 0, row
    cdef Card* c
    for q in range(n_fx_rows(b)):
        j = fx_row(b, q)
        if not in_play(b, j):
            continue
        c = card_of(R, b, j)
        for k in range(c.n_replacement):
            row = c.replacement_first + k
            if n < MAXREPLACE and watches_match(R, b, j, R.mrep[row].watches, i):
                reps[n] = row
                sources[n] = j
                n += 1
    return n


cdef inline bint trigger_watches(Rules* R, Board* b, int j, int trow, int i) noexcept nogil:
    """Does tapped-for-mana trigger `trow` of permanent j watch permanent i (106.12a)?"""
    cdef ManaTrigger* tr = &R.mtrig[trow]
    if not watches_match(R, b, j, tr.watches, i):
        return False
    return not tr.subtypes or (subtypes_of(R, &b.perms[i]) & tr.subtypes) != 0


cdef uint16_t apply_replacement(Rules* R, int row, Vec* v) noexcept nogil:
    """Replacement `row` applied to v; OV_AMOUNT if the mana it makes is more than v holds."""
    cdef ManaReplacement* r = &R.mrep[row]
    cdef int t, total
    cdef uint16_t over = 0
    if r.replace_with:
        total = vec_total(v)
        if total > 0:          # "{B} instead of any other type and amount"
            vec_clear(v)
            v.m[type_index(r.replace_with)] = 1
    if r.multiply > 1:
        for t in range(6):
            if v.m[t] * r.multiply > VEC_MAX:
                over = OV_AMOUNT
            v.m[t] = v.m[t] * r.multiply
    return over


cdef int base_outputs(Rules* R, Board* b, int i, int row, uint8_t* cp, int x, Vec* outs) noexcept nogil:
    """The outputs ability `row` of permanent i would give, before replacements (106.5: none if
    the type can't be defined). Returns how many (≤ MAXOPT)."""
    cdef ManaAbility* a = &R.mana[row]
    cdef int player = controller(b, i)
    cdef int amount
    cdef int n = 0, t, j, k, o, allowed, cost_row
    cdef unsigned int lands_types
    cdef Cost* cost
    cdef bint per_colour = False        # "devotion to that color": the colour chosen for the mana
    cdef int devoted[5]
    if a.amount.count >= 0 and R.counts[a.amount.count].what == CO_DEVOTION and \
            R.counts[a.amount.count].color == MT_CHOSEN and a.output != MO_CHOSEN_COLOR:
        per_colour = True
        amount = 1
    else:
        amount = eval_amount(R, b, a.amount, i, player, x)
    if amount <= 0:
        return 0
    if unlikely(amount > VEC_MAX // 255) and amount_too_large(R, a, amount):   # (255: the most
        b.over |= OV_AMOUNT                                                    # pips of a type)
    if a.output == MO_FIXED:
        cost_row = a.mana
        if a.if_you_control and a.instead >= 0 and controls_all_subtypes(R, b, player, a.if_you_control):
            cost_row = a.instead
        vec_clear(&outs[0])
        cost = &R.costs[cost_row]
        for t in range(6):
            outs[0].m[t] = cost.pips[t] * amount
        return 1 if vec_total(&outs[0]) > 0 else 0
    if a.output == MO_CHOICE:
        for k in range(a.n_options):
            vec_clear(&outs[n])
            cost = &R.costs[a.options_first + k]
            for t in range(6):
                outs[n].m[t] = cost.pips[t] * amount
            n += 1
        return n
    allowed = a.colors
    if a.output == MO_CHOSEN_COLOR:
        allowed = b.perms[i].chosen_color & ALLCOLORS
    if a.could_produce:
        lands_types = 0
        for j in range(b.n):
            if in_play(b, j) and is_type(R, b, j, CT_LAND) and (
                    (a.could_produce == 1 and controller(b, j) == player) or
                    (a.could_produce == 2 and controller(b, j) != player)):
                lands_types |= cp[j]
        allowed &= lands_types
    if a.output == MO_COMBINATION:
        # every multiset of `amount` colours from `allowed`
        n = combinations(allowed, amount, outs)
        if unlikely(n >= MAXOPT):       # (the buffer is full: results may have been dropped)
            b.over |= OV_OPTIONS
        return n
    if per_colour:
        devotions(R, b, player, devoted)
    for t in range(6):
        if allowed & (1 << t) and n < MAXOPT:
            if per_colour:
                amount = a.amount.fixed + (devoted[t] if t < 5 else 0)
                if amount <= 0:
                    continue
                if unlikely(amount > VEC_MAX):
                    b.over |= OV_AMOUNT
            vec_clear(&outs[n])
            outs[n].m[t] = amount
            n += 1
    return n


cdef bint amount_too_large(Rules* R, ManaAbility* a, int amount) noexcept nogil:
    """Would `amount` times ability a's output be more mana of a type than a Vec holds?"""
    cdef int t, k, most = 1
    if a.output == MO_FIXED:
        for t in range(6):
            most = max(most, R.costs[a.mana].pips[t], R.costs[a.instead].pips[t] if a.instead >= 0 else 0)
    elif a.output == MO_CHOICE:
        for k in range(a.n_options):
            for t in range(6):
                most = max(most, R.costs[a.options_first + k].pips[t])
    return most * amount > VEC_MAX


cdef int combinations(int allowed, int amount, Vec* outs) noexcept nogil:
    """Every way to split `amount` mana among the types in `allowed` ("any combination"), the
    first MAXOPT of them."""
    cdef int idx[6]
    cdef int c[6]
    cdef int n_types = 0, t, n = 0, k, s
    for t in range(6):
        if allowed & (1 << t):
            idx[n_types] = t
            n_types += 1
    if n_types == 0:
        return 0
    memset(c, 0, sizeof(c))
    while True:
        s = 0
        for k in range(n_types - 1):
            s += c[k]
        if s <= amount and n < MAXOPT:
            vec_clear(&outs[n])
            for k in range(n_types - 1):
                outs[n].m[idx[k]] = c[k]
            outs[n].m[idx[n_types - 1]] = amount - s
            n += 1
        k = 0                       # odometer over the first n_types - 1 parts
        while k < n_types - 1:
            c[k] += 1
            if c[k] <= amount:
                break
            c[k] = 0
            k += 1
        if k >= n_types - 1:
            break
    return n


cdef bint controls_all_subtypes(Rules* R, Board* b, int player, uint64_t subtypes) noexcept nogil:
    cdef uint64_t seen = 0
    cdef int i
    for i in range(b.n):
        if in_play(b, i) and controller(b, i) == player:
            seen |= subtypes_of(R, &b.perms[i]) & subtypes
    return seen == subtypes


cdef int add_unique_pair(Vec* outs, Vec* owns, int n, Vec* v, Vec* own, bint by_own) noexcept nogil:
    """Add the pair (v, own) unless present (or full); return the new n. Without `by_own`
    only v tells results apart (the part a permanent made itself matters for snow only). (Its
    callers note a full buffer: results may have been dropped, OV_OPTIONS.)"""
    cdef int k
    for k in range(n):
        if vec_eq(&outs[k], v) and (not by_own or vec_eq(&owns[k], own)):
            return n
    if n < MAXOPT:
        outs[n] = v[0]
        owns[n] = own[0]
        n += 1
    return n


cdef int add_unique(Vec* outs, int n, Vec* v) noexcept nogil:
    """Add v to outs[:n] unless it is there already (or full); return the new n."""
    cdef int k
    for k in range(n):
        if vec_eq(&outs[k], v):
            return n
    if n < MAXOPT:
        outs[n] = v[0]
        n += 1
    return n


cdef int next_permutation(int* a, int n) noexcept nogil:
    cdef int i = n - 2, j, tmp
    while i >= 0 and a[i] >= a[i + 1]:
        i -= 1
    if i < 0:
        return 0
    j = n - 1
    while a[j] <= a[i]:
        j -= 1
    tmp = a[i]; a[i] = a[j]; a[j] = tmp
    i += 1
    j = n - 1
    while i < j:
        tmp = a[i]; a[i] = a[j]; a[j] = tmp
        i += 1
        j -= 1
    return 1


cdef bint only_multiply(Rules* R, int* reps, int n_rep) noexcept nogil:
    """Do these replacement effects only multiply the mana (none replaces its type)?"""
    cdef int k
    for k in range(n_rep):
        if R.mrep[reps[k]].replace_with:
            return False
    return True


cdef inline int replaced_outputs(Rules* R, Board* b, int i, int row, Vec* base, int n_base,
                                 Vec* outs) noexcept nogil:
    """Apply the replacement effects for tapping permanent i, in every order (distinct results;
    616.1: the player chooses the order)."""
    cdef int reps[MAXREPLACE]
    cdef int sources[MAXREPLACE]
    cdef int n_rep = 0, k, n = 0
    if R.mana[row].tap:
        n_rep = replacements_for(R, b, i, reps, sources)
    if n_rep == 0:
        for k in range(n_base):
            n = add_unique(outs, n, &base[k])
        return n
    return replaced_in_every_order(R, b, reps, n_rep, base, n_base, outs)


cdef int replaced_in_every_order(Rules* R, Board* b, int* reps, int n_rep, Vec* base, int n_base,
                                 Vec* outs) noexcept nogil:
    """replaced_outputs with n_rep > 0 replacement effects. Where every one only multiplies
    (Mana Reflection, Nyxbloom Ancient) the orders all give the first one's results, products
    being the same in any order, unless an amount went past what a Vec holds on the way (then
    each is tried)."""
    cdef int order[MAXREPLACE]
    cdef int k, q, n = 0
    cdef Vec v
    cdef uint16_t over = 0
    cdef bint commute = R.fast and only_multiply(R, reps, n_rep)
    for k in range(n_rep):
        order[k] = k
    while True:
        for k in range(n_base):
            v = base[k]
            for q in range(n_rep):
                over |= apply_replacement(R, reps[order[q]], &v)
            n = add_unique(outs, n, &v)
        if (commute and over == 0) or not next_permutation(order, n_rep):
            break
    b.over |= over
    if unlikely(n >= MAXOPT):           # (full: results may have been dropped)
        b.over |= OV_OPTIONS
    return n


cdef inline uint16_t added_mana(Vec* v, int t, int amount) noexcept nogil:
    """amount more mana of type t in v; OV_AMOUNT if that is more than v holds."""
    cdef int total = v.m[t] + amount
    v.m[t] = <int16_t>total
    return OV_AMOUNT if total > VEC_MAX else 0


cdef int triggered_outputs(Rules* R, Board* b, int i, int row, Vec* ins, int n_in,
                           Vec* outs, Vec* owns) noexcept nogil:
    """Add the triggered mana abilities (106.12a) to each output, every choice; distinct
    results. What a trigger checks and copies ("a type that land produced") is the mana the
    ability itself produced, never mana other triggers added."""
    cdef int j, jq, k, q, t, trow, n = 0, m, cur, cur_k, amount
    cdef unsigned int of_type, produced
    cdef Card* c
    cdef ManaTrigger* tr
    cdef Vec v
    cdef Vec acc[MAXOPT]
    cdef Vec nxt[MAXOPT]
    cdef bint by_own = (supertypes_of(R, &b.perms[i]) & ST_SNOW) != 0 or R.mana[row].restriction >= 0
    for k in range(n_in):
        produced = 0
        for t in range(6):
            if ins[k].m[t] > 0:
                produced |= 1u << t
        cur = 1
        acc[0] = ins[k]
        if not b.scanned:
            scan_board(R, b)
        if R.mana[row].tap and produced and b.any_trigger:
            for jq in range(n_fx_rows(b)):
                j = fx_row(b, jq)
                if not in_play(b, j):
                    continue
                c = card_of(R, b, j)
                for q in range(c.n_trigger):
                    trow = c.trigger_first + q
                    tr = &R.mtrig[trow]
                    if not trigger_watches(R, b, j, trow, i):
                        continue
                    of_type = tr.of_type
                    if of_type == MT_CHOSEN:
                        of_type = b.perms[j].chosen_color
                        if of_type == 0:
                            continue
                    if of_type and not (produced & of_type):
                        continue
                    amount = tr.amount
                    m = 0
                    for cur_k in range(cur):
                        v = acc[cur_k]
                        if tr.adds == TA_FIXED:
                            for t in range(6):
                                b.over |= added_mana(&v, t, R.costs[tr.mana].pips[t] * amount)
                            m = add_unique(nxt, m, &v)
                        elif tr.adds == TA_CHOSEN_COLOR:
                            t = type_index(b.perms[j].chosen_color)
                            if t >= 0:
                                b.over |= added_mana(&v, t, amount)
                            m = add_unique(nxt, m, &v)
                        else:   # PRODUCED: a type the permanent produced; ANY_COLOR: any colour
                            for t in range(6):
                                if (tr.adds == TA_PRODUCED and produced & (1u << t)) or (
                                        tr.adds == TA_ANY_COLOR and t < 5):
                                    v = acc[cur_k]
                                    b.over |= added_mana(&v, t, amount)
                                    m = add_unique(nxt, m, &v)
                    memcpy(acc, nxt, m * sizeof(Vec))
                    cur = m
                    if unlikely(m >= MAXOPT):   # (full: results may have been dropped)
                        b.over |= OV_OPTIONS
        for q in range(cur):            # owns[]: the permanent's own part (its source, 106.3;
                                        # its restriction, 106.6a)
            n = add_unique_pair(outs, owns, n, &acc[q], &ins[k], by_own)
    if unlikely(n >= MAXOPT):
        b.over |= OV_OPTIONS
    return n


cdef int ability_outputs(Rules* R, Board* b, int i, int row, uint8_t* cp, int x, Vec* outs,
                         Vec* owns) noexcept nogil:
    """Every distinct result of activating mana ability `row` of permanent i now: base output,
    replacement effects in every order, triggered mana abilities with every choice."""
    cdef Vec base[MAXOPT]
    cdef Vec rep[MAXOPT]
    cdef int n = base_outputs(R, b, i, row, cp, x, base)
    if n == 0:
        return 0
    n = replaced_outputs(R, b, i, row, base, n, rep)
    return triggered_outputs(R, b, i, row, rep, n, outs, owns)


# ---- could produce (106.7) -------------------------------------------------------------------

cdef unsigned int types_could_produce(Rules* R, Board* b, int i, uint8_t* cp, bint* reads_cp) noexcept nogil:
    """The types permanent i could produce given the current sets `cp` of every permanent:
    every ability, replacement effects in every order, costs ignored. `reads_cp` (if not NULL)
    is set when an ability of it reads the others' sets (Reflecting Pool): only then can the
    answer change with `cp`."""
    cdef int rows[MAXMANA + 1]
    cdef int n_rows = mana_ability_rows(R, b, i, rows)
    cdef Vec base[MAXOPT]
    cdef Vec rep[MAXOPT]
    cdef int k, q, t, n
    cdef unsigned int out = 0
    for k in range(n_rows):
        if reads_cp != NULL and R.mana[rows[k]].could_produce:
            reads_cp[0] = True
        n = base_outputs(R, b, i, rows[k], cp, 0, base)
        if n == 0:
            continue
        n = replaced_outputs(R, b, i, rows[k], base, n, rep)
        for q in range(n):
            for t in range(6):
                if rep[q].m[t] > 0:
                    out |= 1u << t
    return out


cdef inline uint32_t board_flags(Rules* R, Board* b) noexcept nogil:
    """The CardInfoFlags of every permanent in play, OR-ed together."""
    cdef int i
    cdef uint32_t flags = 0
    for i in range(b.n):
        if in_play(b, i):
            flags |= R.info[b.perms[i].card]
    return flags


cdef inline void could_produce_all(Rules* R, Board* b, uint8_t* cp) noexcept nogil:
    """Least fixpoint of "could produce" over the board (Reflecting Pool and friends)."""
    could_produce_all_kept(R, b, cp, NULL)


cdef void could_produce_all_kept(Rules* R, Board* b, uint8_t* cp, KeptOptions* K) noexcept nogil:
    """could_produce_all, a permanent's own types copied from K where it keeps them
    (kept_options: look_around first; NULL: each worked out)."""
    cdef int i, k, rounds = 0, n_readers = 0
    cdef uint8_t readers[MAXBOARD]      # the permanents whose types read the others' (by row)
    cdef bint reads
    cdef unsigned int v
    cdef uint32_t flags = 0
    cdef bint changed = True
    for i in range(b.n):
        cp[i] = 0
        if in_play(b, i):
            flags |= R.info[b.perms[i].card]
    if R.fast and not (flags & CI_MANA_EFFECT):
        # Nothing refers to anything (no could-produce references, grants, replacements):
        # each permanent's types are its own, found in one pass: its summary's (Castle
        # Garenbrig's too), or worked out when they depend on the board (Gaea's Cradle).
        for i in range(b.n):
            if in_play(b, i):
                v = R.own_cp[b.perms[i].card]
                cp[i] = <uint8_t>(v if v != OWN_BOARD else types_could_produce(R, b, i, cp, NULL))
        return
    if R.fast:
        # After a first round over the board, only the sources that read the others' types
        # can change: the later rounds look at them alone (the same least fixpoint).
        for i in range(b.n):
            if in_play(b, i):
                reads = False
                if K != NULL and K.usable and i < KEPT_ROWS and keepable(R, b, i, K):
                    cp[i] = kept_types(R, b, i, cp, K)      # (reads nothing of cp)
                else:
                    cp[i] = <uint8_t>types_could_produce(R, b, i, cp, &reads)
                if reads:
                    readers[n_readers] = <uint8_t>i
                    n_readers += 1
        rounds = 1
        changed = n_readers > 0
    while changed and rounds < 64:
        changed = False
        rounds += 1
        for k in range(n_readers if R.fast else b.n):
            i = readers[k] if R.fast else k
            if not in_play(b, i):
                continue
            v = types_could_produce(R, b, i, cp, NULL) | cp[i]
            if v != cp[i]:
                cp[i] = <uint8_t>v
                changed = True

# The compiled tables held for the kernels (CoreTables, from mtgsim.compile) and each card's
# total cost on a board that changes nothing. Python entry points start here: they validate
# nothing themselves (mtgsim.batch and mtgsim.scenario check first). Uses counts, payment,
# total_cost.

# =============================================================================================
# Python entry points. Each validates nothing itself: the Python layer (mtgsim.batch,
# mtgsim.scenario) checks shapes, dtypes and ranges first, then calls in.
# =============================================================================================

MAX_MANA_ABILITIES = MAXMANA     # the per-card limits, for the Python layer's messages
MAX_MANA_OPTIONS = MAXOPT
MAX_MANA_INPUT = MAXINPUT
MAX_COST_MODIFIERS = MAXMODS      # for one spell: its own and the battlefield's
MAX_REPLACEMENTS = MAXREPLACE     # applying to one permanent tapped for mana


cdef class CoreTables:
    """The compiled tables of a set of cards, held for the kernels (see mtgsim.compile)."""
    cdef Rules R
    cdef readonly object tables
    cdef object _keep

    def __cinit__(self, tables):
        import numpy as np
        from mtgsim import card_facts, schema     # (Python modules that import this one)
        schema.check_card_limits(tables)     # (compile_cards checks too; tables may come from elsewhere)
        self.tables = tables
        arrays = {}
        for name in ("cards", "costs", "hybrids", "counts", "filters", "ops", "effects", "mana_abilities",
                     "spend_restrictions", "conditions", "cost_modifiers", "mana_triggers", "mana_replacements",
                     "grants", "enters", "triggered", "activated"):
            a = np.ascontiguousarray(getattr(tables, name))
            if len(a) == 0:          # a pointer to a zero-length table is never read
                a = np.zeros(1, dtype=a.dtype)
            arrays[name] = a
        self._keep = arrays
        self.R.cards = <Card*>cnp.PyArray_DATA(arrays["cards"])
        self.R.n_cards = len(tables.cards)
        self.R.costs = <Cost*>cnp.PyArray_DATA(arrays["costs"])
        self.R.hybrids = <Hybrid*>cnp.PyArray_DATA(arrays["hybrids"])
        self.R.counts = <Count*>cnp.PyArray_DATA(arrays["counts"])
        self.R.filters = <Filter*>cnp.PyArray_DATA(arrays["filters"])
        self.R.n_filters = len(tables.filters)
        self.R.ops = <Op*>cnp.PyArray_DATA(arrays["ops"])
        card_filters = np.zeros(max(self.R.n_cards, 1), dtype=np.uint64)
        self._keep["card_filters"] = card_filters
        self.R.card_filters = <uint64_t*>cnp.PyArray_DATA(card_filters)
        fill_card_filters(&self.R, self.R.card_filters)
        self.R.effects = <Effect*>cnp.PyArray_DATA(arrays["effects"])
        self.R.mana = <ManaAbility*>cnp.PyArray_DATA(arrays["mana_abilities"])
        self.R.n_mana = len(tables.mana_abilities)
        self.R.restrictions = <SpendRestriction*>cnp.PyArray_DATA(arrays["spend_restrictions"])
        self.R.n_restrictions = len(tables.spend_restrictions)
        self.R.conditions = <Condition*>cnp.PyArray_DATA(arrays["conditions"])
        self.R.costmods = <CostModifier*>cnp.PyArray_DATA(arrays["cost_modifiers"])
        self.R.mtrig = <ManaTrigger*>cnp.PyArray_DATA(arrays["mana_triggers"])
        self.R.mrep = <ManaReplacement*>cnp.PyArray_DATA(arrays["mana_replacements"])
        self.R.grants = <GrantRow*>cnp.PyArray_DATA(arrays["grants"])
        self.R.enters = <Enters*>cnp.PyArray_DATA(arrays["enters"])
        self.R.triggered = <Triggered*>cnp.PyArray_DATA(arrays["triggered"])
        self.R.activated = <Activated*>cnp.PyArray_DATA(arrays["activated"])
        # -1 when none of the cards grants it: no permanent can have it then, and
        # mana_ability_rows needn't ask the board's grants (a scan of the board)
        self.R.granted_row = (tables.granted_mana_row if np.any(tables.grants["grant"] == GR_MANA_ANY_COLOR)
                              else -1)
        self.R.animations = bool(np.any(tables.ops["code"] == OP_BECOMES))
        summary = card_facts.card_summaries(tables)
        self._keep["summary"] = summary
        self.R.info = <uint32_t*>cnp.PyArray_DATA(summary["flags"])
        self.R.static_cp = <uint8_t*>cnp.PyArray_DATA(summary["could_produce"])
        self.R.own_cp = <uint8_t*>cnp.PyArray_DATA(summary["own_could_produce"])
        self.R.unit_mask = <uint8_t*>cnp.PyArray_DATA(summary["unit_mask"])
        self.R.unit_count = <uint8_t*>cnp.PyArray_DATA(summary["unit_count"])
        flags = summary["flags"]
        size = 1 << max(self.R.n_cards - 1, 0).bit_length()
        direct = np.full(size, DIRECT_BAD, dtype=np.uint32)
        direct[:self.R.n_cards] = (     # (a complex card's units: its lower bound)
            summary["could_produce"][:self.R.n_cards].astype(np.uint32)
            | (summary["unit_mask"] | summary["lower_mask"])[:self.R.n_cards].astype(np.uint32) << 8
            | (summary["unit_count"] | summary["lower_count"])[:self.R.n_cards].astype(np.uint32) << 16
            | (flags[:self.R.n_cards] & 0x7F) << 24
            | np.where(flags[:self.R.n_cards] & (CI_CREATURE | CI_HASTE) == CI_CREATURE, 1 << 31, 0))
        summary["direct"] = direct
        self.R.direct_mask = size - 1
        self.R.direct = <uint32_t*>cnp.PyArray_DATA(summary["direct"])
        self.R.fast = 1
        fixed_opt = np.full(max(self.R.n_cards, 1), -1, dtype=np.int32)
        n_fixed = 0
        for row in range(self.R.n_cards):
            if options_fixed(&self.R, row):
                fixed_opt[row] = n_fixed
                n_fixed += 1
        fixed_options = np.zeros(max(2 * n_fixed, 1) * sizeof(Options), dtype=np.uint8)
        self._keep["fixed_opt"], self._keep["fixed_options"] = fixed_opt, fixed_options
        self.R.fixed_opt = <int32_t*>cnp.PyArray_DATA(fixed_opt)
        self.R.fixed_options = <Options*>cnp.PyArray_DATA(fixed_options)
        cdef_fill_fixed_options(&self.R)
        self.R.base_cost = NULL
        base = np.zeros(max(self.R.n_cards, 1), dtype=_dtype_of("total_cost"))
        self._keep["base_cost"] = base
        cdef_fill_base_costs(&self.R, base)
        self.R.base_cost = <TotalCost*>cnp.PyArray_DATA(base)
        front = np.arange(max(self.R.n_cards, 1), dtype=np.int32)
        faces = np.flatnonzero(tables.cards["back"] >= 0)
        front[tables.cards["back"][faces]] = faces
        faces = np.flatnonzero(tables.cards["transformed"] > 0)       # (712.8a: the front face off the
        front[faces + tables.cards["transformed"][faces]] = faces     # battlefield, 701.27a)
        for row in np.flatnonzero(tables.cards["next_level"]):    # (a Class's level rows: off the
            if front[row] == row:                                  # battlefield, the card, 716.2b)
                up = row
                while tables.cards["next_level"][up]:
                    up += tables.cards["next_level"][up]
                    front[up] = row
        self._keep["front"] = front
        self.R.front = <int32_t*>cnp.PyArray_DATA(front)
        self.R.attack_triggers = bool(np.any(np.isin(tables.triggered["event"], (
            EV_SELF_ATTACKS, EV_SELF_DEALS_COMBAT_DAMAGE_TO_PLAYER))))
        self.R.power_bonuses = bool(np.any(tables.ops["code"] == OP_POWER_BONUS))
        self.R.land_play_triggers = bool(np.any(tables.triggered["event"] == EV_YOU_PLAY_ANOTHER_LAND))
        self.R.sagas = bool(np.any(tables.triggered["event"] == EV_CHAPTER))
        self.R.nth_spells = bool(np.any(tables.triggered["nth"] > 0))

    property fast_path:
        """Whether simple boards take the direct path (tests turn it off to compare)."""
        def __get__(self):
            return bool(self.R.fast)

        def __set__(self, value):
            self.R.fast = 1 if value else 0


cdef void cdef_fill_base_costs(Rules* R, TotalCost[::1] out) noexcept:
    """Each card's total cost on a board that changes nothing (601.2f with no modifiers)."""
    cdef Board b
    cdef BoardInfo info
    cdef int row
    memset(&info, 0, sizeof(BoardInfo))
    b.perms = NULL
    b.n = 0
    b.bi = &info
    b.scanned = 0
    b.over = 0
    for row in range(R.n_cards):
        total_cost(R, &b, row, 0, False, 0, 0, 0, False, &out[row])


cdef void cdef_fill_fixed_options(Rules* R) noexcept:
    """R.fixed_options: each fixed-options card's source_options (untapped, not summoning sick,
    without and with life effects) on a board of that permanent alone; a card whose options
    meet a limit there (an overflow bit, none at all) is left to source_options."""
    cdef Permanent p
    cdef BoardInfo info
    cdef Board b
    cdef uint8_t cp[1]
    cdef int row, life
    cdef Options* o
    memset(&info, 0, sizeof(BoardInfo))
    memset(&p, 0, sizeof(Permanent))
    info.turn = info.last_turn_start[0] = 1   # (controlled since turn 0: not sick, 302.6)
    p.attached_to = -1
    b.perms = &p
    b.n = 1
    b.bi = &info
    for row in range(R.n_cards):
        if R.fixed_opt[row] < 0:
            continue
        p.card = row
        derive_characteristics(&p)
        cp[0] = R.own_cp[row]
        for life in range(2):
            o = &R.fixed_options[2 * R.fixed_opt[row] + life]
            b.scanned = 0
            b.over = 0
            if source_options(R, &b, 0, cp, o, life) == 0 or b.over:
                R.fixed_opt[row] = -1
                break

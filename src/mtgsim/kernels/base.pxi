# The foundation every kernel stands on: the C imports, the module constants (arrays filled
# when the module loads) and the spending-restriction filter. The limits, the shared structs
# and the small inline helpers are in `_kernel.pxd`. Uses no other room (only the .pxd files).

# =============================================================================================
# The rules kernels. Everything below reads the compiled tables through `Rules` and one game's
# permanents through `Board`; nothing allocates Python objects, so it all runs without the GIL.
# The semantics are specified in docs/rules-core.md.
# =============================================================================================

from libc.string cimport memset, memcpy, memmove, memcmp
from libc.stdlib cimport malloc, calloc, free
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from cython.parallel cimport prange

MAX_RESTRICTED_POOL = MAXRPOOL          # the limits (`_kernel.pxd`), for the Python layer's checks
MAX_RESTRICTED_UNITS = MAXRUNIT

# Per type mask: a 1 in the 10-bit field of each of its types (see direct_mana).
cdef uint64_t SPREAD[64]
SPREAD[:] = [sum(1 << (10 * t) for t in range(6) if m >> t & 1) for m in range(64)]

# The masks of mana[t] (W U B R G C) and mana[total].
cdef uint8_t MANA_MASKS[7]
MANA_MASKS[:] = [1, 2, 4, 8, 16, 32, ALLTYPES]

# The ten two-colour hybrid pairs in the order rule 107.4 lists them (bit masks W=1 .. G=16).
cdef uint8_t HYBRID_PAIRS[10]
HYBRID_PAIRS[:] = [3, 5, 6, 10, 12, 20, 24, 9, 17, 18]
HYBRID_PAIR_MASKS = tuple(HYBRID_PAIRS[i] for i in range(10))

cdef bint restriction_admits(Rules* R, int row, Purpose* why) noexcept nogil:
    """May mana restricted by SPEND_RESTRICTION row `row` be spent on `why` (106.6)? ("Of the
    chosen type": the creature type chosen is the compiled row's spell subtype, one per game.)"""
    cdef SpendRestriction* r = &R.restrictions[row]
    cdef Card* c
    if why.card < 0:
        return False
    c = &R.cards[why.card]
    if why.ability:
        return r.abilities and passes(c, r.source_types, r.source_supertypes, r.source_subtypes,
                                      r.source_colorless)
    return (r.spells and passes(c, r.spell_types, r.spell_supertypes, r.spell_subtypes, r.spell_colorless)
            and (c.types & r.spell_not_types) == 0
            and (not r.spell_multicolored or popcount6(c.colors & ALLCOLORS) >= 2))

# cython: embedsignature=True
"""mtgsim's compiled core. This foundation holds the record layouts (see `_core.pxd`) and
the numpy dtypes derived from them; the rules kernels build on these tables."""

import numpy as np
cimport numpy as cnp
from cpython.mem cimport PyMem_Malloc, PyMem_Free

from mtgsim._kernel cimport *      # the kernels' limits, shared structs and hot helpers

cnp.import_array()

cdef extern from *:
    """
    #ifndef MTGSIM_OPENMP
    #define MTGSIM_OPENMP 0
    #endif
    #ifndef MTGSIM_DEBUG
    #define MTGSIM_DEBUG 0
    #endif
    """
    int MTGSIM_OPENMP
    int MTGSIM_DEBUG


def _dtype_of(name):
    """The numpy dtype of one of the record structs, read off the struct itself (the
    scikit-learn `NODE_DTYPE` pattern), so the C layout and the dtype can never drift."""
    cdef Cost cost
    cdef Hybrid hybrid
    cdef Count count
    cdef Filter filter
    cdef Op op
    cdef Effect effect
    cdef Card card
    cdef ManaAbility mana_ability
    cdef SpendRestriction spend_restriction
    cdef Condition condition
    cdef CostModifier cost_modifier
    cdef ManaTrigger mana_trigger
    cdef ManaReplacement mana_replacement
    cdef GrantRow grant
    cdef Enters enters
    cdef Triggered triggered
    cdef Activated activated
    cdef Permanent permanent
    cdef TotalCost total_cost
    cdef BoardInfo board_info
    cdef Choices choices
    views = {
        "total_cost": lambda: np.asarray(<TotalCost[:1]>(&total_cost)),
        "board_info": lambda: np.asarray(<BoardInfo[:1]>(&board_info)),
        "cost": lambda: np.asarray(<Cost[:1]>(&cost)),
        "hybrid": lambda: np.asarray(<Hybrid[:1]>(&hybrid)),
        "count": lambda: np.asarray(<Count[:1]>(&count)),
        "filter": lambda: np.asarray(<Filter[:1]>(&filter)),
        "op": lambda: np.asarray(<Op[:1]>(&op)),
        "effect": lambda: np.asarray(<Effect[:1]>(&effect)),
        "card": lambda: np.asarray(<Card[:1]>(&card)),
        "mana_ability": lambda: np.asarray(<ManaAbility[:1]>(&mana_ability)),
        "spend_restriction": lambda: np.asarray(<SpendRestriction[:1]>(&spend_restriction)),
        "condition": lambda: np.asarray(<Condition[:1]>(&condition)),
        "cost_modifier": lambda: np.asarray(<CostModifier[:1]>(&cost_modifier)),
        "mana_trigger": lambda: np.asarray(<ManaTrigger[:1]>(&mana_trigger)),
        "mana_replacement": lambda: np.asarray(<ManaReplacement[:1]>(&mana_replacement)),
        "grant": lambda: np.asarray(<GrantRow[:1]>(&grant)),
        "enters": lambda: np.asarray(<Enters[:1]>(&enters)),
        "triggered": lambda: np.asarray(<Triggered[:1]>(&triggered)),
        "activated": lambda: np.asarray(<Activated[:1]>(&activated)),
        "permanent": lambda: np.asarray(<Permanent[:1]>(&permanent)),
        "choices": lambda: np.asarray(<Choices[:1]>(&choices)),
    }
    return views[name]().dtype


RECORDS = ("cost", "hybrid", "count", "filter", "op", "effect", "card", "mana_ability", "spend_restriction", "condition",
           "cost_modifier", "mana_trigger", "mana_replacement", "grant", "enters", "triggered", "activated",
           "permanent", "total_cost", "board_info", "choices")


def record_dtypes():
    """{record name: numpy dtype} for every struct of `_core.pxd`."""
    return {name: _dtype_of(name) for name in RECORDS}


def openmp_enabled():
    """True if this build runs kernels in parallel with OpenMP."""
    return bool(MTGSIM_OPENMP)


def debug_build():
    """True if this build has bounds checks on (MTGSIM_DEBUG=1 at build time)."""
    return bool(MTGSIM_DEBUG)


# The rules kernels and the goldfish, one room a file (docs/architecture.md). One translation
# unit, so the hot helpers inline across rooms; the order is the order of use but for the rooms a
# header names as "included after it" (Cython declares the whole module's functions and types
# before it compiles a body). tests/engine/test_rooms.py holds the headers to this order.
include "kernels/base.pxi"
include "kernels/counts.pxi"
include "kernels/abilities.pxi"
include "kernels/production.pxi"
include "kernels/matching.pxi"
include "kernels/payment.pxi"
include "kernels/kept_options.pxi"
include "kernels/tapping.pxi"
include "kernels/most_mana.pxi"
include "kernels/answers.pxi"
include "kernels/total_cost.pxi"
include "kernels/tables.pxi"
include "kernels/batch.pxi"
include "kernels/one_board.pxi"
include "kernels/direct.pxi"
include "kernels/plans.pxi"
include "kernels/game.pxi"
include "kernels/kept.pxi"
include "kernels/zones.pxi"
include "kernels/keep.pxi"
include "kernels/actions.pxi"
include "kernels/triggers.pxi"
include "kernels/library.pxi"
include "kernels/exile.pxi"
include "kernels/turn.pxi"
include "kernels/views.pxi"
include "kernels/policy.pxi"
include "kernels/exile_policy.pxi"
include "kernels/activating.pxi"
include "kernels/choices.pxi"
include "kernels/spec.pxi"
include "kernels/loop.pxi"
include "kernels/state.pxi"

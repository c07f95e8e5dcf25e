# cython: embedsignature=True
"""mtgsim's compiled core. This foundation holds the record layouts (see `_core.pxd`) and
the numpy dtypes derived from them; the rules kernels build on these tables."""

import numpy as np
cimport numpy as cnp

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
    cdef Effect effect
    cdef Card card
    cdef ManaAbility mana_ability
    cdef CostModifier cost_modifier
    cdef ManaTrigger mana_trigger
    cdef ManaReplacement mana_replacement
    cdef GrantRow grant
    cdef Enters enters
    cdef Triggered triggered
    cdef Activated activated
    cdef Permanent permanent
    views = {
        "cost": lambda: np.asarray(<Cost[:1]>(&cost)),
        "hybrid": lambda: np.asarray(<Hybrid[:1]>(&hybrid)),
        "count": lambda: np.asarray(<Count[:1]>(&count)),
        "effect": lambda: np.asarray(<Effect[:1]>(&effect)),
        "card": lambda: np.asarray(<Card[:1]>(&card)),
        "mana_ability": lambda: np.asarray(<ManaAbility[:1]>(&mana_ability)),
        "cost_modifier": lambda: np.asarray(<CostModifier[:1]>(&cost_modifier)),
        "mana_trigger": lambda: np.asarray(<ManaTrigger[:1]>(&mana_trigger)),
        "mana_replacement": lambda: np.asarray(<ManaReplacement[:1]>(&mana_replacement)),
        "grant": lambda: np.asarray(<GrantRow[:1]>(&grant)),
        "enters": lambda: np.asarray(<Enters[:1]>(&enters)),
        "triggered": lambda: np.asarray(<Triggered[:1]>(&triggered)),
        "activated": lambda: np.asarray(<Activated[:1]>(&activated)),
        "permanent": lambda: np.asarray(<Permanent[:1]>(&permanent)),
    }
    return views[name]().dtype


RECORDS = ("cost", "hybrid", "count", "effect", "card", "mana_ability", "cost_modifier",
           "mana_trigger", "mana_replacement", "grant", "enters", "triggered", "activated",
           "permanent")


def record_dtypes():
    """{record name: numpy dtype} for every struct of `_core.pxd`."""
    return {name: _dtype_of(name) for name in RECORDS}


def openmp_enabled():
    """True if this build runs kernels in parallel with OpenMP."""
    return bool(MTGSIM_OPENMP)


def debug_build():
    """True if this build has bounds checks on (MTGSIM_DEBUG=1 at build time)."""
    return bool(MTGSIM_DEBUG)

"""matplotlib for the plots of results (`SimResult`, `SweepResult`, `EventsResult`): drawn to
files with the Agg backend, and a clear error naming the extra when matplotlib is missing."""
from __future__ import annotations

from .errors import MissingDependencyError

__all__ = ["pyplot"]


def pyplot():
    """matplotlib.pyplot on the Agg backend; MissingDependencyError without matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        raise MissingDependencyError('plotting needs matplotlib: pip install "mtgsim[plot]"') from e
    return plt

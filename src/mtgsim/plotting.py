"""matplotlib for the plots of results (`SimResult`, `SweepResult`, `EventsResult`): drawn to
files with the Agg backend, and a clear error naming the extra when matplotlib is missing."""
from __future__ import annotations

from .errors import ArgumentError, MissingDependencyError
from .files import output_path

__all__ = ["pyplot", "save_figure"]


def pyplot():
    """matplotlib.pyplot on the Agg backend; MissingDependencyError without matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        raise MissingDependencyError('plotting needs matplotlib: pip install "mtgsim[plot]"') from e
    return plt


def save_figure(fig, path, **kwargs) -> None:
    """Write `fig` to `path` in the file type of its suffix, and close it; a path matplotlib
    can't write (an unknown suffix) is an ArgumentError naming it, not matplotlib's ValueError."""
    plt = pyplot()
    try:
        fig.savefig(output_path(path, "plot: path"), **kwargs)
    except ValueError as e:                # matplotlib: a file type it can't write
        raise ArgumentError(f"plot: can't write {path}: {e}") from None
    finally:
        plt.close(fig)

"""One self-contained HTML page for a result: a Jinja2 template of report/templates (inline
CSS), its figures drawn by matplotlib as SVG and inlined as data URIs, so that nothing is
fetched from a network and the file reads offline and mailed. Needs the `html` extra (Jinja2,
matplotlib): MissingDependencyError naming it otherwise.

Every page ends with what reproduces it: the seed, mtgsim's version and the exact command (or
Python call).
"""
from __future__ import annotations

import base64
import io
import shlex

from ..errors import MissingDependencyError
from ..files import output_path
from ..version import __version__

__all__ = ["render", "write", "figure", "cli_command", "check_installed"]

_ENV = None


def _environment():
    global _ENV
    if _ENV is None:
        try:
            import jinja2
        except ImportError as e:
            raise MissingDependencyError('an HTML report needs Jinja2 and matplotlib: '
                                         'pip install "mtgsim[html]"') from e
        _ENV = jinja2.Environment(loader=jinja2.PackageLoader("mtgsim.report", "templates"),
                                  autoescape=jinja2.select_autoescape(["html"]), trim_blocks=True, lstrip_blocks=True)
    return _ENV


def check_installed() -> None:
    """MissingDependencyError, saying how to install them, without Jinja2 or matplotlib."""
    from ..plotting import pyplot
    _environment()
    pyplot()


def figure(fig, alt: str) -> dict:
    """A matplotlib figure as an inline image: {"src": a data URI of its SVG, "alt": alt}; the
    figure is closed."""
    from ..plotting import pyplot
    plt = pyplot()
    buf = io.BytesIO()
    try:
        fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})   # (the same bytes each run)
    finally:
        plt.close(fig)
    return {"src": "data:image/svg+xml;base64," + base64.b64encode(buf.getvalue()).decode("ascii"), "alt": alt}


def cli_command(argv: list[str]) -> str:
    """The command line of these arguments, as a shell would take it back."""
    return shlex.join(["mtgsim", *argv])


def render(template: str, title: str, seed, command: str, **context) -> str:
    """The page of `template` (in report/templates, extending base.html) with its context."""
    return _environment().get_template(template).render(title=title, seed=seed, version=__version__,
                                                       command=command, **context)


def write(path, html: str) -> None:
    """Write the page to `path` (UTF-8)."""
    with open(output_path(path, "to_html: path"), "w", encoding="utf-8") as f:
        f.write(html)

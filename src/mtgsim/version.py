"""mtgsim's version: declared here once (pyproject.toml reads it; `mtgsim.__version__`, the
imported-cards cache and the download's user agent import it from here)."""
__version__ = "0.1.0"

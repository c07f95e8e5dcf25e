"""Test-wide setup: no test reads or writes the card database of the person running the tests
(`mtgsim cards import` keeps it in the user cache, which `card_db()` reads): the cache points
at a fresh directory for the whole run."""
import os

import pytest


@pytest.fixture(scope="session", autouse=True)
def _own_card_cache(tmp_path_factory):
    old = os.environ.get("MTGSIM_CACHE")
    os.environ["MTGSIM_CACHE"] = str(tmp_path_factory.mktemp("mtgsim-cache"))
    yield
    if old is None:
        os.environ.pop("MTGSIM_CACHE", None)
    else:
        os.environ["MTGSIM_CACHE"] = old

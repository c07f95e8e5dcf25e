"""Test-wide setup: no test reads or writes the card database of the person running the tests
(`mtgsim cards import` keeps it in the user cache, which `card_db()` reads): the cache points
at a fresh directory for the whole run. And the fixtures of the imported-card tests: a small
Scryfall bulk file (`bulk`) and a user cache of the test's own (`cache`); and `lookups`, the card
names the database looks up during a test (names are resolved once, at the edge); and
`ctrl_c_on_core_call`, Ctrl-C during the n-th call into the core's goldfish."""
import json
import os

import pytest
from bulk_cards import CARDS


@pytest.fixture(scope="session", autouse=True)
def _own_card_cache(tmp_path_factory):
    old = os.environ.get("MTGSIM_CACHE")
    os.environ["MTGSIM_CACHE"] = str(tmp_path_factory.mktemp("mtgsim-cache"))
    yield
    if old is None:
        os.environ.pop("MTGSIM_CACHE", None)
    else:
        os.environ["MTGSIM_CACHE"] = old


@pytest.fixture
def bulk(tmp_path):
    path = tmp_path / "oracle-cards.json"
    path.write_text(json.dumps(CARDS), encoding="utf-8")
    return path


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("MTGSIM_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


@pytest.fixture
def lookups(monkeypatch):
    """The names the card database looks up from now on, in order: every look-up by name goes
    through `CardDatabase._key`."""
    from mtgsim.cards import CardDatabase
    seen: list[str] = []
    key = CardDatabase._key

    def counted(self, name):
        seen.append(name)
        return key(self, name)
    monkeypatch.setattr(CardDatabase, "_key", counted)
    return seen


@pytest.fixture
def ctrl_c_on_core_call(monkeypatch):
    """`ctrl_c_on_core_call(n)`: the n-th call of `_core.run_chunks` from now on raises
    KeyboardInterrupt, as Ctrl-C during it would."""
    from mtgsim import _core
    real, calls = _core.run_chunks, []

    def interrupted(*args):
        calls.append(1)
        if len(calls) == n_th[0]:
            raise KeyboardInterrupt
        return real(*args)
    n_th = [0]

    def arm(n: int) -> None:
        n_th[0] = n
        monkeypatch.setattr(_core, "run_chunks", interrupted)
    return arm

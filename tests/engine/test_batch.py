"""The batch form: the direct path for simple boards agrees with the general search, results
don't depend on the number of threads, and malformed input is refused with a clear error."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from mtgsim.batch import BoardBatch, evaluate_boards
from mtgsim import card, card_db
from mtgsim.compile import compile_cards

CARDS = ["Forest", "Mountain", "Island", "Plains", "Wastes", "Stomping Ground", "Rootbound Crag",
         "Llanowar Elves", "Birds of Paradise", "Sol Ring", "Grizzly Bears", "Maro",
         "The Fire Crystal", "Gruul Signet", "Mana Reflection", "Trinisphere", "Thalia, Guardian of Thraben",
         "The Great Henge", "Lightning Bolt", "Burst Lightning", "Firebolt", "Hangarback Walker"]


@pytest.fixture(scope="module")
def tables():
    return compile_cards(card_db().resolve(CARDS))


def random_batch(tables, seed: int, n: int = 400, cap: int = 12) -> BoardBatch:
    rng = np.random.default_rng(seed)
    b = BoardBatch(tables, n, cap)
    perm_cards = [c for c in CARDS if tables.defs[tables.row(c)].is_permanent]
    for g in range(n):
        for _ in range(int(rng.integers(0, cap + 1))):
            b.put(g, perm_cards[int(rng.integers(len(perm_cards)))], controller=int(rng.random() < 0.25),
                  tapped=bool(rng.random() < 0.3), controlled_since=int(rng.choice([-1, 1])),
                  counters={"+1/+1": int(rng.integers(0, 3))})
        b.hand_size[g, 0] = rng.integers(0, 6)
        b.pool[g, 0, int(rng.integers(6))] = rng.integers(0, 2)
    b.life[:, 0] = rng.integers(1, 21, size=n)
    return b


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["Grizzly Bears", "The Great Henge", "Lightning Bolt",
                                                 "Hangarback Walker"]), st.integers(0, 3))
def test_direct_path_agrees_with_the_general_search(tables, seed, card, x):
    b = random_batch(tables, seed)
    b.core.fast_path = True
    fast = evaluate_boards(b, card, x=x)
    b.core.fast_path = False
    slow = evaluate_boards(b, card, x=x)
    assert (fast.mana == slow.mana).all()
    assert (fast.castable == slow.castable).all()
    assert (fast.could_produce == slow.could_produce).all()
    assert (fast.total_cost_table == slow.total_cost_table).all()


def test_same_results_for_any_number_of_threads(tables):
    b = random_batch(tables, 7, n=3000)
    one = evaluate_boards(b, "The Great Henge", threads=1)
    two = evaluate_boards(b, "The Great Henge", threads=2)
    every = evaluate_boards(b, "The Great Henge", threads=None)
    for r in (two, every):
        assert (r.mana == one.mana).all() and (r.castable == one.castable).all()
        assert (r.total_cost_table == one.total_cost_table).all()


def test_reused_output_arrays(tables):
    b = random_batch(tables, 3)
    first = evaluate_boards(b, "Grizzly Bears")
    again = evaluate_boards(b, "Lightning Bolt", out=first)
    assert again is first and str(again.total_cost[0]) == "{R}"


def test_could_produce_is_zero_past_the_count(tables):
    b = BoardBatch(tables, 2, 4)
    b.put(0, "Forest")
    r = evaluate_boards(b, "Grizzly Bears")
    assert list(r.could_produce[0]) == [16, 0, 0, 0] and list(r.could_produce[1]) == [0] * 4


def test_known_boards(tables):
    b = BoardBatch(tables, 3, 8)
    for _ in range(2):
        b.put(0, "Forest")
    b.put(0, "Llanowar Elves", controlled_since=1)        # summoning sick (302.6)
    b.put(1, "Forest")
    b.put(1, "Mana Reflection")
    b.put(2, "Trinisphere")
    b.put(2, "Mountain")
    r = evaluate_boards(b, "Grizzly Bears")
    assert list(r.mana[0]) == [0, 0, 0, 0, 2, 0, 2] and r.castable[0]
    assert list(r.mana[1]) == [0, 0, 0, 0, 2, 0, 2]
    assert str(r.total_cost[2]) == "{2}{G}" and not r.castable[2]


@pytest.mark.parametrize("mutate, message", [
    (lambda b: b.permanents["card"].__setitem__((0, 0), 999), "card row 999"),
    (lambda b: b.permanents["controller"].__setitem__((0, 0), 3), "controller 3"),
    (lambda b: b.permanents["attached_to"].__setitem__((0, 0), 5), "attached_to 5"),
    (lambda b: b.permanents["card"].__setitem__((0, 0), -1), "card row -1"),
    (lambda b: b.permanents["card"].__setitem__((0, 0), len(b.tables.card_names)), "card row"),
    (lambda b: b.permanents["controller"].__setitem__((0, 0), 2), "controller 2"),
    (lambda b: b.permanents["attached_to"].__setitem__((0, 0), -2), "attached_to -2"),
    (lambda b: b.count.__setitem__(1, 99), "count 99"),
    (lambda b: b.count.__setitem__(1, -1), "count -1"),
    (lambda b: b.hand_size.__setitem__((1, 1), -1), "board 1: hand sizes must not be negative"),
    (lambda b: b.info["pool"].__setitem__((0, 1, 2), -3), "board 0: mana in pools must not be negative"),
])
def test_malformed_boards_are_refused(tables, mutate, message):
    """The kernel checks every board as it reads it (the direct path by OR-ing the rows
    together): a malformed one is named, never read out of bounds."""
    b = BoardBatch(tables, 2, 4)
    b.put(0, "Forest")
    mutate(b)
    with pytest.raises(ValueError, match=message):
        evaluate_boards(b, "Grizzly Bears")


def test_well_formed_attachments_pass_the_quick_check(tables):
    """Rows attached to 1 and 2 OR to 3, past the board's 3 permanents: the quick check
    must fall back to the exact one, not refuse the board."""
    b = BoardBatch(tables, 1, 4)
    b.put(0, "Forest")
    b.put(0, "Forest")
    b.put(0, "Forest")
    b.permanents["attached_to"][0, :3] = [1, 2, -1]
    r = evaluate_boards(b, "Grizzly Bears")
    assert r.castable[0] and list(r.mana[0]) == [0, 0, 0, 0, 3, 0, 3]


@pytest.mark.parametrize("kwargs, error, message", [
    ({"x": -1}, ValueError, "X must be"),
    ({"alternative": "flashback"}, ValueError, "no flashback"),
    ({"kicked": True}, ValueError, "no kicker"),
    ({"alternative": "overload"}, ValueError, "alternative must be"),
    ({"player": 2}, ValueError, "player must be"),
    ({"threads": 0}, ValueError, "threads"),
])
def test_bad_arguments(tables, kwargs, error, message):
    b = BoardBatch(tables, 1, 4)
    with pytest.raises(error, match=message):
        evaluate_boards(b, "Grizzly Bears", **kwargs)


def test_bad_batches(tables):
    with pytest.raises(ValueError, match="capacity"):
        BoardBatch(tables, 1, 0)
    with pytest.raises(ValueError, match="n_boards"):
        BoardBatch(tables, 0, 4)
    b = BoardBatch(tables, 1, 2)
    b.put(0, "Forest")
    b.put(0, "Forest")
    with pytest.raises(ValueError, match="full"):
        b.put(0, "Forest")
    with pytest.raises(KeyError, match="not in these tables"):
        evaluate_boards(b, "Counterspell")
    b.permanents = b.permanents[:, ::-1]
    with pytest.raises(ValueError, match="C-contiguous"):
        evaluate_boards(b, "Grizzly Bears")


def test_mana_sums_of_boards_with_many_units():
    """The direct path sums mana per type in packed 10-bit fields; a board of over 1023 units
    takes the plain sum. (The general search counts at most 512 units: past that it raises,
    so it is compared below that.)"""
    big = card("Test Vault", "{0}", "Artifact",
               abilities=[{"kind": "mana", "cost": "{T}", "mana": "{G}{G}{G}{G}{G}{G}{G}{G}"}])
    tables = compile_cards(card_db().resolve(["Forest", "Island", "Grizzly Bears", big]))
    b = BoardBatch(tables, 3, 200)
    for _ in range(130):                      # 1040 units + 70
        b.put(0, big)
    for _ in range(70):
        b.put(0, "Island")
    for _ in range(60):                       # 480 units + 20
        b.put(1, big)
    for _ in range(20):
        b.put(1, "Island")
    fast = evaluate_boards(b, "Grizzly Bears")
    assert list(fast.mana[0]) == [0, 70, 0, 0, 1040, 0, 1110] and fast.castable[0]
    assert list(fast.mana[1]) == [0, 20, 0, 0, 480, 0, 500]
    b.core.fast_path = False
    with pytest.raises(ValueError, match="board 0: .*511 or more units of mana"):
        evaluate_boards(b, "Grizzly Bears")
    b.count[0] = 0                            # (an empty board: what the search can count)
    slow = evaluate_boards(b, "Grizzly Bears")
    assert (fast.mana[1:] == slow.mana[1:]).all() and (fast.castable[1:] == slow.castable[1:]).all()


def test_sources_with_the_same_options_are_searched_once_per_multiset():
    """Under Chromatic Lantern and Mana Reflection each Mountain makes two mana of any one
    colour: ten of them are ten searched sources of five options (5**11 leaves with the
    Lantern). The search takes sources with the same options in order, so this is a
    thousand leaves, and the answers are exact: 22 mana of any one colour."""
    tables = compile_cards(card_db().resolve(["Mountain", "Chromatic Lantern", "Mana Reflection", "Grizzly Bears",
                            card("Test Rainbow", "{W}{U}{B}{R}{G}{W}{U}{B}{R}{G}", "Sorcery"),
                            card("Test Flood", "{W}" * 12, "Sorcery")]))
    b = BoardBatch(tables, 1, 16)
    for name in ["Chromatic Lantern", "Mana Reflection"] + ["Mountain"] * 10:
        b.put(0, name)
    r = evaluate_boards(b, "Test Rainbow")
    assert list(r.mana[0]) == [22, 22, 22, 22, 22, 0, 22] and r.castable[0]
    assert evaluate_boards(b, "Test Flood").castable[0]


@pytest.mark.parametrize("flares", [15, 16, 17, 20])
def test_every_mana_trigger_adds_its_mana_past_the_boards_list_of_them(flares):
    """106.12a: each "whenever a player taps a land for mana, that player adds one mana of any
    type that land produced" adds one more: a Forest under k Mana Flares makes 1 + k {G}, on
    either side of the 16 permanents with mana effects a board lists (past it: every row)."""
    tables = compile_cards(card_db().resolve(["Forest", "Mana Flare", "Grizzly Bears"]))
    b = BoardBatch(tables, 1, 24)
    b.put(0, "Forest")
    for _ in range(flares):
        b.put(0, "Mana Flare")
    r = evaluate_boards(b, "Grizzly Bears")
    assert r.mana[0, 4] == r.mana[0, 6] == 1 + flares

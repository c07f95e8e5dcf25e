"""Goldfish simulation: exact probabilities (hypergeometric) within 4 standard errors, seeding,
threads, and bad arguments."""
import math

import numpy as np
import pytest
from replay import traced_games

from mtgsim import Deck, UnknownCardError, card, card_db
from mtgsim.simulate import MulliganPolicy, simulate, trace, wilson

BIG = card("Big Spell", "{6}{G}", "Sorcery")          # never castable within the turns tested
W1 = Deck({"Forest": 14, "Wastes": 10, BIG: 36})
N = 60


def deck_with(tmp_path, toml: str, counts: dict) -> Deck:
    """A deck of the curated cards and test cards given as card-file TOML (docs/card-format.md)."""
    path = tmp_path / "test_cards.toml"
    path.write_text(toml, encoding="utf-8")
    return Deck(counts, db=card_db(path))


def p_at_least(seen: int, needs: dict) -> float:
    """P(among `seen` cards of the W1 deck: >= needs['lands'] lands and >= needs['forests']
    Forests), by summing the multivariate hypergeometric distribution."""
    total = 0
    for f in range(0, min(14, seen) + 1):
        for w in range(0, min(10, seen - f) + 1):
            s = seen - f - w
            if s > 36 or f + w < needs.get("lands", 0) or f < needs.get("forests", 0):
                continue
            total += math.comb(14, f) * math.comb(10, w) * math.comb(36, s)
    return total / math.comb(N, seen)


def test_exact_reference_value():
    # the figure: >= 3 lands and >= 2 Forests among the first 9 cards
    assert abs(p_at_least(9, {"lands": 3, "forests": 2}) - 0.626980) < 1e-6


CASES = [  # (cost, turn, on_play, needs)
    ("{1}{G}{G}", 3, True, {"lands": 3, "forests": 2}),
    ("{1}{G}{G}", 4, True, {"lands": 3, "forests": 2}),
    ("{1}{G}{G}", 3, False, {"lands": 3, "forests": 2}),
    ("{G}", 1, True, {"lands": 1, "forests": 1}),
    ("{G}{G}", 2, False, {"lands": 2, "forests": 2}),
    ("{2}", 2, True, {"lands": 2}),
    ("{3}{G}", 4, True, {"lands": 4, "forests": 1}),
]


@pytest.fixture(scope="module")
def w1_runs():
    probes = {cost: card(f"Probe {cost}", cost, "Sorcery") for cost, *_ in CASES}
    runs = {}
    for on_play in (True, False):
        runs[on_play] = simulate(W1, games=60_000, turns=4, on_play=on_play, seed=7,
                                 mulligan=MulliganPolicy.never(), track=list(probes.values()), threads=2)
    return probes, runs


@pytest.mark.parametrize("cost, turn, on_play, needs", CASES)
def test_p_castable_matches_the_hypergeometric_probability(w1_runs, cost, turn, on_play, needs):
    probes, runs = w1_runs
    seen = 7 + turn - (1 if on_play else 0)        # 103.8a: the player on the play skips a draw
    exact = p_at_least(seen, needs)
    est = runs[on_play].p_castable(probes[cost], turn)
    se = math.sqrt(exact * (1 - exact) / est.n)
    assert abs(est.value - exact) <= 4 * se + 1e-12, (cost, turn, on_play, est, exact)


def test_nothing_castable_before_enough_land_drops(w1_runs):
    probes, runs = w1_runs
    assert runs[True].p_castable(probes["{1}{G}{G}"], 2).value == 0.0


def test_same_seed_same_result_for_any_threads():
    a = simulate(W1, games=9000, turns=5, seed=3, threads=1)
    b = simulate(W1, games=9000, turns=5, seed=3, threads=2)
    assert all(np.array_equal(a.metrics[k], b.metrics[k]) for k in a.metrics)
    c = simulate(W1, games=9000, turns=5, seed=4, threads=2)
    assert not all(np.array_equal(a.metrics[k], c.metrics[k]) for k in a.metrics)


def test_chunk_seeds_are_the_seed_sequences_children():
    """Each chunk's generator is made as it is played (memory stays flat however many chunks
    a run has) from the seed's c-th child, as SeedSequence.spawn gives it."""
    from mtgsim.simulate import chunk_generator
    for seed in (0, 3, 2**80 + 5):
        root = np.random.SeedSequence(seed)
        children = np.random.SeedSequence(seed).spawn(40)
        for c in (0, 1, 17, 39):
            want = np.random.Generator(np.random.PCG64(children[c])).integers(0, 2**62, 8)
            assert np.array_equal(chunk_generator(root, c).integers(0, 2**62, 8), want)


def test_inline_generator_steps_match_numpys():
    """The core steps numpy's PCG64 inline (after checking one step against numpy's); with any
    other bit generator it calls numpy. Both ways give the same games, and leave the generator
    in the same state."""
    import importlib

    from mtgsim import _core
    from mtgsim.cli import example_decks
    sim = importlib.import_module("mtgsim.simulate")

    class CalledPCG64(np.random.PCG64):      # not exactly PCG64: the core calls numpy for it
        pass

    deck = Deck.from_file(example_decks()["red_fire_crystal"])
    st = sim.game_setup(deck, 6, True, None, None, ())
    offsets = _core.metric_offsets(len(st.tracked), 6)
    size = offsets["size"][0]
    seeds = np.random.SeedSequence(11).spawn(3)
    results = []
    for bitgen in (np.random.PCG64, CalledPCG64):
        gens = [np.random.Generator(bitgen(s)) for s in seeds]
        out = np.zeros((3, size), dtype=np.int64)
        _core.run_chunks(st.spec, gens, np.array([500, 300, 200], dtype=np.int64), out, 2)
        results.append((out, [g.bit_generator.random_raw() for g in gens]))
    assert np.array_equal(results[0][0], results[1][0]) and results[0][0][:, offsets["games"][0]].sum() == 1000
    assert results[0][1] == results[1][1]


def test_london_mulligan_keeps_the_policy_range():
    res = simulate(W1, games=20_000, turns=2, seed=5,
                   mulligan=MulliganPolicy({7: (3, 4), 6: (2, 4)}), threads=2)
    mull = res.mulligans
    # P(keep 7) = P(3 or 4 lands among 7 from 24 lands in 60)
    exact = sum(math.comb(24, k) * math.comb(36, 7 - k) for k in (3, 4)) / math.comb(60, 7)
    assert abs(mull[7].value - exact) <= 4 * math.sqrt(exact * (1 - exact) / res.games)
    assert sum(e.value for e in mull.values()) == pytest.approx(1.0)


@pytest.mark.parametrize("count_sources", [False, True])
def test_london_mulligan_may_count_mana_creatures_and_rocks_as_lands(count_sources):
    """MulliganPolicy(count_mana_sources=True): Llanowar Elves and Sol Ring count as lands for
    keeping, The Great Henge (mana value 9) doesn't. P(keep 7) is hypergeometric in the lands,
    or in the lands and the two sources."""
    deck = Deck({"Forest": 10, "Llanowar Elves": 6, "Sol Ring": 4, "The Great Henge": 10,
                 card("Big Spell", "{6}{G}", "Sorcery"): 30})
    res = simulate(deck, games=20_000, turns=1, seed=3, threads=2,
                   mulligan=MulliganPolicy({7: (2, 3)}, count_mana_sources=count_sources))
    counted = 20 if count_sources else 10
    exact = sum(math.comb(counted, k) * math.comb(60 - counted, 7 - k) for k in (2, 3)) / math.comb(60, 7)
    assert abs(res.mulligans[7].value - exact) <= 4 * math.sqrt(exact * (1 - exact) / res.games)
    assert res.keep_mana_sources is count_sources and res.to_dict()["keep_mana_sources"] is count_sources


def _mulligan_games(text):
    """Per traced game with one mulligan: (lands in the seven drawn, the card bottomed, the
    hand kept)."""
    games = []
    for block in text.split("game ")[1:]:
        lines = block.splitlines()
        bottom = [line.split(": ", 1)[1] for line in lines if line.startswith("  bottom: ")]
        if len(bottom) != 1:
            continue
        hand = next(line for line in lines if line.startswith("  turn 1;")).split("hand [")[1].split("]")[0].split(", ")
        games.append((sum(c in ("Forest", "Wastes") for c in hand + bottom), bottom[0], hand))
    return games


def test_bottoming_keeps_a_balanced_hand_off_colour_lands_first():
    """103.5 London mulligan: with 30 lands in 60, a six-card hand should hold 3 lands (the
    deck's share, rounded up): from a seven with more, a land goes to the bottom, and an
    off-colour Wastes before a Forest the Grizzly Bears need; else the most expensive spell."""
    from mtgsim.simulate import trace
    deck = Deck({"Forest": 15, "Wastes": 15, "Grizzly Bears": 15, "Craw Wurm": 15})
    games = [g for seed in range(3) for g in _mulligan_games(
        trace(deck, games=100, turns=1, seed=seed, mulligan=MulliganPolicy({7: (0, 2), 6: (0, 6)})))]
    assert len(games) > 100 and any(lands > 3 for lands, _, _ in games)
    for lands, bottom, hand in games:
        if lands > 3:
            assert bottom == "Wastes" if "Wastes" in hand + [bottom] else bottom == "Forest"
            assert sum(c in ("Forest", "Wastes") for c in hand) == lands - 1
        else:
            assert bottom == "Craw Wurm" if "Craw Wurm" in hand + [bottom] else bottom == "Grizzly Bears"


def test_burn_deck_kills_and_metrics_are_sane():
    deck = Deck({"Mountain": 20, "Lightning Bolt": 40})
    res = simulate(deck, games=4000, turns=8, seed=1, threads=2)
    kill = res.kill_turn
    assert kill.p_by(8).value > 0.9 and 4 <= kill.mean <= 8
    assert res.p_cast("Lightning Bolt", 1).value > 0.8
    assert res.lands_in_play(1).value <= 1 and res.mana_spent(3).value > 0
    d = res.to_dict()
    assert d["games"] == 4000 and len(d["lands_in_play"]) == 8


def test_wilson_interval():
    e = wilson(50, 100)
    assert e.low < 0.5 < e.high and e.n == 100
    assert wilson(0, 10).low == 0.0


@pytest.mark.parametrize("kwargs, error, message", [
    ({"games": 0}, ValueError, "games"),
    ({"games": -5}, ValueError, "games"),
    ({"turns": 0}, ValueError, "turns"),
    ({"turns": 99}, ValueError, "turns"),
    ({"threads": 0}, ValueError, "threads"),
    ({"track": ["Not A Card"]}, UnknownCardError, "Not A Card"),
])
def test_bad_arguments(kwargs, error, message):
    args = {"games": 10, "turns": 3, **kwargs}
    with pytest.raises(error, match=message):
        simulate(W1, **args)


def test_small_deck_is_refused():
    with pytest.raises(ValueError, match="at least 7"):
        simulate(Deck({"Forest": 6}), games=10)


@pytest.mark.parametrize("keep, message", [
    ({8: (2, 5)}, "hand size"),
    ({7: (5, 2)}, "impossible"),
    ({7: (2, 9)}, "impossible"),
    ({7: 3}, "pair"),
])
def test_impossible_mulligan_policies(keep, message):
    with pytest.raises(ValueError, match=message):
        MulliganPolicy(keep)


def test_unknown_card_in_a_question():
    res = simulate(W1, games=100, turns=2, seed=1)
    with pytest.raises(UnknownCardError):
        res.p_castable("Llanowar Elves", 1)
    with pytest.raises(ValueError, match="turn"):
        res.p_castable("Big Spell", 3)


def test_ctrl_c_returns_the_games_played_so_far(monkeypatch):
    """Ctrl-C between chunks: the result so far, with its true number of games."""
    import importlib

    from mtgsim import _core
    sim = importlib.import_module("mtgsim.simulate")    # the package's `simulate` is the function
    real = _core.run_chunks
    calls = {"n": 0}

    def interrupted_after_one_batch(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] > 1:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(sim._core, "run_chunks", interrupted_after_one_batch)
    res = simulate(W1, games=50 * sim.CHUNK, turns=2, seed=1, threads=1)
    assert res.interrupted and res.games == 4 * sim.CHUNK     # one batch: 4 chunks per thread
    assert res.lands_in_play(1).n == res.games


def test_the_fire_crystal_copy_is_used_and_attacks():
    """The policy activates The Fire Crystal ({4}{R}{R}, {T}) when it can: the copy has haste
    (the Crystal's static ability) and attacks, and is sacrificed at the end step."""
    from mtgsim.simulate import trace
    deck = Deck({"Mountain": 24, "The Fire Crystal": 10, "Goblin Piker": 26})
    text = trace(deck, games=3, turns=8, seed=4)
    line = next(t for t in text.splitlines() if "activate The Fire Crystal (6)" in t)
    attack = int(line.split("attack ")[1].split(";")[0])
    assert attack % 2 == 0 and attack >= 4          # Goblin Pikers, the copy among them


def test_x_spells_use_the_largest_payable_x():
    """107.3: Hangarback Walker ({X}{X}) with 4 mana is cast with X = 2 and enters with two
    +1/+1 counters (107.3m); with X = 0 it would die, so the policy never casts it so."""
    from mtgsim.simulate import trace
    deck = Deck({"Forest": 30, "Hangarback Walker": 30})
    text = trace(deck, games=2, turns=6, seed=2, mulligan=MulliganPolicy.never())
    casts = [p for line in text.splitlines() for p in line.split("; ") if p.startswith("cast Hangarback")]
    assert casts and all(int(p.split("(")[1].rstrip(")")) % 2 == 0 and not p.endswith("(0)") for p in casts)


@pytest.mark.parametrize("example", ["mono_green_henge", "red_fire_crystal", "gw_midrange", "commander_elves"])
def test_every_bundled_example_simulates(example):
    """Each bundled deck plays ten turns, every distinct nonland card tracked (a 100-card
    singleton list tracks 67, its commander with them); boards of many Elves, Signets and mana
    doublers used to make the payment search blow up."""
    from mtgsim.cli import example_decks
    deck = Deck.from_file(example_decks()[example])
    res = simulate(deck, games=300, turns=10, seed=1, threads=1)
    nonland = {c.name for c, _ in deck.cards() if not c.is_land}
    assert res.games == 300 and set(res.tracked) == nonland
    assert res.mana_available(10).value > res.mana_available(1).value


def test_a_creature_with_toughness_0_dies_in_the_goldfish():
    """704.5f: a 1/0 creature is put into the graveyard as it enters, so it never attacks."""
    from mtgsim.simulate import trace
    wisp = card("Test Wisp", "{R}", "Creature — Spirit", "1/0")
    text = trace(Deck({"Mountain": 20, wisp: 40}), games=3, turns=6, seed=1, mulligan=MulliganPolicy.never())
    assert "cast Test Wisp (1)" in text
    assert all(int(p.split()[1]) == 0 for line in text.splitlines() for p in line.split("; ") if p.startswith("attack"))


def test_the_fire_crystal_never_copies_a_legend():
    """704.5j: a token copy of your legendary creature would put one of the two into the
    graveyard at once, so the policy doesn't make one; a nonlegendary creature is copied."""
    from mtgsim.simulate import trace
    legend = card("Test Legend", "{R}", "Legendary Creature — Goblin", "5/5")
    alone = trace(Deck({"Mountain": 24, "The Fire Crystal": 16, legend: 20}), games=4, turns=9, seed=1)
    assert "cast The Fire Crystal" in alone and "activate The Fire Crystal" not in alone
    mixed = trace(Deck({"Mountain": 24, "The Fire Crystal": 16, legend: 10, "Goblin Piker": 10}),
                  games=4, turns=9, seed=1)
    assert "activate The Fire Crystal" in mixed


def test_a_tracked_card_named_like_a_different_deck_card_is_refused():
    """One name, one card: a tracked {5} 'Probe' beside the deck's {G} 'Probe' would otherwise
    be answered for the deck's card."""
    deck = Deck({"Forest": 20, card("Probe", "{G}", "Sorcery"): 40})
    for name in ("Probe", "probe"):              # names match as the card database matches them
        with pytest.raises(ValueError, match=f"different card named '{name}'"):
            simulate(deck, games=10, turns=2, track=[card(name, "{5}", "Sorcery")])
    res = simulate(deck, games=10, turns=2, track=[card("Probe", "{G}", "Sorcery"), "Probe"])
    assert res.p_castable("Probe", 2).n == 10


def test_503_1a_upkeep_triggers_resolve_in_the_goldfish():
    """503.1a: "at the beginning of your upkeep" abilities trigger each turn: with n Phyrexian
    Arenas in play as a turn begins, the turn draws 1 + n cards (the draw step's and theirs)."""
    deck = Deck({"Swamp": 24, "Phyrexian Arena": 36})
    text = trace(deck, games=6, turns=8, seed=4, mulligan=MulliganPolicy.never())
    arenas, checked = 0, 0
    for line in text.splitlines():
        if line.startswith("game"):
            arenas = 0
        elif line.strip().startswith("turn "):
            parts = line.strip().split("; ")
            turn = int(parts[0].split()[1])
            if turn > 1:
                assert sum(p.startswith("draw ") for p in parts) == 1 + arenas, line
                checked += arenas > 0
            arenas += sum(p.startswith("cast Phyrexian Arena") for p in parts)
    assert checked >= 6


def test_603_2_city_of_brass_deals_damage_each_time_it_becomes_tapped_in_the_goldfish():
    """603.2: "whenever this land becomes tapped, it deals 1 damage to you" triggers each time
    the simulator taps City of Brass for mana: with only Cities as lands, your life is 20 less
    the mana spent on spells."""
    assert assert_life_is_20_less_mana_spent(Deck({"City of Brass": 24, "Grizzly Bears": 36}), 2, seed=3) >= 4


def assert_life_is_20_less_mana_spent(deck, cost: int, seed: int) -> int:
    """In traced games where every spell costs `cost` and every mana costs a life, your life
    after each cast is 20 less the mana spent so far; returns the last game's mana spent."""
    spent = 0
    for game in traced_games(deck, games=5, turns=6, seed=seed, mulligan=MulliganPolicy.never()):
        spent = 0
        for step in game.steps:
            if step.action == "cast":
                spent += cost
                assert step.state.lives[0] == 20 - spent
    return spent


SWARM = """
[[card]]
name = "Test Swarm"
cost = "{1}{G}"
type = "Creature — Insect"
pt = "0/0"
text = "This creature enters with a +1/+1 counter on it for each other creature you control."
[[card.abilities]]
kind = "enters"
counters = { "+1/+1" = { count = "permanents", types = ["Creature"], other = true } }
"""


def test_614_1c_enters_with_a_counted_number_of_counters_in_the_goldfish(tmp_path):
    """614.1c: "enters with a +1/+1 counter for each other creature you control" counts as the
    permanent enters, in the simulator as in Scenario (the simulator honoured only X): with
    n creatures in play it enters with n counters; with none it is 0/0 and dies (704.5f)."""
    deck = deck_with(tmp_path, SWARM, {"Forest": 24, "Llanowar Elves": 18, "Test Swarm": 18})
    seen = set()
    for game in traced_games(deck, games=8, turns=6, seed=5, mulligan=MulliganPolicy.never()):
        before = []
        for step in game.steps:
            if step.action == "cast" and step.args["card"] == "Test Swarm":
                creatures = sum(name in ("Llanowar Elves", "Test Swarm") for name, _, _ in before)
                swarms = [c for name, _, c in step.state.permanents if name == "Test Swarm"]
                new = len(swarms) - sum(name == "Test Swarm" for name, _, _ in before)
                assert new == (1 if creatures else 0)
                if creatures:
                    assert swarms[-1] == {0: creatures}
                seen.add(creatures > 0)
            before = step.state.permanents
    assert True in seen


WATCHER = """
[[card]]
name = "Test Watcher"
cost = "{1}{G}"
type = "Creature — Elf"
pt = "1/1"
text = "Whenever a nontoken creature you control enters, you gain 1 life."
abilities = [ { kind = "trigger", event = "nontoken_creature_you_control_enters", gain_life = 1 } ]
"""


def test_603_6a_a_creature_sees_itself_enter_in_the_goldfish(tmp_path):
    """603.6a: every permanent on the battlefield, the newcomer included, is checked for enters
    triggers: a creature with "whenever a nontoken creature you control enters" triggers on
    itself (the simulator skipped it; Scenario didn't). With only Watchers and lands, life
    is 20 + the sum over each Watcher cast of the Watchers then in play."""
    deck = deck_with(tmp_path, WATCHER, {"Forest": 24, "Test Watcher": 36})
    checked = 0
    for game in traced_games(deck, games=5, turns=6, seed=5, mulligan=MulliganPolicy.never()):
        life = 20
        for step in game.steps:
            if step.action == "cast":
                life += sum(name == "Test Watcher" for name, _, _ in step.state.permanents)
                assert step.state.lives[0] == life
                checked += 1
    assert checked >= 5


SPROUTS = """
[[card]]
name = "Test Sprout"
type = "Creature — Plant"
pt = "1/1"
token = true

[[card]]
name = "Test Sprouting"
cost = "{G}"
type = "Sorcery"
text = "Create a 1/1 Plant creature token."
abilities = [ { kind = "spell", tokens = { "Test Sprout" = 1 } } ]

[[card]]
name = "Test Gardener"
cost = "{1}{G}"
type = "Creature — Elf"
pt = "1/1"
text = "Whenever a creature you control enters, you gain 1 life."
abilities = [ { kind = "trigger", event = "creature_you_control_enters", gain_life = 1 } ]
"""


def test_603_6a_tokens_an_effect_creates_trigger_enters_abilities_in_the_goldfish(tmp_path):
    """603.6a, 111.1: a token an effect creates enters the battlefield like any permanent, so
    "whenever a creature you control enters" triggers for it (the simulator never fired it).
    Life is 20 + one per Gardener in play for each creature that entered after it."""
    deck = deck_with(tmp_path, SPROUTS, {"Forest": 24, "Test Gardener": 12, "Test Sprouting": 24})
    sprouts_seen = 0
    for game in traced_games(deck, games=6, turns=6, seed=5, mulligan=MulliganPolicy.never()):
        life = 20
        for step in game.steps:
            if step.action == "cast":
                gardeners = sum(name == "Test Gardener" for name, _, _ in step.state.permanents)
                if step.args["card"] == "Test Sprouting":
                    life += gardeners
                    sprouts_seen += gardeners > 0
                else:
                    life += gardeners           # (it sees itself enter, 603.6a)
                assert step.state.lives[0] == life
    assert sprouts_seen >= 3


GROVE = """
[[card]]
name = "Test Grove"
type = "Land — Forest"
text = "When this land enters, you gain 1 life.\\n{T}: Add {G}."
abilities = [ { kind = "trigger", event = "self_enters", gain_life = 1 },
              { kind = "mana", cost = "{T}", mana = "{G}" } ]
"""


def test_603_6a_a_land_a_search_puts_onto_the_battlefield_triggers_in_the_goldfish(tmp_path):
    """603.6a: a land put onto the battlefield by a search (Three Visits) enters like one played,
    so its "when this enters" ability triggers (the simulator skipped it). Every Test Grove that
    entered gained 1 life: life is 20 + the Groves in play after every action."""
    deck = deck_with(tmp_path, GROVE, {"Test Grove": 30, "Three Visits": 30})
    searched = 0
    for game in traced_games(deck, games=6, turns=6, seed=5, mulligan=MulliganPolicy.never()):
        for step in game.steps:
            groves = sum(name == "Test Grove" for name, _, _ in step.state.permanents)
            assert step.state.lives[0] == 20 + groves
            searched += step.action == "cast"
    assert searched >= 5


BLOOD_WELL = """
[[card]]
name = "Test Blood Well"
type = "Land"
text = "{T}: Add {B}. You lose 1 life."
abilities = [ { kind = "mana", cost = "{T}", mana = "{B}", lose_life = 1 } ]

[[card]]
name = "Test Shade"
cost = "{1}{B}{B}"
type = "Creature — Shade"
pt = "2/2"
"""


def test_605_3b_a_mana_ability_that_makes_you_lose_life_does_in_the_goldfish(tmp_path):
    """605.3b: a mana ability resolves at once, side effects included: "{T}: Add {B}. You lose 1
    life" costs a life per tapping in the simulator too (it applied gains and damage only).
    With only Blood Wells for mana, life is 20 less the mana spent."""
    deck = deck_with(tmp_path, BLOOD_WELL, {"Test Blood Well": 24, "Test Shade": 36})
    assert assert_life_is_20_less_mana_spent(deck, 3, seed=5) >= 3


ALTAR = """
[[card]]
name = "Test Altar"
cost = "{1}"
type = "Artifact"
text = "{T}, Sacrifice this artifact: Draw a card. You gain 1 life for each artifact you control."
[[card.abilities]]
kind = "activated"
cost = "{T}, Sacrifice this artifact"
draw = 1
gain_life = { count = "permanents", types = ["Artifact"] }
"""


def test_602_2b_a_sacrifice_cost_is_paid_before_the_ability_resolves_in_the_goldfish(tmp_path):
    """602.2b, 601.2h: costs are paid as the ability is activated, so "{T}, Sacrifice: draw a
    card; you gain 1 life for each artifact you control" no longer counts the sacrificed Altar
    (the simulator sacrificed it after the effect). Each activation gains the Altars left."""
    deck = deck_with(tmp_path, ALTAR, {"Wastes": 24, "Test Altar": 36})
    checked = 0
    for game in traced_games(deck, games=6, turns=7, seed=5, mulligan=MulliganPolicy.never()):
        before = None
        for step in game.steps:
            if step.action == "activate" and before is not None:
                left = sum(name == "Test Altar" for name, _, _ in step.state.permanents)
                assert step.state.lives[0] - before.lives[0] == left
                checked += 1
            before = step.state
    assert checked >= 3

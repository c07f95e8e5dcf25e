"""The Commander variant (903) in the goldfish: the commander starts in the command zone and is
cast from there (903.6, 903.8), with the commander tax after each return (903.8, 903.9a); the
opponent starts at 40 life (903.7); a multiplayer game's first mulligan is free (103.5c) and
its first player draws on turn 1 (103.8c), a two-player game's doesn't (103.8a). Each figure is
checked against its exact value: exactly where every game is the same, else within 4
standard errors of the hypergeometric value."""
from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from mtgsim import ArgumentError, Deck, MulliganPolicy, card, simulate
from mtgsim.simulate import GameRules

BEAR = card("Test Legendary Bear", "{1}{G}", "Legendary Creature — Bear", "2/2")
CUB = card("Test Legendary Cub", "{G}", "Legendary Creature — Bear", "1/1")
WISP = card("Test Legendary Wisp", "{G}", "Legendary Creature — Spirit", "0/0")
ELK = card("Test Legendary Elk", "{2}{G}", "Legendary Creature — Elk", "3/3")
SPROUT = card("Test Sprout", "{G}", "Sorcery")


def within(k: int, n: int, exact: float) -> bool:
    """k successes in n games agree with probability `exact` within 4 standard errors."""
    se = math.sqrt(max(exact * (1 - exact), 1e-12) / n)
    return abs(k / n - exact) <= 4 * se + 1e-12


def test_903_6_vanilla_commander_over_99_basics_is_cast_by_turn_2():
    """The issue's test: a 2/2 commander over 99 Forests is cast on turn 2 (two lands out in
    every game: P = 1), never on turn 1, and doesn't kill by turn 15 (it attacks on turns
    3..15: 26 damage of the opponent's 40, 903.7)."""
    deck = Deck({"Forest": 99}, commander={BEAR: 1})
    res = simulate(deck, games=3000, turns=15, seed=1, threads=1)
    assert res.rules == GameRules((BEAR.name,), True, 40)
    assert res.tracked[0] == BEAR.name
    assert res.p_cast(BEAR, 1).value == 0
    assert res.p_cast(BEAR, 2).value == 1
    assert res.lands_in_play(2).value == 2
    assert res.kill_turn.p_never.value == 1


def test_903_7_opponent_starts_at_40_life():
    """The 2/2 commander attacks every turn from turn 3: 40 life is gone on turn 22 exactly,
    in every game (at 20 life it would be turn 12); the same in a two-player game."""
    deck = Deck({"Forest": 99}, commander={BEAR: 1})
    for multiplayer in (None, False):
        res = simulate(deck, games=500, turns=22, seed=2, threads=1, multiplayer=multiplayer)
        assert res.rules.starting_life == 40
        assert res.kill_turn.p_by(21).value == 0
        assert res.kill_turn.p_by(22).value == 1


def test_103_4_a_deck_without_commander_plays_at_20_life():
    deck = Deck({"Forest": 40, card("Test Bear", "{1}{G}", "Creature — Bear", "2/2"): 20})
    res = simulate(deck, games=200, turns=3, seed=1, threads=1)
    assert res.rules == GameRules((), False, 20)
    assert res.to_dict()["starting_life"] == 20


def test_903_8_commander_tax_after_each_return_to_the_command_zone():
    """A 0/0 commander ({G}) dies as it enters (704.5f) and goes back to the command zone
    (903.9a); each cast from there costs {2} more than the last (903.8): {G} on turn 1, {2}{G}
    on turn 3, {4}{G} on turn 5, {6}{G} on turn 7 (the turns with that many Forests), nothing
    in between. Every game is the same: the mana spent is exact."""
    deck = Deck({"Forest": 99}, commander={WISP: 1})
    res = simulate(deck, games=200, turns=8, seed=3, threads=1, mulligan=MulliganPolicy.never())
    spent = [res.mana_spent(t).value for t in range(1, 9)]
    assert spent == [1, 0, 3, 0, 5, 0, 7, 0]
    assert res.p_cast(WISP, 1).value == 1


def test_903_8_two_commanders_each_have_their_own_tax_and_are_both_cast():
    """Partner (702.124b, d): both commanders start in the command zone and are cast from it,
    each on the turn its mana is there (the one spending the most mana first)."""
    deck = Deck({"Forest": 98}, commander={BEAR: 1, ELK: 1})
    res = simulate(deck, games=500, turns=4, seed=4, threads=1, mulligan=MulliganPolicy.never())
    assert res.rules.commanders == (BEAR.name, ELK.name)
    assert (res.p_cast(BEAR, 1).value, res.p_cast(BEAR, 2).value) == (0, 1)
    assert (res.p_cast(ELK, 2).value, res.p_cast(ELK, 3).value) == (0, 1)
    assert [res.mana_spent(t).value for t in range(1, 5)] == [0, 2, 3, 0]


def test_903_8_commander_is_weighed_with_the_hand():
    """A commander and a card in hand of the same cost: the one in hand first (ties go to the
    hand). A {G} commander over 90 Forests and 9 {G} sorceries, no mulligan, on the play in a
    multiplayer game (8 cards by turn 1, one Forest played): the commander is cast on turn 1
    exactly when the eight cards hold no sorcery (P = C(90,8)/C(99,8), about 0.46; were it
    preferred to the hand, about 1)."""
    deck = Deck({"Forest": 90, SPROUT: 9}, commander={CUB: 1})
    games = 20000
    res = simulate(deck, games=games, turns=1, seed=5, threads=1, mulligan=MulliganPolicy.never())
    exact = math.comb(90, 8) / math.comb(99, 8)
    k = int(res.metrics["first_cast"][res.tracked.index(CUB.name), 0])
    assert within(k, games, exact), (k / games, exact)


def _one_drop_by_turn_1(on_the_play_cards: int) -> float:
    """P(a Forest and a {G} sorcery among the first n cards of 40 Forests and 59 sorceries)."""
    n = on_the_play_cards
    return 1 - (math.comb(59, n) + math.comb(40, n)) / math.comb(99, n)


@pytest.mark.parametrize("multiplayer, cards", [(None, 8), (True, 8), (False, 7)])
def test_103_8c_first_player_draws_on_turn_1_in_multiplayer(multiplayer, cards):
    """On the play, a multiplayer game's first player draws on turn 1 (103.8c): 8 cards seen;
    a two-player game's skips that draw (103.8a): 7."""
    deck = Deck({"Forest": 40, SPROUT: 59}, commander={BEAR: 1})
    games = 20000
    res = simulate(deck, games=games, turns=1, seed=6, threads=1, mulligan=MulliganPolicy.never(),
                   multiplayer=multiplayer)
    k = int(res.metrics["first_cast"][res.tracked.index(SPROUT.name), 0])
    assert within(k, games, _one_drop_by_turn_1(cards))


def _keepable(lands: int, size: int = 7, lo: int = 2, hi: int = 5, deck: int = 99) -> float:
    kept = sum(math.comb(lands, k) * math.comb(deck - lands, size - k) for k in range(lo, hi + 1))
    return kept / math.comb(deck, size)


@pytest.mark.parametrize("commander", [True, False])
def test_103_5c_first_mulligan_free_in_multiplayer(commander):
    """The first mulligan is free (103.5c): a seven is kept at once or after one mulligan, both
    as seven cards: P(7 cards kept) = p + (1 - p) p, p = P(2-5 lands in 7). In a two-player
    game a mulligan costs a card: P = p. (With and without a Commander section: multiplayer=
    True gives the free mulligan to any deck.)"""
    lands = 20
    main = {"Forest": lands, SPROUT: 79} if commander else {"Forest": lands, SPROUT: 80}
    deck = Deck(main, commander={BEAR: 1} if commander else None)
    size = 99 if commander else 100
    p = _keepable(lands, deck=size)
    games = 20000
    for multiplayer, exact in ((True, p + (1 - p) * p), (False, p)):
        res = simulate(deck, games=games, turns=1, seed=7, threads=1, multiplayer=multiplayer)
        assert within(int(res.metrics["kept"][7]), games, exact), (multiplayer, res.metrics["kept"][7] / games, exact)


def test_903_3_commander_section_of_three_cards_is_refused():
    deck = Deck({"Forest": 97}, commander={BEAR: 1, ELK: 1, CUB: 1})
    with pytest.raises(ArgumentError, match=r"Commander section has 3 cards.*702\.124"):
        simulate(deck, games=10, turns=1, seed=1)


def test_903_3_commander_that_is_not_a_legendary_creature_is_refused():
    deck = Deck({"Forest": 99}, commander={"Grizzly Bears": 1})
    with pytest.raises(ArgumentError, match=r"'Grizzly Bears' can't be a commander.*903\.3"):
        simulate(deck, games=10, turns=1, seed=1)


def test_903_6_commander_also_in_the_main_deck_is_refused():
    """A commander listed in the Deck section too would be played as a second copy in the
    library: refused, naming it."""
    deck = Deck({"Forest": 98, BEAR: 1}, commander={BEAR: 1})
    with pytest.raises(ArgumentError, match=r"'Test Legendary Bear' is the deck's commander and in its main deck"):
        simulate(deck, games=10, turns=1, seed=1)


def test_multiplayer_must_be_true_false_or_none():
    from mtgsim import ArgumentTypeError
    with pytest.raises(ArgumentTypeError, match="multiplayer must be True, False or None"):
        simulate(Deck({"Forest": 99}, commander={BEAR: 1}), games=10, turns=1, multiplayer="yes")


def test_903_rules_recorded_in_json_csv_and_header(tmp_path):
    """Every output says which game was played: Commander or not, multiplayer or two-player,
    and the starting life."""
    path = tmp_path / "d.txt"
    path.write_text("Commander\n1 Ezuri, Renegade Leader\n\nDeck\n99 Forest\n", encoding="utf-8")
    out = tmp_path / "r.json"
    table = tmp_path / "r.csv"
    for flag, multiplayer in (([], True), (["--two-player"], False)):
        run = subprocess.run([sys.executable, "-m", "mtgsim", "simulate", str(path), "--games", "200",
                              "--turns", "3", "--seed", "1", "--threads", "1", "--json", str(out),
                              "--csv", str(table), *flag],
                             capture_output=True, text=True, check=True)
        rows = table.read_text(encoding="utf-8").splitlines()[2:5]
        assert rows == ["commander,\"Ezuri, Renegade Leader\",,,,,", f"multiplayer,,,{int(multiplayer)},,,",
                        "starting_life,,,40,,,"]
        header = run.stdout.splitlines()[2]
        assert "Commander (903): Ezuri, Renegade Leader in the command zone" in header
        assert "opponent at 40 life (903.7)" in header
        assert ("multiplayer" if multiplayer else "two-player") in header
        d = json.loads(out.read_text(encoding="utf-8"))
        assert (d["commanders"], d["multiplayer"], d["starting_life"]) == (["Ezuri, Renegade Leader"], multiplayer, 40)


# ---- Scenario: the command zone by hand ---------------------------------------------------------

def _forests(sc, n: int) -> None:
    for _ in range(n):
        sc.add("Forest")


def test_903_8_scenario_commander_tax_cast_returned_cast_again():
    """Cast from the command zone for its mana cost; it dies (a 0/0, 704.5f) and is put back
    (903.9a); the next cast costs {2} more, the one after {4} more (903.8)."""
    from mtgsim import Scenario
    sc = Scenario()
    _forests(sc, 8)
    sc.add_to_command_zone(WISP)
    assert sc.command_zone() == [WISP.name]
    assert str(sc.total_cost(WISP, from_command_zone=True)) == "{G}"
    sc.cast(WISP, from_command_zone=True)
    assert sc.command_zone() == [] and sc.graveyard() == [WISP.name]      # (704.5f)
    sc.return_to_command_zone(WISP)
    assert sc.commander_tax(WISP) == 2
    assert str(sc.total_cost(WISP, from_command_zone=True)) == "{2}{G}"
    sc.cast(WISP, from_command_zone=True)
    sc.return_to_command_zone(WISP)
    assert str(sc.total_cost(WISP, from_command_zone=True)) == "{4}{G}"
    assert not sc.can_cast(WISP, from_command_zone=True)                  # (3 Forests left untapped)
    assert str(sc.total_cost(WISP)) == "{G}"           # (from the hand: no tax, 903.8)


def test_903_8_commander_tax_is_an_additional_cost_that_reductions_apply_to():
    """601.2f: the tax is added before reductions: Emerald Medallion's {1} less, wasted on a
    {G} commander's first cast, takes {1} of the {2} tax off the second."""
    from mtgsim import Scenario
    sc = Scenario()
    sc.add("Emerald Medallion")
    _forests(sc, 3)
    sc.add_to_command_zone(WISP)
    assert str(sc.total_cost(WISP, from_command_zone=True)) == "{G}"
    sc.cast(WISP, from_command_zone=True)
    sc.return_to_command_zone(WISP)
    assert str(sc.total_cost(WISP, from_command_zone=True)) == "{1}{G}"


def test_903_scenario_command_zone_bad_input():
    from mtgsim import RulesError, Scenario
    sc = Scenario()
    with pytest.raises(RulesError, match=r"903\.3: 'Grizzly Bears' can't be a commander"):
        sc.add_to_command_zone("Grizzly Bears")
    with pytest.raises(RulesError, match=r"903\.8: .* is not in your command zone"):
        sc.cast(BEAR, from_command_zone=True)
    sc.add_to_command_zone(BEAR)
    sc.add_to_command_zone(ELK)
    with pytest.raises(RulesError, match=r"702\.124g"):
        sc.add_to_command_zone(CUB)
    with pytest.raises(RulesError, match=r"903\.9: .* neither"):
        sc.return_to_command_zone(BEAR)
    with pytest.raises(RulesError, match=r"601\.2g"):          # (no mana: the command zone unchanged)
        sc.cast(BEAR, from_command_zone=True)
    assert sc.command_zone() == [BEAR.name, ELK.name] and sc.commander_tax(BEAR) == 0

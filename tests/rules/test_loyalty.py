"""Planeswalkers: loyalty counters and loyalty abilities. 306.5b: a planeswalker enters with its
printed loyalty in loyalty counters; 606.4: a loyalty ability's cost puts loyalty counters on it
([+N]) or removes them ([-N]); 606.3: it is activated only as a sorcery, and only if none of that
permanent's loyalty abilities has been activated this turn; 606.6: a minus cost can't be paid
without that much loyalty; 704.5i: a planeswalker with 0 loyalty is put into its owner's
graveyard (the ability still resolves, 113.7a). Damage to a planeswalker is moot in a goldfish (no
opponent attacks it).

The player's pick of the turn's loyalty ability is the play policy's (loyalty_to_activate,
docs/rules-core.md): its ultimate whenever it can be paid, else its first plus ability, else its
[0], else a minus ability that leaves it loyalty -- each only one read and worth activating. A
Scenario's caller names an ability, or gives `choices={"loyalty_ability": k}` to an activation
that asks for the pick (`ability=None`)."""
from math import comb, sqrt

import pytest

from mtgsim import ArgumentError, Deck, MulliganPolicy, RulesError, Scenario, card, simulate
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import recognize
from mtgsim.simulate import trace
from replay import replay, traced_games

# Professor Dellian Fel's shape: [+2] gain life (not worth activating to the policy), [0] draw and
# lose life, and an ultimate ([-6], more than it enters with) that draws two
FEL = card("Test Fel", "{2}{W}{W}", "Legendary Planeswalker — Fel", loyalty=5, abilities=[
    {"kind": "activated", "cost": "[+2]", "gain_life": 3},
    {"kind": "activated", "cost": "[0]", "draw": 1, "lose_life": 1},
    {"kind": "activated", "cost": "[-6]", "draw": 2}])
# Narset's shape: one minus ability only
SEER = card("Test Seer", "{1}{W}", "Planeswalker — Seer", loyalty=3, abilities=[
    {"kind": "activated", "cost": "[-2]", "draw": 1}])


def _board(walker, library=10, lands=4):
    s = Scenario()
    for _ in range(library):
        s.add_to_library("Island")
    for _ in range(lands):
        s.add("Plains")
    s.add_to_hand(walker)
    s.cast(walker)
    return s, next(p for p in s.battlefield() if p.name == walker.name)


def test_306_5b_a_planeswalker_enters_with_its_printed_loyalty():
    s, p = _board(FEL)
    assert s.counters(p) == {"loyalty": 5}


def test_306_5b_one_added_as_set_up_has_its_loyalty_unless_counters_say():
    s = Scenario()
    assert s.counters(s.add(FEL)) == {"loyalty": 5}
    assert s.counters(s.add(SEER, counters={"loyalty": 1})) == {"loyalty": 1}


def test_606_4_a_plus_ability_puts_loyalty_counters_and_a_minus_one_removes_them():
    s, p = _board(FEL)
    s.activate(p, 0)
    assert s.counters(p) == {"loyalty": 7} and s.life() == 23
    s.next_turn()
    s.next_turn()
    s.activate(p, 2)
    assert s.counters(p) == {"loyalty": 1} and len(s.hand()) == 3      # (one draw step, two drawn)


def test_606_3_one_loyalty_ability_of_a_permanent_each_turn():
    s, p = _board(FEL)
    s.activate(p, 1)
    with pytest.raises(RulesError, match=r"606\.3: a loyalty ability of Test Fel was activated this turn"):
        s.activate(p, 0)
    assert s.counters(p) == {"loyalty": 5}
    s.next_turn()                                   # (the opponent's turn: only as a sorcery, 606.3)
    with pytest.raises(RulesError, match=r"602\.5d: Test Fel's ability can be activated only as a sorcery"):
        s.activate(p, 0)
    s.next_turn()
    s.activate(p, 0)                                # (a new turn of its controller's)
    assert s.counters(p) == {"loyalty": 7}


def test_606_3_each_planeswalker_activates_one_of_its_own():
    s, p = _board(FEL, lands=8)
    s.add_to_hand(SEER)
    s.cast(SEER)
    q = next(x for x in s.battlefield() if x.name == SEER.name)
    s.activate(p, 0)
    s.activate(q, 0)
    assert s.counters(p) == {"loyalty": 7} and s.counters(q) == {"loyalty": 1}


def test_606_6_a_minus_cost_needs_that_much_loyalty():
    s, p = _board(FEL)
    with pytest.raises(RulesError, match=r"118\.3: Test Fel's ability removes counters it hasn't got \(\[-6\]\)"):
        s.activate(p, 2)
    assert s.counters(p) == {"loyalty": 5} and s.hand() == []


def test_704_5i_a_planeswalker_left_with_no_loyalty_goes_and_its_ability_still_resolves():
    s = Scenario()
    for _ in range(3):
        s.add_to_library("Island")
    p = s.add(SEER, counters={"loyalty": 2})
    s.activate(p, 0)
    assert not s.on_battlefield(p)
    assert s.graveyard() == [SEER.name] and s.hand() == ["Island"]


# ---- the player's pick: the play policy, or the caller's given choice ----------------------------

def test_the_policy_picks_the_zero_over_a_plus_not_worth_activating():
    """Fel's [+2] only gains life (Effect.worth: not worth activating), so its [0] is picked."""
    s, p = _board(FEL)
    s.activate(p, None)
    assert s.counters(p) == {"loyalty": 5} and s.hand() == ["Island"] and s.life() == 19


def test_the_policy_picks_the_ultimate_when_it_can_be_paid():
    s = Scenario()
    for _ in range(3):
        s.add_to_library("Island")
    p = s.add(FEL, counters={"loyalty": 6})
    s.activate(p, None)
    assert s.graveyard() == [FEL.name] and s.hand() == ["Island", "Island"]


def test_the_policy_takes_a_minus_ability_only_while_it_leaves_loyalty():
    s = Scenario()
    p = s.add(SEER, counters={"loyalty": 2})
    with pytest.raises(RulesError, match=r"606\.3: Test Seer has no loyalty ability to activate now"):
        s.activate(p, None)
    q = s.add(SEER.__class__(**{**{f: getattr(SEER, f) for f in SEER.__dataclass_fields__},
                                "name": "Test Seer Two"}), counters={"loyalty": 3})
    s.activate(q, None)
    assert s.counters(q) == {"loyalty": 1}


def test_a_given_choice_overrides_the_policy():
    s, p = _board(FEL)
    s.activate(p, None, choices={"loyalty_ability": 0})
    assert s.counters(p) == {"loyalty": 7} and s.life() == 23 and s.hand() == []


def test_a_given_choice_must_be_a_loyalty_ability_and_asked_for():
    s, p = _board(FEL)
    with pytest.raises(ArgumentError, match=r"Test Fel has no loyalty ability 3 \(606\.4"):
        s.activate(p, None, choices={"loyalty_ability": 3})
    with pytest.raises(ArgumentError, match=r"loyalty_ability.*never asks for it"):
        s.activate(p, 1, choices={"loyalty_ability": 0})
    assert s.counters(p) == {"loyalty": 5}


def test_the_goldfish_activates_one_loyalty_ability_a_turn_by_its_policy_and_replays_through_scenario():
    """A deck of lands and the walker: once it is cast, its [0] each turn (its [+2] not worth
    activating, its ultimate never reached), one activation a turn for each walker (606.3). The
    traced games replay exactly through Scenario."""
    deck = Deck({FEL: 16, "Plains": 24})
    text = trace(deck, games=3, turns=8, seed=3, mulligan=MulliganPolicy.never())
    assert "cast Test Fel (4); activate Test Fel (0)" in text
    for game in text.split("game ")[1:]:               # (a legend: one Fel at a time, 704.5j)
        turns = game.split("turn ")[1:]
        first = next(k for k, t in enumerate(turns) if "cast Test Fel" in t)
        assert [t.count("activate Test Fel (0); draw") for t in turns] == [0] * first + [1] * (len(turns) - first)
    games = traced_games(deck, games=8, turns=8, seed=2026, on_play=True)
    failures = [f"game {k + 1}: {d}" for k, game in enumerate(games) if (d := replay(deck, game, on_play=True))]
    assert not failures, "\n".join(failures)


DRAINER = card("Test Drainer", "{W}", "Legendary Planeswalker — Test", loyalty=3, abilities=[
    {"kind": "activated", "cost": "[0]", "draw": 1},
    {"kind": "activated", "cost": "[+1]", "opponent_loses_life": 2}])


def test_the_policys_first_plus_ability_kills_on_the_exact_turn():
    """The policy takes a plus ability over a [0] (606.3: one a turn): a walker for {W} whose +1
    drains 2 kills nine turns after the first turn with a walker and a land seen, each turn's
    activation from the turn it is cast (on the play, 6 + t cards seen by turn t; the legend
    never cast twice). P(kill by turn T) = P(a walker and a land among 6 + (T - 9) cards) =
    1 - 2 C(20, n) / C(40, n), checked within 4 standard errors."""
    res = simulate(Deck({DRAINER: 20, "Plains": 20}), games=3000, turns=14, on_play=True, seed=7,
                   mulligan=MulliganPolicy.never())
    assert res.kill_turn.p_by(9).value == 0
    for turn in range(10, 15):
        n = 6 + turn - 9
        p, est = 1 - 2 * comb(20, n) / comb(40, n), res.kill_turn.p_by(turn)
        assert abs(est.value - p) <= 4 * sqrt(p * (1 - p) / est.n) + 1e-12, (turn, est, p)


# ---- the recognizer: "[+N]: ...", "[-N]: ...", "[0]: ..." --------------------------------------

def _read(text, loyalty="5"):
    face = OracleFace("Test Walker", "{3}", "Legendary Planeswalker — Test", text, loyalty=loyalty)
    return recognize(OracleCard("Test Walker", "normal", (face,)))


def test_606_4_loyalty_costs_are_read_with_their_sign():
    rec = _read("[+2]: You gain 3 life.\n[0]: Draw a card.\n[\u22123]: Draw two cards.")
    assert rec.bucket == "fully", rec.clauses
    assert rec.table["loyalty"] == 5
    assert [a["cost"] for a in rec.table["abilities"]] == ["[+2]", "[0]", "[-3]"]


def test_an_emblem_is_not_read_so_its_ability_stays_unusable():
    """114: an emblem's abilities are not simulated: "You get an emblem" is unread, its loyalty
    ability not there (never activated, never free) and the card only partly read."""
    rec = _read("[+1]: Draw a card.\n[\u22126]: You get an emblem with \"Whenever you gain life, target opponent "
                "loses that much life.\"")
    assert rec.bucket == "partly"
    assert [a["cost"] for a in rec.table["abilities"]] == ["[+1]"]


def test_an_x_loyalty_cost_is_not_read():
    rec = _read("[\u2212X]: Draw X cards.")
    assert rec.bucket == "unknown" and "abilities" not in rec.table


def test_114_an_emblem_doing_nothing_in_a_goldfish_is_never_paid_for():
    """An ability whose only effect is an emblem (114.1) whose abilities only bind or hinder the
    opponent (Jace, Unraveler of Secrets' -8) is moot: never activated, the card fully read."""
    rec = _read("[+1]: Scry 1, then draw a card.\n[\u22128]: You get an emblem with \"Whenever an opponent casts their "
                "first spell each turn, counter that spell.\"", loyalty="4")
    assert rec.bucket == "fully", rec.clauses
    assert [a["cost"] for a in rec.table["abilities"]] == ["[+1]"]
    assert "never activated (602.2b): all it does is give an emblem (114.1)" in rec.clauses[-1].text


def test_606_4_a_plus_ability_doing_nothing_here_is_unread_for_its_loyalty():
    """Mu Yanling's "[+2]: Target creature can't be blocked this turn." does nothing in a goldfish, but
    the two loyalty counters its cost puts would: it is unread (the card partly read), never dropped
    as moot."""
    rec = _read("[+2]: Target creature can't be blocked this turn.\n[\u22123]: Draw two cards.")
    assert rec.bucket == "partly"
    assert "not the loyalty its cost puts (606.4)" in rec.unrecognized[0]
    assert [a["cost"] for a in rec.table["abilities"]] == ["[-3]"]

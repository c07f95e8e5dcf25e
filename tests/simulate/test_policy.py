"""The goldfish play policy: every choice is a named, validated option, and each one changes
the play the way it says."""
import pytest

from mtgsim import Deck, MulliganPolicy, PlayPolicy, card, card_db, simulate
from mtgsim.compile import compile_cards

GAMES = 4000


def run(deck, policy=None, turns=6, track=(), **kw):
    return simulate(deck, games=GAMES, turns=turns, seed=7, threads=1, policy=policy,
                    mulligan=MulliganPolicy.never(), track=track, **kw)


# ---- validation ---------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, error, message", [
    ({"lands": "best"}, ValueError, "lands must be one of most_castable, first"),
    ({"spells": "random"}, ValueError, "spells must be one of most_mana"),
    ({"x": -1}, ValueError, "x must be a whole number 0..99"),
    ({"x": True}, ValueError, "x must be"),
    ({"attack": "yes"}, TypeError, "attack must be True or False"),
    ({"first": [3]}, TypeError, "first must list card names or cards"),
    ({"hold": [""]}, ValueError, "hold names an empty card name"),
    ({"first": ["Lightning Bolt"], "hold": "Lightning Bolt"}, ValueError, "both cast first and held"),
    ({"color": "X"}, ValueError, "color must be one of W U B R G or None"),
    ({"pay_life_above": 1.5}, ValueError, "pay_life_above must be a whole number"),
    ({"pay_life_above": 40000}, ValueError, "pay_life_above must be a whole number -30000..30000"),
])
def test_bad_policies_are_refused(kwargs, error, message):
    with pytest.raises(error, match=message):
        PlayPolicy(**kwargs)


def test_policy_names_cards_by_name_or_object():
    bolt = card("Test Bolt", "{R}", "Instant")
    p = PlayPolicy(first=bolt, hold=["Shock"])
    assert p.first == (bolt,) and p.hold == ("Shock",)
    tables = compile_cards(card_db().resolve(["Mountain", bolt, "Shock"]))
    a = p.arrays(tables, p.card_defs(card_db()))
    assert a["rank"][tables.row("Test Bolt")] == 1 and a["hold"][tables.row("Shock")] == 1


def test_simulate_refuses_a_policy_naming_an_unknown_card():
    from mtgsim import UnknownCardError
    with pytest.raises(UnknownCardError):
        run(Deck({"Mountain": 20, "Shock": 20}), PlayPolicy(hold=["No Such Card"]))


def test_simulate_refuses_what_is_not_a_policy():
    with pytest.raises(TypeError, match="policy must be a PlayPolicy"):
        run(Deck({"Mountain": 20, "Shock": 20}), {"attack": False})


# ---- each option changes the play as it says -------------------------------------------------

def casts(text: str, name: str) -> list[int]:
    """The mana spent on each cast of `name` in a trace."""
    return [int(p.split("(")[1].rstrip(")")) for line in text.splitlines()
            for p in line.split("; ") if p.startswith(f"cast {name} (")]


def trace_of(deck, policy=None, games=6, turns=8, seed=3):
    from mtgsim.simulate import trace
    return trace(deck, games=games, turns=turns, seed=seed, mulligan=MulliganPolicy.never(), policy=policy)


BEAR = card("Test Bear", "{1}{R}", "Creature — Bear", "2/2")
BURN = Deck({"Mountain": 24, "Lightning Bolt": 18, BEAR: 18})


def test_hold_keeps_a_card_in_hand():
    held = run(BURN, PlayPolicy(hold=["Lightning Bolt"]))
    assert held.p_cast("Lightning Bolt", by_turn=6).value == 0
    assert run(BURN).p_cast("Lightning Bolt", by_turn=6).value > 0.9


def test_first_casts_a_card_before_the_default_order():
    """By default the bear ({1}{R}, more mana) goes first; cast-first Bolt is cast before it,
    so on turn 2 (two lands) the bear waits more often."""
    default = run(BURN, track=[BEAR])
    bolt_first = run(BURN, PlayPolicy(first=["Lightning Bolt"]), track=[BEAR])
    assert bolt_first.p_cast("Test Bear", by_turn=2).high < default.p_cast("Test Bear", by_turn=2).low


def test_lowest_mana_value_first_changes_the_order():
    default = run(BURN)
    cheap = run(BURN, PlayPolicy(spells="lowest_mana_value"))
    assert cheap.p_cast("Test Bear", by_turn=2).high < default.p_cast("Test Bear", by_turn=2).low


def test_lands_first_plays_the_first_land_in_hand():
    """Holding {G}{G} spells, the default plays Forests before Islands; playing the first land
    in hand casts them later."""
    gg = card("Test Growth", "{G}{G}", "Sorcery")
    deck = Deck({"Forest": 12, "Island": 12, gg: 36})
    smart = run(deck, turns=3)
    first = run(deck, PlayPolicy(lands="first"), turns=3)
    assert first.p_cast("Test Growth", by_turn=3).high < smart.p_cast("Test Growth", by_turn=3).low


def test_702_33_kicker_is_paid_when_it_can_be():
    deck = Deck({"Mountain": 30, "Burst Lightning": 30})
    assert 5 in casts(trace_of(deck), "Burst Lightning")                  # kicked: {R} + {4}
    assert 5 not in casts(trace_of(deck, PlayPolicy(kicker=False)), "Burst Lightning")


def test_702_33_a_kicked_spell_has_its_kicked_effect():
    """Burst Lightning kicked deals 4 instead of 2: with only kicked casts the damage adds up
    in fours."""
    deck = Deck({"Mountain": 30, "Burst Lightning": 30})
    text = trace_of(deck, games=3, turns=6)
    for game in text.split("game ")[1:]:
        life = 20
        for line in game.splitlines():
            spent = casts(line, "Burst Lightning")
            if spent:
                life -= sum(4 if s == 5 else 2 for s in spent)
                assert f"opponent {life}" in line


def test_702_34_flashback_casts_from_the_graveyard_then_exiles():
    deck = Deck({"Mountain": 30, "Firebolt": 30})
    spent = casts(trace_of(deck), "Firebolt")
    assert 5 in spent                                                     # {4}{R} from the graveyard
    assert spent.count(5) <= spent.count(1)                               # each once, after a cast
    assert 5 not in casts(trace_of(deck, PlayPolicy(flashback=False)), "Firebolt")


def test_107_3_smallest_x():
    deck = Deck({"Forest": 30, "Hangarback Walker": 30})
    assert all(s >= 4 for s in casts(trace_of(deck, PlayPolicy(x=2)), "Hangarback Walker"))
    assert 0 in casts(trace_of(deck, PlayPolicy(x=0), turns=3), "Hangarback Walker")


def test_abilities_can_be_left_unused():
    deck = Deck({"Mountain": 24, "The Fire Crystal": 10, "Goblin Piker": 26})
    assert "activate The Fire Crystal" in trace_of(deck, games=4, turns=9)
    assert "activate" not in trace_of(deck, PlayPolicy(abilities=False), games=4, turns=9)


def test_no_attack_deals_no_combat_damage():
    deck = Deck({"Mountain": 24, "Goblin Piker": 36})
    assert run(deck).kill_turn.p_by(6).value > 0.5
    calm = run(deck, PlayPolicy(attack=False))
    assert calm.kill_turn.p_by(6).value == 0


# ---- the choices inside the game's actions -------------------------------------------------------

def test_pay_life_above_decides_paying_for_a_shock_land_as_it_enters():
    """Hallowed-Fountain-style lands (614.12, 119.4): life is paid while above the policy's
    number, else the land enters tapped."""
    deck = Deck({"Stomping Ground": 30, "Grizzly Bears": 30})
    always, never, default = (run(deck, PlayPolicy(pay_life_above=n), turns=1) for n in (-30000, 30000, 10))
    assert always.mana_available(1).value > 0.99 and never.mana_available(1).value == 0
    assert default.mana_available(1).value == always.mana_available(1).value   # (20 is above 10)
    assert "mana 0" in trace_of(deck, PlayPolicy(pay_life_above=30000), games=1, turns=1)


def test_color_is_the_colour_chosen_as_a_permanent_enters():
    """Coldsteel Heart ("as this enters, choose a color") makes the policy's colour; by
    default the deck's most common one."""
    blue = card("Test Blue", "{U}", "Creature — Merfolk", "1/1")
    deck = Deck({"Wastes": 20, "Coldsteel Heart": 20, blue: 2, "Lightning Bolt": 18})
    as_blue = run(deck, PlayPolicy(color="U"), turns=4, track=[blue])
    as_red = run(deck, turns=4, track=[blue])                   # (red: the Bolts' colour)
    assert as_blue.p_castable("Test Blue", 4).value > 0.3 and as_red.p_castable("Test Blue", 4).value == 0



def test_the_goldfish_uses_an_ability_that_damages_the_opponent():
    """An activated ability dealing damage to the opponent (a pinger land) is used with the
    mana left after casting, each turn it can be (602.2); one that only gains life is not."""
    from mtgsim import Deck, card, card_db
    pinger = card("Test Pinger Land", "", "Land", abilities=[
        {"kind": "mana", "cost": "{T}", "mana": "{C}"},
        {"kind": "activated", "cost": "{1}, {T}", "damage_to_opponent": 1}])
    healer = card("Test Healer Land", "", "Land", abilities=[
        {"kind": "mana", "cost": "{T}", "mana": "{C}"},
        {"kind": "activated", "cost": "{1}, {T}", "gain_life": 1}])
    db = card_db().extended(pinger, healer)
    from mtgsim.simulate import trace
    pings = trace(Deck({"Test Pinger Land": 30, "Wastes": 30}, db=db), games=3, turns=6, seed=1)
    heals = trace(Deck({"Test Healer Land": 30, "Wastes": 30}, db=db), games=3, turns=6, seed=1)
    assert "activate Test Pinger Land" in pings and "opponent 19" in pings
    assert "activate Test Healer Land" not in heals

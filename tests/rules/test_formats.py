"""Formats as presets (mtgsim.formats): each preset's deck construction rules, warned one problem
at a time naming the card and the rule (100.2a, 100.2b, 100.4a, 903.3, 903.5a-d, 903.12c-e),
and the settings its games are played by: starting life (103.4, 103.4c, 103.4d), two-player
or multiplayer and so the first-turn draw (103.8a, 103.8c), Brawl's free first mulligan
(903.12g, 103.5c). Figures are exact where every game is the same, else within 4 standard
errors of the hypergeometric value; format=None plays as before, bit for bit."""
from __future__ import annotations

import math
import subprocess
import sys
import warnings

import numpy as np
import pytest

from mtgsim import ArgumentError, Deck, Format, FormatWarning, MulliganPolicy, card, card_db, optimize, simulate
from mtgsim.cli_common import example_decks
from mtgsim.formats import FORMATS, copies_allowed, doc_table, preset
from mtgsim.optimize import baselines
from mtgsim.simulate import GameRules, trace

BEAR = card("Test Legendary Bear", "{1}{G}", "Legendary Creature — Bear", "2/2")
GRUUL = card("Test Legendary Gruul", "{R}{G}", "Legendary Creature — Warrior", "2/2")
GOLEM = card("Test Legendary Golem", "{2}", "Legendary Artifact Creature — Golem", "2/2")
WALKER = card("Test Legendary Walker", "{2}{G}", "Legendary Planeswalker — Test", loyalty=3)
SPROUT = card("Test Sprout", "{G}", "Sorcery")
RATS = card("Test Rats", "{1}{B}", "Creature — Rat", "1/1",
            text="A deck can have any number of cards named Test Rats.")
DWARVES = card("Test Dwarves", "{1}{R}", "Creature — Dwarf", "2/2",
               text="A deck can have up to seven cards named Test Dwarves.")
NEVER = MulliganPolicy.never()
DRAFT = example_decks()["rg_draft_limited"]


def within(k: int, n: int, exact: float) -> bool:
    """k successes in n games agree with probability `exact` within 4 standard errors."""
    se = math.sqrt(max(exact * (1 - exact), 1e-12) / n)
    return abs(k / n - exact) <= 4 * se + 1e-12


def problems(deck: Deck, format: str) -> list[str]:
    return [str(p) for p in preset(format).problems(deck)]


def warned(call) -> list[str]:
    """The FormatWarnings `call()` raises, in order."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()
    return [str(w.message) for w in caught if issubclass(w.category, FormatWarning)]


# ---- the presets ------------------------------------------------------------------------------

def test_presets_settings_as_the_rules_give_them():
    """Deck sizes (100.2a, 100.2b, 903.5a, 903.12d), copies (100.2a, 903.5b), sideboard (100.4a),
    starting life (103.4, 103.4c, 103.4d), Brawl's free mulligan (903.12g), Karsten's lands."""
    got = {f.name: (f.min_cards, f.max_cards, f.copies, f.max_sideboard, f.commander, f.life, f.multiplayer_life,
                    f.multiplayer, f.free_mulligan, f.lands, f.deck_size) for f in FORMATS.values()}
    assert got == {"limited": (40, None, None, None, False, 20, 20, False, False, 17, 40),
                   "constructed": (60, None, 4, 15, False, 20, 20, False, False, 25, 60),
                   "commander": (100, 100, 1, None, True, 40, 40, True, False, 37, 99),
                   "brawl": (60, 60, 1, None, True, 25, 30, False, True, 25, 60)}


def test_docs_formats_page_shows_the_presets_table_verbatim():
    from pathlib import Path
    page = Path(__file__).resolve().parents[2] / "docs" / "formats.md"
    assert doc_table() in page.read_text(encoding="utf-8")


def test_a_preset_is_named_in_any_case_or_given_as_a_format():
    assert preset("Limited") is FORMATS["limited"]
    assert preset(FORMATS["brawl"]) is FORMATS["brawl"]
    assert preset(None) is None
    assert isinstance(FORMATS["commander"], Format)


@pytest.mark.parametrize("bad", ["pauper", "", 3, ["limited"]])
def test_a_bad_format_is_an_argument_error_listing_the_presets(bad):
    deck = Deck({"Forest": 40})
    with pytest.raises(ArgumentError, match="is not a preset: one of limited, constructed, commander, brawl"):
        simulate(deck, games=10, turns=1, seed=1, format=bad)


def test_the_command_line_refuses_a_bad_format_in_one_line():
    run = subprocess.run([sys.executable, "-m", "mtgsim", "simulate", "--example", "rg_draft_limited",
                          "--format", "pauper"], capture_output=True, text=True)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "invalid choice: 'pauper'" in run.stderr and "brawl" in run.stderr


# ---- legality: one warning per card and rule ------------------------------------------------------

def test_100_2b_limited_needs_at_least_40_cards_and_any_number_of_copies():
    assert problems(Deck({"Forest": 17, "Grizzly Bears": 22}), "limited") == [
        "limited: the deck has 39 cards: limited needs at least 40 cards (100.2b)"]
    assert problems(Deck({"Forest": 17, "Grizzly Bears": 23}), "limited") == []


def test_100_2a_five_copies_warn_once_naming_the_card():
    deck = Deck({"Mountain": 20, "Lightning Bolt": 5, "Shock": 4, "Grizzly Bears": 4, "Forest": 27})
    found = warned(lambda: simulate(deck, games=10, turns=1, seed=1, format="constructed"))
    assert found == ["constructed: 5 copies of 'Lightning Bolt': 4 copies max (100.2a)"]


def test_100_2a_basic_lands_and_cards_allowing_more_copies_are_not_limited():
    """Basic lands and "A deck can have any number of cards named ~" any number; "up to seven
    cards named ~" seven (Seven Dwarves), whatever the format's limit."""
    deck = Deck({"Mountain": 30, RATS: 20, DWARVES: 7, "Shock": 3})
    assert problems(deck, "constructed") == []
    assert copies_allowed(deck.card("Mountain"), 4) is None and copies_allowed(RATS, 1) is None
    assert copies_allowed(DWARVES, 4) == 7 and copies_allowed(DWARVES, 1) == 7
    deck = Deck({"Mountain": 30, RATS: 20, DWARVES: 8, "Shock": 2})
    assert problems(deck, "constructed") == ["constructed: 8 copies of 'Test Dwarves': 7 copies max (100.2a)"]


def test_100_4a_sideboard_at_most_15_and_counted_with_the_deck_for_copies():
    deck = Deck({"Mountain": 56, "Lightning Bolt": 4}, sideboard={"Lightning Bolt": 1, "Shock": 16})
    assert problems(deck, "constructed") == [
        "constructed: the sideboard has 17 cards: at most 15 are allowed (100.4a)",
        "constructed: 5 copies of 'Lightning Bolt': 4 copies max (100.2a)",
        "constructed: 16 copies of 'Shock': 4 copies max (100.2a)"]
    assert problems(deck, "limited") == []         # (100.4b: a Limited pool's sideboard is the rest of it)


def test_903_5a_commander_exactly_100_cards_with_the_commander():
    assert problems(Deck({"Forest": 99}, commander={BEAR: 1}), "commander") == []
    assert problems(Deck({"Forest": 100}, commander={BEAR: 1}), "commander") == [
        "commander: the deck has 101 cards with its commander: commander needs exactly 100 cards with the "
        "commander (903.5a)"]


def test_903_5b_commander_singleton_but_basic_lands():
    deck = Deck({"Forest": 97, "Grizzly Bears": 2}, commander={BEAR: 1})
    assert problems(deck, "commander") == ["commander: 2 copies of 'Grizzly Bears': singleton (903.5b)"]


def test_903_5c_a_card_outside_the_commanders_identity_warns_naming_it():
    deck = Deck({"Forest": 98, "Lightning Bolt": 1}, commander={BEAR: 1})
    found = warned(lambda: simulate(deck, games=10, turns=1, seed=1, format="commander"))
    assert found == ["commander: 'Lightning Bolt' (R) is outside the commander's colour identity (G) (903.5c)"]
    gruul = Deck({"Forest": 98, "Lightning Bolt": 1}, commander={GRUUL: 1})     # (R and G: inside)
    assert problems(gruul, "commander") == []


def test_903_5d_a_land_of_a_basic_land_type_making_a_colour_outside_the_identity():
    """A Mountain's mana symbol is reminder text (its identity is colourless, 903.4c), but a
    land with the type Mountain makes red mana: not in a mono-green deck (903.5d); a dual land
    with Forest and Mountain neither; nor any basic land of another colour (305.6: Plains W,
    Island U, Swamp B, Mountain R)."""
    deck = Deck({"Forest": 94, "Plains": 1, "Island": 1, "Swamp": 1, "Mountain": 1, "Stomping Ground": 1},
                commander={BEAR: 1})
    assert problems(deck, "commander") == [
        f"commander: '{land}' has a basic land type making {color}, outside the commander's colour identity (G) "
        "(903.5d)" for land, color in (("Plains", "W"), ("Island", "U"), ("Swamp", "B"), ("Mountain", "R"),
                                       ("Stomping Ground", "R"))]


def test_903_3_no_commander_or_one_that_cant_be_warned():
    assert problems(Deck({"Forest": 100}), "commander") == [
        "commander: no commander: give one in the list's Commander section (903.3)"]
    assert Deck({"Forest": 99}, commander={"Grizzly Bears": 1}).check("commander") == [
        "'Grizzly Bears' can't be a commander: it is not a legendary creature, Vehicle or Spacecraft (903.3)"]


def test_903_12c_a_planeswalker_may_be_a_brawl_commander_not_a_commander_one():
    """Brawl: played from the command zone, no warning. Commander: warned (903.3), and played
    all the same (a legality problem is never a crash); with no format it is refused, as any
    Commander section's card that can't be a commander."""
    deck = Deck({"Forest": 59}, commander={WALKER: 1})
    assert problems(deck, "brawl") == []
    assert [p.rule for p in preset("commander").problems(deck)] == ["903.5a", "903.3"]
    for format in ("brawl", "commander"):
        found = warned(lambda format=format: simulate(deck, games=200, turns=3, seed=1, threads=1, format=format))
        assert found == [str(p) for p in preset(format).problems(deck)]
    res = simulate(deck, games=200, turns=3, seed=1, threads=1, format="brawl")
    assert res.rules.commanders == (WALKER.name,)
    assert res.p_cast(WALKER, 3).value == 1          # (three Forests by turn 3 in every game)
    with pytest.raises(ArgumentError, match="'Test Legendary Walker' can't be a commander.*903.3"):
        simulate(deck, games=10, turns=1, seed=1)


def test_903_12d_brawl_exactly_60_cards_singleton_within_identity():
    deck = Deck({"Forest": 58, "Grizzly Bears": 2, "Shock": 1}, commander={BEAR: 1})
    assert problems(deck, "brawl") == [
        "brawl: the deck has 62 cards with its commander: brawl needs exactly 60 cards with the commander (903.12d)",
        "brawl: 2 copies of 'Grizzly Bears': singleton (903.5b)",
        "brawl: 'Shock' (R) is outside the commander's colour identity (G) (903.5c)"]


def test_903_12e_a_colourless_brawl_commander_may_have_basic_lands_of_one_type():
    assert problems(Deck({"Mountain": 59}, commander={GOLEM: 1}), "brawl") == []
    assert problems(Deck({"Mountain": 30, "Forest": 29}, commander={GOLEM: 1}), "brawl") == [
        "brawl: basic lands of 2 basic land types (Forest, Mountain): a colourless commander's deck may hold "
        "those of one type (903.12e)"]
    assert len(problems(Deck({"Mountain": 99}, commander={GOLEM: 1}), "commander")) == 1     # (903.5d, no 903.12e)


def test_deck_check_reads_the_same_problems_for_every_preset():
    deck = Deck({"Forest": 97, "Grizzly Bears": 2}, commander={BEAR: 1})
    for name in FORMATS:
        assert deck.check(name) == [p.message for p in preset(name).problems(deck)]


def test_real_tournament_decks_are_legal_in_their_format(tmp_path):
    """The recent MTGO decks of tests/data/tournament_decks.txt read with the real cards of the
    oracle corpus: every main deck of Standard, Pioneer, Modern, Legacy and Pauper is a legal
    Constructed deck (100.2a: 60 cards or more, 4 copies at most but for basic lands and the
    cards allowing more), every Duel Commander deck a legal Commander deck (903.5: 100 cards,
    singleton, within the commander's colour identity). Those naming a card newer than the
    corpus are left out (test_tournament_decks.py lists them); most are checked."""
    from benchmark_scripts import script
    from corpus import corpus_path
    corpus_path()                                   # (skipped, saying why, without the corpus)
    bench = script("coverage")
    decks = bench.read_decks()
    db = card_db(bench.corpus_cut({n for d in decks for _, n in d.rows}, tmp_path / "cut.json"))
    checked = {"commander": 0, "constructed": 0}
    for d in decks:
        if any(name not in db for _, name in d.rows):
            continue
        main: dict[str, int] = {}
        for n, name in d.rows:
            if name not in d.commander:
                main[name] = main.get(name, 0) + n
        deck = Deck(main, commander={c: 1 for c in d.commander} or None, db=db)
        format = "commander" if d.commander else "constructed"
        assert deck.check(format) == [], (d.format, d.event)
        checked[format] += 1
    assert checked["commander"] >= 50 and checked["constructed"] >= 500, checked


# ---- the games' settings ---------------------------------------------------------------------------

@pytest.mark.parametrize("format, multiplayer, life, kill", [
    (None, None, 40, 22), ("commander", None, 40, 22), ("brawl", None, 25, 15), ("brawl", True, 30, 17),
    ("limited", None, 20, 12), ("constructed", None, 20, 12)])
def test_103_4_starting_life_per_format_shows_in_the_kill_turn(format, multiplayer, life, kill):
    """A 2/2 commander over Forests is cast on turn 2 and attacks from turn 3 in every game:
    the opponent is dead on the turn its 2 damage a turn reaches the format's starting life
    (103.4: 20 in Limited and Constructed; 103.4c: 40 in Commander; 103.4d: Brawl 25 two-player,
    30 multiplayer), exactly."""
    deck = Deck({"Forest": 99}, commander={BEAR: 1})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FormatWarning)            # (99 Forests: not a 60-card deck)
        res = simulate(deck, games=200, turns=kill, seed=2, threads=1, mulligan=NEVER, format=format,
                       multiplayer=multiplayer)
    assert res.rules.starting_life == life
    assert res.kill_turn.p_by(kill - 1).value == 0
    assert res.kill_turn.p_by(kill).value == 1


def _keepable(lands: int, deck: int, size: int = 7, lo: int = 2, hi: int = 5) -> float:
    kept = sum(math.comb(lands, k) * math.comb(deck - lands, size - k) for k in range(lo, hi + 1))
    return kept / math.comb(deck, size)


def test_903_12g_brawl_first_mulligan_free_in_a_two_player_game():
    """In any Brawl game the first mulligan is free (903.12g, 103.5c): P(a seven kept) = p +
    (1 - p) p, p = P(2-5 lands in 7 of 59); in a two-player Constructed game, p."""
    deck = Deck({"Forest": 20, SPROUT: 39}, commander={BEAR: 1})
    p = _keepable(20, 59)
    games = 20000
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FormatWarning)            # (39 Sprouts: not singleton)
        for format, exact in (("brawl", p + (1 - p) * p), ("constructed", p)):
            res = simulate(deck, games=games, turns=1, seed=7, threads=1, format=format)
            assert not res.rules.multiplayer
            assert res.rules.free_mulligan == (format == "brawl")
            assert within(int(res.metrics["kept"][7]), games, exact), (format, res.metrics["kept"][7] / games, exact)


@pytest.mark.parametrize("format, cards", [("brawl", 7), ("limited", 7), ("commander", 8)])
def test_103_8_first_turn_draw_per_format(format, cards):
    """On the play the first player skips the turn-1 draw in a two-player game (103.8a: Brawl,
    Limited) and draws in a multiplayer one (103.8c: Commander's default): a {G} sorcery cast on
    turn 1 needs a Forest and a sorcery among 7 or 8 cards of 20 Forests and 39 sorceries."""
    deck = Deck({"Forest": 20, SPROUT: 39}, commander={BEAR: 1})
    games = 20000
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FormatWarning)
        res = simulate(deck, games=games, turns=1, seed=6, threads=1, mulligan=NEVER, format=format)
    exact = 1 - (math.comb(39, cards) + math.comb(20, cards)) / math.comb(59, cards)
    k = int(res.metrics["first_cast"][res.tracked.index(SPROUT.name), 0])
    assert within(k, games, exact), (k / games, exact)


def test_explicit_multiplayer_and_mulligan_win_over_the_formats_settings():
    deck = Deck({"Forest": 99}, commander={BEAR: 1})
    assert GameRules.of(deck, False, "commander") == GameRules((BEAR.name,), False, 40, FORMATS["commander"])
    assert not GameRules.of(deck, False, "commander").free_mulligan
    assert GameRules.of(deck, True, "brawl").starting_life == 30
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FormatWarning)
        res = simulate(deck, games=100, turns=1, seed=1, threads=1, mulligan=NEVER, format="limited")
    assert res.keep == {}


def test_format_none_plays_as_before_and_a_format_with_the_same_settings_identically():
    """format=None is today's simulation, bit for bit; so is a preset whose settings are the
    deck's own (a legal 40-card deck in Limited: two-player, 20 life, no free mulligan)."""
    deck = Deck.from_file(DRAFT)
    runs = [simulate(deck, games=3000, turns=5, seed=3, threads=1, **kw) for kw in ({}, {"format": None},
                                                                                   {"format": "limited"})]
    for res in runs[1:]:
        assert res.metrics.keys() == runs[0].metrics.keys()
        assert all(np.array_equal(res.metrics[k], runs[0].metrics[k]) for k in res.metrics)
    assert trace(deck, games=2, turns=3, seed=3) == trace(deck, games=2, turns=3, seed=3, format="limited")
    assert (runs[0].rules.format, runs[2].rules.format) == (None, FORMATS["limited"])


def test_the_result_records_the_format_in_json_csv_and_the_header(tmp_path):
    out, table = tmp_path / "r.json", tmp_path / "r.csv"
    run = subprocess.run([sys.executable, "-m", "mtgsim", "simulate", "--example", "rg_draft_limited", "--format",
                          "limited", "--games", "2000", "--turns", "3", "--seed", "1", "--threads", "1",
                          "--json", str(out), "--csv", str(table)], capture_output=True, text=True, check=True)
    assert run.stderr == ""                                       # (a legal deck: no warning)
    header = run.stdout.splitlines()[2]
    assert header.startswith("format: limited (at least 40 cards, any number of copies (100.2b), 20 life (103.4)")
    import json
    assert json.loads(out.read_text(encoding="utf-8"))["format"]["name"] == "limited"
    assert "format,limited,,,,," in table.read_text(encoding="utf-8").splitlines()


def test_the_command_line_prints_each_legality_problem_once(tmp_path):
    path = tmp_path / "d.txt"
    path.write_text("5 Lightning Bolt\n55 Mountain\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "mtgsim", "simulate", str(path), "--format", "constructed",
                          "--games", "2000", "--turns", "2", "--seed", "1", "--threads", "1"],
                         capture_output=True, text=True, check=True)
    assert run.stderr.splitlines() == [
        "mtgsim: warning: constructed: 5 copies of 'Lightning Bolt': 4 copies max (100.2a)"]


def test_mtgsim_deck_format_lists_each_problem_or_says_legal(tmp_path):
    path = tmp_path / "d.txt"
    path.write_text("Commander\n1 Ezuri, Renegade Leader\n\nDeck\n2 Elvish Mystic\n1 Lightning Bolt\n96 Forest\n",
                    encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "mtgsim", "deck", str(path), "--format", "commander"],
                         capture_output=True, text=True, check=True)
    assert run.stdout.splitlines()[-3:] == [
        "Not legal in commander:", "  2 copies of 'Elvish Mystic': singleton (903.5b)",
        "  'Lightning Bolt' (R) is outside the commander's colour identity (G) (903.5c)"]
    run = subprocess.run([sys.executable, "-m", "mtgsim", "deck", "--example", "rg_draft_limited", "--format",
                          "limited"], capture_output=True, text=True, check=True)
    assert run.stdout.splitlines()[-1] == "Legal in limited."


# ---- a draft list pasted as it is -----------------------------------------------------------------

def _mtgo_txt(deck: Deck) -> str:
    main = "\n".join(f"{n} {name}" for name, n in deck.maindeck.items())
    side = "\n".join(f"{n} {name}" for name, n in deck.sideboard.items())
    return f"{main}\n\n{side}\n"


def _mtgo_dek(deck: Deck) -> str:
    rows = [f'  <Cards CatID="{i}" Quantity="{n}" Sideboard="{str(side).lower()}" Name="{name}" />'
            for i, (side, (name, n)) in enumerate([(False, kv) for kv in deck.maindeck.items()]
                                                   + [(True, kv) for kv in deck.sideboard.items()])]
    return ('<?xml version="1.0" encoding="utf-8"?>\n<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema">\n'
            '  <NetDeckID>0</NetDeckID>\n  <PreconstructedDeckID>0</PreconstructedDeckID>\n'
            + "\n".join(rows) + "\n</Deck>\n")


@pytest.mark.parametrize("form", ["arena", "mtgo.txt", "mtgo.dek"])
def test_a_40_card_draft_list_loads_and_plays_with_format_limited_alone(form, tmp_path):
    """The bundled draft deck (an Arena export: 40 cards with 17 basics, the rest of the pool as
    its sideboard), and the same list as MTGO writes it, .txt and .dek: read as 40 cards and a
    sideboard of 19, legal in Limited (no warning), played with nothing but format="limited"."""
    arena = Deck.from_file(DRAFT)
    path = DRAFT
    if form != "arena":
        path = tmp_path / f"draft.{form.split('.')[1]}"
        path.write_text(_mtgo_txt(arena) if form == "mtgo.txt" else _mtgo_dek(arena), encoding="utf-8")
    deck = Deck.from_file(path)
    assert (len(deck), deck.land_count, sum(deck.sideboard.values())) == (40, 17, 19)
    assert deck.maindeck == arena.maindeck and deck.sideboard == arena.sideboard
    assert deck.check("limited") == []
    with warnings.catch_warnings():
        warnings.simplefilter("error", FormatWarning)
        res = simulate(deck, games=2048, turns=4, seed=1, threads=1, format="limited")
    assert res.rules.format is FORMATS["limited"] and res.games == 2048
    assert res.lands_in_play(1).value == 1           # (a land on turn 1 in every game kept)


# ---- Karsten's land counts ------------------------------------------------------------------------

def test_karsten_17_lands_of_40_for_a_limited_deck_and_the_formats_default_where_no_formula_fits():
    draft = Deck.from_file(DRAFT)
    b = baselines.land_count(draft)
    assert (b.recommended, b.deck) == (17, 17) and b.detail.startswith("limited: ")
    big = Deck({**draft.maindeck, "Grizzly Bears": 7})            # (47 cards: no formula, no table)
    assert baselines.land_count(big) is None
    assert baselines.land_count(big, "limited").recommended == 17
    sixty = Deck({"Forest": 24, "Grizzly Bears": 36})
    assert baselines.land_count(sixty, "limited").recommended == baselines.land_count(sixty).recommended


def test_the_limited_presets_lands_are_those_of_karstens_40_card_sources_table():
    """Declared twice (the preset's figure and the table's assumption): held together here."""
    assert FORMATS["limited"].lands == baselines.SOURCES_LANDS[40] == 17


def test_optimize_sweep_plays_the_format_and_its_baselines():
    """A sweep with format="brawl" plays its variants by Brawl's settings (25 life) and falls
    back on Brawl's land count where no formula fits."""
    deck = Deck({"Forest": 50, "Grizzly Bears": 9}, commander={BEAR: 1})
    variants = optimize.land_counts(deck, [49, 50], land="Forest", cut=["Grizzly Bears"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FormatWarning)
        r = optimize.sweep(variants, optimize_objective(), games=4096, turns=2, seed=1, threads=1,
                           progress=False, format="brawl")
    assert r.result("50").rules.starting_life == 25
    assert r.result("50").rules.format is FORMATS["brawl"]


def test_mtgsim_optimize_format_brawl_says_its_format_and_game(tmp_path, capsys):
    from mtgsim.cli import main
    deck = tmp_path / "brawl.txt"
    deck.write_text("Commander\n1 Ezuri, Renegade Leader\n\nDeck\n25 Forest\n34 Llanowar Elves\n")
    code = main(["optimize", str(deck), "--lands", "24..25", "--land", "Forest", "--cut", "Llanowar Elves",
                 "--objective", "castable:Ezuri, Renegade Leader@3", "--games", "4096", "--turns", "3",
                 "--seed", "1", "--format", "brawl"])
    captured = capsys.readouterr()
    assert code == 0
    assert "format: brawl (exactly 60 cards with the commander (903.12d)" in captured.out
    assert "first mulligan free (903.12g); opponent at 25 life (103.4d)" in captured.out
    assert captured.err.splitlines() == [        # (each variant's own problem, each once)
        f"mtgsim: warning: brawl: {n} copies of 'Llanowar Elves': singleton (903.5b)" for n in (35, 34)]


def optimize_objective():
    from mtgsim import Objective
    return Objective.castable({"Grizzly Bears": 1}, turn=2)


def test_optimize_mulligan_plays_the_formats_games():
    """optimize.mulligan(format=) races its keep rules in the format's games: a 2/2 commander over
    Forests kills on turn 12 at 20 life (Constructed) and on turn 15 at 25 (Brawl, 103.4d), in
    every game, whatever the rule."""
    from mtgsim import Objective
    from mtgsim.optimize.mulligan import DEFAULT, KARSTEN
    deck = Deck({"Forest": 59}, commander={BEAR: 1})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FormatWarning)
        runs = {f: optimize.mulligan(deck, Objective.kill_turn("mean"), games=8192, turns=16, seed=1, threads=1,
                                     rules=[KARSTEN], progress=False, format=f) for f in ("constructed", "brawl")}
    assert (runs["constructed"].format, runs["brawl"].format) == (FORMATS["constructed"], FORMATS["brawl"])
    assert runs["constructed"].estimate(DEFAULT).value == 12
    assert runs["brawl"].estimate(DEFAULT).value == 15


def test_mtgsim_optimize_mulligan_search_says_its_format(tmp_path, capsys):
    from mtgsim.cli import main
    deck = tmp_path / "brawl.txt"
    deck.write_text("Commander\n1 Ezuri, Renegade Leader\n\nDeck\n59 Forest\n")
    code = main(["optimize", str(deck), "--mulligan-search", "--objective", "castable:Ezuri, Renegade Leader@3",
                 "--games", "8192", "--turns", "3", "--seed", "1", "--threads", "1", "--format", "brawl"])
    captured = capsys.readouterr()
    assert code == 0 and captured.err == ""
    assert captured.out.splitlines()[1].startswith("format: brawl (exactly 60 cards with the commander (903.12d)")


def test_optimize_swaps_plays_the_formats_games():
    """optimize.swaps(format=) races its swaps in the format's games: the deck as it is (a 2/2
    commander over Forests) kills on turn 12 at 20 life and on turn 15 at Brawl's 25, exactly."""
    from mtgsim import Objective
    filler = card("Test Filler", "{9}{G}", "Sorcery")
    deck = Deck({"Forest": 58, filler: 1}, commander={BEAR: 1})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FormatWarning)
        runs = {f: optimize.swaps(deck, [SPROUT], Objective.kill_turn("mean"), games=8192, seed=1, turns=16,
                                  threads=1, mulligan=NEVER, progress=False, cut=[filler], format=f)
                for f in ("constructed", "brawl")}
    assert (runs["constructed"].format, runs["brawl"].format) == (FORMATS["constructed"], FORMATS["brawl"])
    assert runs["constructed"].deck_estimate.value == 12 and runs["brawl"].deck_estimate.value == 15


def test_mtgsim_optimize_swaps_says_its_format(tmp_path, capsys):
    from mtgsim.cli import main
    deck = tmp_path / "limited.txt"
    deck.write_text("Deck\n17 Forest\n23 Grizzly Bears\n\nSideboard\n1 Llanowar Elves\n")
    code = main(["optimize", str(deck), "--swaps", "--objective", "castable:Grizzly Bears@2", "--games", "8192",
                 "--turns", "2", "--seed", "1", "--threads", "1", "--format", "limited", "--no-land-swaps"])
    captured = capsys.readouterr()
    assert code == 0 and captured.err == ""
    assert captured.out.splitlines()[1].startswith("format: limited (at least 40 cards")

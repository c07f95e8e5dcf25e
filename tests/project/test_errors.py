"""One family of errors: every error mtgsim raises is an `mtgsim.MtgsimError` and an instance
of the built-in exception it fits."""
import ast
import builtins
from pathlib import Path

import pytest

import mtgsim
from mtgsim import errors, schema
from mtgsim.cards.database import parse_type_line

FAMILY = {   # member: the built-in it also is
    mtgsim.ArgumentError: ValueError,
    mtgsim.ArgumentTypeError: TypeError,
    mtgsim.ArgumentIndexError: IndexError,
    mtgsim.LimitError: ValueError,
    mtgsim.ManaCostError: ValueError,
    mtgsim.CardDataError: ValueError,
    mtgsim.BulkFileError: ValueError,
    mtgsim.DecklistError: ValueError,
    mtgsim.RulesError: ValueError,
    mtgsim.UsageError: ValueError,
    mtgsim.UnknownNameError: KeyError,
    mtgsim.UnknownCardError: KeyError,
    mtgsim.MissingDependencyError: ImportError,
    mtgsim.DownloadError: OSError,
    mtgsim.ClusterError: OSError,
    mtgsim.InternalError: RuntimeError,
}


UNKNOWN_CARD_IN = {   # an unknown card where it was named: both errors
    mtgsim.UnknownCardInDecklistError: mtgsim.DecklistError,
    mtgsim.UnknownCardInCardDataError: mtgsim.CardDataError,
}


@pytest.mark.parametrize("member, builtin", FAMILY.items(), ids=[c.__name__ for c in FAMILY])
def test_every_member_derives_from_mtgsim_error_and_its_builtin(member, builtin):
    assert issubclass(member, mtgsim.MtgsimError) and issubclass(member, builtin)


@pytest.mark.parametrize("member, where", UNKNOWN_CARD_IN.items(), ids=[c.__name__ for c in UNKNOWN_CARD_IN])
def test_an_unknown_card_in_a_list_or_file_is_both_errors(member, where):
    assert issubclass(member, mtgsim.UnknownCardError) and issubclass(member, where)
    assert issubclass(member, ValueError) and issubclass(member, KeyError)


def test_the_family_is_exported_everywhere():
    assert set(FAMILY) | set(UNKNOWN_CARD_IN) | {mtgsim.MtgsimError, mtgsim.UnmodeledTextWarning,
                                                 mtgsim.FormatWarning} == {getattr(errors, n) for n in errors.__all__}
    assert issubclass(mtgsim.UnmodeledTextWarning, UserWarning)
    assert issubclass(mtgsim.FormatWarning, UserWarning)
    assert set(errors.__all__) <= set(mtgsim.__all__)
    assert all(getattr(mtgsim, n) is getattr(errors, n) for n in errors.__all__)


def test_old_import_locations_still_work():
    from mtgsim.cards import CardDataError, UnknownCardError
    from mtgsim.cli import UsageError
    from mtgsim.decklist import DecklistError
    from mtgsim.mana import ManaCostError
    from mtgsim.scenario import RulesError
    assert (CardDataError, UnknownCardError, UsageError, DecklistError, ManaCostError, RulesError) == (
        errors.CardDataError, errors.UnknownCardError, errors.UsageError, errors.DecklistError,
        errors.ManaCostError, errors.RulesError)


def test_unknown_card_error_is_a_lookup_error_printed_without_quotes():
    e = mtgsim.UnknownCardError("Llanowar Elfs", ["Llanowar Elves"])
    assert isinstance(e, LookupError)
    assert str(e) == "unknown card 'Llanowar Elfs'; did you mean 'Llanowar Elves'?"
    assert (e.name, e.suggestions) == ("Llanowar Elfs", ("Llanowar Elves",))


def test_internal_error_asks_for_a_report():
    assert "this is a bug in mtgsim, please report it" in str(mtgsim.InternalError("pool overdrawn"))


# ---- no bare built-in exception is raised ----------------------------------------------------

SOURCES = sorted(Path(mtgsim.__file__).parent.rglob("*.py"))
BUILTIN_EXCEPTIONS = {n for n, v in vars(builtins).items()
                      if isinstance(v, type) and issubclass(v, BaseException)}
ALLOWED = {   # (file, exception): why it is not a family member
    ("__main__.py", "SystemExit"): "`python -m mtgsim` exits with the command line's status",
    ("simulate.py", "KeyboardInterrupt"): "Ctrl-C before any game finished is passed on as such",
    ("cli.py", "KeyboardInterrupt"): "SIGTERM stops a command as Ctrl-C does (the result so far kept)",
}
PROTOCOL = {   # methods Python requires to raise a certain built-in
    "__getattr__": "AttributeError", "__getattribute__": "AttributeError", "__delattr__": "AttributeError",
    "__next__": "StopIteration", "__anext__": "StopAsyncIteration",
}


def _raised_name(node: ast.Raise) -> str | None:
    exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
    return exc.id if isinstance(exc, ast.Name) else None


def _bare_raises(path: Path) -> list[str]:
    found = []

    def visit(node, function):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, child.name)
                continue
            if isinstance(child, ast.Raise) and child.exc is not None:
                name = _raised_name(child)
                if (name in BUILTIN_EXCEPTIONS and (path.name, name) not in ALLOWED
                        and PROTOCOL.get(function) != name):
                    found.append(f"{path.name}:{child.lineno}: raise {name}")
            elif isinstance(child, ast.Assert):
                found.append(f"{path.name}:{child.lineno}: assert (an AssertionError for users)")
            visit(child, function)

    visit(ast.parse(path.read_text(encoding="utf-8")), None)
    return found


def test_the_sources_are_found():
    names = {p.name for p in SOURCES}
    assert {"scenario.py", "mana.py", "database.py", "decklist.py", "errors.py"} <= names


def test_no_bare_builtin_exception_is_raised():
    """Every `raise` in mtgsim's Python sources raises a family member (or re-raises); the
    exceptions in ALLOWED and PROTOCOL are the only others, each for the reason given."""
    bare = [r for p in SOURCES for r in _bare_raises(p)]
    assert bare == [], "raise a member of mtgsim.errors instead:\n" + "\n".join(bare)


def test_the_scan_sees_bare_raises(tmp_path):
    p = tmp_path / "bad.py"
    p.write_text("def f(x):\n    if x:\n        raise ValueError('x')\n    assert x\n    raise KeyError\n\n"
                 "class A:\n    def __getattr__(self, n):\n        raise AttributeError(n)\n")
    assert _bare_raises(p) == ["bad.py:3: raise ValueError", "bad.py:4: assert (an AssertionError for users)",
                               "bad.py:5: raise KeyError"]


# ---- what the library raises ---------------------------------------------------------------

def _scenario_with_forest():
    s = mtgsim.Scenario()
    return s, s.add("Forest")


def _tap_forest(**kwargs):
    s, forest = _scenario_with_forest()
    return s.tap_for_mana(forest, **kwargs)


def _tables():
    from mtgsim.compile import compile_cards
    return compile_cards(mtgsim.card_db().resolve(["Forest", "Grizzly Bears"]))


@pytest.mark.parametrize("call, member, fragment", [
    (lambda: mtgsim.Scenario().life("bob"), mtgsim.ArgumentError, "player must be"),
    (lambda: mtgsim.Scenario().add("Lightning Bolt"), mtgsim.ArgumentError, "not a permanent card"),
    (lambda: mtgsim.Scenario().add(7), mtgsim.ArgumentTypeError, "a card is a name or a CardDef"),
    (lambda: mtgsim.Scenario().total_cost("Hangarback Walker", x=-1), mtgsim.ArgumentError, "X must be"),
    (lambda: mtgsim.Scenario().total_cost("Hangarback Walker", x=5000), mtgsim.LimitError, "X = 5000"),
    (lambda: mtgsim.Scenario().cast("Craw Wurm"), mtgsim.RulesError, "601.2g"),
    (lambda: _scenario_with_forest()[0].tap_for_mana(_scenario_with_forest()[1]), mtgsim.ArgumentError,
     "belongs to another Scenario"),
    (lambda: _tap_forest(ability=1), mtgsim.ArgumentIndexError, "1 mana ability"),
    (lambda: _tap_forest(color="Q"), mtgsim.ArgumentError, "color must be"),
    (lambda: mtgsim.ManaCost.parse(3), mtgsim.ArgumentTypeError, "a mana cost is text"),
    (lambda: mtgsim.ManaCost.parse("{Q}"), mtgsim.ManaCostError, "untap symbol"),
    (lambda: mtgsim.PlayPolicy(lands="best"), mtgsim.ArgumentError, "lands must be one of"),
    (lambda: mtgsim.PlayPolicy(kicker=1), mtgsim.ArgumentTypeError, "kicker must be True or False"),
    (lambda: mtgsim.MulliganPolicy({8: (2, 5)}), mtgsim.ArgumentError, "hand size 8"),
    (lambda: mtgsim.simulate(mtgsim.Deck({"Forest": 60}), games=0), mtgsim.ArgumentError, "games must be"),
    (lambda: mtgsim.simulate(mtgsim.Deck({"Forest": 300}), games=1), mtgsim.LimitError, "256 cards"),
    (lambda: mtgsim.simulate({"Forest": 60}), mtgsim.ArgumentTypeError, "deck must be a mtgsim.Deck"),
    (lambda: mtgsim.Deck({"Forest": 60}).cards("graveyard"), mtgsim.ArgumentError, "section 'graveyard'"),
    (lambda: mtgsim.Deck({"Forest": 60}).check("pauper"), mtgsim.ArgumentError, "format 'pauper'"),
    (lambda: mtgsim.Deck({7: 60}), mtgsim.ArgumentTypeError, "maindeck: a card is a name"),
    (lambda: mtgsim.card_db()[7], mtgsim.ArgumentTypeError, "card names are text"),
    (lambda: mtgsim.card("Test Card", "{1}", colors="Q"), mtgsim.CardDataError, "'Q' is not a colour"),
    (lambda: parse_type_line("Spell"), mtgsim.CardDataError, "'Spell' is not a card type"),
    (lambda: schema.empty("planeswalker", 1), mtgsim.UnknownNameError, "no record"),
    (lambda: schema.check_table([1], "permanent"), mtgsim.ArgumentTypeError, "expected a numpy array"),
])
def test_the_library_raises_family_members(call, member, fragment):
    with pytest.raises(member, match=fragment) as info:
        call()
    assert isinstance(info.value, mtgsim.MtgsimError) and isinstance(info.value, FAMILY[member])


def test_batch_arguments():
    from mtgsim.batch import BoardBatch, evaluate_boards
    b = BoardBatch(_tables(), 1, 2)
    with pytest.raises(mtgsim.ArgumentIndexError, match="board 3 out of range"):
        b.put(3, "Forest")
    with pytest.raises(mtgsim.ArgumentError, match="threads"):
        evaluate_boards(b, "Grizzly Bears", threads=0)
    with pytest.raises(mtgsim.ArgumentTypeError, match="tables must come from"):
        BoardBatch(None, 1)


def test_a_card_the_core_cant_compile_names_card_and_field():
    from mtgsim.compile import compile_cards
    twice = mtgsim.card("Test Twice", "{1}", "Sorcery", abilities=[{"kind": "spell", "draw": 1},
                                                                  {"kind": "spell", "draw": 2}])
    with pytest.raises(mtgsim.CardDataError, match="card 'Test Twice', field 'abilities': a card has"):
        compile_cards([twice])
    tokens = mtgsim.card("Test Tokens", "{1}", "Sorcery",
                         abilities=[{"kind": "spell", "tokens": {"Treasure": 1, "Clue": 1}}])
    with pytest.raises(mtgsim.CardDataError, match=r"field 'abilities\[0\].tokens': an effect creates one"):
        compile_cards(mtgsim.card_db().resolve([tokens]))


def test_a_scenario_board_holds_at_most_255_permanents():
    """The compiled game holds at most 255 permanents; the Scenario refuses more rather than
    hand the core a board it can't read."""
    s = mtgsim.Scenario()
    for _ in range(255):
        s.add("Forest")
    with pytest.raises(mtgsim.LimitError, match="at most 255 permanents"):
        s.add("Forest")
    assert len(s.battlefield()) == 255 and s.can_cast("Grizzly Bears")


def test_plotting_without_matplotlib_is_a_missing_dependency(monkeypatch):
    import sys
    res = mtgsim.simulate(mtgsim.Deck({"Forest": 20, "Grizzly Bears": 40}), games=10, turns=2, seed=1)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(mtgsim.MissingDependencyError, match=r"mtgsim\[plot\]") as info:
        res.plot("never.png")
    assert isinstance(info.value, ImportError)


# ---- an unknown card, wherever it is named -----------------------------------------------------

def test_an_unknown_card_in_a_decklist_file_keeps_file_and_line(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("20 Forest\n4 Llanowar Elfs\n", encoding="utf-8")
    with pytest.raises(mtgsim.UnknownCardError) as info:
        mtgsim.Deck.from_file(path)
    err = info.value
    assert isinstance(err, mtgsim.DecklistError) and isinstance(err, mtgsim.UnknownCardInDecklistError)
    assert (err.source, err.line, err.text, err.name) == (str(path), 2, "4 Llanowar Elfs", "Llanowar Elfs")
    assert err.suggestions[0] == "Llanowar Elves"
    assert str(err) == (f'{path}, line 2: "4 Llanowar Elfs": unknown card \'Llanowar Elfs\'; '
                        f"did you mean {', '.join(repr(s) for s in err.suggestions)}?")


def test_a_list_with_an_unknown_card_among_other_faults_is_an_unknown_card_error():
    with pytest.raises(mtgsim.UnknownCardError) as info:
        mtgsim.Deck.from_text("0 Forest\n4 Grizly Bears\n4 Lightnig Bolt\n", source="d.txt")
    err = info.value
    assert isinstance(err, mtgsim.DecklistError) and len(err.errors) == 3
    assert (err.line, err.name, err.suggestions[0]) == (1, "Grizly Bears", "Grizzly Bears")
    assert [type(e).__name__ for e in err.errors] == ["DecklistError", "UnknownCardInDecklistError",
                                                      "UnknownCardInDecklistError"]


@pytest.mark.parametrize("text", ["0 Forest\n-1 Mountain\n", "four Forest\n"])
def test_a_list_without_unknown_cards_is_no_unknown_card_error(text):
    with pytest.raises(mtgsim.DecklistError) as info:
        mtgsim.Deck.from_text(text)
    assert not isinstance(info.value, mtgsim.UnknownCardError)


def test_an_unknown_card_in_a_python_deck():
    with pytest.raises(mtgsim.UnknownCardError, match="sideboard: unknown card 'Abrad'"):
        mtgsim.Deck({"Forest": 60}, sideboard={"Abrad": 1})


W1 = mtgsim.Deck({"Forest": 20, "Grizzly Bears": 40})


def test_an_unknown_card_in_track():
    with pytest.raises(mtgsim.UnknownCardError, match="track: unknown card 'Lightnig Bolt'; did you mean "
                                                      "'Lightning Bolt'") as info:
        mtgsim.simulate(W1, games=10, track=["Lightnig Bolt"])
    assert info.value.name == "Lightnig Bolt"


def test_an_unknown_card_in_the_play_policy():
    with pytest.raises(mtgsim.UnknownCardError, match="play policy: hold: unknown card 'Lightnig Bolt'; "
                                                      "did you mean 'Lightning Bolt'"):
        mtgsim.simulate(W1, games=10, policy=mtgsim.PlayPolicy(hold=["Lightnig Bolt"]))


def test_a_card_not_tracked_in_a_result_lists_the_tracked_cards_closest():
    res = mtgsim.simulate(W1, games=10, turns=2, seed=1)
    with pytest.raises(mtgsim.UnknownCardError, match="'Grizly Bears' is not tracked in this result.*"
                                                      "did you mean 'Grizzly Bears'"):
        res.p_castable("Grizly Bears", 1)
    with pytest.raises(mtgsim.UnknownCardError, match="'Llanowar Elves' is not tracked") as info:
        res.p_cast("Llanowar Elves", 1)
    assert info.value.suggestions == ()


@pytest.mark.parametrize("call", [
    lambda s: s.add("Llanowar Elfs"),
    lambda s: s.add_to_hand("Llanowar Elfs"),
    lambda s: s.add_to_library("Llanowar Elfs"),
    lambda s: s.cast("Llanowar Elfs"),
    lambda s: s.total_cost("Llanowar Elfs"),
    lambda s: s.can_cast("Llanowar Elfs"),
    lambda s: s.play_land("Llanowar Elfs"),
])
def test_an_unknown_card_in_a_scenario(call):
    with pytest.raises(mtgsim.UnknownCardError, match="unknown card 'Llanowar Elfs'; did you mean"):
        call(mtgsim.Scenario())


def test_a_card_not_in_compiled_tables_lists_their_closest():
    with pytest.raises(mtgsim.UnknownCardError, match="'Grizly Bears' is not in these tables; did you mean "
                                                      "'Grizzly Bears'") as info:
        _tables().row("Grizly Bears")
    assert isinstance(info.value, KeyError)


def test_source_of_an_unknown_card():
    with pytest.raises(mtgsim.UnknownCardError, match="did you mean 'Llanowar Elves'"):
        mtgsim.card_db().source_of("Llanowar Elfs")


MAKER = """
[[card]]
name = "Test Maker"
cost = "{1}"
type = "Artifact"
abilities = [ { kind = "trigger", event = "self_enters", tokens = { "%s" = 1 } } ]
"""


def test_a_card_file_naming_an_unknown_token(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_text(MAKER % "Treasur", encoding="utf-8")
    with pytest.raises(mtgsim.UnknownCardError) as info:
        mtgsim.card_db(path)
    err = info.value
    assert isinstance(err, mtgsim.CardDataError) and isinstance(err, mtgsim.UnknownCardInCardDataError)
    assert (err.source, err.card, err.field, err.name) == (str(path), "Test Maker", "abilities[0].tokens",
                                                           "Treasur")
    assert str(err) == (f"{path}, card 'Test Maker', field 'abilities[0].tokens': unknown card 'Treasur'; "
                        "did you mean 'Treasure'?")
    with pytest.raises(mtgsim.UnknownCardInCardDataError):
        mtgsim.CardDatabase.from_toml(path)


def test_a_token_may_be_defined_in_a_later_card_file(tmp_path):
    maker, token = tmp_path / "maker.toml", tmp_path / "token.toml"
    maker.write_text(MAKER % "Test Gem", encoding="utf-8")
    token.write_text('[[card]]\nname = "Test Gem"\ntype = "Artifact"\ntoken = true\n', encoding="utf-8")
    assert mtgsim.CardDatabase.from_toml(maker, token)["Test Gem"].token
    s = mtgsim.Scenario(mtgsim.card_db(maker, token))
    s.add("Test Maker")
    assert [p.name for p in s.battlefield()] == ["Test Maker"]


def test_a_token_named_in_other_case_compiles(tmp_path):
    """Token names are looked up as card names are (case, accents ignored)."""
    path = tmp_path / "cards.toml"
    path.write_text(MAKER % "treasure", encoding="utf-8")
    s = mtgsim.Scenario(mtgsim.card_db(path))
    for _ in range(2):
        s.add("Forest")
    s.cast("Test Maker")
    assert sorted(p.name for p in s.battlefield()) == ["Forest", "Forest", "Test Maker", "Treasure"]


def test_a_python_card_naming_an_unknown_token_is_refused_when_compiled():
    from mtgsim.compile import compile_cards
    maker = mtgsim.card("Test Maker", "{1}", "Artifact", abilities=[
        {"kind": "trigger", "event": "self_enters", "tokens": {"Treasur": 1}}])
    with pytest.raises(mtgsim.UnknownCardError, match="Test Maker: tokens: unknown card 'Treasur'; "
                                                      "did you mean 'Treasure'"):
        compile_cards(mtgsim.card_db().resolve([maker]))


# ---- CardDatabase.get --------------------------------------------------------------------------

def test_get_returns_the_default_for_an_unknown_name():
    db = mtgsim.card_db()
    assert db.get("Llanowar Elfs", 5) == 5
    assert db.get("Llanowar Elfs") is None and db.get(7, "x") == "x"


def test_get_looks_names_up_as_indexing_does():
    db = mtgsim.card_db()
    elves = db["Llanowar Elves"]
    assert db.get("llanowar elves") is elves and db.get("  LLANOWAR   elves ") is elves
    assert db.get("G\u00e6a\u2019s Cradle") is db["Gaea's Cradle"]       # accents, curly apostrophe
    assert db.get("Brightclimb Pathway // Grimclimb Pathway") is db["Brightclimb Pathway"]
    assert db.get(elves) is elves


# ---- predicates are bool, counts int -----------------------------------------------------------

def _board():
    s = mtgsim.Scenario()
    forest = s.add("Forest")
    sol_ring = s.add("Sol Ring", tapped=True)
    elves = s.add("Llanowar Elves", entered_this_turn=True)
    walker = s.add("Hangarback Walker", counters={"+1/+1": 2}, x=2)
    signet = s.add("Simic Signet")
    return s, forest, sol_ring, elves, walker, signet


def test_scenario_predicates_are_bool():
    s, forest, sol_ring, elves, _, signet = _board()
    values = [s.can_cast("Grizzly Bears"), s.can_cast("Craw Wurm"), s.can_activate(forest),
              s.can_activate(sol_ring), s.can_activate(elves), s.can_activate(signet),
              s.on_battlefield(forest), s.is_tapped(forest), s.is_tapped(sol_ring),
              s.is_summoning_sick(elves), s.is_summoning_sick(forest)]
    assert [type(v) for v in values] == [bool] * len(values)
    assert values == [True, False, True, False, False, True, True, False, True, True, False]
    s.tap_for_mana(forest)
    assert s.can_activate(forest) is False and s.is_tapped(forest) is True


def test_scenario_counts_are_int():
    s, forest, _, elves, walker, _ = _board()
    counts = [s.power(walker), s.toughness(walker), s.power(elves), s.life(), s.life("opponent"),
              s.turn, forest.object_id, *s.counters(walker).values(), *s.tap_for_mana(forest).values(),
              *s.pool().values()]
    assert [type(v) for v in counts] == [int] * len(counts)
    assert (s.power(walker), s.counters(walker), s.pool()) == (2, {"+1/+1": 2}, {"G": 1})


def test_deck_and_card_counts_are_int():
    deck = mtgsim.Deck({"Forest": 20, "Llanowar Elves": 20, "Grizzly Bears": 20})
    req = deck.color_requirements()["G"]
    counts = [len(deck), deck.land_count, deck.spell_count, *deck.maindeck.values(), *deck.curve(),
              *deck.curve().values(), req.spells, req.sources, req.nonland_sources,
              deck.card("Grizzly Bears").mana_value, mtgsim.ManaCost.parse("{X}{2}{G}").generic]
    assert [type(v) for v in counts] == [int] * len(counts)


def test_result_counts_are_int():
    res = mtgsim.simulate(mtgsim.Deck({"Forest": 20, "Grizzly Bears": 40}), games=100, turns=2, seed=1)
    counts = [res.games, res.turns, res.p_castable("Grizzly Bears", 2).n, res.lands_in_play(1).n,
              res.kill_turn.n, *(e.n for e in res.mulligans.values())]
    assert [type(v) for v in counts] == [int] * len(counts)
    assert type(res.on_play) is bool and type(res.interrupted) is bool


# ---- arguments third-party code refuses, and the command line ---------------------------------

@pytest.mark.parametrize("seed, member", [(-1, mtgsim.ArgumentError), ("x", mtgsim.ArgumentTypeError)])
def test_a_seed_numpy_refuses(seed, member):
    with pytest.raises(member, match="seed must be None, a whole number"):
        mtgsim.simulate(W1, games=10, seed=seed)


def test_plotting_to_a_file_type_matplotlib_cant_write(monkeypatch):
    import sys
    from unittest import mock
    res = mtgsim.simulate(W1, games=10, turns=2, seed=1)
    fig = mock.MagicMock()
    fig.savefig.side_effect = ValueError("Format 'xyz' is not supported")
    matplotlib = mock.MagicMock()
    matplotlib.pyplot.subplots.return_value = (fig, (mock.MagicMock(), mock.MagicMock()))
    monkeypatch.setitem(sys.modules, "matplotlib", matplotlib)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", matplotlib.pyplot)
    with pytest.raises(mtgsim.ArgumentError, match="plot: can't write out.xyz: Format 'xyz' is not"):
        res.plot("out.xyz")
    matplotlib.pyplot.close.assert_called_once_with(fig)


def test_a_decklist_that_is_not_utf16_after_a_utf16_mark():
    data = b"\xff\xfe" + "20 Forest\n".encode("utf-16-le") + b"\x00\xd8"
    with pytest.raises(mtgsim.DecklistError, match="d.txt, line 2: not UTF-16 text"):
        mtgsim.Deck.from_text(data, source="d.txt")


@pytest.mark.parametrize("argv, fragment", [
    (["simulate", "--example", "red_fire_crystal", "--games", "10", "--seed", "-1"], "seed must be"),
    (["simulate", "--example", "red_fire_crystal", "--games", "10", "--turns", "41"], "turns must be 1..40"),
    (["simulate", "--example", "red_fire_crystal", "--games", "10", "--track", "Lightnig Bolt"],
     "track: unknown card 'Lightnig Bolt'"),
    (["card", "Llanowar Elfs"], "unknown card 'Llanowar Elfs'"),
])
def test_the_command_line_reports_any_mtgsim_error_in_one_line(capsys, argv, fragment):
    from mtgsim.cli import main
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtgsim: error: ") and fragment in err and "Traceback" not in err
    assert err.count("\n") == 1


def test_the_command_line_lets_a_bug_show_its_traceback(monkeypatch):
    """Only MtgsimError (and a file that can't be read or written) is reported in one line;
    anything else is a bug in mtgsim and keeps its traceback."""
    from mtgsim import cli

    def broken(args):
        raise ZeroDivisionError("a bug")
    monkeypatch.setattr(cli, "cmd_card", broken)
    with pytest.raises(ZeroDivisionError):
        cli.main(["card", "Forest"])


def test_a_mulligan_policy_without_the_opening_seven_names_what_is_missing():
    """MulliganPolicy({6: (2, 4)}) once failed later with min() of an empty sequence."""
    from mtgsim.simulate import MulliganPolicy
    with pytest.raises(mtgsim.ArgumentError, match="give the lands range for 7 cards"):
        MulliganPolicy({6: (2, 4)})
    assert MulliganPolicy({}).arrays()[0].tolist() == [-1] * 8

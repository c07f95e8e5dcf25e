"""The compiled Game set up in one place, and the players' choices in one record (issue 30).

Every Game, the goldfish's and a Scenario's (`GameState`), is set up by `new_chunk` once and
`new_game` for each game (kernels/game.pxi); a Scenario's load differs from a goldfish game's
start only where `SCENARIO_DIFFERS` says why. The fields are compared one by one through the
debug entry points (`_core.debug_game_fields`, `GameState.debug_fields`: arrays up to their
counts, pointers by what they point at). A choice inside a game action is read off the
CHOICES record (`Game.choices`) or asked of kernels/choices.pxi: the rules rooms never call
the play policy's functions.
"""
import re
from pathlib import Path

import numpy as np
import pytest
from replay import goldfish_spec

from mtgsim import Deck, PlayPolicy, _core, card_db, schema, vocabulary
from mtgsim.cli import example_decks
from mtgsim.compile import compile_cards
from mtgsim.mana import COLOR_ORDER
from mtgsim.runner import chunk_generator

KERNELS = Path(_core.__file__).parent / "kernels"
if not KERNELS.is_dir():                              # (an installed build: the sources' tree)
    KERNELS = Path(__file__).resolve().parents[2] / "src" / "mtgsim" / "kernels"

# Counters of changes (Game.gen, board_gen, and the board generation scan_board's findings are
# of): only whether one equals another matters, and a new game bumps them past every one kept.
GENERATIONS = {"gen", "board_gen", "scan_gen"}
# Where a Scenario's game, loaded with a goldfish game's zones as it starts, differs from it.
SCENARIO_DIFFERS = {
    "scenario": "the flag itself: both players' zones kept in order, libraries not random",
    "shortcuts": "a Scenario's game takes the reference path: every rule looked at in full",
    "spec_shortcuts": "...as its Spec says (shortcuts is it while no permanent is animated)",
    "marked": "a Scenario's permanents may come with marks (PF_SKIP_UNTAP, PF_ONCE_*) its untap step reads",
    "new_legend": "a Scenario's board may come with two legends of one name: 704.5j looks",
}
# ...and for a Commander deck: a Scenario keeps its command zone itself (Scenario.add_to_command_zone).
COMMAND_ZONE = {"n_commander", "command_n", "commander", "in_command"}
# a Scenario's game always counts its graveyards (its caller may ask: Scenario.graveyard_count); the
# goldfish only where a card reads them (Spec.counts_graveyard)
GRAVEYARD_COUNTED = {"counts_graveyard"}
# ...and always keeps its graveyards' cards; the goldfish only where an op looks at them (Spec.lists_graveyard)
GRAVEYARD_LISTED = {"lists_graveyard"}
DECKS = sorted(example_decks())
# the CHOICES record's fields and their defaults, as the kinds of choice are declared
DEFAULTS = {c.field: c.default for c in vocabulary.CHOICE_KINDS if c.field}


def game_struct_fields() -> list[str]:
    """The field names of `cdef struct Game` in kernels/game.pxi, in order."""
    text = (KERNELS / "game.pxi").read_text()
    struct = re.search(r"^cdef struct Game:.*?\n(.*?)\n\n", text, re.DOTALL | re.MULTILINE)
    assert struct, "no `cdef struct Game:` in kernels/game.pxi"
    names = []
    for line in struct.group(1).splitlines():
        code = line.split("#", 1)[0].strip()
        if code:
            field = re.fullmatch(r"(?:const\s+)?\w+\s*\**\s*(\w+)(?:\[\w+\])*", code)
            assert field, f"a Game field this test can't read: {code!r}"
            names.append(field.group(1))
    return names


def fields(name: str, games: int) -> dict:
    spec = goldfish_spec(Deck.from_file(example_decks()[name]), turns=8)
    return _core.debug_game_fields(spec, chunk_generator(np.random.SeedSequence(2026), 0), games)


def differing(a: dict, b: dict) -> set:
    return {k for k in a if a[k] != b[k]}


def test_every_game_field_is_compared():
    names = game_struct_fields()
    assert len(names) > 60                      # (the struct was found and read)
    assert set(fields(DECKS[0], 0)["goldfish"]) == set(names), (
        "a Game field is missing from game_fields (kernels/game.pxi): say what of it a game reads")


@pytest.mark.parametrize("name", DECKS)
def test_a_goldfish_game_starts_as_the_first_one_did(name):
    """new_game leaves nothing of the games played before it in the chunk."""
    fresh, used = fields(name, 0)["goldfish"], fields(name, 5)["goldfish"]
    assert differing(fresh, used) <= GENERATIONS, {k: (fresh[k], used[k]) for k in differing(fresh, used)}


@pytest.mark.parametrize("name", DECKS)
def test_a_scenario_game_loaded_again_keeps_nothing_of_the_last(name):
    """GameState.load leaves nothing of the game loaded before (the last goldfish game's
    zones, a turn taken)."""
    fresh, used = fields(name, 0)["scenario"], fields(name, 5)["scenario"]
    assert differing(fresh, used) <= GENERATIONS, {k: (fresh[k], used[k]) for k in differing(fresh, used)}


@pytest.mark.parametrize("name", DECKS)
def test_a_scenario_game_is_set_up_as_the_goldfish_game(name):
    both = fields(name, 0)
    goldfish, scenario = both["goldfish"], both["scenario"]
    allowed = (set(SCENARIO_DIFFERS) | (COMMAND_ZONE if goldfish["n_commander"] else set())
               | (set() if goldfish["counts_graveyard"] else GRAVEYARD_COUNTED)
               | (set() if goldfish["lists_graveyard"] else GRAVEYARD_LISTED))
    assert differing(goldfish, scenario) - GENERATIONS == allowed, {
        k: (goldfish[k], scenario[k]) for k in differing(goldfish, scenario) ^ allowed - GENERATIONS}


def test_a_game_is_set_up_pointing_at_its_own_tables_and_memory():
    f = fields(DECKS[0], 3)
    for game in f.values():
        pointers = {k: v for k, v in game.items() if isinstance(v, str)}
        assert "elsewhere" not in pointers.values(), pointers
        assert game["gf"] == "Spec.gf" and game["in_play"][0] == "Scratch.in_play"


# ---- the players' choices: one record --------------------------------------------------------

def test_the_choices_not_given_are_the_documented_defaults():
    """docs/rules-core.md: white for a colour, life paid for a land while it can be (119.4),
    a bounce land's land by its rule, every card looked at kept on top, the top cards of a look
    taken: each declared kind's default (vocabulary.CHOICE_KINDS)."""
    d = _core.default_choices()
    assert d.dtype == schema.CHOICES_DTYPE and d.shape == (1,)
    assert {name: int(d[name][0]) for name in d.dtype.names} == DEFAULTS
    assert DEFAULTS["color"] == int(schema.ManaTypeBit.MT_W) and DEFAULTS["keep_on_top"] == (1 << 64) - 1


def test_the_goldfish_choices_are_its_play_policys():
    deck = Deck.from_file(example_decks()[DECKS[0]])
    spec = goldfish_spec(deck, turns=3, policy=PlayPolicy(color="U", pay_life_above=5))
    chosen = spec.choices
    assert int(chosen["color"][0]) == 1 << COLOR_ORDER.index("U")
    assert int(chosen["pay_life_above"][0]) == 5
    fresh = fields(DECKS[0], 0)
    assert fresh["goldfish"]["choices"] == fresh["scenario"]["choices"]   # (loaded from spec.choices)


def test_a_scenario_game_takes_its_choices_as_one_record():
    state = _core.GameState(_core.CoreTables(compile_cards(card_db().resolve(["Forest"]))))
    perms, info = schema.empty("permanent", 0), np.zeros(1, dtype=schema.DTYPES["board_info"])
    zones = (perms, 0, info, ([], []), ([], []), ([], []), 1, (0, 0))
    chosen = _core.default_choices()
    given = {name: 4 + k for k, name in enumerate(DEFAULTS)}       # (each field its own value)
    for name, value in given.items():
        chosen[name] = value
    state.load(*zones, chosen)
    assert state.debug_fields()["choices"] == given
    state.load(*zones)
    assert state.debug_fields()["choices"] == {name: int(_core.default_choices()[name][0])
                                               for name in schema.CHOICES_DTYPE.names}
    for bad in (np.zeros(2, dtype=schema.CHOICES_DTYPE), np.zeros(1, dtype=schema.PERMANENT_DTYPE)):
        with pytest.raises(ValueError, match="one CHOICES record"):
            state.load(*zones, bad)


# ---- the rules never ask the play policy --------------------------------------------------------

# The rooms that may call the play policy's functions, and why; every other room is a rules room.
MAY_ASK_THE_POLICY = {
    "policy.pxi": "the play policy itself",
    "activating.pxi": "the play policy itself: its activated abilities",
    "exile_policy.pxi": "the play policy itself: its cards exiled to cast later",
    "choices.pxi": "the one place a choice inside an action is asked of it (goldfish) or read (Scenario)",
    "loop.pxi": "the goldfish's turn loop: the policy plays its turns",
    "spec.pxi": "the goldfish's spec: the policy's facts about the deck's cards",
    "views.pxi": "the goldfish's castable counts, skipping the cards beyond reach as the policy does",
}


# The play policy's rooms: the functions they define are the policy's.
POLICY_ROOMS = ("policy.pxi", "activating.pxi", "exile_policy.pxi")


def policy_functions() -> set[str]:
    text = "".join((KERNELS / room).read_text() for room in POLICY_ROOMS)
    return set(re.findall(r"^cdef (?:inline )?[\w*]+ (\w+)\(", text, re.MULTILINE))


def test_the_rules_rooms_never_call_the_play_policy():
    names = policy_functions()
    assert {"wanted_card", "chosen_land", "land_to_return", "tap_before_leaving", "card_to_take",
            "copy_target"} <= names                    # (token_copy's target: the policy's, as it activates)
    calls = re.compile(r"\b(" + "|".join(sorted(names)) + r")\(")
    rooms = sorted(KERNELS.glob("*.pxi")) + sorted(KERNELS.parent.glob("_*.p[xy]*"))
    found = [f"{room.name}:{n}: {line.strip()}" for room in rooms if room.name not in MAY_ASK_THE_POLICY
             for n, line in enumerate(room.read_text().splitlines(), 1)
             if calls.search(line.split("#", 1)[0]) and not line.lstrip().startswith(("cdef", "\"\"\""))]
    assert not found, "a rules room calls the play policy (ask kernels/choices.pxi instead):\n" + "\n".join(found)


def test_every_choice_made_as_an_action_resolves_is_asked_of_choices_pxi():
    """The actions ask each declared choice made as they resolve (vocabulary.CHOICE_KINDS:
    the cards scry keeps, those a look takes, the land searched for, the land returned, the
    lands untapped) of its one function in kernels/choices.pxi (the actions' rooms: actions.pxi
    and library.pxi, the library's searches and looks)."""
    actions = "".join((KERNELS / room).read_text() for room in ("actions.pxi", "library.pxi"))
    for kind in vocabulary.CHOICE_KINDS:
        if kind.asked == "resolving":
            assert re.search(rf"\b{kind.function}\(", actions), f"the actions never ask {kind.function}"

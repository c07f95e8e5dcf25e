"""One family of errors: every error mtgsim raises is an `mtgsim.MtgsimError` and an instance
of the built-in exception it fits."""
import pytest

import mtgsim
from mtgsim import errors

FAMILY = {   # member: the built-in it also is
    mtgsim.ArgumentError: ValueError,
    mtgsim.ArgumentTypeError: TypeError,
    mtgsim.ArgumentIndexError: IndexError,
    mtgsim.LimitError: ValueError,
    mtgsim.ManaCostError: ValueError,
    mtgsim.CardDataError: ValueError,
    mtgsim.DecklistError: ValueError,
    mtgsim.RulesError: ValueError,
    mtgsim.UsageError: ValueError,
    mtgsim.UnknownNameError: KeyError,
    mtgsim.UnknownCardError: KeyError,
    mtgsim.MissingDependencyError: ImportError,
    mtgsim.InternalError: RuntimeError,
}


@pytest.mark.parametrize("member, builtin", FAMILY.items(), ids=[c.__name__ for c in FAMILY])
def test_every_member_derives_from_mtgsim_error_and_its_builtin(member, builtin):
    assert issubclass(member, mtgsim.MtgsimError) and issubclass(member, builtin)


def test_the_family_is_exported_everywhere():
    assert set(FAMILY) | {mtgsim.MtgsimError} == {getattr(errors, n) for n in errors.__all__}
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

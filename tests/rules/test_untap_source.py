"""An ability that untaps its own source (701.26a: to untap a permanent is to rotate it back
upright; "{4}: Untap this artifact", Grim Monolith), with the source that doesn't untap during
its controller's untap step (502.3) it usually belongs to.

In a Scenario the caller activates it. The goldfish never pays for it alone (the op's row is
not `worth`): the mana such a source makes again is never more than the mana paid to untap it
(Grim Monolith: {4} for {C}{C}{C}; Basalt Monolith: {3} for {C}{C}{C}), so activating it only
ever loses mana."""
import pytest

from mtgsim import Deck, MulliganPolicy, RulesError, Scenario, card
from mtgsim.simulate import trace

MONOLITH = card("Test Monolith", "{2}", "Artifact", doesnt_untap=True, abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}{C}{C}"},
    {"kind": "activated", "cost": "{4}", "untap_source": True}])


def _scenario(lands: int) -> Scenario:
    s = Scenario()
    for _ in range(lands):
        s.add("Wastes")
    return s


def test_701_26a_untap_this_artifact_untaps_its_source_which_makes_mana_again():
    s = _scenario(4)
    mono = s.add(MONOLITH)
    assert s.tap_for_mana(mono) == {"C": 3} and s.is_tapped(mono)
    s.activate(mono, 0)                              # (paid with the pool's three and a Wastes)
    assert not s.is_tapped(mono) and s.pool() == {}
    assert sum(s.is_tapped(p) for p in s.battlefield() if p.name == "Wastes") == 1
    assert s.tap_for_mana(mono) == {"C": 3} and s.pool() == {"C": 3}


def test_701_26a_untapping_an_untapped_source_leaves_it_untapped():
    """The ability has no {Q} or untapped requirement: it may be activated, and does nothing."""
    s = _scenario(4)
    mono = s.add(MONOLITH)
    s.activate(mono, 0)
    assert not s.is_tapped(mono)


def test_502_3_the_untapped_source_stays_untapped_and_without_the_mana_to_pay_it_cant_be_activated():
    s = _scenario(3)
    mono = s.add(MONOLITH)
    s.tap_for_mana(mono)
    s.next_turn()
    s.next_turn()
    assert s.is_tapped(mono)                         # 502.3: it doesn't untap during the untap step
    with pytest.raises(RulesError, match="601.2g"):
        s.activate(mono, 0)                          # ({4}: three Wastes)
    assert s.is_tapped(mono)


def test_701_26a_the_goldfish_never_pays_to_untap_its_monolith():
    """Four mana for three again: the policy never activates it, and taps it once (502.3)."""
    text = trace(Deck({MONOLITH: 10, "Wastes": 50}), games=30, turns=6, seed=4, mulligan=MulliganPolicy.never())
    assert f"cast {MONOLITH.name}" in text
    assert f"activate {MONOLITH.name}" not in text

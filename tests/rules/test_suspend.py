"""Suspend (702.62): the special action exiling a card from the hand for its suspend cost with N time
counters (116.2f, 702.62a), a counter removed at the beginning of its owner's upkeep, the card cast
without paying its mana cost as the last is removed (601.2f, 702.62d) -- through Scenario; the card
field's checks; the recognizer's reading of "Suspend N—[cost]"; and the goldfish's policy (a card with
suspend is suspended whenever its suspend cost can be paid), traced and replayed through Scenario."""
import pytest

from mtgsim import CardDataError, Deck, MulliganPolicy, RulesError, Scenario, card
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import recognize
from mtgsim.simulate import trace

from replay import replay, traced_games

RIFT_BOLT = "Rift Bolt"                    # (the shipped card: {2}{R} sorcery, 3 damage, suspend 1—{R})
SEARCH = "Search for Tomorrow"             # ({2}{G} sorcery, a basic land onto the battlefield, suspend 2—{G})


def _suspended_bolt():
    s = Scenario()
    s.add("Mountain")
    s.add_to_hand(RIFT_BOLT)
    s.suspend(RIFT_BOLT)
    return s


def test_702_62a_116_2f_suspending_pays_the_suspend_cost_and_exiles_with_time_counters():
    """702.62a, 116.2f: pay {R} (the Mountain taps) and exile Rift Bolt from the hand with one time
    counter; no spell is cast (the opponent keeps 20 life; the card is in no graveyard)."""
    s = _suspended_bolt()
    assert s.hand() == []
    assert s.suspended() == [(RIFT_BOLT, 1)]
    assert s.is_tapped(s.battlefield()[0])
    assert s.life("opponent") == 20
    assert s.graveyard() == []


def test_702_62a_the_last_counter_removed_in_your_upkeep_casts_it_without_paying():
    """702.62a: the opponent's upkeep removes nothing (the card is yours); at the beginning of your next
    upkeep the last time counter is removed and Rift Bolt is cast without paying its mana cost (the
    Mountain stays as the untap step left it): 3 damage, then to the graveyard (608.2n)."""
    s = _suspended_bolt()
    s.next_turn()                                   # the opponent's turn
    assert s.suspended() == [(RIFT_BOLT, 1)]
    assert s.life("opponent") == 20
    s.next_turn()                                   # yours: untap, upkeep
    assert s.suspended() == []
    assert s.life("opponent") == 17
    assert s.graveyard() == [RIFT_BOLT]
    assert not s.is_tapped(s.battlefield()[0])


def test_702_62a_two_time_counters_take_two_of_your_upkeeps():
    """702.62a with N = 2: Search for Tomorrow keeps one counter after your first upkeep and is cast in the
    second, putting a basic land onto the battlefield."""
    s = Scenario()
    s.add("Forest")
    s.add_to_hand(SEARCH)
    for _ in range(3):                              # (the draws take two, the search the third)
        s.add_to_library("Forest")
    s.suspend(SEARCH)
    s.next_turn()
    s.next_turn()
    assert s.suspended() == [(SEARCH, 1)]
    assert len(s.battlefield()) == 1
    s.next_turn()
    s.next_turn()
    assert s.suspended() == []
    assert [p.name for p in s.battlefield()] == ["Forest", "Forest"]
    assert s.graveyard() == [SEARCH]


def test_116_2f_702_62a_a_card_is_suspended_only_from_the_hand_and_only_if_it_has_suspend():
    """116.2f: the action is taken with a card in its owner's hand; a card without suspend has none."""
    s = Scenario()
    s.add("Mountain")
    with pytest.raises(RulesError, match="116.2f"):
        s.suspend(RIFT_BOLT)
    s.add_to_hand("Lightning Bolt")
    with pytest.raises(RulesError, match="702.62a"):
        s.suspend("Lightning Bolt")


def test_702_62a_an_unpaid_suspend_cost_leaves_everything_as_it_was():
    """601.2g-h as for any cost: without {R} the card stays in hand, nothing is exiled."""
    s = Scenario()
    s.add("Forest")
    s.add_to_hand(RIFT_BOLT)
    with pytest.raises(RulesError, match="601.2g"):
        s.suspend(RIFT_BOLT)
    assert s.hand() == [RIFT_BOLT]
    assert s.suspended() == []
    assert not s.is_tapped(s.battlefield()[0])


def test_702_62a_suspend_fields_are_checked():
    """The loader: suspend needs its time counters and they it; 1 to 20 of them; a creature's suspend (its
    haste, 702.62a) is refused."""
    with pytest.raises(CardDataError, match="suspend_time"):
        card("Test Suspend", "{2}{R}", "Sorcery", suspend="{R}")
    with pytest.raises(CardDataError, match="suspend"):
        card("Test Suspend", "{2}{R}", "Sorcery", suspend_time=2)
    with pytest.raises(CardDataError, match="suspend_time"):
        card("Test Suspend", "{2}{R}", "Sorcery", suspend="{R}", suspend_time=0)
    with pytest.raises(CardDataError, match="haste"):
        card("Test Suspend", "{2}{R}", "Creature — Goblin", "2/2", suspend="{R}", suspend_time=1)


def _read(name, mana_cost, type_line, text, pt=(None, None)):
    face = OracleFace(name, mana_cost, type_line, text, *pt)
    return recognize(OracleCard(name, "normal", (face,), ("Suspend",)))


def test_702_62a_the_recognizer_reads_suspend_n_and_its_cost():
    """"Suspend 1—{R}" (its reminder text aside) is the card's suspend fields: Rift Bolt is fully read."""
    r = _read("Rift Bolt", "{2}{R}", "Sorcery", "Rift Bolt deals 3 damage to any target.\nSuspend 1—{R} "
              "(Rather than cast this card from your hand, you may pay {R} and exile it with a time counter on "
              "it. At the beginning of your upkeep, remove a time counter. When the last is removed, you may "
              "cast it without paying its mana cost.)")
    assert r.bucket == "fully"
    assert (r.table["suspend"], r.table["suspend_time"]) == ("{R}", 1)


def test_702_62a_a_creatures_suspend_and_a_card_without_mana_cost_stay_unread():
    """A creature cast this way gains haste (not read): its suspend stays unread, as does that of a card with
    no mana cost (Lotus Bloom: never cast from the hand, its reading left to the mana cards')."""
    r = _read("Test Sliver", "{4}{G}", "Creature — Sliver", "Suspend 4—{G}", ("2", "2"))
    assert "suspend" not in r.table
    r = _read("Test Bloom", "", "Artifact", "Suspend 3—{0}")
    assert "suspend" not in r.table


def _burn():
    bolt = card("Test Bolt", "{R}", "Instant", abilities=[{"kind": "spell", "damage_to_opponent": 3}])
    return Deck({"Mountain": 24, RIFT_BOLT: 24, bolt: 12})


def test_the_goldfish_suspends_rift_bolt_and_casts_it_in_its_next_upkeep():
    """The policy: a card with suspend is suspended whenever its suspend cost can be paid (never cast for
    {2}{R} then); each suspended Rift Bolt is cast from exile in the next upkeep, so the traced games
    suspend it and cast it from exile, and never cast it from the hand."""
    text = trace(_burn(), games=6, turns=6, seed=2, mulligan=MulliganPolicy.never())
    assert "suspend Rift Bolt" in text
    assert "cast Rift Bolt from exile (0)" in text
    assert "cast Rift Bolt (" not in text
    for game in text.split("game ")[1:]:
        turns = [line for line in game.splitlines() if line.strip().startswith("turn")]
        for t, line in enumerate(turns[:-1]):      # each one suspended is cast in the next turn's upkeep
            assert line.count("suspend Rift Bolt") == turns[t + 1].count("cast Rift Bolt from exile"), game


def test_the_goldfish_suspends_and_casts_from_exile_as_scenario_does():
    """The goldfish's traced games, replayed action by action through Scenario (suspend, next_turn's
    upkeep casting from exile), give the same state after every action."""
    deck = _burn()
    for game in traced_games(deck, games=4, turns=6, seed=7, mulligan=MulliganPolicy.never()):
        assert replay(deck, game) is None

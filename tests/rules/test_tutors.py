"""Tutors: "Search your library for a card, put that card into your hand, then shuffle" (Demonic Tutor),
"for a creature card with mana value 1 or less, reveal it" (Ranger-Captain of Eos), "for an Equipment card"
(Stoneforge Mystic), "for a land card" (Expedition Map, Urza's Cave), "for a Forest card, reveal that card"
(Land Grant). 701.23a: searching a library for a card is looking at it and finding a card with the stated
quality; 701.23b: a player searching for a card with a stated quality need not find one (the goldfish and a
Scenario always find one if there is); 701.20a: a revealed card is shown to all (the goldfish's opponent does
nothing with it); 202.3: mana value; 205.3g: Equipment, an artifact subtype.

In a Scenario the player finds the first card from the top that passes (Scenario has no argument for it).
The goldfish's choice is its play policy's (card_to_search): into the hand, the card it wants most in hand
(want_score, as a look's take: a land while lands are wanted, else the costliest spell it could cast soon,
else the cheapest other), onto the battlefield as before."""
import re
from collections import Counter


from mtgsim import Deck, MulliganPolicy, card
from mtgsim.cards.recognize.effects import effect_of
from mtgsim.simulate import trace
from test_library_top import library_top_first, scenario

TUTOR = card("Test Tutor", "{W}", "Sorcery", abilities=[{"kind": "spell", "card_to_hand": 1}])
CAPTAIN = card("Test Captain", "{W}", "Creature — Human Soldier", "2/2", abilities=[
    {"kind": "trigger", "event": "self_enters", "card_to_hand": 1, "card_types": ["Creature"],
     "mana_value_at_most": 1}])
MYSTIC = card("Test Mystic", "{W}", "Creature — Kor Artificer", "1/2", abilities=[
    {"kind": "trigger", "event": "self_enters", "card_to_hand": 1, "card_subtypes": ["Equipment"]}])
MAP = card("Test Map", "{0}", "Artifact", abilities=[
    {"kind": "activated", "cost": "{T}, Sacrifice this", "lands_to_hand": 1, "any_land": True}])
ONE_DROP = card("Test One Drop", "{G}", "Creature — Elf", "1/1")
TWO_DROP = card("Test Two Drop", "{1}{G}", "Creature — Bear", "2/2")
ONE_RELIC = card("Test One Relic", "{1}", "Artifact")
SWORD = card("Test Sword", "{3}", "Artifact — Equipment")
BIG = card("Test Big", "{6}", "Artifact")


def test_701_23a_a_card_into_the_hand_the_first_from_the_top_in_a_scenario():
    s = scenario(["Island", BIG, "Swamp"], hand=[TUTOR], lands=1)
    s.cast(TUTOR)
    assert s.hand() == ["Island"]
    assert library_top_first(s) == [BIG.name, "Swamp"]
    assert s.graveyard() == [TUTOR.name]


def test_701_23b_a_search_finding_nothing_does_nothing():
    s = scenario([], hand=[TUTOR], lands=1)
    s.cast(TUTOR)
    assert s.hand() == [] and s.graveyard() == [TUTOR.name]


def test_202_3_a_creature_card_with_mana_value_1_or_less():
    """Not a two-drop creature (mana value 2), not a one-mana artifact (not a creature card): the Elf."""
    s = scenario([TWO_DROP, ONE_RELIC, ONE_DROP, "Forest"], lands=1)
    s.cast(CAPTAIN)
    assert s.hand() == [ONE_DROP.name]
    assert library_top_first(s) == [TWO_DROP.name, ONE_RELIC.name, "Forest"]


def test_205_3g_an_equipment_card_by_its_subtype():
    s = scenario([BIG, ONE_RELIC, SWORD], lands=1)
    s.cast(MYSTIC)
    assert s.hand() == [SWORD.name]


def test_701_23a_a_land_card_is_any_land_not_only_a_basic_one():
    """Expedition Map's "a land card": the nonbasic land on top is found (a basic land search would skip it)."""
    s = scenario(["Urza's Tower", "Island"])
    m = s.add(MAP)
    s.activate(m)
    assert s.hand() == ["Urza's Tower"]
    assert s.graveyard() == [MAP.name]


def test_the_phrases_read_as_the_op():
    """The oracle texts of the family's cards, as the corpus words them."""
    assert effect_of("Search your library for a card, put that card into your hand, then shuffle.") == {
        "card_to_hand": 1}
    assert effect_of("You may search your library for a creature card with mana value 1 or less, reveal it, put it "
                     "into your hand, then shuffle.") == {
        "card_to_hand": 1, "card_types": ["Creature"], "mana_value_at_most": 1}
    assert effect_of("You may search your library for an Equipment card, reveal it, put it into your hand, then "
                     "shuffle.") == {"card_to_hand": 1, "card_subtypes": ["Equipment"]}
    assert effect_of("Search your library for a land card, reveal it, put it into your hand, then shuffle.") == {
        "lands_to_hand": 1, "any_land": True}
    assert effect_of("Search your library for a land card, put it onto the battlefield tapped, then shuffle.") == {
        "lands_to_battlefield": 1, "lands_tapped": True, "any_land": True}
    assert effect_of("Search your library for a Forest card, reveal that card, put it into your hand, then "
                     "shuffle.") == {"lands_to_hand": 1, "land_types": ["Forest"]}
    for unread in ("Search your library for a blue instant card, reveal that card, put it into your hand, then "
                   "shuffle.",
                   "You may search your library for a basic land card or a Gate card, reveal it, put it into your "
                   "hand, then shuffle.",
                   "Search your library for a card, then shuffle and put that card on top.",
                   "Search your library for an artifact or Aura card, reveal it, put it into your hand, then "
                   "shuffle."):
        assert effect_of(unread) is None


FINISHER = card("Test Finisher", "{W}", "Sorcery", abilities=[{"kind": "spell", "damage_to_opponent": 20}])
_TURN = re.compile(r"  turn (?P<t>\d+);(?: draw (?P<draw>[^;]+);)? hand \[(?P<hand>[^\]]*)\];"
                   r"(?: land (?P<land>[^;]+);)? mana \d+;(?P<rest>.*)")


def test_the_goldfish_tutor_finds_a_land_while_lands_are_wanted_else_the_card_it_wants_most():
    """The policy (card_to_search, want_score): 30 Tutors ({W}), 1 Finisher ({W}: 20 damage) and 29 Plains, on
    the play, no mulligan. On turn 1, with p Plains and no Finisher in the seven, a Plains played and a Tutor
    cast, the player has p lands and 6 - p mana value of spells in hand: lands are wanted while p < 6 - p
    (lands_wanted), so the Tutor finds a Plains for p <= 2 and the Finisher for p >= 3 (a spell castable next
    turn; never another Tutor: it would only find another), which is cast on turn 2. Each game's turn-1 search
    is read off the trace: what turn 2's hand holds beyond turn 1's, less the land played, the Tutor cast and the
    card drawn."""
    deck = Deck({TUTOR: 30, FINISHER: 1, "Plains": 29})
    seen = {"Plains": 0, FINISHER.name: 0}
    text = "".join(trace(deck, games=100, turns=2, seed=seed, mulligan=MulliganPolicy.never()) for seed in range(3))
    for game in text.split("game ")[1:]:
        t1, t2 = (m for m in (_TURN.match(line) for line in game.splitlines()) if m)
        hand = t1["hand"].split(", ")
        if FINISHER.name in hand or TUTOR.name not in hand or "Plains" not in hand:
            continue
        assert t1["rest"].split(";")[0] == f" cast {TUTOR.name} (1)"     # (one Tutor on turn 1, one mana)
        after = Counter(hand) - Counter([t1["land"], TUTOR.name])
        found = Counter(t2["hand"].split(", ")) - after - Counter([t2["draw"]])
        p = hand.count("Plains")
        assert found == Counter(["Plains" if p <= 2 else FINISHER.name]), (p, game)
        seen[next(iter(found))] += 1
        assert p <= 2 or "opponent 0" in game.splitlines()[-1]         # (the Finisher found, cast on turn 2)
    assert min(seen.values()) >= 30

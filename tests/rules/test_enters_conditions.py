"""The "enters tapped unless ..." conditions real lands print beyond the classic cycles, and
searches for basic lands of named types (614.1c, 305.6, 701.23). Card facts from the oracle
corpus (Canopy Vista, Abandoned Campground, Rivendell, Bant Panorama)."""
import pytest

from mtgsim import ArgumentError, Deck, Scenario, card, card_db


def _land(name: str, type_line: str, unless: str, **fields):
    return card(name, "", type_line, abilities=[
        {"kind": "enters", "tapped": True, "unless": unless, **fields},
        {"kind": "mana", "cost": "{T}", "options": ["{G}", "{W}"]}])


VISTA = _land("Canopy Vista", "Land — Forest Plains", "many_basic_lands")
CAMPGROUND = _land("Abandoned Campground", "Land", "low_life", life=13)
RIVENDELL = _land("Rivendell", "Legendary Land", "control_legendary_creature")
STARTING_TOWN = _land("Starting Town", "Land", "first_three_turns")
BASIC_CHECK = _land("Test Basic Check Land", "Land", "control_basic")
PANORAMA = card("Bant Panorama", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "activated", "cost": "{1}, {T}, Sacrifice this", "lands_to_battlefield": 1,
     "land_types": ["Forest", "Plains", "Island"], "lands_basic": True}])


@pytest.fixture
def db():
    return card_db().extended(VISTA, CAMPGROUND, RIVENDELL, STARTING_TOWN, BASIC_CHECK, PANORAMA, replace=True)


def _enters_tapped(s: Scenario, name: str) -> bool:
    s.add_to_hand(name)
    s.play_land(name)
    return s.is_tapped(s.battlefield()[-1])


@pytest.mark.parametrize("basics, tapped", [(0, True), (1, True), (2, False)])
def test_battle_land_enters_untapped_with_two_basic_lands(db, basics, tapped):
    """Canopy Vista: "enters tapped unless you control two or more basic lands" — nonbasic
    lands (even with basic land types) don't count."""
    s = Scenario(db)
    s.add("Temple Garden")
    for _ in range(basics):
        s.add("Forest")
    assert _enters_tapped(s, "Canopy Vista") is tapped


@pytest.mark.parametrize("yours, theirs, tapped", [(20, 20, True), (13, 20, False), (20, 13, False), (20, 14, True)])
def test_low_life_land_reads_every_players_life(db, yours, theirs, tapped):
    """Abandoned Campground: "unless a player has 13 or less life" — either player."""
    s = Scenario(db)
    s.set_life(yours)
    s.set_life(theirs, player="opponent")
    assert _enters_tapped(s, "Abandoned Campground") is tapped


@pytest.mark.parametrize("turn, tapped", [(1, False), (2, False), (3, False), (4, True), (5, True)])
def test_614_1c_starting_town_enters_untapped_on_your_first_three_turns(db, turn, tapped):
    """Starting Town: "enters tapped unless it's your first, second, or third turn of the game" --
    your own turns counted (you play first: game turns 1, 3, 5 are your first three, 7 your fourth)."""
    s = Scenario(db)
    for _ in range(2 * (turn - 1)):
        s.next_turn()
    assert s.turn == 2 * turn - 1
    assert _enters_tapped(s, "Starting Town") is tapped


@pytest.mark.parametrize("turns, tapped", [(0, False), (1, True), (2, False)])
def test_614_1c_a_creature_that_enters_tapped_if_its_not_your_turn(turns, tapped):
    """Eddymurk Crab: "enters tapped if it's not your turn" -- cast with flash on your turn it enters
    untapped, on the opponent's turn (game turn 2: they are the active player, 500.1) tapped."""
    crab = card("Test Flash Crab", "{U}", "Creature — Crab", "5/5", keywords=["Flash"],
                abilities=[{"kind": "enters", "tapped": True, "unless": "your_turn"}])
    s = Scenario(card_db().extended(crab))
    for _ in range(turns):
        s.next_turn()
    s.add("Island")
    s.add_to_hand("Test Flash Crab")
    s.cast("Test Flash Crab")
    assert s.is_tapped(s.battlefield()[-1]) is tapped


@pytest.mark.parametrize("turns, tapped", [(1, False), (5, False), (7, True)])
def test_614_1c_starting_town_counts_the_opponents_own_turns_and_never_on_yours(db, turns, tapped):
    """The opponent's first, second and third turns are game turns 2, 4 and 6; a Starting Town put
    onto the battlefield under their control on your turn enters tapped (it is not their turn)."""
    s = Scenario(db)
    for _ in range(turns):
        s.next_turn()
    s.add_to_hand("Starting Town", player="opponent")
    s.play_land("Starting Town", player="opponent")
    assert s.is_tapped(s.battlefield("opponent")[-1]) is tapped
    s.next_turn()                               # (your turn: theirs enters tapped whatever turn it is)
    s.add_to_hand("Starting Town", player="opponent")
    s.play_land("Starting Town", player="opponent")
    assert s.is_tapped(s.battlefield("opponent")[-1])


@pytest.mark.parametrize("land, permanent, tapped", [
    ("Rivendell", "Llanowar Elves", True), ("Rivendell", "Thalia, Guardian of Thraben", False),
    ("Test Basic Check Land", "Temple Garden", True), ("Test Basic Check Land", "Plains", False),
])
def test_legendary_creature_and_basic_land_conditions(db, land, permanent, tapped):
    """Rivendell: "enters tapped unless you control a legendary creature"; "unless you control
    a basic land" — Temple Garden has basic land types but is not basic (205.4c)."""
    s = Scenario(db)
    s.add(permanent)
    assert _enters_tapped(s, land) is tapped


@pytest.mark.parametrize("land, permanents", [("Canopy Vista", ["Forest", "Plains"]),
                                              ("Rivendell", ["Thalia, Guardian of Thraben"]),
                                              ("Test Basic Check Land", ["Plains"])])
def test_614_1c_only_the_permanents_its_controller_controls_count(db, land, permanents):
    """"Unless you control ...": the opponent's basic lands and legendary creatures don't
    count (the one filter and count: WHO_YOU, as the land's controller)."""
    s = Scenario(db)
    for name in permanents:
        s.add(name, controller="opponent")
    assert _enters_tapped(s, land)
    for name in permanents:
        s.add(name)
    assert not _enters_tapped(s, land)


def test_search_for_a_basic_land_of_a_type_skips_nonbasic_duals(db):
    """Bant Panorama finds "a basic Forest, Plains, or Island card": never Temple Garden (a
    Forest Plains, but not basic), never a basic Swamp."""
    s = Scenario(db)
    s.add("Plains")
    pano = s.add("Bant Panorama")
    for name in ("Temple Garden", "Swamp"):
        s.add_to_library(name)
    s.activate(pano)
    assert [p.name for p in s.battlefield()] == ["Plains"]
    s = Scenario(db)
    s.add("Plains")
    pano = s.add("Bant Panorama")
    s.add_to_library("Temple Garden")
    s.add_to_library("Island")
    s.activate(pano)
    assert [p.name for p in s.battlefield()] == ["Plains", "Island"]


def test_mana_equal_to_its_power_counts_counters():
    """Viridian Joiner: "{T}: Add an amount of {G} equal to this creature's power" — its power
    as it is now (613): a +1/+1 counter makes it two."""
    joiner = card("Viridian Joiner", "{2}{G}", "Creature — Elf Druid", "1/2", abilities=[
        {"kind": "mana", "cost": "{T}", "mana": "{G}", "amount": {"count": "power"}}])
    s = Scenario(card_db().extended(joiner))
    p = s.add("Viridian Joiner")
    s.tap_for_mana(p)
    assert s.pool() == {"G": 1}
    s = Scenario(card_db().extended(joiner))
    p = s.add("Viridian Joiner", counters={"+1/+1": 1})
    s.tap_for_mana(p)
    assert s.pool() == {"G": 2}


def test_a_star_counting_its_own_power_is_refused():
    with pytest.raises(Exception, match="208.2"):
        card("Test Loop", "{1}", "Creature — Horror", "*/*", star={"count": "power"})


def test_landfall_and_another_creature_triggers():
    """"Whenever a land you control enters" (landfall) fires for each land entering under your
    control; "whenever another creature you control enters" not for the creature itself."""
    lander = card("Test Landfall Healer", "{G}", "Creature — Elf", "1/1", abilities=[
        {"kind": "trigger", "event": "land_you_control_enters", "gain_life": 1}])
    greeter = card("Test Greeter", "{W}", "Creature — Human", "1/1", abilities=[
        {"kind": "trigger", "event": "another_creature_you_control_enters", "gain_life": 2}])
    db = card_db().extended(lander, greeter)
    s = Scenario(db)
    s.add("Test Landfall Healer")
    s.add_to_hand("Forest")
    s.play_land("Forest")
    assert s.life() == 21
    s = Scenario(db)
    s.add_to_hand("Test Greeter")
    s.add("Plains")
    s.cast("Test Greeter")
    assert s.life() == 20
    s.add_to_hand("Test Greeter")
    s.add("Plains")
    s.cast("Test Greeter")
    assert s.life() == 22


@pytest.mark.parametrize("unless", ["control_subtype", "reveal_subtype"])
def test_614_1c_a_land_type_condition_names_its_types(unless):
    """"Enters tapped unless you control a Forest or an Island" / "... reveal a Dragon card":
    without the subtypes the condition asks for nothing, so it is refused as it is read."""
    from mtgsim import CardDataError
    with pytest.raises(CardDataError, match=f"unless = '{unless}' asks for a card of `subtypes`"):
        _land("Test Vague Land", "Land", unless)


@pytest.mark.parametrize("permanent, controller, tapped", [
    (None, "you", True), ("Forest", "you", False), ("Mountain", "you", False), ("Island", "you", True),
    ("Forest", "opponent", True), ("Test Forest Dryad", "you", False), ("Test Forest Elf", "you", True)])
def test_614_1c_a_check_land_enters_untapped_with_a_land_of_its_types(permanent, controller, tapped):
    """Rootbound Crag: "enters tapped unless you control a Mountain or a Forest" — a land of one
    of those types (305.6) its controller controls, through the one filter: an opponent's
    doesn't count, nor a creature that is no land whatever its subtypes."""
    db = card_db().extended(card("Test Forest Dryad", "", "Land Creature — Forest", "1/1"),
                            card("Test Forest Elf", "{G}", "Creature — Elf Forest", "1/1"))
    s = Scenario(db)
    if permanent:
        s.add(permanent, controller=controller)
    assert _enters_tapped(s, "Rootbound Crag") is tapped


@pytest.mark.parametrize("hand, tapped", [([], True), (["Forest"], True), (["Test Elemental"], False)])
def test_614_1c_a_reveal_land_enters_untapped_with_a_card_of_its_types_in_hand(hand, tapped):
    """"As this land enters, you may reveal an Elemental card from your hand. If you don't, it
    enters tapped": a card in hand of those subtypes (the filter's card part, card_passes)."""
    land = _land("Test Primal Land", "Land", "reveal_subtype", subtypes=["Elemental"])
    db = card_db().extended(land, card("Test Elemental", "{R}", "Creature — Elemental", "1/1"))
    s = Scenario(db)
    for name in hand:
        s.add_to_hand(name)
    assert _enters_tapped(s, "Test Primal Land") is tapped


@pytest.mark.parametrize("lands, tapped", [(["Plains"], True), (["Plains", "Swamp"], True),
                                           (["Plains", "Swamp", "Island"], False)])
def test_701_23_fabled_passage_untaps_the_land_found_if_you_control_four_or_more_lands(lands, tapped):
    """Fabled Passage: "{T}, Sacrifice this land: Search your library for a basic land card, put it
    onto the battlefield tapped, then shuffle. Then if you control four or more lands, untap that
    land." -- the Passage is gone (a cost, 601.2h) and the land found counts among the four."""
    s = Scenario(card_db())
    for name in lands:
        s.add(name)
    passage = s.add("Fabled Passage")
    s.add_to_library("Forest")
    s.activate(passage)
    forest = s.battlefield()[-1]
    assert forest.name == "Forest" and len(s.battlefield()) == len(lands) + 1
    assert s.is_tapped(forest) is tapped


def test_701_23_fabled_passage_counts_only_your_lands():
    s = Scenario(card_db())
    for name in ("Plains", "Swamp", "Island"):
        s.add(name, controller="opponent")
    passage = s.add("Fabled Passage")
    s.add_to_library("Forest")
    s.activate(passage)
    assert s.is_tapped(s.battlefield()[-1])


PASSAGE = card("Multiversal Passage", "", "Land", abilities=[
    {"kind": "enters", "tapped": True, "unless": "pay_life", "life": 2, "choose_color": True, "chosen_type": True},
    {"kind": "mana", "cost": "{T}", "output": "chosen_color"}])


@pytest.mark.parametrize("color, pay, tapped, life", [("U", True, False, 18), ("R", False, True, 20)])
def test_305_7_multiversal_passage_is_the_basic_land_type_chosen_and_taps_for_its_mana(color, pay, tapped, life):
    """"As this land enters, choose a basic land type. Then you may pay 2 life. If you don't, it
    enters tapped. This land is the chosen type." -- an Island taps for {U} (305.6), a Mountain
    for {R}; untapped for 2 life (614.1c)."""
    s = Scenario(card_db().extended(PASSAGE))
    s.add_to_hand("Multiversal Passage")
    p = s.play_land("Multiversal Passage", pay_life=pay, choices={"color": color})
    assert s.is_tapped(p) is tapped and s.life() == life
    assert s.could_produce(p) == {color}
    if tapped:                      # (your next turn's untap step)
        s.next_turn()
        s.next_turn()
    assert s.tap_for_mana(p) == {color: 1}


@pytest.mark.parametrize("color, tapped", [("R", False), ("G", False), ("U", True)])
def test_305_7_multiversal_passage_counts_as_its_chosen_type_for_other_cards(color, tapped):
    """Rootbound Crag "enters tapped unless you control a Mountain or a Forest": a Passage that
    chose Mountain or Forest is one (205.3: its subtype); one that chose Island is not."""
    s = Scenario(card_db().extended(PASSAGE))
    s.add_to_hand("Multiversal Passage")
    s.play_land("Multiversal Passage", pay_life=True, choices={"color": color})
    assert _enters_tapped(s, "Rootbound Crag") is tapped


def test_305_7_chosen_type_needs_the_colour_chosen():
    from mtgsim import CardDataError
    with pytest.raises(CardDataError, match="chosen_type .* needs choose_color"):
        card("Test Typed Land", "", "Land", abilities=[{"kind": "enters", "chosen_type": True}])


CITADEL = card("Citadel Gate", "", "Land — Gate", abilities=[
    {"kind": "enters", "tapped": True, "choose_color": True, "not_color": "W"},
    {"kind": "mana", "cost": "{T}", "mana": "{W}"}, {"kind": "mana", "cost": "{T}", "output": "chosen_color"}])


def test_614_1c_a_gate_chooses_a_color_other_than_its_own_and_taps_for_either():
    """Citadel Gate: "This land enters tapped. As this land enters, choose a color other than
    white. {T}: Add {W} or one mana of the chosen color." -- black chosen: {W} or {B}; white may
    not be chosen (a Scenario's white refused, naming the card); none given, the player's colour
    (a Scenario's: white) can't be, so the goldfish's other colour is taken (the tables' colours
    by pips, else the next in WUBRG order: blue)."""
    s = Scenario(card_db().extended(CITADEL))
    s.add_to_hand("Citadel Gate")
    gate = s.play_land("Citadel Gate", choices={"color": "B"})
    assert s.is_tapped(gate) and s.could_produce(gate) == {"W", "B"}
    s.next_turn()
    s.next_turn()
    assert s.tap_for_mana(gate, 1) == {"B": 1}
    s = Scenario(card_db().extended(CITADEL))
    s.add_to_hand("Citadel Gate")
    with pytest.raises(ArgumentError, match="Citadel Gate chooses a colour other than W"):
        s.play_land("Citadel Gate", choices={"color": "W"})
    assert s.play_land("Citadel Gate") and s.could_produce(s.battlefield()[0]) == {"W", "U"}


def test_614_1c_the_goldfish_chooses_its_decks_most_pipped_colour_other_than_the_excluded_one():
    """The policy (compile.colors_by_pips, Enters.other_color): a white-red deck's Citadel Gate
    chooses red, the deck's colour after white; its Cliffgate (other than red) chooses white."""
    from mtgsim.compile import colors_by_pips, compile_deck
    cliff = card("Cliffgate", "", "Land — Gate", abilities=[
        {"kind": "enters", "tapped": True, "choose_color": True, "not_color": "R"},
        {"kind": "mana", "cost": "{T}", "mana": "{R}"}, {"kind": "mana", "cost": "{T}", "output": "chosen_color"}])
    deck = Deck({"Plains": 10, "Mountain": 6, CITADEL: 2, cliff: 2, "Lightning Bolt": 4, "Swords to Plowshares": 8})
    assert colors_by_pips(deck.cards()) == "WR"
    t = compile_deck(deck).tables
    for name, other in (("Citadel Gate", 8), ("Cliffgate", 1)):     # (R, W: ManaTypeBit)
        e = t.enters[t.cards[t.row(name)]["enters_first"]]
        assert (e["choose_color"], e["other_color"]) == (1, other)


def test_614_1c_not_color_is_one_colour_and_needs_choose_color():
    from mtgsim import CardDataError
    with pytest.raises(CardDataError, match="not_color 'X'"):
        card("Test Odd Gate", "", "Land", abilities=[{"kind": "enters", "choose_color": True, "not_color": "X"}])
    with pytest.raises(CardDataError, match="with choose_color = true"):
        card("Test Odd Gate", "", "Land", abilities=[{"kind": "enters", "not_color": "W"}])

"""The phrase families issue 14 names, each read from a real card's oracle text (as the corpus
of tests/corpus.py has it) into the abilities the curated data would write: filter, gain,
bounce and tri-lands, fetch lands, Treasure and Gold makers, X spells, flashback."""
import pytest

from mtgsim.cards.database import card_from_table
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import recognize


def _read(name, cost, type_line, text, pt=None):
    p, t = pt.split("/") if pt else (None, None)
    rec = recognize(OracleCard(name, "normal", (OracleFace(name, cost, type_line, text, p, t),)))
    return rec, card_from_table(rec.table)


def _abilities(abilities):
    return sorted(map(repr, card_from_table({"name": "X", "type": "Land", "abilities": abilities}).abilities))


@pytest.mark.parametrize("name, type_line, text, abilities", [
    ("Mystic Gate", "Land", "{T}: Add {C}.\n{W/U}, {T}: Add {W}{W}, {W}{U}, or {U}{U}.",       # filter land
     [{"kind": "mana", "cost": "{T}", "mana": "{C}"},
      {"kind": "mana", "cost": "{W/U}, {T}", "options": ["{W}{W}", "{W}{U}", "{U}{U}"]}]),
    ("Scoured Barrens", "Land", "This land enters tapped.\nWhen this land enters, you gain 1 life.\n"  # gain land
     "{T}: Add {W} or {B}.",
     [{"kind": "enters", "tapped": True}, {"kind": "trigger", "event": "self_enters", "gain_life": 1},
      {"kind": "mana", "cost": "{T}", "options": ["{W}", "{B}"]}]),
    # bounce land
    ("Simic Growth Chamber", "Land", "This land enters tapped.\nWhen this land enters, return a land you "
     "control to its owner's hand.\n{T}: Add {G}{U}.",
     [{"kind": "enters", "tapped": True}, {"kind": "trigger", "event": "self_enters", "return_land": 1},
      {"kind": "mana", "cost": "{T}", "mana": "{G}{U}"}]),
    ("Jungle Shrine", "Land", "This land enters tapped.\n{T}: Add {R}, {G}, or {W}.",               # tri-land
     [{"kind": "enters", "tapped": True}, {"kind": "mana", "cost": "{T}", "options": ["{R}", "{G}", "{W}"]}]),
    ("Windswept Heath", "Land", "{T}, Pay 1 life, Sacrifice this land: Search your library for a Forest or "  # fetch
     "Plains card, put it onto the battlefield, then shuffle.",
     [{"kind": "activated", "cost": "{T}, Pay 1 life, Sacrifice this", "lands_to_battlefield": 1,
       "lands_tapped": False, "land_types": ["Forest", "Plains"]}]),
])
def test_land_families(name, type_line, text, abilities):
    rec, c = _read(name, "", type_line, text)
    assert rec.bucket == "fully", rec.clauses
    assert sorted(map(repr, c.abilities)) == _abilities(abilities)


def test_a_fetch_land_finds_nonbasic_lands_of_its_types():
    """A fetch land's "Forest or Plains card" is any land with either type (Temple Garden too):
    no `lands_basic`, unlike "a basic Forest, Plains, or Island card"."""
    _, c = _read("Windswept Heath", "", "Land", "{T}, Pay 1 life, Sacrifice this land: Search your library for a "
                 "Forest or Plains card, put it onto the battlefield, then shuffle.")
    assert c.abilities[0].effect.value("lands_basic") is False


@pytest.mark.parametrize("name, cost, type_line, text, pt, abilities", [
    ("Blaze", "{X}{R}", "Sorcery", "Blaze deals X damage to any target.", None,
     [{"kind": "spell", "damage_to_opponent": "X"}]),
    ("Think Twice", "{1}{U}", "Instant", "Draw a card.\nFlashback {2}{U} (You may cast this card from your "
     "graveyard for its flashback cost. Then exile it.)", None, [{"kind": "spell", "draw": 1}]),
    ("Prosperous Innkeeper", "{1}{G}", "Creature — Halfling Citizen", "When this creature enters, create a "
     "Treasure token. (It's an artifact with \"{T}, Sacrifice this token: Add one mana of any color.\")\nWhenever "
     "another creature you control enters, you gain 1 life.", "1/1",
     [{"kind": "trigger", "event": "self_enters", "tokens": {"Treasure": 1}},
      {"kind": "trigger", "event": "another_creature_you_control_enters", "gain_life": 1}]),
])
def test_spell_and_creature_families(name, cost, type_line, text, pt, abilities):
    rec, c = _read(name, cost, type_line, text, pt)
    assert rec.bucket == "fully", rec.clauses
    assert sorted(map(repr, c.abilities)) == _abilities(abilities)


def test_flashback_is_the_cards_alternative_cost():
    _, c = _read("Think Twice", "{1}{U}", "Instant", "Draw a card.\nFlashback {2}{U}")
    assert str(c.flashback) == "{2}{U}"


def test_a_gold_maker_makes_the_predefined_gold_token():
    """111.10c: "create a Gold token" — the Gold token of the curated data."""
    rec, c = _read("Gild", "{3}{B}", "Sorcery", "Exile target creature. Create a Gold token. (It's an artifact "
                   "with \"Sacrifice this token: Add one mana of any color.\")")
    assert c.abilities[0].effect.value("tokens") == (("Gold", 1),)
    # (its only legal target is the player's own creature, 115.1: the exile unread, the spell never cast)
    assert rec.bucket == "partly" and c.uncastable.startswith("unread: it only hinders the player")


def test_life_loss_of_the_opponent_is_read_as_life_lost_not_damage():
    """"Each opponent loses X life, where X is your devotion to black. You gain life equal to
    the life lost this way." (Gray Merchant of Asphodel; 120.3: losing life is not damage)."""
    rec, c = _read("Gray Merchant of Asphodel", "{3}{B}{B}", "Creature — Zombie", "When this creature enters, each "
                   "opponent loses X life, where X is your devotion to black. You gain life equal to the life lost "
                   "this way.", "2/4")
    assert rec.bucket == "fully"
    devotion = {"count": "devotion", "color": "B"}
    assert sorted(map(repr, c.abilities)) == _abilities([{"kind": "trigger", "event": "self_enters",
                                                          "opponent_loses_life": devotion, "gain_life": devotion}])


def test_gray_merchant_drains_the_opponent_for_its_devotion():
    from mtgsim import Scenario
    s = Scenario()
    for _ in range(5):
        s.add("Swamp")
    s.add_to_hand("Gray Merchant of Asphodel")
    s.cast("Gray Merchant of Asphodel")
    assert s.life(player="opponent") == 18 and s.life() == 22       # its own {B}{B}: devotion 2


# ---- mill (701.17a): the player's own; an opponent's does nothing to the goldfish -----------------

@pytest.mark.parametrize("name, cost, type_line, text, pt, abilities", [
    ("Stitcher's Supplier", "{B}", "Creature — Zombie", "When this creature enters or dies, mill three cards. "
     "(Put the top three cards of your library into your graveyard.)", "1/1",
     [{"kind": "trigger", "event": "self_enters", "mill": 3}, {"kind": "trigger", "event": "self_dies", "mill": 3}]),
    ("Chill of Foreboding", "{2}{U}", "Sorcery", "Each player mills five cards.\nFlashback {7}{U}", None,
     [{"kind": "spell", "mill": 5}]),
    ("Aven Heartstabber", "{4}{B}", "Creature — Bird Rogue", "Flying\nWhen this creature dies, mill two cards, "
     "then draw a card.", "3/3", [{"kind": "trigger", "event": "self_dies", "effect": [{"mill": 2}, {"draw": 1}]}]),
    ("Sokka's Haiku", "{3}{U}{U}", "Instant", "Draw a card, then mill three cards.", None,
     [{"kind": "spell", "draw": 1, "mill": 3}]),
    ("Excavated Wall", "{2}", "Artifact Creature — Wall", "Defender\n{1}, {T}: Mill a card. (Put the top card of "
     "your library into your graveyard.)", "0/4", [{"kind": "activated", "cost": "{1}, {T}", "mill": 1}]),
])
def test_701_17a_mill_is_read_in_the_order_written(name, cost, type_line, text, pt, abilities):
    """"Mill two cards, then draw a card" mills first (608.2c); "each player mills" is the
    player's mill, the goldfish opponent having no library (as "each player draws")."""
    rec, c = _read(name, cost, type_line, text, pt)
    assert rec.bucket == "fully", rec.clauses
    assert sorted(map(repr, c.abilities)) == _abilities(abilities)


@pytest.mark.parametrize("text", ["You may mill two cards.", "Mill cards equal to the number of lands you control."])
def test_701_17a_a_mill_not_read_whole_is_never_read(text):
    """A mill the policy would have to choose, or of an amount not read, is reported, not read."""
    rec, c = _read("Test Unread Mill", "{B}", "Sorcery", text)
    assert rec.bucket != "fully" and c.abilities == ()


def test_an_opponents_mill_stays_ignored_in_the_goldfish():
    """"Target player mills three cards" (Thought Scour's first half is the player's choice of
    target: the goldfish's is the opponent, who has no library): nothing to do, as before."""
    rec, c = _read("Test Glimpse", "{U}", "Instant", "Target opponent mills three cards.")
    assert rec.bucket == "fully" and c.abilities == ()


# ---- Class levels (716.2a): each level bar and the abilities of its level ------------------------------

WIZARD_CLASS = ("You have no maximum hand size.\n{2}{U}: Level 2\nWhen this Class becomes level 2, draw two cards.\n"
                "{4}{U}: Level 3\nWhenever you draw a card, put a +1/+1 counter on target creature you control.")
BARBARIAN_CLASS = ("If you would roll one or more dice, instead roll that many dice plus one and ignore the lowest "
                   "roll.\n{1}{R}: Level 2\nWhenever you roll one or more dice, target creature you control gets "
                   "+2/+0 and gains menace until end of turn.\n{2}{R}: Level 3\nCreatures you control have haste.")


def test_716_2a_a_class_levels_are_read_with_the_abilities_of_each_level():
    """Wizard Class's level 2 ("When this Class becomes level 2, draw two cards") is read, its
    level 3 reported unread: level 3 gains nothing, so its level-up is never paid for by the
    goldfish (716.2a; the compiled level-up's worth)."""
    rec, c = _read("Wizard Class", "{U}", "Enchantment — Class", WIZARD_CLASS)
    assert [(str(lv.cost), [repr(a) for a in lv.abilities]) for lv in c.levels] == [
        ("{2}{U}", [repr(c.at_level(2).abilities[-1])]), ("{4}{U}", [])]
    assert c.at_level(2).abilities[-1].event.value == "self_becomes_level"
    assert c.at_level(2).abilities[-1].effect.value("draw") == 2
    assert rec.bucket == "partly"
    assert any("level 3's ability, not simulated" in t for t in rec.unrecognized)
    rec, c = _read("Barbarian Class", "{R}", "Enchantment — Class", BARBARIAN_CLASS)
    assert [len(lv.abilities) for lv in c.levels] == [0, 1]                  # (level 3: haste to creatures)
    assert c.at_level(3).abilities[-1].grant.value == "haste"


def test_716_2a_a_class_level_with_an_unread_drawback_is_never_levelled_up_to():
    """Never free: a level whose unread ability is a drawback (sacrificing your own permanents,
    701.21a) is not levelled up to, nor any level past it; the levels before it are read, and
    the card is cast (its drawback can't happen without the level-up)."""
    rec, c = _read("Test Class", "{B}", "Enchantment — Class",
                   "{1}{B}: Level 2\nCreatures you control have haste.\n{2}{B}: Level 3\n"
                   "At the beginning of your upkeep, sacrifice a creature.")
    assert len(c.levels) == 1 and not c.uncastable
    assert [a.effect.value("class_level") for a in c.abilities if a.effect.has("class_level")] == [2]
    assert any("never levelled up to" in t and "701.21a" in t for t in rec.unrecognized), rec.unrecognized


@pytest.mark.parametrize("text", [
    "{1}{B}: Level 2\nWhen this Class becomes level 3, draw two cards.",    # (not level 2's)
    "{1}{B}: Level 2\nWhenever you roll one or more dice, draw a card.",
])
def test_716_2a_a_class_with_no_level_gaining_anything_is_read_as_before(text):
    rec, c = _read("Test Class", "{B}", "Enchantment — Class", text)
    assert not c.levels and not c.abilities
    assert any("a Class level's ability (716.2a): not active from the start" in t for t in rec.unrecognized)


# ---- creature lands (613.1d): the animation read; what they do on attacking is not -----------------

def test_613_1d_creature_lands_are_read_as_their_animation():
    """Mutavault fully; Restless Cottage's "whenever this land attacks" read (fully: its Food made, its
    "up to one target card from a graveyard" left unchosen, 115.1); Den of the Bugbear's animation and
    the "whenever this creature attacks" it gives: read (fully)."""
    rec, c = _read("Mutavault", "", "Land", "{T}: Add {C}.\n{1}: This land becomes a 2/2 creature with all "
                   "creature types until end of turn. It's still a land.")
    assert rec.bucket == "fully", rec.clauses
    assert sorted(map(repr, c.abilities)) == _abilities([
        {"kind": "mana", "cost": "{T}", "mana": "{C}"},
        {"kind": "activated", "cost": "{1}", "becomes": ["Creature"], "all_creature_types": True,
         "becomes_power": 2, "becomes_toughness": 2}])
    rec, c = _read("Restless Cottage", "", "Land", "This land enters tapped.\n{T}: Add {B} or {G}.\n{2}{B}{G}: "
                   "This land becomes a 4/4 black and green Horror creature until end of turn. It's still a land.\n"
                   "Whenever this land attacks, create a Food token and exile up to one target card from a graveyard.")
    assert rec.bucket == "fully", rec.clauses
    assert any(getattr(a, "effect", None) and a.effect.has("becomes") for a in c.abilities)
    rec, c = _read("Den of the Bugbear", "", "Land", "{T}: Add {R}.\n{3}{R}: Until end of turn, this land becomes "
                   "a 3/2 red Goblin creature with \"Whenever this creature attacks, create a 1/1 red Goblin "
                   "creature token that's tapped and attacking.\" It's still a land.")
    assert rec.bucket == "fully"
    assert any(getattr(a, "effect", None) and a.effect.has("becomes") for a in c.abilities)


# Storage lands (issue 30 item 6): "Remove X / any number of <kind> counters from ~" as a mana ability's
# cost, its amount X (107.3a); "Put a storage counter on ~" (122.6). Oracle texts as the corpus has them.
_STORE = "{1}, {T}: Put a storage counter on ~."


@pytest.mark.parametrize("name, text, abilities", [
    ("Mage-Ring Network", "{T}: Add {C}.\n" + _STORE + "\n{T}, Remove any number of storage counters from ~: "
     "Add {C} for each storage counter removed this way.",
     [{"kind": "mana", "cost": "{T}", "mana": "{C}"},
      {"kind": "activated", "cost": "{1}, {T}", "counters": {"storage": 1}},
      {"kind": "mana", "cost": "{T}, Remove X storage counters from this", "mana": "{C}", "amount": "X"}]),
    ("Calciform Pools", "{T}: Add {C}.\n" + _STORE + "\n{1}, Remove X storage counters from ~: Add X mana in "
     "any combination of {W} and/or {U}.",
     [{"kind": "mana", "cost": "{T}", "mana": "{C}"},
      {"kind": "activated", "cost": "{1}, {T}", "counters": {"storage": 1}},
      {"kind": "mana", "cost": "{1}, Remove X storage counters from this", "output": "combination",
       "options": ["{W}", "{U}"], "amount": "X"}]),
    ("Fountain of Cho", "~ enters tapped.\n{T}: Put a storage counter on ~.\n{T}, Remove any number of storage "
     "counters from ~: Add {W} for each storage counter removed this way.",
     [{"kind": "enters", "tapped": True}, {"kind": "activated", "cost": "{T}", "counters": {"storage": 1}},
      {"kind": "mana", "cost": "{T}, Remove X storage counters from this", "mana": "{W}", "amount": "X"}]),
])
def test_storage_lands(name, text, abilities):
    rec, c = _read(name, "", "Land", text.replace("~", name))
    assert rec.bucket == "fully", rec.clauses
    assert sorted(map(repr, c.abilities)) == _abilities(abilities)


@pytest.mark.parametrize("text", [
    # the mana counts counters of another kind than the cost removes: not its X
    "{T}, Remove any number of charge counters from ~: Add {C} for each storage counter removed this way.",
    # "X mana" with no X in the cost
    "{1}, {T}: Add X mana in any combination of {W} and/or {U}.",
])
def test_a_storage_mana_ability_whose_x_is_not_its_costs_is_refused(text):
    rec, _ = _read("Test Store", "", "Land", text.replace("~", "Test Store"))
    assert rec.bucket != "fully", rec.clauses


# "Tap an untapped creature you control" (issue 30 item 2, 701.26a) in a mana ability's cost with {T}
# (Springleaf Drum). Oracle texts as the corpus has them.
_DRUM = "{T}, Tap an untapped creature you control: Add one mana of any color."


@pytest.mark.parametrize("name, type_line, text, pt, abilities", [
    ("Springleaf Drum", "Artifact", _DRUM, None,
     [{"kind": "mana", "cost": "{T}, Tap an untapped creature you control", "output": "any_color"}]),
    ("Survivors' Encampment", "Land", "{T}: Add {C}.\n" + _DRUM, None,
     [{"kind": "mana", "cost": "{T}", "mana": "{C}"},
      {"kind": "mana", "cost": "{T}, Tap an untapped creature you control", "output": "any_color"}]),
    ("Citanul Stalwart", "Artifact Creature — Dryad", "{T}, Tap an untapped artifact or creature you control: Add "
     "one mana of any color.", "1/4",
     [{"kind": "mana", "cost": "{T}, Tap an untapped artifact or creature you control", "output": "any_color"}]),
])
def test_701_26a_a_mana_ability_tapping_another_permanent(name, type_line, text, pt, abilities):
    rec, c = _read(name, "", type_line, text, pt)
    assert rec.bucket == "fully", rec.clauses
    assert sorted(map(repr, c.abilities)) == _abilities(abilities)


@pytest.mark.parametrize("type_line, text, pt", [
    # without {T} its source could activate it again and again: not yet (Urza, Lord High Artificer)
    ("Legendary Creature — Human Artificer", "Tap an untapped artifact you control: Add {U}.", "1/4"),
    # any permanent (lands: every mana source a candidate; Gene Pollinator), a number, a subtype
    ("Creature — Insect", "{T}, Tap an untapped permanent you control: Add one mana of any color.", "1/1"),
    ("Creature — Elf Druid", "Tap three untapped Elves you control: Add {G}{G}{G}.", "1/1"),
    ("Creature — Human", "Tap an untapped blue creature you control: Add {C}{C}.", "1/3"),
])
def test_701_26a_a_tapping_cost_the_vocabulary_cant_say_is_refused(type_line, text, pt):
    rec, _ = _read("Test Tapper", "", type_line, text, pt)
    assert rec.bucket != "fully", rec.clauses


_GRAVE = {"count": "cards_in_graveyard"}


@pytest.mark.parametrize("name, cost, type_line, text, pt, abilities", [
    ("Tolarian Terror", "{6}{U}", "Creature — Serpent", "This spell costs {1} less to cast for each instant and "
     "sorcery card in your graveyard.", "5/5",
     [{"kind": "cost", "scope": "self", "change": "reduce", "amount": {**_GRAVE, "types": ["Instant", "Sorcery"]}}]),
    ("Ghoultree", "{7}{G}", "Creature — Zombie Treefolk", "This spell costs {1} less to cast for each creature card "
     "in your graveyard.", "10/10",
     [{"kind": "cost", "scope": "self", "change": "reduce", "amount": {**_GRAVE, "types": ["Creature"]}}]),
    ("Grim Flowering", "{5}{G}", "Sorcery", "Draw a card for each creature card in your graveyard.", None,
     [{"kind": "spell", "draw": {**_GRAVE, "types": ["Creature"]}}]),
])
def test_601_2f_a_count_of_cards_in_a_graveyard_by_card_type(name, cost, type_line, text, pt, abilities):
    rec, c = _read(name, cost, type_line, text, pt)
    assert rec.bucket == "fully", rec.clauses
    assert sorted(map(repr, c.abilities)) == _abilities(abilities)


# ---- look at the top N and put them back in any order (401.4), "You may shuffle" (701.24a) ------------

@pytest.mark.parametrize("name, cost, type_line, text, pt, abilities", [
    ("Ponder", "{U}", "Sorcery", "Look at the top three cards of your library, then put them back in any order. "
     "You may shuffle.\nDraw a card.", None,
     [{"kind": "spell", "effect": [{"rearrange": 3, "may_shuffle": True}, {"draw": 1}]}]),
    ("Index", "{U}", "Sorcery", "Look at the top five cards of your library, then put them back in any order.", None,
     [{"kind": "spell", "rearrange": 5}]),
    ("Halimar Depths", None, "Land", "This land enters tapped.\nWhen this land enters, look at the top three cards "
     "of your library, then put them back in any order.\n{T}: Add {U}.", None,
     [{"kind": "enters", "tapped": True}, {"kind": "trigger", "event": "self_enters", "rearrange": 3},
      {"kind": "mana", "cost": "{T}", "mana": "{U}"}]),
    ("Pondering Mage", "{3}{U}{U}", "Creature — Human Wizard", "When this creature enters, look at the top three "
     "cards of your library, then put them back in any order. You may shuffle. Draw a card.", "3/4",
     [{"kind": "trigger", "event": "self_enters", "effect": [{"rearrange": 3, "may_shuffle": True}, {"draw": 1}]}]),
])
def test_401_4_a_look_put_back_in_any_order_is_read_with_its_shuffle(name, cost, type_line, text, pt, abilities):
    """"..., then put them back in any order. You may shuffle." is one phrase (the shuffle is a
    choice about the cards looked at), then the draw after it (608.2c)."""
    rec, c = _read(name, cost, type_line, text, pt)
    assert rec.bucket == "fully", rec.clauses
    assert sorted(map(repr, c.abilities)) == _abilities(abilities)


@pytest.mark.parametrize("text", [
    "This spell costs {1} less to cast for each artifact and/or creature card in your graveyard.",   # 205.2a: both
    "This spell costs {1} less to cast for each nonland card in your graveyard.",
    "This spell costs {1} less to cast for each historic card in your graveyard.",
])
def test_a_graveyard_count_the_vocabulary_cant_say_is_refused(text):
    rec, _ = _read("Test Grave Refused", "{7}", "Creature — Horror", text, "5/5")
    assert rec.bucket == "unknown", rec.clauses


def test_608_2c_flow_states_instead_is_one_more_into_the_hand():
    text = ("Look at the top three cards of your library. Put one of them into your hand and the rest on the bottom "
            "of your library in any order. If there is an instant card and a sorcery card in your graveyard, instead "
            "put two of them into your hand and the rest on the bottom of your library in any order.")
    rec, c = _read("Flow State", "{1}{U}", "Sorcery", text)
    assert rec.bucket == "fully", rec.clauses
    assert sorted(map(repr, c.abilities)) == _abilities(
        [{"kind": "spell", "look_to_hand": 3, "to_hand": 1, "more_if_instant_and_sorcery": True}])
    rec, _ = _read("Test Flow Three", "{1}{U}", "Sorcery", text.replace("instead put two", "instead put three"))
    assert rec.bucket != "fully"


@pytest.mark.parametrize("text", ["You may shuffle.", "Look at the top X cards of your library, then put them back "
                                  "in any order.", "Look at the top three cards of target player's library, then "
                                  "put them back in any order."])
def test_401_4_a_look_or_shuffle_not_read_whole_is_never_read(text):
    """A shuffle alone (of what?), a look of X cards or at another player's library: unread."""
    rec, c = _read("Test Unread Look", "{U}", "Sorcery", text)
    assert rec.bucket != "fully" and c.abilities == ()


# ---- cards from the hand on top of the library (401.4), after the draws (608.2c) --------------------------

@pytest.mark.parametrize("name, cost, text, abilities", [
    ("Brainstorm", "{U}", "Draw three cards, then put two cards from your hand on top of your library in any order.",
     [{"kind": "spell", "draw": 3, "hand_to_top": 2}]),
    ("Brainsurge", "{2}{U}", "Draw four cards, then put two cards from your hand on top of your library in any "
     "order.", [{"kind": "spell", "draw": 4, "hand_to_top": 2}]),
])
def test_401_4_cards_put_back_from_the_hand_are_read_after_the_draws(name, cost, text, abilities):
    rec, c = _read(name, cost, "Instant", text)
    assert rec.bucket == "fully", rec.clauses
    assert sorted(map(repr, c.abilities)) == _abilities(abilities)


def test_401_4_cards_put_back_from_another_zone_or_another_player_are_never_read():
    for text in ("Put two cards from your graveyard on top of your library.",
                 "Target player puts a card from their hand on top of their library."):
        rec, c = _read("Test Unread Put Back", "{U}", "Sorcery", text)
        assert rec.bucket != "fully" and c.abilities == ()


def test_400_3_sensei_s_divining_top_is_read_whole():
    """Both its abilities: "{1}: Look at the top three ..., then put them back in any order"
    (401.4) and "{T}: Draw a card, then put ~ on top of its owner's library" (400.3, 608.2c)."""
    rec, c = _read("Sensei's Divining Top", "{1}", "Artifact", "{1}: Look at the top three cards of your library, "
                   "then put them back in any order.\n{T}: Draw a card, then put this artifact on top of its "
                   "owner's library.")
    assert rec.bucket == "fully", rec.clauses
    assert sorted(map(repr, c.abilities)) == _abilities([
        {"kind": "activated", "cost": "{1}", "rearrange": 3},
        {"kind": "activated", "cost": "{T}", "draw": 1, "source_to_top": True}])


def test_701_26a_untap_this_artifact_is_read_and_untap_another_permanent_is_not():
    """"{4}: Untap this artifact." untaps its source (Grim Monolith, 701.26a); "Untap target
    Forest" or "untap another target permanent" is another effect, left unread."""
    rec, c = _read("Grim Monolith", "{2}", "Artifact", "This artifact doesn't untap during your untap step.\n"
                   "{T}: Add {C}{C}{C}.\n{4}: Untap this artifact.")
    assert rec.bucket == "fully", rec.clauses
    assert sorted(map(repr, c.abilities)) == _abilities([
        {"kind": "mana", "cost": "{T}", "mana": "{C}{C}{C}"},
        {"kind": "activated", "cost": "{4}", "untap_source": True}]) and c.doesnt_untap
    for text in ("{T}: Untap target Forest.", "{2}: Untap another target permanent."):
        rec, c = _read("Test Unread Untap", "{G}", "Artifact", text)
        assert rec.bucket != "fully" and c.abilities == ()


@pytest.mark.parametrize("name, type_line, text, pt", [
    ("Test Colossus", "Artifact Creature — Golem", "This creature doesn't untap during your untap step.\n"
     "Pay 8 life: Untap this creature.", "8/8"),                       # 502.3: it would attack again
    ("Test Staff", "Artifact", "{1}: Untap this artifact.\n{5}, {T}: Draw a card.", None),   # a second draw
    ("Test Elf", "Creature — Elf", "{T}: Add {G}.\n{1}: Untap this creature.", "1/1"),       # {1} made {G}
    ("Test Monolith", "Artifact", "{T}: Add {C}{C}{C}.\n{2}: Untap this artifact.", None)])  # more made than paid
def test_701_26a_an_untap_the_goldfish_would_pay_for_is_left_unread(name, type_line, text, pt):
    """The goldfish never pays to untap a source (the op is not worth): where that loses
    something, the ability is unread and left out, never played as more than it is."""
    rec, c = _read(name, "{3}", type_line, text, pt)
    assert rec.bucket == "partly" and not any("untap_source" in repr(a) for a in c.abilities)
    assert any("Untap" in cl.text and cl.status == "unrecognized" for cl in rec.clauses)


def test_105_2c_glaring_fleshraker_is_read_whole_with_its_colorless_filters():
    """"Whenever you cast a colorless spell" (601.2i) and "Whenever another colorless creature you
    control enters" (603.6a): the trigger's `colorless` filter (105.2c); its Spawn token a 0/1
    colorless creature sacrificed for {C}. A filter more than colorless stays unread."""
    rec, c = _read("Glaring Fleshraker", "{2}", "Creature — Eldrazi",
                   "Whenever you cast a colorless spell, create a 0/1 colorless Eldrazi Spawn creature token with "
                   "\"Sacrifice this token: Add {C}.\"\nWhenever another colorless creature you control enters, "
                   "this creature deals 1 damage to each opponent.", "2/2")
    assert rec.bucket == "fully", rec.clauses
    spawn = '0/1 colorless Eldrazi Spawn creature token with "Sacrifice this creature: Add {C}."'
    assert sorted(map(repr, c.abilities)) == _abilities([
        {"kind": "trigger", "event": "you_cast_spell", "colorless": True, "tokens": {spawn: 1}},
        {"kind": "trigger", "event": "another_creature_you_control_enters", "colorless": True,
         "damage_to_opponent": 1}])
    assert rec.tokens[spawn]["colors"] == "" and rec.tokens[spawn]["abilities"] == [
        {"kind": "mana", "cost": "Sacrifice this", "mana": "{C}"}]
    for text in ("Whenever you cast a colorless spell with mana value 7 or greater, draw a card.",
                 "Whenever another colorless creature you control dies, draw a card."):
        rec, c = _read("Test Unread Colorless", "{2}", "Artifact", text)
        assert rec.bucket != "fully" and c.abilities == ()

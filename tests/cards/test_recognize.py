"""The oracle-text recognizers, clause by clause, on real cards' text (facts checked against
the oracle corpus, tests/corpus.py): each phrase family becomes the ability the curated data
would write, reminder text is never rules text (207.2), old and new templates read alike, and
every clause is recognized, ignored (irrelevant to a goldfish) or reported unrecognized."""
import pytest

from mtgsim.cards.database import card_from_table
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import IGNORED, RECOGNIZED, UNRECOGNIZED, recognize


def _card(name, cost, type_line, text, pt=None, keywords=(), layout="normal", faces=()):
    p, t = pt.split("/") if pt else (None, None)
    front = OracleFace(name, cost, type_line, text, p, t)
    return OracleCard(name if not faces else f"{name} // {faces[0].name}", layout, (front, *faces), tuple(keywords))


def _abilities(*args, **kw):
    rec = recognize(_card(*args, **kw))
    return rec, card_from_table(rec.table)


def _same(rec_table_abilities, expected):
    built = card_from_table({"name": "X", "type": "Land", "abilities": expected}).abilities
    assert sorted(map(repr, rec_table_abilities)) == sorted(map(repr, built))


def test_basic_land_types_give_their_mana_ability_though_the_text_is_reminder_only():
    """305.6: a Forest Mountain has "{T}: Add {R} or {G}" — printed only as reminder text."""
    rec, c = _abilities("Stomping Ground", "", "Land — Mountain Forest",
                        "({T}: Add {R} or {G}.)\nAs this land enters, you may pay 2 life. "
                        "If you don't, it enters tapped.")
    assert rec.bucket == "fully"
    _same(c.abilities, [{"kind": "mana", "cost": "{T}", "options": ["{R}", "{G}"]},
                        {"kind": "enters", "tapped": True, "unless": "pay_life", "life": 2}])


def test_reminder_text_never_makes_a_card_a_mana_source():
    """207.2: the Treasure reminder text "(... Add one mana of any color.)" is not an ability."""
    _, c = _abilities("Test Pirate", "{2}{R}", "Creature — Human Pirate",
                        "When this creature enters, create a Treasure token. (It's an artifact with \"{T}, "
                        "Sacrifice this token: Add one mana of any color.\")", "2/2")
    assert not c.mana_abilities
    _same(c.abilities, [{"kind": "trigger", "event": "self_enters", "tokens": {"Treasure": 1}}])


@pytest.mark.parametrize("text", [
    "Llanowar Elves enters the battlefield tapped.\n{T}: Add {G} to your mana pool.",     # old template
    "This creature enters tapped.\n{T}: Add {G}.",                                          # current
])
def test_old_and_new_templates_read_alike(text):
    rec, c = _abilities("Llanowar Elves", "{G}", "Creature — Elf Druid", text, "1/1")
    assert rec.bucket == "fully"
    _same(c.abilities, [{"kind": "enters", "tapped": True}, {"kind": "mana", "cost": "{T}", "mana": "{G}"}])


@pytest.mark.parametrize("name, text, abilities", [
    ("Glacial Fortress", "This land enters tapped unless you control a Plains or an Island.\n{T}: Add {W} or {U}.",
     [{"kind": "enters", "tapped": True, "unless": "control_subtype", "subtypes": ["Plains", "Island"]},
      {"kind": "mana", "cost": "{T}", "options": ["{W}", "{U}"]}]),
    ("Blooming Marsh", "This land enters tapped unless you control two or fewer other lands.\n{T}: Add {B} or {G}.",
     [{"kind": "enters", "tapped": True, "unless": "few_other_lands"},
      {"kind": "mana", "cost": "{T}", "options": ["{B}", "{G}"]}]),
    ("Deserted Beach", "This land enters tapped unless you control two or more other lands.\n{T}: Add {W} or {U}.",
     [{"kind": "enters", "tapped": True, "unless": "many_other_lands"},
      {"kind": "mana", "cost": "{T}", "options": ["{W}", "{U}"]}]),
    ("Port Town", "As this land enters, you may reveal a Plains or Island card from your hand. If you don't, "
                  "this land enters tapped.\n{T}: Add {W} or {U}.",
     [{"kind": "enters", "tapped": True, "unless": "reveal_subtype", "subtypes": ["Plains", "Island"]},
      {"kind": "mana", "cost": "{T}", "options": ["{W}", "{U}"]}]),
    ("Abandoned Campground", "This land enters tapped unless a player has 13 or less life.\n{T}: Add {W} or {U}.",
     [{"kind": "enters", "tapped": True, "unless": "low_life", "life": 13},
      {"kind": "mana", "cost": "{T}", "options": ["{W}", "{U}"]}]),
    ("Starting Town", "This land enters tapped unless it's your first, second, or third turn of the game.\n"
                      "{T}: Add {C}.\n{T}, Pay 1 life: Add one mana of any color.",
     [{"kind": "enters", "tapped": True, "unless": "first_three_turns"},
      {"kind": "mana", "cost": "{T}", "mana": "{C}"},
      {"kind": "mana", "cost": "{T}, Pay 1 life", "output": "any_color"}]),
    ("Test Flash Crab", "Flash\nThis creature enters tapped if it's not your turn.",
     [{"kind": "enters", "tapped": True, "unless": "your_turn"}]),
    ("Battlefield Forge", "{T}: Add {C}.\n{T}: Add {R} or {W}. This land deals 1 damage to you.",
     [{"kind": "mana", "cost": "{T}", "mana": "{C}"},
      {"kind": "mana", "cost": "{T}", "options": ["{R}", "{W}"], "damage_to_you": 1}]),
    ("Cabal Coffers", "{2}, {T}: Add {B} for each Swamp you control.",
     [{"kind": "mana", "cost": "{2}, {T}", "mana": "{B}", "amount": {"count": "permanents", "subtypes": ["Swamp"]}}]),
    ("Urza's Mine", "{T}: Add {C}. If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead.",
     [{"kind": "mana", "cost": "{T}", "mana": "{C}", "if_you_control": ["Power-Plant", "Tower"], "instead": "{C}{C}"}]),
    ("Evolving Wilds", "{T}, Sacrifice this land: Search your library for a basic land card, put it onto the "
                       "battlefield tapped, then shuffle.",
     [{"kind": "activated", "cost": "{T}, Sacrifice this", "lands_to_battlefield": 1, "lands_tapped": True}]),
    ("Bant Panorama", "{T}: Add {C}.\n{1}, {T}, Sacrifice this land: Search your library for a basic Forest, "
                      "Plains, or Island card, put it onto the battlefield tapped, then shuffle.",
     [{"kind": "mana", "cost": "{T}", "mana": "{C}"},
      {"kind": "activated", "cost": "{1}, {T}, Sacrifice this", "lands_to_battlefield": 1, "lands_tapped": True,
       "land_types": ["Forest", "Plains", "Island"], "lands_basic": True}]),
    ("Gaea's Cradle", "{T}: Add {G} for each creature you control.",
     [{"kind": "mana", "cost": "{T}", "mana": "{G}", "amount": {"count": "permanents", "types": ["Creature"]}}]),
])
def test_land_cycles(name, text, abilities):
    rec, c = _abilities(name, "", "Land", text)
    assert rec.bucket == "fully", rec.clauses
    _same(c.abilities, abilities)


@pytest.mark.parametrize("name, cost, type_line, text, pt, abilities", [
    ("Birds of Paradise", "{G}", "Creature — Bird", "Flying\n{T}: Add one mana of any color.", "0/1",
     [{"kind": "mana", "cost": "{T}", "output": "any_color"}]),
    ("Sol Ring", "{1}", "Artifact", "{T}: Add {C}{C}.", None, [{"kind": "mana", "cost": "{T}", "mana": "{C}{C}"}]),
    ("Dark Ritual", "{B}", "Instant", "Add {B}{B}{B}.", None, [{"kind": "spell", "add_mana": "{B}{B}{B}"}]),
    ("Lightning Bolt", "{R}", "Instant", "Lightning Bolt deals 3 damage to any target.", None,
     [{"kind": "spell", "damage_to_opponent": 3}]),
    ("Rampant Growth", "{1}{G}", "Sorcery", "Search your library for a basic land card, put that card onto the "
                                           "battlefield tapped, then shuffle.", None,
     [{"kind": "spell", "lands_to_battlefield": 1, "lands_tapped": True}]),
    ("Goblin Electromancer", "{U}{R}", "Creature — Goblin Wizard",
     "Instant and sorcery spells you cast cost {1} less to cast.", "2/2",
     [{"kind": "cost", "change": "reduce", "mana": "{1}", "types": ["Instant", "Sorcery"]}]),
    ("Thalia, Guardian of Thraben", "{1}{W}", "Legendary Creature — Human Soldier",
     "First strike\nNoncreature spells cost {1} more to cast.", "2/1",
     [{"kind": "cost", "change": "increase", "scope": "all_spells", "mana": "{1}", "not_types": ["Creature"]}]),
    ("Azusa, Lost but Seeking", "{2}{G}", "Legendary Creature — Human Monk",
     "You may play two additional lands on each of your turns.", "1/2", [{"kind": "land_plays", "additional": 2}]),
    ("Mind Stone", "{2}", "Artifact", "{T}: Add {C}.\n{1}, {T}, Sacrifice this artifact: Draw a card.", None,
     [{"kind": "mana", "cost": "{T}", "mana": "{C}"},
      {"kind": "activated", "cost": "{1}, {T}, Sacrifice this", "draw": 1}]),
])
def test_spells_and_mana_sources(name, cost, type_line, text, pt, abilities):
    rec, c = _abilities(name, cost, type_line, text, pt)
    assert rec.bucket == "fully", rec.clauses
    _same(c.abilities, abilities)


def test_keywords_the_engine_plays_are_kept_and_kicker_is_a_cost():
    rec, c = _abilities("Test Kicked Elf", "{1}{G}", "Creature — Elf", "Flying, haste\nKicker {2}", "2/2",
                        keywords=("Flying", "Haste", "Kicker"))
    assert set(c.keywords) == {"Flying", "Haste"} and str(c.kicker) == "{2}"
    assert rec.bucket == "fully"


def test_clauses_irrelevant_to_a_goldfish_are_ignored_and_listed():
    """A goldfish opponent has no creatures and never blocks: removal of its creatures, and
    "can't block", change nothing measured — listed as ignored, the card fully recognized."""
    rec, _ = _abilities("Skyline Cascade", "", "Land",
                        "This land enters tapped.\nWhen this land enters, target creature an opponent controls "
                        "doesn't untap during its controller's next untap step.\n{T}: Add {U}.")
    assert rec.bucket == "fully"
    assert [cl.status for cl in rec.clauses] == [RECOGNIZED, IGNORED, RECOGNIZED]


def test_an_unread_relevant_clause_makes_the_card_partly_recognized_and_is_reported():
    rec, c = _abilities("Test Mirror Temple", "", "Land", "This land enters tapped.\nWhen this land enters, return "
                        "target creature card from your graveyard to the battlefield.\n{T}: Add {G} or {U}.")
    assert rec.bucket == "partly"
    assert rec.unrecognized == ["When Test Mirror Temple enters, return target creature card from your graveyard to "
                                "the battlefield."]
    assert "return target creature card" in c.unmodeled


def test_a_card_with_no_clause_read_is_unknown_and_plays_as_its_characteristics():
    rec, c = _abilities("Territorial Kavu", "{R}{G}", "Creature — Kavu",
                        "Domain — Territorial Kavu's power and toughness are each equal to the number of basic land "
                        "types among lands you control.", "*/*")
    assert rec.bucket == "unknown"
    assert (c.power.base, c.toughness.base) == (0, 0) and not c.abilities
    assert {cl.status for cl in rec.clauses} == {UNRECOGNIZED}


def test_a_modal_double_faced_land_keeps_its_back_face():
    back = OracleFace("Grimclimb Pathway", "", "Land", "{T}: Add {B}.")
    rec, c = _abilities("Brightclimb Pathway", "", "Land", "{T}: Add {W}.", layout="modal_dfc", faces=(back,))
    assert c.back is not None and c.back.name == "Grimclimb Pathway"
    assert str(c.back.mana_abilities[0].mana) == "{B}" and rec.bucket == "fully"


def test_an_adventure_is_reported_as_not_simulated():
    stomp = OracleFace("Stomp", "{1}{R}", "Instant — Adventure", "Damage can't be prevented this turn. "
                       "Stomp deals 2 damage to any target.")
    rec, _ = _abilities("Bonecrusher Giant", "{2}{R}", "Creature — Giant",
                        "Whenever Bonecrusher Giant becomes the target of a spell, Bonecrusher Giant deals 2 "
                        "damage to that spell's controller.", "4/3", layout="adventure", faces=(stomp,))
    assert rec.bucket != "fully" and any("Stomp" in u for u in rec.unrecognized)


def _statuses(rec):
    return [cl.status for cl in rec.clauses]


R, I, U = RECOGNIZED, IGNORED, UNRECOGNIZED     # noqa: E741 (the three statuses, one letter each)
# (the corpus's keywords of these cards)
_KEYWORDS = {"Beasts of Bogardan": ("Protection",), "Orgg": ("Trample",),
             "Knight of the White Orchid": ("First strike",),
             "Archfiend of Despair": ("Flying",), "Cloudblazer": ("Flying",), "Pyre Hound": ("Trample",),
             "Animar, Soul of Elements": ("Protection",), "Grave Birthing": ("Devoid",),
             "Eternal of Harsh Truths": ("Afflict",), "Crawling Chorus": ("Toxic",),
             "Sensei Golden-Tail": ("Bushido",)}


@pytest.mark.parametrize("name, cost, type_line, text, pt, statuses", [
    # regeneration (701.19) shields a creature from destruction, which no goldfish opponent brings
    ("Drudge Skeletons", "{1}{B}", "Creature — Skeleton", "{B}: Regenerate this creature. (The next time this "
     "creature would be destroyed this turn, instead tap it, remove it from combat, and heal all damage on it.)", "1/1",
     [I]),
    ("Death Ward", "{W}", "Instant", "Regenerate target creature.", None, [I]),
    ("Swarmyard", "", "Land", "{T}: Add {C}.\n{T}: Regenerate target Insect, Rat, Spider, or Squirrel.", None, [R, I]),
    # damage prevention (615): the opponent deals no damage, and this prevents none of the player's
    ("Samite Healer", "{1}{W}", "Creature — Human Cleric",
     "{T}: Prevent the next 1 damage that would be dealt to any target this turn.", "1/1", [I]),
    ("Eiganjo Castle", "", "Legendary Land", "{T}: Add {W}.\n{W}, {T}: Prevent the next 2 damage that would be dealt "
     "to target legendary creature this turn.", None, [R, I]),
    # a spell's target changed: no spell is on the stack as the trigger resolves (117.3c)
    ("Hydroelectric Specimen", "{2}{U}", "Creature — Weird", "Flash\nWhen this creature enters, you may change the "
     "target of target instant or sorcery spell with a single target to this creature.", "1/4", [R, I]),
    # a land card name chosen: the goldfish names one no player controls, so nothing gains or loses by it
    ("Petrified Hamlet", "", "Land", "When this land enters, choose a land card name.\nActivated abilities of sources "
     "with the chosen name can't be activated unless they're mana abilities.\nLands with the chosen name have \"{T}: "
     "Add {C}.\"\n{T}: Add {C}.", None, [I, I, I, R]),
    # a Fog would stop the player's own attack: a spell they choose to cast, never cast
    ("Holy Day", "{W}", "Instant", "Prevent all combat damage that would be dealt this turn.", None, [I]),
    # an Aura that only hinders the creature it enchants: the opponent has none to enchant
    ("Pacifism", "{1}{W}", "Enchantment — Aura", "Enchant creature\nEnchanted creature can't attack or block.", None,
     [I, I]),
    # the opponent's hand: it has none; the life the player pays is read
    ("Duress", "{B}", "Sorcery", "Target opponent reveals their hand. You choose a noncreature, nonland card from "
     "it. That player discards that card.", None, [I]),
    ("Thoughtseize", "{B}", "Sorcery", "Target player reveals their hand. You choose a nonland card from it. That "
     "player discards that card. You lose 2 life.", None, [I, I, I, R]),
    ("Mind Rot", "{2}{B}", "Sorcery", "Target player discards two cards.", None, [I]),
    # a graveyard exiled: the player targets the opponent's, empty in a goldfish, never their own (115.1)
    ("Bojuka Bog", "", "Land", "This land enters tapped.\nWhen this land enters, exile target player's graveyard.\n"
     "{T}: Add {B}.", None, [R, I, R]),
    # removal the player would aim only at their own creature, and a shield it can't use
    ("Terror", "{1}{B}", "Instant", "Destroy target nonartifact, nonblack creature. It can't be regenerated.", None,
     [I]),
    ("Royal Assassin", "{1}{B}{B}", "Creature — Human Assassin", "{T}: Destroy target tapped creature.", "1/1", [I]),
    # "you may": declined
    ("Manglehorn", "{2}{G}", "Creature — Beast", "When this creature enters, you may destroy target artifact.\n"
     "Artifacts your opponents control enter tapped.", "2/2", [I, I]),
    # a target only an opponent's creature can be: the spell can't be cast (601.2c)
    ("Cosmotronic Wave", "{3}{R}", "Sorcery", "Cosmotronic Wave deals 1 damage to each creature your opponents "
     "control. Creatures your opponents control can't block this turn.", None, [I]),
    # trigger events and intervening conditions (603.4) that never happen in a goldfish
    ("Rhystic Study", "{2}{U}", "Enchantment", "Whenever an opponent casts a spell, you may draw a card unless that "
     "player pays {1}.", None, [I]),
    ("Knight of the White Orchid", "{W}{W}", "Creature — Human Knight", "First strike\nWhen this creature enters, if "
     "an opponent controls more lands than you, you may search your library for a Plains card, put it onto the "
     "battlefield, then shuffle.", "2/2", [R, I]),
    ("Gustcloak Sentinel", "{2}{W}{W}", "Creature — Human Soldier", "Whenever this creature becomes blocked, you may "
     "untap it and remove it from combat.", "3/3", [I]),
    ("Beasts of Bogardan", "{4}{R}", "Creature — Beast", "Protection from red\nThis creature gets +1/+1 as long as an "
     "opponent controls a nontoken white permanent.", "3/3", [I, I]),
    ("Orgg", "{3}{R}{R}", "Creature — Orgg", "Trample\nThis creature can't attack if defending player controls an "
     "untapped creature with power 3 or greater.\nThis creature can't block creatures with power 3 or greater.",
     "6/6", [R, I, I]),
    ("Archfiend of Despair", "{6}{B}{B}", "Creature — Demon", "Flying\nYour opponents can't gain life.\nAt the "
     "beginning of each end step, each opponent loses life equal to the life that player lost this turn. (Damage "
     "causes loss of life.)", "6/6", [R, I, U]),
    # what else befalls the creature or spell a harmful-only effect is aimed at
    ("Lava Coil", "{1}{R}", "Sorcery", "Lava Coil deals 4 damage to target creature. If that creature would die this "
     "turn, exile it instead.", None, [I]),
    ("Dissipate", "{1}{U}{U}", "Instant", "Counter target spell. If that spell is countered this way, exile it instead "
     "of putting it into its owner's graveyard.", None, [I]),
    # a spell exiling itself as it resolves (608.2n): nothing a goldfish measures reads the graveyard
    ("Take the High Ground", "{G}", "Sorcery", "Target creature you control fights target creature you don't control. "
     "Score one point for your team.\nExile Take the High Ground.", None, [I, I]),
    # "until end of turn, creatures your opponents control ...": there are none
    ("Arcane Lighthouse", "", "Land", "{T}: Add {C}.\n{1}, {T}: Until end of turn, creatures your opponents control "
     "lose hexproof and shroud and can't have hexproof or shroud.", None, [R, I]),
    # the opponent's graveyard; and a token's ability said after it ("It has ...")
    ("Grave Birthing", "{2}{B}", "Instant", "Devoid (This card has no color.)\nTarget opponent exiles a card "
     "from their graveyard. You create a 1/1 colorless Eldrazi Scion creature token. It has "
     "\"Sacrifice this token: Add {C}.\"\nDraw a card.", None, [R, I, R, R]),
    # bushido (702.45) triggers only on blocking; the training counter it grants is read, not ignored
    ("Sensei Golden-Tail", "{1}{W}", "Legendary Creature — Fox Samurai", "Bushido 1 (Whenever this creature blocks or "
     "becomes blocked, it gets +1/+1 until end of turn.)\n{1}{W}, {T}: Put a training counter on target creature. That "
     "creature gains bushido 1 and becomes a Samurai in addition to its other creature types. Activate only as a "
     "sorcery.", "2/1", [I, U]),
    # blocking: nothing blocks; and the goldfish attacks with every creature able to (508.1d)
    ("Juggernaut", "{4}", "Artifact Creature — Juggernaut", "This creature attacks each combat if able.\nThis "
     "creature can't be blocked by Walls.", "5/3", [I, I]),
    # 701.6a: the goldfish's opponent counters nothing, so "can't be countered" changes nothing: an
    # ability that only does that is never worth activating (Mistrise Village fully read)
    ("Mistrise Village", "", "Land", "This land enters tapped unless you control a Mountain or a Forest.\n"
     "{T}: Add {U}.\n{U}, {T}: The next spell you cast this turn can't be countered.", None, [R, R, I]),
    ("Insist", "{G}", "Sorcery", "The next creature spell you cast this turn can't be countered.\nDraw a card.", None,
     [I, R]),
])
def test_clauses_that_change_nothing_in_a_goldfish_are_ignored(name, cost, type_line, text, pt, statuses):
    rec, _ = _abilities(name, cost, type_line, text, pt, keywords=_KEYWORDS.get(name, ()))
    assert _statuses(rec) == statuses, rec.clauses


@pytest.mark.parametrize("name, cost, type_line, text, pt, statuses", [
    # a mandatory trigger must target the player's own creature if it is the only one (603.3d)
    ("Man-o'-War", "{2}{U}", "Creature — Jellyfish", "When this creature enters, return target creature to its "
     "owner's hand.", "2/2", [U]),
    ("Flametongue Kavu", "{3}{R}", "Creature — Kavu", "When this creature enters, it deals 4 damage to target "
     "creature.", "4/2", [U]),
    # never blocked: so it always draws
    ("Eternal of Harsh Truths", "{2}{U}", "Creature — Zombie Cleric", "Afflict 2 (Whenever this creature becomes "
     "blocked, defending player loses 2 life.)\nWhenever this creature attacks and isn't blocked, draw a card.", "1/3",
     [I, U]),
    # "can't block" of a token it makes, and a draw beside "can't be blocked", are not all the clause says
    ("Crawling Chorus", "{W}", "Creature — Phyrexian Horror", "Toxic 1 (Players dealt combat damage by this creature "
     "also get a poison counter.)\nWhen this creature dies, create a 1/1 colorless Phyrexian Mite artifact creature "
     "token with toxic 1 and \"This token can't block.\"", "1/1", [U, U]),
    ("Basim Ibn Ishaq", "{U}{B}", "Legendary Creature — Human Assassin", "Whenever you cast a historic spell, draw a "
     "card. Basim Ibn Ishaq can't be blocked this turn. This ability triggers only once each turn. (Artifacts, "
     "legendaries, and Sagas are historic.)\nWhenever Basim Ibn Ishaq deals combat damage to a player, put a +1/+1 "
     "counter on it.", "2/2", [U, R]),     # (its combat-damage trigger read: 510.2)
    # the player's own creatures get +1/+1: not only the opponent's
    ("Zealous Persecution", "{W}{B}", "Instant", "Until end of turn, creatures you control get +1/+1 and creatures "
     "your opponents control get -1/-1.", None, [U]),
    # Ghost Quarter on the player's own land fetches a basic: not harmful only
    ("Ghost Quarter", "", "Land", "{T}: Add {C}.\n{T}, Sacrifice this land: Destroy target land. Its controller may "
     "search their library for a basic land card, put it onto the battlefield, then shuffle.", None, [R, U]),
])
def test_clauses_that_can_matter_to_a_goldfish_are_not_ignored(name, cost, type_line, text, pt, statuses):
    rec, _ = _abilities(name, cost, type_line, text, pt, keywords=_KEYWORDS.get(name, ()))
    assert _statuses(rec) == statuses, rec.clauses


_SCION = '1/1 colorless Eldrazi Scion creature token with "Sacrifice this creature: Add {C}."'


@pytest.mark.parametrize("name, cost, type_line, text, pt, abilities", [
    # one sentence, two effects joined by "and"
    ("Lightning Helix", "{R}{W}", "Instant", "Lightning Helix deals 3 damage to any target and you gain 3 life.", None,
     [{"kind": "spell", "damage_to_opponent": 3, "gain_life": 3}]),
    ("Cloudblazer", "{3}{W}{U}", "Creature — Human Scout", "Flying\nWhen this creature enters, you gain 2 life "
     "and draw two cards.", "2/2", [{"kind": "trigger", "event": "self_enters", "gain_life": 2, "draw": 2}]),
    # 120.3: damage to each player is damage to the opponent and to the player
    ("Flame Rift", "{1}{R}", "Sorcery", "Flame Rift deals 4 damage to each player.", None,
     [{"kind": "spell", "damage_to_opponent": 4, "damage_to_you": 4}]),
    # the goldfish opponent has no library: of "each player draws", only the player's draw counts
    ("Mikokoro, Center of the Sea", "", "Legendary Land", "{T}: Add {C}.\n{2}, {T}: Each player draws a card.", None,
     [{"kind": "mana", "cost": "{T}", "mana": "{C}"}, {"kind": "activated", "cost": "{2}, {T}", "draw": 1}]),
    # creature tokens: X of them (107.3), or one for each of a count
    ("Secure the Wastes", "{X}{W}", "Instant", "Create X 1/1 white Warrior creature tokens.", None,
     [{"kind": "spell", "tokens": {"1/1 white Warrior creature token": "X"}}]),
    ("Elvish Promenade", "{3}{G}", "Kindred Sorcery — Elf", "Create a 1/1 green Elf Warrior creature token for each "
     "Elf you control.", None,                                  # (the shipped database's Elf Warrior token)
     [{"kind": "spell", "tokens": {"Elf Warrior": {"count": "permanents", "subtypes": ["Elf"]}}}]),
    # 702.114a, and "this spell costs {X} less, where X is ..." (601.2f)
    ("Marshmist Titan", "{6}{B}", "Creature — Giant", "This spell costs {X} less to cast, where X is your devotion to "
     "black. (Each {B} in the mana costs of permanents you control counts toward your devotion to black.)", "4/5",
     [{"kind": "cost", "change": "reduce", "scope": "self", "amount": {"count": "devotion", "color": "B"}}]),
    # 614.1c: "choose a color other than white" (the Gates), merged with "enters tapped"
    ("Citadel Gate", "", "Land — Gate", "This land enters tapped.\nAs this land enters, choose a color other than "
     "white.\n{T}: Add {W} or one mana of the chosen color.", None,
     [{"kind": "enters", "tapped": True, "choose_color": True, "not_color": "W"},
      {"kind": "mana", "cost": "{T}", "mana": "{W}"}, {"kind": "mana", "cost": "{T}", "output": "chosen_color"}]),
    # 702.21a: ward triggers only when an opponent's spell or ability targets it (none in a goldfish):
    # the animated land's ward is moot, the rest of it read (613.1d-f)
    ("Hall of Storm Giants", "", "Land", "If you control two or more other lands, this land enters tapped.\n"
     "{T}: Add {U}.\n{5}{U}: Until end of turn, this land becomes a 7/7 blue Giant creature with ward {3}. It's still "
     "a land.", None,
     [{"kind": "enters", "tapped": True, "unless": "few_other_lands"}, {"kind": "mana", "cost": "{T}", "mana": "{U}"},
      {"kind": "activated", "cost": "{5}{U}", "becomes": ["Creature"], "becomes_power": 7, "becomes_toughness": 7,
       "becomes_subtypes": ["Giant"], "becomes_colors": ["U"]}]),
    # 701.21a: "Sacrifice a Desert", a land type (205.3i); the goldfish never sacrifices a land for it
    # (activating.pxi: expendable_permanent), a Scenario may
    ("Ramunap Ruins", "", "Land — Desert", "{T}: Add {C}.\n{T}, Pay 1 life: Add {R}.\n{2}{R}{R}, {T}, Sacrifice a "
     "Desert: This land deals 2 damage to each opponent.", None,
     [{"kind": "mana", "cost": "{T}", "mana": "{C}"}, {"kind": "mana", "cost": "{T}, Pay 1 life", "mana": "{R}"},
      {"kind": "activated", "cost": "{2}{R}{R}, {T}, Sacrifice a Desert", "damage_to_opponent": 2}]),
    # "and that spell can't be countered", "... that spell can't be countered": no one counters it
    ("Delighted Halfling", "{G}", "Creature — Halfling Citizen", "{T}: Add {C}.\n{T}: Add one mana of any color. Spend "
     "this mana only to cast a legendary spell, and that spell can't be countered.", "1/2",
     [{"kind": "mana", "cost": "{T}", "mana": "{C}"},
      {"kind": "mana", "cost": "{T}", "output": "any_color", "spend_only_on": "legendary spells"}]),
    ("Boseiju, Who Shelters All", "", "Legendary Land", "Boseiju enters tapped.\n{T}, Pay 2 life: Add {C}. If that "
     "mana is spent on an instant or sorcery spell, that spell can't be countered.", None,
     [{"kind": "enters", "tapped": True}, {"kind": "mana", "cost": "{T}, Pay 2 life", "mana": "{C}"}]),
    # 106.6: an ability of an Elemental source is an ability of an Elemental; the phrase in the
    # vocabulary's words, as the curated data writes it
    ("Primal Beyond", "", "Land", "As this land enters, you may reveal an Elemental card from your hand. If you don't, "
     "this land enters tapped.\n{T}: Add {C}.\n{T}: Add one mana of any color. Spend this mana only to cast an "
     "Elemental spell or activate an ability of an Elemental.", None,
     [{"kind": "enters", "tapped": True, "unless": "reveal_subtype", "subtypes": ["Elemental"]},
      {"kind": "mana", "cost": "{T}", "mana": "{C}"},
      {"kind": "mana", "cost": "{T}", "output": "any_color",
       "spend_only_on": "Elemental spells or abilities of Elemental"}]),
    ("Sunken Citadel", "", "Land — Cave", "This land enters tapped. As it enters, choose a color.\n"
     "{T}: Add one mana of the chosen color.\n{T}: Add two mana of the chosen color. Spend this mana only to "
     "activate abilities of land sources.", None,
     [{"kind": "enters", "tapped": True, "choose_color": True},
      {"kind": "mana", "cost": "{T}", "output": "chosen_color"},
      {"kind": "mana", "cost": "{T}", "output": "chosen_color", "amount": 2, "spend_only_on": "abilities of lands"}]),
    # 700.4: "is put into a graveyard from the battlefield" is "dies"
    ("Gods' Eye, Gate to the Reikai", "", "Legendary Land", "{T}: Add {C}.\nWhen Gods' Eye is put into a graveyard "
     "from the battlefield, create a 1/1 colorless Spirit creature token.", None,
     [{"kind": "mana", "cost": "{T}", "mana": "{C}"},
      {"kind": "trigger", "event": "self_dies", "tokens": {"1/1 colorless Spirit creature token": 1}}]),
    # two events, one effect: two triggered abilities
    ("Ichor Wellspring", "{2}", "Artifact", "When this artifact enters or is put into a graveyard from the "
     "battlefield, draw a card.", None, [{"kind": "trigger", "event": "self_enters", "draw": 1},
                            {"kind": "trigger", "event": "self_dies", "draw": 1}]),
    # upkeep and cast triggers put their counters on the permanent itself (model.TriggeredAbility)
    ("Fretwork Colony", "{1}{B}", "Creature — Insect", "This creature can't block.\nAt the beginning of your upkeep, "
     "put a +1/+1 counter on this creature and you lose 1 life.", "1/1",
     [{"kind": "trigger", "event": "your_upkeep", "counters": {"+1/+1": 1}, "lose_life": 1}]),
    ("Pyre Hound", "{3}{R}", "Creature — Elemental Dog", "Trample\nWhenever you cast an instant or sorcery "
     "spell, put a +1/+1 counter on this creature.", "2/3", [{"kind": "trigger", "event": "you_cast_spell",
                                               "spell_types": ["Instant", "Sorcery"], "counters": {"+1/+1": 1}}]),
    # 601.2f: {1} less for each counter on it (Animar)
    ("Animar, Soul of Elements", "{G}{U}{R}", "Legendary Creature — Elemental", "Protection from white and from black\n"
     "Whenever you cast a creature spell, put a +1/+1 counter on Animar.\nCreature spells you cast cost {1} less to "
     "cast for each +1/+1 counter on Animar.", "1/1",
     [{"kind": "trigger", "event": "you_cast_spell", "spell_types": ["Creature"], "counters": {"+1/+1": 1}},
      {"kind": "cost", "change": "reduce", "types": ["Creature"],
       "amount": {"count": "counters_on_self", "counter": "+1/+1"}}]),
])
def test_effects_read_from_the_text(name, cost, type_line, text, pt, abilities):
    rec, c = _abilities(name, cost, type_line, text, pt, keywords=_KEYWORDS.get(name, ()))
    assert rec.bucket == "fully", rec.clauses
    _same(c.abilities, abilities)


def test_an_enchantment_creature_token_is_both():
    rec, c = _abilities("Fated Intervention", "{2}{G}{G}{G}", "Instant", "Create two 3/3 green Centaur enchantment "
                        "creature tokens. If it's your turn, scry 2.")
    assert _statuses(rec) == [R, U]
    centaur = card_from_table(rec.tokens["3/3 green Centaur enchantment creature token"])
    assert centaur.type_line == "Enchantment Creature — Centaur" and centaur.color_letters == "G"


def test_predefined_food_and_lander_tokens_are_made_as_defined():
    """111.10b: a Food is an artifact with "{2}, {T}, Sacrifice this token: You gain 3 life";
    a Lander's ability searches for a basic land, put onto the battlefield tapped."""
    rec, c = _abilities("Savor", "{1}{B}", "Instant", "Target creature gets -2/-2 until end of turn. Create a Food "
                        "token. (It's an artifact with \"{2}, {T}, Sacrifice this token: You gain 3 life.\")")
    # (its -2/-2 can only hit the player's own creature in a goldfish, 115.1: unread, never cast)
    assert rec.bucket == "partly" and c.uncastable.startswith("unread: it only hinders the player")
    _same(c.abilities, [{"kind": "spell", "tokens": {"Food": 1}}])
    food = card_from_table(rec.tokens["Food"])
    assert food.token and food.type_line == "Artifact — Food"
    assert str(food.abilities[0].cost) == "{2}, {T}, Sacrifice this"
    assert food.abilities[0].effect.value("gain_life") == 3
    rec, c = _abilities("Beamsaw Prospector", "{1}{B}", "Creature — Human Artificer", "When this creature dies, create "
                        "a Lander token. (It's an artifact with \"{2}, {T}, Sacrifice this token: Search your library "
                        "for a basic land card, put it onto the battlefield tapped, then shuffle.\")", "2/1")
    assert rec.bucket == "fully"
    lander = card_from_table(rec.tokens["Lander"]).abilities[0].effect
    assert (lander.value("lands_to_battlefield"), lander.value("lands_tapped")) == (1, True)


@pytest.mark.parametrize("name, cost, type_line, text, pt, keywords, count", [
    ("Eldrazi Skyspawner", "{2}{U}", "Creature — Eldrazi Drone", "Devoid (This card has no color.)\nFlying\nWhen this "
     "creature enters, create a 1/1 colorless Eldrazi Scion creature token. It has \"Sacrifice this token: Add {C}.\"",
     "2/1", ("Devoid", "Flying"), 1),
    ("Call the Scions", "{2}{G}", "Sorcery", "Devoid (This card has no color.)\nCreate two 1/1 colorless Eldrazi Scion "
     "creature tokens. They have \"Sacrifice this token: Add {C}.\"", None, ("Devoid",), 2),
])
def test_a_creature_token_keeps_the_mana_ability_the_text_gives_it(name, cost, type_line, text, pt, keywords, count):
    """111.4: the effect sets the token's characteristics, "It has ..." among them; a
    sacrifice-only mana ability is usable at once (302.6 restricts {T} abilities only)."""
    rec, c = _abilities(name, cost, type_line, text, pt, keywords=keywords)
    assert rec.bucket == "fully", rec.clauses
    ability = c.abilities[0]
    assert dict(ability.effect.value("tokens")) == {_SCION: count}
    scion = card_from_table(rec.tokens[_SCION])
    assert scion.token and scion.type_line == "Creature — Eldrazi Scion"
    assert (scion.power.base, scion.toughness.base) == (1, 1)
    [mana] = scion.mana_abilities
    assert mana.cost.sacrifice_self and not mana.cost.tap and str(mana.mana) == "{C}"


def test_a_token_the_shipped_database_defines_is_made_as_that_card():
    """Hangarback Walker's 1/1 colorless Thopter artifact creature token with flying is the
    shipped Thopter, so the recognized card equals the curated one."""
    rec, c = _abilities("Hangarback Walker", "{X}{X}", "Artifact Creature — Construct", "This creature enters with X "
                        "+1/+1 counters on it.\nWhen this creature dies, create a 1/1 colorless Thopter artifact "
                        "creature token with flying for each +1/+1 counter on this creature.\n"
                        "{1}, {T}: Put a +1/+1 counter on this creature.", "0/0")
    assert rec.bucket == "fully" and not rec.tokens
    _same(c.abilities, [{"kind": "enters", "counters": {"+1/+1": "X"}},
                        {"kind": "trigger", "event": "self_dies",
                         "tokens": {"Thopter": {"count": "counters_on_self", "counter": "+1/+1"}}},
                        {"kind": "activated", "cost": "{1}, {T}", "counters": {"+1/+1": 1}}])


@pytest.mark.parametrize("name, cost, type_line, text, pt", [
    # 107.3k: an ability's own X is not the vocabulary's X (the X paid for the spell)
    ("Oracle of Nectars", "{2}{G/W}", "Creature — Elf Cleric", "{X}, {T}: You gain X life.", "2/2"),
    # counters on a permanent sacrificed to pay the cost are counted as it last existed (608.2h)
    ("Culling Dais", "{2}", "Artifact", "{T}, Sacrifice a creature: Put a charge counter on this artifact.\n{1}, "
     "Sacrifice this artifact: Draw a card for each charge counter on this artifact.", None),
    # a Forest land creature token would tap for {G} (305.6): not read as a creature token alone
    ("Awaken the Woods", "{X}{G}{G}", "Sorcery", "Create X 1/1 green Forest Dryad land creature tokens.", None),
])
def test_phrases_outside_the_vocabulary_stay_unrecognized(name, cost, type_line, text, pt):
    rec, _ = _abilities(name, cost, type_line, text, pt)
    assert rec.clauses[-1].status == UNRECOGNIZED, rec.clauses


def test_a_card_names_itself_by_its_short_name_and_an_alchemy_card_by_the_original_name():
    """201.5a: "Sharuum" in Sharuum the Hegemon's text is itself; an Alchemy rebalanced card
    (A-) keeps the original's name in its text."""
    rec, _ = _abilities("Sharuum the Hegemon", "{3}{W}{U}{B}", "Legendary Artifact Creature — Sphinx",
                        "Flying\nWhen Sharuum enters, you may return target artifact card from your graveyard to the "
                        "battlefield.", "5/5", keywords=("Flying",))
    assert rec.clauses[-1].family.startswith("When ~ enters, you may return")
    rec, c = _abilities("A-Bretagard Stronghold", "", "Land", "Bretagard Stronghold enters tapped.\n{T}: Add {G}.\n"
                        "{G}{W}{W}, {T}, Sacrifice Bretagard Stronghold: Distribute two +1/+1 counters among one "
                        "or two target creatures you control. They gain vigilance and lifelink until end of turn. "
                        "Activate only as a sorcery.")
    assert _statuses(rec) == [R, R, U]          # ("Bretagard Stronghold enters tapped": itself)


def test_phrase_families_group_abilities_by_what_they_do():
    """An activated ability's family is its effect whatever it costs (firebreathing at {R} or
    {1}{R}: Shivan Dragon, Minotaur Sureshot); a triggered ability's keeps its event with the
    first words of its effect (Vanguard Suppressor), after its ability word (Ondu Greathorn);
    cycling at any cost is one family."""
    from mtgsim.cards.oracle_text import shape
    assert shape("{R}: ~ gets +1/+0 until end of turn.") == shape("{1}{R}: ~ gets +1/+0 until end of turn.") \
        == "COST: ~ gets +N/+N until end of turn."
    assert shape("Cycling {2}") == shape("Cycling {1}{U}") == "Cycling {M}"
    assert shape("Whenever ~ deals combat damage to a player, draw a card.") == \
        "Whenever ~ deals combat damage to a player, draw a card."
    assert shape("Landfall — Whenever a land you control enters, ~ gets +2/+2 until end of turn.") == \
        "Landfall — Whenever a land you control enters, ~ gets +N/+N until end …"


@pytest.mark.parametrize("name, cost, type_line, text, pt, abilities", [
    # 700.2: of the modes, one does something in a goldfish; the other only harms the player's own
    ("Thunderbolt", "{1}{R}", "Instant", "Choose one —\n• Thunderbolt deals 3 damage to target player or "
     "planeswalker.\n• Thunderbolt deals 4 damage to target creature with flying.", None,
     [{"kind": "spell", "damage_to_opponent": 3}]),
    ("Feast or Famine", "{3}{B}", "Instant", "Choose one —\n• Create a 2/2 black Zombie creature token.\n• Destroy "
     "target nonartifact, nonblack creature. It can't be regenerated.", None,
     [{"kind": "spell", "tokens": {"Zombie": 1}}]),
    ("Coliseum Behemoth", "{5}{G}{G}", "Creature — Beast", "Trample\nWhen this creature enters, choose one —\n"
     "• Destroy target artifact or enchantment.\n• Draw a card.", "7/7",
     [{"kind": "trigger", "event": "self_enters", "draw": 1}]),
    # the mode with a target only an opponent's creature can be can't be chosen
    ("Shambling Ghast", "{B}", "Creature — Zombie", "When this creature dies, choose one —\n• Target creature an "
     "opponent controls gets -1/-1 until end of turn.\n• Create a Treasure token. (It's an artifact with "
     "\"{T}, Sacrifice this token: Add one mana of any color.\")", "1/1",
     [{"kind": "trigger", "event": "self_dies", "tokens": {"Treasure": 1}}]),
])
def test_a_modal_ability_is_the_one_mode_that_does_something(name, cost, type_line, text, pt, abilities):
    rec, c = _abilities(name, cost, type_line, text, pt, keywords=("Trample",) if name == "Coliseum Behemoth" else ())
    assert rec.bucket == "fully", rec.clauses
    _same(c.abilities, abilities)


@pytest.mark.parametrize("name, cost, type_line, text, pt, status", [
    # no mode does anything: never cast
    ("Blue Elemental Blast", "{U}", "Instant", "Choose one —\n• Counter target red spell.\n• Destroy target red "
     "permanent.", None, I),
    # two modes do something (the player chooses which): the vocabulary has no choice of effects
    ("Knight of Autumn", "{1}{G}{W}", "Creature — Dryad Knight", "When this creature enters, choose one —\n• Put two "
     "+1/+1 counters on this creature.\n• Destroy target artifact or enchantment.\n• You gain 4 life.", "2/1", U),
    # a player may target themself with a wheel: that mode is not a no-op
    ("Collective Defiance", "{1}{R}{R}", "Sorcery", "Escalate {1} (Pay this cost for each mode chosen beyond the "
     "first.)\nChoose one or more —\n• Target player discards all the cards in their hand, then draws that many "
     "cards.\n• Collective Defiance deals 4 damage to target creature.\n• Collective Defiance deals 3 damage to target "
     "opponent or planeswalker.", None, U),
])
def test_modal_abilities_not_reduced_to_one_mode(name, cost, type_line, text, pt, status):
    keywords = ("Escalate",) if name == "Collective Defiance" else ()
    rec, _ = _abilities(name, cost, type_line, text, pt, keywords=keywords)
    assert rec.clauses[-1].status == status, rec.clauses


# ---- scry, surveil, cycling (701.22, 701.25, 702.29) --------------------------------------------

@pytest.mark.parametrize("name, type_line, text, abilities", [
    ("Temple of Mystery", "Land", ("This land enters tapped.\nWhen this land enters, scry 1. (Look at the top card "
                                   "of your library. You may put that card on the bottom.)\n{T}: Add {G} or {U}."),
     [{"kind": "enters", "tapped": True}, {"kind": "trigger", "event": "self_enters", "scry": 1},
      {"kind": "mana", "cost": "{T}", "options": ["{G}", "{U}"]}]),
    ("Hidden Grotto", "Land", "When this land enters, surveil 1.\n{T}: Add {C}.",
     [{"kind": "trigger", "event": "self_enters", "surveil": 1}, {"kind": "mana", "cost": "{T}", "mana": "{C}"}]),
    ("Zhalfirin Void", "Land", "When this land enters, scry 1.\n{T}: Add {C}.",
     [{"kind": "trigger", "event": "self_enters", "scry": 1}, {"kind": "mana", "cost": "{T}", "mana": "{C}"}]),
    ("Test Surveil Land", "Land", "{T}: Add {C}.\n{3}, {T}: Surveil 1.",
     [{"kind": "mana", "cost": "{T}", "mana": "{C}"}, {"kind": "activated", "cost": "{3}, {T}", "surveil": 1}]),
])
def test_701_22_701_25_scry_and_surveil_of_lands_are_read(name, type_line, text, abilities):
    rec, c = _abilities(name, "", type_line, text)
    assert rec.bucket == "fully"
    _same(c.abilities, abilities)


@pytest.mark.parametrize("name, cost, text, spell", [
    ("Opt", "{U}", ("Scry 1. (Look at the top card of your library. You may put that card on the bottom.)\n"
                    "Draw a card."), {"scry": 1, "draw": 1}),
    ("Preordain", "{U}", ("Scry 2, then draw a card. (To scry 2, look at the top two cards of your library, then "
                          "put any number of them on the bottom and the rest on top in any order.)"),
     {"scry": 2, "draw": 1}),
    ("Discovery", "{1}{U}", "Surveil 2, then draw a card.", {"surveil": 2, "draw": 1}),
])
def test_701_22a_a_spell_scries_before_it_draws(name, cost, text, spell):
    rec, c = _abilities(name, cost, "Sorcery", text, keywords=("Scry", "Surveil"))
    assert rec.bucket == "fully"
    _same(c.abilities, [{"kind": "spell", **spell}])


@pytest.mark.parametrize("name, cost, text, keyword, spell", [
    ("Mental Note", "{U}", "Mill two cards. (You may put ...)\nDraw a card.", "Mill",
     {"effect": [{"mill": 2}, {"draw": 1}]}),
    ("Hard Evidence", "{U}", "Create a 0/3 blue Crab creature token.\nInvestigate. (Create a Clue token.)",
     "Investigate", None),
])
def test_701_a_keyword_action_a_bulk_file_lists_as_a_keyword_is_read_as_its_effect(name, cost, text, keyword, spell):
    """701.1: keyword actions (mill, investigate, ...) are verbs of effects, not keyword abilities
    (702): a record listing "Mill" among its keywords still reads "Mill two cards." as the mill."""
    rec, c = _abilities(name, cost, "Sorcery", text, keywords=(keyword,))
    assert rec.bucket == "fully", rec.clauses
    if spell is not None:
        _same(c.abilities, [{"kind": "spell", **spell}])


@pytest.mark.parametrize("text", ["Draw a card. Scry 2.", "Draw a card, then scry 2."])
def test_608_2c_a_scry_after_a_draw_is_read_in_the_order_written(text):
    """The effect's ops in the text's order: the draw, then the scry (an ordered effect)."""
    rec, c = _abilities("Test Late Scry", "{U}", "Sorcery", text)
    assert rec.bucket == "fully"
    assert rec.table["abilities"] == [{"kind": "spell", "effect": [{"draw": 1}, {"scry": 2}]}]
    assert [op.name for op in c.abilities[0].effect.ops] == ["draw", "scry"]


@pytest.mark.parametrize("text, ops", [
    ("Draw a card, then draw a card.", ["draw", "draw"]),
    ("Draw a card. Draw a card.", ["draw", "draw"]),
    ("Scry 1. Draw a card. Scry 1.", ["scry", "draw", "scry"]),
])
def test_608_2c_an_op_the_text_says_twice_is_done_twice(text, ops):
    rec, c = _abilities("Test Twice", "{U}", "Sorcery", text)
    assert rec.bucket == "fully"
    assert [op.name for op in c.abilities[0].effect.ops] == ops


@pytest.mark.parametrize("name, text, cycling, typecycling", [
    ("Barren Moor", "This land enters tapped.\n{T}: Add {B}.\nCycling {B} ({B}, Discard this card: Draw a card.)",
     "{B}", ""),
    ("Ash Barrens", ("{T}: Add {C}.\nBasic landcycling {1} ({1}, Discard this card: Search your library for a "
                     "basic land card, reveal it, put it into your hand, then shuffle.)"), "{1}", "basic land"),
    ("Test Swampcycler", "Swampcycling {2}", "{2}", "Swamp"),
])
def test_702_29_cycling_and_typecycling_lines_are_read(name, text, cycling, typecycling):
    rec, c = _abilities(name, "", "Land", text, keywords=("Cycling", "Landcycling", "Typecycling"))
    assert rec.bucket == "fully"
    assert str(c.cycling) == cycling and c.typecycling == typecycling


def test_702_29e_typecycling_the_vocabulary_lacks_is_reported():
    rec, c = _abilities("Test Wizardcycler", "{3}{U}", "Creature — Wizard", "Wizardcycling {3}", "2/2",
                        keywords=("Wizardcycling", "Typecycling"))
    assert rec.bucket != "fully" and c.cycling is None
    assert "Wizardcycling {3}" in c.unmodeled


def test_701_23_fabled_passage_reads_the_land_found_untapped_with_four_lands():
    rec, c = _abilities("Fabled Passage", "", "Land", "{T}, Sacrifice this land: Search your library for a basic "
                        "land card, put it onto the battlefield tapped, then shuffle. Then if you control four or "
                        "more lands, untap that land.")
    assert rec.bucket == "fully", rec.clauses
    _same(c.abilities, [{"kind": "activated", "cost": "{T}, Sacrifice this", "lands_to_battlefield": 1,
                         "lands_tapped": True, "untap_with_four_lands": True}])


def test_305_7_multiversal_passage_reads_the_basic_land_type_chosen_as_its_colour():
    """A basic land type chosen is a colour's (305.6): the land is of that type, with its mana ability."""
    rec, c = _abilities("Multiversal Passage", "", "Land", "As this land enters, choose a basic land type. Then you "
                        "may pay 2 life. If you don't, it enters tapped.\nThis land is the chosen type.")
    assert rec.bucket == "fully", rec.clauses
    _same(c.abilities, [{"kind": "enters", "tapped": True, "unless": "pay_life", "life": 2, "choose_color": True,
                         "chosen_type": True}, {"kind": "mana", "cost": "{T}", "output": "chosen_color"}])


def test_305_7_the_chosen_type_is_read_only_with_a_basic_land_type_chosen():
    rec, c = _abilities("Test Land", "", "Land", "As this land enters, choose a land type.\n"
                        "This land is the chosen type.")
    assert rec.bucket != "fully" and not c.abilities

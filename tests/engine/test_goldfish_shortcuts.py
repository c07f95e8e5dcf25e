"""The goldfish's shortcuts change no answer. They skip work whose outcome is already known: a
spell needing more mana than the board's sources make at most; on a board with sources too
complex to sum as units (Signets, Castle Garenbrig, Talismans), the simple sources paying a
cost on their own, and a cost above the most the whole board makes refused without a search;
state-based actions when no creature can have toughness 0 or less and no legend has entered;
a total cost worked out once per board state, or once per set of cost modifiers in play while
none of them reads the board (kept across games), or while what a card's own modifiers count stays
the same; castable-on-turn asked once per distinct cost among the tracked cards; the board's
mana kept up as permanents enter, leave, tap and untap instead of summed afresh; the permanents
with enters, cast and upkeep triggers kept as watch lists instead of every permanent scanned at
each event; the greatest power among your creatures kept as powers change. Games played
with and without them must give the same metrics, chunk for chunk, on decks that exercise each
one."""
import numpy as np
import pytest

from mtgsim import Deck, MulliganPolicy, PlayPolicy, _core, card
from mtgsim.cli import example_decks
from mtgsim.simulate import game_setup, chunk_generator

LEGEND = card("Test Legend", "{R}", "Legendary Creature — Goblin", "5/5")
WISP = card("Test Wisp", "{R}", "Creature — Spirit", "1/0")
# spells that spending restrictions (106.6) tell apart: the same cost, different castability
SIX_BEAST = card("Test Six Beast", "{4}{G}{G}", "Creature — Beast", "6/6")
SIX_RELIC = card("Test Six Relic", "{4}{G}{G}", "Artifact")
# Cavern of Souls' coloured mana as the vocabulary says it (a creature spell of the type chosen:
# the deck's, compile.chosen_creature_type)
CAVERN = card("Test Cavern", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "mana", "cost": "{T}", "output": "any_color", "spend_only_on": "creature spells of the chosen type"}])
ELDRAZI = card("Test Eldrazi", "{2}", "Creature — Eldrazi", "2/2")
# "Tap an untapped creature you control" (Springleaf Drum; Survivors' Encampment, a land): the payment's
# matching of such costs to creatures that make no mana, or mana creatures left unused
DRUM = card("Test Drum", "{1}", "Artifact", abilities=[
    {"kind": "mana", "cost": "{T}, Tap an untapped creature you control", "output": "any_color"}])
ENCAMPMENT = card("Test Encampment", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "mana", "cost": "{T}, Tap an untapped creature you control", "output": "any_color"}])

# a hand-sized creature (Maro's */*, 604.3) and mana sources reading the hand, directly or not
MARO_LIKE = card("Test Hand Giant", "{2}{G}{G}", "Creature — Elemental", "*/*", star={"count": "cards_in_hand"})
HAND_ROCK = card("Test Hand Rock", "{2}", "Artifact", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}", "amount": {"count": "cards_in_hand"}}])
POWER_ROCK = card("Test Power Rock", "{2}", "Artifact", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{G}", "amount": {"count": "greatest_power"}}])

# cost modifiers applying only while their permanent is untapped (Trinisphere), one of them
# on a mana rock: tapping it for mana changes what spells cost within the turn
TAXING_ROCK = card("Test Taxing Rock", "{1}", "Artifact", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{R}"},
    {"kind": "cost", "change": "increase", "scope": "all_spells", "mana": "{1}", "while_untapped": True}])
TAXING_SETTER = card("Test Taxing Setter", "{1}{R}", "Creature — Golem", "2/2", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "cost", "change": "set_minimum", "scope": "your_spells", "amount": 2, "while_untapped": True}])

# affinity (118.7a: only generic mana comes off), with a fixed reduction beside the counted one,
# and a coloured reduction (not derived: total_cost works it out)
AFFINITY = {"kind": "cost", "scope": "self", "change": "reduce",
            "amount": {"count": "permanents", "controller": "you", "types": ["Artifact"]}}
ARTIFACT_SPELL = card("Test Affinity Spell", "{5}{U}", "Sorcery", abilities=[
    AFFINITY, {"kind": "cost", "scope": "self", "change": "reduce", "mana": "{1}"}])
BLUE_OFF = card("Test Blue Off", "{3}{U}{U}", "Artifact Creature — Golem", "3/3", abilities=[
    AFFINITY, {"kind": "cost", "scope": "self", "change": "reduce", "mana": "{U}"}])

# triggered abilities of every watched event (the trigger watch lists, Game.watching): upkeep, a
# land or another creature entering, casting; a bounce land returning an earlier land moves the
# later permanents' rows up, and so may creatures dying and tokens sacrificed at the end step
UPKEEP_PINGER = card("Test Upkeep Pinger", "{1}{R}", "Creature — Goblin", "1/1", abilities=[
    {"kind": "trigger", "event": "your_upkeep", "damage_to_opponent": 1}])
LANDFALL_WATCHER = card("Test Landfall Watcher", "{1}{G}", "Creature — Elf", "2/2", abilities=[
    {"kind": "trigger", "event": "land_you_control_enters", "gain_life": 1}])
ARRIVAL_WATCHER = card("Test Arrival Watcher", "{2}{G}", "Creature — Elf", "2/3", abilities=[
    {"kind": "trigger", "event": "another_creature_you_control_enters", "damage_to_opponent": 1}])

# powers changing while The Great Henge asks the greatest one (its cost): a bonus until end of
# turn (an upkeep trigger's; prowess), +1/+1 counters (Henge's, Hangarback Walker's X), counters
# removed as a cost (Walking Ballista), creatures dying and entering
UPKEEP_PUMPER = card("Test Upkeep Pumper", "{1}{G}", "Creature — Elf", "1/1", abilities=[
    {"kind": "trigger", "event": "your_upkeep", "power_bonus": 5}])

DECKS = {
    **{name: lambda name=name: Deck.from_file(example_decks()[name]) for name in example_decks()},
    "signets_and_talismans": lambda: Deck({"Island": 12, "Swamp": 6, "Dimir Signet": 4, "Talisman of Dominance": 4,
                                           "Mind Stone": 4, "Gilded Lotus": 2, "Lightning Bolt": 4,
                                           "Hangarback Walker": 8, "Harmonize": 8, "Endless One": 8}),
    "complex_sources": lambda: Deck({"Forest": 8, "Island": 6, "Plains": 4, "Castle Garenbrig": 2, "Lotus Field": 3,
                                     "Mana Confluence": 2, "Gilded Lotus": 4, "Dimir Signet": 3, "Selesnya Signet": 3,
                                     "Knight of Autumn": 4, "Loxodon Smiter": 4, "Mulldrifter": 2, "Cultivate": 3,
                                     "Harmonize": 4, "Endless One": 4, "Counterspell": 4}),
    "cost_modifiers": lambda: Deck({"Mountain": 20, "Ruby Medallion": 3, "Sphere of Resistance": 2, "Trinisphere": 2,
                                    "Goblin Warchief": 3, "Foundry Inspector": 3, "Frogmite": 4, "Myr Enforcer": 4,
                                    "Thalia, Guardian of Thraben": 2, "Goblin Electromancer": 3, "Sol Ring": 2,
                                    "Goblin Piker": 6, "Lightning Bolt": 6}),
    "untapped_cost_modifiers": lambda: Deck({"Mountain": 20, "Trinisphere": 3, TAXING_ROCK: 6, TAXING_SETTER: 4,
                                             "Ruby Medallion": 2, "Goblin Piker": 8, "Lightning Bolt": 8,
                                             "Shock": 4, "Fireball": 3, "Harmonize": 2}),
    "affinity": lambda: Deck({"Island": 16, "Frogmite": 4, "Myr Enforcer": 4, ARTIFACT_SPELL: 4, BLUE_OFF: 3,
                              "Sol Ring": 2, "Mind Stone": 4, "Dimir Signet": 4, "Hangarback Walker": 4,
                              "Sphere of Resistance": 2, "Swamp": 4, "Harmonize": 4, "Counterspell": 5}),
    # more kinds of cost modifiers than the memo's set of them holds (15): the rest key by generation
    "many_cost_modifiers": lambda: Deck({"Plains": 5, "Island": 5, "Swamp": 4, "Mountain": 5, "Forest": 5, **{
        name: 2 for name in ("Pearl Medallion", "Sapphire Medallion", "Jet Medallion", "Ruby Medallion",
                             "Emerald Medallion", "Goblin Electromancer", "Baral, Chief of Compliance",
                             "Helm of Awakening", "Sphere of Resistance", "Thalia, Guardian of Thraben",
                             "Thorn of Amethyst", "Glowrider", "Vryn Wingmare", "Lodestone Golem",
                             "Jhoira's Familiar", "Goblin Warchief", "Foundry Inspector", "Etherium Sculptor")}}),
    "dying_creatures_legends_copies": lambda: Deck({"Mountain": 22, "The Fire Crystal": 8, "Endless One": 10,
                                                    WISP: 4, LEGEND: 8, "Goblin Piker": 8}),
    # restricted mana (106.6): Castle Garenbrig, Eldrazi Temple, a Cavern of Souls, Delighted
    # Halfling; a bounce land may return a Castle whose mana is still in the pool
    "restricted_mana": lambda: Deck({"Forest": 14, "Mountain": 4, "Castle Garenbrig": 4, "Eldrazi Temple": 4,
                                     CAVERN: 2, "Simic Growth Chamber": 2, "Delighted Halfling": 4,
                                     "Incubation Druid": 4, "Mind Stone": 2, ELDRAZI: 4, SIX_BEAST: 4,
                                     SIX_RELIC: 4, LEGEND: 4, "Lightning Bolt": 2, "The Great Henge": 2}),
    # conditions on activating mana abilities (602.5), lands that stay tapped (502.3)
    "conditions_and_skip_untap": lambda: __import__("test_replay").conditions_deck(),
    # mana effects (replacements, triggers, grants) and sources reading what others could
    # produce (106.7): the could-produce fixpoint, kept while the board stays the same
    "mana_effects": lambda: Deck({"Forest": 10, "Island": 4, "Reflecting Pool": 4, "Exotic Orchard": 4,
                                  "Gaea's Cradle": 2, "Llanowar Elves": 4, "Birds of Paradise": 4,
                                  "Fellwar Stone": 2, "Utopia Sprawl": 3, "Wild Growth": 3, "Mana Reflection": 2,
                                  "Zendikar Resurgent": 2, "Cryptolith Rite": 2, "Caged Sun": 2,
                                  "Nyxbloom Ancient": 2, "Grizzly Bears": 6, "Harmonize": 4}),
    # mana that counts the cards in hand, directly or through a hand-sized creature's power
    # (card_facts.mana_reads_hand): no search or could-produce kept as a spell leaves the hand
    "hand_counting_mana": lambda: Deck({"Forest": 18, "Castle Garenbrig": 2, "Mana Reflection": 2, HAND_ROCK: 4,
                                        POWER_ROCK: 4, MARO_LIKE: 6, "Grizzly Bears": 10, "Harmonize": 6,
                                        SIX_BEAST: 8}),
    # creatures tapped for another permanent's mana ability's cost, mana creatures among them
    "tapping_costs": lambda: Deck({"Forest": 14, ENCAMPMENT: 4, DRUM: 6, "Llanowar Elves": 6, "Grizzly Bears": 6,
                                   "Wall of Omens": 4, "Sylvan Caryatid": 2, "Lightning Bolt": 6, "Hill Giant": 6,
                                   "Harmonize": 6}),
    "trigger_watchers": lambda: Deck({"Mountain": 9, "Forest": 9, "Gruul Turf": 4, "Llanowar Elves": 4,
                                      UPKEEP_PINGER: 3, "Phyrexian Arena": 2, LANDFALL_WATCHER: 3, ARRIVAL_WATCHER: 3,
                                      "Beast Whisperer": 2, "Monastery Swiftspear": 3, "The Great Henge": 2,
                                      "The Fire Crystal": 3, WISP: 4, "Endless One": 4, "Lightning Bolt": 5}),
    "powers_changing": lambda: Deck({"Forest": 14, "Mountain": 8, "Llanowar Elves": 4, "The Great Henge": 4,
                                     UPKEEP_PUMPER: 4, "Monastery Swiftspear": 3, "Hangarback Walker": 3,
                                     "Walking Ballista": 3, "Steel Leaf Champion": 3, WISP: 3, "Lightning Bolt": 4,
                                     "Harmonize": 3}),
    # mana creatures entering while The Fire Crystal gives them haste: tapped for mana at once
    "haste_and_mana_creatures": lambda: Deck({"Mountain": 12, "Forest": 12, "The Fire Crystal": 6, "Llanowar Elves": 6,
                                              "Birds of Paradise": 6, "Paradise Druid": 6, "Goblin Piker": 6,
                                              "Harmonize": 6}),
}


def _metrics(spec, n_track, seed=11, chunks=3, games=400):
    """Each chunk's metric row (mtgsim.simulate's layout), seeded as simulate seeds them."""
    gens = [chunk_generator(np.random.SeedSequence(seed), c) for c in range(chunks)]
    offsets = _core.metric_offsets(n_track, 10)
    out = np.zeros((chunks, offsets["size"][0]), dtype=np.int64)
    _core.run_chunks(spec, gens, np.full(chunks, games, dtype=np.int64), out, 1)
    assert out[:, offsets["games"][0]].sum() == chunks * games
    return out


@pytest.mark.parametrize("name", sorted(DECKS))
@pytest.mark.parametrize("policy", [PlayPolicy(), PlayPolicy(x=0, spells="lowest_mana_value")],
                         ids=["default", "x0_cheapest_first"])
def test_shortcuts_change_no_answer(name, policy):
    st = game_setup(DECKS[name](), 10, True, MulliganPolicy(), policy, [])
    fast = _metrics(st.spec, len(st.tracked))
    reference = _metrics(_core.without_shortcuts(st.spec), len(st.tracked))
    np.testing.assert_array_equal(fast, reference)


HYBRID = card("Test Hybrid", "{1}{R/W}", "Creature — Soldier", "2/2")
PHYREXIAN = card("Test Phyrexian", "{R/P}", "Instant")
BOLT_TWIN = card("Test Bolt Twin", "{R}", "Sorcery")        # tracked only: Lightning Bolt's cost
BIG_RED = card("Test Big Red", "{2}{R}{R}", "Sorcery")


@pytest.mark.parametrize("choices", [False, True], ids=["plain_costs", "hybrid_and_phyrexian"])
def test_tracked_costs_asked_once_change_no_answer(choices):
    """Castable on turn t is asked once per distinct cost among the tracked cards, as the cost
    modifiers in play make them (601.2f): cards sharing a cost ({R}), costs the modifiers set
    apart (Ruby Medallion: red spells; Goblin Electromancer: instants and sorceries; both at
    once), affinity (it counts artifacts: asked alone), cards tracked but not in the deck; with
    hybrid and Phyrexian costs too (decided by the search, which the turn's view then turns to).
    Each card's answers are its own."""
    cards = {"Mountain": 27, "Island": 4, "Ruby Medallion": 6, "Goblin Electromancer": 4, "Lightning Bolt": 3,
             "Shock": 3, "Burst Lightning": 3, "Goblin Piker": 3, "Frogmite": 3, BIG_RED: 4}
    if choices:
        cards.update({"Mountain": 14, "Plains": 4, HYBRID: 3, PHYREXIAN: 3, "Manamorphose": 3})
    st = game_setup(Deck(cards), 10, True, MulliganPolicy(), PlayPolicy(), [BOLT_TWIN, BIG_RED])
    fast = _metrics(st.spec, len(st.tracked), chunks=2, games=600)
    reference = _metrics(_core.without_shortcuts(st.spec), len(st.tracked), chunks=2, games=600)
    np.testing.assert_array_equal(fast, reference)


def test_tracked_costs_told_apart_by_restrictions_change_no_answer():
    """Two tracked cards of one cost, {4}{G}{G}, a creature and an artifact: Castle Garenbrig's
    restricted {G} pays for one and not the other (106.6), so asking their shared cost once
    must not answer for both."""
    st = game_setup(DECKS["restricted_mana"](), 10, True, MulliganPolicy(), PlayPolicy(), [SIX_BEAST, SIX_RELIC])
    fast = _metrics(st.spec, len(st.tracked), chunks=2, games=600)
    reference = _metrics(_core.without_shortcuts(st.spec), len(st.tracked), chunks=2, games=600)
    np.testing.assert_array_equal(fast, reference)
    castable = _core.metric_offsets(len(st.tracked), 10)["castable"][0]
    beast, relic = (fast[:, castable + q * 10:castable + (q + 1) * 10].sum(axis=0)
                    for q in (st.tracked.index(SIX_BEAST.name), st.tracked.index(SIX_RELIC.name)))
    assert (beast >= relic).all() and (beast > relic).any()


def _random_decks(n, seed):
    """Random 60-card decks from the whole card database: four lands, twelve other cards (found
    a negative-life-total bug in the payment search, 119.4b)."""
    import random
    cards = Deck({"Forest": 60}).db.cards()
    lands = sorted(c.name for c in cards if c.is_land)
    others = sorted(c.name for c in cards if not c.is_land)
    rng = random.Random(seed)
    for _ in range(n):
        deck = {name: 6 for name in rng.sample(lands, 4)}
        deck.update({name: 3 for name in rng.sample(others, 12)})
        yield deck, rng.choice([PlayPolicy(), PlayPolicy(x=0, spells="lowest_mana_value")]), rng.random() < 0.5


@pytest.mark.parametrize("k", range(3))
def test_shortcuts_change_no_answer_on_random_decks(k):
    for cards, policy, on_play in _random_decks(6, seed=k):
        st = game_setup(Deck(cards), 10, on_play, MulliganPolicy(), policy, [])
        fast = _metrics(st.spec, len(st.tracked), seed=k, chunks=2, games=150)
        reference = _metrics(_core.without_shortcuts(st.spec), len(st.tracked), seed=k, chunks=2, games=150)
        np.testing.assert_array_equal(fast, reference, err_msg=str(sorted(cards)))


def _view_faults(spec, games=60, seed=5):
    """TR_VIEW_FAULT events of games played checking every live view against prepare_direct."""
    events = _core.trace_games(_core.checking_views(spec), chunk_generator(np.random.SeedSequence(seed), 0), games)
    return int(np.count_nonzero(events[:, 0] == _core.TraceEvent.TR_VIEW_FAULT))


@pytest.mark.parametrize("name", sorted(DECKS))
def test_live_view_is_prepare_direct(name):
    """The mana view kept up as permanents enter, leave, tap and untap (302.6 summoning
    sickness ending as a turn begins, 502.3 untapping) equals the board's view prepared from
    scratch, at every question the turn loop asks."""
    st = game_setup(DECKS[name](), 10, True, MulliganPolicy(), PlayPolicy(), [])
    assert _view_faults(st.spec) == 0


@pytest.mark.parametrize("name", ["mana_effects", "commander_elves"])
def test_kept_could_produce_is_the_fixpoint(name):
    """106.7: what each permanent could produce, worked out once for a board with mana effects
    and kept while the board doesn't change, equals the fixpoint worked out anew at every
    payment and question (a difference is a TR_VIEW_FAULT)."""
    st = game_setup(DECKS[name](), 10, True, MulliganPolicy(), PlayPolicy(), [])
    assert _view_faults(st.spec, games=40, seed=3) == 0


@pytest.mark.parametrize("name", ["affinity", "cost_modifiers"])
def test_kept_permanent_counts_are_the_boards(name):
    """118.7a, affinity ("costs {1} less to cast for each artifact you control"): the count
    of your artifacts kept as permanents enter and leave (Hangarback Walker cast for X = 0
    dies at once, 704.5f) equals the count on the board at every cost asked (a difference is
    a TR_VIEW_FAULT)."""
    st = game_setup(DECKS[name](), 10, True, MulliganPolicy(), PlayPolicy(), [])
    assert _view_faults(st.spec, games=80, seed=11) == 0


@pytest.mark.parametrize("name", ["complex_sources", "restricted_mana", "mana_effects", "signets_and_talismans",
                                  "commander_elves", "mono_green_henge"])
def test_remembered_payment_answers_are_the_searches(name):
    """601.2g-h, 106.6: whether a board pays a cost, and the most mana it makes, remembered per
    payment problem (its units per mask, its searched sources' options in any order, restricted
    mana's classes, life where an option costs it) and asked again on later boards of the same
    problem, equal the searches run anew at every question (a difference is a TR_VIEW_FAULT);
    enough games that most questions are asked again."""
    st = game_setup(DECKS[name](), 10, True, MulliganPolicy(), PlayPolicy(), [])
    assert _view_faults(st.spec, games=300, seed=2) == 0


@pytest.mark.parametrize("name", ["mana_effects", "commander_elves", "complex_sources", "hand_counting_mana"])
def test_kept_source_options_are_the_boards(name):
    """106.12a, 616.1, 106.7: a source's options (its outputs with replacement effects in every
    order and triggered mana, its inputs, life) and the types it could produce, kept per board
    row with the permanent's every byte, its summoning sickness and its surroundings (the
    permanents with mana effects, the granted abilities), equal those worked out anew at every
    payment prepared (a difference is a TR_VIEW_FAULT): auras entering onto lands (Utopia
    Sprawl), Mana Reflection and Nyxbloom Ancient entering, Cryptolith Rite granting, sources
    tapping and untapping; a source that counts (Gaea's Cradle, mana by the cards in hand) is
    worked out each time."""
    st = game_setup(DECKS[name](), 10, True, MulliganPolicy(), PlayPolicy(), [])
    assert _view_faults(st.spec, games=150, seed=19) == 0


@pytest.mark.parametrize("name", ["trigger_watchers", "mono_green_henge"])
def test_trigger_watch_lists_are_the_boards(name):
    """603.2, 603.6a, 503.1a, 601.2i: the rows of the permanents with enters-watching, cast and
    upkeep triggers, kept as permanents enter and leave (a bounce land returning an earlier
    land moves the later rows up; a 1/0 dying, 704.5f; token copies sacrificed at the end
    step), equal the board's at every trigger event (a difference is a TR_VIEW_FAULT); that
    the triggers they find resolve as the whole board's scan has them is
    test_shortcuts_change_no_answer's."""
    st = game_setup(DECKS[name](), 10, True, MulliganPolicy(), PlayPolicy(), [])
    assert _view_faults(st.spec, games=80, seed=13) == 0


@pytest.mark.parametrize("name", ["powers_changing", "mono_green_henge"])
def test_greatest_power_kept_is_the_boards(name):
    """The Great Henge's reduction, the greatest power among your creatures (613.4: counters,
    bonuses until end of turn, 514.2, creatures entering and dying), worked out again only once
    a power may have changed, equals the board's at every cost asked (a difference is a
    TR_VIEW_FAULT); that the costs it gives are the same is test_shortcuts_change_no_answer's."""
    st = game_setup(DECKS[name](), 10, True, MulliganPolicy(), PlayPolicy(), [])
    assert _view_faults(st.spec, games=80, seed=17) == 0


def test_live_view_is_prepare_direct_on_random_decks():
    for cards, policy, on_play in _random_decks(12, seed=7):
        st = game_setup(Deck(cards), 10, on_play, MulliganPolicy(), policy, [])
        assert _view_faults(st.spec, games=30) == 0, sorted(cards)


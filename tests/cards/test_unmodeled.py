"""The shipped cards' `unmodeled` notes are never played for free (issue 29, item 4, the
curated half): each note is classified (`unmodeled_effect`: what leaving it out does to the
card the simulator plays), the classification is checked against the recognizers' own
detection of unread costs (recognize/unread.py), and a note that leaves a cost, restriction or
drawback out makes its card never cast (a land never played). The drawbacks the vocabulary can
say are modelled, each tested here citing its rule."""
import re
import tomllib
from importlib import resources

import pytest

from mtgsim import CardDataError, Deck, MulliganPolicy, Scenario, card_db, simulate
from mtgsim.cards.database import card_from_table
from mtgsim.cards.model import UNMODELED_EFFECTS, ActivatedAbility
from mtgsim.cards.recognize.unread import attack_restriction, casting_restriction, drawback, untap_restriction
from mtgsim.cards.recognize.ignored import NO_TARGET_STACK, NO_TARGET_THEIRS, OWN_HARM
from mtgsim.errors import RulesError


def _shipped_faces():
    """Every face of the shipped TOML data with an `unmodeled` note, as written (not the
    keyword notes CardDef adds), with its file."""
    out = []
    for f in sorted(resources.files("mtgsim.cards").joinpath("data").iterdir(), key=lambda p: p.name):
        if not f.name.endswith(".toml"):
            continue
        for c in tomllib.loads(f.read_text(encoding="utf-8")).get("card", []):
            for face in (c, c.get("back")):
                if face and "unmodeled" in face:
                    out.append((f.name, face))
    return out


SHIPPED = _shipped_faces()
DB = card_db()

# The cards whose unmodeled text is a drawback the vocabulary can't say: never cast (never
# played, of a land). Kept here so that one joining or leaving the list is seen in review.
DRAWBACKS = {"Rupture Spire", "Lotus Field", "Harrow", "Contamination", "Damping Sphere", "Archon of Emeria",
             "Man-o'-War", "Frost Titan", "Dark Confidant"}


def test_there_are_shipped_notes_to_check():
    assert len(SHIPPED) > 100


@pytest.mark.parametrize("where, face", SHIPPED, ids=[f["name"] for _, f in SHIPPED])
def test_every_shipped_unmodeled_note_says_what_leaving_it_out_does(where, face):
    """A new note without `unmodeled_effect` fails here: say whether the text left out is
    irrelevant to a goldfish, a benefit left out, or a drawback (then the card is never cast)."""
    assert face.get("unmodeled_effect") in UNMODELED_EFFECTS, (
        f"{where}: {face['name']} has an `unmodeled` note but no unmodeled_effect "
        f"({' | '.join(UNMODELED_EFFECTS)}): {face['unmodeled']!r}")


def test_the_shipped_drawbacks_are_these_cards_each_never_cast_or_played():
    drawbacks = {f["name"] for _, f in SHIPPED if f.get("unmodeled_effect") == "drawback"}
    assert drawbacks == DRAWBACKS
    for name in DRAWBACKS:
        c = DB[name]
        assert c.uncastable, name
        s = Scenario(DB)
        s.add_to_hand(name)
        if c.is_land:
            with pytest.raises(RulesError, match="not played by the simulator"):
                s.play_land(name)
        else:
            for _ in range(8):
                s.add("Plains"), s.add("Island"), s.add("Swamp"), s.add("Mountain"), s.add("Forest")
            assert not s.can_cast(name)
            with pytest.raises(RulesError, match="not cast by the simulator"):
                s.cast(name)


def test_every_shipped_card_never_cast_says_why_and_is_a_classified_drawback():
    """Never cast for a drawback left out; or, its note irrelevant, for a target that can't exist in
    a goldfish or harm only to the player's own (601.2c, 115.1: ignored.never_cast's reasons)."""
    for c in DB.cards():
        if c.uncastable:
            assert c.unmodeled_effect == "drawback" or c.unmodeled_effect == "irrelevant" and c.uncastable.startswith(
                (NO_TARGET_STACK, NO_TARGET_THEIRS, OWN_HARM)), c.name


def test_a_drawback_left_out_without_uncastable_is_refused():
    """The loader refuses a drawback note that would be played for free."""
    table = {"name": "Test Free Drawback", "cost": "{R}", "type": "Creature — Elemental", "pt": "6/1",
             "unmodeled": "At the beginning of the end step, sacrifice it.", "unmodeled_effect": "drawback"}
    with pytest.raises(CardDataError, match="uncastable"):
        card_from_table(table)
    with pytest.raises(CardDataError, match="unmodeled_effect"):
        card_from_table(dict(table, unmodeled_effect="harmless", uncastable="x"))
    assert card_from_table(dict(table, uncastable="its end-step sacrifice")).uncastable


# The ways the curated notes refer to their card, as the recognizers' `~`.
_SELF = re.compile(r"\b[Tt]his (?:spell|creature|land|artifact|enchantment|permanent)\b"
                   r"|\b[Ii]t(?= (?:deals|enters|gets|searches|attacks|dies|leaves|becomes|has|can't"
                   r"|doesn't)\b)"
                   r"|^(?=(?:Can't|Has|Adds) )")


def _clauses(name, note):
    """The note's sentences and clauses (split at '.', ';' and lines), the card named `~`; an
    "If you do, ..." kept with the sentence whose option it follows."""
    text = note.replace(name, "~").replace(name.split(",")[0], "~")
    for part in re.split(r"(?<=[.;])\s+(?!If you do\b)|\n", text):
        part = _SELF.sub("~", part.strip().rstrip(";"))
        if part:
            yield part


def _detected(name, note):
    for clause in _clauses(name, note):
        if (casting_restriction(clause, name) or untap_restriction(clause) is not None
                or attack_restriction(clause) or drawback(clause, name)):
            yield clause


def test_the_unread_cost_detector_reads_the_curated_notes():
    """The normalisation below gives the detector what it reads: Harrow's additional cost is
    found, Fireball's cost per extra target (always met by one target) is not."""
    assert list(_detected("Harrow", DB["Harrow"].unmodeled))
    assert not list(_detected("Fireball", DB["Fireball"].unmodeled))
    assert list(_detected("Test", "This creature can't attack unless you control an Island."))
    assert list(_detected("Test", "It doesn't untap during your untap step."))
    assert list(_detected("Test", "At the beginning of your upkeep, sacrifice a creature."))      # (603.2)
    assert not list(_detected("Test", "When ~ enters, you may draw a card. If you do, discard a card."))


@pytest.mark.parametrize("where, face", SHIPPED, ids=[f["name"] for _, f in SHIPPED])
def test_a_note_the_unread_cost_detector_calls_a_cost_is_classified_a_drawback(where, face):
    """recognize/unread.py's casting_restriction, untap_restriction, attack_restriction and
    drawback run over each curated note: one that finds a cost, restriction or drawback there
    is never a benefit or irrelevant."""
    found = list(_detected(face["name"], face["unmodeled"]))
    if found:
        assert face.get("unmodeled_effect") == "drawback", f"{face['name']}: {found}"


# ==== The drawbacks modelled ===============================================================

def _mountains(s, n):
    return [s.add("Mountain") for _ in range(n)]


def test_603_2_ball_lightning_is_sacrificed_at_the_beginning_of_the_end_step():
    """Ball Lightning: "At the beginning of the end step, sacrifice this creature." (603.2: the
    trigger at the end step after it enters) — it attacks with haste for 6, then is gone; before,
    it stayed and attacked every turn."""
    s = Scenario(DB)
    _mountains(s, 3)
    s.add_to_hand("Ball Lightning")
    bolt = s.cast("Ball Lightning")
    assert s.attack() == 6 and s.life("opponent") == 14
    s.next_turn()
    assert not s.on_battlefield(bolt)
    assert "Ball Lightning" in s.graveyard()


def test_603_2_ball_lightning_deals_its_damage_once_in_a_goldfish():
    """20 Mountain + 40 Ball Lightning, never mulliganing: one attack of 6 a Ball Lightning
    cast. Kill (20 damage) needs four of them: not before turn 4 with three-mana creatures
    cast once each turn from turn 3 (3 Mountains) — 6 on turn 3, 6 on turn 4... at most 12 by
    turn 4, so no kill by turn 4 (before: a Ball Lightning kept, 6 + 12 = 18, then 36 by 5)."""
    res = simulate(Deck({"Mountain": 20, "Ball Lightning": 40}, db=DB), games=500, turns=5, seed=3,
                   mulligan=MulliganPolicy.never())
    assert res.kill_turn.p_by(4).value == 0 and res.kill_turn.p_by(5).value == 0


def test_603_3_lotus_field_is_never_played_its_sacrifice_of_two_lands_unsaid():
    """Lotus Field: "When this land enters, sacrifice two lands." Sacrificing other lands is
    not in the vocabulary: the land is never played (its three mana never free). 40 Lotus Field
    + 20 Grizzly Bears: no land is ever played, no Bears cast (before: turn 2 on)."""
    c = DB["Lotus Field"]
    assert c.unmodeled_effect == "drawback" and "sacrifice two lands" in c.uncastable
    res = simulate(Deck({"Lotus Field": 40, "Grizzly Bears": 20}, db=DB), games=300, turns=4, seed=1,
                   mulligan=MulliganPolicy.never(), track=["Grizzly Bears"])
    assert res.p_cast("Grizzly Bears", 4).value == 0
    s = Scenario(DB)
    s.add_to_hand("Lotus Field")
    with pytest.raises(RulesError, match="Lotus Field is not played by the simulator: its enters trigger"):
        s.play_land("Lotus Field")
    assert s.battlefield() == []


def test_603_3_rupture_spire_is_never_played_its_payment_unsaid():
    """Rupture Spire: "When this land enters, sacrifice it unless you pay {1}." Paying as it
    enters is not in the vocabulary: never played, and a Forest beside it is played instead."""
    res = simulate(Deck({"Rupture Spire": 30, "Forest": 10, "Grizzly Bears": 20}, db=DB), games=300, turns=4,
                   seed=2, mulligan=MulliganPolicy.never(), track=["Grizzly Bears"])
    only_forests = simulate(Deck({"Wastes": 30, "Forest": 10, "Grizzly Bears": 20}, db=DB), games=300,
                            turns=4, seed=2, mulligan=MulliganPolicy.never(), track=["Grizzly Bears"])
    assert res.p_cast("Grizzly Bears", 4).value <= only_forests.p_cast("Grizzly Bears", 4).value


def test_705_2_mana_crypt_deals_3_damage_at_your_upkeep_when_its_flip_is_lost():
    """Mana Crypt: "At the beginning of your upkeep, flip a coin. If you lose the flip, this
    artifact deals 3 damage to you." A coin is flipped at each of your upkeeps (503.1a, 705.2):
    3 damage or none, both seen over a few upkeeps (tests/rules/test_coin_flip.py: half the
    time); before, every flip was lost."""
    s = Scenario(DB)
    s.add("Mana Crypt")
    s.next_turn()                         # (the opponent's turn: not your upkeep)
    assert s.life() == 20 and not DB["Mana Crypt"].unmodeled
    seen = set()
    for _ in range(12):
        life = s.life()
        s.next_turn(), s.next_turn()
        seen.add(life - s.life())
    assert seen == {0, 3}


def test_503_1a_mana_vault_deals_1_damage_each_upkeep():
    """Mana Vault: "At the beginning of your draw step, if this artifact is tapped, it deals 1
    damage to you." The condition is not in the vocabulary: 1 damage each of your upkeeps (the
    most it deals; it doesn't untap, 502.3, so once tapped it stays so)."""
    s = Scenario(DB)
    vault = s.add("Mana Vault")
    s.tap_for_mana(vault)
    s.next_turn(), s.next_turn()
    assert s.life() == 19 and s.is_tapped(vault)


def test_701_23_nissas_pilgrimage_finds_basic_forests_only():
    """Nissa's Pilgrimage: "Search your library for up to two basic Forest cards" — a nonbasic
    Forest (Stomping Ground, a Mountain Forest) is not found (lands_basic)."""
    c = DB["Nissa's Pilgrimage"]
    assert c.abilities[0].effect.value("lands_basic") and c.abilities[0].effect.value("land_types") == ("Forest",)
    assert "Only basic Forest" not in c.unmodeled


def test_602_incubation_druid_adapt_with_its_condition_unsaid_is_never_activated():
    """Incubation Druid's "Adapt 3" puts counters only if it has none (701.46a): that condition
    is not in the vocabulary, so the ability is left out — never activated again and again."""
    assert not DB["Incubation Druid"].abilities_of(ActivatedAbility)


def test_106_6_cavern_of_souls_colored_mana_is_spent_only_on_creature_spells_of_the_chosen_type():
    """Cavern of Souls' coloured mana may be spent only on a creature spell of the chosen
    type (106.6): the restriction is kept, its type the game's (compile.chosen_creature_type)."""
    c = DB["Cavern of Souls"]
    assert [a.spend_only_on.text if a.spend_only_on else None for a in c.mana_abilities] == [
        None, "creature spells of the chosen type"]
    assert not c.unmodeled


def test_701_23_myriad_landscape_finds_one_basic_land():
    """Myriad Landscape's two basic lands must share a land type; the search can't keep to
    one type: modelled as finding one (a choice "up to two" allows)."""
    (act,) = DB["Myriad Landscape"].abilities_of(ActivatedAbility)
    assert act.effect.value("lands_to_battlefield") == 1


def test_the_card_command_says_what_the_text_left_out_does_and_a_land_never_played(capsys):
    from mtgsim.cli import main
    assert main(["card", "Lotus Field", "Devoted Druid", "Counterspell"]) == 0
    out = capsys.readouterr().out
    assert "(that is a drawback: so the simulator never uses the card)" in out
    assert "(never played by the simulator: its enters trigger 'sacrifice two lands' (603.3)" in out
    assert "(that is a benefit left out: the card is played as less than it is)" in out
    assert "(that is irrelevant to a goldfish game)" in out
    assert main(["cards", "show", "Rupture Spire"]) == 0
    assert "never played by the simulator: its enters trigger" in capsys.readouterr().out


# Keywords the engine doesn't act on, each a benefit left out or irrelevant to a goldfish game
# (a card's `unmodeled` gets "Keyword not simulated: ..."): a new one must be judged here.
UNPLAYED_KEYWORDS = {"Exalted": "benefit (702.83a: +1/+1 attacking alone)",
                     "Protection": "irrelevant (702.16: a goldfish opponent neither targets nor blocks)"}


def test_every_keyword_the_engine_leaves_out_of_a_shipped_card_is_no_drawback():
    from mtgsim.cards.model import keyword_played
    for c in DB.cards():
        for face in (c, c.back) if c.back is not None else (c,):
            for k in face.keywords:
                if not keyword_played(k):
                    assert k.split(" from ")[0] in UNPLAYED_KEYWORDS, f"{face.name}: {k}"
                    if face.unmodeled_effect == "irrelevant":
                        assert UNPLAYED_KEYWORDS[k.split(" from ")[0]].startswith("irrelevant"), face.name


def test_a_curated_note_irrelevant_to_a_goldfish_is_ignored_the_card_fully_read():
    """A curated card's note "irrelevant" to a goldfish game counts as an imported card's ignored
    clause would: listed, saying so (and why the card is never cast, 601.2c, if it isn't); a
    note of a benefit or drawback left out keeps the card partly read."""
    counterspell, thoughtseize, troll = (DB.verdict(n) for n in ("Counterspell", "Thoughtseize", "Old-Growth Troll"))
    assert counterspell.bucket == thoughtseize.bucket == "fully"
    [clause] = counterspell.clauses
    assert clause.status == "ignored" and "irrelevant to a goldfish game" in clause.text
    assert "601.2c" in clause.text and clause.text.endswith("never cast")
    [clause] = thoughtseize.clauses
    assert clause.status == "ignored" and clause.text.endswith("irrelevant to a goldfish game")
    assert DB["Old-Growth Troll"].unmodeled_effect != "irrelevant" and troll.bucket == "partly"

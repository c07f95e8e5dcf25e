"""Decklists: every supported format, errors with line numbers, and the deck's analyses."""
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from mtgsim.cards import CardDatabase, card, card_db
from mtgsim.decklist import ColorRequirement, Deck, DecklistError

DATA = Path(__file__).parents[1] / "data" / "decklists"


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.from_toml(DATA / "test_cards.toml")


def read(text: str, db: CardDatabase, **kw) -> Deck:
    return Deck.from_text(text, db, **kw)


def error_of(text: str, db: CardDatabase, **kw) -> DecklistError:
    with pytest.raises(DecklistError) as info:
        Deck.from_text(text, db, **kw)
    return info.value


# ---- test data files -----------------------------------------------------------------------

def test_arena_export_of_60_cards(db):
    deck = Deck.from_file(DATA / "arena_60.txt", db)
    assert deck.name == "Gruul Stompy"
    assert len(deck) == 60
    assert sum(deck.sideboard.values()) == 15
    assert deck.maindeck["Fire // Ice"] == 4
    assert deck.maindeck["Fireball"] == 3 and deck.sideboard["Fireball"] == 1
    assert (deck.land_count, deck.spell_count) == (22, 38)
    assert deck.commander == {} and deck.companion == {}
    assert deck.check() == []


def test_commander_list_of_100_cards(db):
    commander_db = db.extended(DATA / "commander_cards.toml")
    deck = Deck.from_file(DATA / "commander_100.txt", commander_db)
    assert deck.commander == {"Selvala, Grove Keeper": 1}
    assert sum(deck.maindeck.values()) == 99
    assert len(deck) == 100          # the commander counts towards the 100
    assert sum(n for _, n in deck.cards()) == 100
    assert sum(n for _, n in deck.cards("maindeck")) == 99   # the library
    assert deck.maindeck["Forest"] == 35
    assert all(n == 1 for name, n in deck.maindeck.items() if name != "Forest")
    assert deck.check("commander") == []
    assert deck.name == "commander_100"   # no Arena name: the file's stem


def test_mtgo_dek_xml(db):
    deck = Deck.from_file(DATA / "mtgo.dek", db)
    assert deck.maindeck == {"Mountain": 20, "Lightning Bolt": 6, "Fireball": 4}
    assert deck.sideboard == {"Abrade": 2, "Smash to Smithereens": 1}


# ---- text formats --------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["4 Grizzly Bears", "4x Grizzly Bears", "4 x Grizzly Bears",
                                  "4X Grizzly Bears", "4\tGrizzly Bears", "  4   grizzly bears  ",
                                  "4 Grizzly Bears (M10) 189", "4 Grizzly Bears (M10)",
                                  "4 Grizzly Bears [M10]", "4 Grizzly Bears (M10) 189 *F*",
                                  "4 Grizzly Bears *F*", "4 GRIZZLY BEARS (PLST) M10-189"])
def test_card_line_styles(db, line):
    assert read(line, db).maindeck == {"Grizzly Bears": 4}


def test_name_alone_is_one_copy(db):
    deck = read("Grizzly Bears\nLightning Bolt\n2 Forest", db)
    assert deck.maindeck == {"Grizzly Bears": 1, "Lightning Bolt": 1, "Forest": 2}


def test_duplicates_add_up_and_names_take_the_database_spelling(db):
    deck = read("2 Forest\n3 forest\n1 FOREST\n2 Aether Vial\n1 Æther Vial", db)
    assert deck.maindeck == {"Forest": 6, "Æther Vial": 3}


def test_mtgo_blank_line_starts_the_sideboard(db):
    deck = read("20 Mountain\n4 Lightning Bolt\n\n3 Abrade\n", db)
    assert deck.maindeck == {"Mountain": 20, "Lightning Bolt": 4}
    assert deck.sideboard == {"Abrade": 3}


def test_leading_and_trailing_blank_lines_do_not_make_a_sideboard(db):
    deck = read("\n\n20 Mountain\n4 Lightning Bolt\n\n\n", db)
    assert deck.sideboard == {}


def test_blank_lines_between_several_groups_mean_nothing(db):
    deck = read("4 Grizzly Bears\n\n4 Lightning Bolt\n\n10 Forest\n", db)
    assert deck.sideboard == {} and len(deck) == 18


def test_commented_groups_are_not_a_sideboard(db):
    deck = read("// Spells\n4 Lightning Bolt\n\n// Lands\n16 Mountain\n", db)
    assert deck.sideboard == {} and len(deck) == 20


def test_sb_prefix_lines(db):
    deck = read("20 Mountain\nSB: 2 Abrade\n4 Lightning Bolt\nsb: Smash to Smithereens", db)
    assert deck.maindeck == {"Mountain": 20, "Lightning Bolt": 4}
    assert deck.sideboard == {"Abrade": 2, "Smash to Smithereens": 1}


@pytest.mark.parametrize("header", ["Sideboard", "sideboard:", "SIDEBOARD (3)", "SB:",
                                    "// Sideboard", "# Sideboard"])
def test_sideboard_headers(db, header):
    deck = read(f"20 Mountain\n\n\n{header}\n3 Abrade", db)
    assert deck.maindeck == {"Mountain": 20}
    assert deck.sideboard == {"Abrade": 3}


def test_arena_sections(db):
    text = """About
Name Lurrus Rats

Commander
1 Lurrus of the Dream-Den (IKO) 226

Companion
1 Lurrus of the Dream-Den (IKO) 226

Deck
30 Relentless Rats (M11) 111
30 Swamp (M20) 272

Sideboard
2 Abrade (HOU) 83

Maybeboard
1 Sol Ring
"""
    deck = read(text, db)
    assert deck.name == "Lurrus Rats"
    assert deck.commander == {"Lurrus of the Dream-Den": 1}
    assert deck.companion == {"Lurrus of the Dream-Den": 1}
    assert deck.maindeck == {"Relentless Rats": 30, "Swamp": 30}
    assert deck.sideboard == {"Abrade": 2}
    assert len(deck) == 61   # main deck + commander; companion and sideboard apart


def test_old_arena_export_without_sideboard_header(db):
    deck = read("4 Lightning Bolt (M10) 146\n16 Mountain (M20) 269\n\n2 Abrade (HOU) 83", db)
    assert deck.sideboard == {"Abrade": 2} and len(deck) == 20


def test_comments_are_ignored(db):
    deck = read("# my deck\n// lands\n20 Mountain\n  # indented comment\n4 Lightning Bolt", db)
    assert deck.maindeck == {"Mountain": 20, "Lightning Bolt": 4}


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"])
@pytest.mark.parametrize("bom", ["", "\ufeff"])
def test_line_endings_and_bom_in_text(db, eol, bom):
    text = bom + eol.join(["# test", "20 Mountain", "4 Lightning Bolt", "", "3 Abrade", ""])
    deck = read(text, db)
    assert deck.maindeck == {"Mountain": 20, "Lightning Bolt": 4}
    assert deck.sideboard == {"Abrade": 3}


@pytest.mark.parametrize("eol", [b"\n", b"\r\n", b"\r"])
def test_files_with_bom_and_line_endings(db, tmp_path, eol):
    path = tmp_path / "deck.txt"
    path.write_bytes(b"\xef\xbb\xbf" + eol.join([b"20 Mountain", "4 Æther Vial".encode(), b"",
                                                  b"3 Abrade", b""]))
    deck = Deck.from_file(path, db)
    assert deck.maindeck == {"Mountain": 20, "Æther Vial": 4}
    assert deck.sideboard == {"Abrade": 3}
    assert deck.name == "deck"


def test_bytes_are_decoded(db):
    assert read("\ufeff20 Mountain\r\n".encode(), db).maindeck == {"Mountain": 20}


def test_utf16_file_with_bom(db, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_bytes("20 Mountain\r\n4 Lightning Bolt\r\n".encode("utf-16"))
    assert len(Deck.from_file(path, db)) == 24


@pytest.mark.parametrize("written, name", [
    ("Fire // Ice", "Fire // Ice"), ("Fire/Ice", "Fire // Ice"), ("fire // ice", "Fire // Ice"),
    ("Cragcrown Pathway // Timbercrown Pathway", "Cragcrown Pathway"),
    ("Cragcrown Pathway/Timbercrown Pathway", "Cragcrown Pathway"),
])
def test_split_and_double_faced_names(db, written, name):
    assert read(f"2 {written} (ZNR) 1", db).maindeck == {name: 2}


def test_names_that_start_with_a_number(db):
    custom = db.extended(card("1996 World Champion", "{5}{W}{U}{B}{R}{G}", "Legendary Creature — Legend", "*/*",
                              star={"count": "cards_in_hand"}), card("+2 Mace", "{1}{W}", "Artifact"))
    deck = read("1996 World Champion\n+2 Mace\n2 +2 Mace", custom)
    assert deck.maindeck == {"1996 World Champion": 1, "+2 Mace": 3}


# ---- MTGO .dek -----------------------------------------------------------------------------

DEK = """<?xml version="1.0" encoding="utf-8"?>
<Deck>
  <Cards CatID="1" Quantity="{q}" Sideboard="false" Name="{name}" />
  <Cards CatID="2" Quantity="2" Sideboard="{side}" Name="Abrade" />
</Deck>
"""


def test_dek_with_bom_crlf_and_multiline_tags(db):
    text = "\ufeff" + DEK.format(q=4, name="Lightning Bolt", side="true").replace("\n", "\r\n")
    text = text.replace('Sideboard="false" ', 'Sideboard="false"\r\n     ')
    deck = read(text, db)
    assert deck.maindeck == {"Lightning Bolt": 4} and deck.sideboard == {"Abrade": 2}


@pytest.mark.parametrize("q, name, side, line, reason", [
    (4, "Lightnig Bolt", "false", 3, "unknown card 'Lightnig Bolt'; did you mean 'Lightning Bolt'?"),
    (0, "Lightning Bolt", "false", 3, "bad count '0'"),
    ("four", "Lightning Bolt", "false", 3, "bad count 'four'"),
    (4, "", "false", 3, "without a Name"),
    (4, "Lightning Bolt", "maybe", 4, "is not true or false"),
])
def test_dek_errors_name_their_line(db, q, name, side, line, reason):
    err = error_of(DEK.format(q=q, name=name, side=side), db, source="deck.dek")
    assert err.line == line and err.source == "deck.dek"
    assert reason in str(err) and f"deck.dek, line {line}: " in str(err)
    assert err.text.startswith("<Cards")


@pytest.mark.parametrize("text, line", [
    ('<Deck>\n  <Cards Quantity="4" Name="Forest">\n</Deck>\n', 3),    # mismatched tag
    ('<Deck>\n  <Cards Quantity="4" Name="Forest" />\n', 3),           # unclosed root
    ('<?xml version="1.0"?>\n<Deck>\n  <Cards Quantity=4 />\n</Deck>', 3),  # unquoted attribute
])
def test_malformed_xml(db, text, line):
    err = error_of(text, db, source="x.dek")
    assert "malformed XML" in str(err) and err.line == line
    assert str(err).startswith(f"x.dek, line {line}")


def test_xml_that_is_not_a_dek_file(db):
    err = error_of("<html>\n<body/>\n</html>", db)
    assert "not an MTGO .dek file" in str(err) and err.line == 1


# ---- errors --------------------------------------------------------------------------------

def test_unknown_card_error_names_file_line_and_text(db, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("# comment\r\n20 Mountain\r\n\r\n\r\n\r\n\r\n4x Lightnig Bolt\r\n")
    with pytest.raises(DecklistError) as info:
        Deck.from_file(path, db)
    err = info.value
    assert str(err) == (f'{path}, line 7: "4x Lightnig Bolt": unknown card \'Lightnig Bolt\'; '
                        "did you mean 'Lightning Bolt'?")
    assert (err.line, err.source, err.text) == (7, str(path), "4x Lightnig Bolt")
    assert err.suggestions == ("Lightning Bolt",)
    assert isinstance(err, ValueError)


def test_all_problems_of_a_list_are_reported_together(db):
    err = error_of("4 Lightnig Bolt\n20 Mountain\n2 Grizly Bears\n0 Forest\n", db, source="d.txt")
    assert len(err.errors) == 3
    assert [e.line for e in err.errors] == [1, 3, 4]
    assert (err.line, err.text) == (1, "4 Lightnig Bolt")
    assert err.errors[1].suggestions == ("Grizzly Bears",)
    message = str(err)
    assert message.startswith("3 problems in d.txt:")
    assert 'line 3: "2 Grizly Bears": unknown card \'Grizly Bears\'' in message
    assert 'line 4: "0 Forest": bad count' in message


@pytest.mark.parametrize("line, reason", [
    ("0 Forest", "bad count '0'"),
    ("-1 Forest", "bad count '-1'"),
    ("1.5 Forest", "bad count '1.5'"),
    ("four Forest", "bad count 'four': write the number of copies in digits, e.g. \"4 Forest\""),
    ("4x", "a count without a card name"),
    ("SB: 0 Abrade", "bad count '0'"),
])
def test_bad_counts(db, line, reason):
    err = error_of(f"20 Mountain\n{line}", db)
    assert err.line == 2 and err.text == line
    assert str(err).startswith(f'<text>, line 2: "{line}": {reason}')


@pytest.mark.parametrize("text", ["", "\ufeff", "\n\n  \r\n", "# only a comment\n// and another",
                                  "Deck\n\nSideboard\n"])
def test_empty_lists(db, text):
    err = error_of(text, db, source="empty.txt")
    assert "no cards found" in str(err) and err.line == 1 and err.source == "empty.txt"


def test_empty_file(db, tmp_path):
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    with pytest.raises(DecklistError, match="no cards"):
        Deck.from_file(path, db)


def test_file_that_is_not_utf8(db, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_bytes(b"20 Mountain\n4 \xc6ther Vial\n")
    with pytest.raises(DecklistError, match="not UTF-8") as info:
        Deck.from_file(path, db)
    assert info.value.line == 2


# ---- decks built in Python -----------------------------------------------------------------

def test_custom_carddef_keys_extend_a_deck_local_database(db):
    wastes = card("Wastes", "", "Basic Land", abilities=[{"kind": "mana", "cost": "{T}", "mana": "{C}"}])
    sorcery = card("Test Sorcery", "{1}{G}{G}", "Sorcery")
    deck = Deck({"Forest": 14, wastes: 11, sorcery: 35}, db=db)
    assert deck.maindeck == {"Forest": 14, "Wastes": 11, "Test Sorcery": 35}
    assert len(deck) == 60
    assert deck.card("test sorcery") is sorcery or deck.card("test sorcery") == sorcery
    assert "Test Sorcery" in deck.db and "Test Sorcery" not in db
    assert deck.curve() == {3: 35}


def test_a_carddef_key_replaces_the_database_card_of_that_name(db):
    big_bears = card("Grizzly Bears", "{1}{G}", "Creature — Bear", "5/5")
    deck = Deck({big_bears: 4}, db=db)
    assert deck.card("Grizzly Bears").power.base == 5
    assert db["Grizzly Bears"].power.base == 2


def test_two_different_carddefs_of_one_name_are_an_error(db):
    with pytest.raises(DecklistError, match="two different cards"):
        Deck({card("X", "{1}"): 1}, {card("X", "{2}"): 1}, db=db)


def test_python_sections_and_forms(db):
    deck = Deck({"forest": 30, "Llanowar Elves": 2}, sideboard=[("Abrade", 2), "Naturalize"],
                commander="Questing Beast", companion=db["Lurrus of the Dream-Den"], db=db,
                name="Test")
    assert deck.maindeck == {"Forest": 30, "Llanowar Elves": 2}
    assert deck.sideboard == {"Abrade": 2, "Naturalize": 1}
    assert deck.commander == {"Questing Beast": 1}
    assert deck.companion == {"Lurrus of the Dream-Den": 1}
    assert len(deck) == 33 and deck.name == "Test"
    assert dict((c.name, n) for c, n in deck.cards("sideboard")) == deck.sideboard


@pytest.mark.parametrize("count", [0, -1, 1.5, "4", True, None])
def test_python_counts_must_be_positive_whole_numbers(db, count):
    with pytest.raises(ValueError, match="bad count"):
        Deck({"Forest": count}, db=db)


def test_python_unknown_names_are_collected(db):
    with pytest.raises(DecklistError) as info:
        Deck({"Forrest": 20, "Mountain": 10}, sideboard={"Abrad": 1}, db=db)
    err = info.value
    assert len(err.errors) == 2 and err.line is None
    assert "maindeck: unknown card 'Forrest'; did you mean 'Forest'" in str(err)
    assert "sideboard: unknown card 'Abrad'" in str(err)


def test_python_key_of_wrong_type(db):
    with pytest.raises(TypeError):
        Deck({42: 1}, db=db)


def test_default_database_is_the_shipped_one():
    deck = Deck({"the great henge": 1})
    assert deck.db is card_db()
    assert deck.maindeck == {"The Great Henge": 1}


# ---- analyses ------------------------------------------------------------------------------

def test_lands_spells_and_curve(db):
    deck = read("10 Forest\n4 Rootbound Crag\n4 Llanowar Elves\n3 Fireball\n2 Grizzly Bears\n"
                "1 Shatterskull Smashing\n2 The Great Henge\n1 Kitchen Finks", db)
    assert deck.lands == {"Forest": 10, "Rootbound Crag": 4}
    assert deck.land_count == 14 and deck.spell_count == 13
    curve = deck.curve()
    assert curve == {1: 7, 2: 3, 3: 1, 9: 2}     # Fireball {X}{R}: 1; Shatterskull {X}{R}{R}: 2
    assert list(curve) == sorted(curve)


def test_color_requirements(db):
    deck = Deck({"Forest": 8, "Rootbound Crag": 4, "City of Brass": 2, "Cragcrown Pathway": 2,
                 "Reflecting Pool": 1, "Shatterskull Smashing": 1, "Llanowar Elves": 4,
                 "Birds of Paradise": 1, "Sol Ring": 1, "Questing Beast": 3, "Kitchen Finks": 2,
                 "Burning-Tree Emissary": 4, "Spectral Procession": 1, "Gitaxian Probe": 2}, db=db)
    reqs = deck.color_requirements()
    assert list(reqs) == ["W", "U", "B", "R", "G"]          # City of Brass, Birds: every colour
    g, r, w, u, b = reqs["G"], reqs["R"], reqs["W"], reqs["U"], reqs["B"]
    assert isinstance(g, ColorRequirement)
    # G spells: Elves 4, Birds 1, Beast 3, Finks 2, Emissary 4
    assert g.spells == 14
    assert g.pips == 4 + 1 + 3 * 2 + 2 * 1 + 4 * 1     # Finks {G/W}x2 and Emissary {R/G}x2: ½ each
    assert g.max_pips == 2
    # R spells: Emissary 4 (½ + ½), Shatterskull {X}{R}{R}
    assert (r.spells, r.pips, r.max_pips) == (5, 6, 2)
    # W: Finks (1 per copy), Spectral Procession {2/W} x3 counts 3 pips
    assert (w.spells, w.pips, w.max_pips) == (3, 5, 3)
    # U: Phyrexian only
    assert (u.spells, u.pips, u.phyrexian) == (2, 0, 2)
    # land sources: Forest 8, Crag 4, City 2, Pathway back 2, Pool 1 (G: other lands make G)
    assert g.sources == 8 + 4 + 2 + 2 + 1
    # R: Crag 4, City 2, Pathway front 2, Pool 1, Shatterskull's land back 1
    assert r.sources == 4 + 2 + 2 + 1 + 1
    # W, U, B: City of Brass 2, and Reflecting Pool 1 as City of Brass makes every colour
    assert w.sources == u.sources == b.sources == 3
    assert b.spells == 0
    assert g.nonland_sources == 5 and w.nonland_sources == 1   # Elves + Birds; Birds
    assert "C" not in reqs                                      # Sol Ring: colourless


def test_color_requirements_only_list_colours_present(db):
    deck = Deck({"Mountain": 16, "Lightning Bolt": 4}, db=db)
    assert list(deck.color_requirements()) == ["R"]
    req = deck.color_requirements()["R"]
    assert (req.spells, req.pips, req.max_pips, req.sources) == (4, 4, 1, 16)


def test_summary(db):
    deck = Deck.from_file(DATA / "arena_60.txt", db)
    text = deck.summary()
    lines = text.splitlines()
    assert lines[0] == str(deck) == "Gruul Stompy: 60 cards (22 lands, 38 spells); sideboard 15"
    assert "Curve" in text and "   1 | ############ 12" in lines
    assert any(line.split()[:1] == ["G"] for line in lines)
    assert repr(deck) == "<Deck 'Gruul Stompy': 60 cards>"


def test_check_constructed(db):
    deck = Deck({"Mountain": 40, "Lightning Bolt": 5, "Relentless Rats": 12},
                sideboard={"Lightning Bolt": 1, "Abrade": 4, "Naturalize": 4,
                           "Smash to Smithereens": 4, "Thrashing Brontodon": 4}, db=db)
    problems = deck.check()
    assert any("57 cards" in p for p in problems)
    assert any("6 copies of 'Lightning Bolt'" in p for p in problems)
    assert any("sideboard has 17" in p for p in problems)
    assert not any("Relentless Rats" in p or "Mountain" in p for p in problems)
    assert len(problems) == 3


def test_check_commander(db):
    deck = Deck({"Forest": 97, "Grizzly Bears": 2}, commander="Llanowar Elves", db=db)
    problems = deck.check("commander")
    assert any("2 copies of 'Grizzly Bears'" in p for p in problems)
    assert any("'Llanowar Elves' can't be a commander" in p for p in problems)
    assert len(problems) == 2
    assert any(p.startswith("no commander") for p in Deck({"Forest": 100}, db=db).check("commander"))
    with pytest.raises(ValueError):
        deck.check("vintage")


# ---- writing and reading back --------------------------------------------------------------

def test_to_text_round_trip(db):
    deck = Deck({"Forest": 30, "Fire // Ice": 2}, sideboard={"Abrade": 2},
                commander="Questing Beast", companion="Lurrus of the Dream-Den", db=db, name="RT")
    again = read(deck.to_text(), db)
    for section in ("maindeck", "sideboard", "commander", "companion", "name"):
        assert getattr(again, section) == getattr(deck, section)


_NAMES = sorted(CardDatabase.from_toml(DATA / "test_cards.toml"))
_cards = st.lists(st.tuples(st.sampled_from(_NAMES), st.integers(1, 60)), max_size=20)


@settings(max_examples=150, deadline=None)
@given(main=_cards.filter(bool), side=_cards,
       style=st.sampled_from(["{n} {name}", "{n}x {name}", "{n} x {name}", "{n}X {name}"]),
       case=st.sampled_from([str, str.lower, str.upper]),
       separator=st.sampled_from(["", "Sideboard", "SB:"]),
       eol=st.sampled_from(["\n", "\r\n", "\r"]), bom=st.booleans())
def test_plain_lists_read_back_with_the_same_counts(db, main, side, style, case, separator, eol, bom):
    def lines(pairs):
        return [name if n == 1 and style == "{n} {name}" else style.format(n=n, name=case(name))
                for name, n in pairs]

    def total(pairs):
        out = {}
        for name, n in pairs:
            out[name] = out.get(name, 0) + n
        return out

    text = lines(main)
    if side:
        text += ["", *([separator] if separator else []), *lines(side)]
    deck = read(("\ufeff" if bom else "") + eol.join(text) + eol, db)
    assert deck.maindeck == total(main)
    assert deck.sideboard == total(side)

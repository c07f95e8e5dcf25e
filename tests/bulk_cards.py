"""A small Scryfall bulk file's cards for the tests of the imported database and its commands:
real cards' oracle text (checked against tests/corpus.py), but for a curated card given other
text (the curated entry must win) and one test card, named so."""


def _scryfall(name, cost, type_line, text, pt=None, layout="normal", **more):
    card = {"object": "card", "oracle_id": f"id-{name}", "name": name, "layout": layout, "mana_cost": cost,
            "type_line": type_line, "oracle_text": text, **more}
    if pt:
        card["power"], card["toughness"] = pt.split("/")
    return card


CARDS = [
    _scryfall("Llanowar Elves", "{G}", "Creature — Elf Druid", "{T}: Add {G}. (homebrew text, curated wins)", "1/1"),
    _scryfall("Heartfire Hero", "{R}", "Creature — Mouse Soldier",
              "Valiant — Whenever this creature becomes the target of a spell or ability you control for the first "
              "time each turn, put a +1/+1 counter on it.\nWhen this creature dies, it deals damage equal to its "
              "power to each opponent.", "1/1"),
    _scryfall("Shock", "{R}", "Instant", "Shock deals 2 damage to any target."),
    _scryfall("Rockface Village", "", "Land", "{T}: Add {C}.\n{T}: Add {R}. Spend this mana only to cast a creature "
              "spell.\n{R}, {T}: Target Lizard, Mouse, Otter, or Raccoon you control gets +1/+0 and gains haste until "
              "end of turn. Activate only as a sorcery."),
    _scryfall("Mountain", "", "Basic Land — Mountain", "({T}: Add {R}.)"),
    _scryfall("Raging Goblin", "{R}", "Creature — Goblin Berserker", "Haste", "1/1", keywords=["Haste"]),
    _scryfall("Test Goblin Recruiter", "{3}{R}", "Creature — Goblin",
              "When this creature enters, create two 1/1 red Goblin creature tokens.", "2/2"),
    _scryfall("Treasure", "", "Token Artifact — Treasure", "{T}, Sacrifice this token: Add one mana of any color.",
              layout="token"),
]

DECK = "Deck\n4 Heartfire Hero\n4 Raging Goblin\n4 Shock\n4 Test Goblin Recruiter\n4 Rockface Village\n16 Mountain\n"

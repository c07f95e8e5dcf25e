"""Creature lands as the recognizer reads their oracle text (the tests that read them check it), for the
tests of several layers: the rules through Scenario (tests/rules) and the goldfish (tests/simulate)."""
from mtgsim import card

# Restless Fortress as the recognizer reads its oracle text (tests/rules/test_attack_triggers.py)
FORTRESS = card("Restless Fortress", "", "Land", abilities=[
    {"kind": "enters", "tapped": True},
    {"kind": "mana", "cost": "{T}", "options": ["{W}", "{B}"]},
    {"kind": "activated", "cost": "{2}{W}{B}", "becomes": ["Creature"], "becomes_power": 1, "becomes_toughness": 4,
     "becomes_subtypes": ["Nightmare"], "becomes_colors": ["W", "B"]},
    {"kind": "trigger", "event": "self_attacks", "opponent_loses_life": 2, "gain_life": 2}])

# Den of the Bugbear as the recognizer reads its oracle text (tests/rules/test_becomes.py)
DEN = card("Den of the Bugbear", "", "Land", abilities=[
    {"kind": "enters", "tapped": True, "unless": "few_other_lands"},
    {"kind": "mana", "cost": "{T}", "mana": "{R}"},
    {"kind": "activated", "cost": "{3}{R}", "becomes": ["Creature"], "becomes_power": 3, "becomes_toughness": 2,
     "becomes_subtypes": ["Goblin"], "becomes_colors": ["R"], "becomes_abilities": [
         {"kind": "trigger", "event": "self_attacks", "tokens": {"Goblin": 1}, "tapped_and_attacking": True}]}])

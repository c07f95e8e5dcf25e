"""Mana abilities (605.1a: "Add ..." with what follows it: pain, spending restrictions, Urza's
lands) and triggered mana abilities (106.12a: "whenever ... is tapped for mana, add ...")."""
from __future__ import annotations

import re

from ..oracle_text import sentences
from .phrases import MANA, SYMBOL, TYPE_WORDS, amount_phrase, mana_symbols, number_of, activate_only

_ANY = r"(?:one|two|three|four|five)"   # (X mana of an ability: not the X of a spell)


def mana_effect(text: str) -> dict | None:
    """'Add {G}' / 'Add {R} or {G}' / 'Add one mana of any color' / 'Add {G} for each Elf you
    control' ... → the mana fields of a `mana` ability table, else None."""
    t = text.strip().rstrip(".")
    m = re.fullmatch(r"[Aa]dd (.+)", t)
    if not m:
        return None
    body = m.group(1)
    if fixed := mana_symbols(body):
        return {"mana": fixed}
    parts = re.split(r",? or |, ", body)
    if len(parts) >= 2 and all(mana_symbols(p) for p in parts):
        return {"options": parts}
    if m := re.fullmatch(rf"(?P<n>{_ANY}) mana of any (?:one )?color", body):
        return {"output": "any_color"} | ({} if m["n"] == "one" else {"amount": number_of(m["n"])})
    if body == "one mana of any type":
        return {"output": "any_type"}
    if m := re.fullmatch(r"one mana of any (?P<kind>color|type) that a land (?P<who>you control|an opponent controls)"
                         r" could produce", body):
        return {"output": "any_color" if m["kind"] == "color" else "any_type",
                "could_produce": "you" if m["who"] == "you control" else "opponents"}
    if m := re.fullmatch(r"X mana of any one color, where X is ~'s (?P<what>power|toughness)", body):
        return {"output": "any_color", "amount": {"count": m["what"]}}
    if m := re.fullmatch(rf"(?P<n>{_ANY}) mana in any combination of colors", body):
        return {"output": "combination", "amount": number_of(m["n"])}
    if m := re.fullmatch(r"X mana in any combination of (?P<a>\{[WUBRG]\}) and/or (?P<b>\{[WUBRG]\})", body):
        return {"output": "combination", "options": [m["a"], m["b"]], "amount": "X", "_removed": ""}
    if m := re.fullmatch(r"(?P<mana>\{[WUBRGC]\}) for each (?P<kind>storage|charge) counter removed this way", body):
        return {"mana": m["mana"], "amount": "X", "_removed": m["kind"]}     # (107.3a: the X of its cost)
    if m := re.fullmatch(rf"(?P<n>{_ANY}) mana of the chosen color", body):
        return {"output": "chosen_color"} | ({} if m["n"] == "one" else {"amount": number_of(m["n"])})
    # (compiled per deck: the commanders' identity colours, none without a commander, 903.4f)
    if body == "one mana of any color in your commander's color identity":
        return {"output": "commander_identity"}
    m = re.fullmatch(r"(?P<fixed>(?:\{[WUBRGC]\}(?:, | or |, or ))+)one mana of the chosen color", body)
    if m:
        return {"split": [mana_symbols(x) for x in re.split(r", or |, | or ", m["fixed"]) if x] + ["chosen"]}
    if m := re.fullmatch(rf"(?P<mana>{MANA}) (?P<amount>(?:for each|equal to) .+)", body):
        fixed, amount = mana_symbols(m["mana"]), amount_phrase(m["amount"])
        if fixed and amount is not None and len(re.findall(SYMBOL, fixed)) == 1:
            return {"mana": fixed, "amount": amount}
    if m := re.fullmatch(r"an amount of (?P<mana>\{[WUBRGC]\}) (?P<amount>equal to .+)", body):
        amount = amount_phrase(m["amount"])
        if amount is not None:
            return {"mana": m["mana"], "amount": amount}
    return None


def _spend_phrase(text: str) -> str | None:
    """A spending restriction (106.6) in the vocabulary's words, as the curated data writes it
    ("a legendary spell" → "legendary spells"; "activate an ability of an artifact source" →
    "abilities of artifacts": an ability of a source is an ability of that permanent), or
    None if it is outside the vocabulary."""
    from ..model import SpendRestriction
    spells, _, abilities = re.sub(r" or (?:to )?activate ", " or activate ", text).partition("activate ")
    spells = re.sub(r"^(?:a|an) (.*?)\bspell\b", r"\1spells", spells.strip())
    # "instant and sorcery spells": each instant and each sorcery spell, one or the other
    spells = re.sub(r"\b(artifact|creature|enchantment|instant|sorcery|planeswalker) and (?=[a-z])", r"\1 or ", spells)
    if abilities.strip() in ("an ability", "abilities"):       # (of any permanent)
        abilities = "abilities"
    elif abilities:
        m = re.fullmatch(r"(?:an ability|abilities) of (?:an? )?(?P<what>[\w, ]+?)(?: sources?)?", abilities.strip())
        if m is None:
            return None
        what = m["what"]
        if what in TYPE_WORDS and what == what.lower():        # (a card type: written plural)
            what = "sorceries" if TYPE_WORDS[what] == "Sorcery" else TYPE_WORDS[what].lower() + "s"
        abilities = f"abilities of {what}"
    phrase = f"{spells} {abilities}".strip()
    if "of the chosen type" in phrase and phrase != "creature spells of the chosen type":
        return None     # (only a creature spell of the type chosen is read: compile.chosen_creature_type)
    try:
        SpendRestriction.parse(phrase)
    except ValueError:
        return None
    return phrase


def mana_ability_tables(cost: str, effect: str) -> list[dict] | None:
    """A `mana` ability table from its cost and effect text (sentences after "Add ..." may
    say the ability hurts, restrict the spending of its mana, keep its source tapped through
    the next untap step, or say when it may be activated), else None."""
    ss = sentences(effect)
    out = mana_effect(ss[0])
    if out is None:
        return None
    if "split" in out:                 # "{T}: Add {G} or one mana of the chosen color": one
        if len(ss) > 1:                # ability of two choices is two abilities of one each
            return None
        return [{"kind": "mana", "cost": cost, **({"output": "chosen_color"} if m == "chosen" else {"mana": m})}
                for m in out["split"]]
    if "_removed" in out:                # (its X: the counters its own cost removes, of that kind)
        kind = out.pop("_removed") or r"\S+"
        if not re.search(rf"\bremove (?:X|any number of) {kind} counters\b", cost, re.IGNORECASE):
            return None
    out = {"kind": "mana", "cost": cost, **out}
    for s in ss[1:]:
        if m := re.fullmatch(r"~ deals (\d+) damage to you\.?", s):
            out["damage_to_you"] = int(m.group(1))
        elif m := re.fullmatch(r"You (gain|lose) (\d+) life\.?", s):
            out["gain_life" if m.group(1) == "gain" else "lose_life"] = int(m.group(2))
        elif m := re.fullmatch(r"Each opponent gains (\d+) life\.?", s):
            out["opponent_gains_life"] = int(m.group(1))     # (Grove of the Burnwillows, 119.3)
        elif re.fullmatch(r"If that mana is spent on [^,]+, that spell can't be countered\.?", s):
            pass                        # (the goldfish opponent counters nothing)
        elif m := re.fullmatch(r"Spend this mana only to (?:cast )?(.+?)"
                               r"(?:, and that spell can't be countered)?\.?", s):
            phrase = _spend_phrase(m.group(1))
            if phrase is None:
                return None
            out["spend_only_on"] = phrase
        elif re.fullmatch(r"~ doesn't untap during your next untap step\.?", s):
            out["skip_untap"] = True    # (502.3)
        elif s.startswith("Activate only "):
            only = activate_only(s)     # (602.5; a mana ability has no sorcery timing here)
            if only is None or "sorcery_speed" in only or "activate_only" in out:
                return None
            out["activate_only"] = only
        elif m := re.fullmatch(r"If you control an (Urza's [\w-]+) and an (Urza's [\w-]+), "
                               r"add ((?:\{C\})+) instead\.?", s):
            out["if_you_control"] = [m.group(1).removeprefix("Urza's "), m.group(2).removeprefix("Urza's ")]
            out["instead"] = m.group(3)
        else:
            return None
    return [out]

"""The tokens a card's effects name: the one walk over a card's abilities (its levels', its
kicked effects', the abilities an animation gives, its back face's) finding the token cards they
create, for the database that resolves them and the compiler that checks them."""
from __future__ import annotations

from .model import CardDef, Effect

__all__ = ["token_references", "tokens_named"]


def token_references(card: CardDef) -> tuple[tuple[str, str], ...]:
    """(field, token card name) for each token the effects of `card` create, in the order of
    its abilities (an effect, then its kicked effect), then its back face's: the one walk of
    which cards a card's effects name, for the database that resolves them and checks them."""
    found = []
    for face, prefix in ((card, ""), (card.back, "back.")):
        groups = [("", face.abilities)] + [(f"levels[{k}].", lv.abilities) for k, lv in enumerate(face.levels)] \
            if face is not None else []
        for where, abilities in groups:
            for i, a in enumerate(abilities):
                for part in ("effect", "kicked"):
                    found += _tokens_of(getattr(a, part, None),
                                        f"{prefix}{where}abilities[{i}].{'kicked.' if part == 'kicked' else ''}")
    return tuple(found)


def _tokens_of(e: Effect | None, where: str) -> list[tuple[str, str]]:
    """(field, token card name) for each token effect `e` creates, and those of the abilities it gives
    (becomes_abilities: Den of the Bugbear's Goblin)."""
    found = []
    for op in e.ops if e is not None else ():
        if op.name == "tokens":
            found += [(f"{where}tokens", token) for token, _ in op.value]
        elif op.name == "becomes":
            for k, granted in enumerate(op.get("becomes_abilities")):
                found += _tokens_of(granted.effect, f"{where}becomes_abilities[{k}].")
    return found


def tokens_named(card: CardDef) -> tuple[str, ...]:
    """The names of the token cards the effects of `card` (and its back face) create, each once."""
    return tuple(dict.fromkeys(name for _, name in token_references(card)))

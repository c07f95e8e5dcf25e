"""Build tests/data/missing_faces.json: the faces of the tournament decks' cards
(tests/data/tournament_decks.txt) that the tests' oracle corpus (tests/corpus.py) lacks -- the
back face of a modal double-faced card, the other half of a split or aftermath card, the
adventure (or omen) of an adventurer -- taken from Forge's card scripts, written in the corpus's
own record format ("face": "back", "front": the front face's name), so that the bulk reader
joins them to their fronts as it joins the corpus's transforming cards (tests/corpus.py:
with_faces).

    python benchmarks/build_missing_faces.py --forge DIR --commits FILE

DIR holds Forge's card scripts as the repository has them (forge-gui/res/cardsfolder/<letter>/
<card>.txt: a checkout of https://github.com/Card-Forge/forge, whole or sparse); FILE names the
commit each script was taken at ("PATH<TAB>COMMIT" a line; or --commit SHA for a checkout of one
commit). Only facts are taken from a script: each face's Name, ManaCost, Types, PT, Loyalty, its
keywords (K: lines naming a keyword its Oracle text prints) and Oracle text; never its code.
A card of the decks whose face the scripts don't hold is listed under "not_in_source".
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = ROOT / "tests" / "data" / "missing_faces.json"
SOURCE = "https://github.com/Card-Forge/forge"
CARDS = "forge-gui/res/cardsfolder"
# (a melded face is one card made of two fronts; the corpus has it as a card of its own)
NOT_SUPPLIED = {"meld": "a melded face belongs to two front cards; the corpus holds it as a card of its own"}


def lacking(records: list[dict], names: set[str]) -> dict[str, list[str]]:
    """The cards named (by full or front-face name) whose corpus record names faces that no
    record holds: full name -> the missing faces' names. (A reversible card's two faces show
    one card: it lacks none.)"""
    backs = {(r.get("front"), r["name"]) for r in records if r.get("face") == "back"}
    out = {}
    for r in records:
        parts = r["name"].split(" // ")
        if (r.get("face") is not None or len(parts) < 2 or r.get("layout") == "reversible_card"
                or not (r["name"] in names or parts[0] in names)):
            continue
        missing = [p for p in parts[1:] if (parts[0], p) not in backs]
        if missing:
            out[r["name"]] = missing
    return out


def script_path(name: str) -> str:
    """The path of a card's script in Forge's repository: its faces' names in lower case,
    joined by "_" ("Sink into Stupor // Soporific Springs" -> s/sink_into_stupor_soporific_springs.txt)."""
    slug = re.sub(r"[^a-z0-9]+", "_", re.sub(r"['’,.!?]", "", name.lower().replace(" // ", " "))).strip("_")
    return f"{CARDS}/{slug[0]}/{slug}.txt"


def script_faces(text: str) -> list[dict[str, list[str]]]:
    """A card script's faces (split at its ALTERNATE lines), each its fields: key -> values
    (in order: a face has several K: lines)."""
    faces: list[dict[str, list[str]]] = [{}]
    for line in text.splitlines():
        line = line.strip()
        if line == "ALTERNATE":
            faces.append({})
        elif ":" in line:
            key, _, value = line.partition(":")
            faces[-1].setdefault(key, []).append(value.strip())
    return faces


def mana_cost(forge: str) -> str | None:
    """A Forge mana cost ("3 WU WU", "X G", "no cost") in the cards' own symbols ("{3}{W/U}{W/U}")."""
    if forge == "no cost":
        return None
    symbols = []
    for token in forge.split():
        if "/" in token or len(token) == 1 or token.isdigit():
            symbols.append(token)
        elif len(token) == 2:           # a hybrid symbol: "WU" is {W/U}, "2W" {2/W}, "PW" {W/P}
            symbols.append(f"{token[1]}/P" if token[0] == "P" else f"{token[0]}/{token[1]}")
        else:
            raise ValueError(f"ManaCost {forge!r}: {token!r} is not a mana symbol this reader knows")
    return "".join(f"{{{s}}}" for s in symbols)


def record(face: dict[str, list[str]], front: dict, where: str) -> dict:
    """The corpus record of a script's face, the back of the card whose front record is `front`."""
    from mtgsim.cards.model import CARD_TYPES, SUPERTYPES

    def one(key: str) -> str | None:
        values = face.get(key)
        return values[0] if values else None

    name, words = one("Name"), (one("Types") or "").split()
    if not name or not words:
        raise ValueError(f"{where}: a face without Name or Types")
    supertypes = [w for w in words if w in SUPERTYPES]
    types = [w for w in words if w in CARD_TYPES]
    subtypes = [w for w in words if w not in SUPERTYPES and w not in CARD_TYPES]
    text = (one("Oracle") or "").replace("\\n", "\n")
    keywords = [k.split(":")[0] for k in face.get("K", [])]
    keywords = [k for k in keywords if re.fullmatch(r"[A-Za-z][A-Za-z ]*", k) and k.lower() in text.lower()]
    power, _, toughness = (one("PT") or "").partition("/")
    return {"name": name, "manaCost": mana_cost(one("ManaCost") or "no cost"),
            "type": " ".join(supertypes + types) + (" \u2014 " + " ".join(subtypes) if subtypes else ""),
            "types": types, "subtypes": subtypes, "supertypes": supertypes, "keywords": keywords or None,
            "power": power or None, "toughness": toughness or None, "loyalty": one("Loyalty"),
            "text": text, "layout": front["layout"], "colorIdentity": front["colorIdentity"],
            "face": "back", "front": front["name"].split(" // ")[0]}


def build(forge: Path, commits: dict[str, str], records: list[dict], names: set[str], commit: str = "") -> dict:
    """The supplement: the lacking faces' records, where each was taken (its script's path and
    commit: `commits`, else `commit`), and the cards whose faces the scripts don't hold (with why)."""
    fronts = {r["name"]: r for r in records if r.get("face") is None}
    out: dict = {"records": [], "sources": {}, "not_in_source": {}}
    for full, missing in sorted(lacking(records, names).items()):
        front = fronts[full]
        if front["layout"] in NOT_SUPPLIED:
            out["not_in_source"][full] = f"layout {front['layout']}: {NOT_SUPPLIED[front['layout']]}"
            continue
        path = script_path(full)
        if not (forge / path).exists():
            out["not_in_source"][full] = f"no {path} in the source"
            continue
        faces = {f["Name"][0]: f for f in script_faces((forge / path).read_text(encoding="utf-8")) if "Name" in f}
        for name in missing:
            if name not in faces:
                raise ValueError(f"{path}: no face named {name!r} (faces: {', '.join(faces)})")
            if not (taken := commits.get(path, commit)):
                raise ValueError(f"{path}: no commit given for it (--commits FILE: PATH<TAB>COMMIT a line)")
            out["records"].append(record(faces[name], front, path))
            out["sources"][name] = f"{path}@{taken}"
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--forge", type=Path, required=True, metavar="DIR", help=f"a directory holding {CARDS}/")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--commits", type=Path, metavar="FILE", help="PATH<TAB>COMMIT of each script, a line")
    which.add_argument("--commit", metavar="SHA", help="the one commit every script was taken at")
    p.add_argument("--out", type=Path, default=OUT, help=f"(default {OUT.relative_to(ROOT)})")
    args = p.parse_args(argv)
    sys.path.insert(0, str(ROOT / "tests"))
    try:
        from benchmark_scripts import script
        from corpus import corpus_path
    finally:
        sys.path.pop(0)
    bench = script("coverage")
    commits = {}
    if args.commits:
        rows = [line.split("\t") for line in args.commits.read_text(encoding="utf-8").splitlines() if line.strip()]
        commits = {path: commit for path, commit in rows}
    names = {name for deck in bench.read_decks() for _, name in deck.rows}
    records = json.loads(corpus_path().read_text(encoding="utf-8"))
    found = build(args.forge, commits, records, names, args.commit or "")
    doc = {"about": "Faces of the tournament decks' cards (tests/data/tournament_decks.txt) that the tests' "
                    "oracle corpus lacks, in its record format; read with tests/corpus.py: with_faces.",
           "source": f"{SOURCE}, {CARDS}: each face's Name, ManaCost, Types, PT, Loyalty, keywords and Oracle "
                     "text (facts only); the path and commit of each face's script in 'sources'",
           "built_by": "python benchmarks/build_missing_faces.py --forge DIR --commits FILE", **found}
    args.out.write_text(dumped(doc), encoding="utf-8")
    print(f"{len(found['records'])} faces written to {args.out}; not in the source: {len(found['not_in_source'])}")
    return 0


def dumped(doc: dict) -> str:
    """The supplement as JSON, a record a line (a face's change reads as one line's)."""
    head = {k: v for k, v in doc.items() if k != "records"}
    body = ",\n".join("  " + json.dumps(r, ensure_ascii=False) for r in doc["records"])
    return json.dumps(head, indent=1, ensure_ascii=False)[:-2] + ',\n "records": [\n' + body + "\n ]\n}\n"


if __name__ == "__main__":
    sys.exit(main())

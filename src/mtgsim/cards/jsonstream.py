"""A streaming walk over one large JSON text: the caller steps into the arrays and objects on
the path to the values it wants, and each of those is decoded whole by the standard library's
C decoder (`json.JSONDecoder.raw_decode`) from a buffer that holds about one chunk. A bulk card
file of gigabytes is so read in the memory of a few chunks and one record, at the decoder's speed.

Every fault is a `BulkFileError` naming the file, the value being read and its line and column:
a value cut off by the end of the file, text that is not JSON, a missing comma or bracket.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterator

from ..errors import BulkFileError

__all__ = ["MAX_VALUE_CHARS", "JsonStream"]

MAX_VALUE_CHARS = 64 << 20     # one value decoded whole (a card record) is never this long
_LOOKAHEAD = 256 << 10         # read ahead so a record is rarely split by the buffer's end
_WHITESPACE = re.compile(r"[ \t\n\r]*")
# What a decoding error at the end of the text may be: a number, a literal or a \u escape begun
_UNFINISHED = re.compile(r"(?:[-+.eE0-9]*|t(?:ru?)?|f(?:a(?:ls?)?)?|n(?:ul?)?|u[0-9a-fA-F]{0,4})[ \t\n\r]*")
_decode = json.JSONDecoder().raw_decode


class JsonStream:
    """The JSON text of `chunks` (consecutive pieces of it), read as a cursor.

    `peek()` tells what comes next; `value()` decodes the next value whole; `array()` and
    `members()` step into a container, yielding before each element (which the caller must then
    read with `value()`, `skip()`, `array()` or `members()`); `skip()` passes over a value of
    any size. `what` arguments name the value in error messages ("record 12").
    """

    def __init__(self, chunks: Iterator[str], source: str):
        self._chunks, self.source = chunks, source
        self._buf, self._pos, self._eof = "", 0, False
        # Lines are counted once, as the cursor passes: _mark is (index in _buf, its line, the
        # index in _buf where that line begins, negative if in text already dropped); _start
        # is the same for _buf[0].
        self._start = self._mark = (0, 1, 0)

    # ---- the buffer ------------------------------------------------------------------------

    def _more(self) -> bool:
        """Append the next chunk, first dropping what has been read; False at the end."""
        if self._eof:
            return False
        chunk = next(self._chunks, None)
        if chunk is None:
            self._eof = True
            return False
        pos = self._pos
        line, column = self._locate(pos)
        self._buf, self._pos = self._buf[pos:] + chunk, 0
        self._start = self._mark = (0, line, 1 - column)
        return True

    def _read_ahead(self) -> None:
        while len(self._buf) - self._pos < _LOOKAHEAD and self._more():
            pass

    def _locate(self, at: int) -> tuple[int, int]:
        """(line, column) of buffer index `at`, both from 1."""
        index, line, begins = self._mark
        if at < index:
            index, line, begins = self._start
        newlines = self._buf.count("\n", index, at)
        if newlines:
            line += newlines
            begins = self._buf.rindex("\n", index, at) + 1
        self._mark = (at, line, begins)
        return line, at - begins + 1

    def where(self, at: int | None = None) -> str:
        """'line L, column C' of buffer index `at` (default: the cursor)."""
        line, column = self._locate(self._pos if at is None else at)
        return f"line {line}, column {column}"

    @property
    def line(self) -> int:
        """The line of the cursor (from 1)."""
        return self._locate(self._pos)[0]

    def error(self, message: str, what: str = "", at: int | None = None) -> BulkFileError:
        where = f"{what} ({self.where(at)})" if what else self.where(at)
        return BulkFileError(message, source=self.source, where=where)

    # ---- reading ---------------------------------------------------------------------------

    def peek(self) -> str:
        """The next character that is not whitespace ("" at the end of the text)."""
        while True:
            self._pos = _WHITESPACE.match(self._buf, self._pos).end()  # type: ignore[union-attr]  # (\s* matches)
            if self._pos < len(self._buf):
                return self._buf[self._pos]
            if not self._more():
                return ""

    def at_end(self) -> bool:
        return self.peek() == ""

    def opening(self, n: int = 40) -> str:
        """The next `n` characters (for a message saying what the file looks like)."""
        self.peek()
        while len(self._buf) - self._pos < n and self._more():
            pass
        return self._buf[self._pos:self._pos + n]

    def value(self, what: str) -> object:
        """Decode the next value whole, reading on until it is complete."""
        if self.peek() == "":
            raise self.error(f"the file ends where {what} should be (it looks cut short: an "
                             "incomplete download?)")
        self._read_ahead()
        while True:
            complete, value, end = self._attempt(what)
            if complete:
                self._pos = end
                return value
            if len(self._buf) - self._pos > MAX_VALUE_CHARS:
                raise self.error(f"a single value over {MAX_VALUE_CHARS >> 20} MiB long: "
                                 "not a card file this reader knows", what)
            self._more()

    def probe(self, limit: int, what: str) -> tuple[bool, object]:
        """The next value, decoded without moving the cursor, if it ends within `limit`
        characters: (True, value); else (False, None)."""
        if self.peek() == "":
            return False, None
        while True:
            complete, value, _ = self._attempt(what)
            if complete:
                return True, value
            if len(self._buf) - self._pos > limit or not self._more():
                return False, None

    def _attempt(self, what: str) -> tuple[bool, object, int]:
        """Decode at the cursor: (True, value, end) if the buffer holds the whole value,
        (False, None, 0) if more text may complete it; raises if it can't be JSON."""
        buf = self._buf
        try:
            value, end = _decode(buf, self._pos)
        except RecursionError:
            raise self.error("arrays or objects nested too deeply to read", what) from None
        except json.JSONDecodeError as e:
            # A string running to the buffer's end, or a number, literal or escape cut off by
            # it, may be completed by the next chunk; any other fault is in the text itself.
            unfinished = e.msg.startswith("Unterminated string") or _UNFINISHED.fullmatch(buf, e.pos)
            if unfinished and self._eof:
                raise self.error("the file ends inside it (it looks cut short: an incomplete "
                                 "download?)", what) from None
            if not unfinished:
                raise self.error(f"not valid JSON at {self.where(e.pos)}: {e.msg}", what) from None
            return False, None, 0
        if end == len(buf) and not self._eof:   # a number at the buffer's end may go on
            return False, None, 0
        return True, value, end

    def _expect(self, char: str, where: str) -> None:
        found = self.peek()
        if found != char:
            shown = repr(found) if found else "the end of the file"
            raise self.error(f"expected {char!r} {where}, found {shown}")
        self._pos += 1

    def _after_element(self, close: str, what: str, index: int) -> bool:
        """Pass the ',' after element `index`; False (having passed `close`) at the last."""
        found = self.peek()
        if found == ",":
            self._pos += 1
            return True
        if found == close:
            self._pos += 1
            return False
        if found == "":
            raise self.error(f"the file ends after item {index} of {what}, before its {close!r} "
                             "(it looks cut short: an incomplete download?)")
        raise self.error(f"expected ',' or {close!r} after item {index} of {what}, found {found!r}")

    def array(self, what: str) -> Iterator[int]:
        """Step into the array at the cursor: yield 1, 2, ... before each element."""
        self._expect("[", f"to begin {what}")
        if self.peek() == "]":
            self._pos += 1
            return
        index = 1
        while True:
            yield index
            if not self._after_element("]", what, index):
                return
            index += 1

    def members(self, what: str) -> Iterator[str]:
        """Step into the object at the cursor: yield each key, the cursor at its value."""
        self._expect("{", f"to begin {what}")
        if self.peek() == "}":
            self._pos += 1
            return
        index = 1
        while True:
            if self.peek() != '"':
                raise self.error(f"expected a key in quotes in {what}", f"item {index} of {what}")
            key = str(self.value(f"a key of {what}"))          # (a string: it began with a quote)
            self._expect(":", f"after the key {key!r} in {what}")
            yield key
            if not self._after_element("}", what, index):
                return
            index += 1

    def skip(self, what: str) -> None:
        """Pass over the next value: decoded whole if it is in the buffer already, else walked
        through element by element (so a skipped value of any size costs no memory)."""
        first = self.peek()
        if first in ("[", "{"):
            complete, _, end = self._attempt(what)
            if complete:
                self._pos = end
            elif first == "[":
                for _ in self.array(what):
                    self.skip(what)
            else:
                for _ in self.members(what):
                    self.skip(what)
        else:
            self.value(what)

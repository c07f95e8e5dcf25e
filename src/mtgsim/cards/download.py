"""Downloading Scryfall's oracle bulk file (a record per card; see `bulk` to read it), the way
Scryfall asks (https://scryfall.com/docs/api): an accurate User-Agent and an Accept header on
every API request, at most 10 requests a second, the bulk file itself fetched from the address
the API gives. Only the standard library's urllib; nothing touches the network on import.

Every failure is a `DownloadError` naming the address and the cause, in one line, within the
timeout: no server there, no answer, an HTTP error, a reply that is not what was asked for, a
connection lost midway (then no part of the file is left behind: it is written whole or not).
"""
from __future__ import annotations

import http.client
import json
import os
import re
import socket
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from tqdm import tqdm

from ..errors import DownloadError
from ..version import __version__
from .bulk_records import describe
from .cache import atomic_writer

__all__ = ["SCRYFALL_API", "download_oracle_bulk", "user_agent"]

SCRYFALL_API = "https://api.scryfall.com"
REQUEST_GAP = 0.1            # seconds between requests: Scryfall's limit is 10 a second
_API_ACCEPT = "application/json;q=0.9,*/*;q=0.8"
_BLOCK = 1 << 16
_MAX_API_REPLY = 16 << 20    # a bulk-data object is a few hundred bytes
_pace = threading.Lock()
_last_request = 0.0          # time.monotonic() of the last request this process made


def user_agent() -> str:
    """mtgsim's User-Agent: its name and version, as Scryfall asks of every application."""
    return f"mtgsim/{__version__} (Python {sys.version_info.major}.{sys.version_info.minor}; urllib)"


def download_oracle_bulk(dest_dir: str | os.PathLike, *, api: str = SCRYFALL_API, timeout: float = 30,
                         progress: bool = True) -> Path:
    """Download Scryfall's current oracle bulk file into `dest_dir` under the file's own name
    (JSON Lines, gzipped, when Scryfall offers it; else its JSON array) and return its path.

    Asks `api`/bulk-data/oracle-cards where the file is, then streams it to a temporary file
    beside its place, renamed when whole. `timeout` (seconds) bounds connecting and each wait for
    data; `progress` shows a bar on a terminal's stderr. Raises DownloadError.
    """
    where = f"{api.rstrip('/')}/bulk-data/oracle-cards"
    described = _api_json(where, timeout)
    if not isinstance(described, dict) or described.get("object") != "bulk_data":
        raise DownloadError(where, f"the reply is {describe(described)}, not a Scryfall bulk-data object")
    file_url = described.get("jsonl_download_uri") or described.get("download_uri")
    if not isinstance(file_url, str) or not file_url:
        raise DownloadError(where, "the bulk-data object gives no download_uri to fetch the file from")
    return _download(file_url, Path(dest_dir) / _file_name(file_url), timeout, progress)


# ---- requests --------------------------------------------------------------------------------

def _wait_turn() -> None:
    """Keep REQUEST_GAP between this process's requests."""
    global _last_request
    with _pace:
        wait = _last_request + REQUEST_GAP - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        _last_request = time.monotonic()


def _open(url: str, accept: str, timeout: float) -> http.client.HTTPResponse:
    if urllib.parse.urlsplit(url).scheme not in ("http", "https"):
        raise DownloadError(url, "not an http(s) address")
    _wait_turn()
    request = urllib.request.Request(url, headers={"User-Agent": user_agent(), "Accept": accept})
    try:
        return urllib.request.urlopen(request, timeout=timeout)
    except urllib.error.HTTPError as e:
        raise DownloadError(url, _http_error(e)) from None
    except urllib.error.URLError as e:
        raise DownloadError(url, _cause(e.reason, timeout)) from None
    except (OSError, http.client.HTTPException, ValueError) as e:
        raise DownloadError(url, _cause(e, timeout)) from None


def _http_error(e: urllib.error.HTTPError) -> str:
    text = f"HTTP {e.code} {e.reason}"
    try:    # Scryfall's error object says why
        details = json.loads(e.read(_BLOCK)).get("details")
    except (OSError, ValueError, AttributeError, http.client.HTTPException):
        details = None
    if isinstance(details, str) and details:
        text += f": {details}"
    if e.code == 429:
        text += " (Scryfall asks for fewer requests: wait a minute before trying again)"
    return text


def _cause(reason: object, timeout: float) -> str:
    """A network failure in words."""
    if isinstance(reason, TimeoutError):
        return f"no answer within {timeout:g} s"
    if isinstance(reason, ConnectionRefusedError):
        return "connection refused (no server at that address and port)"
    if isinstance(reason, socket.gaierror):
        return f"the host name can't be looked up ({reason.strerror})"
    if isinstance(reason, OSError) and reason.strerror:
        return reason.strerror[0].lower() + reason.strerror[1:]
    return f"{type(reason).__name__}: {reason}" if isinstance(reason, BaseException) else str(reason)


def _api_json(url: str, timeout: float) -> object:
    with _open(url, _API_ACCEPT, timeout) as reply:
        try:
            body = reply.read(_MAX_API_REPLY)
        except (OSError, http.client.HTTPException) as e:
            raise DownloadError(url, f"the reply broke off: {_cause(e, timeout)}") from None
    try:
        return json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise DownloadError(url, f"the reply is not JSON: it begins {body[:40]!r}") from None


# ---- the file --------------------------------------------------------------------------------

def _file_name(url: str) -> str:
    """The file's own name, from the last part of its address ("oracle-cards-20260701.jsonl.gz");
    only letters, digits, '.', '-' and '_', so it can't name another place."""
    name = urllib.parse.unquote(urllib.parse.urlsplit(url).path.rsplit("/", 1)[-1])
    name = re.sub(r"[^A-Za-z0-9._-]", "_", name).lstrip(".")
    return name or "oracle-cards.json"


def _download(url: str, path: Path, timeout: float, progress: bool) -> Path:
    with _open(url, "*/*", timeout) as reply:
        length = reply.headers.get("Content-Length")
        total = int(length) if length and length.isdigit() else None
        shown = progress and sys.stderr.isatty()
        received = 0
        try:
            with atomic_writer(path) as file, tqdm(total=total, unit="B", unit_scale=True, unit_divisor=1024,
                                                   desc=path.name, disable=not shown, leave=False) as bar:
                while block := _read(reply, url, timeout, received, total):
                    file.write(block)
                    received += len(block)
                    bar.update(len(block))
                if total is not None and received < total:
                    raise DownloadError(url, f"the connection closed after {received:,} of {total:,} bytes")
        except DownloadError:
            raise
        except OSError as e:     # (reading is _read's: this is writing the file)
            raise DownloadError(url, f"can't write {path}: {e.strerror or e}") from None
    return path


def _read(reply: http.client.HTTPResponse, url: str, timeout: float, received: int, total: int | None) -> bytes:
    try:
        return reply.read1(_BLOCK)      # (what has come, up to a block: a stall is seen as such)
    except http.client.IncompleteRead as e:
        of = f" of {total:,}" if total is not None else ""
        raise DownloadError(url, f"the connection closed after {received + len(e.partial):,}{of} bytes") from None
    except TimeoutError:
        raise DownloadError(url, f"the download stalled: no data for {timeout:g} s after {received:,} "
                                 "bytes") from None
    except (OSError, http.client.HTTPException) as e:
        raise DownloadError(url, f"the download broke off after {received:,} bytes: {_cause(e, timeout)}") from None

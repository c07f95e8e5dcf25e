"""Downloading Scryfall's oracle bulk file (mtgsim.cards.download), against a small HTTP server
on 127.0.0.1 playing Scryfall: the etiquette Scryfall asks for, the file kept whole under its
own name, and each way a download fails named in one line, within the timeout."""
import gzip
import itertools
import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from mtgsim.cards.bulk import read_bulk
from mtgsim.cards.download import REQUEST_GAP, download_oracle_bulk, user_agent
from mtgsim.errors import DownloadError, MtgsimError

CARDS = [
    {"object": "card", "oracle_id": "oracle-llanowar", "name": "Llanowar Elves", "layout": "normal",
     "mana_cost": "{G}", "type_line": "Creature — Elf Druid", "oracle_text": "{T}: Add {G}.", "power": "1",
     "toughness": "1"},
    {"object": "card", "oracle_id": "oracle-treasure", "name": "Treasure", "layout": "token",
     "type_line": "Token Artifact — Treasure", "oracle_text": "{T}, Sacrifice this token: Add one mana of any color."},
]
JSONL_GZ = gzip.compress("".join(json.dumps(c) + "\n" for c in CARDS).encode())
JSON_ARRAY = json.dumps(CARDS).encode()
FILE = "/file/oracle-cards-20260701090000.jsonl.gz"
ARRAY_FILE = "/file/oracle-cards-20260701090000.json"


class Scryfall(ThreadingHTTPServer):
    """Answers each path as `routes` says: (status, headers, body), or a function of the
    handler for a misbehaving answer; records each request's path, headers and time."""
    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), _Handler)
        self.base = f"http://127.0.0.1:{self.server_port}"
        self.requests: list[tuple[str, dict, float]] = []
        self.routes = {
            "/bulk-data/oracle-cards": (200, {"Content-Type": "application/json"}, json.dumps(self.bulk_data())),
            FILE: (200, {"Content-Type": "application/gzip"}, JSONL_GZ),
            ARRAY_FILE: (200, {"Content-Type": "application/json"}, JSON_ARRAY),
        }

    def bulk_data(self, **changes) -> dict:
        described = {"object": "bulk_data", "id": "27bf3214-1271-490b-bdfe-c0be6c23d02e", "type": "oracle_cards",
                     "name": "Oracle Cards", "updated_at": "2026-07-01T09:00:00.000+00:00",
                     "download_uri": self.base + ARRAY_FILE, "jsonl_download_uri": self.base + FILE,
                     "content_type": "application/json", "content_encoding": "gzip"}
        described.update(changes)
        return {k: v for k, v in described.items() if v is not None}

    def answer_api(self, **changes):
        self.routes["/bulk-data/oracle-cards"] = (200, {"Content-Type": "application/json"},
                                                  json.dumps(self.bulk_data(**changes)))


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        self.server.requests.append((self.path, dict(self.headers), time.monotonic()))
        route = self.server.routes.get(self.path, (404, {"Content-Type": "application/json"}, json.dumps(
            {"object": "error", "code": "not_found", "status": 404, "details": "No such page"})))
        if callable(route):
            route(self)
            return
        status, headers, body = route
        body = body.encode() if isinstance(body, str) else body
        self.send_response(status)
        for name, value in {"Content-Length": str(len(body)), **headers}.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def scryfall():
    server = Scryfall()
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def _download(scryfall, tmp_path, **kwargs):
    return download_oracle_bulk(tmp_path, api=scryfall.base, progress=False, **kwargs)


def test_the_oracle_file_is_downloaded_under_its_own_name_and_reads_as_cards(scryfall, tmp_path):
    path = _download(scryfall, tmp_path)
    assert path == tmp_path / "oracle-cards-20260701090000.jsonl.gz"
    assert path.read_bytes() == JSONL_GZ
    assert [c.name for c in read_bulk(path)] == ["Llanowar Elves"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_every_request_names_mtgsim_and_says_what_it_accepts(scryfall, tmp_path):
    _download(scryfall, tmp_path)
    (api, api_headers, _), (file, file_headers, _) = scryfall.requests
    assert (api, file) == ("/bulk-data/oracle-cards", FILE)
    assert api_headers["User-Agent"] == file_headers["User-Agent"] == user_agent()
    assert user_agent().startswith("mtgsim/0.")
    assert api_headers["Accept"].startswith("application/json")
    assert file_headers["Accept"] == "*/*"


def test_requests_are_at_least_a_tenth_of_a_second_apart(scryfall, tmp_path):
    """Scryfall: at most 10 requests a second to the API."""
    _download(scryfall, tmp_path)
    _download(scryfall, tmp_path)
    times = [t for _, _, t in scryfall.requests]
    assert len(times) == 4
    assert min(b - a for a, b in itertools.pairwise(times)) >= REQUEST_GAP * 0.9


def test_json_lines_are_preferred_to_the_json_array(scryfall, tmp_path):
    assert _download(scryfall, tmp_path).name.endswith(".jsonl.gz")
    scryfall.answer_api(jsonl_download_uri=None)
    path = _download(scryfall, tmp_path)
    assert path.name == "oracle-cards-20260701090000.json" and path.read_bytes() == JSON_ARRAY


def test_a_file_name_in_the_address_cannot_lead_outside_the_directory(scryfall, tmp_path):
    scryfall.routes["/file/..%2F..%2Fevil.json"] = scryfall.routes[ARRAY_FILE]
    scryfall.answer_api(jsonl_download_uri=None, download_uri=scryfall.base + "/file/..%2F..%2Fevil.json")
    path = _download(scryfall, tmp_path / "cache")
    assert path.parent == tmp_path / "cache" and path.name == "_.._evil.json"


def test_no_progress_bar_is_drawn_when_stderr_is_not_a_terminal(scryfall, tmp_path, capsys):
    download_oracle_bulk(tmp_path, api=scryfall.base, progress=True)
    assert capsys.readouterr().err == ""


def _fails(scryfall, tmp_path, *fragments, **kwargs) -> DownloadError:
    with pytest.raises(DownloadError) as info:
        _download(scryfall, tmp_path, **kwargs)
    message = str(info.value)
    assert "\n" not in message and isinstance(info.value, MtgsimError) and isinstance(info.value, OSError)
    for fragment in fragments:
        assert fragment in message, message
    return info.value


def test_an_http_error_names_the_address_the_status_and_scryfalls_details(scryfall, tmp_path):
    del scryfall.routes["/bulk-data/oracle-cards"]
    e = _fails(scryfall, tmp_path, f"{scryfall.base}/bulk-data/oracle-cards: HTTP 404 Not Found: No such page")
    assert e.url == f"{scryfall.base}/bulk-data/oracle-cards"


def test_a_server_error_is_a_download_error(scryfall, tmp_path):
    scryfall.routes["/bulk-data/oracle-cards"] = (500, {}, "oops")
    _fails(scryfall, tmp_path, "/bulk-data/oracle-cards: HTTP 500 Internal Server Error")


def test_too_many_requests_says_to_wait(scryfall, tmp_path):
    scryfall.routes["/bulk-data/oracle-cards"] = (429, {}, json.dumps({"object": "error", "status": 429,
                                                                       "details": "Too many requests"}))
    _fails(scryfall, tmp_path, "HTTP 429 Too Many Requests: Too many requests", "wait a minute")


def test_a_missing_bulk_file_names_the_files_address(scryfall, tmp_path):
    del scryfall.routes[FILE]
    _fails(scryfall, tmp_path, f"{scryfall.base}{FILE}: HTTP 404 Not Found")
    assert list(tmp_path.iterdir()) == []


def test_a_reply_that_is_not_json_is_a_download_error(scryfall, tmp_path):
    scryfall.routes["/bulk-data/oracle-cards"] = (200, {"Content-Type": "text/html"}, "<html>Maintenance</html>")
    _fails(scryfall, tmp_path, "/bulk-data/oracle-cards: the reply is not JSON: it begins b'<html>Maintenance")


def test_a_reply_that_is_not_a_bulk_data_object_is_a_download_error(scryfall, tmp_path):
    scryfall.routes["/bulk-data/oracle-cards"] = (200, {}, json.dumps({"object": "list", "data": []}))
    _fails(scryfall, tmp_path, "the reply is a Scryfall 'list' object, not a Scryfall bulk-data object")


def test_a_bulk_data_object_without_a_download_uri_is_a_download_error(scryfall, tmp_path):
    scryfall.answer_api(jsonl_download_uri=None, download_uri=None)
    _fails(scryfall, tmp_path, "/bulk-data/oracle-cards: the bulk-data object gives no download_uri")


def test_a_download_uri_that_is_not_http_is_refused(scryfall, tmp_path):
    scryfall.answer_api(jsonl_download_uri="file:///etc/passwd")
    _fails(scryfall, tmp_path, "file:///etc/passwd: not an http(s) address")
    assert list(tmp_path.iterdir()) == []


def test_a_closed_port_fails_at_once(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    start = time.monotonic()
    with pytest.raises(DownloadError, match=rf"127\.0\.0\.1:{port}/bulk-data/oracle-cards: connection refused"):
        download_oracle_bulk(tmp_path, api=f"http://127.0.0.1:{port}", timeout=5, progress=False)
    assert time.monotonic() - start < 2


def test_a_server_that_never_answers_fails_within_the_timeout(tmp_path):
    with socket.socket() as silent:     # accepts connections (its backlog) and never replies
        silent.bind(("127.0.0.1", 0))
        silent.listen(4)
        api = f"http://127.0.0.1:{silent.getsockname()[1]}"
        start = time.monotonic()
        with pytest.raises(DownloadError, match="/bulk-data/oracle-cards: no answer within 1 s"):
            download_oracle_bulk(tmp_path, api=api, timeout=1, progress=False)
        assert time.monotonic() - start < 3


def _cut_short(handler):
    handler.send_response(200)
    handler.send_header("Content-Length", str(len(JSONL_GZ) + 10_000))
    handler.end_headers()
    handler.wfile.write(JSONL_GZ[:100])
    handler.close_connection = True


def test_a_connection_closed_midway_leaves_no_part_of_the_file(scryfall, tmp_path):
    old = tmp_path / "oracle-cards-20260701090000.jsonl.gz"
    old.write_bytes(b"yesterday's file")
    scryfall.routes[FILE] = _cut_short
    _fails(scryfall, tmp_path, f"{FILE}: the connection closed after 100 of {len(JSONL_GZ) + 10_000:,} bytes")
    assert [p.name for p in tmp_path.iterdir()] == [old.name] and old.read_bytes() == b"yesterday's file"


def test_a_download_that_stalls_fails_within_the_timeout_and_leaves_nothing(scryfall, tmp_path):
    release = threading.Event()

    def stall(handler):
        handler.send_response(200)
        handler.send_header("Content-Length", str(len(JSONL_GZ)))
        handler.end_headers()
        handler.wfile.write(JSONL_GZ[:50])
        handler.wfile.flush()
        release.wait(10)
        handler.close_connection = True

    scryfall.routes[FILE] = stall
    start = time.monotonic()
    try:
        _fails(scryfall, tmp_path, f"{FILE}: the download stalled: no data for 1 s after 50 bytes", timeout=1)
    finally:
        release.set()
    assert time.monotonic() - start < 4
    assert list(tmp_path.iterdir()) == []

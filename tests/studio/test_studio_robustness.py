"""A sample of the bad-input catalogue (tests/robustness/) against one running studio: each mistake
shows as the banner with the line the command line gives, the server stays up, and putting the file
back clears it."""
from __future__ import annotations

import json
import shutil
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from studio_support import ROOT, Studio

sys.path.insert(0, str(ROOT / "tests" / "robustness"))
from robustness_support import GAME, write_game  # noqa: E402
from test_bad_game_files import CASES, _apply  # noqa: E402

SAMPLE = CASES[::5]   # every fifth case: YAML tags and bombs, missing files, templates, fields, editions


def state(url: str) -> dict:
    with urllib.request.urlopen(url + "api/state", timeout=30) as response:
        return json.load(response)


def until(url: str, test, what: str) -> dict:
    """Poll the studio's state until `test` holds; a minute without it is a failure, not slowness."""
    deadline = time.monotonic() + 60
    while True:
        current = state(url)
        if test(current):
            return current
        assert time.monotonic() < deadline, f"no {what}: {current['error']}"
        time.sleep(0.05)


@pytest.fixture(scope="module")
def pebble_studio(tmp_path_factory):
    root = tmp_path_factory.mktemp("robust") / "project"
    folder = write_game(root / "components")
    shutil.copytree(ROOT / "layouts", root / "layouts")   # the catalogue's game uses this project's colours
    good = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    server = Studio(root, game=GAME)
    yield server, folder, good
    server.stop()


def restore(folder: Path, good: dict[Path, bytes]) -> None:
    for path in folder.rglob("*"):
        if path.is_file() and path not in good:
            path.unlink()
    for path, body in good.items():
        if path.read_bytes() != body:
            path.write_bytes(body)


@pytest.mark.parametrize("case, relative, edit, names", SAMPLE, ids=[c[0] for c in SAMPLE])
def test_a_bad_file_is_a_banner_not_a_crash(case, relative, edit, names, pebble_studio):
    server, folder, good = pebble_studio
    until(server.url, lambda s: s["error"] is None and s["components"], "a clean start")
    _apply(folder, relative, edit)
    shown = until(server.url, lambda s: s["error"] is not None, "the banner")
    assert server.alive()
    message = shown["error"]["message"]
    assert message.startswith("error: ") and names in message, (names, message)
    assert "Traceback" not in message and "internal error" not in message
    restore(folder, good)
    cleared = until(server.url, lambda s: s["error"] is None, "the banner cleared")
    assert cleared["components"] and server.alive()

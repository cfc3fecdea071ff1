"""A made-up game to open in the studio, a real `pnpkit studio` process serving it, and Chromium
driven by Playwright (Debian's own build: Playwright's download of browsers is not used)."""
from __future__ import annotations

import hashlib
import os
import queue
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAME = "lantern-lane"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
SECRET = "STUDIO-OUTSIDE-SECRET-91c2"   # beside the project: must never be served

CARDS = """\
- {name: Paper Lamp, glow: 1, count: 3}
- {name: Oil Lantern, glow: 2, count: 2}
- {name: Star Jar, glow: 3}
- {name: Moon Bell, glow: 4}
"""

FILES = {
    "game.yaml": """\
id: lantern-lane
title: Lantern Lane
players: [2, 4]
default_edition: first
editions: [first]
components:
  - id: lanterns
    name: Lantern cards
    kind: card
    face: lantern-card
    back: lantern-back
    fields:
      name: {type: text}
      glow: {type: int, min: 0, max: 9}
    pieces: cards/lanterns.yaml
""",
    "cards/lanterns.yaml": CARDS,
    "editions/first.yaml": """\
id: first
title: First edition
declares:
  - {component: lanterns, total: 7, ranges: {glow: [0, 5]}}
""",
    "style.yaml": """\
colours:
  lamp: {rgb: "#F2B233", cmyk: [0, 26, 79, 5]}
  night: {rgb: "#1D2A44", cmyk: [57, 39, 0, 73]}
""",
    "templates/lantern-card.yaml": """\
id: lantern-card
extends: poker-card
elements:
  background: {kind: background, fill: parchment}
  band: {kind: rect, x: 5, y: 5, w: 53, h: 14, radius: 2, fill: lamp}
  name: {kind: text, x: 7, y: 7, w: 49, h: 10, text: "{name}", font: bold, size: 13, colour: ink, align: centre, fit: shrink}
  glow: {kind: ring, cx: 31.5, cy: 48, r: 13, count: $glow, dot: 3, fill: lamp}
  stamp: {kind: rect, x: 1.5, y: 80, w: 8, h: 6, fill: night}
""",
    "templates/lantern-back.yaml": """\
id: lantern-back
extends: poker-card
elements:
  background: {kind: background, fill: night}
  title: {kind: text, x: 6, y: 40, w: 51, h: 8, text: "Lantern Lane", font: bold, size: 12, colour: lamp, align: centre}
""",
}


def write_project(root: Path, cards: str = CARDS) -> Path:
    """The made-up project under root; returns the game's folder."""
    folder = root / "components" / GAME
    for relative, text in {**FILES, "cards/lanterns.yaml": cards}.items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (root.parent / "secret.txt").write_text(SECRET + "\n")
    return folder


HANG_GUARD_S = 120   # a studio that neither starts nor exits (not a timing check: a real start takes seconds)


class StudioExited(AssertionError):
    """The studio process ended (or hung) instead of serving."""


class Studio:
    """`pnpkit studio GAME --no-open --port 0` in a subprocess, on the project at root."""

    def __init__(self, root: Path, *args: str, game: str = GAME):
        env = {**os.environ, "CI": "1", "PYTHONPATH": str(ROOT)}
        env.pop("PNP_COMPONENTS", None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "generator", "--project", str(root), "studio", game, "--no-open", "--port", "0",
             *args], cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.errors: list[str] = []
        threading.Thread(target=self._read, args=(self.process.stdout, self.lines.put), daemon=True).start()
        self._stderr = threading.Thread(target=self._read, args=(self.process.stderr, self.errors.append), daemon=True)
        self._stderr.start()
        first = self._first_line()
        assert first.startswith("studio: "), (first, self.errors)
        self.url = first.split(" at ", 1)[1].split(" ", 1)[0]

    def _first_line(self) -> str:
        """The studio's first line; if the process ends before printing it (a missing extra, a bad
        argument), StudioExited at once with its exit code and what it wrote to stderr."""
        for _ in range(HANG_GUARD_S * 10):
            try:
                return self.lines.get(timeout=0.1)
            except queue.Empty:
                if self.process.poll() is not None and self.lines.empty():
                    self._stderr.join(5)
                    raise StudioExited(f"pnpkit studio exited with {self.process.returncode} before it was ready: "
                                       + ("\n".join(self.errors) or "(nothing on stderr)"))
        self.stop()
        raise StudioExited(f"pnpkit studio printed nothing in {HANG_GUARD_S} s: " + "\n".join(self.errors))

    @staticmethod
    def _read(stream, put) -> None:
        for line in stream:
            put(line.rstrip("\n"))

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.fixture(scope="module")
def chromium():
    """A headless Chromium driven by Playwright."""
    playwright = pytest.importorskip("playwright.sync_api")
    if CHROMIUM is None:
        pytest.skip("no chromium on this machine")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield browser
        browser.close()


def face_hashes(page) -> dict[str, str]:
    """sha256 of the bytes of every face image shown, by piece and side (fetched as the page has them)."""
    sources = page.eval_on_selector_all(
        "figure.piece img", "imgs => imgs.map(i => [i.closest('figure').id + '/' + i.dataset.side, i.src])")
    out = {}
    for name, src in sources:
        body = page.request.get(src).body()
        out[name] = hashlib.sha256(body).hexdigest()
    return out


def wait_version(page, after: int) -> int:
    """Wait for the page to show a rebuild newer than `after`; returns its version."""
    page.wait_for_function(f"window.studio && window.studio.version > {after}", timeout=60_000)
    return page.evaluate("window.studio.version")

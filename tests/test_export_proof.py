"""The HTML proof page, opened in headless Chromium over the DevTools protocol: every image loads,
the console stays clean, the PDF links resolve, and a screenshot is taken to look at."""
from __future__ import annotations

import base64
import fcntl
import json
import os
import re
import select
import shutil
import subprocess
import tempfile
import time

import pytest
from PIL import Image

from generator.model import load_edition
from generator.build.pipeline import build_edition

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_browser = pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed "
                                   "(Debian package 'chromium'; .ci/run installs it)")


class Browser:
    """Chromium driven over --remote-debugging-pipe: commands on fd 3, replies on fd 4, NUL-separated JSON."""

    def __init__(self):
        self.profile = tempfile.TemporaryDirectory()
        child_in, self._out = os.pipe()
        self._in, child_out = os.pipe()
        high_in, high_out = (fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (child_in, child_out))

        def wire():  # in the child: put the pipe ends where Chromium looks for them
            os.dup2(high_in, 3)
            os.dup2(high_out, 4)

        self.process = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-extensions", "--disable-sync", "--no-first-run",
             "--hide-scrollbars", "--mute-audio", f"--user-data-dir={self.profile.name}",
             "--remote-debugging-pipe", "about:blank"],
            pass_fds=(3, 4, high_in, high_out), preexec_fn=wire,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for fd in (child_in, child_out, high_in, high_out):
            os.close(fd)
        self._buffer, self._last, self.events = b"", 0, []

    def send(self, method: str, params: dict | None = None, session: str | None = None, timeout: float = 30):
        self._last += 1
        message = {"id": self._last, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._out, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._receive(deadline)
            if reply.get("id") == self._last:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]
            self.events.append(reply)

    def wait_for(self, method: str, timeout: float = 30) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            for event in self.events:
                if event.get("method") == method:
                    return event
            self.events.append(self._receive(deadline))

    def _receive(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._in], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise TimeoutError("Chromium did not answer")
            chunk = os.read(self._in, 1 << 20)
            if not chunk:
                raise EOFError("Chromium exited")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    def open(self, url: str, width: int = 1200, height: int = 900) -> str:
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page.enable", "Runtime.enable", "Log.enable"):
            self.send(domain, session=session)
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=session)
        self.send("Page.navigate", {"url": url}, session=session)
        self.wait_for("Page.loadEventFired")
        return session

    def evaluate(self, session: str, expression: str):
        return self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True},
                         session=session)["result"]["value"]

    def errors(self) -> list[str]:
        out = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                out.append(params["exceptionDetails"].get("text", "exception"))
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                out.append(str(params.get("args")))
            elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
                out.append(params["entry"]["text"])
        return out

    def close(self) -> None:
        try:
            self.send("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._out)
        os.close(self._in)
        self.profile.cleanup()


@pytest.fixture(scope="module")
def proof(tmp_path_factory):
    out = tmp_path_factory.mktemp("proof") / "2025"
    edition = load_edition("the-channeling", "2025")
    produced = build_edition(edition, out, ["letter", "proof"])
    return out, produced


@pytest.fixture(scope="module")
def browser():
    if CHROMIUM is None:
        pytest.skip("no chromium")
    browser = Browser()
    yield browser
    browser.close()


IMAGES = "Array.from(document.images).map(i => [i.getAttribute('src'), i.complete, i.naturalWidth])"


def test_proof_page_lists_every_face_the_report_and_the_pdfs(proof):
    out, produced = proof
    page = (out / "the-channeling-2025-proof.html").read_text().split("<script>")[0]  # the markup, not the page's script
    images = [p for p in produced if p.kind == "proof-image"]
    assert len(images) == 12 + 1 + 24 + 3 + 2 + 2 + 2
    shown = set(re.findall(r'<img src="([^"]+)"', page))
    assert shown == {p.path for p in images}          # every face and every back, each file used
    # one figure per distinct piece (40), each with its face and its back (6 distinct backs in all)
    assert page.count('<figure class="piece"') == 40 and page.count('class="face side-face"') == 40
    for section in ("Magic Circle cards", "Glyph cards", "Druid tokens", "Energy cubes"):
        assert section in page
    assert 'href="the-channeling-2025-letter-cards.pdf"' in page and "by vigor: 4: 9, 5: 9" in page
    assert "Hedge Ring</span> <span class=\"count\">&times;4" in page


def test_proof_badge_counts_the_findings_and_links_each_to_its_piece(proof):
    out, _ = proof
    page = (out / "the-channeling-2025-proof.html").read_text()
    from generator.model import layouts_for
    from generator.render.safety import check_edition_safety
    edition = load_edition("the-channeling", "2025")
    found = check_edition_safety(edition, layouts_for(edition))
    badge = re.search(r'class="badge (\w+)" href="#print-safety">([^<]+)<', page)
    if found:
        assert badge and badge.group(1) == "warn"
        assert badge.group(2) == f"valid, {len(found)} print-safety finding" + ("" if len(found) == 1 else "s")
        for target in re.findall(r'<a href="#(piece-[^"]+)"', page):
            assert f'id="{target}"' in page
    else:
        assert "valid, no print-safety findings" in page


def test_captions_are_short(proof):
    out, _ = proof
    page = (out / "the-channeling-2025-proof.html").read_text()
    labels = re.findall(r'<span class="label">([^<]*)</span>', page)
    assert labels and max(map(len, labels)) <= 40 and not any(label.startswith("back (") for label in labels)


def test_proof_page_escapes_game_text(proof, tmp_path):
    from generator.exporters.proof import render_page

    from generator.model.layouts import Layouts

    class FakeJob:
        layouts = Layouts()

    context = {"title": "<script>alert(1)</script>", "edition": "e", "edition_id": "e", "game_id": "g",
               "decks": [], "report": type("R", (), {"ok": True, "violations": [], "warnings": []})(),
               "report_text": "", "safety": [], "pdfs": [], "findings": 0, "pieces_with_findings": [],
               "style": "", "script": "const PnpPage = {bindTools() {}};"}
    html = render_page(FakeJob, "proof.html.j2", context)
    assert "<script>alert(1)" not in html and "&lt;script&gt;" in html


@needs_browser
def test_proof_page_loads_in_chromium_with_every_image_and_no_console_error(proof, browser, tmp_path):
    out, _ = proof
    session = browser.open((out / "the-channeling-2025-proof.html").as_uri())
    images = browser.evaluate(session, IMAGES)
    markup = (out / "the-channeling-2025-proof.html").read_text().split("<script>")[0]
    assert len(images) == markup.count("<img ") > 46
    assert [src for src, complete, width in images if not complete or width == 0] == []
    shown = browser.evaluate(session, "Array.from(document.images).map(i => i.getBoundingClientRect().width)")
    assert min(shown) >= 72   # the smallest pieces (20 mm coins) are still drawn at a readable size
    links = browser.evaluate(session, "Array.from(document.querySelectorAll('a')).map(a => a.getAttribute('href'))")
    assert links and all((out / href).is_file() for href in links)
    assert browser.errors() == []
    shot = browser.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True},
                        session=session)
    path = tmp_path / "proof.png"
    path.write_bytes(base64.b64decode(shot["data"]))
    with Image.open(path) as image:   # the full page, not a blank one: cards are tall and colourful
        assert image.width == 1200 and image.height > 1500
        assert len(image.convert("RGB").getcolors(1 << 20)) > 200


@needs_browser
def test_the_browser_check_does_notice_a_missing_image(proof, browser, tmp_path):
    out, _ = proof
    broken = tmp_path / "site"
    shutil.copytree(out, broken)
    victim = next((broken / "the-channeling-2025-proof" / "magic-circle").glob("*.png"))
    victim.unlink()
    browser.events.clear()
    session = browser.open((broken / "the-channeling-2025-proof.html").as_uri())
    images = browser.evaluate(session, IMAGES)
    missing = [src for src, complete, width in images if width == 0]
    assert missing == [str(victim.relative_to(broken))]
    assert browser.errors(), "a failed image load shows as a console error"

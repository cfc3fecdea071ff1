"""The studio in a real browser: a `pnpkit studio` process on a made-up project, driven by Playwright.

Waits are for what the page shows (a new version, a label, a banner), never for a time; the speed
figures live in bench/bench_studio.py.
"""
from __future__ import annotations

import http.client
import json
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest

from studio_support import GAME, ROOT, SECRET, Studio, StudioExited, face_hashes, wait_version, write_project

pytest.importorskip("playwright.sync_api")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    write_project(root)
    return root


@pytest.fixture
def studio(project: Path):
    server = Studio(project)
    yield server
    server.stop()


@pytest.fixture
def page(chromium, studio):
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(studio.url)
    wait_version(page, 0)
    page.wait_for_function("Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)")
    yield page
    assert errors == [], errors
    context.close()


def cards_file(project: Path) -> Path:
    return project / "components" / GAME / "cards" / "lanterns.yaml"


def test_the_page_shows_every_piece_with_its_back_findings_and_source(page, project: Path, tmp_path: Path):
    figures = page.locator("figure.piece")
    assert figures.count() == 4
    assert page.locator("figure.piece .face.side-back img").count() == 4
    assert page.locator("#deck-lanterns h2").inner_text() == "Lantern cards 7 pieces, 4 distinct"
    # the stamp pokes out of the safe zone on every face: the finding is drawn on it and counted
    assert page.locator("#badge").inner_text() == "valid, 1 print-safety finding"
    first = page.locator("#piece-lanterns-0")
    assert first.locator(".overlay .finding rect").count() == 1
    assert "stamp: rect reaches" in first.locator("ol.findings").inner_text()
    box = first.locator(".face.side-face .overlay .finding rect").bounding_box()
    card = first.locator(".face.side-face img").bounding_box()
    assert box["x"] < card["x"] + card["width"] * 0.2 and box["y"] > card["y"] + card["height"] * 0.8
    first.locator("ol.findings li").first.hover()   # the message and its box are linked
    assert "lit" in first.locator(".overlay .finding").first.get_attribute("class")
    first.click()
    inspector = page.locator("#inspector")
    assert "Paper Lamp" in inspector.inner_text() and "glow" in inspector.inner_text()
    links = inspector.locator("a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert f"vscode://file/{cards_file(project).resolve()}:1" in links
    assert any(link.endswith("templates/lantern-card.yaml:1") for link in links)
    assert any("poker-card.yaml" in link for link in links)   # the template chain, down to the built-in
    assert "total: 7" in page.locator("#composition").inner_text() or "7" in page.locator("#composition").inner_text()
    assert "last rebuild" in page.locator("#status").inner_text()
    page.screenshot(path=str(tmp_path / "studio.png"), full_page=True)


def test_editing_one_card_repaints_that_card_and_no_other(page, project: Path):
    before = face_hashes(page)
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url) if "/faces/" in request.url else None)
    marked = page.evaluate("document.querySelector('#piece-lanterns-0 img').marked = true")
    assert marked is True
    path = cards_file(project)
    path.write_text(path.read_text().replace("Star Jar", "Star Pot"))
    page.wait_for_function("document.querySelector('#piece-lanterns-2 figcaption').textContent.includes('Star Pot')",
                           timeout=60_000)
    page.wait_for_function("Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)")
    after = face_hashes(page)
    changed = sorted(k for k in before if before[k] != after[k])
    assert changed == ["piece-lanterns-2/face"]
    assert len(fetched) == 1 and fetched[0].endswith(".png")   # only the new face came over the wire
    assert page.evaluate("document.querySelector('#piece-lanterns-0 img').marked") is True  # not redrawn


def test_a_broken_file_shows_the_cli_error_keeps_the_old_faces_greyed_and_fixing_it_clears(page, project: Path):
    path = cards_file(project)
    good = path.read_text()
    before = face_hashes(page)
    path.write_text(good.replace("- {name: Star Jar, glow: 3}", "- {name: Star Jar, glow: 3\n- {name: Moon"))
    banner = page.locator("#banner")
    banner.wait_for(state="visible", timeout=60_000)
    cli = subprocess.run([sys.executable, "-m", "generator", "--project", str(project), "validate", GAME],  # from
                         capture_output=True, text=True, cwd=project,                         # where the studio runs
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    message = cli.stderr.strip()
    assert cli.returncode == 2 and message.startswith("error: ") and "lanterns.yaml:" in message
    assert message in banner.inner_text()     # the same one line, with file and line
    assert page.evaluate("document.body.classList.contains('stale')")
    assert page.locator("figure.piece").count() == 4 and face_hashes(page) == before
    grey = page.locator("#piece-lanterns-0 .face img").first.evaluate("i => getComputedStyle(i).filter")
    assert "grayscale" in grey
    path.write_text(good)
    banner.wait_for(state="hidden", timeout=60_000)
    assert not page.evaluate("document.body.classList.contains('stale')")
    assert face_hashes(page) == before


def test_an_unknown_key_in_a_template_names_its_file_line_and_key(page, project: Path):
    path = project / "components" / GAME / "templates" / "lantern-card.yaml"
    path.write_text(path.read_text().replace("fill: lamp}", "fill: lamp, glitter: 2}", 1))
    banner = page.locator("#banner")
    banner.wait_for(state="visible", timeout=60_000)
    text = banner.inner_text()
    assert "lantern-card.yaml:5" in text and "glitter" in text
    assert f"vscode://file/{path.resolve()}:5" in banner.locator("a").get_attribute("href")


def test_overlays_toggle(page):
    trim = page.locator("#piece-lanterns-0 .overlay .trim").first
    safe = page.locator("#piece-lanterns-0 .overlay .safe").first
    bleed = page.locator("#piece-lanterns-0 .overlay .bleed-zone").first
    finding = page.locator("#piece-lanterns-0 .overlay .finding").first
    shown = lambda node: node.evaluate("n => getComputedStyle(n).display") != "none"  # noqa: E731
    assert not shown(trim) and not shown(safe) and not shown(bleed) and shown(finding)
    for name, node in (("trim", trim), ("safe", safe), ("bleed", bleed)):
        page.check(f"input[data-overlay={name}]")
        assert shown(node)
    page.uncheck("input[data-overlay=findings]")
    assert not shown(finding)
    page.uncheck("input[data-overlay=trim]")
    assert not shown(trim) and shown(safe)


def test_the_size_control_scales_faces_down_to_a_minimum(page):
    width = lambda: page.locator("#piece-lanterns-0 .face img").first.bounding_box()["width"]  # noqa: E731
    page.locator("#size").fill("1")
    full = width()
    assert 255 < full < 265   # 63 mm + 2 x 3 mm bleed at 96 CSS px an inch is 261 px
    page.locator("#size").fill("0.15")
    assert width() == 72      # the minimum thumbnail: a 20 mm coin stays readable


def raw_get(url: str, path: str) -> tuple[int, bytes]:
    """A GET sent byte for byte as written (a browser would tidy the `..` away first)."""
    where = urlparse(url)
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=30)
    connection.putrequest("GET", path, skip_accept_encoding=True)
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body


def test_only_the_games_files_are_served(studio, project: Path):
    folder = project / "components" / GAME
    (folder / "escape.txt").symlink_to(project.parent / "secret.txt")
    (folder / "up").symlink_to(project.parent, target_is_directory=True)
    status, body = raw_get(studio.url, "/files/game.yaml")
    assert status == 200 and b"Lantern Lane" in body
    for path in ("/files/../../secret.txt", "/files/..%2F..%2Fsecret.txt", "/files/%2e%2e/%2e%2e/secret.txt",
                 "/files/cards/../../../secret.txt", "/files/escape.txt", "/files/up/secret.txt",
                 f"/files/{project.parent}/secret.txt", "/files//etc/passwd", "/assets/../session.py",
                 "/assets/studio.html", "/faces/../secret.txt", "/../secret.txt", "/files/.hidden"):
        status, body = raw_get(studio.url, path)
        assert status == 404, path
        assert SECRET.encode() not in body


def test_faces_are_named_and_tagged_by_their_content_hash(studio):
    status, body = raw_get(studio.url, "/api/state")
    face = json.loads(body)["components"][0]["pieces"][0]["face"]
    where = urlparse(studio.url)
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=30)
    connection.request("GET", f"/faces/{face['key']}.png")
    first = connection.getresponse()
    png = first.read()
    assert first.status == 200 and png.startswith(b"\x89PNG") and first.getheader("ETag") == f'"{face["key"]}"'
    connection.request("GET", f"/faces/{face['key']}.png", headers={"If-None-Match": f'"{face["key"]}"'})
    again = connection.getresponse()
    assert again.status == 304 and again.read() == b""
    connection.close()


def test_loopback_by_default_and_a_warning_for_another_host(project: Path):
    server = Studio(project, "--host", "0.0.0.0")
    try:
        assert server.url.startswith("http://0.0.0.0:")
    finally:
        server.stop()
    assert any("warning: --host 0.0.0.0" in line for line in server.errors), server.errors
    plain = Studio(project)
    try:
        assert plain.url.startswith("http://127.0.0.1:")
    finally:
        plain.stop()
    assert not any("warning" in line for line in plain.errors)


def test_a_rule_text_change_lays_the_rulebook_out_again(chromium, project: Path):
    rules = project / "components" / GAME / "rules"
    rules.mkdir()
    (rules / "rulebook.yaml").write_text("main: rulebook.md\n")
    (rules / "rulebook.md").write_text("# Lantern Lane\n\nA game for {{ game.players }} players.\n")
    server = Studio(project)
    page = chromium.new_page()
    try:
        page.goto(server.url)
        page.wait_for_function("document.querySelectorAll('#rulebook img.page').length > 0", timeout=120_000)
        before = page.eval_on_selector_all("#rulebook img.page", "imgs => imgs.map(i => i.dataset.key)")
        cards = page.eval_on_selector_all("figure.piece img", "imgs => imgs.map(i => i.dataset.key)")
        (rules / "rulebook.md").write_text("# Lantern Lane\n\nA game for {{ game.players }} players.\n\n"
                                           "## Setting up\n\nDeal three lantern cards to each player.\n")
        page.wait_for_function("(before) => JSON.stringify(Array.from(document.querySelectorAll('#rulebook img.page'))"
                               ".map(i => i.dataset.key)) !== before", arg=json.dumps(before).replace(" ", ""),
                               timeout=120_000)
        after = page.eval_on_selector_all("#rulebook img.page", "imgs => imgs.map(i => i.dataset.key)")
        assert after[0] == before[0]   # the cover did not change: its image is the same one
        assert page.eval_on_selector_all("figure.piece img", "imgs => imgs.map(i => i.dataset.key)") == cards
        (rules / "rulebook.md").write_text("# Lantern Lane\n\n{{ game.no_such_thing }}\n")
        banner = page.locator("#banner")
        banner.wait_for(state="visible", timeout=120_000)
        assert "rulebook.md" in banner.inner_text()
        assert not page.evaluate("document.body.classList.contains('stale')")   # the pieces are fine
    finally:
        page.close()
        server.stop()


def test_a_game_that_does_not_load_starts_with_the_banner_and_an_unknown_one_is_refused(chromium, project: Path):
    game_file = project / "components" / GAME / "game.yaml"
    good = game_file.read_text()
    game_file.write_text(good.replace("title: Lantern Lane", "title: [Lantern Lane"))
    server = Studio(project)
    page = chromium.new_page()
    try:
        page.goto(server.url)
        page.locator("#banner").wait_for(state="visible", timeout=60_000)
        assert "game.yaml:" in page.locator("#banner").inner_text()
        game_file.write_text(good)
        page.wait_for_function("document.querySelectorAll('figure.piece img').length === 8", timeout=60_000)
        assert page.locator("#banner").is_hidden()
    finally:
        page.close()
        server.stop()
    refused = subprocess.run([sys.executable, "-m", "generator", "--project", str(project), "studio", "no-such-game",
                              "--no-open"], capture_output=True, text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1 and "no game 'no-such-game'" in refused.stderr


def test_a_studio_that_exits_at_once_fails_the_fixture_at_once_with_its_stderr(project: Path):
    with pytest.raises(StudioExited, match="exited with 2 before it was ready: error: no game 'no-such-game'"):
        Studio(project, game="no-such-game")


def shown(page) -> tuple[float, int]:
    """The first face's width on the page in CSS px, and its image's own width in pixels."""
    page.wait_for_function("Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)")
    img = page.locator("#piece-lanterns-0 .face img").first
    return img.bounding_box()["width"], img.evaluate("i => i.naturalWidth")


def wait_new_faces(page, old: str) -> None:
    page.wait_for_function("(old) => { const i = document.querySelector('#piece-lanterns-0 .face img');"
                           " return i.dataset.key !== old && i.complete && i.naturalWidth > 0; }", arg=old,
                           timeout=60_000)


def test_faces_are_painted_at_the_resolution_they_are_shown_at(chromium, studio):
    context = chromium.new_context(viewport={"width": 1400, "height": 1000}, device_scale_factor=2)
    page = context.new_page()
    try:
        page.goto(studio.url)
        page.wait_for_function("document.querySelectorAll('figure.piece img').length === 8", timeout=60_000)
        key = page.locator("#piece-lanterns-0 .face img").first.get_attribute("data-key")
        if page.evaluate("window.studio.version") < 2:   # the server started at one device pixel per CSS pixel
            wait_new_faces(page, key)
        width, pixels = shown(page)
        assert 2 * width - 1 <= pixels < 2 * width * 1.5   # sharp on this screen, and no more pixels than that
        key = page.locator("#piece-lanterns-0 .face img").first.get_attribute("data-key")
        page.locator("#size").fill("1")
        wait_new_faces(page, key)
        width, pixels = shown(page)
        assert 255 < width < 265 and 2 * width - 1 <= pixels < 2 * width * 1.5
    finally:
        context.close()


def test_one_to_one_uses_the_screens_calibration(page):
    calibration = page.locator("details.calibrate")
    calibration.locator("summary").click()
    assert "not calibrated" in page.locator("#calibrated").inner_text()
    ruler = page.locator("#ruler")
    assert abs(ruler.bounding_box()["width"] - 85.6 * 96 / 25.4) < 1.5   # a bank card in CSS mm
    page.locator("#calibrate").fill("1.25")   # this screen shows a CSS mm as 0.8 mm: a card needs 1.25 of them
    assert abs(ruler.bounding_box()["width"] - 1.25 * 85.6 * 96 / 25.4) < 1.5
    assert "1.250" in page.locator("#calibrated").inner_text()
    key = page.locator("#piece-lanterns-0 .face img").first.get_attribute("data-key")
    page.click("#actual")
    wait_new_faces(page, key)
    width, pixels = shown(page)
    assert abs(width - 1.25 * 69 * 96 / 25.4) < 2   # 63 mm and 2 x 3 mm of bleed, at the screen's own mm
    assert pixels >= width - 1
    page.reload()   # kept in this browser
    page.wait_for_function("window.studio && window.studio.version > 0")
    page.click("#actual")
    assert abs(page.locator("#piece-lanterns-0 .face").first.bounding_box()["width"] - 1.25 * 69 * 96 / 25.4) < 2


def test_a_burst_of_sizes_ends_with_the_faces_at_the_last_one(studio):
    """A size slider dragged end to end asks for many resolutions; one repaint runs at a time, and the
    faces end up painted at the last one asked for."""
    for dpi in range(30, 250, 10):
        status, _ = raw_get(studio.url, f"/api/state?dpi={dpi}")
        assert status == 200
    for _ in range(600):   # a hang guard, not a timing check
        face = json.loads(raw_get(studio.url, "/api/state")[1])["components"][0]["pieces"][0]["face"]
        wanted = round((face["size"][0] + 2 * face["bleed"]) / 72 * 240)   # trim and bleed at 240 px an inch
        status, png = raw_get(studio.url, f"/faces/{face['key']}.png")
        if status == 200 and abs(int.from_bytes(png[16:20], "big") - wanted) <= 2:
            break
        time.sleep(0.1)
    else:
        pytest.fail("the faces never reached the last size asked for")
    assert studio.alive()

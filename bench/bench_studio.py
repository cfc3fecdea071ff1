"""Benchmark: save-to-screen time of the live studio, end to end in a real browser.

    python bench/bench_studio.py [--saves 15] [--templates 7]

A made-up game with 36 distinct cards is opened by a real `pnpkit studio` process and shown in
headless Chromium (Playwright). The clock starts just before a file is written and stops at the
`load` event of the new image in the page (both read from the machine's wall clock, so the two
processes share it):

- `field`: one card's name changed in its YAML row; the time until that card's new face loads.
- `template`: the card template's band changed; the time until the last of the 36 new faces loads.

Prints each run and the medians, and the studio's own rebuild times (load, check, paint).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "studio"))

from studio_support import CHROMIUM, GAME, Studio, write_project  # noqa: E402

CARDS = 36
LISTEN = """() => {
  window.loads = [];
  document.addEventListener('load', (e) => {
    if (e.target.tagName === 'IMG') window.loads.push([Date.now(), e.target.dataset.key,
                                                     e.target.closest('figure').id, e.target.dataset.side]);
  }, true);
}"""


def cards(names: list[str]) -> str:
    return "".join(f"- {{name: {name}, glow: {i % 5 + 1}}}\n" for i, name in enumerate(names))


def keys(page) -> dict[str, str]:
    return dict(page.eval_on_selector_all("figure.piece .side-face img",
                                          "imgs => imgs.map(i => [i.closest('figure').id, i.dataset.key])"))


def wait_loaded(page, pieces: list[str], old: dict[str, str]) -> None:
    """Until each named piece shows a face with a new key, loaded."""
    wanted = {p: old[p] for p in pieces}
    page.wait_for_function("""(wanted) => Object.entries(wanted).every(([id, key]) => {
        const img = document.querySelector('#' + id + ' .side-face img');
        return img && img.dataset.key !== key && window.loads.some(l => l[1] === img.dataset.key);
    })""", arg=wanted, timeout=120_000)


def last_load(page, pieces: list[str]) -> float:
    now = keys(page)
    loads = page.evaluate("window.loads")
    return max(at for at, key, piece, side in loads if side == "face" and piece in pieces and key == now[piece])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=15)
    parser.add_argument("--templates", type=int, default=7)
    parser.add_argument("--size", type=float, default=0.5, help="the page's size control (0.5, its default, is half size)")
    parser.add_argument("--scale-factor", type=float, default=1.0, help="the screen's device pixels per CSS pixel")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    root = Path(tempfile.mkdtemp()) / "project"
    names = [f"Lamp {chr(65 + i // 10)}{i % 10}" for i in range(CARDS)]
    folder = write_project(root, cards(names))
    edition = folder / "editions" / "first.yaml"
    edition.write_text(edition.read_text().replace("total: 7", f"total: {CARDS}"))
    deck, template = folder / "cards" / "lanterns.yaml", folder / "templates" / "lantern-card.yaml"
    studio = Studio(root)
    field_ms, template_ms, rebuild_ms = [], [], []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1400, "height": 1000}, device_scale_factor=args.scale_factor)
            page.add_init_script(f"({LISTEN})()")
            page.goto(studio.url)
            page.wait_for_function(f"document.querySelectorAll('figure.piece').length === {CARDS} && "
                                   "Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)",
                                   timeout=120_000)
            page.locator("#size").fill(str(args.size))   # faces are painted at the size shown: wait for them all
            page.wait_for_function("""() => Array.from(document.querySelectorAll('.side-face img')).every(i =>
                i.complete && i.naturalWidth >= i.getBoundingClientRect().width * devicePixelRatio - 1)""",
                                   timeout=120_000)
            print(f"faces {page.evaluate('document.images[0].naturalWidth')} px wide at size {args.size}, "
                  f"{args.scale_factor} device px per CSS px", flush=True)
            for run in range(args.saves):
                index = (run * 7) % CARDS
                piece = f"piece-lanterns-{index}"
                old = keys(page)
                names[index] = f"{names[index].split(' v')[0]} v{run}"
                start = time.time() * 1000
                deck.write_text(cards(names))
                wait_loaded(page, [piece], old)
                field_ms.append(last_load(page, [piece]) - start)
                rebuild_ms.append(page.evaluate("window.studio.state.took_ms"))
                print(f"field    {run:2d}: {field_ms[-1]:6.0f} ms  (studio rebuild {rebuild_ms[-1]} ms)", flush=True)
            base = template.read_text()
            for run in range(args.templates):
                old = keys(page)
                start = time.time() * 1000
                template.write_text(base.replace("radius: 2", f"radius: {2.1 + run / 10:g}", 1))  # new each run
                wait_loaded(page, list(old), old)
                template_ms.append(last_load(page, list(old)) - start)
                took = page.evaluate("window.studio.state.took_ms")
                heard, drawn = page.evaluate("window.studio.timeline[window.studio.timeline.length - 1]")
                print(f"template {run:2d}: {template_ms[-1]:6.0f} ms  (studio rebuild {took} ms; event heard at "
                      f"{heard - start:.0f} ms, page drawn at {drawn - start:.0f} ms)", flush=True)
                template.write_text(base)   # back, so the next run changes every face again
                wait_loaded(page, list(old), keys(page))
            browser.close()
    finally:
        studio.stop()
    print(f"\n{CARDS}-card edition, {GAME}, size {args.size}, {args.scale_factor} device px per CSS px: "
          "median save-to-screen")
    print(f"  one card's field : {statistics.median(field_ms):6.0f} ms (min {min(field_ms):.0f}, max {max(field_ms):.0f},"
          f" studio rebuild median {statistics.median(rebuild_ms):.0f} ms, {len(field_ms)} saves)")
    print(f"  template, all {CARDS}: {statistics.median(template_ms):6.0f} ms (min {min(template_ms):.0f},"
          f" max {max(template_ms):.0f}, {len(template_ms)} saves)")


if __name__ == "__main__":
    main()

"""Time and peak memory of whole processes on the worst hostile inputs of the robustness catalogue.

    python bench/bench_hostile.py

Each case is the made-up game of tests/robustness with one hostile file planted, run as a user would
(`python build.py build pebble-post -e first -p a4`, or `validate` for the stray files), under
/usr/bin/time -v. A plain build of the same game is the first row, for comparison.
"""
from __future__ import annotations

import base64
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "robustness"))

from robustness_support import GAME, write_game  # noqa: E402
from test_hostile_tables import (HEADER, ROWS, _a_100000_column_header, _a_row_35_million_down,  # noqa: E402
                                 _claims_a_million_rows_and_holds_the_last, use_table, write_xlsx)


def _art(game: Path, body: str) -> None:
    (game / "art.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                                  f'width="20" height="20">{body}</svg>')
    template = game / "templates" / "letter-card.yaml"
    template.write_text(template.read_text() + "  art: {kind: image, x: 5, y: 20, w: 20, h: 20, file: art.svg}\n")


def _png(size: tuple[int, int]) -> bytes:
    from PIL import Image
    buffer = io.BytesIO()
    Image.new("1", size).save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


def _proof(game: Path, text: str) -> None:
    (game / "proof").mkdir()
    (game / "proof" / "proof.html.j2").write_text(text)


CASES = {
    "plain build (no hostile file)": ("build", None),
    "xlsx: <dimension> a million rows, a row at 1,048,576": ("build", lambda g: write_xlsx(
        use_table(g, "letters.xlsx"), [HEADER, *ROWS], sheet_xml=_claims_a_million_rows_and_holds_the_last)),
    "xlsx: a row numbered 35,000,000": ("build", lambda g: write_xlsx(
        use_table(g, "letters.xlsx"), [HEADER, *ROWS], sheet_xml=_a_row_35_million_down)),
    "xlsx: a 100,000-column header": ("build", lambda g: write_xlsx(
        use_table(g, "letters.xlsx"), [HEADER, *ROWS], sheet_xml=_a_100000_column_header)),
    "xlsx: unzips to 200 MB": ("build", lambda g: write_xlsx(
        use_table(g, "letters.xlsx"), [HEADER, *ROWS], extra={"xl/media/pad.bin": bytes(200 * 2**20)})),
    "svg: 11 MB of rectangles": ("build", lambda g: _art(g, '<rect width="1" height="1"/>' * 400_000)),
    "svg: a 100-megapixel PNG data URI": ("build", lambda g: _art(
        g, f'<image width="5" height="5" xlink:href="data:image/png;base64,'
           f'{base64.b64encode(_png((10_000, 10_000))).decode()}"/>')),
    "proof template: nested loops": ("build-proof", lambda g: _proof(
        g, "{% for a in range(9999) %}{% for b in range(9999) %}{% endfor %}{% endfor %}")),
    "proof template: 'x' * 2,000,000,000": ("build-proof", lambda g: _proof(g, "{{ 'x' * 2000000000 }}")),
    "validate: a stray FIFO": ("validate", lambda g: os.mkfifo(g / "stray")),
    "validate: a stray link to /dev/zero": ("validate", lambda g: (g / "stray").symlink_to("/dev/zero")),
    "validate: a stray link to /": ("validate", lambda g: (g / "stray").symlink_to("/", target_is_directory=True)),
}


def measure(command: str, plant, base: Path) -> tuple[int, float, int, str]:
    if base.exists():
        shutil.rmtree(base)
    game = write_game(base / "components")
    if plant:
        plant(game)
    args = {"build": ["build", GAME, "-e", "first", "-p", "a4", "--out", str(base / "out")],
            "build-proof": ["build", GAME, "-e", "first", "-p", "proof", "--out", str(base / "out")],
            "validate": ["validate", GAME]}[command]
    env = {**os.environ, "PNP_COMPONENTS": str(base / "components"), "PNP_CACHE_DIR": str(base / "cache"),
           "PYTHONPATH": str(ROOT)}
    done = subprocess.run(["/usr/bin/time", "-v", sys.executable, str(ROOT / "build.py"), *args],
                          capture_output=True, text=True, env=env, cwd=ROOT)
    wall = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", done.stderr)
    seconds = (int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))) if wall else -1
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr).group(1))
    said = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    status = int(re.search(r"Exit status: (\d+)", done.stderr).group(1))
    return status, seconds, rss // 1024, (said[0][:90] if said else "")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        print(f"{'case':55} exit  wall s  peak MiB")
        for name, (command, plant) in CASES.items():
            status, seconds, mib, said = measure(command, plant, Path(folder) / "case")
            print(f"{name:55} {status:4}  {seconds:6.2f}  {mib:8}  {said}", flush=True)


if __name__ == "__main__":
    main()

"""A template may place an image file from the game's own folder, and only from there."""
from __future__ import annotations

from pathlib import Path

from PIL import Image

from pnp_testing import render_page, run_cli

TEMPLATE = """id: pictured-circle
extends: magic-circle
elements:
  picture: {kind: image, x: 21.5, y: 37, w: 20, h: 20, file: %s}
"""


def _setup(game_copy: Path, file: str) -> None:
    game = game_copy / "the-channeling"
    (game / "templates").mkdir(exist_ok=True)
    (game / "templates/pictured-circle.yaml").write_text(TEMPLATE % file)
    Image.new("RGB", (300, 300), (255, 0, 255)).save(game / "art.png")
    edition = game / "editions/2025.yaml"
    edition.write_text(edition.read_text().replace("face: magic-circle\n", "face: pictured-circle\n"))


def test_image_from_the_game_folder_is_drawn(game_copy: Path, tmp_path: Path) -> None:
    _setup(game_copy, "art.png")
    out = tmp_path / "out"
    result = run_cli("build", "the-channeling", "-e", "2025", "-p", "a4", "--out", str(out),
                     env={"PNP_COMPONENTS": str(game_copy)})
    assert result.returncode == 0, result.stderr
    page = render_page(out / "the-channeling-2025-a4-cards.pdf", 0, 30)
    magenta = sum(1 for p in page.get_flattened_data() if p[0] > 230 and p[1] < 30 and p[2] > 230)
    # 8 cards a page, each with a 20 x 20 mm picture: about 8 * (20 mm at 30 dpi)^2 pixels
    expected = 8 * (20 / 25.4 * 30) ** 2
    assert 0.7 * expected < magenta < 1.3 * expected


def test_image_path_may_not_leave_the_game_folder(game_copy: Path, tmp_path: Path) -> None:
    _setup(game_copy, "../../../../etc/hostname")
    out = tmp_path / "out"
    result = run_cli("build", "the-channeling", "-e", "2025", "--out", str(out),
                     env={"PNP_COMPONENTS": str(game_copy)})
    assert result.returncode == 2
    assert "pictured-circle.yaml:4" in result.stderr and "inside the game's folder" in result.stderr
    assert not out.exists()

"""Helpers for the game tests: run the command line, paint one face, copy game data."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """`python build.py ARGS` in a fresh process, as a user types it."""
    full_env = {**os.environ, "CI": "1", **(env or {})}
    return subprocess.run([sys.executable, str(ROOT / "build.py"), *args], capture_output=True, text=True,
                          env=full_env, cwd=ROOT, timeout=600)


def harbour_project(tmp_path: Path) -> Path:
    """A scratch project holding only the made-up test game tests/games/fixtures/harbour-lights."""
    root = tmp_path / "project"
    shutil.copytree(Path(__file__).parent / "fixtures" / "harbour-lights", root / "components" / "harbour-lights")
    return root


def copy_components(tmp_path: Path) -> Path:
    target = tmp_path / "components"
    shutil.copytree(ROOT / "components", target)
    return target


def face_image(game: str, edition: str, component: str, piece: int, side: str = "face", dpi: int = 150):
    """One piece's face painted alone on a page of its trim size, as a PIL image (RGB)."""
    import tempfile

    import pypdfium2 as pdfium

    from generator.model import load_edition
    from generator.model import layouts_for
    from generator.render.faces import FacePainter
    from generator.render.pdf import new_canvas

    ed = load_edition(game, edition)
    comp = ed.component(component)
    painter = FacePainter(ed.game, layouts_for(ed))
    template = painter.template_for(comp, side)
    values = painter.values(comp, comp.pieces[piece])
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "face.pdf"
        c = new_canvas(path, template.size, "face")
        painter.paint(c, template, values, 0, template.size[1], 0)
        c.showPage()
        c.save()
        doc = pdfium.PdfDocument(str(path))
        try:
            return doc[0].render(scale=dpi / 72).to_pil().convert("RGB")
        finally:
            doc.close()


def pixel_mm(image, x_mm: float, y_mm: float, dpi: int = 150) -> tuple[int, int, int]:
    """The colour at a point given in millimetres from the top-left corner."""
    return image.getpixel((round(x_mm / 25.4 * dpi), round(y_mm / 25.4 * dpi)))


def close(colour: tuple[int, int, int], hex_rgb: str, tolerance: int = 12) -> bool:
    wanted = tuple(int(hex_rgb[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= tolerance for a, b in zip(colour, wanted))


def style_rgb(name: str) -> str:
    from generator.model import layouts_dir
    from generator.model.layouts import Layouts

    return Layouts(layouts_dir()).style.colours[name].rgb


def page_pixels(pdf: Path, page: int = 0, dpi: int = 150):
    """One page of a PDF rendered at ``dpi``, as a function from millimetres (from its top-left corner)
    to the RGB colour there."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        image = doc[page].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    return lambda x_mm, y_mm: pixel_mm(image, x_mm, y_mm, dpi)


PLATES = ("Cyan", "Magenta", "Yellow", "Black")


def ink_plates(pdf: Path, folder: Path, dpi: int = 40) -> dict:
    """Ghostscript's separation of a PDF's first page (tiffsep): each process plate as a greyscale image,
    255 where it takes no ink and 0 where it takes full ink."""
    from PIL import Image

    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", f"-r{dpi}", "-dFirstPage=1", "-dLastPage=1",
                    "-sDEVICE=tiffsep", "-o", str(folder / "plate-%d.tif"), str(pdf)], check=True, capture_output=True)
    plates = {}
    for plate in PLATES:
        with Image.open(folder / f"plate-1({plate}).tif") as image:
            plates[plate] = image.copy()
    return plates

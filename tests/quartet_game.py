"""A made-up game for the vendor and preflight tests: poker cards, mini cards, round tokens and a
hex tile, drawn in colours whose CMYK values stay under every vendor's ink limit, with text and
art well inside every safe zone. `plant` adds one known flaw each, for the preflight to find:

- rich-black: the poker cards' background is C100 M100 Y100 K100 (400%, the most CMYK can hold);
- low-res: a CMYK JPEG placed on the poker face at 150 DPI;
- small-text: a 4 pt line of text on the poker face;
- hairline: a 0.1 pt rule on the poker face;
- rgb-image: an RGB PNG placed on the poker face at 600 DPI;
- safe-zone: a dark bar 1 mm inside the poker card's left edge (vendors' safe zones are 1/8 in);
- black-text: a 7 pt line of text in the rich black (not a flaw when printed as pure K).
"""
from __future__ import annotations

from pathlib import Path

from PIL import Image

# component id -> (kind, template size in mm, shape, pieces as (name, count))
PIECES = {
    "heroes": ("card", (63.5, 88.9), "rect", [("Archer", 2), ("Bard", 1)]),
    "tricks": ("card", (44.45, 63.5), "rect", [("Feint", 3), ("Dodge", 1)]),
    "coins": ("token", (25.4, 25.4), "round", [("Copper", 4)]),
    "isles": ("tile", (63.5, 57.15), "hex", [("Reef", 1)]),
}
PLANTS = ("rich-black", "low-res", "small-text", "hairline", "rgb-image", "safe-zone", "black-text")
# where each planted flaw sits on the poker face, in mm from the trim's top-left (x, y, w, h)
LOW_RES_BOX = (20, 20, 25.4, 12.7)      # 150 x 75 px over 1 x 0.5 in: 150 DPI
RGB_BOX = (20, 40, 12.7, 12.7)          # 300 x 300 px over 0.5 in: 600 DPI
SMALL_TEXT_Y = 60
HAIRLINE_Y = 70
SAFE_BAR = (1, 30, 1.5, 20)


STYLE = """colours:
  sand:  {rgb: "#EFE3C8", cmyk: [0, 5, 18, 4]}
  navy:  {rgb: "#22335A", cmyk: [70, 50, 0, 50]}
  rust:  {rgb: "#A0522D", cmyk: [0, 50, 70, 30]}
  night: {rgb: "#000000", cmyk: [100, 100, 100, 100]}
"""


def _component(cid: str, kind: str, pieces) -> str:
    rows = "\n".join(f"      - {{name: {n}, count: {c}}}" for n, c in pieces)
    return (f"  - id: {cid}\n    name: {cid.title()}\n    kind: {kind}\n    face: q-{cid}\n"
            f"    back: q-{cid}-back\n    fields:\n      name: {{type: text}}\n    pieces:\n{rows}\n")


def _template(tid: str, size, shape: str, fill: str, extra: str = "") -> str:
    w, h = size
    return (f"id: {tid}\nsize: [{w}mm, {h}mm]\nshape: {shape}\nelements:\n"
            f"  background: {{kind: background, fill: {fill}}}\n"
            f"  name: {{kind: text, x: {w * 0.2:.2f}, y: {h / 2 - 4:.2f}, w: {w * 0.6:.2f}, h: 8, text: \"{{name}}\","
            f" font: bold, size: 9, colour: navy, align: centre}}\n{extra}")


def _plants(folder: Path, plant: set[str]) -> tuple[str, str]:
    """Extra elements of the poker face, and the background colour it gets."""
    extra = ""
    if "low-res" in plant:
        Image.new("CMYK", (150, 75), (0, 60, 80, 10)).save(folder / "lowres.jpg", quality=95)
        x, y, w, h = LOW_RES_BOX
        extra += f"  lowres: {{kind: image, x: {x}, y: {y}, w: {w}, h: {h}, file: lowres.jpg}}\n"
    if "rgb-image" in plant:
        Image.new("RGB", (300, 300), (40, 160, 60)).save(folder / "photo.png")
        x, y, w, h = RGB_BOX
        extra += f"  photo: {{kind: image, x: {x}, y: {y}, w: {w}, h: {h}, file: photo.png}}\n"
    if "small-text" in plant:
        extra += (f"  fine: {{kind: text, x: 10, y: {SMALL_TEXT_Y}, w: 43, h: 4, text: \"small print\","
                  " font: body, size: 4, colour: navy}\n")
    if "hairline" in plant:
        extra += (f"  rule: {{kind: line, x1: 10, y1: {HAIRLINE_Y}, x2: 53, y2: {HAIRLINE_Y}, stroke: navy,"
                  " stroke_width: 0.1}\n")
    if "black-text" in plant:
        extra += "  note: {kind: text, x: 10, y: 75, w: 43, h: 5, text: \"in black\", font: body, size: 7, colour: night}\n"
    if "safe-zone" in plant:
        x, y, w, h = SAFE_BAR
        extra += f"  bar: {{kind: rect, x: {x}, y: {y}, w: {w}, h: {h}, fill: rust}}\n"
    return extra, ("night" if "rich-black" in plant else "sand")


def write_quartet_game(root: Path, plant: set[str] = frozenset()) -> Path:
    """A project at root holding the quartet game, with the named flaws planted; returns root."""
    assert set(plant) <= set(PLANTS), plant
    folder = root / "components" / "quartet"
    (folder / "templates").mkdir(parents=True)
    (folder / "editions").mkdir()
    (root / "layouts").mkdir()
    (root / "layouts" / "style.yaml").write_text(STYLE)
    (folder / "editions" / "base.yaml").write_text("id: base\ntitle: Base\n")
    extra, ground = _plants(folder, set(plant))
    game = "id: quartet\ntitle: Quartet\ndefault_edition: base\neditions: [base]\ncomponents:\n"
    for cid, (kind, size, shape, pieces) in PIECES.items():
        game += _component(cid, kind, pieces)
        face_fill = ground if cid == "heroes" else "sand"
        (folder / "templates" / f"q-{cid}.yaml").write_text(
            _template(f"q-{cid}", size, shape, face_fill, extra if cid == "heroes" else ""))
        (folder / "templates" / f"q-{cid}-back.yaml").write_text(_template(f"q-{cid}-back", size, shape, "sand"))
    (folder / "game.yaml").write_text(game)
    return root

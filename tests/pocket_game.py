"""A made-up game for the export tests: poker (2.5 x 3.5 in), bridge (57 x 89 mm), mini (44 x 63 mm)
and landscape cards, round tokens and square tiles with two-sided designs. Each face is a dark
rectangle exactly the size of its trim on a parchment background that runs into the bleed, so
the art's size can be measured on any image."""
from __future__ import annotations

from pathlib import Path

from pnp_testing import project_copy

# component id -> (kind, width mm, height mm, pieces as (name, side, count))
PIECES = {
    "poker": ("card", 63.5, 88.9, [("Ace", "red", 2), ("Two", "red", 1), ("Three", "blue", 3)]),
    "bridge": ("card", 57, 89, [("Knave", "red", 2), ("Queen", "red", 1)]),
    "mini": ("card", 44, 63, [("Pip", "red", 4), ("Dot", "red", 2)]),
    "wide": ("card", 88.9, 63.5, [("Vista", "red", 2), ("Plain", "red", 1)]),
    "coins": ("token", 25, 25, [("Coin", "red", 5), ("Gem", "red", 2)]),
    "floors": ("tile", 50, 50, [("Stone", "red", 2), ("Grass", "red", 2)]),
}


def _component(cid: str, kind: str, pieces) -> str:
    rows = "\n".join(f"      - {{name: {n}, side: {s}, count: {c}}}" for n, s, c in pieces)
    return f"""  - id: {cid}
    name: {cid.title()} pieces
    kind: {kind}
    face: pocket-{cid}
    back: pocket-{cid}-back
    fields:
      name: {{type: text}}
      side: {{type: text}}
    pieces:
{rows}
"""


def _templates(cid: str, w: float, h: float) -> dict[str, str]:
    shape = "round" if cid == "coins" else "rect"
    face = f"""id: pocket-{cid}
size: [{w}mm, {h}mm]
shape: {shape}
safe_margin: 2mm
elements:
  background: {{kind: background, fill: parchment}}
  art: {{kind: rect, x: 0, y: 0, w: {w}, h: {h}, fill: dark}}
  name: {{kind: text, x: 3, y: {h / 2 - 3}, w: {w - 6}, h: 6, text: "{{name}}", font: bold, size: 8, colour: dark-ink, align: centre}}
"""
    back = f"""id: pocket-{cid}-back
size: [{w}mm, {h}mm]
shape: {shape}
safe_margin: 2mm
elements:
  background: {{kind: background, fill: parchment}}
  art: {{kind: rect, x: 0, y: 0, w: {w}, h: {h}, fill: vigor}}
  side: {{kind: text, x: 3, y: {h / 2 - 3}, w: {w - 6}, h: 6, text: "{{side}}", font: bold, size: 8, colour: ink, align: centre}}
"""
    return {f"templates/pocket-{cid}.yaml": face, f"templates/pocket-{cid}-back.yaml": back}


def write_pocket_game(tmp_path: Path, drop: str | None = None) -> Path:
    """A scratch project holding the pocket game (and the seed project's looks); returns its root.
    drop: a piece name left out, as a designer removing a card would."""
    root = project_copy(tmp_path, games=())
    folder = root / "components" / "pocket"
    files = {"editions/base.yaml": "id: base\ntitle: Base\n"}
    components = ""
    for cid, (kind, w, h, pieces) in PIECES.items():
        components += _component(cid, kind, [p for p in pieces if p[0] != drop])
        files.update(_templates(cid, w, h))
    files["game.yaml"] = ("id: pocket\ntitle: Pocket\ndefault_edition: base\neditions: [base]\n"
                          "components:\n" + components)
    for relative, text in files.items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(text)
    return root

"""A game that only needs printing is a folder of YAML and templates: no Python.

The test writes a small made-up game (two kinds of cards, one template of its own in the game's
`templates/` folder, one shared from layouts/) into a temporary folder and builds it through the
command line with PNP_COMPONENTS pointing there.
"""
from __future__ import annotations

import json
from pathlib import Path

from games_support import cli

GAME = {
    "game.yaml": """\
id: tiny-duel
title: Tiny Duel
default_edition: base
editions: [base]
components:
  - id: creatures
    name: Creature cards
    kind: card
    face: tiny-creature
    back: tiny-back
    fields:
      name: {type: text}
      power: {type: int, min: 0, max: 9}
    pieces:
      - {name: Newt, power: 1, count: 3}
      - {name: Owl, power: 4, count: 2}
  - id: score
    name: Score tokens
    kind: token
    face: round-token
    fields: {}
    pieces:
      - {count: 4}
""",
    "editions/base.yaml": """\
id: base
title: Base game
declares:
  - {component: creatures, total: 5, ranges: {power: [0, 5]}}
""",
    "templates/tiny-creature.yaml": """\
id: tiny-creature
extends: poker-card
elements:
  name: {kind: text, x: 6, y: 8, w: 51, h: 10, text: "{name}", font: bold, size: 14, align: centre}
  pips: {kind: ring, cx: 31.5, cy: 48, r: 14, count: $power, dot: 3, fill: splendor}
  power: {kind: text, x: 6, y: 70, w: 51, h: 8, text: "Power {power}", size: 9, align: centre}
""",
    "templates/tiny-back.yaml": """\
id: tiny-back
extends: poker-card
elements:
  background: {kind: background, fill: dark}
  title: {kind: text, x: 6, y: 40, w: 51, h: 8, text: "Tiny Duel", font: bold, size: 12, colour: dark-ink, align: centre}
""",
}


def write_game(root: Path) -> Path:
    folder = root / "tiny-duel"
    for relative, text in GAME.items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_a_made_up_game_builds_from_its_own_folder(tmp_path: Path) -> None:
    from pypdf import PdfReader

    env = {"PNP_COMPONENTS": str(write_game(tmp_path / "components"))}
    listed = cli("list", env=env)
    assert listed.returncode == 0 and "game tiny-duel: Tiny Duel" in listed.stdout
    checked = cli("validate", "tiny-duel", env=env)
    assert checked.returncode == 0 and "Creature cards: 5" in checked.stdout, checked.stdout

    out = tmp_path / "out"
    built = cli("build", "tiny-duel", "--profile", "a4", "--out", str(out), env=env)
    assert built.returncode == 0, built.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["game"] == "tiny-duel" and manifest["edition"] == "base"
    sheets = {f["kind"]: f for f in manifest["files"]}
    cards = PdfReader(out / sheets["sheet"]["path"])
    fronts = " ".join(cards.pages[0].extract_text().split())
    assert fronts.count("Newt") == 3 and fronts.count("Owl") == 2 and fronts.count("Power 4") == 2
    assert "Tiny Duel" in cards.pages[1].extract_text()  # the backs, from the game's own template
    assert (out / sheets["tokens"]["path"]).is_file()


def test_a_mistake_in_the_made_up_game_names_its_file(tmp_path: Path) -> None:
    root = write_game(tmp_path / "components")
    template = root / "tiny-duel/templates/tiny-creature.yaml"
    template.write_text(template.read_text().replace("count: $power", "count: $might"))
    result = cli("build", "tiny-duel", "--out", str(tmp_path / "out"), env={"PNP_COMPONENTS": str(root)})
    assert result.returncode == 2 and "tiny-creature.yaml" in result.stderr and "might" in result.stderr
    assert not (tmp_path / "out").exists()

"""JSON Schemas for every YAML file kind: every shipped file passes its schema, the schema refuses
mistakes the loader refuses, and the shipped schema files are what the models generate today."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from generator.build.jsonschemas import KINDS, SHIPPED, kind_of, schema_for
from generator.build.newgame import create_game
from pnp_testing import ROOT, run_cli

SHIPPED_YAML = sorted([*ROOT.glob("components/**/*.yaml"), *ROOT.glob("layouts/**/*.yaml"),
                       *ROOT.glob("generator/looks/**/*.yaml")])


def _errors(kind: str, data) -> list[str]:
    validator = jsonschema.Draft202012Validator(schema_for(kind))
    return [e.message for e in validator.iter_errors(data)]


def test_the_shipped_schema_files_are_up_to_date() -> None:
    for kind in KINDS:
        shipped = json.loads((SHIPPED / f"{kind}.schema.json").read_text())
        assert shipped == json.loads(json.dumps(schema_for(kind))), f"run `pnpkit schema --out {SHIPPED}`"


@pytest.mark.parametrize("path", SHIPPED_YAML, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_yaml_file_passes_its_schema_and_names_it(path: Path) -> None:
    kind = kind_of(path)
    assert kind is not None
    text = path.read_text()
    assert text.startswith("# yaml-language-server: $schema=") and f"/{kind}.schema.json" in text.splitlines()[0]
    assert (path.parent / text.splitlines()[0].split("=", 1)[1]).resolve() == SHIPPED / f"{kind}.schema.json"
    assert _errors(kind, yaml.safe_load(text)) == []


def test_a_scaffolded_game_passes_its_schemas(tmp_path: Path) -> None:
    folder = create_game(tmp_path, "demo", "Demo")
    for path in folder.rglob("*.yaml"):
        first = path.read_text().splitlines()[0]
        target = (path.parent / first.split("=", 1)[1]).resolve()
        assert target.is_file() and target.parent == tmp_path / ".pnpkit" / "schemas"
        assert _errors(kind_of(path), yaml.safe_load(path.read_text())) == [], path


# (kind, file relative to a scaffolded game, text to replace, replacement): each one the loader refuses too
BAD = [
    ("game", "game.yaml", "kind: token", "kind: meeple"),
    ("game", "game.yaml", "title: Demo", "title: Demo\ncolour: red"),
    ("edition", "editions/first.yaml", "total: 12", "total: lots"),
    ("template", "templates/demo-card.yaml", "fill: sun, when", "fil: sun, when"),
    ("template", "templates/demo-card.yaml", "kind: glyph,", "kind: glyphs,"),
    ("template", "templates/demo-card.yaml", "x: 5, y: 5, w: 53", "x: 5furlongs, y: 5, w: 53"),
    ("template", "templates/demo-back.yaml", "border: {stroke: back-ink}", "border: {stroke: back-ink, wobble: 2}"),
    ("style", "style.yaml", 'rgb: "#E39B17"', 'rgb: "orange"'),
    ("rulebook", "rules/rulebook.yaml", "main: rulebook.md", "main: rulebook.md\ntheme: dark"),
]


@pytest.mark.parametrize("kind, relative, old, new", BAD, ids=[f"{b[0]}:{b[3][:20]}" for b in BAD])
def test_the_schema_refuses_what_the_loader_refuses(tmp_path: Path, kind, relative, old, new) -> None:
    folder = create_game(tmp_path, "demo", "Demo")
    path = folder / relative
    assert old in path.read_text()
    path.write_text(path.read_text().replace(old, new, 1))
    assert _errors(kind, yaml.safe_load(path.read_text())), "the schema let a bad file through"
    profile = "rulebook-letter" if kind == "rulebook" else "letter"
    result = run_cli("build", "demo", "--profile", profile, "--out", str(tmp_path / "out"),
                     env={"PNP_PROJECT": str(tmp_path)})
    assert result.returncode == 2 and relative.split("/")[-1] in result.stderr, result.stderr


def test_schema_command_writes_every_kind(tmp_path: Path) -> None:
    result = run_cli("schema", "--out", str(tmp_path / "s"))
    assert result.returncode == 0
    assert sorted(p.name for p in (tmp_path / "s").iterdir()) == sorted(f"{k}.schema.json" for k in KINDS)


FIXTURES = sorted(ROOT.glob("tests/games/fixtures/**/*.yaml"))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_made_up_test_games_pass_their_schemas(path: Path) -> None:
    assert _errors(kind_of(path), yaml.safe_load(path.read_text())) == []

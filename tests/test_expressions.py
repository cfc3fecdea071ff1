"""Expressions in template values (`{{ attack * 2 }}`, a lookup, a conditional word): a made-up game
drawn with them prints exactly what the same cards drawn from hand-computed templates print, and each
mistake is one line naming the template's file and line, the piece and the expression."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.model.expressions import choose, lookup, number, plural, roman, signed, ExpressionError
from pnp_testing import ROOT, render_page
from robustness.robustness_support import run

GAME = "tally-duel"
CARDS = [  # name, attack, rarity, element
    ("Ember", 1, 1, "fire"),
    ("Torrent", 3, 3, "water"),
    ("Cinder", 4, 2, "fire"),
]
FILES = {
    "game.yaml": """\
id: tally-duel
title: Tally Duel
players: [2, 2]
default_edition: first
editions: [first]
glyphs: glyphs.yaml
components:
  - id: fighters
    name: Fighter cards
    kind: card
    face: fighter
    label: "{name}"
    fields:
      name: {type: text}
      attack: {type: int, min: 0, max: 9}
      rarity: {type: int, min: 1, max: 3}
      element: {type: choice, of: [fire, water]}
    pieces: cards.yaml
""",
    "glyphs.yaml": """\
glyphs:
  - id: flame
    name: Flame
    shapes:
      - polygon: [[0.5, 0.05], [0.9, 0.9], [0.1, 0.9]]
  - id: drop
    name: Drop
    shapes:
      - circle: [0.5, 0.6, 0.35]
""",
    "editions/first.yaml": "id: first\ntitle: First Strike\nrules: {hand: 5}\n",
}
EXPRESSIONS = (ROOT / "docs/examples/expressions/fighter.yaml").read_text()  # the reference page's example
COLOURS = {1: "frame", 2: "green", 3: "blue"}


def by_hand(index: int) -> str:
    """The template one card would need without expressions: every value worked out beforehand."""
    name, attack, rarity, element = CARDS[index]
    wounds = "wound" if attack * 2 == 1 else "wounds"
    return f"""\
id: fighter-{index}
extends: poker-card
elements:
  frame: {{kind: rect, x: 4, y: 4, w: 55, h: 80, stroke_width: 2, stroke: {COLOURS[rarity]}}}
  name: {{kind: text, x: 6, y: 8, w: 51, h: 10, text: "{{name}}", font: bold, size: 14, align: centre}}
  damage: {{kind: text, x: 6, y: 20, w: 51, h: 10, align: centre, size: {7 + attack}, text: "{name} deals {attack * 2} {wounds}"}}
  icon: {{kind: glyph, x: 24, y: 36, w: 15, h: 15, glyph: {'flame' if element == 'fire' else 'drop'}}}
  rarity: {{kind: text, x: 6, y: 58, w: 51, h: 8, align: centre, text: "{'Rare' if rarity > 2 else 'Common'}"}}
  edition: {{kind: text, x: 6, y: 70, w: 51, h: 6, size: 6, align: centre, text: "First Strike {'I' * rarity}, hand 5"}}
"""


def write_game(components: Path, template: str, own_faces: bool = False) -> Path:
    folder = components / GAME
    for relative, text in {**FILES, "templates/fighter.yaml": template}.items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(text)
    rows = []
    for i, (name, attack, rarity, element) in enumerate(CARDS):
        face = f", face: fighter-{i}" if own_faces else ""
        rows.append(f"- {{name: {name}, attack: {attack}, rarity: {rarity}, element: {element}{face}}}\n")
        if own_faces:
            (folder / f"templates/fighter-{i}.yaml").write_text(by_hand(i))
    (folder / "cards.yaml").write_text("".join(rows))
    return folder


@pytest.fixture
def components(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("PNP_COMPONENTS", str(tmp_path / "components"))
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "components"


def build(out: Path) -> Path:
    result = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(out))
    assert result.code == 0, result.err
    return out / f"{GAME}-first-a4-cards.pdf"


def test_expressions_print_what_hand_computed_templates_print(components: Path, tmp_path: Path) -> None:
    write_game(components, EXPRESSIONS)
    checked = run("validate", GAME)
    assert checked.code == 0 and "warning" not in checked.out + checked.err, checked.out + checked.err
    computed = render_page(build(tmp_path / "computed"), 0, 100)
    write_game(components, EXPRESSIONS, own_faces=True)
    by_hand_page = render_page(build(tmp_path / "by-hand"), 0, 100)
    assert computed.tobytes() == by_hand_page.tobytes()
    # and the page shows something of each card: the three frames' colours are on it
    colours = {computed.getpixel((x, y)) for x in range(0, computed.width, 3) for y in range(0, computed.height, 3)}
    assert {(0x7A, 0x5C, 0x3A), (0x2F, 0x7D, 0x4A), (0x2F, 0x6F, 0xD0)} <= colours


def test_a_groups_children_hold_expressions_as_a_templates_elements_do(components: Path, tmp_path: Path) -> None:
    """The reference example's elements moved into a group at the card's corner print the same page."""
    import yaml

    template = yaml.safe_load(EXPRESSIONS)
    template["elements"] = {"all": {"kind": "group", "elements": template["elements"]}}
    write_game(components, yaml.safe_dump(template, sort_keys=False))
    checked = run("validate", GAME)
    assert checked.code == 0 and "warning" not in checked.out + checked.err, checked.out + checked.err
    grouped = render_page(build(tmp_path / "grouped"), 0, 100)
    write_game(components, EXPRESSIONS)
    assert grouped.tobytes() == render_page(build(tmp_path / "top-level"), 0, 100).tobytes()


PATTERNED = """\
id: fighter
extends: poker-card
elements:
  tiles: {kind: rect, x: 4, y: 4, w: 55, h: 80, fill: {image: "art/{{ element }}.png", scale: 10}}
"""


def write_art(folder: Path, *names: str) -> None:
    from PIL import Image

    (folder / "art").mkdir(exist_ok=True)
    for name in names:
        Image.new("RGB", (4, 4), {"fire": (255, 0, 0), "water": (0, 0, 255)}[name]).save(folder / f"art/{name}.png")


def test_a_pattern_fills_image_is_worked_out_for_each_piece(components: Path, tmp_path: Path) -> None:
    write_art(write_game(components, PATTERNED), "fire", "water")
    checked = run("validate", GAME)
    assert checked.code == 0, checked.err
    page = render_page(build(tmp_path / "out"), 0, 50).convert("RGB")
    colours = {page.getpixel((x, y)) for x in range(0, page.width, 2) for y in range(0, page.height, 2)}
    assert {(255, 0, 0), (0, 0, 255)} <= colours  # Ember and Cinder tiled with fire, Torrent with water


@pytest.mark.parametrize("image, words", [
    ("art/{{ element }}.png", ["fighter.yaml:4", "tiles.fill.image", "inside the game's folder", "'art/water.png'",
                               "Torrent"]),
    ("{{ '..' }}/art/fire.png", ["fighter.yaml:4", "tiles.fill.image", "inside the game's folder", "Ember"]),
    ("art/{{ elemnt }}.png", ["fighter.yaml:4", "tiles.fill.image", "'elemnt' (did you mean 'element'?)"]),
    ("art/{{ element * }}.png", ["fighter.yaml:4", "tiles.fill.image", "Jinja2 expression"]),
], ids=["missing-for-one-piece", "outside-the-project", "unknown-name", "syntax"])
def test_a_bad_pattern_image_expression_is_one_line(image, words, components: Path, tmp_path: Path) -> None:
    folder = write_game(components, PATTERNED.replace("art/{{ element }}.png", image))
    write_art(folder, "fire")
    (folder.parent / "art").mkdir(exist_ok=True)  # what the escaping path names, outside the game
    write_art(folder.parent, "fire")
    for result in (run("validate", GAME), run("build", GAME, "-e", "first", "-p", "a4", "--out", str(tmp_path / "o"))):
        lines = result.err.strip().splitlines()
        assert result.code == 2 and len(lines) == 1, result.err
        assert all(word in lines[0] for word in words), (words, lines[0])
    assert not (tmp_path / "o").exists()


def test_text_from_an_expression_keeps_its_braces(components: Path, tmp_path: Path) -> None:
    write_game(components, EXPRESSIONS.replace("{{ 'Rare' if rarity > 2 else 'Common' }}", "{{ '{name}' }} {name}"))
    import pypdf

    text = pypdf.PdfReader(build(tmp_path / "out")).pages[0].extract_text()
    assert "{name} Ember" in text and "Ember deals 2 wounds" in text and "Torrent deals 6 wounds" in text


MISTAKES = [  # (what, element line replaced, replacement, words the one line must hold)
    ("lookup-misses-a-piece", "'water': 'drop'", "'earth': 'drop'",
     ["fighter.yaml:8", "icon.glyph", "Torrent", "lookup(element"]),
    ("unknown-function", "{{ roman(rarity) }}", "{{ romen(rarity) }}",
     ["fighter.yaml:11", "edition.text", "'romen' (did you mean 'roman'?) called", "Ember"]),
    ("unknown-name", "{{ attack * 2 }} {{", "{{ atack * 2 }} {{",
     ["fighter.yaml:7", "damage.text", "'atack' (did you mean 'attack'?)", "{{ atack * 2 }}"]),
    ("type-mismatch", 'size: "{{ 7 + attack }}"', 'size: "{{ name ~ attack }}"',
     ["fighter.yaml:6", "damage.size", "expected a number", "'Ember1'", "Ember"]),
    ("number-into-a-colour", "choose(rarity, 'frame', 'green', 'blue')", "rarity",
     ["fighter.yaml:4", "frame.stroke", "expected text, found 1", "Ember"]),
    ("unknown-colour", "'green', 'blue'", "'green', 'bleu'",
     ["fighter.yaml:4", "frame.stroke", "a colour named in style.yaml", "'bleu' (did you mean 'blue'?)", "Torrent"]),
    ("runaway", "{{ attack * 2 }} {{", "{{ (range(9000) | list) * 20 }} {{",
     ["fighter.yaml:7", "damage.text", "a runaway expression", "Ember"]),
    ("syntax", "{{ attack * 2 }} {{", "{{ attack * }} {{", ["fighter.yaml:7", "damage.text", "Jinja2 expression"]),
    ("unsafe", "{{ attack * 2 }} {{", "{{ name.__class__.__mro__ }} {{", ["fighter.yaml:7", "damage.text", "unsafe", "Ember"]),
    ("a-groups-own-key", "  rarity: {kind: text,",
     "  badge: {kind: group, x: \"{{ attack }}\", y: 0, elements: {n: {kind: text, x: 1, y: 1, w: 9, h: 5, "
     "text: \"{{ name }}\"}}}\n  rarity: {kind: text,", ["fighter.yaml:9", "badge.x", "not in the group's own keys"]),
    ("in-a-group-unknown-colour", "  rarity: {kind: text,",
     "  badge: {kind: group, x: 0, y: 0, elements: {n: {kind: rect, x: 1, y: 1, w: 9, h: 5, "
     "fill: \"{{ 'red' if attack > 3 else 'ink' }}\"}}}\n  rarity: {kind: text,",
     ["fighter.yaml:9", "badge.elements.n.fill", "a colour named in style.yaml", "'red'", "Cinder"]),
    ("in-a-group-type-mismatch", "  rarity: {kind: text,",
     "  badge: {kind: group, x: 0, y: 0, elements: {inner: {kind: group, elements: {n: {kind: rect, x: 1, y: 1, "
     "w: 9, h: \"{{ name ~ attack }}\"}}}}}\n  rarity: {kind: text,",
     ["fighter.yaml:9", "badge.elements.inner.elements.n.h", "expected a length", "'Ember1'", "Ember"]),
    ("in-a-group-unknown-name", "  rarity: {kind: text,",
     "  badge: {kind: group, x: 0, y: 0, elements: {n: {kind: text, x: 1, y: 1, w: 9, h: 5, text: \"{{ nmae }}\"}}}\n"
     "  rarity: {kind: text,", ["fighter.yaml:9", "badge.elements.n.text", "'nmae' (did you mean 'name'?)", "Ember"]),
    ("in-a-group-unknown-field", "  rarity: {kind: text,",
     "  badge: {kind: group, x: 0, y: 0, elements: {n: {kind: text, x: 1, y: 1, w: 9, h: 5, text: \"{nmae}\"}}}\n"
     "  rarity: {kind: text,", ["fighter.yaml:9", "badge.elements.n.text", "{nmae}"]),
    ("in-a-group-qr-field-too-long", "  rarity: {kind: text,",
     "  badge: {kind: group, x: 0, y: 0, elements: {code: {kind: qr, x: 1, y: 1, size: 8, value: $name}}}\n"
     "  rarity: {kind: text,", ["fighter.yaml:9", "badge.elements.code.value", "8 mm QR code", "Ember"]),
    ("field-reference", "{{ lookup(element, {'fire': 'flame', 'water': 'drop'}) }}", "{{ '$element' }}",
     ["fighter.yaml:8", "icon.glyph", "not a $field reference"]),
]


@pytest.mark.parametrize("what, old, new, words", MISTAKES, ids=[m[0] for m in MISTAKES])
def test_a_mistake_in_an_expression_is_one_line(what, old, new, words, components: Path, tmp_path: Path) -> None:
    assert old in EXPRESSIONS
    write_game(components, EXPRESSIONS.replace(old, new, 1))
    for result in (run("validate", GAME), run("build", GAME, "-e", "first", "-p", "a4", "--out", str(tmp_path / "o"))):
        lines = result.err.strip().splitlines()
        assert result.code == 2 and len(lines) == 1, result.err
        assert all(word in lines[0] for word in words), (words, lines[0])
    assert not (tmp_path / "o").exists()


def test_the_functions() -> None:
    assert [roman(n) for n in (1, 4, 9, 14, 40, 90, 400, 1994, 3999)] == \
        ["I", "IV", "IX", "XIV", "XL", "XC", "CD", "MCMXCIV", "MMMCMXCIX"]
    assert (plural(1, "coin"), plural(2, "coin"), plural(0, "mouse", "mice")) == ("coin", "coins", "mice")
    assert choose(2, "a", "b", "c") == "b"
    assert (lookup("x", {"x": 1}), lookup(3, {"3": "three"}), lookup("y", {"x": 1}, 0)) == (1, "three", 0)
    assert (number(1234.567, 1), number(3, sign=True), signed(2), signed(-1), signed(0)) == \
        ("1,234.6", "+3", "+2", "-1", "0")
    for call in (lambda: roman(0), lambda: choose(4, "a", "b"), lambda: lookup("y", {"x": 1}),
                 lambda: plural("two", "coin"), lambda: number(1, 99)):
        with pytest.raises(ExpressionError):
            call()


def test_the_template_schema_takes_an_expression_for_any_key_and_still_refuses_a_bad_value() -> None:
    import jsonschema
    import yaml

    from generator.build.jsonschemas import schema_for

    checker = jsonschema.Draft202012Validator(schema_for("template"))
    template = yaml.safe_load(EXPRESSIONS)
    assert list(checker.iter_errors(template)) == []
    template["elements"]["damage"]["size"] = "big"
    assert list(checker.iter_errors(template))

"""The catalogue, part 1: bad game files. Each one is refused by `validate` and by `build` with one
line naming the file, no traceback, and the previous build left byte for byte as it was."""
from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from robustness_support import GAME, assert_refused, run, snapshot

CARDS, GAME_FILE, TEMPLATE, GLYPHS, EDITION = ("cards/letters.yaml", "game.yaml", "templates/letter-card.yaml",
                                               "glyphs.yaml", "editions/first.yaml")
GOOD_CARD = "- {name: Postcard, stamps: 1, mark: dot, count: 3}"
BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8))


def replace(old: str, new: str):
    return lambda text: text.replace(old, new, 1) if old in text else pytest.fail(f"{old!r} not in file")


def whole(content: str | bytes):
    return lambda text: content


def card(entry: str):
    return replace(GOOD_CARD, entry)


def element(name: str, old: str, new: str):
    """Change one key of one element of the card template."""
    def edit(text: str) -> str:
        lines = text.splitlines(keepends=True)
        for i, line in enumerate(lines):
            if line.startswith(f"  {name}:"):
                assert old in line, (old, line)
                lines[i] = line.replace(old, new, 1)
                return "".join(lines)
        pytest.fail(f"no element {name}")
    return edit


def add_element(yaml_text: str):
    return lambda text: text.rstrip("\n") + "\n  extra: " + yaml_text + "\n"


# (case id, file, edit, text naming where) -- exit status 1 or 2 is checked for all
CASES = [
    # YAML the loader must survive: tags, aliases, nesting, encodings, sizes
    ("tag-unknown", GAME_FILE, replace("title: Pebble Post", "title: !secret Pebble"), "game.yaml:2"),
    ("tag-python-name", GAME_FILE, replace("title: Pebble Post", "title: !!python/name:os.system x"), "game.yaml:2"),
    ("tag-python-apply", GAME_FILE, replace("title: Pebble Post", "title: !!python/object/apply:os.system [id]"),
     "game.yaml:2"),
    ("tag-python-on-map", GAME_FILE, replace("title: Pebble Post", "title: !!python/object:os.Foo {a: 1}"),
     "game.yaml:2"),
    ("tag-timestamp", GAME_FILE, replace("title: Pebble Post", "title: !!timestamp 2020-01-01"), "game.yaml:2"),
    ("tag-binary", GAME_FILE, replace("title: Pebble Post", "title: !!binary aGk="), "game.yaml:2"),
    ("tag-set", GAME_FILE, replace("title: Pebble Post", "title: !!set {a, b}"), "game.yaml:2"),
    ("tag-omap", GAME_FILE, replace("title: Pebble Post", "title: !!omap [{a: 1}]"), "game.yaml:2"),
    ("tag-local-on-list", CARDS, whole("!cards\n- {name: A, stamps: 1, mark: dot}\n"), "letters.yaml:1"),
    ("alias-recursive-list", CARDS, whole("- &a [*a]\n"), "letters.yaml:1"),
    ("alias-recursive-map", CARDS, whole("- &a {name: *a}\n"), "letters.yaml:1"),
    ("alias-bomb", CARDS, whole(BOMB), "letters.yaml:5"),
    ("alias-undefined", CARDS, whole("- *nothing\n"), "letters.yaml:1"),
    ("nesting-brackets", CARDS, whole("[" * 100_000 + "]" * 100_000), "letters.yaml:1"),
    ("nesting-braces", CARDS, whole("{a: " * 50_000 + "1" + "}" * 50_000), "letters.yaml:1"),
    ("nesting-blocks", CARDS, whole("".join("  " * i + f"k{i}:\n" for i in range(200)) + "  " * 200 + "x\n"),
     "letters.yaml:65"),
    ("two-documents", GAME_FILE, lambda t: t + "---\nid: other\n", "game.yaml"),
    ("not-utf8", GAME_FILE, lambda t: t.encode("utf-16"), "game.yaml"),
    ("latin1-byte", CARDS, lambda t: t.encode() + b"- {name: Caf\xe9, stamps: 1, mark: dot}\n", "letters.yaml"),
    ("nul-byte", GAME_FILE, lambda t: t.replace("Pebble Post", "Pebble\x00Post"), "game.yaml"),
    ("unclosed-quote", GAME_FILE, replace("title: Pebble Post", 'title: "Pebble Post'), "game.yaml:"),
    ("tab-indent", GAME_FILE, replace("  - id: letters", "\t- id: letters"), "game.yaml:8"),
    ("duplicate-key", GAME_FILE, replace("title: Pebble Post", "title: Pebble Post\ntitle: Again"), "game.yaml:3"),
    ("merge-key", CARDS, whole("- &c {name: A, stamps: 1, mark: dot}\n- {<<: *c, name: B}\n"), "letters.yaml:2"),
    ("complex-key", GAME_FILE, lambda t: t + "? [a, b]\n: 1\n", "game.yaml:"),
    ("integer-key", GAME_FILE, lambda t: t + "1: one\n", "game.yaml:"),
    ("huge-integer", CARDS, card("- {name: Postcard, stamps: " + "9" * 5000 + ", mark: dot}"), "letters.yaml:1"),
    ("file-too-large", CARDS, lambda t: t + "#" * (9 * 2**20) + "\n", "letters.yaml"),
    ("empty-game-file", GAME_FILE, whole(""), "game.yaml"),
    ("game-file-a-list", GAME_FILE, whole("- id: pebble-post\n"), "game.yaml"),
    ("game-file-a-scalar", GAME_FILE, whole("pebble\n"), "game.yaml"),
    ("title-a-megabyte", GAME_FILE, replace("title: Pebble Post", "title: " + "P" * 2**20), "game.yaml:2"),
    ("unknown-key", GAME_FILE, replace("title: Pebble Post", "title: Pebble Post\ntitel: typo"), "game.yaml:3"),
    # numbers that are not finite or not sane, in every kind of field
    ("x-nan", TEMPLATE, element("name", "x: 6", "x: .nan"), "letter-card.yaml:4"),
    ("x-inf", TEMPLATE, element("name", "x: 6", "x: .inf"), "letter-card.yaml:4"),
    ("y-minus-inf", TEMPLATE, element("name", "y: 8", "y: -.inf"), "letter-card.yaml:4"),
    ("w-huge", TEMPLATE, element("name", "w: 51", "w: 1e300"), "letter-card.yaml:4"),
    ("w-nan-mm", TEMPLATE, element("name", "w: 51", "w: nan mm"), "letter-card.yaml:4"),
    ("size-nan", TEMPLATE, element("name", "size: 14", "size: .nan"), "letter-card.yaml:4"),
    ("size-zero", TEMPLATE, element("name", "size: 14", "size: 0"), "letter-card.yaml:4"),
    ("size-negative", TEMPLATE, element("name", "size: 14", "size: -3"), "letter-card.yaml:4"),
    ("size-huge", TEMPLATE, element("name", "size: 14", "size: 1e9"), "letter-card.yaml:4"),
    ("leading-nan", TEMPLATE, element("name", "size: 14", "size: 14, leading: .nan"), "letter-card.yaml:4"),
    ("leading-zero", TEMPLATE, element("name", "size: 14", "size: 14, leading: 0"), "letter-card.yaml:4"),
    ("rotate-nan", TEMPLATE, element("name", "size: 14", "size: 14, rotate: .nan"), "letter-card.yaml:4"),
    ("rotate-inf", TEMPLATE, element("name", "size: 14", "size: 14, rotate: -.inf"), "letter-card.yaml:4"),
    ("rotate-huge", TEMPLATE, element("name", "size: 14", "size: 14, rotate: 1e12"), "letter-card.yaml:4"),
    ("stroke-nan", TEMPLATE, element("rule", "stroke_width: 0.5", "stroke_width: .nan"), "letter-card.yaml:7"),
    ("stroke-negative", TEMPLATE, element("rule", "stroke_width: 0.5", "stroke_width: -1"), "letter-card.yaml:7"),
    ("stroke-huge", TEMPLATE, element("rule", "stroke_width: 0.5", "stroke_width: 1e9"), "letter-card.yaml:7"),
    ("dash-zero", TEMPLATE, element("rule", "stroke: ink", "stroke: ink, dash: [0]"), "letter-card.yaml:7"),
    ("dash-nan", TEMPLATE, element("rule", "stroke: ink", "stroke: ink, dash: [.nan, 1]"), "letter-card.yaml:7"),
    ("dash-many", TEMPLATE, element("rule", "stroke: ink", "stroke: ink, dash: [" + "1, " * 99 + "1]"),
     "letter-card.yaml:7"),
    ("line-end-inf", TEMPLATE, element("rule", "x2: 57", "x2: .inf"), "letter-card.yaml:7"),
    ("ring-count-huge", TEMPLATE, element("stamps", "count: $stamps", "count: 100000000"), "letter-card.yaml:5"),
    ("ring-count-negative", TEMPLATE, element("stamps", "count: $stamps", "count: -1"), "letter-card.yaml:5"),
    ("ring-count-nan", TEMPLATE, element("stamps", "count: $stamps", "count: .nan"), "letter-card.yaml:5"),
    ("ring-count-fraction", TEMPLATE, element("stamps", "count: $stamps", "count: 1.5"), "letter-card.yaml:5"),
    ("ring-count-text", TEMPLATE, element("stamps", "count: $stamps", "count: many"), "letter-card.yaml:5"),
    ("ring-dot-nan", TEMPLATE, element("stamps", "dot: 3", "dot: .nan"), "letter-card.yaml:5"),
    ("ring-radius-inf", TEMPLATE, element("stamps", "r: 14", "r: .inf"), "letter-card.yaml:5"),
    ("ring-start-nan", TEMPLATE, element("stamps", "dot: 3", "dot: 3, start: .nan"), "letter-card.yaml:5"),
    ("ring-count-bound-huge", (GAME_FILE, CARDS),
     (replace("max: 9}", "max: 1000000}"), card("- {name: Postcard, stamps: 1000000, mark: dot}")),
     "letter-card.yaml:5"),
    ("lines-spacing-zero", TEMPLATE, add_element("{kind: lines, x: 5, y: 5, w: 50, h: 50, spacing: 0}"),
     "letter-card.yaml:8"),
    ("lines-spacing-negative", TEMPLATE, add_element("{kind: lines, x: 5, y: 5, w: 50, h: 50, spacing: -2}"),
     "letter-card.yaml:8"),
    ("lines-spacing-tiny", TEMPLATE, add_element("{kind: lines, x: 5, y: 5, w: 50, h: 50, spacing: 0.00001}"),
     "letter-card.yaml:8"),
    ("lines-spacing-nan", TEMPLATE, add_element("{kind: lines, x: 5, y: 5, w: 50, h: 50, spacing: .nan}"),
     "letter-card.yaml:8"),
    # shapes, gradients and clips
    ("path-data-unreadable", TEMPLATE, add_element("{kind: path, d: 'M 0 0 L ten 4 Z', fill: ink}"),
     "letter-card.yaml:8"),
    ("path-data-huge", TEMPLATE, add_element("{kind: path, d: 'M 0 0 L 1e300 4 Z', fill: ink}"), "letter-card.yaml:8"),
    ("path-data-nan", TEMPLATE, add_element("{kind: path, d: 'M 0 0 L nan 4 Z', fill: ink}"), "letter-card.yaml:8"),
    ("path-data-endless", TEMPLATE, add_element("{kind: path, d: '" + "M 0 0 L 1 1 " * 3000 + "', fill: ink}"),
     "letter-card.yaml:8"),
    ("clip-on-text", TEMPLATE, add_element("{kind: image, x: 5, y: 5, w: 20, h: 20, file: art.png, "
                                           "clip: {kind: text, x: 5, y: 5, w: 9, h: 9, text: a}}"),
     "letter-card.yaml:8"),
    ("clip-on-a-text-element", TEMPLATE,
     element("name", "size: 14", "size: 14, clip: {kind: circle, cx: 1, cy: 1, r: 1}"), "letter-card.yaml:4"),
    ("gradient-unknown-colour", TEMPLATE, add_element("{kind: rect, x: 5, y: 5, w: 20, h: 20, "
                                                      "fill: {gradient: linear, stops: [ink, moonbeam]}}"),
     "letter-card.yaml:8"),
    ("gradient-unknown-field", TEMPLATE, add_element("{kind: rect, x: 5, y: 5, w: 20, h: 20, "
                                                     "fill: {gradient: radial, stops: [ink, $moonbeam]}}"),
     "letter-card.yaml:8"),
    ("gradient-stops-out-of-order", TEMPLATE, add_element("{kind: rect, x: 5, y: 5, w: 20, h: 20, fill: "
                                                          "{gradient: linear, stops: [ink, dark], at: [0.8, 0.2]}}"),
     "letter-card.yaml:8"),
    ("star-points-huge", TEMPLATE, add_element("{kind: star, cx: 30, cy: 40, r: 9, points: 100000000, fill: ink}"),
     "letter-card.yaml:8"),
    ("opacity-nan", TEMPLATE, add_element("{kind: circle, cx: 30, cy: 40, r: 9, fill: ink, opacity: .nan}"),
     "letter-card.yaml:8"),
    ("hexgrid-rings-huge", TEMPLATE, add_element("{kind: hexgrid, cx: 30, cy: 40, r: 3, rings: 100000}"),
     "letter-card.yaml:8"),
    ("hexagon-r-nan", TEMPLATE, add_element("{kind: hexagon, cx: 30, cy: 40, r: .nan}"), "letter-card.yaml:8"),
    ("circle-r-inf", TEMPLATE, add_element("{kind: circle, cx: 30, cy: 40, r: .inf, fill: ink}"),
     "letter-card.yaml:8"),
    ("petals-count-huge", TEMPLATE, add_element("{kind: petals, cx: 30, cy: 40, r: 9, width: 3, count: 100000000}"),
     "letter-card.yaml:8"),
    ("rect-radius-nan", TEMPLATE, add_element("{kind: rect, x: 1, y: 1, w: 9, h: 9, radius: .nan}"),
     "letter-card.yaml:8"),
    ("template-size-nan", TEMPLATE, replace("extends: poker-card", "extends: poker-card\nsize: [.nan, 88]"),
     "letter-card.yaml:3"),
    ("template-size-zero", TEMPLATE, replace("extends: poker-card", "extends: poker-card\nsize: [0, 88]"),
     "letter-card.yaml:3"),
    ("template-size-ten-metres", TEMPLATE, replace("extends: poker-card", "extends: poker-card\nsize: [10000, 88]"),
     "letter-card.yaml:3"),
    ("safe-margin-negative", TEMPLATE, replace("extends: poker-card", "extends: poker-card\nsafe_margin: -5"),
     "letter-card.yaml:3"),
    ("glyph-circle-nan", GLYPHS, replace("[0.5, 0.5, 0.3]", "[.nan, 0.5, 0.3]"), "glyphs.yaml:5"),
    ("glyph-polygon-inf", GLYPHS, replace("[0.9, 0.6]", "[.inf, 0.6]"), "glyphs.yaml:9"),
    ("glyph-weight-nan", GLYPHS, replace("[0.5, 0.5, 0.3]", "[0.5, 0.5, 0.3]\n        weight: .nan"),
     "glyphs.yaml:"),
    ("players-negative", GAME_FILE, replace("players: [2, 4]", "players: [2, -1]"), "game.yaml:3"),
    ("players-reversed", GAME_FILE, replace("players: [2, 4]", "players: [4, 2]"), "game.yaml:3"),
    ("players-zero", GAME_FILE, replace("players: [2, 4]", "players: [0, 2]"), "game.yaml:3"),
    ("players-nan", GAME_FILE, replace("players: [2, 4]", "players: [2, .nan]"), "game.yaml:3"),
    ("players-thousands", GAME_FILE, replace("players: [2, 4]", "players: [2, 5000]"), "game.yaml:3"),
    ("int-field-max-inf", GAME_FILE, replace("max: 9}", "max: .inf}"), "game.yaml:"),
    ("int-field-min-above-max", GAME_FILE, replace("min: 0, max: 9}", "min: 9, max: 0}"), "game.yaml:"),
    ("count-zero", CARDS, card("- {name: Postcard, stamps: 1, mark: dot, count: 0}"), "letters.yaml:1"),
    ("count-billion", CARDS, card("- {name: Postcard, stamps: 1, mark: dot, count: 1000000000}"), "letters.yaml:1"),
    ("count-nan", CARDS, card("- {name: Postcard, stamps: 1, mark: dot, count: .nan}"), "letters.yaml:1"),
    ("count-true", CARDS, card("- {name: Postcard, stamps: 1, mark: dot, count: true}"), "letters.yaml:1"),
    ("count-total-too-many", CARDS, lambda t: t + "- {name: Flood, stamps: 1, mark: dot, count: 10000}\n" * 3,
     "letters.yaml"),
    ("stamps-nan", CARDS, card("- {name: Postcard, stamps: .nan, mark: dot}"), "letters.yaml:1"),
    ("stamps-text", CARDS, card("- {name: Postcard, stamps: four, mark: dot}"), "letters.yaml:1"),
    ("declares-total-negative", EDITION, replace("total: 6", "total: -1"), "first.yaml:4"),
    ("declares-range-nan", EDITION, replace("[0, 5]", "[.nan, 5]"), "first.yaml:4"),
    ("declares-each-negative", EDITION, replace("total: 6", "total: 6, each: -3"), "first.yaml:4"),
    # card text: format specs limited to what a card needs, names bounded
    ("format-width-huge", TEMPLATE, element("name", 'text: "{name}"', 'text: "{name:>500000000}"'),
     "letter-card.yaml:4"),
    ("format-precision-huge", TEMPLATE, element("name", 'text: "{name}"', 'text: "{stamps:.99999f}"'),
     "letter-card.yaml:4"),
    ("format-nested-spec", TEMPLATE, element("name", 'text: "{name}"', 'text: "{name:{stamps}}"'),
     "letter-card.yaml:4"),
    ("format-conversion", TEMPLATE, element("name", 'text: "{name}"', 'text: "{name!r}"'), "letter-card.yaml:4"),
    ("format-attribute", TEMPLATE, element("name", 'text: "{name}"', 'text: "{name.__class__}"'),
     "letter-card.yaml:4"),
    ("format-index", TEMPLATE, element("name", 'text: "{name}"', 'text: "{name[0]}"'), "letter-card.yaml:4"),
    ("format-positional", TEMPLATE, element("name", 'text: "{name}"', 'text: "{0}"'), "letter-card.yaml:4"),
    ("format-unbalanced", TEMPLATE, element("name", 'text: "{name}"', 'text: "{name"'), "letter-card.yaml:4"),
    ("format-empty", TEMPLATE, element("name", 'text: "{name}"', 'text: "{}"'), "letter-card.yaml:4"),
    ("name-ten-thousand-chars", CARDS, card("- {name: " + "N" * 20_000 + ", stamps: 1, mark: dot}"),
     "letters.yaml:1"),
    # decks that validate must build: empty decks, lost glyphs, broken references
    ("cards-empty-list", CARDS, whole("[]\n"), "letters.yaml:1"),
    ("cards-empty-file", CARDS, whole(""), "letters.yaml"),
    ("cards-a-mapping", CARDS, whole("name: Postcard\n"), "letters.yaml"),
    ("inline-pieces-empty", GAME_FILE, replace("      - {count: 6}\n", "      []\n"), "game.yaml:"),
    ("glyph-missing", GLYPHS, lambda t: t.split("  - id: bar")[0], "letters.yaml:2"),
    ("glyphs-empty", GLYPHS, whole("glyphs: []\n"), "glyphs.yaml:1"),
    ("glyph-file-outside", GAME_FILE, replace("glyphs: glyphs.yaml", "glyphs: ../../secret.txt"), "game.yaml:6"),
    ("cards-file-outside", GAME_FILE, replace("pieces: cards/letters.yaml", "pieces: ../../secret.txt"),
     "game.yaml:"),
    ("cards-file-missing", GAME_FILE, replace("pieces: cards/letters.yaml", "pieces: cards/nothing.yaml"),
     "game.yaml:"),
    ("declares-unknown-component", EDITION, replace("component: letters", "component: parcels"), "first.yaml:4"),
    ("unknown-template", GAME_FILE, replace("face: letter-card", "face: no-such-card"), "game.yaml:"),
    ("unknown-colour", TEMPLATE, element("stamps", "fill: splendor", "fill: no-such-colour"), "letter-card.yaml:5"),
    ("unknown-font", TEMPLATE, element("name", "font: bold", "font: comic"), "letter-card.yaml:4"),
    ("unknown-field", TEMPLATE, element("name", 'text: "{name}"', 'text: "{weight}"'), "letter-card.yaml:4"),
    # expressions in template values: each mistake class names the template's line, the piece and the expression
    ("expression-unknown-function", TEMPLATE, element("name", 'text: "{name}"', 'text: "{{ shout(name) }}"'),
     "letter-card.yaml:4"),
    ("expression-unknown-name", TEMPLATE, element("name", 'text: "{name}"', 'text: "{{ weight * 2 }}"'),
     "letter-card.yaml:4"),
    ("expression-type-mismatch", TEMPLATE, element("name", "size: 14", 'size: "{{ name }}"'), "letter-card.yaml:4"),
    ("expression-wrong-colour", TEMPLATE, element("stamps", "fill: splendor", 'fill: "{{ name | lower }}"'),
     "letter-card.yaml:5"),
    ("expression-runaway", TEMPLATE, element("name", 'text: "{name}"', 'text: "{{ (range(9000) | list) * 20 }}"'),
     "letter-card.yaml:4"),
    ("expression-huge-number", TEMPLATE, element("name", 'text: "{name}"', 'text: "{{ 9 ** 9 ** 9 }}"'),
     "letter-card.yaml:4"),
    ("expression-unsafe", TEMPLATE, element("name", 'text: "{name}"', 'text: "{{ name.__class__.__mro__ }}"'),
     "letter-card.yaml:4"),
    ("expression-syntax", TEMPLATE, element("name", 'text: "{name}"', 'text: "{{ stamps + }}"'),
     "letter-card.yaml:4"),
    # codes: a value too long for the code's size, whether written out or worked out for each piece
    ("qr-value-too-long", TEMPLATE, add_element("{kind: qr, x: 20, y: 20, size: 10, value: " + "q" * 200 + "}"),
     "letter-card.yaml:8"),
    ("qr-expression-too-long", TEMPLATE,
     add_element("{kind: qr, x: 20, y: 20, size: 10, value: \"{{ name * 20 }}\"}"), "letter-card.yaml:8"),
    ("qr-value-huge", TEMPLATE,
     add_element("{kind: qr, x: 5, y: 5, size: 50, value: " + "q" * 1990 + "}"), "letter-card.yaml:8"),
    ("barcode-value-too-long", TEMPLATE,
     add_element("{kind: barcode, x: 6, y: 30, w: 20, h: 8, value: PEBBLE-POST-FIRST-EDITION}"), "letter-card.yaml:8"),
    ("barcode-value-not-ascii", TEMPLATE,
     add_element("{kind: barcode, x: 6, y: 30, w: 50, h: 8, value: \"{{ name }}-\u00e9\"}"), "letter-card.yaml:8"),
    ("template-extends-itself", TEMPLATE, replace("extends: poker-card", "extends: letter-card"),
     "letter-card.yaml"),
    ("edition-extends-itself", EDITION, replace("title: First edition", "title: First\nextends: first"),
     "first.yaml:3"),
    # the game's language (hyphenation's dictionary) and rich-text spans
    ("language-unknown", GAME_FILE, replace("title: Pebble Post", "title: Pebble Post\nlanguage: klingon"),
     "game.yaml:3"),
    ("language-no-dictionary", GAME_FILE, replace("title: Pebble Post", "title: Pebble Post\nlanguage: tlh"),
     "game.yaml:3"),
    ("span-style-unknown", TEMPLATE, element("name", 'text: "{name}"', 'text: "[{name}](ink,wobbly)"'),
     "letter-card.yaml:4"),
    ("span-with-a-space", TEMPLATE, element("name", 'text: "{name}"', 'text: "[{name}](ink, 12pt)"'),
     "letter-card.yaml:4"),
    ("span-font-unknown", TEMPLATE, element("name", 'text: "{name}"', 'text: "[{name}](font=comic)"'),
     "letter-card.yaml:4"),
    ("span-size-huge", TEMPLATE, element("name", 'text: "{name}"', 'text: "[{name}](9000pt)"'), "letter-card.yaml:4"),
    ("span-colour-unknown", TEMPLATE, element("name", 'text: "{name}"', 'text: "[{name}](12pt,splendour)"'),
     "letter-card.yaml:4"),
    ("hyphenate-without-wrap", TEMPLATE, element("name", "align: centre", "align: centre, hyphenate: true"),
     "letter-card.yaml:4"),
    ("tracking-on-wrapped-text", TEMPLATE, element("name", "align: centre", "align: centre, fit: wrap, tracking: 50"),
     "letter-card.yaml:4"),
    ("tracking-huge", TEMPLATE, element("name", "align: centre", "align: centre, tracking: 1e9"), "letter-card.yaml:4"),
    ("arc-without-radius", TEMPLATE, element("name", "align: centre", "align: centre, path: arc"), "letter-card.yaml:4"),
    ("arc-that-shrinks", TEMPLATE, element("name", "align: centre", "align: centre, path: arc, radius: 20, fit: shrink"),
     "letter-card.yaml:4"),
    ("arc-radius-nan", TEMPLATE, element("name", "align: centre", "align: centre, path: arc, radius: .nan"),
     "letter-card.yaml:4"),
    ("path-unknown", TEMPLATE, element("name", "align: centre", "align: centre, path: spiral"), "letter-card.yaml:4"),
    ("span-in-a-field", CARDS, card("- {name: '[Postcard](ink,wobbly)', stamps: 1, mark: dot, count: 3}"),
     "letters.yaml:1"),
]


def _apply(folder: Path, relative: str | tuple, edit) -> None:
    if isinstance(relative, tuple):  # one case that needs several files changed
        for one, change in zip(relative, edit):
            _apply(folder, one, change)
        return
    path = folder / relative
    new = edit(path.read_text())
    if isinstance(new, bytes):
        path.write_bytes(new)
    else:
        path.write_text(new)


@pytest.mark.parametrize("case, relative, edit, names", CASES, ids=[c[0] for c in CASES])
def test_bad_game_file_is_refused_by_validate_and_build(case, relative, edit, names, workshop: Path,
                                                       previous_output: Path) -> None:
    _apply(workshop, relative, edit)
    before = snapshot(previous_output)
    checked = run("validate", GAME)
    assert checked.code in (1, 2), (checked.code, checked.out, checked.err)
    assert "Traceback" not in checked.err
    built = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(previous_output))
    assert_refused(built, names, previous_output, before)


def _png_header(width: int, height: int) -> bytes:
    """A PNG that claims to be width x height and holds almost nothing: a decompression bomb's header."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))


def _good_png() -> bytes:
    import io

    from PIL import Image
    buffer = io.BytesIO()
    Image.new("RGB", (64, 64), (200, 0, 200)).save(buffer, "PNG")
    return buffer.getvalue()


IMAGES = [
    ("truncated-png", lambda: _good_png()[:60]),
    ("text-named-png", lambda: b"this is not a picture\n"),
    ("empty-png", lambda: b""),
    ("bomb-900-megapixels", lambda: _png_header(30_000, 30_000)),
    ("bomb-wide", lambda: _png_header(2_000_000, 40)),
    ("svg-named-png", lambda: b'<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
    ("corrupt-idat", lambda: _good_png()[:40] + b"\xff" * 40 + _good_png()[80:]),
    ("ico-format", lambda: _ico()),
]


def _ico() -> bytes:
    import io

    from PIL import Image
    buffer = io.BytesIO()
    Image.new("RGB", (16, 16)).save(buffer, "ICO")
    return buffer.getvalue()


@pytest.mark.parametrize("case, content", IMAGES, ids=[c[0] for c in IMAGES])
def test_file_that_is_not_the_image_it_claims_is_refused(case, content, workshop: Path,
                                                         previous_output: Path) -> None:
    (workshop / "art.png").write_bytes(content())
    _apply(workshop, TEMPLATE, add_element("{kind: image, x: 5, y: 20, w: 20, h: 20, file: art.png}"))
    before = snapshot(previous_output)
    built = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(previous_output))
    assert_refused(built, "art.png", previous_output, before)


@pytest.mark.parametrize("target", ["../../secret.txt", "/etc/hostname"], ids=["relative", "absolute"])
def test_image_symlink_leaving_the_game_folder_is_refused(target, workshop: Path, previous_output: Path) -> None:
    (workshop / "art.png").symlink_to(target)
    _apply(workshop, TEMPLATE, add_element("{kind: image, x: 5, y: 20, w: 20, h: 20, file: art.png}"))
    before = snapshot(previous_output)
    built = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(previous_output))
    assert_refused(built, "letter-card.yaml:8", previous_output, before)


def test_a_1500_character_name_builds_with_short_file_names(workshop: Path, tmp_path: Path) -> None:
    _apply(workshop, CARDS, card("- {name: " + "Long " * 300 + ", stamps: 1, mark: dot, count: 3}"))
    out = tmp_path / "png"
    built = run("build", GAME, "-e", "first", "-p", "mpc", "--out", str(out))
    assert built.code == 0, built.err
    names = [p.name for p in out.rglob("*.png")]
    assert names and max(len(n) for n in names) < 100, max(names, key=len)

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


CARD_NAME_TEXT = "letter-card.yaml:4 at 'elements.name.text'"
LINES = {"name": 4, "stamps": 5, "mark": 6, "rule": 7}  # each element's line in the card template
RECT = "{kind: rect, x: 5, y: 5, w: 20, h: 20, "


def name_text(text: str):
    """The card name's text replaced."""
    return element("name", 'text: "{name}"', 'text: "' + text + '"')


# Each case is refused by `validate` and by `build` with exit status 2 and one line naming the file,
# the line and (where the mistake has one) the key: `names` is what that line must hold.
# (case id, file, edit, names)
CASES = [
    # YAML the loader must survive: tags, aliases, nesting, encodings, sizes
    ("tag-unknown", GAME_FILE, replace("title: Pebble Post", "title: !secret Pebble"), "game.yaml:2 at 'title'"),
    ("tag-python-name", GAME_FILE, replace("title: Pebble Post", "title: !!python/name:os.system x"),
     "game.yaml:2 at 'title'"),
    ("tag-python-apply", GAME_FILE, replace("title: Pebble Post", "title: !!python/object/apply:os.system [id]"),
     "game.yaml:2 at 'title'"),
    ("tag-python-on-map", GAME_FILE, replace("title: Pebble Post", "title: !!python/object:os.Foo {a: 1}"),
     "game.yaml:2 at 'title'"),
    ("tag-timestamp", GAME_FILE, replace("title: Pebble Post", "title: !!timestamp 2020-01-01"),
     "game.yaml:2 at 'title'"),
    ("tag-binary", GAME_FILE, replace("title: Pebble Post", "title: !!binary aGk="), "game.yaml:2 at 'title'"),
    ("tag-set", GAME_FILE, replace("title: Pebble Post", "title: !!set {a, b}"), "game.yaml:2 at 'title'"),
    ("tag-omap", GAME_FILE, replace("title: Pebble Post", "title: !!omap [{a: 1}]"), "game.yaml:2 at 'title'"),
    ("tag-local-on-list", CARDS, whole("!cards\n- {name: A, stamps: 1, mark: dot}\n"), "letters.yaml:1"),
    ("alias-recursive-list", CARDS, whole("- &a [*a]\n"), "letters.yaml:1 at '[0][0]'"),
    ("alias-recursive-map", CARDS, whole("- &a {name: *a}\n"), "letters.yaml:1 at '[0].name'"),
    ("alias-bomb", CARDS, whole(BOMB), "letters.yaml:5 at 'e[0]'"),
    ("alias-undefined", CARDS, whole("- *nothing\n"), "letters.yaml:1 at '[0]'"),
    # libyaml (PyYAML's wheels) may refuse this depth while parsing, before any key exists to name
    ("nesting-brackets", CARDS, whole("[" * 100_000 + "]" * 100_000), "letters.yaml:1"),
    ("nesting-braces", CARDS, whole("{a: " * 50_000 + "1" + "}" * 50_000), "letters.yaml:1 at 'a.a.a.a'"),
    ("nesting-blocks", CARDS, whole("".join("  " * i + f"k{i}:\n" for i in range(200)) + "  " * 200 + "x\n"),
     "letters.yaml:65 at 'k0.k1.k2.k3'"),
    ("two-documents", GAME_FILE, lambda t: t + "---\nid: other\n", "game.yaml"),
    ("not-utf8", GAME_FILE, lambda t: t.encode("utf-16"), "game.yaml"),
    ("latin1-byte", CARDS, lambda t: t.encode() + b"- {name: Caf\xe9, stamps: 1, mark: dot}\n", "letters.yaml"),
    ("nul-byte", GAME_FILE, lambda t: t.replace("Pebble Post", "Pebble\x00Post"), "game.yaml"),
    ("unclosed-quote", GAME_FILE, replace("title: Pebble Post", 'title: "Pebble Post'), "game.yaml:"),
    ("tab-indent", GAME_FILE, replace("  - id: letters", "\t- id: letters"), "game.yaml:8"),
    ("duplicate-key", GAME_FILE, replace("title: Pebble Post", "title: Pebble Post\ntitle: Again"),
     "game.yaml:3 at 'title'"),
    ("merge-key", CARDS, whole("- &c {name: A, stamps: 1, mark: dot}\n- {<<: *c, name: B}\n"),
     "letters.yaml:2 at '[1]'"),
    ("complex-key", GAME_FILE, lambda t: t + "? [a, b]\n: 1\n", "game.yaml:"),
    ("integer-key", GAME_FILE, lambda t: t + "1: one\n", "game.yaml:25 at '1'"),
    ("huge-integer", CARDS, card("- {name: Postcard, stamps: " + "9" * 5000 + ", mark: dot}"),
     "letters.yaml:1 at '[0].stamps'"),
    ("file-too-large", CARDS, lambda t: t + "#" * (9 * 2**20) + "\n", "letters.yaml"),
    ("empty-game-file", GAME_FILE, whole(""), "game.yaml at 'id'"),
    ("game-file-a-list", GAME_FILE, whole("- id: pebble-post\n"), "game.yaml"),
    ("game-file-a-scalar", GAME_FILE, whole("pebble\n"), "game.yaml"),
    ("title-a-megabyte", GAME_FILE, replace("title: Pebble Post", "title: " + "P" * 2**20), "game.yaml:2 at 'title'"),
    ("unknown-key", GAME_FILE, replace("title: Pebble Post", "title: Pebble Post\ntitel: typo"),
     "game.yaml:3 at 'titel'"),
    # a count bound to a field whose values run past what a ring can draw
    ("ring-count-bound-huge", (GAME_FILE, CARDS),
     (replace("max: 9}", "max: 1000000}"), card("- {name: Postcard, stamps: 1000000, mark: dot}")),
     "letter-card.yaml:5 at 'elements.stamps.count'"),
    # numbers that are not finite or not sane: the template's size, glyphs, players, fields, pieces, editions
    ("template-size-nan", TEMPLATE, replace("extends: poker-card", "extends: poker-card\nsize: [.nan, 88]"),
     "letter-card.yaml:3 at 'size[0]'"),
    ("template-size-zero", TEMPLATE, replace("extends: poker-card", "extends: poker-card\nsize: [0, 88]"),
     "letter-card.yaml:3 at 'size'"),
    ("template-size-ten-metres", TEMPLATE, replace("extends: poker-card", "extends: poker-card\nsize: [10000, 88]"),
     "letter-card.yaml:3 at 'size[0]'"),
    ("safe-margin-negative", TEMPLATE, replace("extends: poker-card", "extends: poker-card\nsafe_margin: -5"),
     "letter-card.yaml:3 at 'safe_margin'"),
    ("glyph-circle-nan", GLYPHS, replace("[0.5, 0.5, 0.3]", "[.nan, 0.5, 0.3]"),
     "glyphs.yaml:5 at 'glyphs[0].shapes[0].circle[0]'"),
    ("glyph-polygon-inf", GLYPHS, replace("[0.9, 0.6]", "[.inf, 0.6]"),
     "glyphs.yaml:9 at 'glyphs[1].shapes[0].polygon[2][0]'"),
    ("glyph-weight-nan", GLYPHS, replace("[0.5, 0.5, 0.3]", "[0.5, 0.5, 0.3]\n        weight: .nan"),
     "glyphs.yaml:6 at 'glyphs[0].shapes[0].weight'"),
    ("players-negative", GAME_FILE, replace("players: [2, 4]", "players: [2, -1]"), "game.yaml:3 at 'players[1]'"),
    ("players-reversed", GAME_FILE, replace("players: [2, 4]", "players: [4, 2]"), "game.yaml:3 at 'players'"),
    ("players-zero", GAME_FILE, replace("players: [2, 4]", "players: [0, 2]"), "game.yaml:3 at 'players[0]'"),
    ("players-nan", GAME_FILE, replace("players: [2, 4]", "players: [2, .nan]"), "game.yaml:3 at 'players[1]'"),
    ("players-thousands", GAME_FILE, replace("players: [2, 4]", "players: [2, 5000]"), "game.yaml:3 at 'players[1]'"),
    ("int-field-max-inf", GAME_FILE, replace("max: 9}", "max: .inf}"),
     "game.yaml:15 at 'components[0].fields.stamps.int.max'"),
    ("int-field-min-above-max", GAME_FILE, replace("min: 0, max: 9}", "min: 9, max: 0}"),
     "game.yaml:15 at 'components[0].fields.stamps.int.max'"),
    ("count-zero", CARDS, card("- {name: Postcard, stamps: 1, mark: dot, count: 0}"), "letters.yaml:1 at '[0].count'"),
    ("count-billion", CARDS, card("- {name: Postcard, stamps: 1, mark: dot, count: 1000000000}"),
     "letters.yaml:1 at '[0].count'"),
    ("count-nan", CARDS, card("- {name: Postcard, stamps: 1, mark: dot, count: .nan}"),
     "letters.yaml:1 at '[0].count'"),
    ("count-true", CARDS, card("- {name: Postcard, stamps: 1, mark: dot, count: true}"),
     "letters.yaml:1 at '[0].count'"),
    ("count-total-too-many", CARDS, lambda t: t + "- {name: Flood, stamps: 1, mark: dot, count: 10000}\n" * 3,
     "letters.yaml"),
    ("stamps-nan", CARDS, card("- {name: Postcard, stamps: .nan, mark: dot}"), "letters.yaml:1 at '[0].stamps'"),
    ("stamps-text", CARDS, card("- {name: Postcard, stamps: four, mark: dot}"), "letters.yaml:1 at '[0].stamps'"),
    ("declares-total-negative", EDITION, replace("total: 6", "total: -1"), "first.yaml:4 at 'declares[0].total'"),
    ("declares-range-nan", EDITION, replace("[0, 5]", "[.nan, 5]"), "first.yaml:4 at 'declares[0].ranges.stamps[0]'"),
    ("declares-each-negative", EDITION, replace("total: 6", "total: 6, each: -3"),
     "first.yaml:4 at 'declares[0].each'"),
    # names bounded
    ("name-ten-thousand-chars", CARDS, card("- {name: " + "N" * 20_000 + ", stamps: 1, mark: dot}"),
     "letters.yaml:1 at '[0].name'"),
    # decks that validate must build: empty decks, lost glyphs, broken references
    ("cards-empty-list", CARDS, whole("[]\n"), "letters.yaml:1"),
    ("cards-empty-file", CARDS, whole(""), "letters.yaml"),
    ("cards-a-mapping", CARDS, whole("name: Postcard\n"), "letters.yaml"),
    ("inline-pieces-empty", GAME_FILE, replace("      - {count: 6}\n", "      []\n"),
     "game.yaml:18 at 'components[1]'"),
    ("glyph-missing", GLYPHS, lambda t: t.split("  - id: bar")[0], "letters.yaml:2 at '[1].mark'"),
    ("glyphs-empty", GLYPHS, whole("glyphs: []\n"), "glyphs.yaml:1 at 'glyphs'"),
    ("glyph-file-outside", GAME_FILE, replace("glyphs: glyphs.yaml", "glyphs: ../../secret.txt"),
     "game.yaml:6 at 'glyphs'"),
    ("cards-file-outside", GAME_FILE, replace("pieces: cards/letters.yaml", "pieces: ../../secret.txt"),
     "game.yaml:17 at 'components[0].pieces'"),
    ("cards-file-missing", GAME_FILE, replace("pieces: cards/letters.yaml", "pieces: cards/nothing.yaml"),
     "game.yaml:17 at 'components[0].pieces'"),
    ("declares-unknown-component", EDITION, replace("component: letters", "component: parcels"),
     "first.yaml:4 at 'declares[0].component'"),
    ("unknown-template", GAME_FILE, replace("face: letter-card", "face: no-such-card"),
     "game.yaml:11 at 'components[0].face'"),
    # templates and editions that extend themselves
    ("template-extends-itself", TEMPLATE, replace("extends: poker-card", "extends: letter-card"),
     "letter-card.yaml at 'extends'"),
    ("edition-extends-itself", EDITION, replace("title: First edition", "title: First\nextends: first"),
     "first.yaml:3 at 'extends'"),
    # the game's language (hyphenation's dictionary) and markup in a card's field
    ("language-unknown", GAME_FILE, replace("title: Pebble Post", "title: Pebble Post\nlanguage: klingon"),
     "game.yaml:3 at 'language'"),
    ("language-no-dictionary", GAME_FILE, replace("title: Pebble Post", "title: Pebble Post\nlanguage: tlh"),
     "game.yaml:3 at 'language'"),
    ("span-in-a-field", CARDS, card("- {name: '[Postcard](ink,wobbly)', stamps: 1, mark: dot, count: 3}"),
     "letters.yaml:1 at '[0].name'"),
]

# (case id, an element of the card template, a part of its line, what replaces it, the key named): each
# refused at that element's line of the template
ELEMENT_EDITS = [
    ("x-nan", "name", "x: 6", "x: .nan", "x"),
    ("x-inf", "name", "x: 6", "x: .inf", "x"),
    ("y-minus-inf", "name", "y: 8", "y: -.inf", "y"),
    ("w-huge", "name", "w: 51", "w: 1e300", "w"),
    ("w-nan-mm", "name", "w: 51", "w: nan mm", "w"),
    ("size-nan", "name", "size: 14", "size: .nan", "size"),
    ("size-zero", "name", "size: 14", "size: 0", "size"),
    ("size-negative", "name", "size: 14", "size: -3", "size"),
    ("size-huge", "name", "size: 14", "size: 1e9", "size"),
    ("leading-nan", "name", "size: 14", "size: 14, leading: .nan", "leading"),
    ("leading-zero", "name", "size: 14", "size: 14, leading: 0", "leading"),
    ("rotate-nan", "name", "size: 14", "size: 14, rotate: .nan", "rotate"),
    ("rotate-inf", "name", "size: 14", "size: 14, rotate: -.inf", "rotate"),
    ("rotate-huge", "name", "size: 14", "size: 14, rotate: 1e12", "rotate"),
    ("stroke-nan", "rule", "stroke_width: 0.5", "stroke_width: .nan", "stroke_width"),
    ("stroke-negative", "rule", "stroke_width: 0.5", "stroke_width: -1", "stroke_width"),
    ("stroke-huge", "rule", "stroke_width: 0.5", "stroke_width: 1e9", "stroke_width"),
    ("dash-zero", "rule", "stroke: ink", "stroke: ink, dash: [0]", "dash[0]"),
    ("dash-nan", "rule", "stroke: ink", "stroke: ink, dash: [.nan, 1]", "dash[0]"),
    ("dash-many", "rule", "stroke: ink", "stroke: ink, dash: [" + "1, " * 99 + "1]", "dash"),
    ("line-end-inf", "rule", "x2: 57", "x2: .inf", "x2"),
    ("ring-count-huge", "stamps", "count: $stamps", "count: 100000000", "count"),
    ("ring-count-negative", "stamps", "count: $stamps", "count: -1", "count"),
    ("ring-count-nan", "stamps", "count: $stamps", "count: .nan", "count"),
    ("ring-count-fraction", "stamps", "count: $stamps", "count: 1.5", "count"),
    ("ring-count-text", "stamps", "count: $stamps", "count: many", "count"),
    ("ring-dot-nan", "stamps", "dot: 3", "dot: .nan", "dot"),
    ("ring-radius-inf", "stamps", "r: 14", "r: .inf", "r"),
    ("ring-start-nan", "stamps", "dot: 3", "dot: 3, start: .nan", "start"),
    ("clip-on-a-text-element", "name", "size: 14", "size: 14, clip: {kind: circle, cx: 1, cy: 1, r: 1}", "clip"),
    ("unknown-colour", "stamps", "fill: splendor", "fill: no-such-colour", "fill"),
    ("unknown-font", "name", "font: bold", "font: comic", "font"),
    ("expression-type-mismatch", "name", "size: 14", 'size: "{{ name }}"', "size"),
    ("expression-wrong-colour", "stamps", "fill: splendor", 'fill: "{{ name | lower }}"', "fill"),
    ("hyphenate-without-wrap", "name", "align: centre", "align: centre, hyphenate: true", "hyphenate"),
    ("tracking-on-wrapped-text", "name", "align: centre", "align: centre, fit: wrap, tracking: 50", "tracking"),
    ("tracking-huge", "name", "align: centre", "align: centre, tracking: 1e9", "tracking"),
    ("arc-without-radius", "name", "align: centre", "align: centre, path: arc", "radius"),
    ("arc-that-shrinks", "name", "align: centre", "align: centre, path: arc, radius: 20, fit: shrink", "fit"),
    ("arc-radius-nan", "name", "align: centre", "align: centre, path: arc, radius: .nan", "radius"),
    ("path-unknown", "name", "align: centre", "align: centre, path: spiral", "path"),
]

# (case id, the card name's new text): each refused at the name element's text, the line of the template
# that holds it. Format specs are limited to what a card needs; expressions name the piece and the
# expression (unknown function or name, runaway, huge number, unsafe, syntax); spans are checked.
NAME_TEXTS = [
    ("format-width-huge", '{name:>500000000}'),
    ("format-precision-huge", '{stamps:.99999f}'),
    ("format-nested-spec", '{name:{stamps}}'),
    ("format-conversion", '{name!r}'),
    ("format-attribute", '{name.__class__}'),
    ("format-index", '{name[0]}'),
    ("format-positional", '{0}'),
    ("format-unbalanced", '{name'),
    ("format-empty", '{}'),
    ("unknown-field", '{weight}'),
    ("expression-unknown-function", '{{ shout(name) }}'),
    ("expression-unknown-name", '{{ weight * 2 }}'),
    ("expression-runaway", '{{ (range(9000) | list) * 20 }}'),
    ("expression-huge-number", '{{ 9 ** 9 ** 9 }}'),
    ("expression-unsafe", '{{ name.__class__.__mro__ }}'),
    ("expression-syntax", '{{ stamps + }}'),
    ("span-style-unknown", '[{name}](ink,wobbly)'),
    ("span-with-a-space", '[{name}](ink, 12pt)'),
    ("span-font-unknown", '[{name}](font=comic)'),
    ("span-size-huge", '[{name}](9000pt)'),
    ("span-colour-unknown", '[{name}](12pt,splendour)'),
]

# (case id, an element added as the card template's last line, line 8, the key of it named)
ADDED = [
    # numbers that are not finite or not sane
    ("lines-spacing-zero", "{kind: lines, x: 5, y: 5, w: 50, h: 50, spacing: 0}", "spacing"),
    ("lines-spacing-negative", "{kind: lines, x: 5, y: 5, w: 50, h: 50, spacing: -2}", "spacing"),
    ("lines-spacing-tiny", "{kind: lines, x: 5, y: 5, w: 50, h: 50, spacing: 0.00001}", "spacing"),
    ("lines-spacing-nan", "{kind: lines, x: 5, y: 5, w: 50, h: 50, spacing: .nan}", "spacing"),
    # shapes, path data, gradients and clips (an image clipped to a kind that has no outline)
    ("path-data-unreadable", "{kind: path, d: 'M 0 0 L ten 4 Z', fill: ink}", "d"),
    ("path-data-huge", "{kind: path, d: 'M 0 0 L 1e300 4 Z', fill: ink}", "d"),
    ("path-data-nan", "{kind: path, d: 'M 0 0 L nan 4 Z', fill: ink}", "d"),
    ("path-data-endless", "{kind: path, d: '" + "M 0 0 L 1 1 " * 3000 + "', fill: ink}", "d"),
    ("clip-on-text", "{kind: image, x: 5, y: 5, w: 20, h: 20, file: art.png, "
                     "clip: {kind: text, x: 5, y: 5, w: 9, h: 9, text: a}}", "clip.kind"),
    ("gradient-unknown-colour", RECT + "fill: {gradient: linear, stops: [ink, moonbeam]}}", "fill.stops[1]"),
    ("gradient-unknown-field", RECT + "fill: {gradient: radial, stops: [ink, $moonbeam]}}", "fill.stops[1]"),
    ("gradient-stops-out-of-order", RECT + "fill: {gradient: linear, stops: [ink, dark], at: [0.8, 0.2]}}", "fill"),
    ("star-points-huge", "{kind: star, cx: 30, cy: 40, r: 9, points: 100000000, fill: ink}", "points"),
    ("opacity-nan", "{kind: circle, cx: 30, cy: 40, r: 9, fill: ink, opacity: .nan}", "opacity"),
    ("hexgrid-rings-huge", "{kind: hexgrid, cx: 30, cy: 40, r: 3, rings: 100000}", "rings"),
    ("hexagon-r-nan", "{kind: hexagon, cx: 30, cy: 40, r: .nan}", "r"),
    ("circle-r-inf", "{kind: circle, cx: 30, cy: 40, r: .inf, fill: ink}", "r"),
    ("petals-count-huge", "{kind: petals, cx: 30, cy: 40, r: 9, width: 3, count: 100000000}", "count"),
    ("rect-radius-nan", "{kind: rect, x: 1, y: 1, w: 9, h: 9, radius: .nan}", "radius"),
    # codes: a value too long for the code's size, whether written out or worked out for each piece
    ("qr-value-too-long", "{kind: qr, x: 20, y: 20, size: 10, value: " + "q" * 200 + "}", "value"),
    ("qr-expression-too-long", "{kind: qr, x: 20, y: 20, size: 10, value: \"{{ name * 20 }}\"}", "value"),
    ("qr-value-huge", "{kind: qr, x: 5, y: 5, size: 50, value: " + "q" * 1990 + "}", "value"),
    ("barcode-value-too-long", "{kind: barcode, x: 6, y: 30, w: 20, h: 8, value: PEBBLE-POST-FIRST-EDITION}",
     "value"),
    ("barcode-value-not-ascii", "{kind: barcode, x: 6, y: 30, w: 50, h: 8, value: \"{{ name }}-\u00e9\"}", "value"),
]

CASES += [(case, TEMPLATE, element(name, old, new), f"letter-card.yaml:{LINES[name]} at 'elements.{name}.{key}'")
          for case, name, old, new, key in ELEMENT_EDITS]
CASES += [(case, TEMPLATE, name_text(text), CARD_NAME_TEXT) for case, text in NAME_TEXTS]
CASES += [(case, TEMPLATE, add_element(data), f"letter-card.yaml:8 at 'elements.extra.{key}'")
          for case, data, key in ADDED]


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
    assert checked.code == 2, (checked.code, checked.out, checked.err)
    assert checked.err.strip().count("\n") == 0 and names in checked.err and "Traceback" not in checked.err, checked.err
    built = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(previous_output))
    assert built.code == 2, (built.code, built.err)
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

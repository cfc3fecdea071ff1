"""Template elements are checked against the model their `kind` names (only the kinds a build meets
are prepared); every finding is the one the whole union of kinds gives."""
from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pytest
from pydantic import ValidationError

import yaml
from reportlab.lib.colors import black
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from generator.build.jsonschemas import schema_for
from generator.core.errors import GameDataError
from generator.draw.paint import PaintContext
from generator.elements import KINDS, outline
from generator.model.schema import GlyphFile
from generator.model.layouts import _all_kinds, validate_element
from generator.model.source import Sourced
from generator.model.validation import describe

SOURCE = Sourced(Path("templates/card.yaml"), {}, {("elements", "title"): 7})
WHERE = ("elements", "title")
BAD = [
    {"kind": "text", "x": 1, "y": 2, "w": 3, "h": 4},                       # no text
    {"kind": "text", "x": 1, "y": 2, "w": 3, "h": 4, "text": "a", "colur": "ink"},  # a typo'd key
    {"kind": "text", "x": "ten", "y": 2, "w": 3, "h": 4, "text": "a"},      # a length that is not one
    {"kind": "rect", "x": 1, "y": 2, "w": 3, "h": 4, "stroke_width": -1},
    {"kind": "circle", "cx": 1, "cy": 2, "r": 3, "repeat": {"count": 999}},
    {"kind": "ring", "cx": 1, "cy": 2, "r": 3, "count": "vigor"},
    {"kind": "line", "x1": 1, "y1": 2, "x2": 3, "y2": 4, "dash": [1] * 50},
    {"kind": "polygon", "points": [[1, 2]]},
    {"kind": "glyph", "cx": 1, "cy": 2, "size": 3, "when": {"vigor": {"=>": 4}}},
    {"kind": "unicorn", "x": 1},
    {"x": 1},
    "a line of text",
]


def union_finding(data) -> str:
    try:
        _all_kinds().validate_python(data)
    except ValidationError as exc:
        return str(describe(exc, SOURCE, WHERE, drop_tag=True))
    return "valid"


@pytest.mark.parametrize("data", BAD, ids=range(len(BAD)))
def test_a_bad_element_is_reported_as_the_union_reports_it(data):
    with pytest.raises(GameDataError) as found:
        validate_element(data, SOURCE, WHERE)
    assert str(found.value) == union_finding(data) != "valid"


def test_a_good_element_is_the_union_one():
    data = {"kind": "text", "x": 1, "y": "2mm", "w": 30, "h": 4, "text": "{name}", "repeat": {"count": "$vigor"}}
    assert validate_element(data, SOURCE, WHERE) == _all_kinds().validate_python(data)


# ------------------------------------------------------------------ the kinds table

GALLERY = Path(__file__).resolve().parents[1] / "docs" / "examples" / "elements" / "components" / "elements"


def gallery_elements(kind: str) -> list:
    """The elements of ``kind`` in the docs' example template for that kind (the docs test makes sure
    every kind has one), checked as a template's elements are."""
    data = yaml.safe_load((GALLERY / "templates" / f"{kind}.yaml").read_text())
    return [validate_element(el, SOURCE, WHERE) for el in data["elements"].values() if el.get("kind") == kind]


def test_the_kinds_table_comes_from_one_module_per_kind():
    assert len(KINDS) >= 14
    for name, kind in KINDS.items():
        assert kind.module == f"generator.elements.{name}"
        assert callable(kind.paint) and callable(kind.outline) and isinstance(kind.filled, bool)
        assert kind.model.model_fields["kind"].is_required()


def test_a_template_imports_only_the_kinds_it_names():
    """A build reads the modules of the kinds its templates use; the table still lists every kind."""
    import subprocess
    import sys

    code = ("import sys; from pathlib import Path; from generator.model.source import Sourced;"
            "from generator.model.layouts import validate_element; from generator.elements import KINDS;"
            "validate_element({'kind': 'rect', 'x': 1, 'y': 2, 'w': 3, 'h': 4},"
            " Sourced(Path('t.yaml'), {}, {}), ());"
            "print(len(KINDS), sorted(m.rsplit('.', 1)[1] for m in sys.modules"
            " if m.rsplit('.', 1)[0] == 'generator.elements' and m.rsplit('.', 1)[1] in KINDS))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    count, imported = done.stdout.split(" ", 1)
    assert int(count) == len(KINDS) and "'rect'" in imported and "'star'" not in imported, done.stdout


@pytest.fixture(scope="module")
def defs() -> dict:
    return schema_for("template")["$defs"]


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_has_a_schema_entry_a_non_empty_outline_and_a_painter_that_draws(kind, defs):
    assert any(d.get("properties", {}).get("kind", {}).get("const") == kind for d in defs.values())
    examples = gallery_elements(kind)
    assert examples, f"docs/examples/elements has no {kind} element"
    glyphs = {g.id: g for g in GlyphFile.model_validate(yaml.safe_load((GALLERY / "glyphs.yaml").read_text())).glyphs}
    for element in examples:
        assert outline(element, (170.0, 113.0), lambda name: glyphs[name].shapes), f"{kind} has an empty outline"
        c = Canvas(BytesIO(), pagesize=(170, 113))
        ctx = PaintContext(0, 113, 170, 113, 0, {"name": "Owl", "power": 3}, lambda name: black,
                           lambda name: "Helvetica", glyphs.__getitem__, lambda name: ImageReader(str(GALLERY / name)))
        before = len(c._code)
        KINDS[kind].paint(c, element, ctx)
        assert len(c._code) > before, f"the {kind} painter drew nothing"

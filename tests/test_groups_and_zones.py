"""Groups and zones on a made-up game ("Badge Bay"), checked by pixels through the face painter: a
badge of two elements turned, shrunk and clipped as one; a template that extends another moves a
zone in one line and the elements in it follow; the print-safety check sees a group's ink where it
is drawn."""
from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pypdfium2
import pytest
from reportlab.pdfgen.canvas import Canvas

from generator.core.units import MM
from generator.model import find_game, layouts_for, load_edition, loading_session
from generator.render.faces import FacePainter
from generator.render.safety import check_face

GAME = "badge-bay"
PX_MM = 10   # pixels a millimetre
RED, BLUE, PAPER = (230, 30, 30), (30, 30, 230), (250, 250, 250)

BADGE = """\
  badge:
    kind: group
    x: 31.5
    y: 30
    rotate: {rotate}
    scale: {scale}
    elements:
      square: {{kind: rect, x: -8, y: -8, w: 16, h: 16, fill: red}}
      dot: {{kind: circle, cx: 0, cy: -8, r: 2, fill: blue}}
"""

FILES = {
    "game.yaml": """\
id: badge-bay
title: Badge Bay
players: [2, 4]
default_edition: first
editions: [first]
components:
  - id: crew
    name: Crew cards
    kind: card
    face: crew-card
    fields:
      name: {type: text}
    pieces: cards/crew.yaml
""",
    "cards/crew.yaml": "- {name: Gull}\n",
    "editions/first.yaml": "id: first\ntitle: First edition\ndeclares:\n  - {component: crew, total: 1}\n",
    "style.yaml": """\
colours:
  red: {rgb: "#E61E1E", cmyk: [0, 90, 90, 5]}
  blue: {rgb: "#1E1EE6", cmyk: [90, 90, 0, 5]}
  sheet: {rgb: "#FAFAFA", cmyk: [0, 0, 0, 2]}
""",
    "templates/crew-card.yaml": """\
id: crew-card
extends: poker-card
zones:
  rules: [5, 50, 53, 30]
elements:
  background: {kind: background, fill: sheet}
  box: {kind: rect, zone: rules, fill: red}
  marker: {kind: circle, zone: rules, cx: 5, cy: 5, r: 2, fill: blue}
""",
    "templates/crew-low.yaml": """\
id: crew-low
extends: crew-card
zones:
  rules: [5, 62, 53, 18]
""",
}


def write_game(root: Path, badge: str | None = None) -> Path:
    folder = root / "components" / GAME
    for relative, text in FILES.items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    if badge is not None:
        (folder / "templates" / "badge-card.yaml").write_text(
            "id: badge-card\nextends: poker-card\nelements:\n  background: {kind: background, fill: sheet}\n" + badge)
    return folder


@pytest.fixture
def project(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("PNP_PROJECT", str(tmp_path))
    monkeypatch.delenv("PNP_COMPONENTS", raising=False)
    return tmp_path


def face(template_id: str):
    """The face drawn by the build's painter at PX_MM pixels a millimetre, as a pixel function of
    millimetres from the trim's top-left corner; and the template."""
    with loading_session():
        edition = load_edition(find_game(GAME), None)
        layouts = layouts_for(edition)
        painter = FacePainter(edition.game, layouts)
        template = layouts.template(template_id)
        out = BytesIO()
        c = Canvas(out, pagesize=template.size)
        painter.paint(c, template, {"name": "Gull"}, 0, template.size[1], 0)
        c.showPage()
        c.save()
    image = pypdfium2.PdfDocument(out.getvalue())[0].render(scale=PX_MM / MM).to_pil().convert("RGB")

    def pixel(x_mm: float, y_mm: float) -> tuple[int, int, int]:
        return image.getpixel((round(x_mm * PX_MM), round(y_mm * PX_MM)))
    return pixel


def near(colour, wanted, slack: int = 12) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour, wanted))


def test_a_badge_group_turns_as_one_about_its_origin(project: Path):
    write_game(project, BADGE.format(rotate=0, scale=1))
    upright = face("badge-card")
    assert near(upright(31.5, 22), BLUE) and near(upright(31.5 - 7, 30 - 7), RED)   # dot at the square's top
    write_game(project, BADGE.format(rotate=45, scale=1))
    turned = face("badge-card")
    # a quarter of a right angle clockwise: the square stands on a corner, the dot moves to the upper right
    assert near(turned(31.5, 30 - 10.5), RED) and near(turned(31.5 + 10.5, 30), RED)
    assert near(turned(31.5 - 7, 30 - 7), PAPER)                        # where the corner was
    assert near(turned(31.5 + 5.66, 30 - 5.66), BLUE) and not near(turned(31.5, 22), BLUE)


def test_a_group_scales_its_children_and_a_clip_cuts_them(project: Path):
    write_game(project, BADGE.format(rotate=0, scale=0.5))
    small = face("badge-card")
    assert near(small(31.5 + 3.5, 30 + 3.5), RED) and near(small(31.5 + 4.5, 30 + 4.5), PAPER)
    assert near(small(31.5, 26), BLUE)
    write_game(project, BADGE.format(rotate=0, scale=1) + "    clip: {kind: circle, cx: 0, cy: 0, r: 6}\n")
    clipped = face("badge-card")
    assert near(clipped(31.5 + 4, 30 + 4), RED)
    assert near(clipped(31.5 + 7, 30 + 7), PAPER) and near(clipped(31.5, 22), PAPER)   # outside the circle


def test_a_groups_opacity_multiplies_its_childrens(project: Path):
    write_game(project, BADGE.format(rotate=0, scale=1).replace("    scale: 1\n", "    scale: 1\n    opacity: 0.5\n"))
    veiled = face("badge-card")
    half = tuple((a + b) / 2 for a, b in zip(RED, PAPER))
    assert near(veiled(31.5 - 7, 30 - 7), half, 15) and near(veiled(5, 5), PAPER)


def test_a_child_template_moves_a_zone_and_its_elements_follow(project: Path):
    write_game(project)
    base, low = face("crew-card"), face("crew-low")
    assert near(base(10, 52), RED) and near(base(57, 79), RED) and near(base(10, 81), PAPER)
    assert near(base(10, 55), BLUE)                                  # 5 mm into the zone each way
    assert near(low(10, 52), PAPER) and near(low(10, 64), RED) and near(low(57, 79), RED)
    assert near(low(10, 67), BLUE) and near(low(10, 55), PAPER)     # the marker moved with the zone


def test_the_safe_zone_check_sees_a_group_where_it_is_drawn(project: Path):
    near_edge = BADGE.format(rotate=45, scale=1).replace("x: 31.5", "x: 11")
    write_game(project, near_edge)
    with loading_session():
        edition = load_edition(find_game(GAME), None)
        layouts = layouts_for(edition)
        painter = FacePainter(edition.game, layouts)
        findings = check_face(layouts.template("badge-card"), {"name": "Gull"}, painter)
    # turned, the square's corner reaches 11 - 11.3 = -0.3 mm: past the trim, let alone the safe zone
    assert [(name, kind) for name, kind, _ in findings] == [("badge", "safe-zone")]
    assert "group reaches" in findings[0][2]
    write_game(project, near_edge.replace("rotate: 45", "rotate: 0"))   # upright it stays 3 mm in
    with loading_session():
        edition = load_edition(find_game(GAME), None)
        layouts = layouts_for(edition)
        findings = check_face(layouts.template("badge-card"), {"name": "Gull"}, FacePainter(edition.game, layouts))
    assert findings == []


def test_text_in_a_group_is_checked_and_reported_as_a_templates_text_is(project: Path):
    """A group's text that shrinks to fit is in the shrunk-text report, named group.child, at the size
    it prints in the group's scale; under the minimum it is a size finding."""
    from generator.render.safety import shrunk_text

    badge = BADGE.format(rotate=0, scale=0.5) + (
        "      label: {kind: text, x: -8, y: 2, w: 16, h: 4, size: 10, min_size: 4, fit: shrink, "
        "text: \"{name} of the harbour\"}\n")
    game = write_game(project, badge) / "game.yaml"
    game.write_text(game.read_text().replace("face: crew-card", "face: badge-card"))
    with loading_session():
        edition = load_edition(find_game(GAME), None)
        layouts = layouts_for(edition)
        painter = FacePainter(edition.game, layouts, min_text_size=6)
        findings = check_face(layouts.template("badge-card"), {"name": "Gull"}, painter)
        shrunk = shrunk_text(edition, layouts, 6)
    assert [(name, kind) for name, kind, _ in findings] == [("badge.label", "size")]
    assert len(shrunk) == 1 and shrunk[0].element == "badge.label" and shrunk[0].piece == "Gull"
    assert shrunk[0].size == 5 and shrunk[0].final < 5   # 10 pt at half scale, shrunk below that
    assert f"shrinks to {shrunk[0].final:g} pt to fit" in findings[0][2]


def test_the_template_schema_takes_groups_and_zones_and_refuses_a_bad_child(project: Path):
    import jsonschema
    import yaml

    from generator.build.jsonschemas import schema_for

    validator = jsonschema.Draft202012Validator(schema_for("template"))
    folder = write_game(project, BADGE.format(rotate=30, scale=1.5) + "    clip: {kind: circle, cx: 0, cy: 0, r: 6}\n")
    for name in ("crew-card", "crew-low", "badge-card"):
        data = yaml.safe_load((folder / "templates" / f"{name}.yaml").read_text())
        assert [e.message for e in validator.iter_errors(data)] == [], name
    bad = yaml.safe_load((folder / "templates" / "badge-card.yaml").read_text())
    bad["elements"]["badge"]["elements"]["dot"]["glitter"] = 1
    assert list(validator.iter_errors(bad))
    unzoned = {"id": "t", "elements": {"box": {"kind": "rect", "fill": "red"}}}   # no zone: its box is needed
    assert list(validator.iter_errors(unzoned))


def test_an_ink_saver_build_keeps_the_zones(project: Path):
    """The ink-saver profile redraws filled art as outlines: a zoned box stays in its zone."""
    from generator.core.units import MM
    from generator.render.style import layouts_for_profile

    write_game(project)
    with loading_session():
        edition = load_edition(find_game(GAME), None)
        layouts = layouts_for(edition)
        saver = layouts_for_profile(layouts, layouts.profile("ink-saver"))
        box = saver.template("crew-low").elements["box"]
    assert box.fill is None and box.stroke == "red"
    assert (round(box.x / MM, 3), round(box.y / MM, 3), round(box.w / MM, 3)) == (5, 62, 53)

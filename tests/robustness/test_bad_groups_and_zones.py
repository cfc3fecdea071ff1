"""The catalogue: mistakes in groups and zones. Each is refused by `validate` and `build` with exit 2
and one line naming the template file, the line and the key; the previous build is left as it was."""
from __future__ import annotations

from pathlib import Path

import pytest

from robustness_support import GAME, assert_refused, run, snapshot

TEMPLATE = "templates/letter-card.yaml"
ZONES = "zones:\n  rules: [6, 62, 51, 16]\n"


def with_element(yaml_text: str, zones: str = ZONES):
    """The card template with `zones` before its elements and one more element, `extra`, last."""
    def edit(text: str) -> str:
        return text.replace("elements:\n", zones + "elements:\n", 1).rstrip("\n") + "\n  extra: " + yaml_text + "\n"
    return edit


GROUP = "{kind: group, x: 31.5, y: 40, %s elements: {dot: %s}}"
DOT = "{kind: circle, cx: 0, cy: 0, r: 2, fill: ink}"

# (case id, edit, file:line, key named)
CASES = [
    ("zone-unknown", with_element("{kind: rect, zone: nowhere, fill: ink}"), "letter-card.yaml:10",
     "elements.extra.zone"),
    ("zone-not-a-name", with_element("{kind: rect, zone: [1, 2], fill: ink}"), "letter-card.yaml:10",
     "elements.extra.zone"),
    ("zone-with-no-zones", with_element("{kind: rect, zone: rules, fill: ink}", zones=""), "letter-card.yaml:8",
     "elements.extra.zone"),
    ("zone-position-not-a-length", with_element("{kind: rect, zone: rules, x: left, fill: ink}"),
     "letter-card.yaml:10", "elements.extra.x"),
    ("zone-negative-width", with_element("{kind: rect, zone: rules, fill: ink}", "zones:\n  rules: [6, 62, -5, 16]\n"),
     "letter-card.yaml:4", "zones.rules[2]"),
    ("zone-not-four-numbers", with_element("{kind: rect, zone: rules, fill: ink}", "zones:\n  rules: [6, 62]\n"),
     "letter-card.yaml:4", "zones.rules"),
    ("zone-inside-a-group", with_element(GROUP % ("", "{kind: rect, zone: rules, fill: ink}")),
     "letter-card.yaml:10", "elements.extra.elements.dot.zone"),
    ("clip-on-text", with_element(GROUP % ("clip: {kind: text, x: 0, y: 0, w: 5, h: 5, text: a},", DOT)),
     "letter-card.yaml:10", "elements.extra.clip.kind"),
    ("clip-on-group", with_element(GROUP % ("clip: {kind: group},", DOT)), "letter-card.yaml:10",
     "elements.extra.clip.kind"),
    ("clip-without-kind", with_element(GROUP % ("clip: {cx: 0, cy: 0, r: 4},", DOT)), "letter-card.yaml:10",
     "elements.extra.clip"),
    ("clip-bad-shape", with_element(GROUP % ("clip: {kind: circle, cx: 0, cy: 0, r: .nan},", DOT)),
     "letter-card.yaml:10", "elements.extra.clip"),
    ("group-child-unknown-key", with_element(GROUP % ("", "{kind: circle, cx: 0, cy: 0, r: 2, glitter: 1}")),
     "letter-card.yaml:10", "elements.extra.elements.dot"),
    ("group-child-unknown-kind", with_element(GROUP % ("", "{kind: blob}")), "letter-card.yaml:10",
     "elements.extra.elements.dot"),
    ("group-scale-zero", with_element(GROUP % ("scale: 0,", DOT)), "letter-card.yaml:10", "elements.extra.scale"),
    ("group-scale-nan", with_element(GROUP % ("scale: .nan,", DOT)), "letter-card.yaml:10", "elements.extra.scale"),
    ("group-children-not-a-mapping", with_element("{kind: group, elements: [1, 2]}"), "letter-card.yaml:10",
     "elements.extra.elements"),
]


@pytest.mark.parametrize("case, edit, names, key", CASES, ids=[c[0] for c in CASES])
def test_a_bad_group_or_zone_is_one_line_with_file_line_and_key(case, edit, names, key, workshop: Path,
                                                               previous_output: Path) -> None:
    path = workshop / TEMPLATE
    path.write_text(edit(path.read_text()))
    before = snapshot(previous_output)
    checked = run("validate", GAME)
    assert checked.code == 2 and "Traceback" not in checked.err, (checked.code, checked.err)
    assert names in checked.err and key in checked.err, checked.err
    built = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(previous_output))
    assert built.code == 2
    assert_refused(built, names, previous_output, before)

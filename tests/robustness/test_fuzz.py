"""Fuzzers (in the `long` set): any text given to the YAML loader, to card text and to rule text is
either accepted or refused with a GameDataError (or ValueError for card text), never anything else."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

from generator.core.errors import GameDataError

pytestmark = pytest.mark.long

YAML_PIECES = st.sampled_from(["a: 1", "- x", "[", "]", "{", "}", "&a ", "*a", "!!python/name:os.system",
                               "!tag", "? ", ": ", "---", "...", "'", '"', "\n", "  ", "\t", "#", "|", ">",
                               "<<: *a", ".nan", ".inf", "1e999", "0x1F", "~", "%YAML 1.1", "\x00", "é"])
YAML_TEXT = st.one_of(st.text(max_size=300), st.lists(YAML_PIECES, max_size=60).map("".join))


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=YAML_TEXT)
def test_loader_accepts_or_refuses_cleanly(text: str, tmp_path: Path) -> None:
    from generator.model.source import load_yaml
    path = tmp_path / "fuzz.yaml"
    path.write_bytes(text.encode("utf-8", errors="replace"))
    try:
        load_yaml(path)
    except GameDataError as exc:
        assert str(path) in str(exc) and "\n" not in str(exc).strip()


CARD_TEXT = st.lists(st.one_of(st.text(max_size=10), st.sampled_from(
    ["{name}", "{name:>3}", "{name:>999999}", "{name!r}", "{", "}", "{{", "}}", "{stamps:.2f}", "{0}",
     "{name.__class__}", "{name[0]}", "{stamps:{name}}", "{:}", "{name:%}"])), max_size=12).map("".join)


@settings(max_examples=3000, deadline=None)
@given(text=CARD_TEXT)
def test_card_text_is_checked_before_it_is_formatted(text: str) -> None:
    from generator.draw.bindings import format_text, text_references
    try:
        names = text_references(text)
    except ValueError:
        return
    values = {"name": "Parcel", "stamps": 4}
    if set(names) <= set(values):
        try:
            assert len(format_text(text, values, {})) < 10_000
        except (ValueError, TypeError):
            pass  # a type the value cannot take ('{name:.2f}'): build reports it for that card


RULE_PIECES = st.sampled_from(["{{ ", " }}", "{% for i in range(", ") %}", "{% endfor %}", "{% if x %}",
                               "{% endif %}", "10**", "9999", "'ab' * ", "~", "|center(", "|replace('a','aa')",
                               "{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}", "{% include 'rulebook.md' %}",
                               "''.__class__", "lipsum()", "x", "(", ")", ",", "'%9999d' % 1", "namespace(", "\n"])


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pieces=st.lists(RULE_PIECES, max_size=25))
def test_rule_text_renders_or_refuses_within_its_budget(pieces: list[str], tmp_path: Path) -> None:
    from generator.rulebook.text import RuleText
    folder = tmp_path / "rules"
    folder.mkdir(exist_ok=True)
    (folder / "rulebook.md").write_text("".join(pieces))
    try:
        text = RuleText(folder).render({"x": 3})
    except GameDataError as exc:
        assert "rulebook.md" in str(exc)
    else:
        assert len(text) <= 1_000_000


MARKDOWN_PIECES = st.sampled_from(["# ", "###### ", "## ", "\n", "\n\n", "text ", "**", "*", "_", "`", "```",
                                   "~~~", "> ", "- ", "1. ", "    ", "\t", "| a | b |\n|---|---|\n", "| ",
                                   "---\n", "[link](", ")", "![x](figure:", "<b>", "</para>", "&amp;", "&#0;",
                                   "\\", "<", ">", "[^1]", "    - ", "1) ", "* * *", "=====", "-----", "é", "\u202e"])


@settings(max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", 150)), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pieces=st.lists(MARKDOWN_PIECES, max_size=40))
def test_any_markdown_is_laid_out_or_refused_in_one_line(pieces: list[str], workshop: Path) -> None:
    from robustness_support import run
    (workshop / "rules" / "rulebook.md").write_text("".join(pieces))
    result = run("rulebook", "pebble-post", "-p", "rulebook-a4", "--out", str(workshop.parent.parent / "book"))
    assert result.code == 0 or (result.code in (1, 2) and len(result.err.strip().splitlines()) == 1), result.err


NUMBER = st.one_of(st.floats(min_value=-100, max_value=100), st.integers(0, 60), st.floats(min_value=0, max_value=2),
                   st.sampled_from([0, -1, 0.001, 1e-300, 1e300, 360, 361, 1000, 1001, "5mm", "-3in", "1e9pt"]),
                   st.floats(allow_nan=True, allow_infinity=True), st.integers(-10**12, 10**12))
ELEMENT_KEYS = {
    "rect": ["x", "y", "w", "h", "radius", "stroke_width", "rotate"],
    "circle": ["cx", "cy", "r", "stroke_width"],
    "line": ["x1", "y1", "x2", "y2", "stroke_width"],
    "lines": ["x", "y", "w", "h", "spacing", "stroke_width"],
    "ring": ["cx", "cy", "r", "dot", "count", "start"],
    "petals": ["cx", "cy", "r", "inner", "width", "count", "start"],
    "hexagon": ["cx", "cy", "r", "stroke_width"],
    "hexgrid": ["cx", "cy", "r", "rings", "outline_width"],
    "text": ["x", "y", "w", "h", "size", "leading", "rotate"],
    "diamond": ["cx", "cy", "w", "h", "stroke_width"],
}


@st.composite
def elements(draw) -> str:
    kind = draw(st.sampled_from(sorted(ELEMENT_KEYS)))
    values = {key: draw(NUMBER) for key in ELEMENT_KEYS[kind]}
    extra = {"text": 'text: "{name}", fit: ' + draw(st.sampled_from(["shrink", "wrap", "none"])),
             "rect": "fill: ink", "circle": "fill: ink", "ring": "fill: ink", "petals": "fill: ink",
             "hexagon": "fill: ink", "diamond": "fill: ink"}.get(kind, "")
    body = ", ".join([f"kind: {kind}", *(f"{k}: {_yaml_number(v)}" for k, v in values.items()), *([extra] if extra else [])])
    return "{" + body + "}"


def _yaml_number(value) -> str:
    if isinstance(value, float):
        return ".nan" if value != value else (".inf" if value == float("inf") else "-.inf" if value == float("-inf")
                                              else repr(value))
    return str(value)


@settings(max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", 150)), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(element=elements())
def test_any_numbers_in_a_template_draw_or_are_refused_in_one_line(element: str, workshop: Path) -> None:
    from robustness_support import run
    template = workshop / "templates" / "letter-card.yaml"
    original = template.read_text()
    template.write_text(original + f"  fuzzed: {element}\n")
    try:
        result = run("build", "pebble-post", "-e", "first", "-p", "a4", "--out",
                     str(workshop.parent.parent / "fuzzed"))
    finally:
        template.write_text(original)
    event("drawn" if result.code == 0 else "refused")
    assert result.code == 0 or (result.code in (1, 2) and len(result.err.strip().splitlines()) == 1), result.err

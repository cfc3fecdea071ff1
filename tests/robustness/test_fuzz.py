"""Fuzzers (in the `long` set): any text given to the YAML loader, to card text and to rule text is
either accepted or refused with a GameDataError (or ValueError for card text), never anything else."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from generator.errors import GameDataError

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
    from generator.render.bindings import format_text, text_references
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

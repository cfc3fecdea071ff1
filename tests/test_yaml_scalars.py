"""Scalars read by the line-keeping loader (model/source.py) have the values PyYAML's safe loader
gives them; a scalar its tag cannot hold is one clear error."""
from __future__ import annotations

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.errors import GameDataError
from generator.model.source import load_yaml

DOCUMENT = """\
a: 1
b: "1"
c: yes
d: ~
e: 1.5e3
f: 2024-01-01
h: !!str 7
i: |
  text
j: .inf
k: 0x1F
l: 0o17
m: 'true'
n: True
o: null
p: -0
q: 1_000
r: [1, "2", three, 4.5, false]
s: {t: 1, u: "x"}
"""


def test_scalars_as_the_safe_loader_reads_them(tmp_path):
    path = tmp_path / "values.yaml"
    path.write_text(DOCUMENT)
    assert load_yaml(path).data == yaml.safe_load(DOCUMENT)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="0123456789.-+eExXoOabfnulTrsyYN_:~ ", min_size=1, max_size=12))
def test_any_plain_scalar_as_the_safe_loader_reads_it(tmp_path_factory, text):
    document = f"value: {text}\n"
    try:
        expected = yaml.safe_load(document)
    except (yaml.YAMLError, ValueError, KeyError):
        return
    path = tmp_path_factory.mktemp("y") / "v.yaml"
    path.write_text(document)
    try:
        got = load_yaml(path).data
    except GameDataError:
        return  # the loader refuses what it must (a key that is not text, ...)
    assert repr(got) == repr(expected)  # repr: a NaN equals no other NaN


@pytest.mark.parametrize("text", ["!!bool maybe", "!!int abc", "!!float x"])
def test_a_scalar_its_tag_cannot_hold_is_one_error(tmp_path, text):
    path = tmp_path / "bad.yaml"
    path.write_text(f"name: ok\nvalue: {text}\n")
    with pytest.raises(GameDataError) as found:
        load_yaml(path)
    assert found.value.line == 2 and "value" in str(found.value)

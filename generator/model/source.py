"""Safe YAML loading that remembers the line of every key, so errors can point at it."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..errors import GameDataError

try:  # the C loader is several times faster; fall back when libyaml is absent
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader

KeyPath = tuple[str | int, ...]


@dataclass
class Sourced:
    """Plain data from one YAML file plus the line (1-based) of each key path."""

    path: Path
    data: Any
    lines: dict[KeyPath, int] = field(default_factory=dict)

    def line_of(self, key_path: KeyPath) -> int | None:
        """The line of the deepest known prefix of key_path."""
        for end in range(len(key_path), -1, -1):
            line = self.lines.get(tuple(key_path[:end]))
            if line:
                return line
        return None

    def error(self, key_path: KeyPath, expected: str, found: str) -> GameDataError:
        return GameDataError(self.path, self.line_of(key_path), format_key(key_path), expected, found)


def format_key(key_path: KeyPath) -> str:
    out = ""
    for part in key_path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def load_yaml(path: Path) -> Sourced:
    """Read a YAML file safely; a missing file or bad syntax becomes a GameDataError."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GameDataError(path, None, "", "an existing file", "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise GameDataError(path, None, "", "a readable UTF-8 text file", str(exc)) from None
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        found = exc.problem or "a syntax error"
        if exc.context and exc.context_mark and exc.context_mark.line + 1 != line:
            found += f" ({exc.context} that starts on line {exc.context_mark.line + 1})"
        raise GameDataError(path, line, "", "valid YAML", found) from None
    except yaml.YAMLError as exc:
        raise GameDataError(path, None, "", "valid YAML", str(exc)) from None
    source = Sourced(path, None)
    source.data = _to_python(node, (), source.lines, path) if node is not None else {}
    return source


def _to_python(node: yaml.Node, key_path: KeyPath, lines: dict[KeyPath, int], path: Path) -> Any:
    lines.setdefault(key_path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = _Loader.construct_scalar(_SCALARS, key_node) if isinstance(key_node, yaml.ScalarNode) else None
            if not isinstance(key, str) or key == "<<":
                raise GameDataError(path, key_node.start_mark.line + 1, format_key(key_path),
                                    "a plain text key", repr(key))
            if key in out:
                raise GameDataError(path, key_node.start_mark.line + 1, format_key(key_path + (key,)),
                                    "each key once", "a duplicate key")
            lines[key_path + (key,)] = key_node.start_mark.line + 1
            out[key] = _to_python(value_node, key_path + (key,), lines, path)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_to_python(item, key_path + (i,), lines, path) for i, item in enumerate(node.value)]
    return _SCALARS.construct_object(node, deep=True)


_SCALARS = _Loader("")  # a loader instance used only to construct scalars with the safe resolver

"""Safe YAML loading that remembers the line of every key, so errors can point at it.

The file is read as a stream of parser events and built here, one value at a time, so every
limit is enforced while the data is composed, before it costs anything: the file's size, how
deep it nests, how many values it holds once aliases are counted (an "alias bomb" of a few lines
would otherwise expand to billions), aliases that point into themselves, and tags: only the
standard scalar and collection tags are allowed, never `!secret` or `!!python/...`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from generator.core.files import contained
from generator.core.errors import GameDataError
from generator.core.session import current_session

try:  # the C parser is several times faster; fall back when libyaml is absent
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader

KeyPath = tuple[str | int, ...]

MAX_BYTES = 8 * 1024 * 1024   # a game file larger than this is not hand-written data
MAX_DEPTH = 64                # nesting of lists and mappings
MAX_NODES = 1_000_000         # values in one file, every alias counted as the values it repeats
MAX_ALIASED = 10_000          # values repeated through aliases to lists and mappings

_STANDARD = "tag:yaml.org,2002:"
SCALAR_TAGS = {_STANDARD + t for t in ("str", "int", "float", "bool", "null")}
COLLECTION_TAGS = {_STANDARD + "seq", _STANDARD + "map"}


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
    """Read a YAML file safely and within limits; any problem becomes a GameDataError naming the line.
    In a loading session each file is read once."""
    session = current_session()
    if session is None:
        return _load(path)
    key = Path(path)
    if key not in session.sources:
        session.sources[key] = _load(key)
    return session.sources[key]


def _load(path: Path) -> Sourced:
    text = _read(path)
    source = Sourced(path, None)
    try:
        source.data = _Builder(path, source.lines).build(yaml.parse(text, Loader=_Loader))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        found = exc.problem or "a syntax error"
        if exc.context and exc.context_mark and exc.context_mark.line + 1 != line:
            found += f" ({exc.context} that starts on line {exc.context_mark.line + 1})"
        raise GameDataError(path, line, "", "valid YAML", found) from None
    except yaml.YAMLError as exc:
        raise GameDataError(path, None, "", "valid YAML", str(exc).splitlines()[0]) from None
    return source


def _read(path: Path) -> str:
    contained(path)
    session = current_session()
    if session is not None:
        session.yaml_reads[path] += 1
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise GameDataError(path, None, "", f"a YAML file of at most {MAX_BYTES // 2**20} MiB",
                                f"{size / 2**20:.1f} MiB")
        with path.open("rb") as stream:
            data = stream.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise GameDataError(path, None, "", "an existing file", "no such file") from None
    except IsADirectoryError:
        raise GameDataError(path, None, "", "a file", "a folder") from None
    except OSError as exc:
        raise GameDataError(path, None, "", "a readable file", exc.strerror or type(exc).__name__) from None
    if len(data) > MAX_BYTES:  # a device or a file that grew while read
        raise GameDataError(path, None, "", f"a YAML file of at most {MAX_BYTES // 2**20} MiB", "more")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise GameDataError(path, None, "", "UTF-8 text", f"byte {data[exc.start]:#04x} at offset {exc.start}") \
            from None


@dataclass
class _Open:
    """A list or mapping being built: its value, key path, anchor and the key waiting for a value."""

    value: list | dict
    key_path: KeyPath
    anchor: str | None
    nodes_at_start: int
    key: Any = None
    key_line: int = 0
    awaiting_value: bool = False


class _Builder:
    """Turns parser events into plain Python data, recording lines and enforcing the limits."""

    def __init__(self, path: Path, lines: dict[KeyPath, int]):
        self.path, self.lines = path, lines
        self.stack: list[_Open] = []
        self.anchors: dict[str, tuple[Any, int]] = {}  # anchor -> (value, values it holds)
        self.nodes = self.aliased = 0
        self.result: Any = None
        self.documents = 0

    def fail(self, event, key_path: KeyPath, expected: str, found: str) -> GameDataError:
        return GameDataError(self.path, event.start_mark.line + 1, format_key(key_path), expected, found)

    def build(self, events) -> Any:
        for event in events:
            if isinstance(event, yaml.DocumentStartEvent):
                self.documents += 1
                if self.documents > 1:
                    raise self.fail(event, (), "one YAML document", "a second document ('---')")
            elif isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent, yaml.SequenceStartEvent,
                                    yaml.MappingStartEvent)):
                self.start(event)
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                self.end()
        return {} if self.result is None else self.result

    def here(self) -> KeyPath:
        """The key path of the value the next event gives."""
        if not self.stack:
            return ()
        top = self.stack[-1]
        if isinstance(top.value, list):
            return top.key_path + (len(top.value),)
        return top.key_path + ((top.key,) if top.awaiting_value else ())

    def count(self, event, key_path: KeyPath, nodes: int = 1) -> None:
        self.nodes += nodes
        if self.nodes > MAX_NODES:
            raise self.fail(event, key_path, f"at most {MAX_NODES:,} values in one file (aliases counted)",
                            "more")

    def start(self, event) -> None:
        key_path = self.here()
        if isinstance(event, yaml.AliasEvent):
            self.place(event, *self.alias(event, key_path))
            return
        if isinstance(event, yaml.ScalarEvent):
            self.count(event, key_path)
            value = self.scalar(event, key_path)
            if self.stack and isinstance(self.stack[-1].value, dict) and not self.stack[-1].awaiting_value:
                value = event.value  # a key is its text as written: `false:` and `1:` are the keys 'false', '1'
            if event.anchor:
                self.anchors[event.anchor] = (value, 1)
            self.place(event, value, 1)
            return
        if event.tag and event.tag not in COLLECTION_TAGS:
            raise self.fail(event, key_path, "no tag, or a standard one", repr(event.tag))
        if len(self.stack) >= MAX_DEPTH:
            raise self.fail(event, key_path[:4], f"lists and mappings nested at most {MAX_DEPTH} deep", "deeper")
        if self.stack and isinstance(self.stack[-1].value, dict) and not self.stack[-1].awaiting_value:
            raise self.fail(event, key_path, "a plain text key", "a list or mapping as a key")
        self.count(event, key_path)
        self.lines.setdefault(key_path, event.start_mark.line + 1)
        value: list | dict = [] if isinstance(event, yaml.SequenceStartEvent) else {}
        self.stack.append(_Open(value, key_path, event.anchor, self.nodes))
        if event.anchor:
            self.anchors.pop(event.anchor, None)  # an alias to it from inside would be recursive

    def end(self) -> None:
        done = self.stack.pop()
        nodes = self.nodes - done.nodes_at_start + 1
        if done.anchor:
            self.anchors[done.anchor] = (done.value, nodes)
        self.place(None, done.value, nodes, opened=True)

    def alias(self, event, key_path: KeyPath) -> tuple[Any, int]:
        if event.anchor not in self.anchors:
            if any(o.anchor == event.anchor for o in self.stack):
                raise self.fail(event, key_path, "an alias to a finished value", f"*{event.anchor} inside itself")
            raise self.fail(event, key_path, "an alias to an anchor defined above", f"*{event.anchor}")
        value, nodes = self.anchors[event.anchor]
        self.count(event, key_path, nodes)
        if isinstance(value, (list, dict)):
            self.aliased += nodes
            if self.aliased > MAX_ALIASED:
                raise self.fail(event, key_path, f"at most {MAX_ALIASED:,} values repeated through aliases",
                                "more")
        return value, nodes

    def scalar(self, event, key_path: KeyPath) -> Any:
        if event.tag and event.tag != "!" and event.tag not in SCALAR_TAGS:
            raise self.fail(event, key_path, "no tag, or a standard one (!!str, !!int, !!float, !!bool, !!null)",
                            repr(event.tag))
        if event.tag == "!" or (not event.tag and not event.implicit[0]):
            return event.value  # quoted, a block or `! text`: text as written
        tag = event.tag or _implicit_tag(event.value)
        if tag == _STANDARD + "str":
            return event.value
        try:
            return _constructed(tag, event.value)
        except (yaml.YAMLError, ValueError, OverflowError, KeyError) as exc:  # KeyError: `!!bool maybe`
            raise self.fail(event, key_path, f"a value of type {tag.rsplit(':', 1)[-1]}",
                            f"{event.value[:40]!r} ({str(exc).splitlines()[0][:80]})") from None

    def place(self, event, value: Any, nodes: int, opened: bool = False) -> None:
        """Put a finished value into the list or mapping that holds it (or make it the result)."""
        if not self.stack:
            self.result = value
            return
        top = self.stack[-1]
        if isinstance(top.value, list):
            if not opened:
                self.lines.setdefault(top.key_path + (len(top.value),), event.start_mark.line + 1)
            top.value.append(value)
        elif top.awaiting_value:
            top.value[top.key] = value
            top.awaiting_value = False
        else:
            self.key(event, top, value)

    def key(self, event, top: _Open, key: Any) -> None:
        line = event.start_mark.line + 1
        if not isinstance(key, str) or key == "<<":
            raise GameDataError(self.path, line, format_key(top.key_path), "a plain text key", repr(key))
        if key in top.value:
            raise GameDataError(self.path, line, format_key(top.key_path + (key,)), "each key once",
                                "a duplicate key")
        self.lines[top.key_path + (key,)] = line
        top.key, top.awaiting_value = key, True


_SCALARS = _Loader("")  # a loader instance used only to resolve and construct scalars safely


@lru_cache(maxsize=4096)
def _implicit_tag(text: str) -> str:
    """The tag YAML gives a plain (unquoted) scalar: int, float, bool, null, str..."""
    return _SCALARS.resolve(yaml.ScalarNode, text, (True, False))


@lru_cache(maxsize=4096)
def _constructed(tag: str, text: str) -> Any:
    """The value of a scalar that is not text (numbers, booleans, null are immutable, so shared)."""
    node = yaml.ScalarNode(tag, text)
    try:
        return _SCALARS.construct_object(node, deep=True)
    finally:
        _SCALARS.constructed_objects.pop(node, None)  # the loader would keep every node it built

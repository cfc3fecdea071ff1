"""Expressions in template values: `{{ ... }}` in Jinja2's sandboxed expression language.

Any string value of a template element may hold expressions over the piece's fields, the edition's
data and a few functions (`lookup`, `choose`, `plural`, `roman`, `number`, `signed`). A value that is
one expression and nothing else (`size: "{{ 8 + cost }}"`) takes the expression's result as it is,
a number stays a number; a value with words around its expressions (`file: "art/{{ name }}.png"`)
is text. A text inside a key's mapping or list (a pattern fill's `image`) is worked out the same way.
The result is checked by the element's own model against the key it fills, so a length
gets a length and a count a whole number, and every evaluation runs in the budgeted sandbox.

A template element holding expressions is loaded as its kind's model with those keys as plain text
(`unbound_model`); `bind` evaluates them for one piece and validates the whole element again.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, PrivateAttr, ValidationError

from generator.core.errors import GameDataError, did_you_mean
from generator.model.source import Sourced, format_key
from generator.model.validation import describe

EXPRESSION = re.compile(r"\{\{(.*?)\}\}", re.S)
MAX_WORK = 100_000      # steps of work one expression may cost for one piece (see core/sandbox.py)
MAX_SOURCE = 2_000      # characters of one value holding expressions
NOT_BOUND = ("kind", "when", "repeat", "zone", "elements")  # what an element is, when and where it is drawn
MAX_NESTING = 4         # mappings and lists within a key whose text values may hold expressions (a pattern's image)
FORMATTED = ("text",)   # keys whose literal parts are `{field}` text: an expression's result is kept literal


class ExpressionError(Exception):
    """A function of the expression language given something it cannot use."""

    def __init__(self, expected: str, found: str):
        super().__init__(f"expected {expected}, found {found}")
        self.expected, self.found = expected, found


# ------------------------------------------------------------------ the functions

_MISSING = object()


def lookup(key: Any, table: Any, default: Any = _MISSING) -> Any:
    """`lookup(suit, {'cups': 'cup', 'coins': 'coin'})`: the table's value for the key, or `default`."""
    if not isinstance(table, dict):
        raise ExpressionError("a table {key: value, ...} as lookup's second argument", repr(table))
    if key in table:
        return table[key]
    if str(key) in table:
        return table[str(key)]
    if default is _MISSING:
        raise ExpressionError(f"a key of the lookup table, one of {sorted(map(str, table))}, or a default",
                              did_you_mean(key, table))
    return default


def choose(number: Any, *options: Any) -> Any:
    """`choose(rarity, 'common', 'rare', 'epic')`: the option at position `number`, counting from 1."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(options):
        raise ExpressionError(f"a whole number from 1 to {len(options)} as choose's first argument", repr(number))
    return options[number - 1]


def plural(count: Any, singular: str, many: str | None = None) -> str:
    """`plural(cost, 'coin')`: 'coin' for 1 (or -1), 'coins' otherwise; `many` for irregular words."""
    if isinstance(count, bool) or not isinstance(count, (int, float)):
        raise ExpressionError("a number as plural's first argument", repr(count))
    return singular if abs(count) == 1 else (many if many is not None else f"{singular}s")


_ROMAN = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
          (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def roman(number: Any) -> str:
    """`roman(4)`: 'IV', for whole numbers from 1 to 3999."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 3999:
        raise ExpressionError("a whole number from 1 to 3999 for roman", repr(number))
    out = ""
    for value, letters in _ROMAN:
        count, number = divmod(number, value)
        out += letters * count
    return out


def number(value: Any, places: int = 0, sign: bool = False) -> str:
    """`number(2.5, 1)`: '2.5'; `number(1234)`: '1,234'; `sign=true` prints '+' before a positive number."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ExpressionError("a number for number()", repr(value))
    if isinstance(places, bool) or not isinstance(places, int) or not 0 <= places <= 6:
        raise ExpressionError("places from 0 to 6", repr(places))
    return f"{value:{'+' if sign else ''},.{places}f}"


def signed(value: Any) -> str:
    """`signed(2)`: '+2'; `signed(-1)`: '-1'; `signed(0)`: '0'."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ExpressionError("a number for signed()", repr(value))
    return f"+{value:g}" if value > 0 else f"{value:g}"


FUNCTIONS: dict[str, Callable] = {"lookup": lookup, "choose": choose, "plural": plural, "roman": roman,
                                  "number": number, "signed": signed}
BUILT_IN = ("range", "dict")  # Jinja2's own globals an expression may use


@lru_cache(maxsize=1)
def environment():
    """The budgeted sandbox expressions run in (Jinja2 is imported only for templates that hold some)."""
    from jinja2 import StrictUndefined

    from generator.core.sandbox import BudgetedEnvironment

    env = BudgetedEnvironment(max_work=MAX_WORK, undefined=StrictUndefined, autoescape=False)
    for name in set(env.globals) - set(BUILT_IN):
        del env.globals[name]
    env.globals.update(FUNCTIONS)
    return env


# ------------------------------------------------------------------ one value with expressions

@dataclass(frozen=True)
class Expression:
    """A template value holding `{{ ... }}`: its literal parts and compiled expressions, in order."""

    source: str
    parts: tuple[str | Callable, ...]
    names: frozenset[str]   # every name it reads
    calls: frozenset[str]   # names it calls as functions

    @property
    def whole(self) -> bool:
        """One expression and nothing around it: the result keeps its type."""
        return len(self.parts) == 1 and callable(self.parts[0])

    def evaluate(self, context: dict[str, Any], literal: Callable[[str], str] = str) -> Any:
        """The value for one piece; `literal` turns each result into text when there are words around it.

        :raises ExpressionError, UndefinedError, SecurityError, BudgetExceeded and any error of an
            operation on mismatched types (TypeError, ValueError, ArithmeticError...).
        """
        from jinja2 import Undefined

        env = environment()
        out = []
        for part in self.parts:
            if isinstance(part, str):
                out.append(part)
                continue
            env.work = 0
            value = part(context)
            if isinstance(value, Undefined):
                value._fail_with_undefined_error()
            if self.whole:
                return value
            out.append(literal("" if value is None else str(value)))
        return "".join(out)


def has_expression(value: Any) -> bool:
    return isinstance(value, str) and "{{" in value and EXPRESSION.search(value) is not None


def expression_sources(value: Any, path: tuple = (), depth: int = 0) -> list[tuple[tuple, str]]:
    """Each text holding expressions in a key's value, with its path inside the value: the value
    itself, or texts inside its mappings and lists (a pattern fill's `image`)."""
    if isinstance(value, str):
        return [(path, value)] if has_expression(value) else []
    if depth >= MAX_NESTING or not isinstance(value, (dict, list)):
        return []
    items = value.items() if isinstance(value, dict) else enumerate(value)
    return [found for key, inner in items for found in expression_sources(inner, path + (key,), depth + 1)]


def _replaced(value: Any, path: tuple, new: Any) -> Any:
    """A copy of `value` with the text at `path` (from expression_sources) replaced by `new`."""
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _replaced(value[path[0]], path[1:], new)
    return copy


def strip_expressions(text: str) -> str:
    """The text with its expressions left out (what the `{field}` checks look at)."""
    return EXPRESSION.sub("", text)


@lru_cache(maxsize=4096)
def compile_value(source: str) -> Expression:
    """:raises TemplateSyntaxError: for an expression Jinja2 cannot read (or an unknown filter)."""
    from jinja2 import TemplateSyntaxError, nodes
    from jinja2.parser import Parser

    if len(source) > MAX_SOURCE:
        raise TemplateSyntaxError(f"at most {MAX_SOURCE:,} characters", 1)
    env = environment()
    parts: list[str | Callable] = []
    names: set[str] = set()
    calls: set[str] = set()
    at = 0
    for match in EXPRESSION.finditer(source):
        if match.start() > at:
            parts.append(source[at:match.start()])
        text = match.group(1)
        tree = Parser(env, text, state="variable").parse_expression()
        every = [tree, *tree.find_all(nodes.Node)]  # find_all leaves out the node it starts from
        names.update(n.name for n in every if isinstance(n, nodes.Name) and n.ctx == "load")
        calls.update(c.node.name for c in every if isinstance(c, nodes.Call) and isinstance(c.node, nodes.Name))
        compiled = env.compile_expression(text, undefined_to_none=False)
        parts.append(lambda context, compiled=compiled: compiled(context))
        at = match.end()
    if at < len(source):
        parts.append(source[at:])
    return Expression(source, tuple(parts), frozenset(names), frozenset(calls))


def unknown_name(expression: Expression, known: set[str]) -> tuple[str, str] | None:
    """(expected, found) for the first name an expression reads that is neither known nor a function."""
    functions = set(FUNCTIONS) | set(BUILT_IN)
    for name in sorted(expression.calls):
        if name not in functions and name not in known:
            return f"a function, one of {sorted(functions)}", did_you_mean(name, functions) + " called"
    for name in sorted(expression.names):
        if name not in known and name not in functions:
            return f"a name of the piece or edition, one of {sorted(known)}", did_you_mean(name, known)
    return None


# ------------------------------------------------------------------ elements with expressions

class Unbound(BaseModel):
    """What an element with expressions remembers: the mapping it was loaded from, for `bind`."""

    model_config = ConfigDict(defer_build=True)  # built only by a template that holds expressions
    _data: dict = PrivateAttr(default_factory=dict)


@lru_cache(maxsize=None)
def unbound_model(kind: type[BaseModel], keys: frozenset[str]) -> type[BaseModel]:
    """`kind`'s keys and their types, with `keys` taking their expressions as text. The kind's own
    validators (which may read those keys) run when the element is bound to a piece, on every key."""
    annotations: dict[str, Any] = {"bound_kind": "ClassVar[type]", "expression_keys": "ClassVar[frozenset]"}
    namespace: dict[str, Any] = {"__module__": kind.__module__, "__doc__": kind.__doc__, "bound_kind": kind,
                                 "expression_keys": keys, "model_config": kind.model_config}
    for name, field in kind.model_fields.items():
        annotations[name] = "str | dict | list" if name in keys else field.annotation
        if name not in keys:
            namespace[name] = field
    namespace["__annotations__"] = annotations
    return type(f"{kind.__name__}WithExpressions", (Unbound,), namespace)


def expression_keys(element: Any) -> frozenset[str]:
    return getattr(element, "expression_keys", frozenset())


def expressions_in(data: dict) -> frozenset[str]:
    """Keys of an element's mapping whose values hold expressions (in a text, or a text inside them)."""
    return frozenset(k for k, v in data.items() if k not in NOT_BOUND and expression_sources(v))


def load_unbound(kind: type[BaseModel], data: dict, keys: frozenset[str], origin: Sourced, where: tuple) -> Any:
    """An element with expressions: its other keys checked now, each expression compiled."""
    from jinja2 import TemplateSyntaxError

    for key in sorted(keys):
        for path, source in expression_sources(data[key]):
            try:
                compile_value(source)
            except TemplateSyntaxError as exc:
                raise origin.error(where + (key, *path), "a Jinja2 expression inside {{ ... }}",
                                   f"{source!r} ({exc.message or 'a syntax error'})") from None
    model = unbound_model(kind, keys)
    try:
        element = model.model_validate(data)
    except ValidationError as exc:
        raise describe(exc, origin, where) from None
    element._data = dict(data)
    return element


def bind(element: Any, context: dict[str, Any], origin: Sourced, where: tuple, label: str | None) -> Any:
    """The element with each expression evaluated for one piece, checked by its kind's model.

    :raises GameDataError: one line naming the template's file, line and key, the piece and the expression.
    """
    keys = expression_keys(element)
    if not keys:
        return element
    data = dict(element._data)
    fields = element.bound_kind.model_fields
    for key in sorted(keys):
        for path, source in expression_sources(data[key]):
            value = evaluate(source, context, key in FORMATTED and not path, origin, where + (key, *path), label)
            if not path and fields[key].annotation is str and isinstance(value, (int, float)) \
                    and not isinstance(value, bool):
                value = str(value)  # a number where the key takes text (a QR code's content) is written out
            data[key] = _replaced(data[key], path, value)
    try:
        return element.bound_kind.model_validate(data)
    except ValidationError as exc:
        found = describe(exc, origin, where)
        shown = _source_of(found.key, element._data, keys, where)
        shown = f" (from {shown} for {label or 'a piece'})" if shown else ""
        raise GameDataError(found.file, found.line, found.key, found.expected, found.found + shown) from None


def _source_of(key_path: str, data: dict, keys: frozenset[str], where: tuple) -> str | None:
    """The expression a bound value that failed its check came from, found by its key path."""
    def within(path: tuple) -> bool:
        written = format_key(where + path)
        return key_path == written or key_path.startswith((written + ".", written + "["))

    for key in sorted(keys):
        sources = expression_sources(data[key])
        for path, source in sources:
            if within((key, *path)):
                return source
        if len(sources) == 1 and within((key,)):
            return sources[0][1]
    return None


def evaluate(source: str, context: dict[str, Any], formatted: bool, origin: Sourced, key_path: tuple,
             label: str | None) -> Any:
    """One value's expressions evaluated; any failure is one GameDataError."""
    from jinja2.exceptions import SecurityError, UndefinedError

    from generator.core.sandbox import BudgetExceeded

    expression = compile_value(source)
    piece = label or "a piece"

    def fail(expected: str, found: str) -> GameDataError:
        return origin.error(key_path, expected, f"{found} (in {source} for {piece})")

    try:
        value = expression.evaluate(context, _escape_braces if formatted else str)
    except UndefinedError as exc:
        raise fail("a name the piece or edition defines", str(exc)) from None
    except ExpressionError as exc:
        raise fail(exc.expected, exc.found) from None
    except BudgetExceeded as exc:
        raise fail(f"an expression within the budget ({exc.limit})", "a runaway expression") from None
    except SecurityError as exc:
        raise fail("only safe operations", str(exc)) from None
    except RecursionError:
        raise fail("an expression of sensible depth", "too deep a recursion") from None
    except (TypeError, ValueError, ArithmeticError, AttributeError, KeyError, IndexError) as exc:
        raise fail("values of types that work together", f"{type(exc).__name__}: {exc}") from None
    if isinstance(value, str) and value.startswith("$") and expression.whole:
        raise fail("a value, not a $field reference (name the field inside the expression)", repr(value))
    if formatted and expression.whole:
        value = _escape_braces("" if value is None else str(value))
    return value


def _escape_braces(text: str) -> str:
    """A result put into `{field}` text prints as it is: its braces are not placeholders."""
    return text.replace("{", "{{").replace("}", "}}")

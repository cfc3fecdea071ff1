"""A Jinja2 sandbox with a budget, for rule text and template expressions that may come from someone
else's game (the rulebook's Markdown and the `{{ ... }}` of a face template both use it).

Jinja2's sandbox already refuses unsafe attributes; this adds limits on what a template may cost:
ranges and the loop steps of the whole render, the size of any string, list or number it makes
(`'word ' * 10**7`, `7**99999999`, a string doubled with `~` in a loop), filter arguments, and
includes that leave the rules folder (a symlink is resolved first). An environment given `max_work`
also counts the work of each evaluation (one step per operation, filter or call, plus the length of
every string or list it makes) and stops at that many. Going over a limit raises `BudgetExceeded`,
which the caller reports with the template's file and line.
"""
from __future__ import annotations

import os
import re
import sys
from functools import wraps
from pathlib import Path
from typing import Any, Callable

from jinja2 import FileSystemLoader, TemplateNotFound
from jinja2.compiler import CodeGenerator
from jinja2.loaders import split_template_path
from jinja2.sandbox import SandboxedEnvironment

from generator.core.files import refusal

MAX_RANGE = 10_000            # items of one range()
MAX_STEPS = 2_000_000         # template lines run in one render: every loop iteration counts
MAX_SIZE = 1_000_000          # characters of a string, items of a list made by the template
MAX_INT_BITS = 256            # a number the template computes (2**256 is plenty for a rulebook)
MAX_ARGUMENT = 100_000        # a number passed to a filter (a width, a count)


class BudgetExceeded(Exception):
    """A template asked for more than the rulebook's budget allows."""

    def __init__(self, limit: str):
        super().__init__(limit)
        self.limit = limit


def _sized(value: Any) -> Any:
    if isinstance(value, (str, list, tuple, dict, bytes)) and len(value) > MAX_SIZE:
        raise BudgetExceeded(f"strings and lists of at most {MAX_SIZE:,} items")
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
        raise BudgetExceeded(f"numbers of at most {MAX_INT_BITS} bits")
    return value


def _power(base: Any, exponent: Any) -> Any:
    if isinstance(base, int) and isinstance(exponent, int) and abs(base) > 1 and exponent > 0 \
            and exponent * max(abs(base).bit_length() - 1, 1) > MAX_INT_BITS:
        raise BudgetExceeded(f"numbers of at most {MAX_INT_BITS} bits")
    return base ** exponent


def _times(left: Any, right: Any) -> Any:
    for seq, n in ((left, right), (right, left)):
        if isinstance(seq, (str, list, tuple)) and isinstance(n, int) and len(seq) * n > MAX_SIZE:
            raise BudgetExceeded(f"strings and lists of at most {MAX_SIZE:,} items")
    return left * right


# A width or precision of four digits or more, or one taken from an argument (`*`, `{w}`), in a
# printf-style or str.format format: the text would be allocated before any size check could run.
_WIDE_FORMAT = re.compile(r"%[-+ #0]*(\*|\d{4,})|%[-+ #0]*\d*\.(\*|\d{4,})|\{[^{}]*:[^{}]*(\d{4,}|\{)")


def _format_string(text: Any) -> Any:
    if isinstance(text, str) and _WIDE_FORMAT.search(text):
        raise BudgetExceeded("format widths of at most three digits")
    return text


def _bounded_filter(function: Callable, checked: Callable[[Any], Any]) -> Callable:
    @wraps(function)
    def bounded(*args, **kwargs):
        if function.__name__ == "do_format" and args:
            _format_string(args[0])
        for value in (*args, *kwargs.values()):
            if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_ARGUMENT:
                raise BudgetExceeded(f"filter arguments of at most {MAX_ARGUMENT:,}")
        return checked(function(*args, **kwargs))
    return bounded


class _BoundedFilters(dict):
    """The filter table: every filter put in, now or later (`env.filters.update(...)`), is bounded."""

    def __init__(self, checked: Callable[[Any], Any]):
        super().__init__()
        self.checked = checked

    def __setitem__(self, name: str, function: Callable) -> None:
        super().__setitem__(name, _bounded_filter(function, self.checked))

    def update(self, *args, **kwargs) -> None:
        for name, function in dict(*args, **kwargs).items():
            self[name] = function


class _CheckedCodeGenerator(CodeGenerator):
    """Compiles `a ~ b` so that its result is size-checked like every other operation."""

    def visit_Concat(self, node, frame) -> None:  # noqa: N802 - Jinja's visitor naming
        self.write("environment.checked(")
        super().visit_Concat(node, frame)
        self.write(")")


class FolderLoader(FileSystemLoader):
    """Templates from the given folders only: a name or symlink that resolves outside them is not found."""

    def __init__(self, folders: list[Path]):
        super().__init__([str(f) for f in folders])
        self.roots = tuple(f.resolve() for f in folders)

    def get_source(self, environment, template):
        """Checked before it is opened: a link out, a pipe or a device is never read."""
        pieces = split_template_path(template)
        for folder in self.searchpath:
            filename = Path(folder, *pieces)
            if os.path.lexists(filename):  # the file the loader would open: the first folder holding it
                reason = refusal(filename)
                if not reason and not any(filename.resolve().is_relative_to(r) for r in self.roots):
                    reason = f"it leads outside {self.roots[0]}"
                if reason:
                    raise TemplateNotFound(f"{template}: {reason}")
                break
        return super().get_source(environment, template)


class BudgetedEnvironment(SandboxedEnvironment):
    """The sandbox plus the limits above; `render_within_budget` counts the loop steps, and with
    `max_work` every operation counts against `work` (the caller sets it to 0 before each evaluation)."""

    code_generator_class = _CheckedCodeGenerator
    intercepted_binops = frozenset({"**", "*", "+", "//", "%"})
    intercepted_unops = frozenset()

    def __init__(self, max_work: int | None = None, **options):
        super().__init__(**options)
        self.globals.pop("lipsum", None)
        self.globals["range"] = self.bounded_range
        filters, self.filters = self.filters, _BoundedFilters(self.checked)
        self.filters.update(filters)
        self.steps = 0
        self.max_work, self.work = max_work, 0

    def checked(self, value: Any) -> Any:
        """``value`` within the size limits, its cost counted as work."""
        if self.max_work is not None:
            self.spend(1 + (len(value) if isinstance(value, (str, list, tuple, dict, bytes)) else 0))
        return _sized(value)

    def spend(self, steps: int) -> None:
        self.work += steps
        if self.max_work is not None and self.work > self.max_work:
            raise BudgetExceeded(f"at most {self.max_work:,} steps of work")

    def bounded_range(self, *args: int) -> range:
        result = range(*args)
        if len(result) > MAX_RANGE:
            raise BudgetExceeded(f"ranges of at most {MAX_RANGE:,} items")
        if self.max_work is not None:
            self.spend(len(result))
        return result

    def call_binop(self, context, operator_name: str, left: Any, right: Any) -> Any:
        if operator_name == "**":
            return self.checked(_power(left, right))
        if operator_name == "*":
            return self.checked(_times(left, right))
        if operator_name == "%":
            _format_string(left)
        return self.checked(super().call_binop(context, operator_name, left, right))

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - the sandbox's own signature
        bound_to = getattr(getattr(__obj, "__wrapped__", __obj), "__self__", None)
        if getattr(__obj, "__name__", "") in ("format", "format_map"):
            _format_string(bound_to)
        return __self.checked(super().call(__context, __obj, *args, **kwargs))

    def render_within_budget(self, template, context: dict) -> str:
        """Render, counting every line the template's own code runs; too many is BudgetExceeded."""
        filename = template.filename
        folders = tuple(getattr(self.loader, "searchpath", ()))
        self.steps = 0

        def local(frame, event, arg):
            if event == "line":
                self.steps += 1
                if self.steps > MAX_STEPS:
                    raise BudgetExceeded(f"at most {MAX_STEPS:,} template steps (loop iterations)")
            return local

        def calls(frame, event, arg):  # only the templates' own code is counted (and slowed)
            code_file = frame.f_code.co_filename
            return local if code_file == filename or code_file.startswith(folders) else None

        previous = sys.gettrace()
        sys.settrace(calls)
        try:
            return _sized(template.render(context))
        finally:
            sys.settrace(previous)


"""Rule text: Markdown files with Jinja2 expressions, rendered in Jinja2's sandbox.

Undefined names are errors (StrictUndefined). Every failure becomes one GameDataError naming
the template file and line, so a misspelt placeholder is found at once (exit code 2).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable

from jinja2 import StrictUndefined, TemplateError, TemplateNotFound, TemplateSyntaxError
from jinja2.exceptions import SecurityError, UndefinedError

from generator.core.errors import GameDataError
from generator.rulebook.config import MAIN  # noqa: F401  (the file every game's rules/ folder starts from; imported from here)
from generator.core.sandbox import BudgetedEnvironment, BudgetExceeded, FolderLoader


class TemplateDataError(Exception):
    """Raised by a function called from a template: becomes a GameDataError at the caller's line."""

    def __init__(self, expected: str, found: str):
        super().__init__(f"expected {expected}, found {found}")
        self.expected, self.found = expected, found


def join_words(items: Iterable[Any], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    words = [str(i) for i in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def plural(count: int, singular: str, many: str | None = None) -> str:
    """'1 card', '3 cards'."""
    return f"{count} {singular if count == 1 else (many or singular + 's')}"


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve")


def in_words(number: int) -> str:
    """Small numbers in words, as prose prefers ('three'); larger ones as digits."""
    return NUMBER_WORDS[number] if isinstance(number, int) and 0 <= number < len(NUMBER_WORDS) else str(number)


class RuleText:
    """The rules/ folder of a game, ready to render with a context of facts."""

    def __init__(self, folder: Path, functions: dict[str, Callable] | None = None,
                 shared: list[Path] | None = None):
        """``shared``: folders of rule text any game may include, looked up in order after the game's own."""
        self.folder = folder
        search = [folder] + [p for p in shared or [] if p.is_dir()]
        # compiled in memory, never kept: a cache file in a cloned project would be unpickled as code
        self.env = BudgetedEnvironment(loader=FolderLoader(search), undefined=StrictUndefined,
                                       autoescape=False, trim_blocks=True, lstrip_blocks=True,
                                       keep_trailing_newline=True)
        self.env.filters.update(join_words=join_words, plural=plural, words=in_words)
        self.env.globals.update(functions or {})

    def render(self, context: dict[str, Any], name: str = MAIN) -> str:
        """The Markdown text of ``name`` with every expression filled in.

        :raises GameDataError: naming the template file and line of the first problem.
        """
        try:
            return self.env.render_within_budget(self.env.get_template(name), context)
        except TemplateSyntaxError as exc:
            raise GameDataError(self._path(exc.filename or name), exc.lineno, "",
                                "valid Jinja2 template syntax", exc.message or "a syntax error") from None
        except TemplateNotFound as exc:
            file, line = self._where(exc, name)
            raise GameDataError(file, line, "include", f"a file in {self.folder}", repr(exc.name)) from None
        except UndefinedError as exc:
            file, line = self._where(exc, name)
            raise GameDataError(file, line, "", f"a name the game's data defines (one of {sorted(context)})",
                                str(exc)) from None
        except SecurityError as exc:
            file, line = self._where(exc, name)
            raise GameDataError(file, line, "", "only safe template operations", str(exc)) from None
        except BudgetExceeded as exc:
            file, line = self._where(exc, name)
            raise GameDataError(file, line, "", f"rule text within the rulebook's budget: {exc.limit}",
                                "more") from None
        except RecursionError as exc:
            file, line = self._where(exc, name)
            raise GameDataError(file, line, "", "macros and includes that do not call themselves without end",
                                "too deep a recursion") from None
        except TemplateDataError as exc:
            file, line = self._where(exc, name)
            raise GameDataError(file, line, "", exc.expected, exc.found) from None
        except (TemplateError, TypeError, ValueError, ArithmeticError, AttributeError, KeyError,
                IndexError) as exc:
            file, line = self._where(exc, name)
            raise GameDataError(file, line, "", "an expression that works with the game's data",
                                f"{type(exc).__name__}: {exc}") from None

    def _path(self, filename: str) -> Path:
        path = Path(filename)
        return path if path.is_absolute() else self.folder / filename

    def _where(self, exc: BaseException, name: str) -> tuple[Path, int | None]:
        """The innermost template frame of the traceback: Jinja gives it the template's file and line."""
        folder = str(self.folder.resolve())
        found: tuple[Path, int | None] = (self.folder / name, None)
        tb = exc.__traceback__
        while tb is not None:
            filename = tb.tb_frame.f_code.co_filename
            if filename.startswith(folder) or Path(filename).resolve().is_relative_to(folder):
                found = (Path(filename), tb.tb_lineno)
            tb = tb.tb_next
        return found

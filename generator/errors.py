"""Errors a user can cause, each printable as one clear message with an exit code."""
from __future__ import annotations

from pathlib import Path


class UserError(Exception):
    """A mistake in the user's input: shown as one message, never as a traceback."""

    exit_code = 2


class GameDataError(UserError):
    """A game or layout file that cannot be used: names file, line, key, expectation and finding."""

    def __init__(self, file: Path | str, line: int | None, key: str, expected: str, found: str):
        self.file, self.line, self.key = str(file), line, key
        self.expected, self.found = expected, found
        where = f"{self.file}:{line}" if line else self.file
        key_part = f" at '{key}'" if key else ""
        super().__init__(f"{where}{key_part}: expected {expected}, found {found}")


class ValidationFailed(UserError):
    """Deck or print-safety violations found with --strict or by validate."""

    exit_code = 1

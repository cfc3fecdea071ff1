"""Errors raised by the rules engines; both are ValueError subclasses."""
from __future__ import annotations


class ActionSyntaxError(ValueError):
    """Text that is not an action in the game's notation."""


class IllegalActionError(ValueError):
    """A well-formed action that the rules do not allow in the current state."""

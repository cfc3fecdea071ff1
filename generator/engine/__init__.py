"""Embedded rules engines: pure game logic, agents and a simulation runner (no I/O)."""
from .errors import ActionSyntaxError, IllegalActionError

__all__ = ["ActionSyntaxError", "IllegalActionError"]

"""Seeds derived from a master seed: the one place every engine and runner takes them from.

Kept apart from the registry so a game's own runner can derive seeds without importing the
registry (which loads the games: that was an import circle).
"""
from __future__ import annotations

import hashlib


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any parts (stable across processes and platforms)."""
    digest = hashlib.sha256(repr(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a run with master seed ``master``."""
    return derive_seed("game", int(master), int(index))

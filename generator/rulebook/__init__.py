"""Rulebooks generated from a game's data: rule text in Markdown + Jinja2, figures from the same
painters as the sheets, a worked sample game and balance figures from the rules engine."""
from __future__ import annotations

from typing import Any

__all__ = ["Built", "build_rulebook", "rules_folder"]


def __getattr__(name: str) -> Any:
    # the typesetting is imported when first used, so the package's light modules (the cache, the
    # engine work started ahead) can be imported without it
    if name in __all__:
        from generator.rulebook import book
        return getattr(book, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""Rulebooks generated from a game's data: rule text in Markdown + Jinja2, figures from the same
painters as the sheets, a worked sample game and balance figures from the rules engine."""
from .book import Built, build_rulebook, rules_folder

__all__ = ["Built", "build_rulebook", "rules_folder"]

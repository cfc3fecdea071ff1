"""The game's words: rules/terms.yaml names each term of the game with what it means, in the
project's own words. The player book prints them as its glossary and, when it runs long, indexes
the pages where each term (or another form of it, ``also``) appears."""
from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from generator.model.source import load_yaml
from generator.model.validation import validate

TERMS = "terms.yaml"


class Term(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    term: str = Field(min_length=1, max_length=60)
    means: str = Field(min_length=1)
    also: list[str] = []        # other forms the index finds: plurals, longer names
    avoid: list[str] = []       # words the book never uses for this (another word, spelling or case): the lint reports them
    see: str | None = None      # the heading of the rules that defines or explains it: its page comes first in the index


class Topic(BaseModel):
    """An index entry that is no glossary term: a rule players look up (a tie, the end of the game)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    entry: str = Field(min_length=1, max_length=60)
    see: str = Field(min_length=1)   # the heading of the rules where it is told
    also: list[str] = []             # the words that tell it in the text (the index finds its page by them)
    # when given, the only words that find its pages, the entry's own name aside: where that name
    # also means something else ('face down' of a deck, beside glyphs set face down), the phrases of its sense
    words: list[str] = []


class Terms(BaseModel):
    """components/<game>/rules/terms.yaml."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    terms: list[Term] = Field(min_length=1)
    index: list[Topic] = []     # more entries for the index, beyond the glossary's terms


def load_terms(folder: Path) -> list[Term]:
    """The terms of rules/terms.yaml in glossary order (alphabetical, ignoring a leading 'The');
    none for a game without the file.

    :raises GameDataError: naming the file, line and key of a bad entry.
    """
    path = folder / TERMS
    if not path.is_file():
        return []
    source = load_yaml(path)
    terms = validate(Terms, source.data, source).terms
    return sorted(terms, key=lambda t: re.sub(r"^the\s+", "", t.term.lower()))


def load_topics(folder: Path) -> list[Topic]:
    """The index's topics of rules/terms.yaml (its ``index`` list); none for a game without the file."""
    path = folder / TERMS
    if not path.is_file():
        return []
    source = load_yaml(path)
    return list(validate(Terms, source.data, source).index)


def term_pattern(term: Term | Topic) -> re.Pattern:
    """Any form of ``term`` (its name or one of ``also``; a topic's ``words`` alone when it has them)
    as whole words, in any case."""
    name = term.term if isinstance(term, Term) else term.entry
    words = sorted(getattr(term, "words", None) or {name, *term.also}, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(re.escape(w) for w in words) + r")\b", re.IGNORECASE)


def avoid_pattern(term: Term) -> re.Pattern | None:
    """The forms ``term`` lists under ``avoid`` as whole words: a form that differs from one of the
    term's own only in case ('green glyph' beside 'Green glyph') matches in that case alone, any
    other form in any case; a form that ends one of the term's own ('reserve' of 'Mana Reserve')
    does not match inside it. None when it lists none."""
    if not term.avoid:
        return None
    own = {w.lower() for w in (term.term, *term.also)}
    parts = [_inside_own(form, own) + ("" if form.lower() in own else "(?i:") + re.escape(form)
             + ("" if form.lower() in own else ")")
             for form in sorted(term.avoid, key=len, reverse=True)]
    return re.compile(r"\b(?:" + "|".join(parts) + r")\b")


def _inside_own(form: str, own: set[str]) -> str:
    """Lookbehinds that keep ``form`` from matching as the last words of one of the ``own`` forms."""
    heads = sorted({w[:-len(form)].rstrip() for w in own if w.endswith(" " + form.lower())})
    return "".join(r"(?<!(?i:" + r"\s".join(map(re.escape, head.split())) + r")\s)" for head in heads)

"""Words a line never breaks: the game's own terms and the names of its pieces.

A hyphenated term ("Ley-/line") or name ("Toad-/stool Ring") reads as a misprint, and a short name
split between two lines ("Dew / Circle") is read as two words. The book hyphenates no word of a
term or name (``unbroken_words``, which the hyphenator consults), ties the words of a short name
with no-break spaces (``Ties.names``) and ties a paragraph's last two words, so that no line holds
one short word alone at a paragraph's end (``Ties.last_words``).
"""
from __future__ import annotations

import re
from typing import Iterable

NBSP = "\u00a0"
TIED_NAME = 20   # the longest name (characters) whose words are kept on one line
TIED_END = 24    # the longest pair of last words tied at a paragraph's end ("face down.", "a long-word pair.")
RUNT = 8         # the longest last word that would be a runt alone on a paragraph's last line ("down.")
_TAG = re.compile(r"(<[^>]*>)")


ENDINGS = ("ings", "ing", "ers", "er", "ed", "es", "s")   # a term's inflected forms: 'gathering', 'Tapped'
LEAST_STEM = 3   # the shortest stem an ending is taken from ('lying' keeps its 'ing')


def unbroken_words(names: Iterable[str]) -> frozenset[str]:
    """The words of ``names``, lower case, with the stems they may be inflected from (``stems``), as
    the hyphenator is asked about them."""
    return frozenset(s for name in names for w in re.findall(r"[^\W\d_]+", name) for s in stems(w))


def stems(word: str) -> set[str]:
    """``word`` (lower case, without a possessive) and what it may be an inflection of: a plural, an
    -ing, -ed or -er form with its final e dropped ('exhaust-ed'), its last consonant doubled
    ('stunn-ed', 'channell-ing') or its y made i ('suppli-es')."""
    w = re.sub(r"['\u2019]s?$", "", word.lower())
    out = {w}
    for ending in ENDINGS:
        stem = w[:-len(ending)]
        if w.endswith(ending) and len(stem) >= LEAST_STEM:
            out |= {stem, stem + "e"}
            if stem[-1] == stem[-2]:
                out.add(stem[:-1])
            if stem.endswith("i"):
                out.add(stem[:-1] + "y")
    return out


def is_unbroken(word: str, unbroken: frozenset[str]) -> bool:
    """Whether ``word`` is a word of ``unbroken`` (``unbroken_words``) in any of its forms: the same
    word, its plural or possessive ('Leylines', "Dew's") or another inflection of the same stem
    ('gathering' of 'Gather', 'Exhaust' of 'Exhausted')."""
    return not stems(word).isdisjoint(unbroken)


class Ties:
    """Ties the words of the short names ``names`` (any case, without a leading article) and a
    paragraph's last two words."""

    def __init__(self, names: Iterable[str] = ()):
        proper = {_without_article(" ".join(n.split())) for n in names
                  if len(n) <= TIED_NAME and not re.search(r"\d", n)}
        short = sorted((n for n in proper if " " in n), key=len, reverse=True)
        self.pattern = re.compile(r"(?<!\w)(?:" + "|".join(r"\s+".join(map(re.escape, n.split())) for n in short)
                                  + r")(?!\w)", re.IGNORECASE) if short else None

    def names(self, markup: str) -> str:
        """``markup`` (paragraph markup) with the spaces inside each short name made no-break spaces."""
        if self.pattern is None:
            return markup
        return _in_text(markup, lambda text: self.pattern.sub(lambda m: NBSP.join(m.group(0).split()), text))

    @staticmethod
    def last_words(markup: str) -> str:
        """``markup`` with the space before its last word made a no-break space, when the last word
        is short (``RUNT``) and the two together are short (``TIED_END``): the last line never holds
        one short word alone. A longer last word may stand alone ("suggestion.", "a1–b1–c1."):
        tying it would only stretch the line above; but it is never hyphenated, which would leave its
        tail alone ("gestion.")."""
        pair = re.split(r"[^\S\u00a0]+", _plain(markup).strip())[-2:]   # "face\u00a0down." counts as one word
        if len(pair) == 2 and NBSP in pair[1]:   # tied already: one unit that no hyphen breaks
            return markup
        if len(pair) == 2 and len(pair[1]) > RUNT:
            return _unhyphenated_end(markup, pair[1])
        if len(pair) < 2 or len(pair[0]) + len(pair[1]) + 1 > TIED_END:
            return markup
        parts = _TAG.split(markup.rstrip())
        for i in range(len(parts) - 1, -1, -1):
            if i % 2 == 0 and " " in parts[i]:   # text, not a tag: its last space is the one before the last word
                at = parts[i].rindex(" ")
                parts[i] = parts[i][:at] + NBSP + parts[i][at + 1:]
                return "".join(parts)
        return markup


def _unhyphenated_end(markup: str, word: str) -> str:
    """``markup`` with its last word ``word`` in reportlab's ``<nobr>``, which keeps it from being
    hyphenated, when the word stands in one run of text (not across tags)."""
    parts = _TAG.split(markup.rstrip())
    if parts[-1].endswith(word) and (len(parts[-1]) == len(word) or parts[-1][-len(word) - 1].isspace()):
        parts[-1] = f"{parts[-1][:-len(word)]}<nobr>{word}</nobr>"
    return "".join(parts)


def _without_article(name: str) -> str:
    """``name`` without a leading article: "the / Tower" reads as well as "the / path", so only the
    name's own words are tied ("The Tower" ties nothing, "The Hall of Mirrors" ties "Hall of Mirrors")."""
    return re.sub(r"^(?:the|a|an)\s+", "", name, flags=re.IGNORECASE)


def _plain(markup: str) -> str:
    return re.sub(r"&\w+;", "x", _TAG.sub("", markup))


def _in_text(markup: str, change) -> str:
    """``change`` applied to the text between the tags of ``markup``."""
    return "".join(part if i % 2 else change(part) for i, part in enumerate(_TAG.split(markup)))

"""Engines as plug-ins: every rules engine is an entry point of the group ``pnp_generator.engines``.

An entry point names an ``EngineSpec`` object (``package.module:ENGINE``); its name is the engine
name a game's ``game.yaml`` gives as ``engine:``. This package registers its own two engines the
same way in pyproject.toml. A publisher's package registers theirs in its own metadata, e.g.::

    [project.entry-points."pnp_generator.engines"]
    nim = "nim_engine.game:ENGINE"

Engines are loaded on first use, so listing them imports no game. The games shipped in the same
wheel (``pnp_games``) are registered the same way, and found only through their entry points.
"""
from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from importlib.metadata import entry_points
from typing import Any

from generator.core.errors import UserError

GROUP = "pnp_generator.engines"


class PluginError(UserError):
    """A registered engine that cannot be used (its module fails to import, or it names another)."""


def load_reference(reference: str) -> Any:
    """The object a ``module:attribute`` reference names (the entry-point syntax)."""
    module, _, attribute = reference.partition(":")
    obj = importlib.import_module(module)
    for part in filter(None, attribute.split(".")):
        obj = getattr(obj, part)
    return obj


def discover() -> dict[str, str]:
    """Engine name -> ``module:attribute`` of its spec, from the installed entry points."""
    return {ep.name: ep.value for ep in entry_points(group=GROUP)}


class EngineTable(Mapping):
    """The registered engines by name, each imported the first time it is asked for."""

    def __init__(self) -> None:
        self._references: dict[str, str] | None = None
        self._loaded: dict[str, Any] = {}

    def _refs(self) -> dict[str, str]:
        if self._references is None:
            self._references = discover()
        return self._references

    def __getitem__(self, name: str) -> Any:
        if name not in self._loaded:
            reference = self._refs()[name]
            try:
                spec = load_reference(reference)
            except (Exception, SystemExit) as exc:  # noqa: BLE001 - a plug-in's import may raise anything, or exit
                others = ", ".join(sorted(n for n in self._refs() if n != name)) or "none"
                raise PluginError(f"rules engine {name!r} is registered as {reference}, which cannot be loaded: "
                                  f"{_first_line(exc)} (the other engines: {others})") from None
            if getattr(spec, "name", None) != name:
                raise PluginError(f"engine entry point {name!r} ({reference}) does not name an "
                                 f"EngineSpec called {name!r}")
            self._loaded[name] = spec
        return self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._refs())

    def __len__(self) -> int:
        return len(self._refs())

    def usable(self) -> Iterator[Any]:
        """Every engine that loads; one that cannot is left out here and reported when it is named."""
        for name in self._refs():
            try:
                yield self[name]
            except PluginError:
                continue

    def refresh(self) -> None:
        """Read the entry points again (after installing a plug-in in a running process)."""
        self._references = None
        self._loaded.clear()


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    if isinstance(exc, SystemExit):
        return f"its import called sys.exit({exc.code!r})"
    return f"{type(exc).__name__}: {text[0][:200]}" if text else type(exc).__name__


ENGINES = EngineTable()


def get_engine(name: str) -> Any:
    """The ``EngineSpec`` registered as ``name``.

    :raises ValueError: for an engine name that is not registered.
    """
    try:
        return ENGINES[name]
    except KeyError:
        raise ValueError(f"unknown game engine {name!r}; known: {', '.join(ENGINES)}") from None

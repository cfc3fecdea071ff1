"""YAML in, typed and checked objects out; errors name file, line, key, expectation and finding."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.errors import GameDataError, did_you_mean
from generator.core.project import current
from generator.model.game import ComponentSet, Edition, Game, Piece, load_edition_of, load_game
from generator.core.session import current_session, loading_session

if TYPE_CHECKING:
    from generator.model.layouts import Layouts


def components_dir() -> Path:
    return current().components


def layouts_dir() -> Path:
    """The project's own looks (the layer over the built-in ones); it need not exist."""
    return current().layouts


def layouts_for(edition: Edition) -> Layouts:
    """An edition's looks: the built-in ones, then the project's layouts/, then the game's own folder
    (one ``Layouts`` per game folder in a loading session)."""
    from generator.model.layouts import Layouts
    session = current_session()
    if session is None:
        return Layouts(layouts_dir(), edition.game.folder)
    key = (layouts_dir(), edition.game.folder)
    if key not in session.looks:
        session.looks[key] = Layouts(*key)
    return session.looks[key]


def game_names(root: Path | None = None) -> list[str]:
    root = root or components_dir()
    return sorted(p.name for p in root.iterdir() if (p / "game.yaml").is_file()) if root.is_dir() else []


def find_game(name: str, root: Path | None = None) -> Game:
    root = root or components_dir()
    names = game_names(root)
    if name not in names:
        if not names:
            raise GameDataError(root, None, "", "a game folder holding game.yaml (make one with `pnpkit new GAME`)",
                                f"no games, so no {name!r}")
        raise GameDataError(root, None, "", f"a game, one of {names}", did_you_mean(name, names))
    return load_game(root / name)


def load_edition(game: str | Game, edition: str | None = None) -> Edition:
    """The edition of a game (its default edition when None), fully loaded."""
    game_obj = find_game(game) if isinstance(game, str) else game
    edition = edition or game_obj.spec.default_edition
    if edition not in game_obj.spec.editions:
        raise GameDataError(game_obj.folder / "game.yaml", None, "editions",
                            f"an edition, one of {game_obj.spec.editions}",
                            did_you_mean(edition, game_obj.spec.editions))
    return load_edition_of(game_obj, edition)


__all__ = ["ComponentSet", "Edition", "Game", "GameDataError", "Piece", "components_dir", "find_game",
           "game_names", "layouts_dir", "layouts_for", "load_edition", "load_game", "loading_session"]

"""`studio`: a live page of a game's pieces in the browser, repainted as its files are saved."""
from __future__ import annotations

import click

from generator.core.errors import UserError


@click.command()
@click.argument("game", required=False)
@click.option("--edition", "-e", help="Edition id (default: the game's default edition).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="Port to listen on (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; anything but loopback lets other machines read the game's files.")
@click.option("--no-open", is_flag=True, help="Do not open the page in a browser (headless use).")
def studio(game: str | None, edition: str | None, port: int, host: str, no_open: bool) -> None:
    """A live page of GAME's pieces in the browser, repainted as you save its files."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
        import watchfiles  # noqa: F401
    except ImportError:
        raise UserError("the studio needs starlette, uvicorn and watchfiles: "
                        "pip install 'pnp-generator[studio]'") from None
    from generator.studio.serve import choose_game, serve
    serve(choose_game(game), edition, port, host, not no_open)

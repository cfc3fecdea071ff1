"""Serve a live view of one edition on this machine and keep it in step with its files (`pnpkit studio`)."""
from __future__ import annotations

import ipaddress
import socket
import sys
from contextlib import asynccontextmanager

import click

from generator.core.errors import UserError

LOOPBACK = "127.0.0.1"


def choose_game(game: str | None) -> str:
    from generator.core.project import current
    from generator.model import game_names
    names = game_names()
    if game:
        if game not in names:  # an unknown name is refused now; a game that does not load starts with a banner
            raise UserError(f"no game {game!r} in {current().components}: "
                            f"{'the games are ' + ', '.join(names) if names else 'it holds no games'}")
        return game
    if len(names) != 1:
        raise UserError(f"name a GAME: {current().components} holds {', '.join(names) or 'no games'}")
    return names[0]


def serve(game: str, edition: str | None, port: int, host: str, open_browser: bool) -> None:
    from generator.core.project import current
    from generator.studio.pngs import PngPool

    if not is_loopback(host):
        click.echo(f"warning: --host {host} lets every machine that can reach this one read the game's "
                   f"files and pieces; use it only on a network you trust", err=True)
    folder = current().components / game
    pool = PngPool()
    try:
        run(game, edition, folder, host, port, open_browser, pool)
    finally:
        pool.close()


def run(game, edition, folder, host, port, open_browser, pool) -> None:
    import asyncio

    import uvicorn

    from generator.core.project import current
    from generator.studio.server import Hub, create_app
    from generator.studio.session import Session
    from generator.studio.watch import watch

    session, hub = Session(game, edition, pool=pool), Hub()
    first = session.rebuild()
    project = current()
    folders = [folder, project.layouts]   # the game's own files and the project's shared looks
    ignored = [project.output, project.cache]

    rules = folder.resolve() / "rules"

    async def on_changes(paths: set) -> None:
        """Faces first (what a designer is looking at), then the rulebook if a rule text changed."""
        result = await asyncio.to_thread(session.rebuild)
        hub.publish({"version": session.version, "painted": result.painted, "ok": result.ok})
        if any(p == rules or p.is_relative_to(rules) for p in paths):
            await asyncio.to_thread(session.rebuild_rulebook)
            hub.publish({"version": session.version, "rulebook": True})

    @asynccontextmanager
    async def lifespan(app):
        stop = asyncio.Event()
        tasks = [asyncio.create_task(watch(folders, ignored, on_changes, stop))]
        if (rules / "rulebook.yaml").is_file():  # laid out while the page already shows the pieces
            tasks.append(asyncio.create_task(first_rulebook()))
        yield
        stop.set()
        await asyncio.wait(tasks, timeout=2)

    async def first_rulebook() -> None:
        await asyncio.to_thread(session.rebuild_rulebook)
        hub.publish({"version": session.version, "rulebook": True})

    sock = listening_socket(host, port)
    url = f"http://{host if ':' not in host else f'[{host}]'}:{sock.getsockname()[1]}/"
    status = "ready" if first.ok else f"started with a mistake in the files: {session.error['message']}"
    click.echo(f"studio: {game} at {url} ({status}; Ctrl-C stops)")
    sys.stdout.flush()
    if open_browser:
        import webbrowser
        webbrowser.open(url)
    config = uvicorn.Config(create_app(session, folder, hub, lifespan), log_level="warning",
                            timeout_graceful_shutdown=1, lifespan="on")
    uvicorn.Server(config).run(sockets=[sock])


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def listening_socket(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named, not left 0: asyncio sets TCP_NODELAY only on sockets whose protocol says TCP,
    # and without it every response (headers, then body) waits 40 ms for the browser's delayed ACK
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise UserError(f"cannot listen on {host}:{port}: {exc.strerror}; choose another --port") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock

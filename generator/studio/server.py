"""The studio's web server: the page, its assets, the page model as JSON, each face as a PNG named by
its content hash, a stream of server-sent events announcing each rebuild, and the game's own files.

Starlette on uvicorn: server-sent events are a plain streaming response (one-way pushes are all the
page needs, and the browser's EventSource reconnects by itself), and the faces are painted on a
worker thread while the event loop keeps answering. Nothing outside the game's folder is served:
`..`, hidden names and links that lead out are refused with a 404 like any missing file.
"""
from __future__ import annotations

import asyncio
import json
from importlib.resources import files
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from generator.core.files import within
from generator.studio.session import Session

ASSETS = {  # the only page files served, by name: nothing is joined onto a folder from a request
    "studio.js": ("generator.studio", "assets/studio.js", "text/javascript"),
    "page.js": ("generator", "looks/proof/page.js", "text/javascript"),
    "page.css": ("generator", "looks/proof/page.css", "text/css"),
}
HEARTBEAT = 15.0  # seconds between comments that keep an idle event stream open through proxies


class Hub:
    """The open event streams; each gets the version number of every rebuild."""

    def __init__(self):
        self.queues: set[asyncio.Queue] = set()

    def publish(self, message: dict) -> None:
        for queue in self.queues:
            queue.put_nowait(message)


def served_file(folder: Path, relative: str) -> Path | None:
    """A regular file of the game's folder, or None: `..`, empty, hidden and absolute parts are refused
    before the file system is asked, then the project's one containment rule (core.files.within: links
    followed, nothing outside the game's folder, no special files)."""
    parts = relative.split("/")
    if not relative or relative.startswith("/") or "\\" in relative or any(
            p in ("", ".", "..") or p.startswith(".") for p in parts):
        return None
    path = within(folder, relative)
    return path.resolve() if path is not None else None


def create_app(session: Session, game_folder: Path, hub: Hub, lifespan=None) -> Starlette:
    repaints: set[asyncio.Task] = set()   # held until done (the loop keeps only weak references)

    async def page(request: Request) -> Response:
        text = files("generator.studio").joinpath("assets/studio.html").read_text(encoding="utf-8")
        return Response(text, media_type="text/html", headers={"Cache-Control": "no-cache"})

    async def asset(request: Request) -> Response:
        entry = ASSETS.get(request.path_params["name"])
        if entry is None:
            return Response("not found", status_code=404)
        package, relative, kind = entry
        body = files(package).joinpath(relative).read_bytes()
        return Response(body, media_type=kind, headers={"Cache-Control": "no-cache"})

    async def state(request: Request) -> Response:
        if session.choose_dpi(request.query_params.get("dpi")) and not repaints:   # a new size: paint at it
            repaints.add(task := asyncio.create_task(repaint()))
            task.add_done_callback(repaints.discard)
        return JSONResponse(session.page(), headers={"Cache-Control": "no-store"})

    async def repaint() -> None:
        """One repaint at a time, again until it was at the size last asked for (a slider drags
        through many sizes; only the one it stops at matters)."""
        while True:
            dpi = session.dpi
            result = await asyncio.to_thread(session.rebuild)
            hub.publish({"version": session.version, "painted": result.painted, "ok": result.ok})
            if session.dpi == dpi:
                return

    async def face(request: Request) -> Response:
        key = request.path_params["key"]
        etag = f'"{key}"'
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers={"ETag": etag})
        body = session.image(key)
        if body is None:
            return Response("not found", status_code=404)
        return Response(body, media_type="image/png",
                        headers={"ETag": etag, "Cache-Control": "public, max-age=31536000, immutable"})

    async def game_file(request: Request) -> Response:
        path = served_file(game_folder, request.path_params["path"])
        if path is None:
            return Response("not found", status_code=404)
        return FileResponse(path, media_type="text/plain; charset=utf-8" if path.suffix in TEXT else None)

    async def events(request: Request) -> Response:
        queue: asyncio.Queue = asyncio.Queue()
        hub.queues.add(queue)

        async def stream():
            try:
                yield f"retry: 1000\nevent: rebuilt\ndata: {json.dumps({'version': session.version})}\n\n"
                while True:
                    try:
                        message = await asyncio.wait_for(queue.get(), HEARTBEAT)
                    except asyncio.TimeoutError:
                        yield ": still here\n\n"
                        continue
                    yield f"event: rebuilt\ndata: {json.dumps(message)}\n\n"
            finally:
                hub.queues.discard(queue)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    routes = [Route("/", page), Route("/assets/{name}", asset), Route("/api/state", state),
              Route("/faces/{key:str}.png", face), Route("/events", events),
              Route("/files/{path:path}", game_file)]
    return Starlette(routes=routes, lifespan=lifespan)


TEXT = {".yaml", ".yml", ".csv", ".md", ".txt", ".j2"}

"""A cloned project is untrusted: the whole promise in one test.

One project holds everything a hostile sender could plant at once: a Jinja bytecode-cache file that
runs code when unpickled, links out of the project for every kind of file the tool reads (a game
file nobody names, SVG art naming an outside picture, a font, an ICC profile, a proof-template
include) and writes (a schema file, the build's lock file, a record in the cache), a FIFO, links to
/dev/zero and to /. `validate`, `build`, `rulebook`, `schema` and `new` are run on it in this process
with an audit hook watching every file opened and folder listed: no code of the project runs,
nothing outside it is opened or listed, nothing outside it is written, and each command that
refuses says so in one line.
"""
from __future__ import annotations

import base64
import os
import shutil
import sys
from pathlib import Path

import pytest
from robustness_support import FILES, GAME, ROOT, SECRET, run, snapshot
from test_hostile_project import _plant_bytecode_cache

_WATCH: dict[str, list] = {"opened": [], "listed": []}
_ON = [False]


def _audit(event: str, args: tuple) -> None:
    if not _ON[0]:
        return
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        if not (isinstance(args[2], int) and args[2] & getattr(os, "O_NOFOLLOW", 0)):  # a link is not followed
            _WATCH["opened"].append(os.fsdecode(args[0]))
    elif event in ("os.listdir", "os.scandir") and args and isinstance(args[0], (str, bytes, os.PathLike)):
        _WATCH["listed"].append(os.fsdecode(args[0]))


sys.addaudithook(_audit)  # cannot be removed: it records only while _ON is set


def _hostile_project(base: Path) -> tuple[Path, Path]:
    """The project and the folder outside it that holds what the project's links point at."""
    outside, root = base / "outside", base / "project"
    outside.mkdir()
    (outside / "secret.md").write_text(f"# {SECRET}\n")
    (outside / "precious.json").write_text("keep me\n")
    (outside / "private.png").write_bytes(base64.b64decode(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg=="))
    import reportlab
    (outside / "private.ttf").write_bytes((Path(reportlab.__file__).parent / "fonts" / "VeraBd.ttf").read_bytes())
    (outside / "printer.icc").write_bytes((ROOT / "generator" / "looks" / "icc" / "default_cmyk.icc").read_bytes())
    game = root / "components" / GAME
    for relative, text in FILES.items():
        (game / relative).parent.mkdir(parents=True, exist_ok=True)
        (game / relative).write_text(text)
    shutil.copytree(ROOT / "layouts", root / "layouts")
    # files nobody names: a pipe, /dev/zero, / and a link out
    (game / "notes").mkdir()
    os.mkfifo(game / "notes" / "pipe")
    (game / "notes" / "zero").symlink_to("/dev/zero")
    (game / "notes" / "everything").symlink_to("/", target_is_directory=True)
    (game / "rules" / "appendix.md").symlink_to(outside / "secret.md")
    # files the build reads: art naming an outside picture, a linked font, a linked ICC profile and include
    (game / "art.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                                  f'width="20" height="20"><image width="5" height="5" xlink:href="{outside}/private.png"/>'
                                  '</svg>')
    template = game / "templates" / "letter-card.yaml"
    template.write_text(template.read_text() + "  art: {kind: image, x: 5, y: 20, w: 20, h: 20, file: art.svg}\n")
    (game / "fonts").mkdir()
    (game / "fonts" / "own.ttf").symlink_to(outside / "private.ttf")
    (game / "style.yaml").write_text("fonts:\n  bold: {file: fonts/own.ttf}\n")
    (game / "icc").mkdir()
    (game / "icc" / "printer.icc").symlink_to(outside / "printer.icc")
    (game / "proof").mkdir()
    (game / "proof" / "proof.html.j2").write_text("{% include 'part.html' %}")
    (game / "proof" / "part.html").symlink_to(outside / "secret.md")
    # files the tool writes: a schema, the lock file, the cache
    (root / ".pnpkit" / "schemas").mkdir(parents=True)
    (root / ".pnpkit" / "schemas" / "game.schema.json").symlink_to(outside / "precious.json")
    (root / "output" / GAME).mkdir(parents=True)
    (root / "output" / GAME / ".first.lock").symlink_to(outside / "created-by-a-lock")
    cache = root / ".pnp-cache" / "simulations"
    (cache / "commands").mkdir(parents=True)
    _plant_bytecode_cache(cache, game / "rules", outside / "code-ran")
    return root, outside


def _outside_touched(outside: Path) -> list[str]:
    roots = (str(outside), "/dev/zero")
    opened = [p for p in _WATCH["opened"] if os.path.realpath(p).startswith(roots)]
    listed = [p for p in _WATCH["listed"] if os.path.realpath(p) in ("/",) or os.path.realpath(p).startswith(roots)]
    return opened + listed


COMMANDS = [("validate", GAME), ("build", GAME, "-e", "first"), ("rulebook", GAME, "-e", "first"),
            ("schema",), ("new", "star-market")]


# what a refusal names -> the planted files to take away before running the command again
PEEL = {"style.yaml": ["style.yaml", "fonts/own.ttf"], "art.svg": ["art.svg"], ".first.lock": [".first.lock"],
        "proof.html.j2": ["proof/part.html", "proof/proof.html.j2"], "schema.json": [".pnpkit"]}


def _peel(root: Path, line: str) -> bool:
    """Remove what the refusal in ``line`` names (and the element drawing the art); False when unknown."""
    game = root / "components" / GAME
    for tell, planted in PEEL.items():
        if tell in line:
            for relative in planted:
                path = {".first.lock": root / "output" / GAME / ".first.lock", ".pnpkit": root / ".pnpkit"}.get(
                    relative, game / relative)
                shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()
            if tell == "art.svg":
                template = game / "templates" / "letter-card.yaml"
                template.write_text("".join(t for t in template.read_text().splitlines(True) if "art.svg" not in t))
            return True
    return False


@pytest.mark.parametrize("command", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_a_hostile_clone_runs_no_code_reads_and_writes_nothing_outside(command, tmp_path: Path,
                                                                       monkeypatch) -> None:
    """Each refusal is one line; the planted file it names is then taken away and the command run
    again, until it succeeds: every surface the command reaches is tried in turn."""
    root, outside = _hostile_project(tmp_path)
    for name in ("PNP_COMPONENTS", "PNP_LAYOUTS", "PNP_CACHE_DIR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PNP_PROJECT", str(root))
    monkeypatch.setenv("PNP_RULEBOOK_JOBS", "1")  # everything in this process, under the audit hook
    monkeypatch.chdir(root)
    before = snapshot(outside)
    refusals = []
    for _ in range(len(PEEL) + 1):
        _WATCH["opened"].clear()
        _WATCH["listed"].clear()
        _ON[0] = True
        try:
            result = run(*command)
        finally:
            _ON[0] = False
        assert not (outside / "code-ran").exists(), "code from the project's cache ran"
        assert _outside_touched(outside) == [], "opened or listed outside the project"
        assert snapshot(outside) == before and sorted(p.name for p in outside.iterdir()) == sorted(before)
        assert "Traceback" not in result.err and SECRET not in result.out + result.err
        if result.code == 0:
            break
        lines = result.err.strip().splitlines()
        assert result.code in (1, 2) and len(lines) == 1, result.err
        refusals.append(lines[0])
        assert _peel(root, lines[0]), lines[0]
    assert result.code == 0, (command, refusals, result.err)
    assert refusals, "the hostile project was not refused at all"

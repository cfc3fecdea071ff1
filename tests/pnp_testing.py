"""Helpers shared by the tests: run the real command line, copy game data, rasterise PDFs."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable

try:
    import fcntl
except ImportError:  # not POSIX: each pytest-xdist worker builds its own
    fcntl = None  # type: ignore[assignment]

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_cli(*args: str, env: dict | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """`python build.py ARGS` in a fresh process, as a user types it."""
    full_env = {**os.environ, "CI": "1", **(env or {})}
    return subprocess.run([sys.executable, str(ROOT / "build.py"), *args], capture_output=True, text=True,
                          env=full_env, cwd=cwd or ROOT, timeout=600)


def run_folder(tmp_path_factory: pytest.TempPathFactory, name: str) -> Path:
    """A folder for outputs built once per run: under pytest-xdist, the same folder for every worker of
    the run (beside the workers' own temporary folders); otherwise a fresh temporary folder."""
    if not os.environ.get("PYTEST_XDIST_WORKER") or fcntl is None:
        return tmp_path_factory.mktemp(name)
    folder = tmp_path_factory.getbasetemp().parent / name
    folder.mkdir(exist_ok=True)
    return folder


def build_once(folder: Path, build: Callable[[], None], wait: bool = True) -> bool:
    """Run ``build`` (which fills ``folder``) unless a worker of this run already has; a lock beside the
    folder keeps two workers from building it together. With ``wait=False``, return False at once
    while another worker is building it. Returns whether the folder is built."""
    done = folder.with_name(folder.name + ".built")
    if fcntl is None:
        if not done.exists():
            build()
            done.touch()
        return True
    with open(folder.with_name(folder.name + ".lock"), "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            return False
        if not done.exists():  # a failed build leaves no mark: the next claimant tries again
            build()
            done.touch()
    return True


@pytest.fixture
def game_copy(tmp_path: Path) -> Path:
    """A scratch copy of components/; point PNP_COMPONENTS at it to build edited data."""
    target = tmp_path / "components"
    shutil.copytree(ROOT / "components", target)
    return target


@pytest.fixture(scope="session")
def built_2025(tmp_path_factory) -> Path:
    """The 2025 edition built once with the default profiles."""
    out = tmp_path_factory.mktemp("built") / "2025"
    result = run_cli("build", "the-channeling", "--edition", "2025", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out


def render_page(pdf: Path, index: int, dpi: int = 72):
    """A page as a PIL image (RGB) at the given resolution."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        return doc[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()


def project_copy(tmp_path: Path, games: tuple[str, ...] = ("the-channeling",)) -> Path:
    """A scratch project: this project's layouts/ and the named games, with the built-in looks copied
    into its layouts/ as overrides, so a test may edit any look or game file. Returns its root."""
    from generator.model.layouts import BUILTIN_LOOKS

    root = tmp_path / "project"
    shutil.copytree(ROOT / "layouts", root / "layouts")
    for folder in ("profiles", "templates", "rulebook"):
        shutil.copytree(BUILTIN_LOOKS / folder, root / "layouts" / folder, dirs_exist_ok=True)
    for game in games:
        shutil.copytree(ROOT / "components" / game, root / "components" / game)
    return root


def project_env(root: Path) -> dict:
    """The environment that points the command line at a scratch project."""
    return {"PNP_PROJECT": str(root)}

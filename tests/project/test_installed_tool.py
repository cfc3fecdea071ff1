"""The tool as a publisher gets it: a wheel installed into a fresh virtualenv, run in an empty folder
outside this repository, with no environment variables pointing anywhere."""
from __future__ import annotations

import json
import os
import site
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _files(folder: Path) -> dict[str, float]:
    return {str(p): p.stat().st_mtime for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts}


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A virtualenv holding the wheel built from this checkout, its dependencies taken from the environment
    running the tests (a user's venv, or the system Python on CI)."""
    work = tmp_path_factory.mktemp("wheel")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                            "-w", str(work), str(ROOT)], capture_output=True, text=True, cwd=work)
    assert built.returncode == 0, built.stderr
    wheel = next(work.glob("pnp_generator-*.whl"))
    env_dir = work / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    _see_the_running_environment(python)
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q",
                           "--ignore-installed",  # the checkout's own editable install must not count
                           str(wheel)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return env_dir


def _see_the_running_environment(python: Path) -> None:
    """A .pth file puts the running environment's site-packages (and the base's, when it sees them) after the new
    venv's own. A venv made with system site-packages from inside a venv would see the base interpreter's
    packages, not the dependencies installed in the running venv. Folders named in a .pth file are only added
    to the path (their own .pth files, such as the checkout's editable install, are not run), so the wheel's
    copy of the package is the one imported."""
    code = "import sysconfig; print(sysconfig.get_path('purelib'))"
    own = Path(subprocess.run([str(python), "-c", code], capture_output=True, text=True, check=True).stdout.strip())
    (own / "running-environment.pth").write_text("".join(f"{folder}\n" for folder in site.getsitepackages()))


def _clean_env() -> dict[str, str]:
    """No variable that could point the installed tool at this checkout."""
    return {k: v for k, v in os.environ.items() if not k.startswith("PNP_") and k != "PYTHONPATH"} | {"CI": "1"}


def _run(env_dir: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(env_dir / "bin" / "pnpkit"), *args], capture_output=True, text=True, cwd=cwd,
                          env=_clean_env(), timeout=600)


def test_the_wheel_holds_the_built_in_looks_schemas_and_scaffold(installed: Path) -> None:
    code = "import generator, pathlib; print(pathlib.Path(generator.__file__).parent)"
    where = Path(subprocess.run([str(installed / "bin" / "python"), "-c", code], capture_output=True, text=True,
                                cwd=installed, env=_clean_env()).stdout.strip())
    assert installed in where.parents, f"the venv imported {where}, not its own copy"
    for relative in ("looks/style.yaml", "looks/profiles/letter.yaml", "looks/templates/poker-card.yaml",
                     "looks/proof/proof.html.j2", "looks/rulebook/styles.yaml", "schemas/template.schema.json",
                     "scaffold/game/game.yaml", "scaffold/game/cards/cards.csv"):
        assert (where / relative).is_file(), relative


def test_new_validate_build_in_an_empty_folder(installed: Path, tmp_path: Path) -> None:
    site = next((installed / "lib").glob("python3*/site-packages"))
    before = _files(site)
    folder = tmp_path / "my-games"
    folder.mkdir()
    assert "pnpkit" in _run(installed, folder, "--version").stdout
    empty = _run(installed, folder, "build")
    assert empty.returncode == 2 and "pnpkit new" in empty.stderr and "Traceback" not in empty.stderr

    made = _run(installed, folder, "new", "demo")
    assert made.returncode == 0, made.stderr
    listed = _run(installed, folder, "list")
    assert listed.returncode == 0 and "game demo: Demo" in listed.stdout, listed.stderr
    assert "sun " in listed.stdout and "game " in listed.stdout  # the game's own colour, from its layer
    checked = _run(installed, folder / "components", "validate", "demo")  # found from a subfolder too
    assert checked.returncode == 0 and "Cards: 12" in checked.stdout, checked.stdout + checked.stderr

    built = _run(installed, folder, "build", "demo")
    assert built.returncode == 0, built.stderr
    manifest = json.loads((folder / "output" / "demo" / "first" / "manifest.json").read_text())
    kinds = {entry["kind"] for entry in manifest["files"]}
    assert {"sheet", "tokens", "proof", "rulebook"} <= kinds
    for entry in manifest["files"]:
        assert (folder / "output" / "demo" / "first" / entry["path"]).is_file()
    assert _files(site) == before, "nothing may be written inside the installed package"

"""A cloned project is untrusted, part 4: nothing is written outside it, and no write is half done.

A link planted where the tool writes (a schema file, the folder of schemas, a new game's folder, a
build's lock file, a record in the project's cache) is refused or replaced, never written through:
the file outside stays byte for byte as it was. A result file is written whole or not at all, so a
full disk leaves the previous result where it was.
"""
from __future__ import annotations

import hashlib
import json
import resource
import signal
from pathlib import Path

import pytest
from robustness_support import GAME, ROOT, assert_refused, run, run_process, snapshot

OUTSIDE = "keep me as I am\n"


def _outside(tmp_path: Path) -> Path:
    target = tmp_path / "elsewhere" / "precious.txt"
    target.parent.mkdir()
    target.write_text(OUTSIDE)
    return target


@pytest.fixture
def project(tmp_path: Path, monkeypatch) -> Path:
    root = tmp_path / "project"
    (root / "components").mkdir(parents=True)
    monkeypatch.setenv("PNP_PROJECT", str(root))
    monkeypatch.delenv("PNP_COMPONENTS", raising=False)
    monkeypatch.chdir(root)
    return root


def _one_line(result, name: str) -> None:
    assert result.code in (1, 2), (result.code, result.err)
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.err and name in lines[0], result.err


@pytest.mark.parametrize("command", [("schema",), ("new", "star-market")])
def test_a_schema_file_linked_out_is_not_written_through(command, project: Path, tmp_path: Path) -> None:
    target = _outside(tmp_path)
    schemas = project / ".pnpkit" / "schemas"
    schemas.mkdir(parents=True)
    (schemas / "game.schema.json").symlink_to(target)
    _one_line(run(*command), "game.schema.json")
    assert target.read_text() == OUTSIDE


@pytest.mark.parametrize("command", [("schema",), ("new", "star-market")])
def test_a_schemas_folder_linked_out_gets_nothing(command, project: Path, tmp_path: Path) -> None:
    target = _outside(tmp_path)
    (project / ".pnpkit").mkdir()
    (project / ".pnpkit" / "schemas").symlink_to(target.parent, target_is_directory=True)
    _one_line(run(*command), "schema.json")
    assert sorted(p.name for p in target.parent.iterdir()) == ["precious.txt"]


def test_a_lock_file_linked_out_is_refused_and_its_target_not_created(workshop: Path, tmp_path: Path,
                                                                      previous_output: Path) -> None:
    target = tmp_path / "elsewhere" / "created-by-the-build"
    target.parent.mkdir()
    (previous_output.parent / f".{previous_output.name}.lock").symlink_to(target)
    before = snapshot(previous_output)
    built = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(previous_output))
    assert_refused(built, ".lock", previous_output, before)
    assert not target.exists()


def test_a_link_planted_in_the_cache_is_not_written_through(workshop: Path, tmp_path: Path) -> None:
    """The build's record of what it built lives in the cache, under a name anyone can work out."""
    import os
    target = _outside(tmp_path)
    out = tmp_path / "out"
    built = Path(os.environ["PNP_CACHE_DIR"]) / "built"
    built.mkdir(parents=True)
    name = hashlib.sha256(str(out.resolve()).encode()).hexdigest()[:24]
    for planted in (built / f"{name}.tmp", built / f"{name}.json"):
        planted.symlink_to(target)
    result = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(out))
    assert result.code == 0, result.err
    assert target.read_text() == OUTSIDE


def test_a_full_disk_during_simulate_json_leaves_the_previous_result(tmp_path: Path) -> None:
    """RLIMIT_FSIZE makes a write past 1000 bytes fail as a full disk would (the report is ~3.7 KB)."""
    result = tmp_path / "sim.json"
    result.write_text('{"previous": "a good result"}\n')

    def small_files() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))

    sim = run_process("simulate", "the-channeling", "--games", "20", "--json", str(result),
                      env={"PNP_COMPONENTS": str(ROOT / "components"), "PNP_CACHE_DIR": str(tmp_path / "cache")},
                      preexec_fn=small_files)
    _, err = sim.communicate()
    assert sim.returncode == 1, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert json.loads(result.read_text()) == {"previous": "a good result"}
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".sim.json")] == []

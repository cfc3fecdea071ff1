"""The catalogue, part 4: faults. A build killed with SIGKILL at a random moment or stopped with
SIGTERM leaves the complete previous or the complete new output, no worker processes and, after
the next build, no staging folders; builds into one folder at once both land in its manifest; a
file system that refuses more bytes fails the build with one line and keeps the previous output."""
from __future__ import annotations

import json
import random
import resource
import shutil
import signal
import time
from pathlib import Path

import pytest

from robustness_support import GAME, ROOT, run, run_process, snapshot, strays

PROFILES = ["-p", "a4", "-p", "mpc"]  # sheets, and PNGs drawn by worker processes


def _build_args(out: Path, *profiles: str) -> list[str]:
    return ["build", GAME, "-e", "first", *(profiles or PROFILES), "--out", str(out)]


def _processes_naming(text: str) -> list[int]:
    """Live processes whose command line holds text (a build and the workers it forked)."""
    found = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                cmdline = (proc / "cmdline").read_bytes().decode(errors="replace")
                state = (proc / "stat").read_text().split(") ", 1)[1][0]
            except OSError:
                continue
            if text in cmdline and state != "Z":
                found.append(int(proc.name))
    return found


def _wait_until_gone(text: str, seconds: float = 20) -> list[int]:
    deadline = time.monotonic() + seconds
    while (alive := _processes_naming(text)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return alive


def _consistent(out: Path) -> dict:
    """The manifest lists exactly the files in the folder."""
    manifest = json.loads((out / "manifest.json").read_text())
    listed = {entry["path"] for entry in manifest["files"]} | {"manifest.json"}
    present = {str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()}
    assert present == listed, (present ^ listed)
    return manifest


@pytest.fixture
def old_and_new(workshop: Path, previous_output: Path, tmp_path: Path) -> tuple[Path, dict, dict]:
    """The previous output (built with the profiles above), then a data change and its complete build."""
    done = run(*_build_args(previous_output))
    assert done.code == 0, done.err
    old = snapshot(previous_output)
    cards = workshop / "cards/letters.yaml"
    cards.write_text(cards.read_text().replace("Telegram", "Telegraph"))
    reference = tmp_path / "reference"
    shutil.copytree(previous_output, reference)  # the new build keeps the rulebook of the previous one
    done = run(*_build_args(reference))
    assert done.code == 0, done.err
    return previous_output, old, snapshot(reference)


@pytest.mark.parametrize("seed", range(5))
def test_kill_9_at_a_random_moment_leaves_old_or_new_and_no_workers(seed, old_and_new, monkeypatch) -> None:
    out, old, new = old_and_new
    import os
    build = run_process(*_build_args(out), env={"PNP_COMPONENTS": os.environ["PNP_COMPONENTS"],
                                                  "PNP_CACHE_DIR": os.environ["PNP_CACHE_DIR"]})
    time.sleep(random.Random(seed).uniform(0.3, 2.5))
    build.kill()
    build.communicate()
    assert not _wait_until_gone(str(out)), "worker processes outlived the killed build"
    now = snapshot(out)
    assert now in (old, new), "a mix of the previous and the new build"
    _consistent(out)
    again = run(*_build_args(out))
    assert again.code == 0, again.err
    assert snapshot(out) == new and not strays(out)


def test_sigterm_stops_cleanly(old_and_new) -> None:
    import os
    out, old, new = old_and_new
    build = run_process(*_build_args(out), env={"PNP_COMPONENTS": os.environ["PNP_COMPONENTS"],
                                                  "PNP_CACHE_DIR": os.environ["PNP_CACHE_DIR"]})
    while not strays(out) and build.poll() is None:  # SIGTERM once the build is writing
        time.sleep(0.02)
    build.send_signal(signal.SIGTERM)
    _, err = build.communicate()
    if build.returncode == 0:  # the build finished between the check and the signal
        assert snapshot(out) == new
    else:
        assert build.returncode == 143, err
        assert _not_notes(err) == ["Terminated; no output was half-written."], err
        assert snapshot(out) == old
    assert not strays(out) and not _wait_until_gone(str(out)), (build.returncode, err)


def test_staging_left_by_a_crash_is_removed_by_the_next_build(old_and_new) -> None:
    out, old, new = old_and_new
    for name in (f".{out.name}-abcdefgh", f".{out.name}-zz_9zz_9"):
        (out.parent / name).mkdir()
        (out.parent / name / "half-written.pdf").write_bytes(b"%PDF-1.4 half")
    assert len(strays(out)) == 2
    assert run(*_build_args(out)).code == 0
    assert not strays(out) and snapshot(out) == new


def test_a_crash_between_two_renames_is_repaired(old_and_new) -> None:
    """Where no atomic exchange exists, a kill between the two renames leaves the previous build
    beside the output folder; the next build puts it back before anything else."""
    out, old, new = old_and_new
    out.rename(out.parent / f".{out.name}-abcdefgh-previous")
    assert run(*_build_args(out, "-p", "a4")).code == 0
    manifest = _consistent(out)
    kept = {e["profile"] for e in manifest["files"]}
    assert kept == {"a4", "mpc", "rulebook-a4"}, "files of the previous build's other profiles were lost"
    assert not strays(out)


@pytest.mark.parametrize("attempt", range(2))
def test_concurrent_builds_of_different_profiles_both_land(attempt, workshop: Path, tmp_path: Path) -> None:
    import os
    out = tmp_path / "shared"
    env = {"PNP_COMPONENTS": os.environ["PNP_COMPONENTS"], "PNP_CACHE_DIR": os.environ["PNP_CACHE_DIR"]}
    builds = [run_process(*_build_args(out, "-p", profile), env=env) for profile in ("a4", "letter", "mpc")]
    for build in builds:
        _, err = build.communicate()
        assert build.returncode == 0, err
    manifest = _consistent(out)
    assert {e["profile"] for e in manifest["files"]} == {"a4", "letter", "mpc"}
    assert not strays(out)


def test_a_full_file_system_fails_the_build_and_keeps_the_previous_output(old_and_new) -> None:
    """RLIMIT_FSIZE makes every write past 20 KB fail as a full disk would (EFBIG, SIGXFSZ ignored)."""
    import os
    out, old, _ = old_and_new

    def small_files() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))

    build = run_process(*_build_args(out), env={"PNP_COMPONENTS": os.environ["PNP_COMPONENTS"],
                                                  "PNP_CACHE_DIR": os.environ["PNP_CACHE_DIR"]},
                        preexec_fn=small_files)
    _, err = build.communicate()
    assert build.returncode == 1, err
    lines = _not_notes(err)
    assert len(lines) == 1 and "Traceback" not in err and "File too large" in lines[0], err
    assert str(out) in lines[0], err
    assert snapshot(out) == old and not strays(out)


def test_simulation_workers_die_with_a_killed_parent(tmp_path: Path) -> None:
    marker = str(tmp_path / "sim.json")
    sim = run_process("simulate", "the-channeling", "--games", "200000", "--jobs", "2", "--json", marker,
                      env={"PNP_COMPONENTS": str(ROOT / "components")})
    deadline = time.monotonic() + 30
    while len(_processes_naming(marker)) < 3 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(_processes_naming(marker)) >= 3, "the pool never started"
    sim.kill()
    sim.communicate()
    assert not _wait_until_gone(marker), "simulation workers outlived their parent"


def _not_notes(err: str) -> list[str]:
    """stderr's lines without the notes naming the project's own copies of built-in looks."""
    return [line for line in err.strip().splitlines() if not line.startswith("note: ")]

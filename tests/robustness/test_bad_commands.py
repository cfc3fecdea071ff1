"""The catalogue, part 3: command-line mistakes and file-system paths that cannot be used. Each is
one line naming the option or path, exit 2 (1 when a write failed part-way), never a traceback,
and the previous output folder exactly as it was."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from robustness_support import GAME, ROOT, assert_refused, run, snapshot

SEED = "the-channeling"

# (case, arguments, what the message names); OUT stands for the previous output folder
COMMANDS = [
    ("unknown-command", ["bulid"], "bulid"),
    ("unknown-option", ["build", GAME, "--colour"], "--colour"),
    ("unknown-game", ["build", "no-such-game"], "no-such-game"),
    ("unknown-edition", ["build", GAME, "-e", "second"], "second"),
    ("unknown-profile", ["build", GAME, "-e", "first", "-p", "a7", "--out", "OUT"], "a7"),
    ("edition-without-game", ["build", "-e", "first"], "--edition"),
    ("profile-option-empty", ["build", GAME, "-e", "first", "-p", "", "--out", "OUT"], "profile"),
    ("validate-unknown-game", ["validate", "nothing"], "nothing"),
    ("validate-unknown-edition", ["validate", GAME, "-e", "zeroth"], "zeroth"),
    ("simulate-without-engine", ["simulate", GAME, "--games", "3"], GAME),
    ("replay-without-engine", ["replay", GAME, "--seed", "1"], GAME),
    ("rulebook-sheet-profile", ["rulebook", GAME, "-p", "a4", "--out", "OUT"], "a4"),
    ("rulebook-unknown-game", ["rulebook", "nothing"], "nothing"),
    ("list-extra-argument", ["list", "extra"], "extra"),
    ("missing-option-value", ["build", GAME, "--out"], "--out"),
]

SEED_COMMANDS = [  # against the real seed game, read only
    ("games-zero", ["simulate", SEED, "--games", "0"], "--games"),
    ("games-negative", ["simulate", SEED, "--games", "-5"], "--games"),
    ("games-text", ["simulate", SEED, "--games", "many"], "--games"),
    ("games-astronomical", ["simulate", SEED, "--games", "10000000000000"], "--games"),
    ("jobs-zero", ["simulate", SEED, "--games", "2", "--jobs", "0"], "--jobs"),
    ("jobs-thousands", ["simulate", SEED, "--games", "2", "--jobs", "5000"], "--jobs"),
    ("seed-text", ["simulate", SEED, "--games", "2", "--seed", "x"], "--seed"),
    ("agents-one", ["simulate", SEED, "--games", "2", "--agents", "greedy"], "--agents"),
    ("agents-unknown", ["simulate", SEED, "--games", "2", "--agents", "greedy,oracle"], "oracle"),
    ("agents-mcts-zero", ["simulate", SEED, "--games", "2", "--agents", "mcts:0,greedy"], "mcts:0"),
    ("agents-mcts-trillion", ["simulate", SEED, "--games", "1", "--agents", "mcts:1000000000000,greedy"],
     "mcts:1000000000000"),
    ("agents-empty", ["simulate", SEED, "--games", "2", "--agents", ","], "--agents"),
    ("rule-unknown", ["simulate", SEED, "--games", "2", "--rule", "no_such_rule=1"], "no_such_rule"),
    ("replay-no-seed", ["replay", SEED], "--seed"),
    ("out-for-all-editions", ["build", SEED, "--out", "/tmp/never-written"], "--out"),
    ("json-missing-folder", ["simulate", SEED, "--games", "2", "--json", "/nonexistent-folder/x.json"],
     "/nonexistent-folder/x.json"),
    ("json-into-proc", ["simulate", SEED, "--games", "2", "--json", "/proc/x.json"], "/proc/x.json"),
    ("json-into-sys", ["simulate", SEED, "--games", "2", "--json", "/sys/x.json"], "/sys/x.json"),
    ("json-dev-full", ["simulate", SEED, "--games", "2", "--json", "/dev/full"], "/dev/full"),
    ("json-a-folder", ["simulate", SEED, "--games", "2", "--json", "/tmp"], "/tmp"),
]


def _args(args: list[str], out: Path) -> list[str]:
    return [str(out) if a == "OUT" else a for a in args]


@pytest.mark.parametrize("case, args, names", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_command_line_mistake(case, args, names, workshop: Path, previous_output: Path) -> None:
    before = snapshot(previous_output)
    assert_refused(run(*_args(args, previous_output)), names, previous_output, before)


@pytest.mark.parametrize("case, args, names", SEED_COMMANDS, ids=[c[0] for c in SEED_COMMANDS])
def test_command_line_mistake_with_the_seed_game(case, args, names, monkeypatch, previous_output: Path) -> None:
    monkeypatch.setenv("PNP_COMPONENTS", str(ROOT / "components"))
    before = snapshot(previous_output)
    assert_refused(run(*args), names, previous_output, before)


# (case, how to make the --out path from a scratch folder, what the message names)
PATHS = [
    ("out-under-a-file", lambda d: _file(d / "notes.txt") / "kit", "notes.txt"),
    ("out-is-a-file", lambda d: _file(d / "notes.txt"), "notes.txt"),
    ("out-empty", lambda d: Path(""), "output folder"),
    ("out-dot", lambda d: Path("."), "output folder"),
    ("out-in-proc", lambda d: Path("/proc/kit"), "/proc"),
    ("out-in-sys", lambda d: Path("/sys/kit"), "/sys"),
    ("out-dev-full", lambda d: Path("/dev/full"), "/dev/full"),
    ("out-dev-null", lambda d: Path("/dev/null"), "/dev/null"),
    ("out-root", lambda d: Path("/"), "/"),
    ("out-name-too-long", lambda d: d / ("n" * 300), "nnnn"),
    ("out-home", lambda d: Path.home(), str(Path.home())),
    ("out-game-folder", lambda d: Path(os.environ["PNP_COMPONENTS"]) / GAME, GAME),
    ("out-foreign-folder", lambda d: _foreign(d / "documents"), "documents"),
    ("out-broken-symlink-parent", lambda d: _dangling(d / "gone") / "kit", "gone"),
]


def _file(path: Path) -> Path:
    path.write_text("a user's notes\n")
    return path


def _foreign(path: Path) -> Path:
    path.mkdir()
    (path / "letter.txt").write_text("not from a build\n")
    return path


def _dangling(path: Path) -> Path:
    path.symlink_to(path.parent / "no-such-target")
    return path


@pytest.mark.parametrize("case, make, names", PATHS, ids=[c[0] for c in PATHS])
def test_output_path_that_cannot_be_used(case, make, names, workshop: Path, tmp_path: Path) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    out = make(scratch)
    before = {p: p.read_bytes() for p in scratch.rglob("*") if p.is_file()}
    result = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(out))
    assert result.code in (1, 2), result
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.err, result.err
    assert names in lines[0], lines[0]
    assert {p: p.read_bytes() for p in scratch.rglob("*") if p.is_file()} == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders; see the fault tests")
def test_read_only_output_parent(workshop: Path, previous_output: Path) -> None:
    before = snapshot(previous_output)
    previous_output.parent.chmod(0o500)
    try:
        result = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(previous_output))
    finally:
        previous_output.parent.chmod(0o700)
    assert_refused(result, str(previous_output.parent), previous_output, before)


def test_components_folder_that_is_a_file(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PNP_COMPONENTS", str(_file(tmp_path / "components")))
    result = run("build", GAME)
    assert result.code == 2 and len(result.err.strip().splitlines()) == 1, result
    assert "components" in result.err

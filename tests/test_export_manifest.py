"""Every export folder holds exactly the files its manifest lists, and a removed card leaves no file."""
from __future__ import annotations

import json

from pnp_testing import project_env, run_cli
from pocket_game import write_pocket_game

PROFILES = ("-p", "tgc", "-p", "mpc", "-p", "tts", "-p", "cmyk")


def on_disk(out) -> set[str]:
    return {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}


def listed(out) -> set[str]:
    return {f["path"] for f in json.loads((out / "manifest.json").read_text())["files"]}


def build(root, out):
    result = run_cli("build", "pocket", "-e", "base", *PROFILES, "--out", str(out), env=project_env(root))
    assert result.returncode == 0, result.stderr
    return out


def test_a_fresh_build_writes_exactly_the_files_its_manifest_lists(tmp_path):
    out = build(write_pocket_game(tmp_path), tmp_path / "out")
    assert on_disk(out) == listed(out) | {"manifest.json"}
    assert any("/poker/01-ace.png" in p for p in listed(out))


def test_removing_a_card_and_rebuilding_leaves_no_file_of_it(tmp_path):
    out = build(write_pocket_game(tmp_path / "before"), tmp_path / "out")
    assert len([p for p in on_disk(out) if p.endswith("-ace.png")]) == 4   # tgc and mpc, and their upload folders
    before = json.loads((out / "pocket-base-tts.json").read_text())
    build(write_pocket_game(tmp_path / "after", drop="Ace"), out)
    assert not [p for p in on_disk(out) if p.endswith("-ace.png")]
    after = json.loads((out / "pocket-base-tts.json").read_text())
    assert "Ace" in json.dumps(before) and "Ace" not in json.dumps(after)
    assert on_disk(out) == listed(out) | {"manifest.json"}

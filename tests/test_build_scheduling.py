"""How a build shares out its work: the scheduler hands out the most urgent task first, rulebooks
built on worker processes equal those built in one process, a mistake met on a worker comes back
as the usual one-line message, and renaming a card rebuilds exactly the files that show its name,
byte for byte what a cold build of the renamed project writes."""
from __future__ import annotations

import time
from pathlib import Path

from pnp_testing import project_copy, project_env, run_cli

from generator.runs.scheduler import Scheduler

QUICK = {"PNP_RULEBOOK_GAMES": "60", "PNP_RULEBOOK_SAMPLE_AGENTS": "greedy,greedy",
         "PNP_RULEBOOK_BALANCE_AGENTS": "greedy,greedy"}


def _pause(seconds: float) -> str:
    time.sleep(seconds)
    return "paused"


def _echo(value: str) -> str:
    return value


def test_the_scheduler_hands_out_the_most_urgent_task_first():
    scheduler = Scheduler(1)
    try:
        first = scheduler.submit((0,), _pause, 0.5)  # holds the only worker while the rest queue up
        finished: list[str] = []
        futures = [scheduler.submit(priority, _echo, name)
                   for priority, name in [((2, 1), "late"), ((1,), "urgent"), ((2, 0), "middle"), ((1,), "urgent too")]]
        for future in futures:
            future.add_done_callback(lambda f: finished.append(f.result()))
        assert first.result() == "paused" and [f.result() for f in futures]
        assert finished == ["urgent", "urgent too", "middle", "late"]  # equal priorities in submission order
    finally:
        scheduler.close()


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _build(root: Path, cache: Path, jobs: str, *options: str) -> str:
    env = {**project_env(root), **QUICK, "PNP_CACHE_DIR": str(cache), "PNP_RULEBOOK_JOBS": jobs}
    result = run_cli("build", "the-channeling", *options, env=env)
    assert result.returncode == 0, result.stderr
    return result.stdout


def _two_editions(root: Path) -> Path:
    """The project with The Channeling's 2025 and thirty editions only: the one that prints the renamed
    card and one that does not (test_freshness.py checks the forest edition stays up to date too)."""
    game = root / "components" / "the-channeling"
    spec = game / "game.yaml"
    text = spec.read_text()
    assert 'editions: ["2025", thirty, forest]' in text
    spec.write_text(text.replace('editions: ["2025", thirty, forest]', 'editions: ["2025", thirty]'))
    (game / "editions" / "forest.yaml").unlink()
    return root


def _rename(root: Path) -> None:
    cards = root / "components" / "the-channeling" / "cards" / "magic-circle-36.yaml"
    cards.write_text(cards.read_text().replace("Hedge Ring", "Hedgerow Ring"))


def test_a_renamed_card_rebuilds_exactly_what_shows_it_as_a_cold_build_would(tmp_path):
    root = _two_editions(project_copy(tmp_path / "warm"))
    cache = tmp_path / "cache"
    _build(root, cache, "2")
    output = root / "output" / "the-channeling"
    before = {edition: _files(output / edition) for edition in ("2025", "thirty")}
    _rename(root)
    said = _build(root, cache, "2")
    assert "the-channeling 2025: " in said and "2025: up to date" not in said
    assert "thirty: up to date" in said and "forest" not in said
    after = _files(output / "2025")
    assert _files(output / "thirty") == before["thirty"]
    old = before["2025"]
    changed = {name for name in after if old.get(name) != after[name]} | {name for name in old if name not in after}
    # the name is printed on the card sheets, drawn in the rulebooks' figures, labelled on the proof
    # page and its picture of that card, and listed in the manifest; nothing else changes
    shows_name = [name for name in changed if "cards.pdf" in name or name.endswith(("rulebook-letter.pdf",
                  "proof.html", "manifest.json")) or "/magic-circle/" in name]
    assert sorted(shows_name) == sorted(changed)
    assert any("tokens.pdf" in name for name in after) and not any("tokens.pdf" in name for name in changed)
    assert sum("/magic-circle/" in name for name in changed) == 2  # the old picture gone, the new one there
    assert "the-channeling-2025-rulebook-letter.pdf" in changed
    assert not any("designer-report" in name for name in after)   # a profile a publisher asks for

    cold = _two_editions(project_copy(tmp_path / "cold"))
    _rename(cold)
    # one process (no workers, no table-of-contents hint), the one edition compared
    _build(cold, tmp_path / "cold-cache", "1", "-e", "2025")
    assert _files(cold / "output" / "the-channeling" / "2025") == after


def test_a_mistake_met_on_a_worker_is_one_message_with_its_exit_status(tmp_path):
    root = project_copy(tmp_path)
    clarifications = root / "components" / "the-channeling" / "rules" / "clarifications.md"
    clarifications.write_text(clarifications.read_text() + "\nSet `grid_size` in the data to play a bigger grid.\n")
    result = run_cli("build", "the-channeling", "-e", "2025", "-p", "rulebook-letter", "-p", "letter", "--strict",
                     env={**project_env(root), **QUICK, "PNP_CACHE_DIR": str(tmp_path / "cache"),
                          "PNP_RULEBOOK_JOBS": "2"})
    assert result.returncode == 1, result.stderr
    assert "option-key: grid_size" in result.stderr and "Traceback" not in result.stderr
    assert not (root / "output" / "the-channeling" / "2025").exists()

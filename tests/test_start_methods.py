"""Worker processes are spawn-safe: PNGs rasterised by spawned workers (the only start method on
Windows, the default on macOS) are byte-identical to those of forked ones."""
from __future__ import annotations

from pathlib import Path

from pnp_testing import run_cli


def _pngs(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*.png"))}


def test_spawned_and_forked_raster_workers_give_the_same_files(tmp_path: Path) -> None:
    built = {}
    for method in ("fork", "spawn"):
        out = tmp_path / method
        result = run_cli("build", "the-channeling", "-e", "2025", "-p", "mpc", "--out", str(out), "--force",
                         env={"PNP_START_METHOD": method})
        assert result.returncode == 0, result.stderr
        built[method] = _pngs(out)
    assert len(built["fork"]) > 10 and built["fork"] == built["spawn"]

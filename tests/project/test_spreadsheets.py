"""Decks kept in spreadsheets: `pieces:` naming a CSV file (or an Excel workbook)."""
from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
import yaml

from pnp_testing import ROOT, run_cli

DECK = "the-channeling/cards/magic-circle-36"
EDITION = "the-channeling/editions/2025.yaml"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(ROOT / "components" / "the-channeling", root / "components" / "the-channeling")
    shutil.copytree(ROOT / "layouts", root / "layouts")
    return root


def _rows(root: Path) -> list[dict]:
    return yaml.safe_load((root / "components" / f"{DECK}.yaml").read_text())


def _write_csv(root: Path, rows: list[dict], name: str = "deck.csv") -> Path:
    path = root / "components" / "the-channeling" / "cards" / name
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["name", "vigor", "splendor", "count"])
        for row in rows:
            writer.writerow([row["name"], row["vigor"], row["splendor"], row.get("count", 1)])
    return path


def _use(root: Path, name: str, instead_of: str = "magic-circle-36.yaml") -> None:
    edition = root / "components" / EDITION
    edition.write_text(edition.read_text().replace(f"../cards/{instead_of}", f"../cards/{name}"))


def _build(root: Path, out: Path):
    return run_cli("build", "the-channeling", "-e", "2025", "-p", "letter", "-p", "tgc", "--out", str(out),
                   env={"PNP_PROJECT": str(root)})


def test_the_same_deck_as_yaml_csv_or_xlsx_gives_byte_identical_pdfs(project: Path, tmp_path: Path) -> None:
    import openpyxl

    rows = _rows(project)
    assert _build(project, tmp_path / "yaml").returncode == 0
    _write_csv(project, rows)
    book = openpyxl.Workbook()
    book.active.append(["name", "vigor", "splendor", "count"])
    for row in rows:
        book.active.append([row["name"], row["vigor"], row["splendor"], row.get("count", 1)])
    book.save(project / "components/the-channeling/cards/deck.xlsx")
    pdfs = sorted(p.name for p in (tmp_path / "yaml").glob("*.pdf"))
    assert len(pdfs) >= 3
    for name in ("deck.csv", "deck.xlsx"):
        _use(project, name)
        result = _build(project, tmp_path / name)
        assert result.returncode == 0, result.stderr
        for pdf in pdfs:
            assert (tmp_path / name / pdf).read_bytes() == (tmp_path / "yaml" / pdf).read_bytes(), (name, pdf)
        _use(project, "magic-circle-36.yaml", instead_of=name)


@pytest.mark.parametrize("edit, line, column, needle", [
    (lambda rows: rows[2].update(vigor="five"), 4, "column vigor (B)", "a whole number"),
    (lambda rows: rows[5].update(count="2.5"), 7, "column count (D)", "a whole number"),
    (lambda rows: rows[0].update(vigor=70), 2, "column vigor (B)", "from 1 to 20"),
])
def test_a_bad_cell_names_file_row_and_column(project: Path, tmp_path: Path, edit, line, column, needle) -> None:
    rows = _rows(project)
    edit(rows)
    _write_csv(project, rows)
    _use(project, "deck.csv")
    result = run_cli("validate", "the-channeling", "-e", "2025", env={"PNP_PROJECT": str(project)})
    assert result.returncode == 2 and "Traceback" not in result.stderr
    message = result.stderr.strip()
    assert len(message.splitlines()) == 1
    assert f"deck.csv:{line} at '{column}'" in message and needle in message, message


def test_an_unknown_column_and_blank_rows(project: Path) -> None:
    path = _write_csv(project, _rows(project))
    lines = path.read_text().splitlines()
    path.write_text("\n".join([lines[0], lines[1], "", ",,,", *lines[2:]]) + "\n")  # blank rows are skipped
    _use(project, "deck.csv")
    assert run_cli("validate", "the-channeling", "-e", "2025", env={"PNP_PROJECT": str(project)}).returncode == 0
    path.write_text(path.read_text().replace("name,vigor,splendor,count", "name,vigour,splendor,count"))
    result = run_cli("validate", "the-channeling", "-e", "2025", env={"PNP_PROJECT": str(project)})
    assert result.returncode == 2 and "deck.csv:1 at 'column B'" in result.stderr and "vigour" in result.stderr

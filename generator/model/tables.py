"""Pieces from a spreadsheet: a CSV file (or an Excel workbook, with the `xlsx` extra) whose header
row names the component's fields, plus an optional `count` column. Cells are typed by the fields
(a whole-number field takes whole numbers), empty cells leave an optional field unset, and every
mistake names the file, the row and the column, e.g. `cards.csv:7, column cost (B)`."""
from __future__ import annotations

import csv
import itertools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.core.files import contained
from generator.core.errors import GameDataError
from generator.model.source import KeyPath, Sourced

MAX_ROWS = 20_000
MAX_COLUMNS = 100           # a card's fields and its count
MAX_CELL = 10_000           # characters: a card's text, never a novel
MAX_FILE_BYTES = 16 * 2**20  # the file on disk (a deck of 20,000 cards is a few MB)
MAX_UNZIPPED = 64 * 2**20    # everything inside a workbook, as its zip directory declares it
WHOLE_NUMBER = re.compile(r"-?[0-9]+")


@dataclass
class TableSource(Sourced):
    """A spreadsheet's rows as plain data; errors point at a row and a column, not a YAML key."""

    columns: tuple[str, ...] = ()
    row_lines: list[int] = field(default_factory=list)  # the file row of each piece (blank rows skipped)

    def error(self, key_path: KeyPath, expected: str, found: str) -> GameDataError:
        row = key_path[0] if key_path and isinstance(key_path[0], int) else None
        line = self.row_lines[row] if row is not None and row < len(self.row_lines) else 1
        column = key_path[1] if len(key_path) > 1 else None
        where = ""
        if isinstance(column, str):
            letter = _letter(self.columns.index(column)) if column in self.columns else "?"
            where = f"column {column} ({letter})"
        return GameDataError(self.path, line, where, expected, found)


def is_table(name: str) -> bool:
    return name.lower().endswith((".csv", ".xlsx"))


def load_table(path: Path, fields: dict[str, Any]) -> TableSource:
    """The file's rows as dicts keyed by the header, cells converted to the fields' types."""
    contained(path)
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise GameDataError(path, None, "", f"a spreadsheet of at most {MAX_FILE_BYTES:,} bytes", f"{size:,} bytes")
    header, rows = _read_xlsx(path) if path.suffix.lower() == ".xlsx" else _read_csv(path)
    source = TableSource(path, [], columns=tuple(header))
    _check_header(source, header, fields)
    if len(rows) > MAX_ROWS:
        raise GameDataError(path, None, "", f"at most {MAX_ROWS} rows", f"{len(rows)} rows")
    for index, cells in enumerate(rows):
        if not any(_blank(c) is False for c in cells):
            continue  # a blank line between groups of cards
        source.row_lines.append(index + 2)  # the header is row 1
        row: dict[str, Any] = {}
        for column, cell in zip(header, cells):
            if _blank(cell):
                continue
            row[column] = _typed(source, len(source.data), column, cell, fields.get(column))
        source.data.append(row)
    return source


def _check_header(source: TableSource, header: list[str], fields: dict[str, Any]) -> None:
    known = sorted(fields) + ["count"]
    if not header:
        raise GameDataError(source.path, 1, "", f"a header row naming the columns, from {known}", "an empty file")
    seen: set[str] = set()
    for i, name in enumerate(header):
        if name not in known:
            raise GameDataError(source.path, 1, f"column {_letter(i)}", f"a field name, one of {known}", repr(name))
        if name in seen:
            raise GameDataError(source.path, 1, f"column {_letter(i)}", "each field once", f"a second {name!r}")
        seen.add(name)


def _typed(source: TableSource, row: int, column: str, cell: Any, field: Any) -> Any:
    """A cell as the value its field expects; a number cell of a text field becomes text."""
    wants_int = column == "count" or (field is not None and field.type == "int")
    if isinstance(cell, float) and cell.is_integer():
        cell = int(cell)
    if wants_int:
        if isinstance(cell, int) and not isinstance(cell, bool):
            return cell
        text = str(cell).strip()
        if WHOLE_NUMBER.fullmatch(text):  # ASCII digits only: '²'.isdigit() and int('--5') disagree
            return int(text)
        raise source.error((row, column), "a whole number", repr(cell))
    text = str(cell)
    if len(text) > MAX_CELL:
        raise source.error((row, column), f"at most {MAX_CELL} characters", f"{len(text)} characters")
    return text.strip()


def _blank(cell: Any) -> bool:
    return cell is None or (isinstance(cell, str) and not cell.strip())


def _read_csv(path: Path) -> tuple[list[str], list[list[Any]]]:
    try:
        with path.open(encoding="utf-8-sig", newline="") as handle:  # -sig: Excel's CSV starts with a BOM
            rows = _bounded(path, csv.reader(handle))
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise GameDataError(path, None, "", "a readable UTF-8 CSV file", _why(exc)) from None
    header = [h.strip() for h in rows[0]] if rows else []
    return header, rows[1:]


def _bounded(path: Path, rows) -> list[list[Any]]:
    """The header and at most MAX_ROWS rows of at most MAX_COLUMNS cells, counted as they are read."""
    out = []
    for number, row in enumerate(itertools.islice(rows, MAX_ROWS + 2), 1):
        row = list(row)
        while row and _blank(row[-1]):
            row.pop()
        if len(row) > MAX_COLUMNS:
            raise GameDataError(path, number, "", f"at most {MAX_COLUMNS} columns", f"{len(row):,} or more")
        out.append(row)
    if len(out) > MAX_ROWS + 1:
        raise GameDataError(path, None, "", f"at most {MAX_ROWS} rows", "more")
    return out


def _read_xlsx(path: Path) -> tuple[list[str], list[list[Any]]]:
    try:
        import openpyxl
    except ImportError:
        raise GameDataError(path, None, "", "the xlsx extra for Excel files (pip install 'pnp-generator[xlsx]'), "
                            "or the sheet exported as CSV", "openpyxl not installed") from None
    _check_unzipped(path)
    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many types for a damaged or foreign file
        raise GameDataError(path, None, "", "a readable .xlsx workbook", _why(exc)) from None
    try:
        sheet = book.worksheets[0]
        sheet.reset_dimensions()  # the declared <dimension> is ignored: only rows present are read
        rows = _bounded(path, sheet.iter_rows(max_col=MAX_COLUMNS + 1, values_only=True))
    except GameDataError:
        raise
    except Exception as exc:  # a damaged sheet inside a readable zip
        raise GameDataError(path, None, "", "a readable .xlsx workbook", _why(exc)) from None
    finally:
        book.close()
    header = [str(h).strip() if h is not None else "" for h in rows[0]] if rows else []
    while header and not header[-1]:
        header.pop()
    return header, [r[:len(header)] for r in rows[1:]]


def _check_unzipped(path: Path) -> None:
    """A workbook is a zip: what its entries unpack to is bounded before any is read."""
    import zipfile

    try:
        with zipfile.ZipFile(path) as archive:
            unzipped = sum(info.file_size for info in archive.infolist())
    except (OSError, zipfile.BadZipFile, ValueError) as exc:
        raise GameDataError(path, None, "", "a readable .xlsx workbook", _why(exc)) from None
    if unzipped > MAX_UNZIPPED:
        raise GameDataError(path, None, "", f"a workbook of at most {MAX_UNZIPPED:,} bytes unpacked",
                            f"{unzipped:,} bytes")


def _why(exc: Exception) -> str:
    """A library's error as one short line (openpyxl's may span several)."""
    lines = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {lines[0][:200]}" if lines else type(exc).__name__


def _letter(index: int) -> str:
    """Spreadsheet column letters: 0 -> A, 25 -> Z, 26 -> AA."""
    out = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        out = chr(65 + rest) + out
    return out

"""Fuzzers (in the `long` set) for spreadsheet decks: any CSV text and any workbook, including ones
whose sheet XML claims sizes it does not hold, is either read into rows or refused with one line
naming the file (a GameDataError), never anything else, and never more rows than the limit."""
from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from generator.core.errors import GameDataError
from generator.model.tables import MAX_ROWS

pytestmark = pytest.mark.long

CELLS = st.one_of(st.none(), st.integers(-10**20, 10**20), st.floats(allow_nan=True, allow_infinity=True),
                  st.booleans(), st.text(max_size=20),
                  st.sampled_from(["²", "--5", "٣", "1_0", " 7 ", "-0", "1e3", "0x1F", "=1+1", "\x00", "é"]))
CSV_PIECES = st.sampled_from(["name", "stamps", "count", ",", "\n", "\r\n", '"', '""', "²", "--5", "٣", "3",
                              "-1", " ", "\ufeff", "\x00", "a" * 50, ",,,,,,,,", "\n\n\n"])
CSV_TEXT = st.one_of(st.text(max_size=300), st.lists(CSV_PIECES, max_size=80).map("".join))


def _fields():
    from generator.model.schema import IntField, TextField
    return {"name": TextField(type="text"), "stamps": IntField(type="int", min=0, max=9)}


def _accepted_or_refused(path: Path) -> None:
    from generator.model.tables import load_table
    try:
        table = load_table(path, _fields())
    except GameDataError as exc:
        assert str(path) in str(exc) and "\n" not in str(exc).strip()
        return
    assert len(table.data) <= MAX_ROWS
    for row in table.data:
        assert all(isinstance(v, (int, str)) for v in row.values()), row


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=CSV_TEXT)
def test_any_csv_deck_is_read_or_refused_cleanly(text: str, tmp_path: Path) -> None:
    path = tmp_path / "deck.csv"
    path.write_bytes(text.encode("utf-8", errors="replace"))
    _accepted_or_refused(path)


SHEET_EDITS = st.lists(st.sampled_from([
    ("dimension", '<dimension ref="A1:XFD1048576"/>'), ("dimension", '<dimension ref="ZZZZ9"/>'),
    ("row", '<row r="1048576"><c r="A1048576" t="inlineStr"><is><t>x</t></is></c></row>'),
    ("row", '<row r="35000000"/>'), ("row", '<row r="0"><c r="A0"><v>1</v></c></row>'),
    ("row", '<row r="3"><c r="AAAA3"><v>1</v></c></row>'), ("row", '<row r="4"><c r="B4" t="s"><v>999</v></c></row>'),
    ("row", '<row r="5"><c r="A5" t="n"><v>NaN</v></c><c r="B5" t="n"><v>1e400</v></c></row>'),
    ("row", '<row r="6"><c r="A6" t="b"><v>7</v></c></row>'), ("row", '<row r="x"/>')]), max_size=4)


def _workbook(rows: list[list], edits: list[tuple[str, str]]) -> bytes:
    import openpyxl
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append([c if not isinstance(c, str) else c.replace("\x00", "") for c in row])
    buffer = io.BytesIO()
    book.save(buffer)
    out = io.BytesIO()
    with zipfile.ZipFile(buffer) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "xl/worksheets/sheet1.xml":
                xml = data.decode()
                for kind, text in edits:
                    if kind == "dimension" and "<dimension" in xml:
                        start = xml.index("<dimension")
                        xml = xml[:start] + text + xml[xml.index("/>", start) + 2:]
                    elif kind == "row":
                        xml = xml.replace("</sheetData>", text + "</sheetData>").replace("<sheetData/>",
                                                                                         f"<sheetData>{text}</sheetData>")
                data = xml.encode()
            target.writestr(info.filename, data)
    return out.getvalue()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(header=st.lists(st.sampled_from(["name", "stamps", "count", "", "x", None]), max_size=5),
       rows=st.lists(st.lists(CELLS, max_size=5), max_size=8), edits=SHEET_EDITS)
def test_any_xlsx_deck_is_read_or_refused_cleanly(header, rows, edits, tmp_path: Path) -> None:
    from openpyxl.utils.exceptions import IllegalCharacterError
    path = tmp_path / "deck.xlsx"
    try:
        data = _workbook([header, *rows], edits)
    except (IllegalCharacterError, ValueError, TypeError):
        return  # openpyxl cannot write these cells: no workbook to read
    path.write_bytes(data)
    _accepted_or_refused(path)

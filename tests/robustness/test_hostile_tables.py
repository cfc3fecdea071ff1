"""A cloned project is untrusted, part 5: spreadsheets (CSV and XLSX decks) are bounded as they are
read, whatever they declare, and a strange number is a mistake named by row and column, not a crash.

Each case is refused in one line naming the file, with no traceback and the previous output byte for
byte as it was.
"""
from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from robustness_support import GAME, assert_refused, run, snapshot

HEADER = ["name", "stamps", "mark", "count"]
ROWS = [["Postcard", 1, "dot", 3], ["Parcel", 4, "bar", 2], ["Telegram", 2, "dot", 1]]


def use_table(workshop: Path, name: str) -> Path:
    """Point the letters deck at cards/NAME instead of its YAML list; returns the table's path."""
    game = workshop / "game.yaml"
    game.write_text(game.read_text().replace("pieces: cards/letters.yaml", f"pieces: cards/{name}"))
    return workshop / "cards" / name


def write_xlsx(path: Path, rows: list[list], sheet_xml=None, extra: dict[str, bytes] | None = None) -> None:
    """A workbook made by openpyxl, its sheet's XML optionally rewritten and entries added."""
    import openpyxl
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    with zipfile.ZipFile(buffer) as source, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "xl/worksheets/sheet1.xml" and sheet_xml:
                data = sheet_xml(data.decode()).encode()
            target.writestr(info.filename, data)
        for name, data in (extra or {}).items():
            target.writestr(name, data)


def _claims_a_million_rows(xml: str) -> str:
    import re
    return re.sub(r'<dimension ref="[^"]*"/>', '<dimension ref="A1:XFD1048576"/>', xml)


def _a_row_35_million_down(xml: str) -> str:
    row = '<row r="35000000"><c r="A35000000" t="inlineStr"><is><t>Late</t></is></c></row>'
    return xml.replace("</sheetData>", row + "</sheetData>")


def _letters(column: int) -> str:
    """Column letters past XFD too (Excel stops at 16,384; a file may say anything)."""
    out = ""
    while column:
        column, rest = divmod(column - 1, 26)
        out = chr(65 + rest) + out
    return out


def _a_100000_column_header(xml: str) -> str:
    cells = "".join(f'<c r="{_letters(i)}1" t="inlineStr"><is><t>c{i}</t></is></c>' for i in range(1, 100_001))
    start, end = xml.index('<row r="1"'), xml.index("</row>") + len("</row>")
    return xml[:start] + f'<row r="1">{cells}</row>' + xml[end:]


def _claims_a_million_rows_and_holds_the_last(xml: str) -> str:
    row = '<row r="1048576"><c r="A1048576" t="inlineStr"><is><t>Last</t></is></c></row>'
    return _claims_a_million_rows(xml).replace("</sheetData>", row + "</sheetData>")


XLSX = {
    "dimension-a-million-rows": dict(sheet_xml=_claims_a_million_rows_and_holds_the_last),
    "35-million-empty-rows": dict(sheet_xml=_a_row_35_million_down),
    "100000-column-header": dict(sheet_xml=_a_100000_column_header),
    "unzips-to-200-mb": dict(extra={"xl/media/padding.bin": bytes(200 * 2**20)}),
    "count-superscript": dict(rows=[HEADER, ["Postcard", 1, "dot", "²"]]),
}


@pytest.mark.parametrize("case", list(XLSX))
def test_an_xlsx_deck_out_of_bounds_is_refused(case, workshop: Path, previous_output: Path) -> None:
    spec = dict(XLSX[case])
    write_xlsx(use_table(workshop, "letters.xlsx"), spec.pop("rows", [HEADER, *ROWS]), **spec)
    before = snapshot(previous_output)
    built = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(previous_output))
    assert_refused(built, "letters.xlsx", previous_output, before)


def test_an_xlsx_claiming_a_million_rows_is_read_for_the_rows_it_holds(workshop: Path, tmp_path: Path) -> None:
    """A 5 KB workbook whose <dimension> says A1:XFD1048576 builds like the same deck without the claim
    (a good input: the declared size is ignored, not refused)."""
    write_xlsx(use_table(workshop, "letters.xlsx"), [HEADER, *ROWS])
    plain = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(tmp_path / "plain"))
    write_xlsx(use_table(workshop, "letters.xlsx"), [HEADER, *ROWS], sheet_xml=_claims_a_million_rows)
    claimed = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(tmp_path / "claimed"))
    assert plain.code == claimed.code == 0, claimed.err
    assert snapshot(tmp_path / "plain") == snapshot(tmp_path / "claimed")


@pytest.mark.parametrize("count", ["²", "--5", "٣"], ids=["superscript", "double-minus", "arabic-indic"])
def test_a_csv_count_that_is_not_a_plain_number_is_named(count, workshop: Path, previous_output: Path) -> None:
    use_table(workshop, "letters.csv").write_text(f"name,stamps,mark,count\nPostcard,1,dot,{count}\n")
    before = snapshot(previous_output)
    built = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(previous_output))
    assert_refused(built, "letters.csv:2", previous_output, before)
    assert "column count" in built.err


def test_good_xlsx_and_csv_decks_still_build(workshop: Path, tmp_path: Path) -> None:
    write_xlsx(use_table(workshop, "letters.xlsx"), [HEADER, *ROWS, [], ["Note", 3, "bar", "1"]])
    xlsx = run("validate", GAME)
    assert xlsx.code in (0, 1) and "Traceback" not in xlsx.err, xlsx.err
    use_table(workshop, "letters.csv").write_text("name,stamps,mark,count\nPostcard,1,dot,-0\n")
    csv = run("validate", GAME)
    assert "Traceback" not in csv.err and "letters.csv" not in csv.err, csv.err

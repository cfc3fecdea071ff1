"""What a save repaints: the studio's session paints exactly the faces whose content changed."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import reportlab

from generator.studio.session import Session
from studio_support import GAME, write_project

FONTS = Path(reportlab.__file__).parent / "fonts"


@pytest.fixture
def game(tmp_path: Path, monkeypatch) -> Path:
    root = tmp_path / "project"
    folder = write_project(root)
    shutil.copy(FONTS / "VeraBd.ttf", folder / "title.ttf")
    style = folder / "style.yaml"
    style.write_text(style.read_text() + "fonts:\n  title: {file: title.ttf}\n")
    back = folder / "templates" / "lantern-back.yaml"
    back.write_text(back.read_text().replace("font: bold", "font: title"))
    monkeypatch.setenv("PNP_PROJECT", str(root))
    monkeypatch.delenv("PNP_COMPONENTS", raising=False)
    return folder


def faces(session: Session) -> dict[str, str]:
    """Content hash of each shown face and back, by piece (its place in the deck)."""
    out = {}
    for component in session.page()["components"]:
        for piece in component["pieces"]:
            out[f"{piece['index']}/face"] = piece["face"]["key"]
            out[f"{piece['index']}/back"] = piece["back"]["key"]
    return out


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_each_kind_of_change_repaints_what_it_touches(game: Path):
    session = Session(GAME)
    first = session.rebuild()
    assert first.ok and len(first.painted) == 5          # four faces and the one back they share
    assert session.rebuild().painted == []                # nothing changed: nothing painted

    before = faces(session)
    edit(game / "cards" / "lanterns.yaml", "Star Jar", "Star Pot")
    result = session.rebuild()
    after = faces(session)
    assert result.painted == [after["2/face"]] and after["2/face"] != before["2/face"]   # Star Jar's face
    assert {k: v for k, v in after.items() if k != "2/face"} == {k: v for k, v in before.items() if k != "2/face"}

    before = faces(session)
    edit(game / "templates" / "lantern-card.yaml", "radius: 2", "radius: 3")
    result = session.rebuild()
    after = faces(session)
    assert len(result.painted) == 4                       # the card template's pieces, not their back
    assert all(after[k] != before[k] for k in after if k.endswith("/face"))
    assert len({after[k] for k in after if k.endswith("/back")}) == 1 and after["0/back"] == before["0/back"]

    before = faces(session)
    shutil.copy(FONTS / "VeraIt.ttf", game / "title.ttf")   # the font file changes, its name does not
    result = session.rebuild()
    assert len(result.painted) == 5 and all(faces(session)[k] != before[k] for k in before)
    assert session.image(faces(session)["0/back"]) != session.image(before["0/back"])  # drawn in the new font

    before = faces(session)
    edit(game / "style.yaml", '"#F2B233"', '"#E0A020"')
    result = session.rebuild()
    assert len(result.painted) == 5 and all(faces(session)[k] != before[k] for k in before)


def test_a_mistake_keeps_the_last_good_faces_and_names_file_line_and_key(game: Path):
    session = Session(GAME)
    session.rebuild()
    good = faces(session)
    edit(game / "templates" / "lantern-card.yaml", "fill: lamp}", "fill: lantern-gold}")
    result = session.rebuild()
    page = session.page()
    assert not result.ok and page["stale"] and faces(session) == good
    error = page["error"]
    assert error["file"] == str((game / "templates" / "lantern-card.yaml").resolve())
    assert error["line"] == 5 and error["key"] == "elements.band.fill"
    assert error["message"].startswith(f"error: {error['file']}:5 at 'elements.band.fill': expected a colour")
    edit(game / "templates" / "lantern-card.yaml", "fill: lantern-gold}", "fill: lamp}")
    assert session.rebuild().ok and session.page()["error"] is None and faces(session) == good


def test_a_failed_composition_check_is_a_banner_over_faces_that_still_draw(game: Path):
    session = Session(GAME)
    session.rebuild()
    edit(game / "editions" / "first.yaml", "total: 7", "total: 9")
    result = session.rebuild()
    page = session.page()
    assert result.ok and not page["stale"] and page["report"]["ok"] is False
    assert "composition check failed" in page["error"]["message"] and page["error"]["line"] == 3


def test_a_safe_margin_change_updates_the_findings_without_repainting(game: Path):
    session = Session(GAME)
    session.rebuild()
    assert session.page()["findings"] == 1           # the stamp pokes out of the 3 mm safe zone
    edit(game / "templates" / "lantern-card.yaml", "extends: poker-card", "extends: poker-card\nsafe_margin: 1mm")
    result = session.rebuild()
    assert result.ok and result.painted == [] and session.page()["findings"] == 0


def test_accepted_connections_send_without_waiting_for_the_browsers_acks():
    """Each response is written in parts (headers, body); with Nagle's algorithm on, the second part
    waits for the browser's delayed ACK, 40 ms a request. asyncio turns it off only on TCP sockets."""
    import asyncio
    import socket

    from generator.studio.serve import listening_socket

    async def main() -> int:
        seen: asyncio.Future = asyncio.get_running_loop().create_future()

        async def answer(reader, writer):
            seen.set_result(writer.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(answer, sock=listening_socket("127.0.0.1", 0))
        port = server.sockets[0].getsockname()[1]
        _, writer = await asyncio.open_connection("127.0.0.1", port)
        flag = await seen
        writer.close()
        server.close()
        return flag

    assert asyncio.run(main()) != 0


def test_faces_are_painted_at_the_resolution_the_page_asks_for_rounded_up_to_a_step(game: Path):
    session = Session(GAME)
    session.rebuild()
    first = faces(session)
    for asked in ("", "x", "nan", "inf", "-48", "1e9", "12"):
        assert session.choose_dpi(asked) is False and session.dpi == 48, asked
    assert session.choose_dpi("48") is False
    assert session.choose_dpi("96.4") is True and session.dpi == 120
    assert session.choose_dpi("120") is False
    rebuilt = session.rebuild()
    again = faces(session)
    assert len(rebuilt.painted) == len(set(again.values())) and not set(again.values()) & set(first.values())
    face = session.page()["components"][0]["pieces"][0]["face"]
    width = int.from_bytes(session.image(face["key"])[16:20], "big")   # the PNG header's width
    assert width == round((face["size"][0] + 2 * face["bleed"]) / 72 * 120)   # trim and bleed at 120 px an inch

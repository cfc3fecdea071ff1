"""The sample-game appendix is a real game: its printed moves replay in the engine to its printed final score, and
the replay command the designer's report prints plays the same game."""
from __future__ import annotations

import re

import pytest

from rulebook_helpers import section



WORDS = re.compile(r"(?:sets (?P<hide>[A-Z][a-z]+(?:(?:, | and )[A-Z][a-z]+)*) face down(?:; )?)?"
                   r"(?:(?P<glyph>[A-Z][a-z]+): (?:(?P<spent>no move)|(?P<src>[a-d]\d) to (?P<dst>[a-d]\d), path "
                   r"(?P<path>[a-d]\d(?:[-–][a-d]\d)+)(?:, takes (?P<taken>[a-d]\d(?:(?:, | and )[a-d]\d)*))?))?")


def words_to_notation(match: re.Match, ids: dict[str, str]) -> str:
    """A turn as the book writes it for players ('Star: b2 to a4, path a4–b4, takes a4') in the
    engine's notation ('star:b2>a4 a4-b4 r[a4]')."""
    parts = []
    if match.group("hide"):
        hidden = sorted(ids[g.strip()] for g in re.split(r",| and ", match.group("hide")))
        parts.append(f"h[{','.join(hidden)}]")
    if match.group("glyph"):
        glyph = ids[match.group("glyph")]
        if match.group("spent"):
            parts.append(f"{glyph}:spent")
        else:
            taken = match.group("taken")
            refill = f" r[{','.join(re.split(r', | and ', taken))}]" if taken else ""
            parts.append(f"{glyph}:{match.group('src')}>{match.group('dst')} {match.group('path').replace('–', '-')}{refill}")
    return " ".join(parts)


def printed_game(book: dict) -> dict:
    """The sample game as printed for players: every turn in short, read back into the engine's notation."""
    from generator.model import load_edition
    text = section(book["pages"], "Appendix: A sample game", "Glossary")
    report = "\n".join(book["report_pages"])
    command = re.search(r"pnpkit replay (\S+) --edition (\S+) --seed (\d+) --agents (\S+)", report)
    edition = load_edition(command.group(1), command.group(2))
    ids = {g.name: g.id for g in edition.game.glyphs.values()}
    flat = re.sub(r"([-–])\s+", r"\1", " ".join(text.split()))   # a path may wrap after a dash
    start = flat.index("Before the first turn") if "Before the first turn" in flat else flat.index("The first ")
    actions = [words_to_notation(m, ids) for m in WORDS.finditer(flat[start:])
               if (m.group("hide") or m.group("glyph")) and (m.group("glyph") is None or m.group("glyph") in ids)]
    score = re.search(r"Final score\s*\n\s*(\d+)\s*\n\s*(\d+)", text)
    return {"game": command.group(1), "edition": command.group(2), "seed": int(command.group(3)),
            "agents": command.group(4).split(","), "actions": actions,
            "score": (int(score.group(1)), int(score.group(2)))}


def test_printed_moves_replay_to_the_printed_score(book_2025):
    from generator.play.registry import get_engine, inputs_for, play_game, replay
    from generator.model import load_edition

    game = printed_game(book_2025)
    edition = load_edition(game["game"], game["edition"])
    engine = get_engine(edition.engine)
    options = engine.options_model.model_validate(edition.rules)
    inputs = inputs_for(engine, edition)
    state = replay(options, inputs, game["seed"], game["actions"], game=engine.name)
    assert state.is_terminal()
    assert tuple(state.scores()) == game["score"]
    record = play_game(options, inputs, game["seed"], game["agents"], game=engine.name)
    assert record.actions == game["actions"]  # every move is printed, in order, none twice


def test_printed_replay_command_plays_the_same_game(book_2025, rulebook_env):
    from pnp_testing import run_cli

    game = printed_game(book_2025)
    result = run_cli("replay", game["game"], "--edition", game["edition"], "--seed", str(game["seed"]),
                     "--agents", ",".join(game["agents"]), env=rulebook_env)
    assert result.returncode == 0, result.stderr
    light, dark = game["score"]
    assert f"final scores Light {light}, Dark {dark}" in result.stdout
    for action in game["actions"]:
        assert action in result.stdout


def test_log_turns_where_the_score_moves_have_small_boards(book_2025):
    """Beneath each run of log rows, a small board for every turn whose score differs from the turn
    before, captioned with the score the row prints."""
    text = section(book_2025["pages"], "The rest of the game", "Glossary")
    rows = {int(n): (p, int(a), int(b)) for n, p, a, b in
            re.findall(r"^(\d+)\s*\n(Light|Dark)\s*\n.*?^(\d+)–(\d+)\s*$", text, flags=re.M | re.S)}
    captions = {int(n): (p, int(a), int(b)) for n, p, a, b in re.findall(r"Turn (\d+), (Light|Dark): (\d+)–(\d+)", text)}
    assert captions, "no small board"
    for turn, shown in captions.items():
        assert rows.get(turn) == shown, turn
    moved = [n for n in rows if n - 1 in rows and rows[n][1:] != rows[n - 1][1:]]
    assert moved and set(moved) <= set(captions)


MOVE = re.compile(r"(\w+): ([a-d]\d) to ([a-d]\d), path ([a-d1-9-]+)")


@pytest.mark.parametrize("edition", ["2025", "thirty", "forest"])
def test_the_notation_key_explains_the_sample_games_own_first_move(player_books, edition):
    """The key's example is a move of this game, so it is legal in this edition's layout; the part
    about glyphs set face down appears only where the edition hides glyphs."""
    from rulebook_helpers import pdf_text
    pages = pdf_text(player_books[("the-channeling", edition, "rulebook-letter")])
    flat = re.sub(r"-\s+", "-", " ".join(" ".join(pages).split()))
    start = flat.rindex("How a turn is written")  # the heading, after the contents
    key = flat[start:flat.index("Before the first turn" if edition == "2025" else "The first ", start)]
    turns = flat[flat.index("The first ", start + len(key)):]
    assert MOVE.search(key).groups() == MOVE.search(turns).groups(), key
    assert ("face down a fresh hand: these glyphs are set face down first" in key) == (edition == "2025"), key
    assert re.search(r"less one point for each Over-?channeling cube", key), key   # what the running score counts

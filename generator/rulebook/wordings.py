"""Open questions answered in plain words: rules/options.yaml gives, per rule option, the question
and the rule the player book prints for each value the option may take.

The player rulebook never shows an option key; it shows the answer for the value the edition
sets. The designer's report shows both, so a reader can go from the printed rule to the data.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from generator.model.source import load_yaml
from generator.model.validation import validate

WORDINGS = "options.yaml"


class Question(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    option: str
    question: str = Field(min_length=1)
    answers: dict[str | bool | int, str] = Field(min_length=1)


class Wordings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    questions: list[Question] = []


def value_key(value: Any) -> str:
    """An option value as the wordings file names it: true, 3, first_player, 'a, b' for a list."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ", ".join(value_key(v) for v in value)
    return str(value)


def answered_questions(folder: Path, options: BaseModel) -> list[dict[str, Any]]:
    """Each question of ``folder/options.yaml`` with the answer for the option's value in ``options``.

    :raises GameDataError: naming options.yaml, the line and the key of an unknown option or of a
        question with no answer for the value the edition sets.
    """
    path = folder / WORDINGS
    if not path.is_file():
        return []
    source = load_yaml(path)
    wordings = validate(Wordings, source.data, source)
    known = type(options).model_fields
    out = []
    for i, q in enumerate(wordings.questions):
        if q.option not in known:
            raise source.error(("questions", i, "option"), f"a rule option of the engine, one of {sorted(known)}",
                               repr(q.option))
        value = value_key(getattr(options, q.option))
        answers = {value_key(k): text.strip() for k, text in q.answers.items()}
        if value not in answers:
            raise source.error(("questions", i, "answers"), f"an answer for the value this edition sets ({value})",
                               f"answers for {sorted(answers)}")
        out.append({"option": q.option, "value": value, "question": q.question.strip(), "answer": answers[value]})
    return out

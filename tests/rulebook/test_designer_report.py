"""The designer's report answers balance questions: who played the balance games and how much
stronger than greedy that player is, which rules no agent used, each rule option changed alone, and
rules that disagree with themselves played both ways. A made-up game (the toy Nim engine, with a
made-up player that never takes the most counters a turn allows) and the shipped thirty edition,
with small game counts."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
import yaml

from rulebook_helpers import ROOT, pdf_text, unbreak
from pnp_testing import run_cli

sys.path.insert(0, str(ROOT / "tests" / "engine"))

from test_plugins import install_toy, run  # noqa: E402

REPORT_PROFILE = {
    "id": "designer-report", "name": "Designer's report, US Letter", "kind": "rulebook", "default": True,
    "paper": "letter", "orientation": "portrait", "margin": "18mm",
    "options": {"styles": "styles", "audience": "designers", "balance_agents": ["cautious", "cautious"],
                "balance_games": 60, "balance_seed": 1, "edge_games": 40, "edge_baseline": "greedy",
                "sweep_games": 80, "sweep_agents": ["greedy", "random"], "sample_agents": ["greedy", "random"],
                "sample_seed": 1, "narrated_turns": 2, "stall_agents": []},
}
LEVERS = [{"option": "take_most", "values": [2, 3, 4]}, {"option": "heap", "values": [20]}]


def _flat(pages: list[str]) -> str:
    return " ".join(unbreak("\n".join(pages)).split())


@pytest.fixture(scope="module")
def nim_report(tmp_path_factory) -> dict:
    """The toy game's report, its balance games played by the cautious player."""
    where = tmp_path_factory.mktemp("nim-report")
    site = install_toy(where)
    (where / "layouts" / "profiles" / "designer-report.yaml").write_text(yaml.safe_dump(REPORT_PROFILE))
    config = where / "components" / "nim-race" / "rules" / "rulebook.yaml"
    config.write_text(config.read_text() + yaml.safe_dump({"levers": LEVERS}))
    out = where / "book"
    result = run(["--project", str(where), "rulebook", "nim-race", "--out", str(out)], site, where / "components")
    assert result.returncode == 0, result.stderr
    pages = pdf_text(out / "nim-race-base-designer-report.pdf")
    return {"where": where, "site": site, "pages": pages, "text": _flat(pages)}


def _simulated(nim_report: dict, agents: str) -> dict:
    result = run(["--project", str(nim_report["where"]), "simulate", "nim-race", "--games", "40", "--seed", "1",
                  "--agents", agents, "--json", "-"], nim_report["site"], nim_report["where"] / "components")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_the_report_names_its_balance_agent_and_its_measured_edge_over_greedy(nim_report):
    text = nim_report["text"]
    found = re.search(r"cautious, which beats greedy in (\d+\.\d)% \[(\d+\.\d)%, (\d+\.\d)%\] of games", text)
    assert found, text
    # the same games as `simulate` plays with the printed commands: the cautious player from each seat
    first = _simulated(nim_report, "cautious,greedy")["win_rate_by_agent"]["0:cautious"]["count"]
    second = _simulated(nim_report, "greedy,cautious")["win_rate_by_agent"]["1:cautious"]["count"]
    from generator.runs.stats import wilson
    low, high = wilson(first + second, 80)
    assert found.groups() == (f"{100 * (first + second) / 80:.1f}", f"{100 * low:.1f}", f"{100 * high:.1f}")
    assert "pnpkit simulate nim-race --edition base --games 40 --seed 1 --agents cautious,greedy" in text
    assert "At a glance" in nim_report["pages"][1] or "At a glance" in nim_report["pages"][2]


def test_a_rule_the_agent_never_uses_is_flagged(nim_report):
    """The cautious player never takes three counters, the most a turn allows: the report says the
    figures leave that rule untested; the takes it does make are not flagged."""
    text = nim_report["text"]
    assert "No agent used a take of 3 in any of the 120 seats: this rule is untested by these figures." in text
    assert "cautious never used a take of 3 in its 120 seats: the figures do not test this rule" in text
    assert "a take of 1 in" not in text and "never used a take of 2" not in text
    coverage = text[text.rindex("Rule coverage"):text.rindex("Levers: each rule option")]  # past the contents
    assert re.search(r"a take of 3 0\.00 †", coverage), coverage


def test_the_lever_sweep_has_one_row_per_option_value_and_a_chart(nim_report):
    text = nim_report["text"]
    table = text[text.rindex("Levers: each rule option changed alone"):]
    rows = re.findall(r"(take_most|heap) (\d+) \(printed: (\d+)\) (\d+\.\d)%", table)
    assert [(o, v, p) for o, v, p, _ in rows] == [("take_most", "2", "3"), ("take_most", "4", "3"),
                                                 ("heap", "20", "21")]
    # greedy first against random: 21 counters is a first player's win
    assert "as printed (greedy, random) 100.0%" in table
    assert "share of wins as printed and with each option changed alone" in table  # the chart's caption
    # every change's interval holds zero (greedy beats random from the first seat whatever the rules):
    # no lever is named the strongest, and the largest change is called noise
    assert "strongest lever" not in table
    assert re.search(r"No lever moved Light.s share measurably: every row.s interval holds no change at all.* "
                     r"The largest change, take_most = 2 at -[\d.]+ points \[-[\d.]+, \+[\d.]+\], is within the noise\.",
                     table), table


def test_the_thirty_editions_contradiction_is_a_decision_with_both_readings_measured(tmp_path):
    """The thirty edition returns cubes by Splendor but counts Overchanneling beyond Vigor: the report
    plays both readings side by side, with the balance agents (a profile asking for it) and greedy."""
    from pnp_testing import project_copy, project_env
    project = project_copy(tmp_path)
    profile = project / "layouts" / "profiles" / "designer-report.yaml"
    profile.write_text(profile.read_text().replace("decision_games: 0", "decision_games: 10"))
    env = {**project_env(project), "PNP_RULEBOOK_GAMES": "12", "PNP_RULEBOOK_SAMPLE_AGENTS": "greedy,greedy",
           "PNP_RULEBOOK_JOBS": "1", "PNP_RULEBOOK_BALANCE_AGENTS": "mcts:2,mcts:2",
           "PNP_CACHE_DIR": str(tmp_path / "cache")}
    result = run_cli("rulebook", "the-channeling", "--edition", "thirty", "--profile", "designer-report",
                     "--out", str(tmp_path / "out"), env=env)
    assert result.returncode == 0, result.stderr
    text = _flat(pdf_text(tmp_path / "out" / "the-channeling-thirty-designer-report.pdf"))
    decision = text[text.rindex("Decisions the rules leave open"):]
    assert "cubes_returned_basis is splendor but overchanneling_basis is vigor" in decision
    for value in ("splendor", "vigor"):   # each reading, in the player book's words and played
        assert f"cubes_returned_basis = overchanneling_basis = {value}" in decision
        assert re.search(rf"{value} mcts:2, mcts:2 12 \d+\.\d% \[", decision), decision
        assert re.search(rf"{value} greedy, greedy 12 \d+\.\d% \[", decision), decision
    assert "We read the count as a limit" in decision.replace("\u2019", "'")   # the splendor answer, options.yaml
    assert "mcts:2, which beats greedy in" in text
    assert "Open decision the rules disagree on cubes_returned_basis and overchanneling_basis" in text
    # the headline sets each reading's first-seat share beside the other, as the decision's tables give them
    played = {(value, agents): share for value, agents, share in
              re.findall(r"(splendor|vigor) (mcts:2, mcts:2|greedy, greedy) 12 (\d+\.\d%) \[", decision)}
    assert ("both readings are measured below; splendor: Light wins {}, vigor: Light wins {} (mcts:2 against mcts:2), "
            "splendor: Light wins {}, vigor: Light wins {} (greedy against greedy)").format(
                *(played[(v, a)] for a in ("mcts:2, mcts:2", "greedy, greedy") for v in ("splendor", "vigor"))) in text, \
        text[text.index("Open decision"):][:400]


def test_a_report_counts_each_agents_games_seat_by_seat():
    from generator.runs.coverage import by_agent, unused_actions, unused_by_every_agent
    summary = by_agent([(("a", "a"), 10, [{"x": 12, "y": 0}, {"x": 9, "y": 1}]),
                        (("b", "a"), 5, [{"x": 5, "y": 6}, {"x": 2, "y": 0}])])
    assert summary["agent_games"] == {"a": 25, "b": 5}
    assert summary["action_uses"] == {"a": {"x": 23, "y": 1}, "b": {"x": 5, "y": 6}}
    assert [(f.agent, f.kind, f.games) for f in unused_actions(summary)] == [("a", "x", 25), ("a", "y", 25)]
    assert unused_by_every_agent(summary) == []


def test_the_lever_cells_leave_out_the_printed_value(tmp_path):
    from generator.model import load_edition
    from generator.rulebook.config import rulebook_config, rules_folder
    from generator.rulebook.report import lever_cells
    from generator.runs.work import engine_inputs
    edition = load_edition("the-channeling", "2025")
    inputs = engine_inputs(edition)
    cells = lever_cells(rules_folder(edition), rulebook_config(edition), inputs)
    assert cells[0].label == {} and cells[0].inputs is inputs
    labels = [c.label for c in cells[1:]]
    assert {"tie_breakers": "fewer_cards, second_player"} not in labels   # the printed value
    assert {"tie_breakers": "second_player, fewer_cards"} in labels and {"hidden_glyphs": "0"} in labels
    swapped = next(c for c in cells if c.label == {"tie_breakers": "second_player, fewer_cards"})
    assert swapped.inputs.options.tie_breakers == ("second_player", "fewer_cards")
    assert all(len(c.label) == 1 for c in cells[1:])  # one lever at a time


def test_a_game_count_of_the_environment_leaves_a_run_the_profile_turns_off(monkeypatch):
    from generator.model import layouts_for, load_edition
    from generator.rulebook.settings import settings_for
    layouts = layouts_for(load_edition("the-channeling", "2025"))
    monkeypatch.setenv("PNP_RULEBOOK_GAMES", "7")
    monkeypatch.setenv("PNP_RULEBOOK_BALANCE_AGENTS", "greedy,random")
    report = settings_for(layouts, layouts.profile("designer-report"))
    assert (report.balance_games, report.edge_games, report.sweep_games) == (7, 7, 7)
    assert report.decision_games == 0   # the profile plays no decision with its balance agents
    assert report.balance_agents == ("greedy", "random")
    assert settings_for(layouts, layouts.profile("rulebook-letter")).edge_games == 0


@pytest.mark.parametrize("lever, key", [({"option": "hiden_glyphs", "values": [0]}, "levers[0].option"),
                                        ({"option": "hidden_glyphs", "values": [99]}, "levers[0].values")])
def test_a_lever_the_engine_refuses_names_the_file_line_and_key(tmp_path, lever, key):
    import shutil
    from generator.core.errors import GameDataError
    from generator.model import load_edition
    from generator.model.source import load_yaml
    from generator.rulebook.config import RulebookConfig, rules_folder
    from generator.rulebook.report import lever_cells
    from generator.runs.work import engine_inputs
    edition = load_edition("the-channeling", "2025")
    folder = tmp_path / "rules"
    shutil.copytree(rules_folder(edition), folder)
    config_file = folder / "rulebook.yaml"
    data = yaml.safe_load(config_file.read_text())
    data["levers"] = [lever]
    config_file.write_text(yaml.safe_dump(data, sort_keys=False))
    config = RulebookConfig.model_validate(load_yaml(config_file).data)
    with pytest.raises(GameDataError) as caught:
        lever_cells(folder, config, engine_inputs(edition))
    message = str(caught.value)
    lines = config_file.read_text().splitlines()
    start = next(i for i, text in enumerate(lines, 1) if text.startswith("levers:"))
    field = key.rsplit(".", 1)[1]
    line = next(i for i, text in enumerate(lines, 1) if i > start and f"{field}:" in text)
    assert f"rulebook.yaml:{line} at '{key}'" in message, message


def test_the_lever_table_says_its_agents_are_not_the_headlines_and_gives_both_figures(nim_report):
    """The sweep is played by greedy against random, the headline by cautious against cautious: the
    lever section says so and sets the first seat's share as printed under each beside the other,
    so a designer never reads a lever's row against the headline's figure."""
    text = nim_report["text"]
    glance = text[text.index("The figures a designer reads first"):]
    headline = re.search(r"Light wins \(first seat\) (\d+\.\d% \[\d+\.\d%, \d+\.\d%\]) of games", glance).group(1)
    table = text[text.rindex("Levers: each rule option changed alone"):]
    printed = re.search(r"as printed \(greedy, random\) (\d+\.\d%) (\d+\.\d%) to (\d+\.\d%)", table).groups()
    assert ("These rows are played by greedy against random, not by the balance games' cautious against "
            "cautious (the profile's sweep_agents, 80 games a variant).") in table.replace("\u2019", "'")
    assert (f"Light wins {printed[0]} of these games (the table's first row), against {headline.split()[0]} of the "
            f"60 balance games in At a glance") in table.replace("\u2019", "'")
    assert "greedy against random, 80 games a variant" in table   # the chart's caption
    assert "Strongest lever" not in glance
    assert re.search(r"Levers No lever moved Light.s share measurably in the lever sweep.s games \(greedy against "
                     r"random\): the largest change, take_most = 2 at -[\d.]+ points \[[^\]]+\], is within the noise",
                     glance), glance


def test_a_lever_sweep_by_the_balance_agents_says_so(book_2025):
    """The quick 2025 report plays its balance games and its sweep with the same agent: the two
    as-printed figures are two samples of the same play, and the report says that instead."""
    text = _flat(book_2025["report_pages"])
    table = text[text.rindex("Levers: each rule option changed alone"):]
    assert "These rows are played by the balance games' own agents, on 60 games a variant" in table.replace("\u2019", "'")
    assert "not by the balance games'" not in table


def test_the_balance_players_strength_is_said_once_and_referred_to(nim_report):
    """The cautious player's share against greedy is printed in one place (At a glance); the
    simulation settings and the strength section name where it is, and no share is printed twice."""
    from test_report_editing import repeated_figures
    text = nim_report["text"].replace("\u2019", "'")
    found = re.findall(r"beats greedy in (\d+\.\d% \[\d+\.\d%, \d+\.\d%\])", text)
    assert len(found) == 1, found
    assert text.count(found[0]) == 1
    assert "Strength of cautious 80 games against greedy: see Who plays the balance games" in text
    assert repeated_figures(text) == {}


def test_the_coverage_of_a_player_against_itself_counts_seats(nim_report):
    from test_report_editing import seat_counts
    found = seat_counts(nim_report["text"])
    assert found == {"games": 60, "seats": 120, "agents": {"cautious": 120}}


def test_the_lever_with_the_largest_effect_on_length_is_named_from_the_turns_column(nim_report):
    """The sentence names the row of the Turns column farthest from the as-printed length, with
    both lengths as the table prints them, and At a glance says by how much in percent."""
    text = nim_report["text"].replace("\u2019", "'")
    table = text[text.rindex("Levers: each rule option changed alone"):]
    base = float(re.search(r"as printed \(greedy, random\) [\d.]+% [\d.]+% to [\d.]+% (\d+\.\d)", table).group(1))
    rows = [(o, v, float(t)) for o, v, t in re.findall(
        r"(take_most|heap) (\d+) \(printed: \d+\) [\d.]+% [\d.]+% to [\d.]+% [-+][\d.]+ [-+][\d.]+ to [-+][\d.]+ (\d+\.\d)",
        table)]
    assert len(rows) == 3, rows
    option, value, turns = max(rows, key=lambda r: abs(r[2] - base))
    said = re.search(r"The largest effect on the length of a game \(the Turns column\) is (\w+) = (\d+): a game "
                     r"lasts (\d+\.\d) turns against (\d+\.\d) as printed, ([-+]\d+\.\d) turns \[([-+][\d.]+), "
                     r"([-+][\d.]+)\] \(([-+]\d+)%\)", table)
    assert said, table
    assert said.groups()[:4] == (option, value, f"{turns:.1f}", f"{base:.1f}")
    assert float(said.group(6)) <= float(said.group(5)) <= float(said.group(7))
    assert int(said.group(8)) == round(100 * (turns - base) / base)
    assert (f"Lever on length {option} = {value}: games {abs(int(said.group(8)))}% "
            f"{'longer' if turns > base else 'shorter'} than as printed") in text


def test_the_sample_games_players_are_named_once_beside_the_balance_players(nim_report):
    """The sample game is played by greedy against random, the balance games by cautious: the
    simulation settings say so in one line, with the names the replay command uses."""
    text = nim_report["text"].replace("\u2019", "'")
    assert "Sample game agents greedy against random, as in the player rulebook (not the balance games' players)" in text
    assert "Balance agents (Light, Dark) cautious against cautious" in text

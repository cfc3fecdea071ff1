"""Check an edition's components against what the edition declares, and its rules for consistency."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from generator.model import Edition
from generator.model.schema import Declaration
from generator.core.session import once

if TYPE_CHECKING:
    from generator.model.layouts import Layouts


@dataclass
class Report:
    game: str
    edition: str
    violations: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    components: list[dict] = field(default_factory=list)
    incomplete: list[str] = field(default_factory=list)  # undefined parts of a draft (also in warnings)
    advice: list[str] = field(default_factory=list)  # what to do about the print-safety findings, once per kind
    shrunk_text: list = field(default_factory=list)  # ShrunkText: each piece whose text was shrunk to fit

    @property
    def ok(self) -> bool:
        return not self.violations

    def as_dict(self) -> dict:
        return {"game": self.game, "edition": self.edition, "ok": self.ok, "violations": self.violations,
                "warnings": self.warnings, "incomplete": self.incomplete, "components": self.components,
                "shrunk_text": [s.as_dict() for s in self.shrunk_text]}


def validate_edition(edition: Edition, looks: bool = False, layouts: Layouts | None = None) -> Report:
    """With `looks`, also every check `build` runs before drawing (templates, bindings, conditions,
    labels, sizes), its print-safety findings added as warnings. ``layouts``: the edition's looks when
    already loaded (the editions of one game share them).

    :raises GameDataError: for rule options its engine rejects (a typo'd key, a bad value), and with
        `looks` for a template that cannot be drawn.
    """
    engine_options(edition)  # rejected rule options stop here, with their file and line
    report = Report(edition.game.id, edition.id)
    if looks:
        from generator.render.safety import advice
        findings, report.shrunk_text, minimum = check_looks(edition, layouts)
        report.warnings += [f"print safety: {finding}" for finding in findings]
        report.advice = advice(findings, minimum)
    for component in edition.components:
        entry = {"id": component.id, "name": component.spec.name, "kind": component.spec.kind,
                 "total": component.total, "distinct": len(component.pieces)}
        ints = [k for k, f in component.spec.fields.items() if f.type == "int"]
        for key in ints:
            counts = Counter()
            for piece in component.pieces:
                counts[piece.fields[key]] += piece.count
            entry[f"by_{key}"] = {str(k): counts[k] for k in sorted(counts)}
        report.components.append(entry)
    for declared in edition.spec.declares:
        report.violations += _check(edition, declared)
    problem = engine_setup_problem(edition)
    if problem:
        report.violations.append(problem)
    for warning in declared_rule_warnings(edition) + rule_warnings(edition):
        if warning not in report.warnings:
            report.warnings.append(warning)
    report.incomplete = incomplete_parts(edition)
    report.warnings += report.incomplete
    return report


def check_looks(edition: Edition, layouts: Layouts | None = None) -> tuple[list, list, float]:
    """What `build` checks before drawing: templates, bindings, conditions, labels, sizes (errors, exit 2),
    then print safety: (findings, pieces whose text was shrunk, the text size minimum checked), the
    minimum being the strictest `min_text_size` of the profiles."""
    from generator.model import layouts_for
    from generator.render.cut_lines import check_cut_lines
    from generator.render.safety import check_edition_safety, min_text_size, shrunk_text
    from generator.render.style import Palette

    layouts = layouts or layouts_for(edition)
    check_edition(edition, layouts)
    palette = Palette(layouts)
    for profile in layouts.profiles.values():  # what a sheet build would refuse about its profile
        check_cut_lines(profile, layouts, palette)
    minimum = min_text_size(list(layouts.profiles.values()))
    return check_edition_safety(edition, layouts, minimum), shrunk_text(edition, layouts, minimum), minimum


def check_edition(edition: Edition, layouts: Layouts) -> None:
    """Resolve every template, binding, condition, label and size before anything is written
    (`validate` runs the same checks, so a project that validates also builds); once per edition
    and looks in a loading session."""
    once(("templates", edition.game.folder, edition.id, id(layouts)), lambda: _check_templates(edition, layouts))


def _check_templates(edition: Edition, layouts: Layouts) -> None:
    from generator.render.faces import FacePainter
    painter = FacePainter(edition.game, layouts, edition=edition)
    for component in edition.components:
        painter.sides(component)  # resolves and checks every template of every piece


def incomplete_parts(edition: Edition) -> list[str]:
    """Every part the rules leave undefined: the edition's `undefined` list, then each piece that
    leaves blank a field its declaration says should be filled (`complete`). Empty for a finished game."""
    parts = [f"undefined in the rules: {part}" for part in edition.spec.undefined]
    for declared in edition.spec.declares:
        component = edition.component(declared.component)
        for piece in component.pieces:
            blank = [key for key in declared.complete if piece.fields.get(key) in (None, "")]
            if blank:
                parts.append(f"{component.spec.name}: '{piece.label}' leaves {', '.join(blank)} blank")
    return parts


_UNSET = object()


def declared_rule_warnings(edition: Edition) -> list[str]:
    """The game's and the edition's `rule_checks`: options listed together must have equal values."""
    rules = _effective_rules(edition)
    out = []
    for check in [*edition.game.spec.rule_checks, *edition.spec.rule_checks]:
        values = {key: rules.get(key, _UNSET) for key in check.agree}
        unset = [key for key, value in values.items() if value is _UNSET]
        if unset:
            out.append(f"rule check cannot be made: {', '.join(unset)} not set in the rules")
        elif len({repr(v) for v in values.values()}) > 1:
            shown = " but ".join(f"{key} is {value!r}" for key, value in values.items())
            out.append(f"rules disagree: {shown}" + (f" ({check.because})" if check.because else ""))
    return out


def engine_options(edition: Edition):
    """The edition's rules as its engine's options; None for a game without an ``engine:`` (a draft).

    :raises GameDataError: naming the file, line and ``rules.<key>`` of a rejected option, or the
        ``engine`` key of game.yaml when it names no registered engine.
    """
    if not edition.engine:
        return None
    try:
        from generator.play import registry
    except ImportError:  # an install without the engines: the rules are checked by nobody
        return None
    return registry.options_for(edition)  # once in a loading session


def engine_setup_problem(edition: Edition) -> str | None:
    """Why the rules engine cannot set up a game from this edition (inputs it cannot use, such as a
    deck or a glyph set), or None. `build` needs a game for the rulebook, so `validate` asks the same question."""
    return once(("engine set-up", edition.game.folder, edition.id), lambda: _setup_problem(edition))


def _setup_problem(edition: Edition) -> str | None:
    options = engine_options(edition)
    if options is None:
        return None
    from generator.play.registry import get_engine, inputs_for
    engine = get_engine(edition.engine)
    try:
        engine.new_game(options, inputs_for(engine, edition), 0)
    except (ValueError, IndexError, KeyError) as exc:
        return f"the {edition.engine} rules engine cannot set up a game: {exc}"
    return None


def _effective_rules(edition: Edition) -> dict:
    """The edition's rules over its engine's defaults, when the engine can say what they are."""
    options = engine_options(edition)
    rules = dict(edition.rules)
    return {**options.model_dump(mode="json"), **rules} if options is not None else rules


def _check(edition: Edition, declared: Declaration) -> list[str]:
    component = edition.component(declared.component)
    name, out = component.spec.name, []
    if declared.total is not None and component.total != declared.total:
        out.append(f"{name}: {component.total} pieces, but the edition declares {declared.total}")
    for key, (low, high) in declared.ranges.items():
        for piece in component.pieces:
            value = piece.fields.get(key)
            if value is not None and not low <= value <= high:
                out.append(f"{name}: '{piece.label}' has {key} {value}, outside the declared {low}-{high}")
    if declared.agree_with_rules:
        rules = _effective_rules(edition)
        for key, option in declared.agree_with_rules.items():
            for piece in component.pieces:
                value = piece.fields.get(key)
                if option not in rules:
                    out.append(f"{name}: {key} is declared to agree with the rule option '{option}', "
                               f"which the rules do not set")
                    break
                if value is not None and value != rules[option]:
                    out.append(f"{name}: '{piece.label}' prints {key} {value}, but the rules say "
                               f"{option} {rules[option]}")
    groups: dict[str, list] = {}
    for piece in component.pieces:
        groups.setdefault(str(piece.fields.get(declared.per)) if declared.per else "all", []).append(piece)
    for group, ranges in declared.group_ranges.items():
        for key, (low, high) in ranges.items():
            for piece in groups.get(group, []):
                value = piece.fields.get(key)
                if value is not None and not low <= value <= high:
                    out.append(f"{name}: '{piece.label}' ({declared.per} {group}) has {key} {value}, "
                               f"outside the declared {low}-{high} for {group}")
    for group in declared.groups:
        if group not in groups:
            out.append(f"{name}: no pieces with {declared.per} '{group}'")
    for group, pieces in sorted(groups.items()):
        label = f"{name} ({declared.per} {group})" if declared.per else name
        if declared.each is not None and sum(p.count for p in pieces) != declared.each:
            out.append(f"{label}: {sum(p.count for p in pieces)} pieces, but the edition declares "
                       f"{declared.each} per {declared.per}")
        for key, wanted in declared.distinct.items():
            distinct = len({p.fields.get(key) for p in pieces})
            if distinct != wanted:
                out.append(f"{label}: {distinct} distinct {key} values, but the edition declares {wanted}")
    return out


def rule_warnings(edition: Edition) -> list[str]:
    """Contradictions inside an edition's rule options, as reported by its rules engine."""
    if not edition.engine:
        return []
    try:
        from generator.play import registry
    except ImportError:
        return []
    check = getattr(registry, "rule_warnings", None)
    return list(check(edition.engine, edition.rules)) if check else []


def format_report(report: Report) -> str:
    status = "OK" if report.ok else "FAILED"
    if report.incomplete:
        status += f" (incomplete: {len(report.incomplete)} parts undefined)"
    lines = [f"{report.game} {report.edition}: {status}"]
    for entry in report.components:
        lines.append(f"  {entry['name']}: {entry['total']} ({entry['distinct']} distinct)")
        for key, counts in entry.items():
            if key.startswith("by_"):
                spread = ", ".join(f"{k}: {v}" for k, v in counts.items())
                lines.append(f"    by {key[3:]}: {spread}")
    lines += [f"  violation: {v}" for v in report.violations]
    lines += [f"  warning: {w}" for w in report.warnings if w not in report.incomplete]
    lines += [f"  advice, {a}" for a in report.advice]
    if report.shrunk_text:
        smallest = min(s.final for s in report.shrunk_text)
        pieces = len({(s.component, s.piece) for s in report.shrunk_text})
        lines.append(f"  shrunk text: {len(report.shrunk_text)} texts on {pieces} pieces made smaller to fit, the "
                     f"smallest {smallest:g} pt (`validate --json` lists them)")
    if report.incomplete:
        lines.append(f"  completeness: {len(report.incomplete)} parts undefined (warnings; not playable until written)")
        lines += [f"    - {part}" for part in report.incomplete]
    return "\n".join(lines)

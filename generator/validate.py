"""Check an edition's components against what the edition declares, and its rules for consistency."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .model import Edition
from .model.schema import Declaration


@dataclass
class Report:
    game: str
    edition: str
    violations: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    components: list[dict] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.violations

    def as_dict(self) -> dict:
        return {"game": self.game, "edition": self.edition, "ok": self.ok, "violations": self.violations,
                "warnings": self.warnings, "components": self.components}


def validate_edition(edition: Edition) -> Report:
    report = Report(edition.game.id, edition.id)
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
    report.warnings += rule_warnings(edition)
    for part in edition.spec.undefined:
        report.warnings.append(f"undefined in the rules: {part}")
    return report


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
    groups: dict[str, list] = {}
    for piece in component.pieces:
        groups.setdefault(str(piece.fields.get(declared.per)) if declared.per else "all", []).append(piece)
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
        from .engine import registry
    except ImportError:
        return []
    check = getattr(registry, "rule_warnings", None)
    return list(check(edition.engine, edition.rules)) if check else []


def format_report(report: Report) -> str:
    lines = [f"{report.game} {report.edition}: {'OK' if report.ok else 'FAILED'}"]
    for entry in report.components:
        lines.append(f"  {entry['name']}: {entry['total']} ({entry['distinct']} distinct)")
        for key, counts in entry.items():
            if key.startswith("by_"):
                spread = ", ".join(f"{k}: {v}" for k, v in counts.items())
                lines.append(f"    by {key[3:]}: {spread}")
    lines += [f"  violation: {v}" for v in report.violations]
    lines += [f"  warning: {w}" for w in report.warnings]
    return "\n".join(lines)

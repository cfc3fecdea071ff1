"""Vector charts of simulation results (reportlab.graphics), in the rulebook's embedded fonts."""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.shapes import Circle, Drawing, Line, Rect, String

from generator.rulebook.styles import Styles

Series = tuple[str, str, dict[int, int]]  # (legend label, colour role, value -> number of games)


@dataclass(frozen=True)
class Apart:
    """Games a histogram draws as a bar of their own: ``label`` under it, ``note`` above the plot at
    its right, painted in the colour role ``role``."""

    label: str
    note: str
    games: int
    role: str = "axis"


def _drawing(width: float, height: float, styles: Styles) -> Drawing:
    """A drawing whose initial font is the body font (reportlab's default would be Helvetica, not embedded)."""
    drawing = Drawing(width, height)
    drawing.initialFontName = styles.body_font
    drawing.initialFontSize = styles["caption"].fontSize
    return drawing


def _binned(series: list[Series], bins: int) -> tuple[list[Series], int]:
    """The series with values grouped into at most ``bins`` equal ranges, keyed by each range's start."""
    values = [v for _, _, counts in series for v in counts]
    low, high = min(values), max(values)
    width = max(1, -(-(high - low + 1) // bins))
    out = []
    for label, role, counts in series:
        grouped: dict[int, int] = {}
        for v, c in counts.items():
            start = low + (v - low) // width * width
            grouped[start] = grouped.get(start, 0) + c
        out.append((label, role, grouped))
    return out, width


def histogram(series: list[Series], x_title: str, width: float, height: float, styles: Styles,
              bins: int | None = None, apart: Apart | None = None) -> Drawing:
    """Bars per value (percent of games) for one or more series side by side; with ``bins``, values
    are grouped into that many ranges at most (each bar labelled by its range's first value). With
    ``apart`` (one series only), games that have no value on the axis (stopped at a limit) are a bar
    of their own after a gap, in another colour, named under it and counted above it; every bar is
    then a share of all the games, these included."""
    body, size = styles.body_font, styles["caption"].fontSize
    step = 1
    if bins and any(counts for _, _, counts in series):
        series, step = _binned(series, bins)
    values = sorted({v for _, _, counts in series for v in counts}) or [0]
    categories = list(range(int(values[0]), int(values[-1]) + 1, step))
    every = max(1, len(categories) // 12)
    drawing = _drawing(width, height, styles)
    chart = VerticalBarChart()
    chart.x, chart.y = 3.2 * size, 3.4 * size
    chart.width, chart.height = width - chart.x - size, height - chart.y - 2.6 * size
    extra = apart.games if apart else 0
    chart.data = [[100 * counts.get(v, 0) / max(1, sum(counts.values()) + extra) for v in categories]
                  for _, _, counts in series]
    names = [str(v) if k % every == 0 else "" for k, v in enumerate(categories)]
    if apart:
        if len(series) != 1:
            raise ValueError("a histogram draws games apart beside one series only")
        total = sum(series[0][2].values()) + extra
        chart.data[0] += [0, 100 * extra / max(1, total)]
        names += ["", apart.label]
    chart.barSpacing, chart.groupSpacing = 0, max(0.5, 4 / max(1, len(categories)))
    chart.strokeColor = None
    for i, (_, role, _) in enumerate(series):
        chart.bars[i].fillColor = styles.colour(role)
        chart.bars[i].strokeColor = None
    axis_colour = styles.colour("axis")
    cat, val = chart.categoryAxis, chart.valueAxis
    cat.categoryNames = names
    for axis in (cat, val):
        axis.labels.fontName, axis.labels.fontSize = body, size
        axis.labels.fillColor = axis_colour
        axis.strokeColor = axis_colour
    cat.tickDown = 2
    val.valueMin = 0
    val.labelTextFormat = "%d%%"
    val.visibleGrid, val.gridStrokeColor, val.gridStrokeWidth = 1, styles.colour("table_grid"), 0.3
    if apart:
        chart.bars[(0, len(names) - 1)].fillColor = styles.colour(apart.role)
    drawing.add(chart)
    if apart:
        drawing.add(String(chart.x + chart.width, chart.y + chart.height + 0.4 * size, apart.note, fontName=body,
                           fontSize=size, fillColor=axis_colour, textAnchor="end"))
    drawing.add(String(chart.x + chart.width / 2, 0.4 * size, x_title, fontName=body, fontSize=size,
                       fillColor=axis_colour, textAnchor="middle"))
    drawing.add(String(0, height - 1.1 * size, "share of games", fontName=body, fontSize=size,
                       fillColor=axis_colour))
    if len(series) > 1:
        legend = Legend()
        legend.fontName, legend.fontSize = body, size
        legend.x, legend.y = width - size, height - 0.3 * size
        legend.alignment, legend.boxAnchor = "right", "ne"
        legend.columnMaximum, legend.deltax, legend.dx, legend.dy = 1, 6 * size, size, size
        legend.strokeColor = None
        legend.colorNamePairs = [(styles.colour(role), label) for label, role, _ in series]
        drawing.add(legend)
    return drawing


def win_rates(rows: list[tuple[str, float, float, float]], width: float, styles: Styles, colour: str) -> Drawing:
    """A share of wins per row (an edition, a seat, a variant of the rules), a dot with its 95% interval
    against the fair 50% line, painted in the colour role ``colour``; the label column is as wide as
    the longest label (at most half the width)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    body, size = styles.body_font, styles["caption"].fontSize
    axis_colour = styles.colour("axis")
    row_h = 2.4 * size
    longest = max((stringWidth(r[0], body, size * 1.1) for r in rows), default=0)
    label_w = min(width / 2, max(11 * size, longest + size))
    height = row_h * len(rows) + 2.6 * size
    drawing = _drawing(width, height, styles)
    left, right = label_w, width - 2 * size
    lo_axis, hi_axis = 0.3, 0.7
    lo_axis = min(lo_axis, *(r[2] for r in rows)) if rows else lo_axis
    hi_axis = max(hi_axis, *(r[3] for r in rows)) if rows else hi_axis

    def x_of(rate: float) -> float:
        return left + (right - left) * (rate - lo_axis) / (hi_axis - lo_axis)

    bottom = 1.8 * size
    for tick in range(int(lo_axis * 20 + 0.999), int(hi_axis * 20) + 1):
        rate = tick / 20
        drawing.add(Line(x_of(rate), bottom, x_of(rate), height - 0.5 * size, strokeColor=styles.colour("table_grid"),
                         strokeWidth=0.3))
        drawing.add(String(x_of(rate), bottom - 1.3 * size, f"{rate:.0%}", fontName=body, fontSize=size,
                           fillColor=axis_colour, textAnchor="middle"))
    drawing.add(Line(x_of(0.5), bottom, x_of(0.5), height - 0.5 * size, strokeColor=axis_colour, strokeWidth=0.9,
                     strokeDashArray=[3, 2]))
    paint = styles.colour(colour)
    for i, (label, rate, low, high) in enumerate(rows):
        y = height - 1.2 * size - (i + 0.5) * row_h
        drawing.add(String(0, y - size * 0.35, label, fontName=body, fontSize=size * 1.1, fillColor=axis_colour))
        drawing.add(Rect(x_of(low), y - 0.35 * size, x_of(high) - x_of(low), 0.7 * size, fillColor=paint,
                         fillOpacity=0.35, strokeColor=None))
        drawing.add(Circle(x_of(rate), y, 0.45 * size, fillColor=paint, strokeColor=None))
    return drawing

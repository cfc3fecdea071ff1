"""Markdown to Platypus: markdown-it-py parses, one small handler per node type builds flowables.

``BLOCKS`` and ``INLINES`` are the registries (node type -> handler). A handler returns flowables
(blocks) or paragraph markup (inlines) and never touches a global story. Images are figures:
``![caption](figure:NAME)`` alone in a paragraph asks the figure provider for NAME.
"""
from __future__ import annotations

import re
from typing import Callable
from xml.sax.saxutils import escape

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.lib.units import mm
from reportlab.platypus import (Flowable, HRFlowable, KeepTogether, ListItem, PageBreak, Paragraph,
                                Spacer, Table, TableStyle)

from generator.core.errors import UserError
from generator.rulebook.commands import set_command
from generator.rulebook.justify import Justified
from generator.rulebook.lists import BookList, LeadList
from generator.rulebook.figure_row import figures_side_by_side
from generator.rulebook.flowables import (Beside, BookTable, Columns, FigureBlock, NotedTable, keep_headings,
                                         keep_keys_with_drawings, keep_leads_with_boxes,
                                         keep_tables_with_figures)
from generator.rulebook.styles import Styles

LEAST_COMMAND_SIZE = 6.0  # the smallest a command line is set before an argument is broken
MIN_COLUMN = 12 * mm  # the narrowest table column worth printing, padding included
FigureProvider = Callable[[str, float], list[Flowable]]  # (name, available width) -> flowables


class Heading(Paragraph):
    """A heading paragraph that the document lists in its table of contents and bookmarks."""

    def __init__(self, text: str, style, level: int | None, key: str, plain: str):
        super().__init__(text, style)
        self.toc_level, self.key, self.plain = level, key, plain


class Converter:
    """Turns one Markdown text into a list of flowables for a frame ``width`` points wide."""

    def __init__(self, styles: Styles, width: float, figures: FigureProvider, body: str = "body",
                 chapter_breaks: bool = False):
        self.styles, self.width, self.figures = styles, width, figures
        self.chapter_breaks = chapter_breaks   # a page break before every level-1 heading
        self.body = body if body in styles.settings else "body"   # the style of plain paragraphs
        self.parser = MarkdownIt("commonmark", {"html": False, "typographer": True}).enable(
            ["table", "replacements", "smartquotes"])
        self._keys: dict[str, int] = {}
        self.headings: list[tuple[int, str]] = []   # (contents level, text) of each heading listed in the contents

    def convert(self, text: str) -> list[Flowable]:
        blocks = keep_boxes_with_previous(self.blocks(SyntaxTreeNode(self.parser.parse(text)).children, self.body),
                                          self.width)
        blocks = figures_side_by_side(blocks, self.width)
        blocks = keep_keys_with_drawings(keep_tables_with_figures(blocks))
        # a key for the drawings after it is kept with their start as a heading is (``KeyBlock``)
        headed = keep_headings(blocks, lambda f: isinstance(f, Heading) or getattr(f, "heads_next", False))
        return _unnest(keep_leads_with_boxes(headed, lambda f: isinstance(f, Heading)))

    def blocks(self, nodes, style: str = "body") -> list[Flowable]:
        out: list[Flowable] = []
        noted = False   # the last block was a table, or a note under one
        lead_in = False   # the last block was a paragraph that ends in a colon ("To play them again:")
        for node in nodes:
            handler = BLOCKS.get(node.type)
            if handler is None:
                raise UserError(f"rule text: Markdown element '{node.type}' is not supported in a rulebook")
            if lead_in and _is_command(node):   # never a lead-in alone at a page foot
                made = commands(node.content, self, lead=out.pop())
            elif lead_in and node.type in ("bullet_list", "ordered_list"):   # nor a list's
                made = [LeadList(out.pop(), handler(node, self, style)[0])]
            else:
                made = handler(node, self, style)
            if node.type == "blockquote" and noted:
                out[-2:] = [_with_notes(out[-2], [out[-1], *made[:-1]]), made[-1]]
            else:
                out.extend(made)
            noted = node.type in ("table", "blockquote") and (noted or node.type == "table") and bool(made)
            lead_in = node.type == "paragraph" and plain_text(node).rstrip().endswith(":") and \
                isinstance(out[-1], Paragraph)
        return out

    def inline(self, node: SyntaxTreeNode) -> str:
        parts = []
        for child in node.children:
            handler = INLINES.get(child.type)
            if handler is None:
                raise UserError(f"rule text: inline Markdown element '{child.type}' is not supported")
            parts.append(handler(child, self))
        return "".join(parts)

    def key_for(self, text: str) -> str:
        """A stable bookmark key for a heading (the same text twice gets -2, -3...)."""
        slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"
        self._keys[slug] = self._keys.get(slug, 0) + 1
        return slug if self._keys[slug] == 1 else f"{slug}-{self._keys[slug]}"


def plain_text(node: SyntaxTreeNode) -> str:
    if node.type in ("text", "code_inline"):
        return node.content
    if node.type in ("softbreak", "hardbreak"):
        return " "
    return "".join(plain_text(c) for c in node.children)


# ------------------------------------------------------------------ blocks


def heading(node: SyntaxTreeNode, conv: Converter, _style: str) -> list[Flowable]:
    level = int(node.tag[1])
    name = f"h{min(level, 3)}"
    settings = conv.styles.settings[name]
    inline = node.children[0]
    plain = plain_text(inline)
    para = Heading(conv.inline(inline), conv.styles[name], settings["toc_level"], conv.key_for(plain), plain)
    if settings["toc_level"] is not None:
        conv.headings.append((settings["toc_level"], plain))
    breaks = settings["page_break_before"] or (level == 1 and conv.chapter_breaks)
    out: list[Flowable] = [PageBreak(), para] if breaks else [para]   # kept with what follows: keep_headings
    if level == 1:
        out.append(HRFlowable(width="100%", thickness=0.8, color=conv.styles.colour("rule"), spaceBefore=0,
                              spaceAfter=8))
    return out


def paragraph(node: SyntaxTreeNode, conv: Converter, style: str) -> list[Flowable]:
    inline = node.children[0]
    images = [c for c in inline.children if c.type == "image"]
    if images:
        rest = [c for c in inline.children if c.type not in ("image", "softbreak") and plain_text(c).strip()]
        if len(images) != 1 or rest:
            raise UserError("rule text: a figure ![caption](figure:NAME) must stand alone in its paragraph")
        return figure(images[0], conv)
    ties = conv.styles.ties   # a short name on one line; no short word alone on the last line
    return [Justified(ties.last_words(ties.names(conv.inline(inline))), conv.styles[style])]


def figure(node: SyntaxTreeNode, conv: Converter) -> list[Flowable]:
    src = node.attrs.get("src", "")
    if not str(src).startswith("figure:"):
        raise UserError(f"rule text: image {src!r}: pictures come from figures, written ![caption](figure:NAME)")
    drawn = conv.figures(str(src)[len("figure:"):], conv.width)
    caption = conv.inline(node)
    return [FigureBlock(list(drawn), Paragraph(caption, conv.styles["caption"]) if caption.strip() else None)]


def bullet_list(node: SyntaxTreeNode, conv: Converter, _style: str) -> list[Flowable]:
    return [_list(node, conv, "bullet", "\u2022", 1)]


def ordered_list(node: SyntaxTreeNode, conv: Converter, _style: str) -> list[Flowable]:
    return [_list(node, conv, "1", None, int(node.attrs.get("start", 1) or 1))]


def _list(node: SyntaxTreeNode, conv: Converter, kind: str, start: str | None, first: int) -> BookList:
    style = conv.styles["list"]
    items = [ListItem(conv.blocks(item.children, "list") or [Spacer(0, 0)]) for item in node.children]
    options = dict(bulletType=kind, bulletFontName=style.fontName, bulletFontSize=style.fontSize,
                   bulletColor=style.textColor, leftIndent=style.fontSize * 1.6, bulletDedent="auto",
                   spaceAfter=conv.styles["body"].spaceAfter)
    if kind == "bullet":
        options["start"] = start
    else:
        options.update(start=first, bulletFormat="%s.")
    return _book_list(items, options)


def _book_list(items: list[ListItem], options: dict) -> BookList:
    """A list that remembers its items and options, so that its last item can be cut off (see
    ``keep_boxes_with_previous``) and that turns a page only between items (``lists``)."""
    return BookList(items, options)


class PlaceholderBox(Table):
    """The dashed box of a part the rules leave blank."""


BOX_KEEPS_LINES = 4   # a paragraph this many lines long or shorter goes to the next page with the box under it


def keep_boxes_with_previous(flowables: list[Flowable], width: float) -> list[Flowable]:
    """Each placeholder box kept on the page of what it follows in its section, never alone at the
    top of a page: with the last item of a list, or with a short paragraph (``BOX_KEEPS_LINES``)."""
    out: list[Flowable] = []
    for f in flowables:
        if isinstance(f, PlaceholderBox):
            at = len(out) - 1
            while at >= 0 and isinstance(out[at], Spacer):
                at -= 1
            prev = out[at] if at >= 0 else None
            items = prev.list if isinstance(prev, LeadList) else prev
            if isinstance(items, BookList) and len(items.book_items) > 1:
                head, tail = _cut_last_item(items)
                out[at:] = [LeadList(prev.lead, head) if items is not prev else head,
                            KeepTogether([tail, *out[at + 1:], f])]
                continue
            if isinstance(prev, Paragraph) and not isinstance(prev, Heading) and \
                    prev.wrap(width, 1e6)[1] <= BOX_KEEPS_LINES * prev.style.leading:
                out[at:] = [KeepTogether([*out[at:], f])]
                continue
        out.append(f)
    return out


def _unnest(flowables: list[Flowable]) -> list[Flowable]:
    """Each group kept together holds no plain group of its own (a box kept with its paragraph, kept
    in turn with the heading over them): reportlab's ``KeepTogether`` asks to be split whenever it
    is measured, so one inside another would never fit on a page."""
    def flat(content: list[Flowable]) -> list[Flowable]:
        return [g for f in content for g in (flat(f._content) if type(f) is KeepTogether else [f])]
    for f in flowables:
        if isinstance(f, KeepTogether):
            f._content = flat(f._content)
    return flowables


def _cut_last_item(whole: BookList) -> tuple[BookList, BookList]:
    """``whole`` as two lists that print as it does: all but its last item, then that item (numbered on)."""
    last = len(whole.book_items) - 1
    return whole.part(0, last), whole.part(last)


def blockquote(node: SyntaxTreeNode, conv: Converter, _style: str) -> list[Flowable]:
    """A block quote is a note: tinted, with a bar down its left side."""
    inner = conv.blocks(node.children, "note")
    box = Table([[inner]], colWidths=[conv.width])
    box.setStyle(TableStyle([_font(conv),
        ("BACKGROUND", (0, 0), (-1, -1), conv.styles.colour("note_fill")),
        ("LINEBEFORE", (0, 0), (0, -1), 2.5, conv.styles.colour("note_bar")),
        ("LEFTPADDING", (0, 0), (-1, -1), 9), ("RIGHTPADDING", (0, 0), (-1, -1), 9),
        ("TOPPADDING", (0, 0), (-1, -1), 6), ("BOTTOMPADDING", (0, 0), (-1, -1), 7)]))
    return [Spacer(0, 3), box, Spacer(0, 6)]


def table(node: SyntaxTreeNode, conv: Converter, _style: str) -> list[Flowable]:
    rows, heads = [], 0
    for section in node.children:  # thead, tbody
        for tr in section.children:
            cells = []
            for cell in tr.children:
                style = conv.styles["table_head" if cell.type == "th" else "table"]
                align = _cell_align(cell)
                ties = conv.styles.ties   # a short name on one line: the column is made wide enough for it
                cells.append((ties.names(conv.inline(cell.children[0])) if cell.children else "", style, align,
                              ties.names(plain_text(cell))))
            rows.append(cells)
            if section.type == "thead":
                heads += 1
    if not rows:
        return []
    columns = max(len(r) for r in rows)
    if columns > conv.width // MIN_COLUMN:
        raise UserError(f"rule text: a table of {columns} columns; at most {int(conv.width // MIN_COLUMN)} "
                        "fit across the page")
    grid = _book_table(rows, heads, columns, conv, conv.width)
    return [grid, Spacer(0, conv.styles["body"].spaceAfter + 3)]


def _book_table(rows: list[list[tuple]], heads: int, columns: int, conv: Converter, width: float) -> BookTable:
    """The table of ``rows`` (cells as ``table`` reads them) set ``width`` points wide; it can be
    set again at another width (``BookTable.remake``), with fresh cells."""
    bold = conv.styles.bold_font  # measured in bold: cells may hold bold or code, which run wider
    widths = column_widths([[(c[3], bold, c[1].fontSize) for c in r] for r in rows], columns, width)
    data = [[_cell_paragraph(text, style, align) for text, style, align, _ in r] + [""] * (columns - len(r))
            for r in rows]
    grid = BookTable(data, colWidths=widths, repeatRows=heads, hAlign="LEFT")
    grid.row_keys = [r[0][3].strip() if r else "" for r in rows]   # a figure of some rows names them so
    grid.remake = lambda narrower: _book_table(rows, heads, columns, conv, narrower)
    commands = [_font(conv), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, -1), 0.3, conv.styles.colour("table_grid")),
                ("TOPPADDING", (0, 0), (-1, -1), 2.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                ("LEFTPADDING", (0, 0), (-1, -1), 4), ("RIGHTPADDING", (0, 0), (-1, -1), 4)]
    if heads:
        commands.append(("BACKGROUND", (0, 0), (-1, heads - 1), conv.styles.colour("table_head")))
    for r in range(heads + 1, len(rows), 2):
        commands.append(("BACKGROUND", (0, r), (-1, r), conv.styles.colour("table_stripe")))
    grid.setStyle(TableStyle(commands))
    return grid


def _is_command(node: SyntaxTreeNode) -> bool:
    return node.type == "fence" and (node.info or "").split()[:1] == ["command"]


def _with_notes(table: Flowable, notes: list[Flowable]) -> NotedTable:
    """A table (or a table already holding notes) with these notes under it, kept with its last rows."""
    if isinstance(table, NotedTable):
        return NotedTable(table.table, [*table.notes, *notes])
    return NotedTable(table, notes)


def _font(conv: Converter) -> tuple:
    """Tables set a cell font even around flowables; without this it is reportlab's Helvetica, not embedded."""
    body = conv.styles["body"]
    return ("FONT", (0, 0), (-1, -1), body.fontName, body.fontSize, body.leading)


def column_widths(cells: list[list[tuple[str, str, float]]], columns: int, width: float) -> list[float]:
    """Widths that never break a word when the table can avoid it, the rest shared by how much
    each column would like to have (its longest line unbroken). Words joined by a no-break space
    count as one word, as the paragraph sets them."""
    pad = 10.0
    least, wish = [pad] * columns, [pad] * columns
    for row in cells:
        for i, (text, font, size) in enumerate(row):
            words = re.split(r"[ \t\r\n]+", text.strip(" \t\r\n")) or [""]   # a no-break space joins its words
            least[i] = max(least[i], max(stringWidth(w, font, size) for w in words) + pad)
            wish[i] = max(wish[i], stringWidth(text, font, size) + pad)
    if sum(least) >= width:
        return [width * w / sum(least) for w in least]
    if sum(wish) <= width:
        return [w + (width - sum(wish)) * w / sum(wish) for w in wish]
    room = width - sum(least)
    need = [w - m for w, m in zip(wish, least)]
    return [m + room * n / sum(need) for m, n in zip(least, need)]


def _cell_align(cell: SyntaxTreeNode) -> str:
    style = str(cell.attrs.get("style", ""))
    return "right" if "right" in style else "centre" if "center" in style else "left"


def _cell_paragraph(text: str, style, align: str) -> Paragraph:
    if align != "left":
        from reportlab.lib.enums import TA_CENTER, TA_RIGHT
        style = style.clone(f"{style.name}-{align}", alignment=TA_RIGHT if align == "right" else TA_CENTER)
    return Paragraph(text, style)


def fence(node: SyntaxTreeNode, conv: Converter, _style: str) -> list[Flowable]:
    """A fenced block is notation: one line per line, nothing reflowed. With the info string
    ``beside NAME`` it is Markdown set beside the figure NAME instead; ``grid N`` Markdown in
    cells side by side, at most N to a row; ``columns N`` short Markdown blocks (a glossary's
    entries) in N columns, read down each; ``placeholder`` marks a part of the rules that is not
    written yet."""
    info = (node.info or "").split()
    if info and info[0] == "beside":
        if len(info) != 2:
            raise UserError(f"rule text: '```beside' takes one figure name, found {node.info!r}")
        return beside(info[1], node.content, conv)
    if info and info[0] == "grid":
        if len(info) != 2 or not info[1].isdigit() or int(info[1]) < 1:
            raise UserError(f"rule text: '```grid' takes the most cells to a row, e.g. '```grid 3', found {node.info!r}")
        return grid(node.content, int(info[1]), conv)
    if info and info[0] == "columns":
        if len(info) != 2 or not info[1].isdigit() or int(info[1]) < 2:
            raise UserError(f"rule text: '```columns' takes how many columns, e.g. '```columns 2', found {node.info!r}")
        return columns(node.content, int(info[1]), conv)
    if info and info[0] == "placeholder":
        return placeholder(node.content, conv)
    if info and info[0] == "command":
        return commands(node.content, conv)
    style = conv.styles["notation"]
    lines = node.content.rstrip("\n").split("\n")
    return [Paragraph(escape(line).replace("  ", "&nbsp; ") or "&nbsp;", style) for line in lines] + [Spacer(0, 4)]


def commands(text: str, conv: Converter, lead: Flowable | None = None) -> list[Flowable]:
    """A ``command`` block: one command a line, each broken only between its arguments, its
    continuation lines indented, set smaller (to 6 pt at least) rather than broken inside an argument.
    ``lead``, the paragraph that introduces the block, is kept on a page with its first command."""
    style = conv.styles["command" if "command" in conv.styles.settings else "notation"]
    out: list[Flowable] = []
    kept = [lead] if lead is not None else []
    for line in text.strip("\n").split("\n"):
        if not line.strip():
            continue
        found = set_command(line, conv.width - 1, style.fontSize, min(style.fontSize, LEAST_COMMAND_SIZE),
                            lambda words, size: stringWidth(words, style.fontName, size))
        first = style.clone(f"{style.name}-{found.size}", fontSize=found.size,
                            leading=style.leading * found.size / style.fontSize)
        rest = first.clone(f"{first.name}-rest", leftIndent=first.leftIndent + found.indent)
        out.append(KeepTogether([*kept, *(Paragraph(escape(words), first if i == 0 else rest)
                                          for i, words in enumerate(found.lines))]))
        kept = []
    return [*kept, *out, Spacer(0, 4)]


def placeholder(text: str, conv: Converter) -> list[Flowable]:
    """A part the rules leave blank: a dashed box headed "Not yet written.", unlike any note."""
    inner = Converter(conv.styles, conv.width - 18, conv.figures)
    inner._keys = conv._keys
    body = inner.convert("**Not yet written.** " + text.strip())
    box = PlaceholderBox([[body]], colWidths=[conv.width])
    box.setStyle(TableStyle([_font(conv),
        ("BACKGROUND", (0, 0), (-1, -1), conv.styles.colour("placeholder_fill")),
        ("BOX", (0, 0), (-1, -1), 1.2, conv.styles.colour("placeholder_line"), None, (4, 3)),
        ("LEFTPADDING", (0, 0), (-1, -1), 9), ("RIGHTPADDING", (0, 0), (-1, -1), 9),
        ("TOPPADDING", (0, 0), (-1, -1), 6), ("BOTTOMPADDING", (0, 0), (-1, -1), 7)]))
    return [Spacer(0, 3), box, Spacer(0, 6)]


def beside(name: str, text: str, conv: Converter) -> list[Flowable]:
    """Text in a column on the left, a figure on the right, kept on one page."""
    drawn = conv.figures(name, conv.width)
    figure_w = max(f.wrap(conv.width, 1e6)[0] for f in drawn)
    if figure_w > 0.6 * conv.width:  # too wide to leave a column for the text: the figure goes above it
        under = Converter(conv.styles, conv.width, conv.figures, conv.body)
        under._keys = conv._keys
        return drawn + [Spacer(0, 4)] + under.convert(text) + [Spacer(0, 6)]
    gutter = 5 * mm
    text_w = conv.width - figure_w - gutter
    inner = Converter(conv.styles, text_w, conv.figures, "beside")  # a narrow column: ragged right
    inner._keys = conv._keys
    flow = inner.convert(text)
    return [Beside(flow, drawn, text_w, gutter), Spacer(0, 4)]


GRID_GUTTER = 5 * mm


def columns(text: str, count: int, conv: Converter) -> list[Flowable]:
    """Markdown blocks set in ``count`` columns (``Columns``), ragged right as any narrow column."""
    inner_w = (conv.width - GRID_GUTTER * (count - 1)) / count
    style = "entry" if "entry" in conv.styles.settings else "beside"
    inner = Converter(conv.styles, inner_w, conv.figures, style)
    inner._keys = conv._keys
    blocks = inner.blocks(SyntaxTreeNode(inner.parser.parse(text)).children, style)
    return [Columns(blocks, count, conv.width, GRID_GUTTER), Spacer(0, 4)] if blocks else []


def _widest(f: Flowable, width: float) -> float:
    """How wide ``f`` draws in a column ``width`` points wide (a figure: its drawing, not its box)."""
    if isinstance(f, FigureBlock):
        return max((d.wrap(width, 1e6)[0] for d in f.drawing), default=0.0)
    return f.wrap(width, 1e6)[0]


def grid(text: str, per_row: int, conv: Converter) -> list[Flowable]:
    """Markdown in cells ``per_row`` to a row, read left to right, a row never split across pages:
    each heading opens a cell (in a block without headings, each paragraph or figure is a cell).
    A cell whose figure is wider than its share of the row, or a cell left alone on its row, takes
    the whole width, its figure beside its text."""
    nodes = SyntaxTreeNode(conv.parser.parse(text)).children
    headed = any(node.type == "heading" for node in nodes)
    cells: list[list[SyntaxTreeNode]] = []
    for node in nodes:
        if node.type == "heading" or not cells or not headed:
            cells.append([])
        cells[-1].append(node)
    inner_w = (conv.width - GRID_GUTTER * (per_row - 1)) / per_row
    inner = Converter(conv.styles, inner_w, conv.figures, "beside")  # a narrow column: ragged right
    inner._keys = conv._keys
    out: list[Flowable] = []
    row: list[list[Flowable]] = []

    def close() -> None:
        out.extend(_grid_row(row, per_row, inner_w, conv) if len(row) > 1 else
                   [f for cell in row for f in _cell_alone(cell, conv.width)])
        row.clear()

    for cell in (inner.blocks(cell, "beside") for cell in cells):
        if all(_widest(f, inner_w) <= inner_w + 0.5 for f in cell):
            row.append(cell)
            if len(row) == per_row:
                close()
        else:
            close()
            out.extend(_cell_alone(cell, conv.width))
    close()
    return out


def _grid_row(row: list[list[Flowable]], per_row: int, inner_w: float, conv: Converter) -> list[Flowable]:
    half = GRID_GUTTER / 2
    widths = [inner_w + (half if k in (0, per_row - 1) else GRID_GUTTER) for k in range(per_row)]
    table = Table([row + [[]] * (per_row - len(row))], colWidths=widths, hAlign="LEFT")
    table.setStyle(TableStyle([_font(conv), ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), half), ("RIGHTPADDING", (0, 0), (-1, -1), half),
        ("LEFTPADDING", (0, 0), (0, -1), 0), ("RIGHTPADDING", (-1, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    return [table, Spacer(0, 8)]


def _cell_alone(cell: list[Flowable], width: float) -> list[Flowable]:
    """A grid cell on a row of its own: its headings, then its text beside its figures (at the
    width the cell gave them); a cell of a figure or of text alone as it is."""
    heads = [f for f in cell if isinstance(f, Heading)]
    drawn = [d for f in cell if isinstance(f, FigureBlock) for d in f.drawing]
    text = [f for f in cell if not isinstance(f, (Heading, FigureBlock))]
    if not drawn or not text:
        return cell
    figure_w = max(d.wrap(width, 1e6)[0] for d in drawn)
    return heads + [Beside(text, drawn, width - figure_w - GRID_GUTTER, GRID_GUTTER), Spacer(0, 4)]


def rule(_node: SyntaxTreeNode, conv: Converter, _style: str) -> list[Flowable]:
    return [HRFlowable(width="100%", thickness=0.5, color=conv.styles.colour("table_grid"), spaceBefore=4,
                       spaceAfter=6)]


BLOCKS: dict[str, Callable[[SyntaxTreeNode, Converter, str], list[Flowable]]] = {
    "heading": heading, "paragraph": paragraph, "bullet_list": bullet_list, "ordered_list": ordered_list,
    "blockquote": blockquote, "table": table, "fence": fence, "code_block": fence, "hr": rule,
}


# ------------------------------------------------------------------ inlines


def _wrap(tag: str, close: str | None = None):
    def handler(node: SyntaxTreeNode, conv: Converter) -> str:
        return f"<{tag}>{conv.inline(node)}</{close or tag}>"
    return handler


def _link(node: SyntaxTreeNode, conv: Converter) -> str:
    href = escape(str(node.attrs.get("href", "")), {'"': "&quot;"})
    colour = conv.styles.colour("path").hexval()
    return f'<a href="{href}" color="{colour}">{conv.inline(node)}</a>'


def _code(node: SyntaxTreeNode, conv: Converter) -> str:
    return f'<font name="{conv.styles.bold_font}">{escape(node.content)}</font>'


INLINES: dict[str, Callable[[SyntaxTreeNode, Converter], str]] = {
    "text": lambda node, conv: escape(node.content),
    "softbreak": lambda node, conv: " ",
    "hardbreak": lambda node, conv: "<br/>",
    "strong": _wrap("b"),
    "em": _wrap("i"),
    "code_inline": _code,
    "link": _link,
    "image": lambda node, conv: conv.inline(node),  # alt text, when an image is not a figure on its own
}

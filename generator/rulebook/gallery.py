"""The components as printed: a gallery of every distinct face with its count (where a count tells
something), and the cover's row of pieces."""
from __future__ import annotations


from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from generator.model.game import ComponentSet, Piece
from generator.rulebook.faces import PieceFaces
from generator.rulebook.styles import Styles


def caption_fields(component: ComponentSet, piece: Piece) -> list[str]:
    """The fields a piece's caption names: its name, or else the values that tell it apart."""
    if "name" in piece.fields:
        return ["name"]
    fields = component.spec.fields
    return [key for key in piece.fields
            if key in fields and fields[key].type in ("choice", "glyph")]  # what tells pieces apart, not styling


def piece_caption(component: ComponentSet, piece: Piece, faces: PieceFaces) -> str:
    """A piece's name, or the names of the values that tell it apart ('Gold Coin')."""
    if "name" in piece.fields:
        return str(piece.fields["name"])
    values = faces.values(component.id, piece)
    words = [str(values.get(f"{key}_name", piece.fields[key])) for key in caption_fields(component, piece)]
    return " ".join(words) or component.spec.name


def telling_texts(component: ComponentSet, piece: Piece, faces: PieceFaces) -> list[str]:
    """The texts that tell a piece apart: its caption and, beside a name, the label of each of its
    choices (a card's kind)."""
    values = faces.values(component.id, piece)
    fields = component.spec.fields
    labels = [str(values[f"{key}_name"]) for key in piece.fields if key in fields
              and fields[key].type in ("choice", "glyph") and f"{key}_name" in values]
    caption = piece_caption(component, piece, faces)
    return [caption] + ([label for label in labels if label != caption] if "name" in piece.fields else [])


def shows_counts(pieces: list[Piece]) -> bool:
    """Whether a gallery of ``pieces`` prints a count under each face: only when some piece comes
    more than once. A gallery of one of each (a set of glyphs) would print '×1' under every face,
    which says nothing; a gallery that prints counts prints every one, '×1' too, so that a face
    without a count is never read as a label gone missing."""
    return any(piece.count != 1 for piece in pieces)


MIN_THUMBNAIL = 25 * mm   # the least printed height of any piece on the cover
ROW_SHRINK = 0.15   # a gallery's faces may be drawn this much smaller to save a row
WORDY = 0.3        # a face whose text boxes cover this share of it is a card of words
OVER_PRINT = 1.1    # a face enlarged so its words reach min_text is drawn at most this much over its printed size
PAGE_FILL = 0.9     # a gallery takes at most this share of a page's height, its caption under it
PAGE_SHRINK = 0.5   # its faces are drawn down to this share of their size (rows of more faces) to fit one page


class Gallery(Flowable):
    """Each distinct piece of a component with its name beneath, and '×count' above the name when the
    pieces' counts tell something (``shows_counts``), in rows.

    Faces keep their true proportions to one another (a token is drawn smaller than a card), but
    never below half of ``face_height``, the printed height of the largest face. A face's text
    under the figures' smallest size is printed at that size where one line of it fits its box (a
    value in its badge), and left out where it does not. A face that would lose most of its words
    there, or every text of a value it prints (its kind in a band too narrow for it), is drawn
    larger, at the size where all its text, or one text of each value, reaches that size, up to its
    printed size (or a tenth over it, for text printed just under it): a reader never sees a blank
    card that is not blank in print. A value the caption gives (name, count) may be left out.
    Such a gallery is no more to be shrunk to save a row, and is enlarged only when it still fits
    ``page_height`` (a gallery never splits). When the whole gallery at that size would not, the
    cards of words alone are enlarged and the other pieces keep the small size, standing on shelves
    to their right as far as their height allows, then in rows of their own (no new row per choice
    value then); only when even that is too tall does every face keep the small size. A face is a card of
    words when its text boxes cover ``WORDY`` of it; a piece with a label keeps its size and loses
    its label as before. Pieces that differ by a choice field as well as by something else (glyph
    cards by set) start a new row per value.
    """

    min_scale = 1.0   # its captions and the faces' text are sized for the page: a shrunk gallery goes under min_text

    def __init__(self, component: ComponentSet, faces: PieceFaces, styles: Styles, face_height: float,
                 scale: float, rows: list[list[Piece]] | None = None, page_height: float = float("inf")):
        super().__init__()
        self.component, self.faces, self.styles = component, faces, styles
        self.template = faces.face(component.id, component.pieces[0])[0]
        self.scale, self.max_height = scale, face_height
        self.caption_size = styles["caption"].fontSize
        self.counted = shows_counts(component.pieces)   # of all the pieces: a gallery split in parts keeps it
        self.gap = 5
        self._rows, self.page_height = rows, page_height
        self.grouped = True   # a row per value of a choice field (glyph cards by set)
        self.labels_beside = False   # a lone face's count and name set beside it by its figure, not under it
        self._sized: dict[tuple[float, bool], tuple[float, float, float, bool]] = {}   # the sizes chosen at a width
        self._caption_width: float | None = None
        self.small = max(self.template.size[1] * scale, face_height / 2)
        self.wordy = self._wordy(self.small)   # id(piece) -> the height where its words show
        self.word_height = 0.0   # > 0: the cards of words alone drawn at this height
        self._size(max([self.small, *self.wordy.values()]))
        self.least = self.face_height if self.face_height > self.small else 0.0

    def _wordy(self, height: float) -> dict[int, float]:
        """The faces that would lose most of their words, or a value they print, at ``height``, each
        with the larger height at which they show them (all the text of a card of words; at least one
        text of each value, for any face), capped by ``OVER_PRINT``. A value the caption gives (the
        name, the count) need not show on the face as well."""
        out = {}
        for piece in self.component.pieces:
            template, values = self.faces.face(self.component.id, piece)
            needed = self.faces.value_scale(self.component.id, piece,
                                            {*caption_fields(self.component, piece), "count"})
            needed = max(needed, self.faces.clear_scale(self.component.id, piece))   # raised text clear of its art
            texts = self.faces.text_sizes(template, values).values()
            scale = height / template.size[1]
            kept = sum(chars for size, chars in texts if size * scale >= self.faces.min_text)
            boxes = self.faces.text_area(template, values) / (template.size[0] * template.size[1])
            if boxes >= WORDY and kept * 2 < sum(chars for _, chars in texts):   # a card of words that loses most
                needed = max(needed, self.faces.min_text / min(size for size, _ in texts) * (1 + 1e-9))
            if needed > scale:
                out[id(piece)] = template.size[1] * min(needed, OVER_PRINT)
        return out

    def _size(self, face_height: float) -> None:
        self.face_height = face_height
        self.face_width, self.cell_w = self._cell(face_height)
        self.row_h = face_height + self._caption_h

    def _cell(self, face_height: float) -> tuple[float, float]:
        """The width of a face at ``face_height`` and of its cell (the face or its caption, the wider)."""
        face_width = self.template.size[0] * face_height / self.template.size[1]
        if self.labels_beside:
            return face_width, face_width
        longest = self._longest_caption()
        # long names shrink to fit, but never below the figures' smallest text
        floor = longest * self.faces.min_text / self.caption_size + 2
        return face_width, max(face_width, min(longest + 4, max(face_width + 2, floor)))

    def _longest_caption(self) -> float:
        """The width of the widest caption (measured once: every layout tried asks for it)."""
        if self._caption_width is None:
            captions = [piece_caption(self.component, p, self.faces) for p in self.component.pieces]
            self._caption_width = max(stringWidth(c, self.styles.body_font, self.caption_size) for c in captions)
        return self._caption_width

    def _height_of(self, piece: Piece) -> float:
        return self.word_height if self.word_height and id(piece) in self.wordy else self.face_height

    def _row_height(self, row: list[Piece]) -> float:
        return max(self._height_of(p) for p in row) + self._caption_h

    @property
    def _caption_h(self) -> float:
        """The height under a face: its count and its caption, or its caption alone (none beside it)."""
        if self.labels_beside:
            return 0.0
        return (2.6 if self.counted else 1.5) * self.caption_size + self.gap

    def _large(self, piece: Piece) -> bool:
        return bool(self.word_height) and id(piece) in self.wordy

    def _beside(self, large: list[Piece], width: float) -> tuple[int, int]:
        """How many small faces go on each shelf to the right of the ``large`` faces, and how many
        shelves stand there within their height."""
        right = width - sum(self._cell(self.word_height)[1] + self.gap for _ in large)
        per_shelf = max(0, int((right + self.gap) // (self._cell(self.face_height)[1] + self.gap)))
        return per_shelf, int((self.word_height + self._caption_h) // (self.face_height + self._caption_h))

    def _place(self, row: list[Piece], width: float) -> list[tuple[Piece, float, float, float, float]]:
        """Where each face of ``row`` goes: (piece, left, drop from the row's top, face height, cell
        width). Faces stand on the row's foot line; small faces beside large ones (cards of words)
        stand on shelves to their right, as many as the large faces' height holds."""
        large = [p for p in row if self._large(p)]
        small = [p for p in row if not self._large(p)]
        out, left = [], 0.0
        if not large or not small:
            height = max(self._height_of(p) for p in row)
            for piece in row:
                own = self._height_of(piece)
                cell = self._cell(own)[1]
                out.append((piece, left, height - own, own, cell))
                left += cell + self.gap
        else:
            for piece in large:
                cell = self._cell(self.word_height)[1]
                out.append((piece, left, 0.0, self.word_height, cell))
                left += cell + self.gap
            per_shelf, _ = self._beside(large, width)
            cell = self._cell(self.face_height)[1]
            for k, piece in enumerate(small):
                shelf, column = divmod(k, per_shelf)
                out.append((piece, left + column * (cell + self.gap), shelf * (self.face_height + self._caption_h),
                            self.face_height, cell))
        used = max(x + cell for _, x, _, _, cell in out)
        return [(piece, x + (width - used) / 2, drop, h, cell) for piece, x, drop, h, cell in out]

    def _groups(self) -> list[list[Piece]]:
        spec = self.component.spec
        choices = [k for k, f in spec.fields.items() if f.type == "choice"]
        if not choices or len(spec.fields) < 2 or not self.grouped:
            groups = [list(self.component.pieces)]
        else:
            by: dict = {}
            for piece in self.component.pieces:
                by.setdefault(piece.fields.get(choices[0]), []).append(piece)
            # every piece its own value: one row says it better
            groups = [list(self.component.pieces)] if len(by) == len(self.component.pieces) else list(by.values())
        if self.word_height:   # the small faces go beside the large ones first, taking no rows of their own
            return [[p for p in self.component.pieces if self._large(p)]
                    + [p for p in self.component.pieces if not self._large(p)]]
        return groups

    def _fewer_rows(self, width: float) -> None:
        """Faces drawn up to ``ROW_SHRINK`` smaller when that saves a row (a set of eight cards on one
        row rather than seven and one); text a face would print below the figures' smallest size is
        left out as always (``PieceFaces.draw``)."""
        if self._rows is not None:
            return
        full = self.face_height
        rows = len(self._layout(width))
        for step in range(1, 7):
            smaller = full * (1 - ROW_SHRINK * step / 6)
            if smaller < self.least:   # enlarged to keep its words: shrinking would drop them again
                break
            self._size(smaller)
            if len(self._layout(width)) < rows:
                return
        self._size(full)

    def _layout(self, width: float) -> list[list[Piece]]:
        if self._rows is not None:
            return self._rows
        rows: list[list[Piece]] = []
        for group in self._groups():
            large = [p for p in group if self._large(p)]
            group = [p for p in group if not self._large(p)]
            while large:   # a row of cards of words, with small faces on shelves beside them
                used, row = -self.gap, []
                while large and (not row or used + self.gap + self._cell(self.word_height)[1] <= width):
                    used += self.gap + self._cell(self.word_height)[1]
                    row.append(large.pop(0))
                per_shelf, shelves = self._beside(row, width)
                beside = [] if large else group[:per_shelf * shelves]   # only the last row of them
                group = group[len(beside):]
                rows.append(row + beside)
            used = width
            for piece in group:
                cell = self._cell(self._height_of(piece))[1]
                if used + self.gap + cell > width:
                    rows.append([])
                    used = -self.gap
                rows[-1].append(piece)
                used += self.gap + cell
        return rows

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """The gallery's size at ``avail_width``, its faces sized once for each width."""
        self.width = avail_width
        if (avail_width, self.labels_beside) in self._sized:
            face_height, self.word_height, self.least, self.grouped = self._sized[avail_width, self.labels_beside]
            self._size(face_height)
        else:
            self._choose_size(avail_width)
            if self._rows is None and self._height(avail_width) > PAGE_FILL * self.page_height:
                self._fit_page(avail_width)
            self._sized[avail_width, self.labels_beside] = (self.face_height, self.word_height, self.least, self.grouped)
        self.height = self._height(avail_width)
        return self.width, self.height

    def _height(self, width: float) -> float:
        return sum(self._row_height(row) for row in self._layout(width))

    def _choose_size(self, width: float) -> None:
        self._fewer_rows(width)
        if self.least and self._height(width) > PAGE_FILL * self.page_height:   # past a page with its caption: smaller after all
            if not self.word_height and len(self.wordy) < len(self.component.pieces):
                self.word_height = self.face_height   # the cards of words alone keep their size
            else:
                self.least, self.word_height = 0.0, 0.0
            self._size(self.small)
            self._choose_size(width)

    def _fit_page(self, width: float) -> None:
        """Faces drawn smaller (down to ``PAGE_SHRINK``), more of them to a row, in a row per choice
        value first, then in rows regardless of it, until the gallery fits one page: a gallery never
        splits. Text a face would print below the figures' smallest size is left out, as always.
        When even that is too tall the sizes stay as they were (and the gallery splits between rows)."""
        full = self.face_height
        for grouped in (True, False):
            self.grouped = grouped
            for step in range(1, 11):
                self._size(full * (1 - (1 - PAGE_SHRINK) * step / 10))
                if self._height(width) <= PAGE_FILL * self.page_height:
                    return
        self.grouped = True
        self._size(full)

    def side_labels(self) -> list[tuple[str, str, float, object]] | None:
        """A lone face's count (when the gallery shows counts) and name as lines (text, font, size,
        colour) that its figure may set beside it (``labels_beside``); None for a gallery of more."""
        if self._rows is not None or len(self.component.pieces) != 1:
            return None
        piece, colour = self.component.pieces[0], self.styles["caption"].textColor
        count = [(f"\u00d7{piece.count}", self.styles.bold_font, self.caption_size * 1.15, colour)] if self.counted else []
        return count + [(piece_caption(self.component, piece, self.faces), self.styles.body_font, self.caption_size,
                         colour)]

    def natural_width(self, avail_width: float) -> float:
        """How wide the faces and captions of this gallery's widest row draw at ``avail_width``: a
        narrow gallery may share a row with another figure."""
        self.wrap(avail_width, 1e6)
        spans = [[(x, x + cell) for _, x, _, _, cell in self._place(row, avail_width)] for row in self._layout(avail_width)]
        return max((max(b for _, b in row) - min(a for a, _ in row) for row in spans if row), default=avail_width)

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        rows = self._layout(avail_width)
        fit, used = 0, 0.0
        while fit < len(rows) and used + self._row_height(rows[fit]) <= avail_height:
            used += self._row_height(rows[fit])
            fit += 1
        if fit < 1 or fit >= len(rows):
            return []
        parts = [Gallery(self.component, self.faces, self.styles, self.max_height, self.scale, part, self.page_height)
                 for part in (rows[:fit], rows[fit:])]
        for part in parts:   # at the sizes the rows were counted at (a row saved may have shrunk the faces)
            part.word_height, part.grouped = self.word_height, self.grouped
            part._size(self.face_height)
        return parts

    def draw(self) -> None:
        canv = self.canv
        bold, body = self.styles.bold_font, self.styles.body_font
        size = self.caption_size
        top = self.height
        for row in self._layout(self.width):
            for piece, left, drop, height, cell_w in self._place(row, self.width):
                template, values = self.faces.face(self.component.id, piece)
                face_width = self._cell(height)[0]
                foot = top - drop - height
                self.faces.draw(canv, template, values, left + (cell_w - face_width) / 2, top - drop, height,
                                enlarge=self.component.id)
                if self.labels_beside:
                    continue
                centre = left + cell_w / 2
                canv.setFillColor(self.styles["caption"].textColor)
                if self.counted:
                    canv.setFont(bold, size * 1.15)
                    canv.drawCentredString(centre, foot - size * 1.25, f"\u00d7{piece.count}")
                caption = piece_caption(self.component, piece, self.faces)
                fitted = min(size, size * (cell_w + self.gap - 2) / max(1.0, stringWidth(caption, body, size)))
                fitted = max(fitted, min(size, self.faces.min_text))
                canv.setFont(body, fitted)
                canv.drawCentredString(centre, foot - size * (2.35 if self.counted else 1.25), caption)
            top -= self._row_height(row)


class CoverRow(Flowable):
    """Pieces side by side, standing on a line: a cover for a game without a deck. The largest
    piece is ``height`` tall and the others at their printed proportions, except that no piece is
    drawn under ``MIN_THUMBNAIL`` tall (a coin beside a poker card is enlarged to it). A row too
    wide for the page shrinks, but never takes a piece below ``MIN_THUMBNAIL``: below that it wraps
    onto more rows. When the rows would take more than ``budget`` (or the frame's height), they
    shrink to it as far as that floor allows, and failing that the cover shows one piece of each
    component instead of all of them."""

    def __init__(self, faces: PieceFaces, pieces: list[tuple[str, Piece]], height: float,
                 budget: float | None = None):
        super().__init__()
        self.faces, self.all_pieces, self.budget = faces, pieces, budget
        sizes = [faces.face(c, p)[0].size for c, p in pieces]
        scale = height / max(h for _, h in sizes)
        self.natural = [(w * scale, h * scale) for w, h in sizes]   # before any shrinking
        self.gap = 0.08 * height

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        limit = min(avail_height, self.budget or avail_height)
        self._lay_out(list(range(len(self.all_pieces))), avail_width, limit)
        if self.height > limit:   # too many to show legibly: one piece of each component
            firsts: dict[str, int] = {}
            for i, (component, _) in enumerate(self.all_pieces):
                firsts.setdefault(component, i)
            self._lay_out(sorted(firsts.values()), avail_width, limit)
        return self.width, self.height

    def _lay_out(self, chosen: list[int], avail_width: float, limit: float) -> None:
        """Rows of the ``chosen`` pieces, shrunk to the width and then to ``limit`` tall, as far as
        the largest piece may go before it reaches ``MIN_THUMBNAIL``."""
        self.pieces = [self.all_pieces[i] for i in chosen]
        natural = [self.natural[i] for i in chosen]
        least = min(1.0, MIN_THUMBNAIL / max(h for _, h in natural))
        self._rows_at(natural, 1.0, avail_width)
        if self.rows and len(self.rows) > 1:
            wide = sum(w for w, _ in natural) + self.gap * (len(natural) - 1)
            self._rows_at(natural, max(least, avail_width / wide), avail_width)
        if self.height > limit:
            self._rows_at(natural, max(least, self.shrink * limit / self.height), avail_width)

    def _rows_at(self, natural: list[tuple[float, float]], shrink: float, avail_width: float) -> None:
        """Sizes (in points as drawn) and rows of the pieces shrunk by ``shrink``, none under ``MIN_THUMBNAIL``."""
        self.shrink = shrink
        self.sizes = [(w * shrink * f, h * shrink * f) for w, h in natural
                      for f in [max(1.0, MIN_THUMBNAIL / (h * shrink))]]
        gap = self.gap * shrink
        self.rows: list[list[int]] = [[]]
        used = 0.0
        for i, (w, _) in enumerate(self.sizes):
            if self.rows[-1] and used + gap + w > avail_width:
                self.rows.append([])
                used = 0.0
            used += (gap if self.rows[-1] else 0) + w
            self.rows[-1].append(i)
        self.heights = [max(self.sizes[i][1] for i in row) for row in self.rows]
        self.row_height = max(self.heights)
        self.height = sum(self.heights) + (len(self.rows) - 1) * gap

    def draw(self) -> None:
        gap = self.gap * self.shrink
        top = self.height
        for row, row_height in zip(self.rows, self.heights):
            used = sum(self.sizes[i][0] for i in row) + gap * (len(row) - 1)
            x = (self.width - used) / 2
            for i in row:
                (component, piece), (w, h) = self.pieces[i], self.sizes[i]
                template, values = self.faces.face(component, piece)
                # pieces stand on the row's foot line
                self.faces.draw(self.canv, template, values, x, top - (row_height - h), h, enlarge=component)
                x += w + gap
            top -= row_height + gap

"""One page layout for every chart: fixed canvas, header, footnote, legend, plot, no overlaps.

Every chart of :mod:`fleeodds.report.charts` is drawn on a canvas of a fixed width
(:data:`SIZES`: ``"print"`` 6.5 in at 300 dpi, a column of an article; ``"screen"``
9 in at 120 dpi) and a height that grows only with the number of rows to draw. Its
parts are placed in this order, in figure coordinates:

- the title (bold, top left) and the subtitle (grey, under it), wrapped to the width;
- the footnote (small grey, bottom left), wrapped to the width;
- the legend or colour bar, on the right, under the header; a legend that would take more
  than :data:`SIDE_SHARE` of the width moves under the header, in as many columns as fit;
- the plot in the space left, its tick labels, axis labels and value labels
  measured after drawing so that nothing overlaps and nothing leaves the canvas.

The title is the axes' left title (``ax.get_title(loc="left")``); subtitle and
footnote are annotations of the axes (``ax.texts``) placed in figure coordinates.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import Callable, Sequence

from matplotlib.transforms import Bbox

#: Canvas width (inches), default height (inches) and PNG resolution (dots per inch).
SIZES = {"print": (6.5, 4.0, 300), "screen": (9.0, 5.0, 120)}
#: Outer margin of the canvas, points.
MARGIN = 8.0
#: Gap between blocks (header, plot, legend, footnote), points.
GAP = 8.0
#: Largest share of the canvas width a legend on the right may take; a wider one goes on top.
SIDE_SHARE = 0.24
#: The one style of every chart.
STYLE = {
    "font.size": 9, "axes.titlesize": 11, "axes.titleweight": "bold", "axes.labelsize": 9,
    "axes.spines.top": False, "axes.spines.right": False, "axes.grid": True, "axes.grid.axis": "x",
    "grid.alpha": 0.3, "legend.frameon": False, "figure.dpi": 100, "savefig.dpi": 300,
    "font.family": "DejaVu Sans", "svg.fonttype": "none", "xtick.labelsize": 8, "ytick.labelsize": 8,
    "legend.fontsize": 8, "legend.title_fontsize": 8,
}
TITLE_SIZE, SUBTITLE_SIZE, FOOT_SIZE, VALUE_SIZE = 11.0, 8.5, 7.0, 7.0
GREY, DARK = "#555555", "#333333"


def check_size(size: str) -> tuple[float, float, int]:
    from ..errors import InputError
    from ..language import Message, N_

    if size not in SIZES:
        raise InputError("size", size, Message(N_("one of {choices}"), choices=", ".join(f"'{s}'" for s in SIZES)))
    return SIZES[size]


def wrap(text: str, width_pt: float, fontsize: float, bold: bool = False) -> str:
    """``text`` wrapped so that each line fits ``width_pt`` points at ``fontsize``
    (DejaVu Sans averages 0.56 em a character, 0.62 em in bold; measured again after drawing)."""
    per = fontsize * (0.62 if bold else 0.56)
    n = max(12, int(width_pt / per))
    return "\n".join("\n".join(textwrap.wrap(line, n)) or line for line in text.split("\n"))


@dataclass
class Page:
    """The blocks of one chart, laid out by :meth:`finish`.

    Attributes
    ----------
    fig, ax : the figure and its main axes.
    header : texts at the top (title, subtitle), top to bottom.
    footer : the footnote text, or None.
    side : callables returning the artists of the right-hand block (legend, colour bar axes).
    fitters : callables run after each layout pass (value labels that depend on positions).
    """

    fig: object
    ax: object
    header: list = field(default_factory=list)
    footer: object = None
    side: object = None
    cax: object = None
    fitters: list[Callable] = field(default_factory=list)
    frame_texts: list = field(default_factory=list)
    #: How to draw the legend again in columns under the header, ``(handles, labels, kwargs)``;
    #: set by :meth:`legend`. ``top`` is that legend once moved.
    legend_args: object = None
    top: object = None

    def legend(self, handles, labels, title=None, **kw):
        """A legend on the right, under the header; moved under the header in columns when it
        would squeeze the plot (wider than :data:`SIDE_SHARE` of the canvas)."""
        leg = self.ax.legend(handles, labels, title=title, loc="upper left", bbox_to_anchor=(1.0, 1.0),
                             bbox_transform=self.fig.transFigure, borderaxespad=0, **kw)
        if leg is not None:
            leg._legend_box.align = "left"
            self.side = leg
            self.legend_args = (handles, labels, dict(kw, title=title))
        return leg

    def _move_legend_on_top(self, renderer) -> None:
        """Put a too wide side legend under the header, in the most columns that fit the width."""
        if self.side is None or self.legend_args is None or self.cax is not None:
            return
        W = self.fig.bbox.width
        if self.side.get_window_extent(renderer).width <= SIDE_SHARE * W:
            return
        handles, labels, kw = self.legend_args
        avail = W - 2 * self.px(MARGIN)
        self.side.remove()
        for ncol in range(len(labels), 0, -1):
            leg = self.ax.legend(handles, labels, loc="upper left", bbox_to_anchor=(0.0, 1.0),
                                 bbox_transform=self.fig.transFigure, borderaxespad=0, ncol=ncol,
                                 columnspacing=1.2, **kw)
            leg._legend_box.align = "left"
            if leg.get_window_extent(renderer).width <= avail or ncol == 1:
                break
            leg.remove()
        self.side, self.top = None, leg

    @property
    def width_pt(self) -> float:
        return self.fig.get_figwidth() * 72.0

    def px(self, points: float) -> float:
        return points * self.fig.dpi / 72.0

    # -- blocks -------------------------------------------------------------------
    def titles(self, title: str, subtitle: str = "") -> None:
        avail = self.width_pt - 2 * MARGIN
        ax = self.ax
        t = ax.set_title(wrap(title, avail, TITLE_SIZE, True) if title else "", loc="left", y=1.0,
                         fontsize=TITLE_SIZE, fontweight="bold", ha="left", va="top")
        t.set_transform(self.fig.transFigure)
        self.header.append(t)
        if subtitle:
            s = ax.annotate(wrap(subtitle, avail, SUBTITLE_SIZE), xy=(0, 1), xycoords="figure fraction",
                            fontsize=SUBTITLE_SIZE, color="#444444", ha="left", va="top", annotation_clip=False)
            self.header.append(s)
            self.frame_texts.append(s)

    def footnote(self, lines: Sequence[str]) -> None:
        lines = [x for x in lines if x]
        if not lines:
            return
        text = "  ·  ".join(list(lines) + ["fleeodds"])
        self.footer = self.ax.annotate(wrap(text, self.width_pt - 2 * MARGIN, FOOT_SIZE), xy=(0, 0),
                                       xycoords="figure fraction", fontsize=FOOT_SIZE, color=GREY,
                                       ha="left", va="bottom", annotation_clip=False)
        self.frame_texts.append(self.footer)

    # -- layout -------------------------------------------------------------------
    def _inner(self, renderer) -> Bbox:
        """The main axes with its tick labels, axis labels and value labels (not the header,
        footnote or legend), in pixels."""
        ax = self.ax
        boxes = [ax.get_window_extent(renderer), ax.xaxis.get_tightbbox(renderer),
                 ax.yaxis.get_tightbbox(renderer)]
        skip = set(map(id, self.frame_texts)) | {id(t) for t in self.header}
        for t in ax.texts:
            if id(t) not in skip and t.get_visible() and t.get_text():
                boxes.append(t.get_window_extent(renderer))
        return Bbox.union([b for b in boxes if b is not None and b.width >= 0])

    def finish(self, passes: int = 4) -> None:
        """Place every block; run the fitters; repeat until positions settle."""
        fig = self.fig
        renderer = fig.canvas.get_renderer()
        W, H = fig.bbox.width, fig.bbox.height
        m, g = self.px(MARGIN), self.px(GAP)
        for _ in range(passes):
            # header, top down
            y = H - m
            for t in self.header:
                if t is self.ax.title or t is getattr(self.ax, "_left_title", None):
                    t.set_transform(fig.transFigure)
                    t.set_position((m / W, y / H))
                else:
                    t.xy = t.xyann = (m / W, y / H)
                if t.get_text():
                    y = t.get_window_extent(renderer).y0 - self.px(3)
            if _ == 0:
                self._move_legend_on_top(renderer)
            if self.top is not None:
                y -= self.px(GAP) - self.px(3)
                self.top.set_bbox_to_anchor((m / W, y / H), transform=fig.transFigure)
                y = self.top.get_window_extent(renderer).y0 - self.px(3)
            top = y - g + self.px(3)
            bottom = m
            if self.footer is not None:
                self.footer.xy = self.footer.xyann = (m / W, m / H)
                bottom = self.footer.get_window_extent(renderer).y1 + g
            right = W - m
            if self.side is not None:
                side_w = self._side_width(renderer)
                right = W - m - side_w - g
            inner = self._inner(renderer)
            pos = self.ax.get_window_extent(renderer)
            pad_l, pad_r = pos.x0 - inner.x0, inner.x1 - pos.x1
            pad_b, pad_t = pos.y0 - inner.y0, inner.y1 - pos.y1
            x0, x1 = m + pad_l, right - pad_r
            y0, y1 = bottom + pad_b, top - pad_t
            if x1 - x0 < 40 or y1 - y0 < 30:  # never a degenerate plot; the test then fails loudly
                x1, y1 = max(x1, x0 + 40), max(y1, y0 + 30)
            self.ax.set_position([x0 / W, y0 / H, (x1 - x0) / W, (y1 - y0) / H])
            if self.side is not None:
                self._place_side(renderer, x1 + pad_r + g, top)
            for fit in self.fitters:
                fit(renderer)
            fig.canvas.draw()

    def _side_width(self, renderer) -> float:
        if self.cax is not None:
            return self.cax.get_tightbbox(renderer).width
        return self.side.get_window_extent(renderer).width

    def _place_side(self, renderer, x: float, top: float) -> None:
        W, H = self.fig.bbox.width, self.fig.bbox.height
        if self.cax is not None:
            axpos = self.ax.get_position()
            pos = self.cax.get_window_extent(renderer)
            self.cax.set_position([x / W, axpos.y0, pos.width / W, axpos.height])
            return
        self.side.set_bbox_to_anchor((x / W, top / H), transform=self.fig.transFigure)


def text_boxes(fig) -> list:
    """Every visible, non-empty text of ``fig`` with its box in pixels (after a draw)."""
    from matplotlib.text import Text

    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    out = []
    for t in fig.findobj(Text):
        if not t.get_visible() or not t.get_text().strip():
            continue
        if t.axes is not None and not t.axes.get_visible():
            continue
        out.append((t, t.get_window_extent(renderer)))
    return out


def spread(ys: Sequence[float], gap: float, lo: float, hi: float) -> list[float]:
    """Positions as close as possible to ``ys`` with at least ``gap`` between neighbours and
    inside ``[lo, hi]`` (same order as ``ys``); for labels at the ends of lines."""
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    pos = [float(ys[i]) for i in order]
    for _ in range(50):
        moved = False
        for k in range(1, len(pos)):
            if pos[k] - pos[k - 1] < gap - 1e-9:
                mid = (pos[k] + pos[k - 1]) / 2
                pos[k - 1], pos[k] = mid - gap / 2, mid + gap / 2
                moved = True
        if pos and pos[0] < lo:
            shift = lo - pos[0]
            pos = [p + shift for p in pos]
        if pos and pos[-1] > hi:
            shift = pos[-1] - hi
            pos = [p - shift for p in pos]
        if not moved:
            break
    for k in range(1, len(pos)):  # a last push upwards keeps the gap even when squeezed
        pos[k] = max(pos[k], pos[k - 1] + gap)
    out = [0.0] * len(ys)
    for k, i in enumerate(order):
        out[i] = pos[k]
    return out

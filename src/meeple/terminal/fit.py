"""Tables that stay whole in a narrow terminal.

A table with a row per seat and a column per fact (influence, hand, bid, ...)
needs a wide terminal: in 80 columns rich would cut its words short
("Gatheri…", "domin…"), hiding what a player needs. `Fitted` shows such a
table as it is where it prints whole, and where it does not, the first of
these that does: a narrower form of the caller's, the table turned on its
side (a row per fact, a column per seat), and last the facts as lines of
words ("Battlefield: ...") that wrap between words and so always fit.
"""

from __future__ import annotations

import io

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text


def whole(console: Console, width: int, renderable: RenderableType) -> bool:
    """Whether `renderable` prints in `width` columns with no word cut
    (rich marks a cut with "…") and no line longer than the width, measured
    in terminal cells: a Japanese character takes two."""
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None, legacy_windows=False).print(renderable)
    text = buf.getvalue()
    return "…" not in text and all(cell_len(line) <= width for line in text.splitlines())


class Fitted:
    """`table` where it prints whole in the terminal's width, else `narrow`
    (the same facts in fewer columns), the table turned, or its lines."""

    def __init__(self, table: Table, narrow: Table | None = None) -> None:
        self.table, self.narrow = table, narrow

    def forms(self) -> list[RenderableType]:
        out: list[RenderableType] = [self.table]
        if self.narrow is not None:
            out.append(self.narrow)
        out.append(turned(self.table))
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for form in self.forms():
            if whole(console, options.max_width, form):
                yield form
                return
        yield listed(self.table)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.table)


def _cell_text(cell) -> Text:
    if isinstance(cell, Text):
        return cell
    return Text.from_markup(str(cell)) if isinstance(cell, str) else Text(str(cell))


def turned(table: Table) -> Table:
    """`table` on its side: the cells of its first column head the columns,
    its other headers head the rows. Long words wrap, none is cut."""
    first, *rest = table.columns
    out = Table(
        title=table.title,
        caption=table.caption,
        box=table.box,
        header_style=table.header_style,
        pad_edge=table.pad_edge,
        show_header=True,
    )
    out.add_column("", style="bold")
    for head in first.cells:
        out.add_column(head)
    for col in rest:
        out.add_row(col.header, *col.cells)
    return out


def listed(table: Table) -> Text:
    """`table` as lines of words: each row its first cell, then "header:
    cell" for the others; rich wraps it between words."""
    out = Text()
    if table.title:
        out.append(f"{table.title}\n", style="bold")
    first, *rest = table.columns
    for i, head in enumerate(first.cells):
        out.append_text(_cell_text(head))
        for col in rest:
            cells = list(col.cells)
            out.append(f"  {col.header}: ")
            out.append_text(_cell_text(cells[i]) if i < len(cells) else Text("-"))
        out.append("\n")
    out.rstrip()
    return out

"""Tables that stay whole in a narrow terminal.

A table with a row per seat and a column per fact (influence, hand, bid, ...)
needs a wide terminal: in 80 columns rich would cut its words short
("Gatheri…", "domin…"), hiding what a player needs. `Fitted` shows such a
table as it is where it fits, and where it does not, turned on its side (a
row per fact, a column per seat, which fits four seats in 80 columns) or in
a narrower form of the caller's.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table


_UNBOUNDED = 100_000  # a width no table reaches: a measure not cut to the terminal's


class Fitted:
    """`table` where the terminal is wide enough for its longest words, else
    `narrow` (the same facts in fewer columns), or with none given the table
    turned (its first column becomes the header row)."""

    def __init__(self, table: Table, narrow: Table | None = None) -> None:
        self.table, self.narrow = table, narrow

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        # its narrowest: each column as wide as its longest word (rich wraps
        # the rest), which the table needs for no word to be cut
        least = Measurement.get(console, options.update_width(_UNBOUNDED), self.table).minimum
        if least <= options.max_width:
            yield self.table
        else:
            yield self.narrow if self.narrow is not None else turned(self.table)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.table)


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
    out.add_column("", style="bold", overflow="fold")
    for head in first.cells:
        out.add_column(head, overflow="fold")
    for col in rest:
        out.add_row(col.header, *col.cells)
    return out

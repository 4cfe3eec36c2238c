"""The terminal lays out Japanese by the cells it takes (two a character),
not by its count of characters: a table of Japanese words that fits by count
but not by cells is shown in a narrower form, and no printed line is wider
than the terminal."""

from __future__ import annotations

import io

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table

from meeple.terminal.fit import Fitted


def _players() -> Table:
    t = Table(box=None, show_header=True)
    for head in ("勢力", "影響力", "伝承", "手札", "支持者", "王国カード"):
        t.add_column(head, no_wrap=True)
    for _ in range(3):
        t.add_row(
            "ノビリティ(あなた)", "12", "3 (+1)", "5/7", "ボード上に3、ハイランドに1", "アルテア(キャプテン7が占領)"
        )
    return t


def test_a_japanese_table_too_wide_in_cells_takes_a_narrower_form():
    table = _players()
    by_count = max(len(line) for line in _printed(table, 200).splitlines())
    by_cells = max(cell_len(line) for line in _printed(table, 200).splitlines())
    width = (by_count + by_cells) // 2  # wide enough by count of characters, too narrow by cells
    out = _printed(Fitted(table), width)
    assert all(cell_len(line) <= width for line in out.splitlines()), out
    assert "…" not in out
    assert "ハイランドに1" in out.replace("\n", "")


def _printed(renderable, width: int) -> str:
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None).print(renderable)
    return buf.getvalue()

"""The order of the seats at the end of an Ethnos game in the terminal: who is
ahead, and why when glory ties (the tie-breakers of the rulebook), and the
final ranking table."""

from __future__ import annotations

from rich import box
from rich.console import Group, JustifyMethod
from rich.table import Table
from rich.text import Text

from meeple.games.ethnos import data
from meeple.terminal.ethnos_palette import Palette


def board_markers(view: dict, seat: int) -> int:
    return sum(view["kingdoms"][k]["markers"][seat] for k in data.KINGDOMS)


def ranking(view: dict) -> list[tuple[int, int, tuple]]:
    """[(rank, seat, key)] best first; key = (glory, board markers, band sizes)."""
    keys = {}
    for s, sd in enumerate(view["seats"]):
        sizes = tuple(sorted((len(b["cards"]) for b in sd["bands"]), reverse=True))
        keys[s] = (sd["glory"], board_markers(view, s), sizes)
    order = sorted(keys, key=lambda s: keys[s], reverse=True)
    return [(1 + sum(keys[o] > keys[s] for o in keys), s, keys[s]) for s in order]


def _why_ahead(a: tuple, b: tuple) -> str | None:
    if a[0] != b[0]:
        return None
    if a[1] != b[1]:
        return f"tie on glory broken by markers on the board ({a[1]} vs {b[1]})"
    if a[2] != b[2]:
        return f"tie on glory and markers broken by band sizes ({list(a[2])} vs {list(b[2])})"
    return "tied on glory, markers and band sizes"


def render_ranking(view: dict, pal: Palette) -> Group:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("Rank", "right"),
        ("Player", "left"),
        ("Glory", "right"),
        ("Markers on board", "right"),
        ("Bands (last age)", "left"),
        ("Tie-break", "left"),
    )
    for col, j in columns:
        table.add_column(col, justify=j)
    rows = ranking(view)
    winners = set(view.get("winners") or [])
    for i, (rank, s, key) in enumerate(rows):
        who = pal.tag(s)
        if s in winners:
            who.append("  WINNER", style="bold reverse")
        note = _why_ahead(rows[i - 1][2], key) if i else None
        table.add_row(
            str(rank), who, Text(str(key[0]), style="bold"), str(key[1]), " ".join(map(str, key[2])) or "-", note or ""
        )
    line = Text()
    if len(winners) > 1:
        line.append("Shared win: ", style="bold")
        line.append_text(Text(", ").join(pal.tag(s) for s in sorted(winners)))
    elif winners:
        line.append("Winner: ", style="bold")
        line.append_text(pal.tag(next(iter(winners))))
    foot = Text(
        "Ties: most glory, then most markers in the kingdoms, then the larger "
        "biggest band of the last age, then the next band, ...",
        style="dim",
    )
    return Group(Text("Final ranking", style="bold"), table, line, foot)

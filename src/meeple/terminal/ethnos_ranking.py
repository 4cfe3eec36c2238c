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
from meeple.terminal.fit import Fitted
from meeple.terminal.words import say


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
        return say("terminal.ethnos.tie.markers", a=a[1], b=b[1])
    if a[2] != b[2]:
        return say("terminal.ethnos.tie.bands", a=" ".join(map(str, a[2])), b=" ".join(map(str, b[2])))
    return say("terminal.ethnos.tie.all")


def render_ranking(view: dict, pal: Palette) -> Group:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        (say("terminal.ethnos.col.rank"), "right"),
        (say("terminal.ethnos.col.player"), "left"),
        (say("terminal.ethnos.col.glory"), "right"),
        (say("terminal.ethnos.col.markers"), "right"),
        (say("terminal.ethnos.col.last_bands"), "left"),
        (say("terminal.ethnos.col.tie"), "left"),
    )
    for col, j in columns:
        table.add_column(col, justify=j)
    rows = ranking(view)
    winners = set(view.get("winners") or [])
    for i, (rank, s, key) in enumerate(rows):
        who = pal.tag(s)
        if s in winners:
            who.append("  " + say("terminal.ethnos.winner_mark"), style="bold reverse")
        note = _why_ahead(rows[i - 1][2], key) if i else None
        table.add_row(
            str(rank), who, Text(str(key[0]), style="bold"), str(key[1]), " ".join(map(str, key[2])) or "-", note or ""
        )
    line = Text()
    if len(winners) > 1:
        line.append(say("terminal.shared_win"), style="bold")
        line.append_text(Text(say("terminal.comma")).join(pal.tag(s) for s in sorted(winners)))
    elif winners:
        line.append(say("terminal.winner"), style="bold")
        line.append_text(pal.tag(next(iter(winners))))
    foot = Text(say("terminal.ethnos.ties"), style="dim")
    return Group(Text(say("terminal.ethnos.final_ranking"), style="bold"), Fitted(table), line, foot)

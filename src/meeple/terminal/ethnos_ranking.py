"""The order of the seats at the end of an Ethnos game in the terminal: who is
ahead, and why when glory ties (the tie-breakers of the rulebook)."""

from __future__ import annotations

from meeple.games.ethnos import data


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

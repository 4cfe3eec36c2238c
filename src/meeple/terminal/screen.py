"""What a terminal table prints at each decision, so that a small terminal
(80x24) still shows what matters.

A table is printed as named sections (players, map, hand...). At a decision
only the sections whose text changed since they were last printed are
printed again (`Sections`), then the moves since the person's last decision,
repeated lines folded into one (`fold`), then the menu and, last, one line
with the turn and the question: what a person reads first is at the bottom,
where a scrolling terminal keeps it in view. `board` prints every section.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable

from rich.console import Console, RenderableType
from rich.text import Text

from meeple.terminal.words import say


def plain(renderable: RenderableType, width: int) -> str:
    """The text `renderable` prints at `width` columns, without colour."""
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None, highlight=False).print(renderable)
    return buf.getvalue()


class Rows:
    """A section printed by rows: `rows` (key: the row's text), and
    `build(keys)` the section with only those rows (None: all of them)."""

    def __init__(self, rows: dict[str, str], build: Callable[[set[str] | None], RenderableType]) -> None:
        self.rows, self.build = rows, build


class Sections:
    """The table's sections as last printed to `console`."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.shown: dict[str, str] = {}
        self.shown_rows: dict[str, dict[str, str]] = {}

    def show(self, parts: Iterable[tuple[str, RenderableType | Rows | None]], every: bool = False) -> int:
        """Print the sections whose text changed (all with `every`); the
        number printed."""
        printed = 0
        width = self.console.width
        for name, part in parts:
            if part is None:
                continue
            if isinstance(part, Rows):
                before = self.shown_rows.get(name, {})
                changed = {k for k, t in part.rows.items() if every or before.get(k) != t}
                if changed:
                    self.console.print(part.build(None if len(changed) == len(part.rows) else changed))
                    self.shown_rows[name] = dict(part.rows)
                    printed += 1
                continue
            text = plain(part, width)
            if every or self.shown.get(name) != text:
                self.console.print(part)
                self.shown[name] = text
                printed += 1
        return printed


def fold(lines: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Runs of the same line, one line "... (3 times)"; lines are (text, style)."""
    out: list[tuple[str, str]] = []
    count = 0
    for i, (text, style) in enumerate(lines):
        count += 1
        if i + 1 < len(lines) and lines[i + 1][0] == text:
            continue
        out.append((say("terminal.repeated", text=text, count=count) if count > 1 else text, style))
        count = 0
    return out


def status_line(*parts: str, ascii: bool = False) -> Text:
    """The bottom line: the turn and the question, in words."""
    return Text((" | " if ascii else "  ·  ").join(p for p in parts if p), style="bold reverse")


def menu_fits(console: Console, lines: int, reserve: int = 6) -> bool:
    """Whether a menu of `lines` printed lines leaves room, in a terminal
    `console.height` high, for the last moves and the question."""
    return lines + reserve <= console.height


class Resign(Exception):
    """The person resigned (and confirmed it)."""


def resign_help() -> str:
    return say("terminal.resign.help")


YES = ("yes", "y")  # typed answers that say yes in every language, beside the language's own word


def resign_confirmed(console: Console, read, players: int) -> bool:
    """Ask once more before resigning; `read()` returns the answer line
    ('' at the end of input)."""
    then = say("terminal.resign.two") if players == 2 else say("terminal.resign.many")
    console.print(Text(say("terminal.resign.ask", then=then), style="bold yellow"))
    console.print(Text(say("terminal.resign.confirm", yes=say("terminal.yes")), style="bold yellow"), end="")
    return read().strip().lower() in (*YES, say("terminal.yes").lower())


def resigned_places(names: list[str], ranked: list[int], resigned: int) -> Text:
    """The places after a resignation: the others in the game's order, the
    resigned seat last."""
    order = [s for s in ranked if s != resigned] + [resigned]
    out = Text(say("terminal.places"), style="bold")
    out.append(
        say("terminal.comma").join(
            say("terminal.place.resigned" if s == resigned else "terminal.place", place=i, name=names[s])
            for i, s in enumerate(order, 1)
        )
    )
    return out

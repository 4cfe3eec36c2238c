"""How the seats of an Ethnos game look in the terminal to one viewer: colour,
mark and name (told apart by shape as well as colour, for colour-blind eyes),
and the Roman numerals of the ages."""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from meeple.terminal.words import say

ROMAN = ("0", "I", "II", "III")

# A seat is told apart by colour AND by shape and number (colour-blind safe).
PLAYER_STYLES = ("bold cyan", "bold yellow", "bold magenta", "bold white", "bold spring_green2", "bold hot_pink")
PLAYER_MARKS = ("●", "■", "▲", "◆", "★", "✚")
ASCII_MARKS = ("o", "#", "^", "&", "%", "+")


@dataclass(frozen=True)
class Palette:
    """How seats look to one viewer: colour, mark, and who is 'you'."""

    players: int
    me: int | None = None
    ascii: bool = False
    names: tuple[str, ...] = ()

    def mark(self, seat: int) -> str:
        return (ASCII_MARKS if self.ascii else PLAYER_MARKS)[seat]

    @property
    def dot(self) -> str:
        """What an empty cell shows."""
        return "." if self.ascii else "·"

    def rule(self, title: str = "", style: str = "") -> Rule:
        return Rule(title, characters="-" if self.ascii else "─", style=style)

    def style(self, seat: int) -> str:
        return PLAYER_STYLES[seat]

    def tag(self, seat: int, you: bool = True) -> Text:
        """The seat by its mark and name, counted from 1 ("■Player 2")."""
        t = Text(self.mark(seat) + say("terminal.ethnos.player", number=seat + 1), style=self.style(seat))
        if you and seat == self.me:
            t.append(say("terminal.you"), style="bold")
        return t

    def seats(self) -> list[dict]:
        """The seats as the presenter's sentences name them."""
        return [{"name": self.tag(s).plain} for s in range(self.players)]

    def name(self, seat: int) -> str:
        if seat == self.me:
            return say("terminal.you.alone")
        return self.names[seat] if seat < len(self.names) else say("terminal.bot")


def titled(title: str, table: RenderableType) -> Group:
    return Group(Text(title, style="bold"), table)

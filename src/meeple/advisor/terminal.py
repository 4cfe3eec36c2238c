"""The look-up commands of the terminal tables (`meeple play`): `hint`, in all
three games, `rules` (the game's rules in short) and `info NAME` (what a name
means: the game's glossary, and what its card data says of that card).

The person's seat is asked for its three best moves: `meeple.advisor.hint`
observes the game as that seat does (its view and the events it may read),
so a hint in the terminal knows no more than the player.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from meeple.terminal.words import percent, say

SECONDS = 2.0  # CPU seconds a terminal hint searches
ITERATIONS = None  # or a simulation budget (tests: fast and reproducible)
BAR = 20  # characters of a full chance bar


def typed_form(move: str) -> str:
    """A hinted MOVE as the person types it at their own table: without the
    seat the notation puts before a simultaneous choice ("0: bid heir",
    "@0 weapon sling")."""
    head, _, rest = move.partition(" ")
    if rest and (head.endswith(":") and head[:-1].isdigit() or head.startswith("@") and head[1:].isdigit()):
        return rest
    return move


def hint_table(state, seat: int, words=None) -> Table | Text:
    """The hint for `seat` as a table (rank, the move in words with its
    notation to type, chance with a bar), ranked by that chance, or the
    reason there is none. `words(move)` says a MOVE in words."""
    from meeple.advisor.hint import hint  # the module, not the package's wrapper of the same name
    from meeple.core.game import GameError

    try:
        found = hint(state, seat, seconds=SECONDS, iterations=ITERATIONS)
    except GameError as e:
        return Text(say("terminal.hint.none", why=str(e)), style="yellow")
    table = Table(title=say("terminal.hint.title"), title_justify="left", box=None)
    table.add_column("#", justify="right")
    table.add_column(say("terminal.hint.move"), overflow="fold")  # (Japanese has no spaces to wrap at)
    table.add_column(say("terminal.hint.win"), justify="right")
    table.add_column("")
    ranked = sorted(found["options"], key=lambda o: -o["win"])
    for i, o in enumerate(ranked, 1):
        full = round(o["win"] * BAR)
        typed = typed_form(o["move"])
        said = words(o["move"]) if words is not None else typed
        move = Text(said)
        if said != typed:
            move.append("\n" + say("terminal.type", typed=typed), style="dim")
        table.add_row(str(i), move, percent(o["win"]), Text("█" * full + "·" * (BAR - full), style="green"))
    return table


def look_up(
    line: str, state, seat: int, info=None, unknown: str = "terminal.info.unknown", game: str | None = None, words=None
):
    """What a table prints for a look-up command: `hint` (its moves said by
    `words(move)`), `rules` (with `game`), or `info NAME`: the game's
    glossary entry (with `game`) and what `info(name)` tells of that very
    card (its text, or None for an unknown name, told with `unknown`: the
    catalog key of a sentence with {name}); None
    when the line is no look-up (a move, say)."""
    if line == "hint":
        return hint_table(state, seat, words)
    if game is not None and line == "rules":
        from meeple.terminal.rules import rules_text

        return rules_text(game)
    if game is not None and (line == "info" or line.startswith("info ")):
        from meeple.terminal.rules import info_text

        return info_text(game, line[4:], info, unknown)
    if info is not None and line.startswith("info "):
        name = line[5:]
        return info(name) or say(unknown, name=repr(name))
    return None

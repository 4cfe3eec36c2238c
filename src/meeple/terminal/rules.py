"""`rules` and `info NAME` at the terminal tables (`meeple play`): the game's
rules summary and its glossary (`meeple.games.glossary`), each entry with the
rulebook section it comes from, and what the game's own card data adds about
a particular card, god or tile (the presenter's `info`)."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group
from rich.text import Text

from meeple.games import glossary

MAX_SHOWN = 3  # entries shown when a name fits several (a god and a weapon, say)


def rules_text(game: str) -> Group:
    """The whole rules summary of `game`, section by section."""
    rules = glossary.load(game)
    parts: list = [Text(f"{rules.title}: the rules in short", style="bold underline")]
    for section in rules.summary:
        parts.append(Text(section.title, style="bold"))
        for _, sentence in section.sentences:
            parts.append(Text("  • " + sentence))
        parts.append(Text("  From: " + section.cited(), style="dim"))
    kinds = ", ".join(h.lower() for h in rules.kinds().values())
    parts.append(Text(f"Type 'info NAME' for any term ({kinds}).", style="italic"))
    return Group(*parts)


def entry_text(entry: glossary.Entry) -> Text:
    out = Text()
    out.append(entry.name, style="bold")
    out.append(": " + entry.text)
    out.append("\n  From: " + entry.cited(), style="dim")
    return out


def info_text(
    game: str, name: str, card_info: Callable[[str], str | None] | None = None, unknown: str = "Nothing is called {!r}."
) -> Text | Group:
    """What `name` means in `game`: its glossary entries, then what the card
    data says of that very card (`card_info`, the presenter's look-up), or
    `unknown` (with the nearest names) when nothing is called so."""
    name = name.strip()
    if not name:
        return Text("Type 'info' and a name, such as 'info " + _example(game) + "'.", style="yellow")
    entries = glossary.lookup_all(game, name)[:MAX_SHOWN]
    extra = None
    if card_info is not None:  # by the name typed, else by the entry's own ("Asbis" is Anubis)
        for asked in (name, *(e.id.partition(".")[2].replace("_", " ") for e in entries[:1])):
            try:
                extra = card_info(asked)
            except Exception:  # a presenter's look-up that fails on odd input says nothing
                extra = None
            if extra:
                break
    parts: list = [entry_text(e) for e in entries]
    if extra:
        parts.append(Text("As played here: " + extra))
    if parts:
        return Group(*parts)
    near = glossary.search(game, name)[:5]
    said = Text(unknown.format(name), style="yellow")
    if near:
        said.append(" Did you mean: " + ", ".join(e.name for e in near) + "?", style="yellow")
    said.append(" ('rules' shows the rules in short.)", style="dim")
    return said


def greeting(game: str, entry_ids: list[str], heading: str) -> Group:
    """What a new player reads before the first turn: the powers in play
    (`entry_ids`, under `heading`) and how to ask for the rest."""
    parts: list = [Text(heading, style="bold")] if entry_ids else []
    for eid in entry_ids:
        e = glossary.entry(game, eid)
        parts.append(Text.assemble((f"  {e.name}: ", "bold"), e.text))
    parts.append(
        Text(f"Type 'rules' for the rules in short, 'info NAME' for any name on the table ('info {_example(game)}').")
    )
    return Group(*parts)


def _example(game: str) -> str:
    return {"ethnos": "centaur", "okc": "Pathfinder", "anunnaki": "domination"}.get(game, "rules")

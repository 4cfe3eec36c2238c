"""`rules` and `info NAME` at the terminal tables (`meeple play`): the game's
rules summary and its glossary (`meeple.games.glossary`), each entry with the
rulebook section it comes from, and what the game's own card data adds about
a particular card, god or tile (the presenter's `info`), in the table's
language (`meeple.terminal.words`).

The glossary's sentences are catalog messages by their keys
(`<game>.<entry>.<sentence>`, `<game>.summary.<section>.<sentence>`); a
sentence or title the catalog does not hold yet is shown as rules.json
writes it, in English (the completeness test of the terminal finds it)."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group
from rich.text import Text

from meeple.games import glossary
from meeple.i18n import DEFAULT, has_key
from meeple.terminal.words import lang, listed, number, say

MAX_SHOWN = 3  # entries shown when a name fits several (a god and a weapon, say)

GAME_NAME = {"ethnos": "common.game.ethnos", "okc": "common.game.okc", "anunnaki": "common.game.anunnaki"}
SEED_TITLE = {
    "000": "terminal.seed.000",
    "001": "terminal.seed.001",
    "002": "terminal.seed.002",
    "003": "terminal.seed.003",
    "004": "terminal.seed.004",
}
KIND_HEADING = {
    "tribe": "terminal.kind.tribe",
    "kingdom": "terminal.kind.kingdom",
    "component": "terminal.kind.component",
    "term": "terminal.kind.term",
    "faction": "terminal.kind.faction",
    "card": "terminal.kind.card",
    "trait": "terminal.kind.trait",
    "command": "terminal.kind.command",
    "region": "terminal.kind.region",
    "location": "terminal.kind.location",
    "council": "terminal.kind.council",
    "suit": "terminal.kind.suit",
    "house": "terminal.kind.house",
    "god": "terminal.kind.god",
    "weapon": "terminal.kind.weapon",
    "tile": "terminal.kind.tile",
    "track": "terminal.kind.track",
    "artifact": "terminal.kind.artifact",
    "objective": "terminal.kind.objective",
    "action": "terminal.kind.action",
}


def words(key: str, english: str) -> str:
    """The catalog's words for a glossary key; in English, and where the
    catalog lacks the key, rules.json's own."""
    return say(key) if lang() != DEFAULT and has_key(key, lang()) and has_key(key) else english


def game_name(game: str) -> str:
    return say(GAME_NAME[game])


def entry_name(e: glossary.Entry) -> str:
    """An entry's name: the catalog's term of the same key where there is one
    ("ethnos.tribe.centaur"), else its own (a name the rulebook keeps)."""
    return words(e.name_key, e.name)


def entry_words(e: glossary.Entry) -> str:
    """An entry's sentences in a paragraph (a space after each but after a
    full-width stop: Japanese runs its sentences on)."""
    out = ""
    for k, (_, s) in zip(e.keys(), e.sentences, strict=True):
        out += ("" if not out or out[-1] in "。！？」" else " ") + words(k, s)
    return out


def cited(sources: tuple[glossary.Source, ...]) -> str:
    """Sources in words, one seed named once: 'Ethnos rulebook (Japanese):
    “ケンタウロス族”, line 347; ...' (the section as the rulebook prints it)."""
    by_seed: dict[str, dict[str, list[int]]] = {}
    for s in sources:
        by_seed.setdefault(s.seed, {}).setdefault(s.section, []).append(s.line)
    return say("terminal.semicolon").join(
        say(
            "terminal.cited",
            book=say(SEED_TITLE[seed]),
            where=say("terminal.comma").join(
                say(
                    "terminal.cited.lines",
                    section=section,
                    lines=say("terminal.comma").join(map(number, lines)),
                    count=len(lines),
                )
                for section, lines in sections.items()
            ),
        )
        for seed, sections in by_seed.items()
    )


def rules_text(game: str) -> Group:
    """The whole rules summary of `game`, section by section."""
    rules = glossary.load(game)
    parts: list = [Text(say("terminal.rules.title", game=game_name(game)), style="bold underline")]
    for section in rules.summary:
        parts.append(Text(words(f"{game}.summary.{section.id}", section.title), style="bold"))
        for key, (_, sentence) in zip(section.keys(), section.sentences, strict=True):
            parts.append(Text("  • " + words(key, sentence)))
        parts.append(Text("  " + say("terminal.from", sources=cited(section.sources)), style="dim"))
    kinds = listed(say(KIND_HEADING[k]) for k in rules.kinds())
    parts.append(Text(say("terminal.rules.info", kinds=kinds), style="italic"))
    return Group(*parts)


def entry_text(entry: glossary.Entry) -> Text:
    out = Text()
    out.append(entry_name(entry), style="bold")
    out.append(say("terminal.colon") + entry_words(entry))
    out.append("\n  " + say("terminal.from", sources=cited(entry.sources)), style="dim")
    return out


def info_text(
    game: str, name: str, card_info: Callable[[str], str | None] | None = None, unknown: str = "terminal.info.unknown"
) -> Text | Group:
    """What `name` means in `game`: its glossary entries, then what the card
    data says of that very card (`card_info`, the presenter's look-up), or
    `unknown` (the key of a sentence with {name}; with the nearest names) when nothing
    is called so."""
    name = name.strip()
    if not name:
        return Text(say("terminal.info.empty", example=_example(game)), style="yellow")
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
        parts.append(Text(say("terminal.info.here", text=extra)))
    if parts:
        return Group(*parts)
    near = glossary.search(game, name)[:5]
    said = Text(say(unknown, name=repr(name)), style="yellow")
    if near:
        said.append(" " + say("terminal.info.near", names=listed(entry_name(e) for e in near)), style="yellow")
    said.append(" " + say("terminal.info.rules"), style="dim")
    return said


def greeting(game: str, entry_ids: list[str], heading: str) -> Group:
    """What a new player reads before the first turn: the powers in play
    (`entry_ids`, under `heading`) and how to ask for the rest."""
    parts: list = [Text(heading, style="bold")] if entry_ids else []
    for eid in entry_ids:
        e = glossary.entry(game, eid)
        parts.append(Text.assemble((f"  {entry_name(e)}{say('terminal.colon')}", "bold"), entry_words(e)))
    parts.append(Text(say("terminal.greeting", example=_example(game))))
    return Group(*parts)


def _example(game: str) -> str:
    return {"ethnos": "centaur", "okc": "Pathfinder", "anunnaki": "domination"}.get(game, "rules")

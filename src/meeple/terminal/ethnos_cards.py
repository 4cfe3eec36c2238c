"""Ethnos cards, bands and kingdoms in the terminal: in words ("Troll of
Rhea") and in their kingdom's colour, and a typed answer's card words read
back as the notation's names."""

from __future__ import annotations

import re

from rich.text import Text

from meeple.games.ethnos import data
from meeple.games.ethnos.cards import CARD_BY_NAME
from meeple.terminal.words import say

HIDDEN = "?"

_RICH_COLOUR = {
    "green": "green3",
    "purple": "medium_purple",
    "orange": "dark_orange",
    "gray": "grey70",
    "red": "red1",
    "blue": "dodger_blue1",
}
KINGDOM_STYLE = {k: _RICH_COLOUR[c] for k, c in zip(data.KINGDOMS, data.KINGDOM_COLOURS, strict=True)}


def card_words(name: str) -> str:
    """A card as players say it, in the table's language: "Troll of Rhea",
    "レアのトロル", "Тролль (Рея)" (the page's words for the same card)."""
    if name == HIDDEN:
        return say("page.ethnos.hidden_card")
    tribe, _, kingdom = name.partition(":")
    if tribe == "dragon":
        return say("ethnos.card.dragon")
    ally = say(f"page.ethnos.ally.{tribe}")
    return say("page.ethnos.card", tribe=ally, kingdom=kingdom_name(kingdom)) if kingdom else ally


def kingdom_name(k: str) -> str:
    return say(f"ethnos.kingdom.{k}")


def card_text(name: str) -> Text:
    """One card in words ("Troll of Rhea"), in its kingdom's colour."""
    if name == HIDDEN:
        return Text(HIDDEN, style="dim")
    if ":" in name:
        return Text(card_words(name), style=KINGDOM_STYLE.get(name.split(":", 1)[1], ""))
    return Text(card_words(name), style="bold white" if name == "skeleton" else "bold red")


_CARD_IN_WORDS = re.compile(r"\b([a-z]+) of ([a-z]+)\b")


def typed(line: str) -> str:
    """A typed answer with cards in words read as the notation's names
    ("recruit troll of rhea" -> "recruit troll:rhea"), so the menu's words
    can be typed back."""

    def card(m: re.Match) -> str:
        name = f"{m[1]}:{m[2]}"
        return name if name in CARD_BY_NAME else m[0]

    return _CARD_IN_WORDS.sub(card, " ".join(line.lower().split()))


def cards_text(names, group: bool = False) -> Text:
    """Cards separated by spaces; `group` sorts them and writes 'x2' for copies."""
    out = Text()
    if group:
        counts: dict[str, int] = {}
        for n in sorted(names):
            counts[n] = counts.get(n, 0) + 1
        items = [(n, k) for n, k in counts.items()]
    else:
        items = [(n, 1) for n in names]
    for i, (n, k) in enumerate(items):
        if i:
            out.append(say("terminal.comma"))
        out.append_text(card_text(n))
        if k > 1:
            out.append(say("terminal.copies", count=k), style="bold")
    if not items:
        out.append(say("terminal.none"), style="dim")
    return out


def kingdom_text(k: str) -> Text:
    """A kingdom (or the first letters of one) by name, in its colour."""
    name = kingdom_name(k) if k in KINGDOM_STYLE else k.capitalize()
    return Text(name, style="bold " + KINGDOM_STYLE.get(k, ""))


def band_text(band: dict, giant: bool = False) -> Text:
    """A band with its leader first and marked '*' (and underlined)."""
    cards = list(band["cards"])
    lead = band["leader"]
    if lead in cards:
        cards.remove(lead)
    t = card_text(lead)
    t.stylize("underline")
    t.append("*", style="bold")
    for c in cards:
        t.append(say("terminal.comma"))
        t.append_text(card_text(c))
    if giant:
        t.append(" " + say("terminal.ethnos.giant_mark"), style="bold")
    return t

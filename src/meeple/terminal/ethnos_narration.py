"""What happened in an Ethnos game, told in the terminal from the public log:
moves in words, actions the log does not record, the age-end scoring tables
with each kingdom's placings and each band's glory."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from meeple.games.ethnos import data
from meeple.games.ethnos.present import band_words, card_words, places_words
from meeple.terminal.ethnos_cards import KINGDOM_STYLE, band_text, card_text, cards_text, kingdom_text
from meeple.terminal.ethnos_palette import ROMAN, Palette, titled


def move_words(move: str, pal: Palette) -> str:
    """A MOVE in words (a hint): "Play a band led by Elf of Rhea, with
    Skeleton", "Recruit Troll of Ithys", "Place a marker in Rhea"."""
    verb, *args = move.split()
    if verb == "recruit" and args == ["deck"]:
        return "Recruit the top card of the deck"
    if verb == "recruit" and args:
        return f"Recruit {card_words(args[0])}"
    if verb == "band" and args:
        rest = f", with {', '.join(card_words(c) for c in args[1:])}" if len(args) > 1 else ""
        return f"Play a band of {len(args)} led by {card_words(args[0])}{rest}"
    if verb == "place" and args:
        return f"Place a marker in {args[0].capitalize()}"
    if verb == "troll" and args:
        return f"Take troll token {args[0]}"
    if verb == "keep" and args:
        return "Keep " + ", ".join(card_words(c) for c in args)
    if verb == "keep":
        return "Keep the orc horde for a later age"
    if verb == "swap" and len(args) == 2 and all(a.isdecimal() for a in args):
        return f"Swap the fairy band for {pal.tag(int(args[0])).plain}'s band {int(args[1]) + 1}"
    return {"draw": "Draw the cards", "pass": "Pass", "cash": "Cash the orc horde"}.get(verb, move)


def action_note(kind: str, text: str, seat: int, pal: Palette, view: dict) -> Text | None:
    """Words for an action the public log does not record (None: the log will).

    `view` is the viewer's view *before* the action. Cards an elf keeps are
    hidden, so only their number is told.
    """
    msg = None
    pending = view.get("pending") or {}
    if kind == "turn" and text == "recruit deck":
        msg = "recruits the top card of the deck"
    elif kind == "keep" and text == "done":
        n = len(pending.get("build", []))
        msg = f"keeps {n} card(s) in hand (elf)"
    elif kind == "wizard":
        msg = (
            f"draws {pending.get('arg')} card(s) from the deck (wizard)" if text == "draw" else "does not draw (wizard)"
        )
    elif kind == "centaur" and text == "pass":
        msg = "ends the centaur chain"
    elif kind == "fairy" and text == "pass":
        msg = "keeps the fairy band (no swap)"
    elif kind == "orc" and text == "keep":
        msg = "keeps the orc horde for a later age"
    if msg is None:
        return None
    t = pal.tag(seat)
    t.append(" " + msg)
    return t


def view_changes(before: dict, after: dict, pal: Palette) -> list[Text]:
    """Public changes no event records: merfolk track moves, orc horde markers."""
    out = []
    if "merfolk" in before and "merfolk" in after:
        for s, (a, b) in enumerate(zip(before["merfolk"], after["merfolk"], strict=True)):
            if b > a:
                t = pal.tag(s)
                t.append(f" advances on the merfolk track: {a} -> {b}")
                out.append(t)
    for s, (sa, sb) in enumerate(zip(before["seats"], after["seats"], strict=True)):
        for k in sb["orc"]:
            if k not in sa["orc"]:
                t = pal.tag(s)
                t.append(" puts a marker on the orc horde space of ")
                t.append_text(kingdom_text(k))
                out.append(t)
    return out


def render_scoring(
    title: str, rows: list[tuple[str, list[int]]], pal: Palette, total: bool = False, glory: list[int] | None = None
) -> Group:
    """A table of glory gains: one row per source, one column per seat."""
    p = pal.players
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("Source")
    for s in range(p):
        table.add_column(pal.tag(s), justify="right")

    def cells(gains, style=""):
        return [Text(str(g), style=style) if g else Text(pal.dot, style="dim") for g in gains]

    for label, gains in rows:
        src = kingdom_text(label) if label in KINGDOM_STYLE else Text(label)
        table.add_row(src, *cells(gains))
    if total:
        sums = [sum(g[s] for _, g in rows) for s in range(p)]
        table.add_row(Text("age-end total", style="bold"), *cells(sums, "bold"))
    if glory is not None:
        table.add_row(
            Text("glory now", style="bold"), *[Text(str(g), style="bold " + pal.style(s)) for s, g in enumerate(glory)]
        )
    return titled(title, table)


@dataclass
class Narrator:
    """Turns public log events into lines and tables for one viewer."""

    pal: Palette
    age: int = 1
    details: list = field(default_factory=list)  # present.age_details of the log so far
    rows: list = field(default_factory=list)
    taken: list = field(default_factory=list)  # glory for taking the giant token this age

    def visible(self, event: tuple) -> bool:
        private_to = event[3]
        return private_to is None or private_to == self.pal.me

    def feed(self, event: tuple, view: dict) -> list:
        """Renderables for one event (none if the viewer may not see it).

        `view` is the viewer's view right after the action that logged it.
        """
        if not self.visible(event):
            return []
        kind, seat, detail, _ = event
        pal = self.pal

        def line(*parts) -> Text:
            t = pal.tag(seat) if seat is not None else Text()
            for part in parts:
                t.append_text(part) if isinstance(part, Text) else t.append(part)
            return t

        if kind == "age_start":
            self.age, self.rows, self.taken = detail, [], [0] * pal.players
            return [pal.rule(f"Age {ROMAN[detail]} begins", style="bold"), line(" plays first")]
        if kind == "recruit":
            return [line(" recruits ", card_text(detail), " from the market")]
        if kind == "draw":
            return [line(" draws ", card_text(detail))]
        if kind == "dragon":
            return [line(Text(f" reveals a DRAGON ({detail} of {data.DRAGONS})", style="bold red"))]
        if kind == "band":
            return [line(f" plays a band of {len(detail)}: ", band_text({"leader": detail[0], "cards": detail}))]
        if kind == "discard":
            return [line(f" discards {len(detail)} card(s) to the market: ", cards_text(detail))]
        if kind == "marker":
            return [line(" places a marker in ", kingdom_text(detail))]
        if kind == "troll":
            return [line(f" takes troll token {detail}")]
        if kind == "giant":
            if not self.taken:
                self.taken = [0] * pal.players
            self.taken[seat] += detail
            return [line(f" takes the giant token (+{detail} glory)")]
        if kind == "swap":
            s, j = detail
            return [line(" swaps the fairy band for ", pal.tag(s), f"'s band {j + 1}")]
        if kind == "age_end":
            self.rows = [("giant token taken", self.taken)] if any(self.taken) else []
            self.rows += [(k, v) for k, v in detail.items()]
            head = pal.rule(f"Age {ROMAN[self.age]} is over", style="bold red")
            return [
                head,
                line(" ended the age"),
                *self.kingdom_lines(),
                render_scoring(f"Age {ROMAN[self.age]} scoring: kingdoms and tribe boards", self.rows, pal),
            ]
        if kind == "orc":
            if not self.rows or self.rows[-1][0] != "orc horde":
                self.rows.append(("orc horde", [0] * pal.players))
            self.rows[-1][1][seat] += detail
            return [line(f" cashes the orc horde: +{detail} glory")]
        if kind == "bands":
            self.rows.append(("bands", list(detail)))
            told = self.band_lines()
            glory = [sd["glory"] for sd in view["seats"]]
            return [
                *told,
                render_scoring(f"Age {ROMAN[self.age]} scoring: total", self.rows, pal, total=True, glory=glory),
            ]
        if kind == "game_end":
            return [pal.rule("Game over", style="bold")]
        return [line(f" {kind}: {detail}")]

    def _age(self) -> dict | None:
        return next((d for d in self.details if d["age"] == self.age), None)

    def kingdom_lines(self) -> list[Text]:
        """Each kingdom's placings at the age's end, ties and their split told."""
        got = self._age()
        if got is None:
            return []
        out = [Text("Kingdoms (most markers first; troll tokens break ties; a tie shares its slots):", style="bold")]
        for k, groups in got["kingdoms"].items():
            out.append(Text("  " + places_words(k, groups, self.pal.seats())))
        return out

    def band_lines(self) -> list[Text]:
        """Each band's glory, the skeletons leaving it first."""
        got = self._age()
        if got is None:
            return []
        gone = sum(b["skeletons"] for bands in got["bands"] for b in bands)
        out = [
            Text(
                "Bands score by size"
                + (f"; first the skeletons leave them ({gone} in all)" if gone else "")
                + ": "
                + ", ".join(f"{n} card{'s' if n > 1 else ''} {g}" for n, g in enumerate(data.BAND_GLORY) if n)
                + f", more {data.BAND_GLORY[-1]}",
                style="bold",
            )
        ]
        for s, bands in enumerate(got["bands"]):
            t = Text("  ")
            t.append_text(self.pal.tag(s))
            t.append(": " + ("; ".join(band_words(b) for b in bands) if bands else "no band"))
            out.append(t)
        return out

"""What happened in an Ethnos game, told in the terminal from the public log:
moves in words, actions the log does not record, the age-end scoring tables
with each kingdom's placings and each band's glory."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from meeple.core.present import seat_name
from meeple.games.ethnos import data
from meeple.terminal.ethnos_cards import (
    KINGDOM_STYLE,
    band_text,
    card_text,
    card_words,
    cards_text,
    kingdom_name,
    kingdom_text,
)
from meeple.terminal.ethnos_palette import ROMAN, Palette, titled
from meeple.terminal.words import said, say


def _cards(names) -> str:
    return say("terminal.comma").join(card_words(c) for c in names)


def places_words(name: str, groups: list[dict], seats: list[dict]) -> str:
    """A kingdom's age-end placings in words, ties explained: "Rhea: Player 1
    and Player 2 tie (3 markers, troll tokens 0 each): slots 10 and 6 shared,
    8 each"."""
    said = []
    for g in groups:
        who = say("terminal.and").join(seat_name(seats, x) for x in g["seats"])
        n = g["markers"]
        has = (
            say("terminal.ethnos.place.has_trolls", count=n, trolls="+".join(map(str, g["trolls"])))
            if g["trolls"]
            else say("terminal.ethnos.place.has", count=n)
        )
        each = len(g["seats"]) > 1
        slots = " + ".join(map(str, g["slots"]))
        if not g["slots"]:
            said.append(
                say("terminal.ethnos.place.none_each" if each else "terminal.ethnos.place.none", who=who, has=has)
            )
        elif each:
            said.append(
                say("terminal.ethnos.place.tie", count=len(g["slots"]), who=who, has=has, slots=slots, glory=g["each"])
            )
        else:
            said.append(
                say("terminal.ethnos.place.one", count=len(g["slots"]), who=who, has=has, slots=slots, glory=g["each"])
            )
    return say(
        "terminal.ethnos.place.kingdom",
        kingdom=kingdom_name(name),
        places=say("terminal.semicolon").join(said) if said else say("terminal.ethnos.place.no_marker"),
    )


def band_words(b: dict) -> str:
    """One band's scoring in words: "Elf of Rhea's band: 4 cards (2 skeletons
    left it), 6 glory"."""
    size = say("common.count.cards", count=b["size"]) + (say("terminal.ethnos.band.dwarf") if b["dwarf"] else "")
    gone = say("terminal.ethnos.band.skeletons", count=b["skeletons"]) if b["skeletons"] else ""
    if not b["leader"]:
        return say("terminal.ethnos.band.score_plain", size=size, gone=gone, glory=b["glory"])
    return say("terminal.ethnos.band.score", leader=card_words(b["leader"]), size=size, gone=gone, glory=b["glory"])


def move_words(move: str, pal: Palette) -> str:
    """A MOVE in words (a hint): "Play a band led by Elf of Rhea, with
    Skeleton", "Recruit Troll of Ithys", "Place a marker in Rhea"."""
    verb, *args = move.split()
    if verb == "recruit" and args == ["deck"]:
        return say("terminal.ethnos.move.recruit_deck")
    if verb == "recruit" and args:
        return say("terminal.ethnos.move.recruit", card=card_words(args[0]))
    if verb == "band" and args:
        if len(args) > 1:
            return say(
                "terminal.ethnos.move.band_with", count=len(args), leader=card_words(args[0]), cards=_cards(args[1:])
            )
        return say("terminal.ethnos.move.band", count=len(args), leader=card_words(args[0]))
    if verb == "place" and args and args[0] in KINGDOM_STYLE:
        return say("terminal.ethnos.move.place", kingdom=kingdom_name(args[0]))
    if verb == "troll" and args:
        return say("terminal.ethnos.move.troll", token=args[0])
    if verb == "keep" and args:
        return say("terminal.ethnos.move.keep", cards=_cards(args))
    if verb == "keep":
        return say("terminal.ethnos.move.keep_horde")
    if verb == "swap" and len(args) == 2 and all(a.isdecimal() for a in args):
        return say("terminal.ethnos.move.swap", name=pal.tag(int(args[0])).plain, number=int(args[1]) + 1)
    return say(MOVE_WORDS[verb]) if verb in MOVE_WORDS else move


MOVE_WORDS = {
    "draw": "terminal.ethnos.move.draw",
    "pass": "terminal.ethnos.move.pass",
    "cash": "terminal.ethnos.move.cash",
}


def action_note(kind: str, text: str, seat: int, pal: Palette, view: dict) -> Text | None:
    """Words for an action the public log does not record (None: the log will).

    `view` is the viewer's view *before* the action. Cards an elf keeps are
    hidden, so only their number is told.
    """
    msg = None
    pending = view.get("pending") or {}
    if kind == "turn" and text == "recruit deck":
        msg = say("terminal.ethnos.did.recruit_deck")
    elif kind == "keep" and text == "done":
        msg = say("terminal.ethnos.did.keep", count=len(pending.get("build", [])))
    elif kind == "wizard":
        arg = pending.get("arg")
        msg = (
            say("terminal.ethnos.did.draw", count=arg if isinstance(arg, int) else 0)
            if text == "draw"
            else say("terminal.ethnos.did.no_draw")
        )
    elif kind == "centaur" and text == "pass":
        msg = say("terminal.ethnos.did.centaur_end")
    elif kind == "fairy" and text == "pass":
        msg = say("terminal.ethnos.did.fairy_keep")
    elif kind == "orc" and text == "keep":
        msg = say("terminal.ethnos.did.orc_keep")
    if msg is None:
        return None
    t = pal.tag(seat)
    t.append(msg)
    return t


def view_changes(before: dict, after: dict, pal: Palette) -> list[Text]:
    """Public changes no event records: merfolk track moves, orc horde markers."""
    out = []
    if "merfolk" in before and "merfolk" in after:
        for s, (a, b) in enumerate(zip(before["merfolk"], after["merfolk"], strict=True)):
            if b > a:
                t = pal.tag(s)
                t.append(say("terminal.ethnos.did.merfolk", before=a, after=b))
                out.append(t)
    for s, (sa, sb) in enumerate(zip(before["seats"], after["seats"], strict=True)):
        for k in sb["orc"]:
            if k not in sa["orc"]:
                t = pal.tag(s)
                t.append_text(said("terminal.ethnos.did.orc_marker", kingdom=kingdom_text(k)))
                out.append(t)
    return out


def render_scoring(
    title: str, rows: list[tuple[str, list[int]]], pal: Palette, total: bool = False, glory: list[int] | None = None
) -> Group:
    """A table of glory gains: one row per source, one column per seat."""
    p = pal.players
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(say("terminal.ethnos.col.source"))
    for s in range(p):
        table.add_column(pal.tag(s), justify="right")

    def cells(gains, style=""):
        return [Text(str(g), style=style) if g else Text(pal.dot, style="dim") for g in gains]

    for label, gains in rows:
        src = (
            kingdom_text(label)
            if label in KINGDOM_STYLE
            else Text(say(SOURCE_WORDS[label]) if label in SOURCE_WORDS else label)
        )
        table.add_row(src, *cells(gains))
    if total:
        sums = [sum(g[s] for _, g in rows) for s in range(p)]
        table.add_row(Text(say("terminal.ethnos.row.total"), style="bold"), *cells(sums, "bold"))
    if glory is not None:
        table.add_row(
            Text(say("terminal.ethnos.row.glory_now"), style="bold"),
            *[Text(str(g), style="bold " + pal.style(s)) for s, g in enumerate(glory)],
        )
    return titled(title, table)


SOURCE_WORDS = {
    "giant token taken": "terminal.ethnos.row.giant",
    "orc horde": "terminal.ethnos.row.orc",
    "bands": "terminal.ethnos.row.bands",
    "merfolk": "terminal.ethnos.row.merfolk",
}


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
            return [
                pal.rule(say("terminal.ethnos.log.age_start", age=ROMAN[detail]), style="bold"),
                line(say("terminal.ethnos.log.first")),
            ]
        if kind == "recruit":
            return [line(said("terminal.ethnos.log.recruit", card=card_text(detail)))]
        if kind == "draw":
            return [line(said("terminal.ethnos.log.draw", card=card_text(detail)))]
        if kind == "dragon":
            return [line(Text(say("terminal.ethnos.log.dragon", n=detail, of=data.DRAGONS), style="bold red"))]
        if kind == "band":
            return [
                line(
                    say("terminal.ethnos.log.band", count=len(detail)),
                    band_text({"leader": detail[0], "cards": detail}),
                )
            ]
        if kind == "discard":
            return [line(say("terminal.ethnos.log.discard", count=len(detail)), cards_text(detail))]
        if kind == "marker":
            return [line(said("terminal.ethnos.log.marker", kingdom=kingdom_text(detail)))]
        if kind == "troll":
            return [line(say("terminal.ethnos.log.troll", token=detail))]
        if kind == "giant":
            if not self.taken:
                self.taken = [0] * pal.players
            self.taken[seat] += detail
            return [line(say("terminal.ethnos.log.giant", glory=detail))]
        if kind == "swap":
            s, j = detail
            return [line(said("terminal.ethnos.log.swap", name=pal.tag(s), number=j + 1))]
        if kind == "age_end":
            self.rows = [("giant token taken", self.taken)] if any(self.taken) else []
            self.rows += [(k, v) for k, v in detail.items()]
            head = pal.rule(say("terminal.ethnos.log.age_over", age=ROMAN[self.age]), style="bold red")
            return [
                head,
                line(say("terminal.ethnos.log.ended")),
                *self.kingdom_lines(),
                render_scoring(say("terminal.ethnos.log.scoring_kingdoms", age=ROMAN[self.age]), self.rows, pal),
            ]
        if kind == "orc":
            if not self.rows or self.rows[-1][0] != "orc horde":
                self.rows.append(("orc horde", [0] * pal.players))
            self.rows[-1][1][seat] += detail
            return [line(say("terminal.ethnos.log.orc", glory=detail))]
        if kind == "bands":
            self.rows.append(("bands", list(detail)))
            told = self.band_lines()
            glory = [sd["glory"] for sd in view["seats"]]
            return [
                *told,
                render_scoring(
                    say("terminal.ethnos.log.scoring_total", age=ROMAN[self.age]),
                    self.rows,
                    pal,
                    total=True,
                    glory=glory,
                ),
            ]
        if kind == "game_end":
            return [pal.rule(say("terminal.game_over"), style="bold")]
        return [line(f" {kind}: {detail}")]  # (an event this narrator does not know: shown as the log has it)

    def _age(self) -> dict | None:
        return next((d for d in self.details if d["age"] == self.age), None)

    def kingdom_lines(self) -> list[Text]:
        """Each kingdom's placings at the age's end, ties and their split told."""
        got = self._age()
        if got is None:
            return []
        out = [Text(say("terminal.ethnos.kingdom_places"), style="bold")]
        for k, groups in got["kingdoms"].items():
            out.append(Text("  " + places_words(k, groups, self.pal.seats())))
        return out

    def band_lines(self) -> list[Text]:
        """Each band's glory, the skeletons leaving it first."""
        got = self._age()
        if got is None:
            return []
        gone = sum(b["skeletons"] for bands in got["bands"] for b in bands)
        scale = say("terminal.comma").join(
            say("terminal.ethnos.band.scale", count=n, glory=g) for n, g in enumerate(data.BAND_GLORY) if n
        )
        head = (
            say("terminal.ethnos.band.head_skeletons", count=gone, scale=scale, more=data.BAND_GLORY[-1])
            if gone
            else say("terminal.ethnos.band.head", scale=scale, more=data.BAND_GLORY[-1])
        )
        out = [Text(head, style="bold")]
        for s, bands in enumerate(got["bands"]):
            t = Text("  ")
            t.append_text(self.pal.tag(s))
            t.append(
                say("terminal.colon")
                + (
                    say("terminal.semicolon").join(band_words(b) for b in bands)
                    if bands
                    else say("terminal.ethnos.no_band")
                )
            )
            out.append(t)
        return out

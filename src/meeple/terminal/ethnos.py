"""`meeple play ethnos`: one person against bots, in the terminal.

Two halves. The *rendering* half is pure: functions that take a seat's view
(`state.view(seat)`, the secrecy boundary) or a log event and return `rich`
renderables; they never see the true state, so they cannot leak a hidden card.
Here: the table's layout, the decisions and their menus. How seats look is in
`ethnos_palette`, cards in `ethnos_cards`, the narration and age scoring in
`ethnos_narration`, the final ranking in `ethnos_ranking`.
The *session* half (`Session`) owns the game: it asks the bots, prompts the
person, applies answers and narrates what happened from the public log.

Input is read line by line, so the table works the same with a terminal, a pipe
or a test's fake stdin. Every answer is one of: a menu number, the words of a
menu entry (`lead elf:rhea`), a whole MOVE in notation (`band elf:rhea
elf:duris`), or a command (`help`, `moves`, `hint`, `board`, `cancel`, `quit`).
"""

from __future__ import annotations

import contextlib
import io
import random
import sys
from collections.abc import Callable
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from meeple.bots import observe
from meeple.bots.registry import make_bot
from meeple.core.game import GameError
from meeple.core.savegame import track
from meeple.games.ethnos import data, new_game
from meeple.games.ethnos.present import age_details
from meeple.terminal.ethnos_cards import band_text, card_text, cards_text, kingdom_text, typed
from meeple.terminal.ethnos_narration import Narrator, action_note, move_words, view_changes
from meeple.terminal.ethnos_palette import ROMAN, Palette, titled
from meeple.terminal.ethnos_ranking import board_markers, ranking, render_ranking
from meeple.terminal.fit import Fitted
from meeple.terminal.rules import greeting, info_text, rules_text
from meeple.terminal.screen import Sections, resign_confirmed, resigned_places, status_line
from meeple.terminal.words import say, speaking

QUIT = ("quit", "exit", "q")
HELP = ("help", "h", "?")


def help_text() -> str:
    """The help: how to answer a prompt, the commands, and how cards are typed."""
    return say("terminal.ethnos.help")


# --------------------------------------------------------------- rendering
def _glory_note(players: int, age: int) -> str:
    if age == 1:
        return say("terminal.ethnos.glory_note.age1")
    if players == 2 and age == 2:
        return say("terminal.ethnos.glory_note.age2_two")
    if age == 2:
        return say("terminal.ethnos.glory_note.age2")
    return say("terminal.ethnos.glory_note.age3")


def render_header(view: dict, pal: Palette) -> Text:
    ages = data.ages(view["players"])
    t = Text()
    t.append(say("common.game.ethnos").upper(), style="bold")
    t.append("  " + say("terminal.ethnos.age_of", age=ROMAN[view["age"]], ages=ROMAN[ages]), style="bold")
    t.append("   " + say("terminal.ethnos.deck", cards=say("common.count.cards", count=len(view["deck"]))))
    dragons = view.get("dragons", 0)
    t.append("   " + say("terminal.ethnos.dragons"))
    t.append(say("terminal.ethnos.of", n=dragons, of=data.DRAGONS), style="bold red" if dragons else "")
    t.append("   " + say("terminal.ethnos.turn"))
    t.append_text(pal.tag(view["current"]))
    tribes = say("terminal.comma").join(say(f"ethnos.tribe.{x}") for x in view["tribes"])
    t.append("\n" + say("terminal.ethnos.tribes", tribes=tribes), style="dim")
    return t


def render_kingdoms(view: dict, pal: Palette) -> Group:
    p, age = view["players"], view["age"]
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(say("terminal.ethnos.col.kingdom"))
    table.add_column(say("terminal.ethnos.col.glory"), no_wrap=True)
    for s in range(p):
        table.add_column(pal.tag(s, you=False), justify="right")
    for k in data.KINGDOMS:
        kd = view["kingdoms"][k]
        slots = Text()
        for i, g in enumerate(kd["glory"]):
            if i:
                slots.append(" ")
            slots.append(str(g), style="bold" if i < age else "dim")
        counts = kd["markers"]
        best = max(counts)
        cells = []
        for s, c in enumerate(counts):
            if c:
                cells.append(Text(str(c), style=pal.style(s) + (" underline" if c == best else "")))
            else:
                cells.append(Text(pal.dot, style="dim"))
        table.add_row(kingdom_text(k), slots, *cells)
    ages = " ".join(ROMAN[1 : data.ages(p) + 1])
    return titled(say("terminal.ethnos.kingdoms", ages=ages, note=_glory_note(p, age)), Fitted(table))


def supply(view: dict, seat: int) -> int:
    """Markers still in the seat's supply (as the engine counts them)."""
    sd = view["seats"][seat]
    used = 1 + ("merfolk" in view) + len(sd["orc"])
    used += sum(view["kingdoms"][k]["markers"][seat] for k in data.KINGDOMS)
    return data.MARKERS_PER_PLAYER - used


def render_players(view: dict, pal: Palette) -> Group:
    tribes = set(view["tribes"])
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(say("terminal.ethnos.col.player"), no_wrap=True)
    for col in (
        say("terminal.ethnos.col.glory"),
        say("terminal.ethnos.col.hand"),
        say("terminal.ethnos.col.board"),
        say("terminal.ethnos.col.supply"),
    ):
        table.add_column(col, justify="right")
    if "troll" in tribes:
        table.add_column(say("terminal.ethnos.col.trolls"))
    if "orc" in tribes:
        table.add_column(say("terminal.ethnos.col.orc"))
    table.add_column(say("terminal.ethnos.col.bands"), justify="right")
    for s, sd in enumerate(view["seats"]):
        who = Text("> " if s == view["current"] and not view.get("finished") else "  ", style="bold")
        who.append_text(pal.tag(s))
        row: list[RenderableType] = [
            who,
            Text(str(sd["glory"]), style="bold"),
            str(len(sd["hand"])),
            str(board_markers(view, s)),
            str(supply(view, s)),
        ]
        if "troll" in tribes:
            row.append(" ".join(map(str, sd["trolls"])) or pal.dot)
        if "orc" in tribes:
            horde = Text(" ").join(kingdom_text(k) for k in sd["orc"])
            row.append(horde if sd["orc"] else Text(pal.dot, style="dim"))
        row.append(str(len(sd["bands"])))
        table.add_row(*row)
    others = [s for s in range(pal.players) if s != pal.me]
    kinds = {pal.name(s) for s in others}
    names = (
        say("terminal.ethnos.all", kind=kinds.pop())
        if len(kinds) == 1
        else say("terminal.comma").join(f"{pal.tag(s).plain} {pal.name(s)}" for s in others)
    )
    return titled(say("terminal.ethnos.players", names=names), Fitted(table))


def render_bands(view: dict, pal: Palette) -> Text:
    """Every band in play, by player: '#index (size) leader* cards'."""
    giant = view.get("giant")
    t = Text(say("terminal.ethnos.bands_in_play"), style="bold")
    for s, sd in enumerate(view["seats"]):
        t.append("\n")
        t.append_text(pal.tag(s))
        t.append(": ")
        if not sd["bands"]:
            t.append(say("terminal.none"), style="dim")
        for j, b in enumerate(sd["bands"]):
            if j:
                t.append("  |  ", style="dim")
            n = len(b["cards"])
            t.append(say("terminal.ethnos.band", number=j + 1, cards=say("common.count.cards", count=n)), style="dim")
            held = giant is not None and giant["seat"] == s and giant["band"] == j
            t.append_text(band_text(b, held))
    return t


def render_tokens(view: dict, pal: Palette) -> Text | None:
    """The tribe boards in play: merfolk board, troll pool, giant token, orc board."""
    tribes = set(view["tribes"])
    side = "small" if data.small_game(view["players"]) else "large"
    age = view["age"]
    lines = []
    if "merfolk" in tribes:
        t = Text(say("terminal.ethnos.merfolk_board"), style="bold")
        slots = data.MERFOLK_GLORY[side]
        t.append(
            say(
                "terminal.ethnos.merfolk_track",
                end=data.MERFOLK_TRACK_END,
                symbols=say("terminal.comma").join(map(str, data.MERFOLK_SYMBOLS)),
                slots=" ".join(map(str, slots[:age])),
            )
            + "  "
        )
        for s, pos in enumerate(view["merfolk"]):
            t.append_text(pal.tag(s, you=False))
            t.append(f":{pos} ")
        lines.append(t)
    if "troll" in tribes:
        t = Text(say("terminal.ethnos.troll_pool"), style="bold")
        t.append(" ".join(map(str, view["troll_pool"])) or say("terminal.none"))
        t.append("  " + say("terminal.ethnos.troll_note"), style="dim")
        lines.append(t)
    if "giant" in tribes:
        t = Text(say("terminal.ethnos.giant_token"), style="bold")
        value = data.GIANT_AGE[side][age - 1]
        g = view.get("giant")
        if g is None:
            t.append(say("terminal.ethnos.unclaimed"))
        else:
            t.append_text(pal.tag(g["seat"]))
            t.append(say("terminal.ethnos.giant_band", number=g["band"] + 1))
        t.append("  " + say("terminal.ethnos.giant_worth", value=value, age=ROMAN[age]), style="dim")
        lines.append(t)
    if "orc" in tribes:
        t = Text(say("terminal.ethnos.orc_boards"), style="bold")
        t.append(say("terminal.ethnos.orc_cash", glory=say("terminal.comma").join(map(str, data.ORC_CASH[1:]))))
        lines.append(t)
    if not lines:
        return None
    return Text("\n").join(lines)


def render_market(view: dict) -> Text:
    t = Text(say("terminal.ethnos.market", count=len(view["market"])), style="bold")
    t.append_text(cards_text(view["market"], group=True))
    return t


def render_hand(view: dict, pal: Palette) -> Text:
    if pal.me is None:
        return Text()
    hand = view["seats"][pal.me]["hand"]
    t = Text(say("terminal.ethnos.hand", count=len(hand)), style="bold")
    t.append_text(cards_text(hand, group=True))
    return t


def render_board(view: dict, pal: Palette) -> Group:
    """The whole table as `pal.me` may see it (from the view alone)."""
    return Group(pal.rule(style="dim"), *(part for _, part in board_sections(view, pal) if part is not None))


def board_sections(view: dict, pal: Palette) -> list[tuple[str, RenderableType | None]]:
    """The table in named parts (`screen.Sections` prints again only those that changed)."""
    return [
        ("header", render_header(view, pal)),
        ("kingdoms", render_kingdoms(view, pal)),
        ("players", render_players(view, pal)),
        ("bands", render_bands(view, pal)),
        ("tokens", render_tokens(view, pal)),
        ("market", render_market(view)),
        ("hand", render_hand(view, pal)),
    ]


def render_status(view: dict, pal: Palette, kind: str) -> Text:
    """The bottom line: the age, the glory, the deck and the question."""
    ages = data.ages(view["players"])
    glory = say("terminal.comma").join(f"{pal.tag(s).plain} {sd['glory']}" for s, sd in enumerate(view["seats"]))
    title = decision_title(kind, _pending(view).get("arg"))
    return status_line(
        say("terminal.ethnos.age_of", age=ROMAN[view["age"]], ages=ROMAN[ages]),
        say("terminal.ethnos.status_glory", glory=glory),
        say("terminal.ethnos.status_deck", deck=len(view["deck"]), dragons=view.get("dragons", 0), of=data.DRAGONS),
        title,
        ascii=pal.ascii,
    )


# --------------------------------------------------------------- decisions
DECISION_TITLES = {
    "turn": "terminal.ethnos.ask.turn",
    "band": "terminal.ethnos.ask.band",
    "place": "terminal.ethnos.ask.place",
    "merfolk": "terminal.ethnos.ask.merfolk",
    "troll": "terminal.ethnos.ask.troll",
    "keep": "terminal.ethnos.ask.keep",
    "wizard": "terminal.ethnos.ask.wizard",
    "centaur": "terminal.ethnos.ask.centaur",
    "fairy": "terminal.ethnos.ask.fairy",
    "orc": "terminal.ethnos.ask.orc",
}
COUNTED_TITLES = {"keep", "wizard"}  # their question counts the decision's cards


def decision_title(kind: str, arg) -> str:
    """The question of a decision, in words."""
    if kind not in DECISION_TITLES:
        return say("terminal.ethnos.ask.other")
    if kind in COUNTED_TITLES:
        return say(DECISION_TITLES[kind], count=arg if isinstance(arg, int) else 0)
    return say(DECISION_TITLES[kind])


def _pending(view: dict) -> dict:
    return view.get("pending") or {}


def render_decision(view: dict, pal: Palette, kind: str) -> Group:
    """What the person needs to see for a decision other than the whole board."""
    pend = _pending(view)
    title = decision_title(kind, pend.get("arg"))
    parts: list[RenderableType] = [Text(title, style="bold reverse")]
    me = pal.me
    if kind in ("band", "keep"):
        t = Text(say("terminal.ethnos.band_so_far" if kind == "band" else "terminal.ethnos.kept_so_far"), style="bold")
        build = pend.get("build", [])
        if kind == "band" and build:
            t.append_text(band_text({"leader": build[0], "cards": build}))
        else:
            t.append_text(cards_text(build))
        parts.append(t)
    if kind in ("place", "merfolk"):
        parts.append(render_kingdoms(view, pal))
    if kind == "fairy" and me is not None:
        bands = view["seats"][me]["bands"]
        idx = pend.get("arg")
        if isinstance(idx, int) and 0 <= idx < len(bands):
            t = Text(say("terminal.ethnos.fairy_band"), style="bold")
            t.append_text(band_text(bands[idx]))
            parts.append(t)
    if kind == "orc" and me is not None:
        n = len(view["seats"][me]["orc"])
        parts.append(Text(say("terminal.ethnos.horde_holds", count=n, glory=data.ORC_CASH[n])))
    if kind == "troll":
        parts.append(Text(say("terminal.ethnos.pool", tokens=" ".join(map(str, view.get("troll_pool", []))))))
    if me is not None and kind in ("band", "keep", "centaur"):
        parts.append(render_hand(view, pal))
    return Group(*parts)


def _can_join(leader: str, card: str) -> bool:
    """Whether `card` may join a band led by `leader` (same tribe or kingdom)."""
    if card == "skeleton":
        return True
    lt, _, lk = leader.partition(":")
    ct, _, ck = card.partition(":")
    return ct == lt or (ck == lk and ck != "")


def choice_label(view: dict, pal: Palette, kind: str, text: str) -> Text:
    """A menu entry: the action's words, coloured, with a short note."""
    words = text.split()
    verb = words[0] if words else text
    label = Text()
    if len(words) == 2 and verb in MENU_VERBS and words[1] != "deck":
        label.append(say(MENU_VERBS[verb]))
        label.append_text(card_text(words[1]))
    elif len(words) == 2 and verb == "place":
        label.append(say("terminal.ethnos.menu.place"))
        label.append_text(kingdom_text(words[1]))
    elif verb == "swap" and len(words) == 3 and words[1].isdecimal() and words[2].isdecimal():
        label.append(say("terminal.ethnos.menu.swap"))
    elif verb == "troll" and len(words) == 2 and words[1].isdecimal():
        label.append(say("terminal.ethnos.menu.troll", token=int(words[1])))
    elif text == "keep" and kind == "orc":
        label.append(say(MENU_WORDS["keep horde"]))
    elif text in MENU_WORDS:
        label.append(say(MENU_WORDS[text]))
    else:
        label.append(text)
    pend = _pending(view)
    note: Text | str | None = None
    if text == "recruit deck":
        note = say("terminal.ethnos.note.deck", count=len(view["deck"]))
    elif verb == "lead" and len(words) == 2 and pal.me is not None:
        hand = list(view["seats"][pal.me]["hand"])
        if words[1] in hand:
            hand.remove(words[1])
        note = (
            say("terminal.ethnos.note.lead")
            if any(_can_join(words[1], c) for c in hand)
            else say("terminal.ethnos.note.lead_alone")
        )
    elif text == "done" and kind == "band":
        build = pend.get("build", [])
        note = Text(say("terminal.ethnos.note.done_band"))
        note.append_text(band_text({"leader": build[0], "cards": build}) if build else Text("?"))
    elif text == "done" and kind == "keep":
        build = pend.get("build", [])
        note = Text(say("terminal.ethnos.note.keep"))
        note.append_text(cards_text(build) if build else Text(say("terminal.nothing")))
        note.append(say("terminal.ethnos.note.keep_rest"))
    elif verb == "place" and len(words) == 2 and pal.me is not None:
        kd = view["kingdoms"].get(words[1])
        if kd:
            note = say(
                "terminal.ethnos.note.place", markers=kd["markers"][pal.me], glory=" ".join(map(str, kd["glory"]))
            )
    elif text == "draw":
        arg = pend.get("arg")
        note = say("terminal.ethnos.note.draw", count=arg if isinstance(arg, int) else 0)
    elif text == "pass":
        note = say(PASS_NOTES[kind]) if kind in PASS_NOTES else None
    elif verb == "swap" and len(words) == 3 and words[1].isdecimal() and words[2].isdecimal():
        s, j = int(words[1]), int(words[2])
        seats = view["seats"]
        if s < len(seats) and j < len(seats[s]["bands"]):
            note = Text()
            note.append_text(pal.tag(s))
            note.append(say("terminal.ethnos.note.their_band", number=j + 1))
            note.append_text(band_text(seats[s]["bands"][j]))
    elif text == "cash" and pal.me is not None:
        n = len(view["seats"][pal.me]["orc"])
        note = say("terminal.ethnos.note.cash", count=n, glory=data.ORC_CASH[n])
    elif text == "keep" and kind == "orc":
        note = say("terminal.ethnos.note.keep_horde")
    if note:
        label.append("   ")
        label.append_text(note if isinstance(note, Text) else Text(note, style="dim"))
    return label


MENU_VERBS = {
    "recruit": "terminal.ethnos.menu.recruit",
    "lead": "terminal.ethnos.menu.lead",
    "add": "terminal.ethnos.menu.add",
    "keep": "terminal.ethnos.menu.keep",
}
MENU_WORDS = {
    "recruit deck": "terminal.ethnos.menu.recruit_deck",
    "done": "terminal.ethnos.menu.done",
    "pass": "terminal.ethnos.menu.pass",
    "draw": "terminal.ethnos.menu.draw",
    "cash": "terminal.ethnos.menu.cash",
    "keep horde": "terminal.ethnos.menu.keep_horde",
}
PASS_NOTES = {
    "wizard": "terminal.ethnos.note.pass_wizard",
    "centaur": "terminal.ethnos.note.pass_centaur",
    "fairy": "terminal.ethnos.note.pass_fairy",
}


def render_menu(entries: list[Text]) -> Table:
    table = Table(box=None, show_header=False, pad_edge=False)
    table.add_column(justify="right", style="bold")
    table.add_column()
    for i, label in enumerate(entries, 1):
        table.add_row(f"{i})", label)
    return table


def _menu_key(text: str) -> tuple:
    verb = text.split()[0]
    order = {
        "recruit": 0,
        "lead": 2,
        "add": 3,
        "keep": 3,
        "place": 3,
        "troll": 3,
        "swap": 3,
        "draw": 3,
        "cash": 3,
        "done": 9,
        "pass": 9,
    }
    if text == "recruit deck":
        return (1, text)
    return (order.get(verb, 5), text)


def to_text(renderable, width: int = 100) -> str:
    """Plain text of a renderable (for tests and logs)."""
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None).print(renderable)
    return buf.getvalue()


# --------------------------------------------------------------- session
class Leave(Exception):
    """The person left (quit or end of input); carries the exit code."""

    def __init__(self, code: int = 0) -> None:
        super().__init__(code)
        self.code = code


class Session:
    """One game: the person at `me`, bots elsewhere, narration from the log."""

    def __init__(
        self, state, me: int, bots: dict, console: Console, inp, echo: bool = False, interactive: bool = False, names=()
    ) -> None:
        self.state = state
        self.me = me
        self.bots = bots
        self.console = console
        self.inp = inp
        self.echo = echo
        self.interactive = interactive
        ascii_only = not (console.encoding or "utf-8").lower().startswith("utf")
        self.pal = Palette(state.players, me, ascii_only, tuple(names))
        self.narrator = Narrator(self.pal)
        self.seen = 0  # log events already narrated
        self.view = state.view(me)
        self.checkpoint = None  # state to go back to on 'cancel'
        self.screen = Sections(console)
        self.news: list = []  # what happened since the person's last answer, told at their next decision
        self.resigned = False
        self.replacement: Callable[[], Any] | None = None  # the bot for the seat of a person who resigns

    # ---------------------------------------------------------------- output
    def out(self, *things) -> None:
        for t in things:
            self.console.print(t)

    def tell(self, *things) -> None:
        """Lines of what happened, told at the person's next decision (after
        the table, so that a small terminal keeps them in view)."""
        self.news += things

    def flush(self) -> None:
        """Print the news, a run of the same line as one ("... (3 times)")."""
        news, i = self.news, 0
        while i < len(news):
            t, j = news[i], i + 1
            if isinstance(t, Text):
                while j < len(news) and isinstance(news[j], Text) and news[j].plain == t.plain:
                    j += 1
                if j - i > 1:
                    t = t.copy()
                    t.append(say("terminal.times", count=j - i), style="dim")
            self.console.print(t)
            i = j
        self.news = []

    def report(self) -> None:
        """Narrate the events (and public changes) since the last report."""
        after = self.state.view(self.me)
        log = self.state.log()
        if any(ev[0] in ("age_end", "bands") for ev in log[self.seen :]):
            self.narrator.details = age_details(log, self.state)
        for ev in log[self.seen :]:
            self.tell(*self.narrator.feed(ev, after))
        self.seen = len(log)
        self.tell(*view_changes(self.view, after, self.pal))
        self.view = after

    def act(self, action: int, seat: int) -> None:
        kind = self.state.decision().kind
        note = action_note(kind, self.state.action_to_str(action), seat, self.pal, self.view)
        self.state.apply_action(action, seat)
        if note is not None:
            self.tell(note)
        self.report()

    # ----------------------------------------------------------------- input
    def ask(self, prompt: str) -> str:
        if self.interactive:  # input() keeps readline's line editing
            try:
                line = input(prompt)
            except EOFError:
                line = ""
        else:
            self.console.print(Text(prompt, style="bold"), end="")
            self.console.file.flush()
            line = self.inp.readline()
        if line == "":
            self.console.print()
            self.out(Text(say("terminal.ethnos.end_of_input"), style="bold"))
            raise Leave(0)
        line = line.strip()
        if self.echo:
            self.console.print(line, markup=False, highlight=False)
        return line

    # ------------------------------------------------------------------ game
    def run(self) -> int:
        self.report()
        try:
            while not self.state.is_terminal():
                d = self.state.decision()
                if d is None:
                    self.out(Text(say("terminal.ethnos.stuck"), style="bold red"))
                    return 1
                if d.seat == self.me and not self.resigned:
                    self.human(d.kind)
                else:
                    bot = self.bots[d.seat]
                    a = bot.choose(observe(self.state, d.seat))
                    self.act(a, d.seat)
                    if self.resigned:
                        self.news = []
        except Leave as e:
            return e.code
        self.report()
        if self.resigned:
            self.news = []
        self.flush()
        self.screen.show(board_sections(self.view, self.pal))
        if self.resigned:  # the engine's ranking would place the bot that played on: the person is last
            ranked = [s for _, s, _ in ranking(self.view)]
            self.out(resigned_places([self.pal.tag(s).plain for s in range(self.pal.players)], ranked, self.me))
            return 0
        self.out(render_ranking(self.view, self.pal))
        return 0

    def menu(self) -> list[tuple[int, str]]:
        s = self.state
        items = [(a, s.action_to_str(a)) for a in s.legal_actions(self.me)]
        items.sort(key=lambda it: _menu_key(it[1]))
        return items

    def human(self, kind: str) -> None:
        """Ask for one answer to the pending decision and apply it."""
        if kind in ("turn", "centaur", "keep"):
            self.checkpoint = self.state.clone()
        self.screen.show(board_sections(self.view, self.pal))
        self.flush()
        self.out(render_decision(self.view, self.pal, kind))
        items = self.menu()
        self.show_menu(kind, items)
        prompt = say("terminal.ethnos.prompt", last=len(items))
        while True:
            line = self.ask(prompt)
            if self.answer(line, kind, items):
                return

    def show_menu(self, kind: str, items: list[tuple[int, str]]) -> None:
        self.out(render_menu([choice_label(self.view, self.pal, kind, t) for _, t in items]))
        self.out(render_status(self.view, self.pal, kind))

    def answer(self, line: str, kind: str, items: list[tuple[int, str]]) -> bool:
        """Handle one line; True once the decision is answered (or reset)."""
        low = line.lower()
        if not line:
            self.out(Text(say("terminal.ethnos.type"), style="yellow"))
            return False
        if low in QUIT:
            self.out(Text(say("terminal.ethnos.goodbye"), style="bold"))
            raise Leave(0)
        if low in HELP:
            self.out(Text(help_text()))
            return False
        if low == "resign":
            return self.resign()
        if low in ("moves", "m"):
            self.show_moves()
            return False
        if low == "rules":
            self.out(rules_text("ethnos"))
            return False
        if low == "info" or low.startswith("info "):
            self.out(info_text("ethnos", line.strip()[4:]))
            return False
        if low == "hint":
            from meeple.advisor.terminal import hint_table

            self.out(hint_table(self.state, self.me, lambda move: move_words(move, self.pal)))
            return False
        if low in ("board", "b"):
            self.screen.show(board_sections(self.view, self.pal), every=True)
            self.out(render_decision(self.view, self.pal, kind))
            self.show_menu(kind, items)
            return False
        if low in ("cancel", "undo"):
            if kind in ("band", "keep") and self.checkpoint is not None:
                self.state = self.checkpoint
                self.checkpoint = None
                self.view = self.state.view(self.me)
                self.out(Text(say("terminal.ethnos.cancelled"), style="yellow"))
                return True
            self.out(Text(say("terminal.ethnos.nothing_to_cancel"), style="yellow"))
            return False
        if low.isdecimal():
            n = int(low)
            if 1 <= n <= len(items):
                self.act(items[n - 1][0], self.me)
                return True
            self.out(Text(say("terminal.ethnos.no_choice", n=low, last=len(items)), style="yellow"))
            return False
        said = typed(low)
        for a, text in items:
            if said == text:
                self.act(a, self.me)
                return True
        return self.move(said)

    def resign(self) -> bool:
        """Resign, once confirmed: with two players the other wins at once;
        with more a bot plays the seat to the end and the person is last."""
        if not resign_confirmed(self.console, lambda: self.ask(""), self.pal.players):
            self.out(Text(say("terminal.play_on"), style="yellow"))
            return False
        if self.pal.players == 2 or self.replacement is None:
            other = 1 - self.me if self.pal.players == 2 else None
            said = (
                say("terminal.resigned.two", name=self.pal.tag(other).plain)
                if other is not None
                else say("terminal.resigned")
            )
            self.out(Text(said, style="bold"))
            raise Leave(0)
        if self.checkpoint is not None and self.state.decision().kind in ("band", "keep"):
            self.state = self.checkpoint  # a band half built is taken back: the bot answers the turn
            self.view = self.state.view(self.me)
        self.bots[self.me] = self.replacement()
        self.resigned = True
        self.out(Text(say("terminal.resigned.bot"), style="bold"))
        return True

    def move(self, text: str) -> bool:
        backup = self.state.clone()
        try:
            self.state.apply_move(text)
        except GameError as e:
            self.out(
                Text(say("terminal.ethnos.not_legal", why=str(e)), style="yellow"),
                Text(say("terminal.ethnos.type"), style="dim"),
            )
            return False
        except Exception as e:  # an engine fault must not end the game
            self.state = backup
            self.out(Text(say("terminal.ethnos.could_not", move=repr(text), why=str(e)), style="yellow"))
            return False
        self.report()
        return True

    def show_moves(self) -> None:
        moves = self.state.legal_moves()
        limit = 80
        t = Text(say("terminal.ethnos.legal_moves", count=len(moves)) + "\n", style="bold")
        t.append("\n".join(moves[:limit]))
        if len(moves) > limit:
            t.append("\n" + say("terminal.ethnos.more_moves", count=len(moves) - limit), style="dim")
        self.out(t)


# --------------------------------------------------------------------- play
class UnknownBot(Exception):
    pass


def make_bots(spec: str, seed: int, seats: list[int]) -> dict:
    """One bot per seat (`meeple.bots.registry.make_bot`)."""
    bots = {}
    for s in seats:
        try:
            bots[s] = make_bot(spec, seed * 64 + s + 1)
        except GameError as e:  # the registry explains an unknown name
            raise UnknownBot(str(e)) from None
    return bots


def play(args, stdin=None, stdout=None) -> int:
    """`meeple play GAME`: the game at this terminal, in the language of
    `--lang` (else LANG's)."""
    with speaking(getattr(args, "lang", None)):
        return _session(args, stdin, stdout)


def _session(args, stdin=None, stdout=None) -> int:
    """`meeple play ethnos`: returns the exit code (0 finished or left, 2 bad flags)."""
    inp = sys.stdin if stdin is None else stdin
    console = Console(file=sys.stdout if stdout is None else stdout, highlight=False)
    interactive = inp is sys.stdin and _isatty(inp)
    if interactive:
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (line editing and history for input())
    try:
        return _play(args, inp, console, interactive)
    except KeyboardInterrupt:
        console.print()
        console.print(Text(say("terminal.ethnos.interrupted"), style="bold"))
        return 130


def _isatty(f) -> bool:
    try:
        return f.isatty()
    except (AttributeError, ValueError):
        return False


def _play(args, inp, console: Console, interactive: bool) -> int:
    players = getattr(args, "players", 4)
    seat = getattr(args, "seat", 0)
    seed = getattr(args, "seed", None)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    tribes_arg = getattr(args, "tribes", None)
    tribes = [t.strip() for t in tribes_arg.split(",") if t.strip()] if tribes_arg else None

    def fail(msg: str) -> int:
        console.print(Text(f"meeple play: {msg}", style="bold red"))
        return 2

    if not isinstance(players, int) or not data.MIN_PLAYERS <= players <= data.MAX_PLAYERS:
        return fail(f"Ethnos is for {data.MIN_PLAYERS}-{data.MAX_PLAYERS} players, not {players}")
    if not isinstance(seat, int) or not 0 <= seat < players:
        return fail(f"--seat must be from 0 to {players - 1} with {players} players, not {seat}")
    try:
        options = {"tribes": tribes, "fairy": bool(getattr(args, "fairy", False))}
        state = new_game(players, seed=seed, **options)
    except GameError as e:
        return fail(str(e))
    track(args, state, seed, **options)
    spec = getattr(args, "bot", "random") or "random"
    try:
        bots = make_bots(spec, seed, [s for s in range(players) if s != seat])
    except UnknownBot as e:
        return fail(str(e))
    names = tuple(
        say("terminal.bot.named", name=getattr(bots.get(s), "name", spec)) if s != seat else say("terminal.you.alone")
        for s in range(players)
    )
    console.print(
        Text(say("terminal.ethnos.welcome", count=players, seat=seat + 1, seed=str(seed)), style="bold"),
        greeting("ethnos", [f"tribe.{data.TRIBES[t]}" for t in state.tribes], say("terminal.ethnos.tribes_here")),
    )
    session = Session(
        state, seat, bots, console, inp, echo=not interactive and not _isatty(inp), interactive=interactive, names=names
    )
    session.replacement = lambda: make_bots(spec, seed, [seat])[seat]
    return session.run()

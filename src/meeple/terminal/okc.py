"""`meeple play okc`: a terminal table against bots (rich).

You see only your seat's view (the secrecy boundary, view.py); bots get their
own observation. At a simultaneous decision (bids, face-down cards) every
seat chooses without seeing the others' choices; the game then reveals them.
Type a number from the menu, a move in notation (docs/notation/okc.md),
'help', 'log', 'hint' (the advisor's best moves) or 'quit'.
"""

from __future__ import annotations

import random
import sys
from functools import partial

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from meeple.advisor.terminal import look_up
from meeple.bots import observe
from meeple.core.game import GameError, IllegalMove
from meeple.core.present import narration
from meeple.core.savegame import track
from meeple.games.okc import data as D
from meeple.games.okc import new_game, present
from meeple.games.okc.notation import action_word
from meeple.games.okc.present import PROMPTS
from meeple.i18n.events import speaker_for
from meeple.terminal.fit import Fitted
from meeple.terminal.rules import greeting
from meeple.terminal.screen import (
    Resign,
    Sections,
    fold,
    menu_fits,
    plain,
    resign_confirmed,
    resign_help,
    resigned_places,
    status_line,
)
from meeple.terminal.words import lang, speaking

COLOURS = {"nobility": "yellow", "clans": "cyan", "uprising": "red", "gathering": "green"}


def _fac(view: dict, seat: int) -> str:
    return view["seats"][seat]["faction"]


def _tag(view: dict, seat: int, you: int) -> Text:
    f = _fac(view, seat)
    return Text(f"{f.capitalize()}{' (you)' if seat == you else ''}", style=f"bold {COLOURS[f]}")


def _short(name: str) -> str:
    """A faction card as the table shows it: its name with its faction
    ("Nobility captain 7"), a hidden one by its back ("a Nobility card")."""
    fac, _, local = name.partition(":")
    if local == "?":
        return f"a face-down {fac.capitalize()} card"
    if name == "?":
        return "a face-down card"
    return present.CARD_TITLE.get(name, name)


def _kname(k: str | None) -> str:
    return "-" if k is None else present.kingdom_name(k)


def render(view: dict, you: int, decision=None) -> Group:
    """The whole table as `you` may see it."""
    return Group(*(part for _, part in sections(view, you)))


def sections(view: dict, you: int) -> list[tuple[str, RenderableType]]:
    """The table in named parts (`screen.Sections` prints again only those that changed)."""
    parts: list[tuple[str, RenderableType]] = []
    head = Text(f"Round {view['round']}/{view['rounds']}  ", style="bold")
    head.append("order: ")
    for i, s in enumerate(view["order"]):
        head.append_text(_tag(view, s, you))
        if i < len(view["order"]) - 1:
            head.append(" > ")
    fav = view["favour"]
    head.append(
        f"   Favour: {'Harvest Field' if fav['holder'] is None else _fac(view, fav['holder']).capitalize()} ({fav['uses']} uses)"
    )
    parts.append(("head", head))
    road = Text("Great Road: ")
    road.append(", ".join(_kname(k) for k in view["road"]))
    parts.append(("road", road))
    t = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    t.add_column("faction")
    for col in (
        "influence",
        "lore (+ on Site)",
        "hand",
        "deck",
        "discard",
        "herald",
        "supporters",
        "kingdom cards",
        "bid",
    ):
        t.add_column(col)
    for i, sd in enumerate(view["seats"]):
        sup = sd["supporters"]
        kc = (
            ", ".join(f"{_kname(sp['kingdom'])} (occupied by {_short(sp['occupier'])})" for sp in sd["board"] if sp)
            or "-"
        )
        t.add_row(
            _tag(view, i, you),
            str(sd["influence"]),
            f"{sd['lore']} (+{sd['site_lore']})" if sd["site_lore"] else str(sd["lore"]),
            f"{len(sd['hand'])}/{sd['hand_size']}",
            str(len(sd["deck"])),
            str(len(sd["discard"])),
            _place(sd["herald"]) if sd["herald"] else "-",
            _supporters(sup),
            kc,
            _short(sd["bid"]) if sd["bid"] else "-",
        )
    parts.append(("players", Fitted(t)))
    r = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    r.add_column("region")
    r.add_column("clash")
    r.add_column("active cards")
    r.add_column("face down")
    order = view["clash_order"]
    for name in D.REGIONS:
        rd = view["regions"][name]
        act = Text()
        for e in rd["active"]:
            f = e["card"].split(":")[0]
            act.append(
                _short(e["card"])
                + (" (counted)" if e["counted"] else "")
                + (" (blank)" if e.get("blank") else "")
                + "; ",
                style=COLOURS.get(f, ""),
            )
        fd = Text()
        for c in rd["facedown"]:
            f = c.split(":")[0]
            fd.append(_short(c) + "; ", style=COLOURS.get(f, ""))
        r.add_row(_place(name), ["I", "II", "III"][order.index(name)] if name in order else "", act, fd)
    parts.append(("regions", Fitted(r)))
    cs = Text("Councils: ")
    for c, cards in view["councils"].items():
        cs.append(f"{_place(c)}: " + (", ".join(_short(x) for x in cards) or "-") + "   ")
    parts.append(("councils", cs))
    parts.append(("extras", _extras(view, you)))
    me = view["seats"][you]
    hand = Text("Your hand: ", style="bold")
    hand.append(", ".join(_short(c) for c in me["hand"]) or "(empty)")
    parts.append(("hand", hand))
    site = Text(
        f"Your Site of Power: {', '.join(_short(c) for c in me['site']) or '(empty)'}"
        f"   HQ: {', '.join(_short(c) for c in me['hq']) or '-'}"
    )
    parts.append(("site", site))
    return parts


def _extras(view: dict, you: int) -> Text:
    """Tactic tiles (uses left, exhausted), faction tokens on locations and
    the kingdom cards on the map, in words."""
    out = Text()
    for i, sd in enumerate(view["seats"]):
        fac = sd["faction"]
        tiles = []
        for n, left in enumerate(sd["tactics"], 1):
            timing, uses, text = D.TACTICS[fac][n - 1]
            state_words = "exhausted" if left <= 0 else f"{left} of {uses} use{'s' if uses > 1 else ''} left"
            tiles.append(f"{n} ({timing}, {state_words})" + (f": {text}" if i == you and left > 0 else ""))
        out.append_text(_tag(view, i, you))
        out.append(" tactics: " + "; ".join(tiles))
        if sd["tokens"]:
            out.append("   faction tokens: " + ", ".join(f"{_place(loc)} {n}" for loc, n in sd["tokens"].items()))
        out.append("\n")
    kmap = view["kingdom_map"]
    on_map = [
        f"{_place(where)}: {present.info(e['kingdom'])} ({_fac(view, e['seat']).capitalize()})"
        for key in ("regions", "locations")
        for where, cards in kmap[key].items()
        for e in cards
    ]
    out.append("Kingdom cards on the map: " + ("; ".join(on_map) if on_map else "none"))
    return out


def _place(name: str) -> str:
    return name.replace("-", " ").capitalize()


def _supporters(sup: dict) -> str:
    """A seat's supporters in words: on its board, on the map by region, lost."""
    on_map = ", ".join(f"{n} in {_place(r)}" for r, n in zip(D.REGIONS, sup["map"], strict=True) if n)
    return f"{sup['board']} on the board" + (f", {on_map}" if on_map else "") + f", {sup['lost']} lost"


class Leave(Exception):
    pass


class Table_:
    """One person's session: what was printed, what is still to tell."""

    def __init__(self, console: Console, state, seat: int) -> None:
        self.console, self.state, self.seat = console, state, seat
        self.screen = Sections(console)
        self.seen = 0  # log events already told
        self.news: list[tuple[str, str]] = []  # lines told at the next decision

    def gather(self) -> None:
        """The events since the last told, as lines (the automatic answers folded)."""
        self.news += narrate_lines(self.state, self.seat, self.seen)
        self.seen = len(self.state.log())

    def flush(self) -> None:
        for text, style in fold(self.news):
            self.console.print(Text(f"  · {text}", style=style))
        self.news = []


def play(args, stdin=None, stdout=None) -> int:
    """`meeple play GAME`: the game at this terminal, in the language of
    `--lang` (else LANG's)."""
    with speaking(getattr(args, "lang", None)):
        return _play(args, stdin, stdout)


def _play(args, stdin=None, stdout=None) -> int:
    inp = sys.stdin if stdin is None else stdin
    console = Console(file=sys.stdout if stdout is None else stdout, highlight=False)
    players = getattr(args, "players", 4)
    seat = getattr(args, "seat", 0)
    seed = getattr(args, "seed", None)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    if not isinstance(players, int) or not D.MIN_PLAYERS <= players <= D.MAX_PLAYERS:
        console.print(Text(f"meeple play: okc is for 2-4 players, not {players}", style="bold red"))
        return 2
    if not 0 <= seat < players:
        console.print(Text(f"meeple play: --seat must be from 0 to {players - 1}", style="bold red"))
        return 2
    try:
        factions = getattr(args, "factions", None)
        options = {
            "rounds": getattr(args, "rounds", None) or D.ROUNDS,
            "advanced": bool(getattr(args, "advanced", False)),
        }
        if factions:
            options["factions"] = [f.strip() for f in factions.split(",") if f.strip()]
        state = new_game(players, seed=seed, **options)
    except GameError as e:
        console.print(Text(f"meeple play: {e}", style="bold red"))
        return 2
    track(args, state, seed, **options)
    spec = getattr(args, "bot", "random") or "random"
    try:
        from meeple.bots.registry import make_bot

        bots = {s: make_bot(spec, seed=seed + s, game="okc") for s in range(players) if s != seat}
    except GameError as e:
        console.print(Text(f"meeple play: {e}", style="bold red"))
        return 2
    console.print(
        Text(
            f"The Old King's Crown, {players} players, you play the "
            f"{D.FACTIONS[state.factions[seat]].capitalize()}; seed {seed}. Type 'help'.",
            style="bold",
        ),
        greeting("okc", [], ""),
    )
    table = Table_(console, state, seat)
    human: int | None = seat  # None once the person resigned: bots play every seat
    try:
        while not state.finished:
            d = state.decision()
            # bots answer first at a simultaneous decision: their choices stay hidden
            bot_seats = [s for s in d.seats if s != human]
            if bot_seats and (human not in d.seats or len(d.seats) > 1):
                s = bot_seats[0]
                a = bots[s].choose(observe(state, s))
                state.apply_action(a, s)
                continue
            table.gather()
            try:
                _ask_human(table, inp)
            except Resign:
                if players == 2:
                    other = 1 - seat
                    console.print(Text(f"You resign. {seat_names(state, seat)[other]['name']} wins.", style="bold"))
                    return 0
                console.print(Text("You resign: a bot plays your seat to the end.", style="bold"))
                bots[seat] = make_bot(spec, seed=seed + seat, game="okc")
                human = None
        if human is not None:
            table.gather()
            table.flush()
    except Leave:
        console.print(Text("You left the game.", style="bold"))
        return 0
    if human is not None:
        table.screen.show(sections(state.view(seat), seat))
    console.print(final_table(state, seat))
    w = state.winners[0]
    names = [n["name"] for n in seat_names(state, seat)]
    if human is None:
        console.print(resigned_places(names, [r["seat"] for r in present.ranking(state)], seat))
        return 0
    console.print(
        Text(
            "Game over. Influence: "
            + ", ".join(
                f"{D.FACTIONS[f].capitalize()} {n}" for f, n in zip(state.factions, state.influence, strict=True)
            )
            + f". Winner: {D.FACTIONS[state.factions[w]].capitalize()}"
            + (" (you!)" if w == seat else "")
            + ".",
            style="bold",
        )
    )
    return 0


def final_table(state, you: int) -> Table:
    """The final scoring: influence by source, one column per seat."""
    final = present.final_scoring(state.log(), state)
    t = Table(title="Final scoring (influence by source)", box=None, header_style="bold")
    t.add_column("source")
    names = seat_names(state, you)
    for s in range(state.players):
        t.add_column(names[s]["name"], justify="right")
    for row in final["rows"]:
        t.add_row(row["name"], *[str(v) for v in row["values"]])
    t.add_row(Text("Total", style="bold"), *[Text(str(v), style="bold") for v in final["total"]])
    return t


def seat_names(state, you: int) -> list[dict]:
    """Seats as the narration names them: by faction, yours marked."""
    return [{"name": D.FACTIONS[f].capitalize() + (" (you)" if s == you else "")} for s, f in enumerate(state.factions)]


def narrate_lines(state, seat: int, seen: int) -> list[tuple[str, str]]:
    """The events since `seen`, in the sentences of the web log
    (present.describe), as (text, style); the answers taken automatically
    (a seat with one possible answer, or nothing to do) told in one line."""
    out: list[tuple[str, str]] = []
    names = seat_names(state, seat)
    forced: dict[str, int] = {}
    at = None  # where the automatic answers' line goes
    for said in narration(state.log(), speaking_log(), names, seat, seen):
        if said["kind"] == "forced" and not said["text"].startswith("Done for"):
            who = names[said["seat"]]["name"] if said["seat"] is not None else "a player"
            forced[who] = forced.get(who, 0) + 1
            if at is None:
                at = len(out)
                out.append(("", "dim"))
            continue
        out.append((said["text"], "dim"))
    if at is not None:
        counts = ", ".join(f"{who} {_times(n)}" for who, n in forced.items())
        out[at] = (f"Answered automatically (only one possible answer, or nothing to do): {counts}", "dim")
    return out


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("-", " ").replace("_", " ").split())


def _menu_keys(word: str, option: dict, faction: str) -> tuple[set[str], set[str]]:
    """What may be typed for one menu line: its words in full (the menu's
    label, or the move's notation) and, alone, the name of what it offers
    (the card with or without its faction, the kingdom card, the location)."""
    full = {_norm(option["label"]), _norm(word)}
    names = set()
    name = option.get("name")
    if name:
        names |= {_norm(name), _norm(name.removeprefix("kingdom card "))}
        if _norm(name).startswith(faction + " "):
            names.add(_norm(name)[len(faction) + 1 :])
    if "card" in option:
        names.add(_norm(option["card"].split(":", 1)[1]))
    if option.get("place"):
        names.add(_norm(option["place"]))
    args = word.split(" ", 1)[1:] if " " in word else []
    names |= {_norm(a) for a in args if not a.isdigit()}
    return full, names


def _menu_match(text: str, acts: list[int], words: list[str], faction: str | None = None) -> int | list[int] | None:
    """The action whose menu line was typed: its words as the menu shows them
    ('Place Nobility heir'), its notation ('place heir'), or the name alone of
    what it offers ('heir', 'captain 7', 'trade 14') when that names one line
    only. Several lines named alike: the list of them; none: None."""
    typed = _norm(text)
    if not typed:
        return None
    keys = []
    for a, w in zip(acts, words, strict=True):
        fac = faction or ""
        keys.append((a, *_menu_keys(w, present.label(w, fac), fac)))
    exact = [a for a, full, _ in keys if typed in full]
    if exact:
        return exact[0] if len(exact) == 1 else exact
    named = [a for a, _, names in keys if typed in names]
    if len(named) == 1:
        return named[0]
    return named or None


def menu_lines(state, seat: int) -> list[tuple[int, str, str]]:
    """`seat`'s menu: each legal action with its line in words (what it
    offers, by name and faction) and the effect of what it offers."""
    kind = state.decision().kind
    fac = D.FACTIONS[state.factions[seat]]
    board = state.view(seat)["seats"][seat]["board"] if kind == "space" else []
    out = []
    for a in state.legal_actions(seat):
        word = action_word(state, a, kind, seat)
        option = present.label(word, fac)
        said, effect = option["label"], present.option_text(option, fac)
        if word.startswith("seat ") and word[5:].isdigit():  # the order track: the seat by its faction
            said = f"Next on the order track: {seat_names(state, seat)[int(word[5:])]['name']}"
        if kind == "space" and word.startswith("space ") and word[6:].isdigit():  # what the space holds now
            effect = present.space_text(board[int(word[6:])])
        out.append((a, said, effect))
    return out


def clash_now(view: dict, seat: int) -> Text | None:
    """While a clash is being fought: each side's strength so far, by its
    parts (the active cards not yet counted, the supporters there); the
    tactics and abilities that add to it are counted at the tally."""
    todo = (view.get("pending") or {}).get("todo") or []
    clash = next((t for t in reversed(todo) if t and t[0] == "clash"), None)
    if clash is None:
        return None
    region = D.REGIONS[clash[1]]
    rd = view["regions"][region]
    out = Text(f"Clash in {_place(region)} so far: ", style="bold")
    sides = []
    for x in clash[2]:
        cards = [
            (e["card"], present.card_info(e["card"]).get("strength", 0))
            for e in rd["active"]
            if not e["counted"] and e["card"].split(":")[0] == _fac(view, x)
        ]
        sup = view["seats"][x]["supporters"]
        n = sup["map"][clash[1]] - sup["counted"][clash[1]]
        parts = (
            [f"cards {sum(v for _, v in cards)} (" + ", ".join(f"{_short(c)}: {v}" for c, v in cards) + ")"]
            if cards
            else []
        )
        parts.append(f"{n} supporter{'s' if n != 1 else ''}")
        total = sum(v for _, v in cards) + n
        sides.append(f"{_tag(view, x, seat).plain} {total} = " + " + ".join(parts))
    out.append("; ".join(sides))
    out.append(" (face-down cards, tactics and abilities count at the tally)", style="dim")
    return out


def _status(view: dict, seat: int, question: str) -> Text:
    cur = view["order"]
    return status_line(
        f"Round {view['round']} of {view['rounds']}",
        "order " + " > ".join(_tag(view, s, seat).plain for s in cur),
        f"you: {view['seats'][seat]['influence']} influence",
        question,
    )


def _ask_human(table: Table_, inp) -> None:
    console, state, seat = table.console, table.state, table.seat
    d = state.decision()
    view = state.view(seat)
    table.screen.show(sections(view, seat))
    table.flush()
    clash = clash_now(view, seat)
    if clash is not None:
        console.print(clash)
    lines = menu_lines(state, seat)
    acts = [a for a, _, _ in lines]
    words = [action_word(state, a, d.kind, seat) for a in acts]
    if d.kind == "facedown":
        r = state.fd_pos[seat]
        declared = state.darg and state.darg[seat] >> r & 1
        question = f"Face-down card for {_place(D.REGIONS[r])}" + (" (declared: no card)" if declared else "")
    else:
        question = PROMPTS.get(d.kind, d.kind)
    fac = D.FACTIONS[state.factions[seat]]

    def show_menu(every: bool = False) -> None:
        menu = Table(box=None, show_header=False)
        full = Table(box=None, show_header=False)
        for i, (_a, said, effect) in enumerate(lines, 1):
            menu.add_row(f"{i}.", said)
            full.add_row(f"{i}.", said, Text(effect, style="dim"))
        tall = len(plain(full, console.width).splitlines())
        if every or menu_fits(console, tall):
            console.print(full)
        else:  # what each line does: 'effects' (the menu would push the last moves off the screen)
            console.print(menu)
            console.print(Text("('effects' shows what each line does)", style="dim"))
        console.print(_status(view, seat, question))

    show_menu()
    while True:
        console.print(Text("> ", style="bold"), end="")
        line = inp.readline()
        if not line:
            raise Leave()
        text = line.strip()
        if text in ("quit", "exit"):
            raise Leave()
        if text == "resign":
            if resign_confirmed(console, inp.readline, state.players):
                raise Resign()
            console.print(_status(view, seat, question))
            continue
        if text == "help":
            console.print(
                "Type a number, or a move such as 'herald castle'. 'rules' shows the rules in short; 'info NAME' "
                "tells what a term, card, kingdom card, location, 'tactic N' or 'favour' is and does "
                "('info Pathfinder', 'info Relics'); 'effects' what each menu line does; "
                "'board' shows the whole table; 'log' shows events, 'hint' the advisor's three best moves "
                f"for you; {resign_help()}; 'quit' leaves."
            )
            continue
        if text == "board":
            table.screen.show(sections(view, seat), every=True)
            show_menu()
            continue
        if text == "effects":
            show_menu(every=True)
            continue
        found = look_up(
            text,
            state,
            seat,
            lambda name: present.info(name, fac),
            "okc.terminal.unknown",
            game="okc",
            words=lambda move: hint_words(state, seat, move),
        )
        if found is not None:
            console.print(found)
            continue
        if text == "log":
            for m in narrate_lines(state, seat, max(0, len(state.log()) - 30)):
                console.print(Text(f"  · {m[0]}", style=m[1]))
            continue
        if text.isdigit() and 1 <= int(text) <= len(acts):
            state.apply_action(acts[int(text) - 1], seat)
            return
        named = _menu_match(text, acts, words, fac)
        if isinstance(named, int):
            state.apply_action(named, seat)
            return
        if named:
            console.print(
                Text(
                    f"{text!r} names several lines of the menu ("
                    + ", ".join(str(acts.index(a) + 1) for a in named)
                    + "): type the number or the whole line",
                    style="red",
                )
            )
            continue
        try:
            if d.kind in ("bid", "facedown", "joust") and ":" not in text:
                text = f"{seat}: {text}"
            if ":" not in text and d.seats[0] != seat:
                text = f"{seat}: {text}"
            state.apply_move(text)
            return
        except IllegalMove:  # the notation's reason names the decision's internal name: words instead
            console.print(
                Text(
                    f"{text.split(': ', 1)[-1]!r} is not on the menu: type a line's number, its words "
                    f"(such as {lines[0][1]!r}) or the name of what it offers",
                    style="red",
                )
            )


def hint_words(state, seat: int, move: str) -> str:
    """A hinted MOVE in words: the menu's line for it where the menu has it,
    else each of its notation's parts in words ("Bid Uprising heir")."""
    kind = state.decision().kind
    fac = D.FACTIONS[state.factions[seat]]
    bare = move.split(": ", 1)[1] if ": " in move[:4] else move
    for a in state.legal_actions(seat):
        if action_word(state, a, kind, seat) == bare:
            return present.label(bare, fac)["label"]
    if kind == "facedown":
        cards = bare.split()[1:]
        return "Face down: " + ", ".join(
            f"{_place(r)}: " + ("no card" if c == "-" else _short(f"{fac}:{c}"))
            for r, c in zip(D.REGIONS, cards, strict=True)
        )
    return present.label(bare, fac)["label"]


def speaking_log():
    """The presenter's `describe`, its sentences in the table's language
    (the events' declared words through the catalogs, `meeple.i18n.events`)."""
    return partial(present.describe, speaker=speaker_for("okc", lang()))

"""`meeple play anunnaki`: a terminal table against bots (rich).

Shows, from your seat's view only: the action star (tiles, cubes, pawn), every
board's regions (units, settlements, exhaust tokens, ancient tiles), the
culture tokens, the tracks, your hand and contracts, then the pending decision
as a numbered menu. Answer with the number or the move's words; `help`,
`hint` (the advisor's best moves), `quit`.
"""

from __future__ import annotations

import random
import sys
from functools import partial
from typing import Any

from rich import box
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from meeple.advisor.terminal import look_up
from meeple.bots import observe
from meeple.bots.registry import make_bot
from meeple.core.game import GameError, IllegalMove
from meeple.core.present import narration
from meeple.core.savegame import track
from meeple.games.anunnaki import present
from meeple.games.anunnaki.data import DATA, MAX_PLAYERS, MIN_PLAYERS, RESOURCES, TRACKS
from meeple.games.anunnaki.present import decision_for
from meeple.games.anunnaki.state import new_game
from meeple.i18n.events import speaker_for
from meeple.terminal.fit import Fitted
from meeple.terminal.rules import greeting
from meeple.terminal.screen import Rows, Sections, fold, resign_confirmed, resign_help, resigned_places, status_line
from meeple.terminal.words import lang, speaking

COLORS = ["red", "blue", "green", "yellow"]


def house(view, i: int) -> str:
    """Seat `i` by its house's name ("Babylon")."""
    h = view["houses"][i]
    return present.HOUSE_NAME.get(h, present.nice(h))


def major_name(view, i: int) -> str:
    """Seat `i`'s major god by name ("the major god Ra")."""
    return f"the major god {present.nice(DATA.houses[view['houses'][i]]['major'])}"


def objective_words(key: str | None) -> str:
    """An objective tile in words: what it counts ("settlements on planets",
    "controlled regions, 1 per 2")."""
    o = DATA.objectives.get(key) if key else None
    if o is None:
        return "not known"
    note = o["note"].rstrip(".").split(" /")[0]
    note = note[0].lower() + note[1:]
    return note + (f", 1 per {o['divisor']}" if o["divisor"] > 1 else "")


def objectives_line(view) -> str:
    """Which objective each track scores at the end, in words."""
    names = {"war": "war track", "tech": "tech track", "commerce": "commerce track", "dom": "domination track"}
    return "; ".join(f"{names.get(k, k)} scores {objective_words(v)}" for k, v in view["objectives"].items())


def _units(view, h) -> str:
    out = []
    P = view["players"]
    fol = view["board"]["followers"].get(h, [0] * P)
    for i in range(P):
        parts = []
        if fol[i]:
            parts.append(f"{fol[i]} follower{'s' if fol[i] > 1 else ''}")
        for g, w in view["board"]["gods"][i].items():
            if w == h:
                parts.append(major_name(view, i) if g == "major" else present.nice(g))
        if parts:
            out.append(f"[{COLORS[i]}]{house(view, i)}: {' + '.join(parts)}[/]")
    return "; ".join(out)


def render_star(view, seat) -> Table:
    t = Table(
        title="action star (your board)",
        caption=(
            "Moving your pawn along a line to a joined tile puts one of your cubes on that line's "
            "space and gives its mana; a line already holding your cube gives nothing. "
            f"You have placed {len(view['seats'][seat]['cubes']) if seat is not None else 0} of your "
            f"{DATA.setup['cubes']} cubes; placing the last one triggers the end of the game."
        ),
        box=box.SIMPLE,
        show_header=True,
    )
    t.add_column("tile")
    t.add_column("lines to the joined tiles")
    sd = view["seats"][seat] if seat is not None else None
    for pos, tile in enumerate(view["arrangement"]):
        d = DATA.tiles[tile]
        dev = sd is not None and tile in sd["developed"]
        name = f"Tile {tile}: {tile_words(tile, dev)} ({d['color']})"
        if sd is not None and sd["pawn"] == pos:
            name = "[bold]>> " + name + " — your pawn[/]"
        links = []
        for other, sp in sorted(DATA.adj[pos].items(), key=lambda x: view["arrangement"][x[0]]):
            mana = DATA.spaces[sp][2]
            what = (
                "your cube is there"
                if sd is not None and sp in sd["cubes"]
                else (f"+{mana} mana" if mana else "no mana")
            )
            links.append(f"to tile {view['arrangement'][other]} ({what})")
        t.add_row(name, "; ".join(links))
    return t


def tile_words(tile: int, developed: bool) -> str:
    """An action tile in words: its action and strength, developed or not."""
    return present.tile_text(tile, developed)


def render_boards(view, only=None, title: str = "regions") -> Fitted:
    """Every board's regions (or those in `only`): a column per fact where
    the terminal is wide enough, else four columns (region with its harvest
    and shrines, who is there, neighbours, notes), so no name is cut short."""
    wide = Table(title=title, box=box.SIMPLE)
    for c in ("region", "board", "harvest", "shrines", "units", "settlement", "neighbours", "notes"):
        wide.add_column(c)
    narrow = Table(title=title, box=box.SIMPLE)
    for c in ("region", "units and settlements", "neighbours", "notes"):
        narrow.add_column(c)
    for h, (w, n) in region_rows(view).items():
        if only is None or h in only:
            wide.add_row(*w)
            narrow.add_row(*n)
    return Fitted(wide, narrow)


def region_rows(view) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Each region's row in the wide and in the narrow regions table."""
    from meeple.games.anunnaki.board import layout

    lay = layout(view["houses"], view["players"])
    rows: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    b = view["board"]
    for h in lay.hexes:
        info = lay.info[h]
        if h == "uw" and not any("underworld_map" in sd["artifacts"] for sd in view["seats"]):
            continue
        prod = f"{info['icons']} {' or '.join(info['res']) or 'of any resource'}" if info["icons"] else ""
        ex = b["exhausted"].get(h, [])
        notes = []
        if ex:
            notes.append("exhausted: " + ", ".join(ex))
        if info["capital"] is not None:
            notes.append(f"capital of {present.HOUSE_NAME.get(view['houses'][info['capital']], '?')}")
        if info["atlantis"]:
            notes.append(
                "Atlantis (entered only from "
                + ", ".join(sorted(present.region_name(x) for e in lay.dotted for x in e if h in e and x != h))
                + ")"
            )
        a = b["ancient"].get(h)
        if a:
            t_ = DATA.ancient.get(a["tile"]) if a.get("up", True) else None
            notes.append(
                (
                    f"ancient tile (strength {t_['strength']}, reward {present.effects_text(t_['reward'])})"
                    if t_
                    else "face-down ancient tile"
                )
                + (" guarding the Atlantis god" if a["god"] else "")
            )
        owners = [b["settlements"][h]] if h in b["settlements"] else []
        for i, o in enumerate(b.get("unit_settlements", [])):
            owners += [i] * o.get(h, 0)
        name, units = present.region_name(h), _units(view, h)
        settled = ", ".join(f"[{COLORS[o]}]{house(view, o)}[/]" for o in owners)
        shrines = info["shrines"]
        near = ", ".join(_short_region(h, x) for x in sorted(lay.nb.get(h, ()), key=lay.index.__getitem__))
        told = "; ".join(notes)
        wide = (name, info["board"].capitalize(), prod, str(shrines or ""), units, settled, near, told)
        produce = ", ".join(x for x in (prod, f"{shrines} shrine{'s' if shrines > 1 else ''}" if shrines else "") if x)
        narrow = (
            name + (f"\n{produce}" if produce else ""),
            "\n".join(x for x in (units, f"settled by {settled}" if settled else "") if x),
            near,
            told,
        )
        rows[h] = (wide, narrow)
    return rows


def _short_region(here: str, there: str) -> str:
    """A neighbour in the region table: its number alone on the same board."""
    a, b = present.region_name(here), present.region_name(there)
    same = a.rsplit(" ", 1)[0] == b.rsplit(" ", 1)[0] and not b.startswith("Atlantis")
    return b.rsplit(" ", 1)[1] if same else b


def render_culture(view) -> Text:
    from meeple.games.anunnaki.board import layout

    lay = layout(view["houses"], view["players"])
    parts = []
    for (tri, _b), c in zip(lay.spots, view["board"]["culture"], strict=True):
        if c is None:
            continue
        tok = c["token"]
        ben = "face down" if tok == "?" else present.effects_text(DATA.culture[tok]["benefit"])
        parts.append(f"{', '.join(present.region_name(x) for x in tri)}: {ben}")
    return Text("culture tokens: " + (" | ".join(parts) if parts else "none"))


def render_players(view, seat) -> Fitted:
    """A row per house where the terminal is wide enough, else a column per house."""
    t = Table(title="players", box=box.SIMPLE)
    cols = ("house", "VP", "food wood metal gold", "mana", "war tech commerce", "domination", "cubes placed")
    for c in (*cols, "gods summoned", "weapons", "contracts"):
        t.add_column(c)
    for i, sd in enumerate(view["seats"]):
        gods = [present.nice(g) for g in sd["summoned"]] + ([major_name(view, i)] if sd["major"] else [])
        free = []
        if sd["free_minor"]:
            free.append(f"{sd['free_minor']} minor god{'s' if sd['free_minor'] > 1 else ''}")
        if sd["free_major"]:
            free.append("the major god")
        t.add_row(
            f"[{COLORS[i]}]{house(view, i)}{' (you)' if i == seat else ''}[/]",
            str(sd["vp"]),
            " ".join(map(str, sd["res"])),
            str(sd["mana"]),
            " ".join(map(str, sd["tracks"])),
            str(sd["dom"]),
            f"{len(sd['cubes'])} of {DATA.setup['cubes']}",
            (", ".join(gods) or "none") + (f"; may summon free: {' and '.join(free)}" if free else ""),
            weapons_words(sd["hand"]),
            str(len(sd["contracts"])),
        )
    return Fitted(t)


def weapons_words(hand: list) -> str:
    """A seat's weapons: by name, those it keeps hidden counted ("1 hidden advanced weapon")."""
    hidden = sum(1 for w in hand if w not in DATA.weapons)
    named = [present.nice(w) for w in hand if w in DATA.weapons]
    if hidden:
        named.append(f"{hidden} hidden advanced weapon{'s' if hidden > 1 else ''}")
    return ", ".join(named) or "none"


def render_contracts(view) -> Text:
    rows = [f"{present.contract_text(c)} ({present.contract_house(c)})" for c in view["contracts"]["display"]]
    held = []
    for i, sd in enumerate(view["seats"]):
        for c in sd["contracts"]:
            held.append(f"{house(view, i)} holds: {present.contract_text(c)} ({present.contract_house(c)})")
    return Text(
        "contracts on display: "
        + "\n    ".join([""] + rows)
        + "\ncontracts held: "
        + ("\n    ".join([""] + held) if held else "none")
    )


def render_you(view, seat) -> Text:
    """What only you hold, in words: your gods, weapons, tracks and domination."""
    sd = view["seats"][seat]

    def listed(items) -> str:
        return "".join(f"\n  - {x}" for x in items) or " none"

    lines = [
        "Your minor gods to summon:" + listed(present.god_text(g) for g in sd["gods_offer"] if g not in sd["summoned"]),
        "Your summoned gods:"
        + listed([present.god_text(g) for g in sd["summoned"]] + (["your major god"] if sd["major"] else [])),
        "Your weapons:" + listed(present.weapon_text(None, None, w) for w in sd["hand"]),
    ]
    mult = DATA.multipliers
    for t, step in zip(TRACKS, sd["tracks"], strict=True):
        obj = view["objectives"].get(t)
        lines.append(
            f"{t.capitalize()} track: step {step} (multiplier ×{mult[min(step, len(mult) - 1)]}); "
            f"its objective counts {objective_words(obj)}"
        )
    lines.append(
        f"Domination: {sd['dom']} (worth {DATA.dom_vp.get(sd['dom'], 0)} VP now; track "
        f"{DATA.dom_min} to {DATA.dom_max}, lightning at {DATA.lightning}; its objective counts "
        f"{objective_words(view['objectives'].get('dom'))})"
    )
    return Text("\n".join(lines))


def _turn_words(view, seat) -> str:
    cur = view["current"]
    return (
        f"{house(view, cur)}'s turn{' (you)' if cur == seat else ''}"
        if isinstance(cur, int) and 0 <= cur < view["players"]
        else "between turns"
    )


def sections(view, seat) -> list[tuple[str, Any]]:
    """The table in named parts (`screen.Sections` prints again only those that changed)."""
    head = Text(
        "End-of-game objectives (times the track's multiplier): " + objectives_line(view) + "\n" + present.END_RULE,
        style="bold",
    )
    if view["end_triggered"]:
        head.append("\nThe end is triggered: the round ends with the player before the first player, then the game.")
    return [
        ("head", head),
        ("players", render_players(view, seat)),
        ("star", render_star(view, seat)),
        (
            "regions",
            Rows(
                {h: repr(rows[0]) for h, rows in region_rows(view).items()},
                lambda only: render_boards(view, only, "regions" if only is None else "regions that changed"),
            ),
        ),
        ("culture", render_culture(view)),
        ("contracts", render_contracts(view)),
        ("you", render_you(view, seat)),
    ]


def render(view, seat) -> Group:
    """The whole table as `seat` may see it."""
    parts = [p.build(None) if isinstance(p, Rows) else p for _, p in sections(view, seat)]
    return Group(Text(f"Anunnaki — {_turn_words(view, seat)}", style="bold"), *parts)


def _asked(state, seat: int) -> dict:
    """The decision `seat` must answer now, in words."""
    d = decision_for(state, seat)
    assert d is not None  # a decision is pending
    return d


def _menu(state, seat) -> list[tuple[int, str]]:
    """The legal moves in words (the presenter's labels: regions, contracts,
    gods and weapons by name)."""
    words = {
        o["move"].split(" ", 1)[1] if o["move"].startswith("@") else o["move"]: o["label"]
        for o in _asked(state, seat).get("options", [])
    }
    out = []
    for a in state.legal_actions(seat):
        move = state.action_to_str_for(a, seat)
        label = words.get(move, move)
        out.append((a, label[0].upper() + label[1:] if label else move))
    return out


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").replace("“", "").replace("”", "").split())


def _typed(state, seat: int, menu: list[tuple[int, str]], line: str) -> int | None:
    """The menu line typed in words: the whole line, or the region's name
    alone ('gaia 5', 'pharaos 1'), a god's or a weapon's ('anu', 'long shield')
    when one line only is about it."""
    typed = _norm(line)
    whole = [a for a, text in menu if _norm(text) == typed]
    if len(whole) == 1:
        return whole[0]
    named = [a for a, _text in menu if _norm(_named(state.action_to_str_for(a, seat))) == typed]
    return named[0] if len(named) == 1 else None


def _named(move: str) -> str:
    """The name alone of what a move is about: its region, god, weapon..."""
    w = move.split()
    if len(w) < 2 or w[-1].isdigit():
        return ""
    return present.region_name(w[-1]) if w[-1] in present.REGION_NAME else present.nice(w[-1])


def render_vp_sources(state, names: list[dict]) -> Text:
    """Each seat's VP so far, by source (present.scoring during play)."""
    sc = present.scoring(state.log(), state)
    out = Text("VP by source so far\n", style="bold")
    for s, name in enumerate(names):
        parts = [f"{r['name']} {r['values'][s]}" for r in sc["rows"] if r["values"][s]]
        out.append(f"  {name['name']}: {sc['total'][s]} VP" + (" = " + ", ".join(parts) if parts else "") + "\n")
    return out


def seat_names(state, you: int) -> list[dict]:
    """Seats as the narration names them: by house, yours marked."""
    return [{"name": present.HOUSE_NAME.get(h, h) + (" (you)" if s == you else "")} for s, h in enumerate(state.houses)]


def narrate_lines(state, you: int, seen: int) -> list[tuple[str, str]]:
    """The events since `seen`, in the sentences of the web log (present.describe), as (text, style)."""
    return [
        (said["text"], COLORS[said["seat"]] if said["seat"] is not None else "dim")
        for said in narration(state.log(), speaking_log(), seat_names(state, you), you, seen)
    ]


def _status(state, me: int, question: str) -> Text:
    view = state.view(me)
    sd = view["seats"][me]
    return status_line(
        _turn_words(view, me),
        f"{sd['vp']} VP, "
        + ", ".join(f"{n} {r}" for n, r in zip(sd["res"], RESOURCES, strict=True))
        + f", {sd['mana']} mana",
        f"cubes {len(sd['cubes'])} of {DATA.setup['cubes']}"
        + ("; the end is triggered" if view["end_triggered"] else ""),
        question,
    )


HELP = (
    "Answer with a menu number, the menu line's words, a region's name (as the map names it) "
    "or the move in notation ('to g5'); 'rules' shows the rules in short; 'info NAME' "
    "tells what a term, god, house, weapon, contract, artifact, objective or 'tile N' "
    "is and does ('info domination'); "
    "'board' shows the whole table; 'hint' shows the advisor's three best moves for you; "
    f"{resign_help()}; 'quit' leaves."
)


def play(args, stdin=None, stdout=None) -> int:
    """`meeple play GAME`: the game at this terminal, in the language of
    `--lang` (else LANG's)."""
    with speaking(getattr(args, "lang", None)):
        return _play(args, stdin, stdout)


def _play(args, stdin=None, stdout=None) -> int:
    inp = sys.stdin if stdin is None else stdin
    console = Console(file=sys.stdout if stdout is None else stdout, highlight=False)
    players = getattr(args, "players", 2)
    me = getattr(args, "seat", 0)
    seed = getattr(args, "seed", None)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        console.print(
            Text(f"meeple play: Anunnaki is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players}", style="bold red")
        )
        return 2
    if not isinstance(me, int) or not 0 <= me < players:
        console.print(Text(f"meeple play: --seat must be from 0 to {players - 1}", style="bold red"))
        return 2
    try:
        bots = {
            s: make_bot(getattr(args, "bot", "random") or "random", seed * 64 + s + 1, game="anunnaki")
            for s in range(players)
            if s != me
        }
    except (GameError, TypeError) as e:
        console.print(Text(f"meeple play: {e}", style="bold red"))
        return 2
    houses = getattr(args, "houses", None)
    try:
        options: dict[str, Any] = {
            "first_game": bool(getattr(args, "first_game", False)),
            "houses": [h.strip() for h in houses.split(",")] if houses else None,
        }
        state = new_game(players, seed=seed, **options)
    except GameError as e:
        console.print(Text(f"meeple play: {e}", style="bold red"))
        return 2
    track(args, state, seed, **options)
    console.print(
        Text(
            f"Anunnaki, {players} players, seed {seed}; you play the house of "
            f"{present.HOUSE_NAME.get(state.houses[me], state.houses[me])}. "
            "Type a number or the move; 'help', 'quit'.",
            style="bold",
        ),
        greeting(
            "anunnaki",
            [f"house.{state.houses[me]}", f"god.{DATA.houses[state.houses[me]]['major']}"],
            "Your house and its major god:",
        ),
    )
    names = seat_names(state, me)
    screen = Sections(console)
    news: list[tuple[str, str]] = []
    seen = 0
    human: int | None = me  # None once the person resigned: bots play every seat
    try:
        while not state.is_terminal():
            news += narrate_lines(state, me, seen)
            seen = len(state.log())
            d = state.decision()
            assert d is not None  # the game is not over
            if human in d.seats:
                asked = _asked(state, me)
                screen.show(sections(state.view(me), me))
                for text, style in fold(news):
                    console.print(Text(f"  · {text}", style=style))
                news = []
                menu = _menu(state, me)
                listed = Table(box=None, show_header=False, pad_edge=False)  # a long line wraps under its words
                listed.add_column(justify="right")
                listed.add_column()
                for i, (_a, text) in enumerate(menu, 1):
                    listed.add_row(f"  {i}.", Text(text))
                console.print(listed)
                console.print(_status(state, me, asked["prompt"]))
                console.print("> ", end="")
                line = inp.readline()
                if not line:
                    return 0
                line = line.strip()
                if line in ("quit", "q", "exit"):
                    return 0
                if line in ("help", "?"):
                    console.print(HELP)
                    continue
                if line == "board":
                    screen.show(sections(state.view(me), me), every=True)
                    continue
                if line == "resign":
                    if not resign_confirmed(console, inp.readline, players):
                        continue
                    if players == 2:
                        console.print(Text(f"You resign. {names[1 - me]['name']} wins.", style="bold"))
                        return 0
                    console.print(Text("You resign: a bot plays your seat to the end.", style="bold"))
                    bots[me] = make_bot(getattr(args, "bot", "random") or "random", seed * 64 + me + 1, game="anunnaki")
                    human = None
                    continue
                found = look_up(
                    line,
                    state,
                    me,
                    lambda name: present.info(name, state, me),
                    game="anunnaki",
                    words=lambda move: hint_words(state, me, move),
                )
                if found is not None:
                    console.print(found)
                    continue
                try:
                    if line.isdigit() and 1 <= int(line) <= len(menu):
                        state.apply_action(menu[int(line) - 1][0], me)
                    elif (a := _typed(state, me, menu, line)) is not None:
                        state.apply_action(a, me)
                    else:
                        state.apply_move(f"@{me} {line}" if len(d.seats) > 1 else line)
                except IllegalMove:  # the notation's reason names the decision by its internal name
                    console.print(
                        Text(
                            f"{line!r} is not on the menu: type a line's number, its words (such as "
                            f"{menu[0][1]!r}) or the name of the region, god or weapon it is about",
                            style="red",
                        )
                    )
                continue
            seat = next(s for s in d.seats if s != human)
            a = bots[seat].choose(observe(state, seat))
            if d.kind == "weapon" and seat != me:
                news.append((f"{names[seat]['name']} chooses a weapon in secret", COLORS[seat]))
            state.apply_action(a, seat)
    except KeyboardInterrupt:
        return 130
    news += narrate_lines(state, me, seen)
    if human is not None:
        for text, style in fold(news):
            console.print(Text(f"  · {text}", style=style))
        screen.show(sections(state.view(me), me))
    final = present.scoring(state.log(), state)
    assert final is not None  # the game is over
    t = Table(title="Final scoring (VP by source)", box=box.SIMPLE)
    t.add_column("source")
    for s in range(players):
        t.add_column(names[s]["name"], justify="right")
    for row in final["rows"]:
        t.add_row(row["name"], *[str(v) for v in row["values"]])
    t.add_row(Text("Total", style="bold"), *[Text(str(v), style="bold") for v in final["total"]])
    console.print(t)
    w = state.winners[0]
    if human is None:
        console.print(resigned_places([n["name"] for n in names], [r["seat"] for r in present.ranking(state)], me))
        return 0
    console.print(Text(f"Winner: {names[w]['name']}", style="bold"))
    return 0


def hint_words(state, seat: int, move: str) -> str:
    """A hinted MOVE in words: its menu line (the presenter's label), else
    the notation as typed."""
    bare = move.split(" ", 1)[1] if move.startswith("@") else move
    lines = {state.action_to_str_for(a, seat): text for a, text in _menu(state, seat)}
    return lines.get(bare, lines.get(move, bare))


__all__ = ["play", "render"]


def speaking_log():
    """The presenter's `describe`, its sentences in the table's language
    (the events' declared words through the catalogs, `meeple.i18n.events`)."""
    return partial(present.describe, speaker=speaker_for("anunnaki", lang()))

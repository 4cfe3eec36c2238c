"""Ethnos STATE and MOVE notation (shared/conformance/SPEC.md).

One format for saves, logs, replays and tests: `dump`/`load` turn a state into
the STATE document and back; `move_actions` turns a MOVE string into the
actions the engine applies; `apply_move` applies one atomically.
"""

from __future__ import annotations

from typing import Any

from meeple.core.game import BadState, IllegalMove
from meeple.core.rng import Rng
from meeple.games.ethnos import data
from meeple.games.ethnos import state as st
from meeple.games.ethnos.ages import start_turn
from meeple.games.ethnos.rules import Misread
from meeple.games.ethnos.cards import (
    CARD_NAME,
    CARD_TRIBE,
    DRAGON,
    KINGDOM_INDEX,
    NK,
    SKELETON,
    TRIBE_INDEX,
    parse as parse_card,
)

_TOP_KEYS = {
    "game",
    "players",
    "age",
    "tribes",
    "kingdoms",
    "deck",
    "market",
    "dragons",
    "current",
    "last_dragon",
    "merfolk",
    "giant",
    "troll_pool",
    "seats",
    "finished",
    "winners",
    "pending",
    "rng",
}


# The format of `pending`, which saves the rules' step stack (`todo`) by step
# name and arguments. Format 1 has exactly these steps; a STATE without
# `pending.version` is format 1. Renaming or adding a step, or changing its
# arguments, raises PENDING_FORMAT, writes `version` and keeps reading format 1.
PENDING_FORMAT = 1
FORMAT_1_STEPS = frozenset(
    {"placement", "ability", "merfolk", "troll", "centaur", "discard", "wizard", "end", "orc", "age_bands"}
)

# ----------------------------------------------------------------- dumping
HIDDEN = "?"


def dump(s: "st.EthnosState", redact: bool = False, viewer: int | None = None) -> dict:
    """The STATE document. With `redact`, as `viewer` (None: a spectator) may see
    it: the deck, other hands and another seat's band in progress are "?", and the
    generator's state is left out (it would tell future shuffles)."""
    p = s.players
    doc = {
        "game": "ethnos",
        "players": p,
        "age": s.age,
        "tribes": [data.TRIBES[t] for t in s.tribes],
        "kingdoms": {
            name: {"glory": list(s.slots[k]), "markers": s.markers[k * p : (k + 1) * p]}
            for k, name in enumerate(data.KINGDOMS)
        },
        "deck": [HIDDEN] * len(s.deck) if redact else [CARD_NAME[c] for c in reversed(s.deck)],
        "market": [CARD_NAME[c] for c in s.market],
        "dragons": s.dragons,
        "current": s.current,
        "last_dragon": s.last_dragon,
    }
    if s.merfolk is not None:
        doc["merfolk"] = list(s.merfolk)
    doc["giant"] = None if s.giant is None else {"seat": s.giant[0], "band": s.giant[1]}
    doc["troll_pool"] = [v for v in data.TROLL_TOKENS if s.troll_pool >> v & 1]
    doc["seats"] = [
        {
            "glory": s.glory[i],
            "hand": [HIDDEN] * len(s.hands[i]) if redact and i != viewer else [CARD_NAME[c] for c in s.hands[i]],
            "bands": [{"leader": CARD_NAME[b[0]], "cards": [CARD_NAME[c] for c in b]} for b in s.bands[i]],
            "orc": [data.KINGDOMS[k] for k in range(NK) if s.orc[i] >> k & 1],
            "trolls": list(s.trolls[i]),
        }
        for i in range(p)
    ]
    doc["finished"] = s.finished
    doc["winners"] = list(s.winners)
    pending = _dump_pending(s)
    if pending is not None:
        if redact and pending["seat"] != viewer:
            pending["build"] = [HIDDEN] * len(pending["build"])
        doc["pending"] = pending
    if not redact:
        doc["rng"] = s.rng.state
    return doc


def _dump_pending(s) -> dict | None:
    """Everything about a turn in progress; None between turns."""
    if s.finished or (s.kind == "turn" and not s.todo and not s.build):
        return None
    return {
        "kind": s.kind,
        "seat": s.dseats[0],
        "arg": s.darg,
        "todo": [list(step) for step in s.todo],
        "build": [CARD_NAME[c] for c in s.build],
        "keep": s.keep,
        "wizard": s.wiz,
        "placed": s.placed,
        "moved": [list(m) for m in s.moved],
    }


# ----------------------------------------------------------------- loading
def _need(cond: object, msg: str) -> None:
    if not cond:
        raise BadState(msg)


def _int(doc: dict, key: str, lo: int, hi: int, where: str = "") -> int:
    v: Any = doc.get(key)
    _need(
        isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi,
        f"{where}{key} must be an integer from {lo} to {hi}, got {v!r}",
    )
    return v


def _cards(seq, where: str, allow_dragon: bool = False) -> list[int]:
    _need(isinstance(seq, list), f"{where} must be a list of cards")
    out = []
    for i, text in enumerate(seq):
        try:
            c = parse_card(text)
        except ValueError as e:
            raise BadState(f"{where}[{i}]: {e}") from None
        _need(allow_dragon or c != DRAGON, f"{where}[{i}]: a dragon cannot be here")
        out.append(c)
    return out


def load(doc) -> "st.EthnosState":
    """Build a state from a STATE document; BadState names the first problem."""
    _need(isinstance(doc, dict), "STATE must be a JSON object")
    _need(doc.get("game") == "ethnos", f"game must be 'ethnos', got {doc.get('game')!r}")
    unknown = set(doc) - _TOP_KEYS
    _need(not unknown, f"unknown STATE field(s): {', '.join(sorted(unknown))}")
    p = _int(doc, "players", data.MIN_PLAYERS, data.MAX_PLAYERS)
    s = st.blank(p)
    s.players = p
    s.age = _int(doc, "age", 1, s.ages)
    tribes = doc.get("tribes")
    _need(isinstance(tribes, list) and tribes, "tribes must be a non-empty list")
    for t in tribes:
        _need(t in TRIBE_INDEX, f"unknown tribe {t!r}")
    _need(len(set(tribes)) == len(tribes), "tribes lists a tribe twice")
    s.tribes = tuple(sorted(TRIBE_INDEX[t] for t in tribes))
    kingdoms = doc.get("kingdoms")
    _need(isinstance(kingdoms, dict), "kingdoms must be an object")
    extra = set(kingdoms) - set(data.KINGDOMS)
    _need(not extra, f"unknown kingdom(s): {', '.join(sorted(map(str, extra)))}")
    nslots = 2 if data.small_game(p) else 3
    slots, markers = [], [0] * (NK * p)
    for k, name in enumerate(data.KINGDOMS):
        kd = kingdoms.get(name)
        _need(isinstance(kd, dict), f"kingdoms.{name} is missing")
        g = kd.get("glory")
        _need(
            isinstance(g, list)
            and len(g) == nslots
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in g),
            f"kingdoms.{name}.glory must be {nslots} non-negative integers",
        )
        _need(g == sorted(g), f"kingdoms.{name}.glory must be ascending")
        slots.append(tuple(g))
        m = kd.get("markers")
        _need(
            isinstance(m, list)
            and len(m) == p
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in m),
            f"kingdoms.{name}.markers must be {p} non-negative integers",
        )
        markers[k * p : (k + 1) * p] = m
    s.slots = tuple(slots)
    s.markers = markers
    s.deck = _cards(doc.get("deck", []), "deck", allow_dragon=True)[::-1]
    s.market = _cards(doc.get("market", []), "market")
    s.dragons = _int(doc, "dragons", 0, data.DRAGONS) if "dragons" in doc else 0
    _need(
        s.dragons < data.DRAGONS or doc.get("finished") or doc.get("pending"),
        f"dragons is {data.DRAGONS} but the age is not ending",
    )
    s.current = _int(doc, "current", 0, p - 1)
    ld = doc.get("last_dragon")
    _need(
        ld is None or (isinstance(ld, int) and not isinstance(ld, bool) and 0 <= ld < p),
        f"last_dragon must be null or a seat, got {ld!r}",
    )
    s.last_dragon = ld
    has_merfolk = TRIBE_INDEX["merfolk"] in s.tribes
    mf = doc.get("merfolk")
    if has_merfolk:
        mf = [0] * p if mf is None else mf
        _need(
            isinstance(mf, list)
            and len(mf) == p
            and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= data.MERFOLK_TRACK_END for v in mf),
            f"merfolk must be {p} track positions from 0 to {data.MERFOLK_TRACK_END}",
        )
        s.merfolk = list(mf)
    else:
        _need(mf is None, "merfolk is given but merfolk are not in play")
        s.merfolk = None
    pool = doc.get("troll_pool", list(data.TROLL_TOKENS))
    _need(
        isinstance(pool, list) and all(v in data.TROLL_TOKENS for v in pool) and len(set(pool)) == len(pool),
        f"troll_pool must hold distinct troll tokens, got {pool!r}",
    )
    s.troll_pool = 0
    for v in pool:
        s.troll_pool |= 1 << v
    seats = doc.get("seats")
    _need(isinstance(seats, list) and len(seats) == p, f"seats must list {p} seats")
    s.glory, s.hands, s.bands, s.orc, s.trolls = [], [], [], [], []
    for i, seat in enumerate(seats):
        w = f"seats.{i}."
        _need(isinstance(seat, dict), f"seats.{i} must be an object")
        s.glory.append(_int(seat, "glory", 0, 10**6, w) if "glory" in seat else 0)
        s.hands.append(_cards(seat.get("hand", []), w + "hand"))
        bands = seat.get("bands", [])
        _need(isinstance(bands, list), w + "bands must be a list")
        out = []
        for j, b in enumerate(bands):
            _need(isinstance(b, dict), f"{w}bands.{j} must be an object")
            cards = _cards(b.get("cards"), f"{w}bands.{j}.cards")
            try:
                lead = parse_card(b.get("leader"))
            except ValueError as e:
                raise BadState(f"{w}bands.{j}.leader: {e}") from None
            _need(lead != SKELETON and lead != DRAGON, f"{w}bands.{j}: a skeleton cannot lead")
            _need(lead in cards, f"{w}bands.{j}: the leader must be one of its cards")
            cards.remove(lead)
            out.append((lead, *sorted(cards)))
        s.bands.append(out)
        orc = seat.get("orc", [])
        _need(
            isinstance(orc, list) and all(k in KINGDOM_INDEX for k in orc) and len(set(orc)) == len(orc),
            f"{w}orc must list distinct kingdoms",
        )
        mask = 0
        for k in orc:
            mask |= 1 << KINGDOM_INDEX[k]
        s.orc.append(mask)
        tr = seat.get("trolls", [])
        _need(isinstance(tr, list) and all(v in data.TROLL_TOKENS for v in tr), f"{w}trolls must hold troll tokens")
        for v in tr:
            _need(not s.troll_pool >> v & 1, f"troll token {v} is both in the pool and held")
        s.trolls.append(tuple(sorted(tr)))
    held = [v for t in s.trolls for v in t]
    _need(len(set(held)) == len(held), "a troll token is held twice")
    g = doc.get("giant")
    if g is None:
        s.giant = None
    else:
        _need(isinstance(g, dict), "giant must be null or {seat, band}")
        gs = _int(g, "seat", 0, p - 1, "giant.")
        gb = _int(g, "band", 0, max(0, len(s.bands[gs]) - 1), "giant.")
        _need(
            gb < len(s.bands[gs]) and CARD_TRIBE[s.bands[gs][gb][0]] == TRIBE_INDEX["giant"],
            "giant.band must name a giant-led band of that seat",
        )
        s.giant = (gs, gb)
    for i in range(p):
        _need(s.supply(i) >= 0, f"seat {i} uses more than {data.MARKERS_PER_PLAYER} markers")
    s.finished = bool(doc.get("finished", False))
    w = doc.get("winners", [])
    _need(isinstance(w, list) and all(isinstance(x, int) and 0 <= x < p for x in w), "winners must list seats")
    s.winners = list(w)
    rng = doc.get("rng", 0)
    _need(isinstance(rng, int) and not isinstance(rng, bool) and rng >= 0, "rng must be a non-negative integer")
    s.rng = Rng(rng)
    s.dseats = [s.current]
    pending = doc.get("pending")
    if s.finished:
        pass
    elif pending is None:
        start_turn(s)
        s.advance()
    else:
        _load_pending(s, pending)
    return s


def _load_pending(s, pd) -> None:
    _need(isinstance(pd, dict), "pending must be an object")
    version = pd.get("version", 1)
    _need(
        isinstance(version, int) and not isinstance(version, bool) and version >= 1,
        f"pending.version must be a positive integer, got {version!r}",
    )
    _need(
        version <= PENDING_FORMAT,
        f"pending.version {version} is newer than this engine reads (up to {PENDING_FORMAT}): update meeple",
    )
    try:
        kind = pd["kind"]
        _need(kind in st.RULES.decisions or kind is None, f"pending.kind {kind!r} is unknown")
        s.kind = kind
        s.dseats = [_int(pd, "seat", 0, s.players - 1, "pending.")]
        s.darg = pd.get("arg")
        _need(s.darg is None or isinstance(s.darg, int), "pending.arg must be an integer or null")
        todo = []
        for step in pd.get("todo", []):
            _need(isinstance(step, list) and step and step[0] in st.RULES.steps, f"pending.todo: bad step {step!r}")
            _need(all(isinstance(x, int) for x in step[1:]), f"pending.todo: bad step {step!r}")
            todo.append(tuple(step))
        s.todo = todo
        s.build = _cards(pd.get("build", []), "pending.build")
        s.keep = _int(pd, "keep", 0, 99, "pending.") if "keep" in pd else 0
        s.wiz = _int(pd, "wizard", 0, 99, "pending.") if "wizard" in pd else 0
        s.placed = bool(pd.get("placed", False))
        s.moved = tuple(tuple(m) for m in pd.get("moved", []))
    except (TypeError, KeyError) as e:
        raise BadState(f"pending is malformed: {e}") from None
    if s.kind is None:
        s.advance()


# ------------------------------------------------------------------ moves
def action_to_str(s, a: int) -> str:
    """One action in words (a band's steps read 'lead', 'add', 'done')."""
    if a < st.DECK:
        return "recruit " + CARD_NAME[a - st.RECRUIT]
    if a == st.DECK:
        return "recruit deck"
    if a < st.ADD:
        return "lead " + CARD_NAME[a - st.LEADER]
    if a < st.DONE:
        return ("keep " if s.kind == "keep" else "add ") + CARD_NAME[a - st.ADD]
    if a == st.DONE:
        return "done"
    if a < st.TROLL_TAKE:
        return "place " + data.KINGDOMS[a - st.PLACE]
    if a < st.DRAW:
        return f"troll {a - st.TROLL_TAKE + 1}"
    if a >= st.SWAP:
        j, seat = divmod(a - st.SWAP, st.SWAP_SEATS)
        return f"swap {seat} {j}"
    return {st.DRAW: "draw", st.PASS: "pass", st.CASH: "cash", st.KEEP: "keep"}[a]


def move_actions(s, text: str) -> list[int]:
    """The actions a MOVE string stands for at this decision (leading actions only;
    a band's final 'done' is added by apply_move when the band is still open)."""
    if not isinstance(text, str):
        raise IllegalMove(f"a move is a string, got {type(text).__name__}")
    words = text.split()
    if not words:
        raise IllegalMove("empty move")
    kind, verb, args = s.kind, words[0], words[1:]
    if s.finished or kind is None:
        raise IllegalMove("the game is over")
    expected = st.RULES.decisions[kind].moves

    def bad(why: str = "") -> IllegalMove:
        return IllegalMove(f"{why + '; ' if why else ''}seat {s.dseats[0]} must answer '{kind}': {expected}")

    read = st.RULES.decisions[kind].read
    if read is None:  # every Ethnos decision declares how its moves read
        raise bad(f"cannot read {text!r}")
    try:
        actions = read(s, verb, args)
    except Misread as e:
        raise bad(str(e)) from None
    if actions is not None:
        return actions
    raise bad(f"cannot read {text!r}")


def apply_move(s, text: str) -> None:
    """Apply one MOVE atomically: on any error the state is left untouched."""
    actions = move_actions(s, text)
    backup = s.clone()
    try:
        # a band or a keep is closed by 'done' unless the engine closed it
        # already (nothing more could be added)
        opening = s.kind
        closes = {"turn": "band", "centaur": "band", "keep": "keep"}.get(opening)
        if closes == "band" and actions[0] < st.LEADER:
            closes = None
        for a in actions:
            if a not in s.legal_actions():
                raise IllegalMove(_why_illegal(s, text))
            s.apply_legal(a)
        if closes is not None and s.kind == closes:
            s.apply_legal(st.DONE)
    except IllegalMove:
        s._restore(backup)
        raise


def _why_illegal(s, text: str) -> str:
    why = st.RULES.decisions[s.kind].why
    if why is None:
        return f"{text!r} is not legal now"
    return f"{text!r}: {why(s)}"


def legal_moves(s) -> list[str]:
    """Every legal MOVE string now (bands expanded: for people and tests)."""
    if s.finished or s.kind is None:
        return []
    out: list[str] = []
    if s.kind in ("keep", "band") or s.kind in ("turn", "centaur"):
        _expand(s, [], out)
        return out
    return [action_to_str(s, a) for a in s.legal_actions()]


def _expand(s, prefix: list[int], out: list[str]) -> None:
    kind = s.kind
    for a in s.legal_actions():
        if kind in ("turn", "centaur") and a >= st.LEADER and a < st.ADD:
            c = s.clone()
            c.record = False
            c.take_action(a)
            _expand_build(c, [a - st.LEADER], "band", out)
        elif kind == "keep":
            _expand_build(s.clone(), [], "keep", out)
            return
        else:
            out.append(action_to_str(s, a))


def _expand_build(c, cards: list[int], verb: str, out: list[str]) -> None:
    out.append(" ".join([verb] + [CARD_NAME[x] for x in cards]))
    for a in c.legal_actions():
        if a == st.DONE:
            continue
        n = c.clone()
        n.record = False
        n.take_action(a)
        _expand_build(n, cards + [a - st.ADD], verb, out)

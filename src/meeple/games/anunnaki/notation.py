"""Anunnaki STATE and MOVE notation (docs/notation/anunnaki.md).

A MOVE is the answer to the pending decision, in words (`action_to_str`):
`tile 7`, `from ph1`, `god anubis`, `to ga3`, `harvest g4`, `weapon dagger`,
`pass`... A move may start with `@<seat> ` to name the seat answering a
simultaneous decision (otherwise the first seat still to choose answers).
`apply_move` is atomic: an illegal or malformed move changes nothing.
"""

from __future__ import annotations

from typing import Any

from meeple.core.game import BadState, IllegalMove
from meeple.core.rng import Rng
from meeple.games.anunnaki import state as st
from meeple.games.anunnaki.actions import SEAT_FIELDS, _copy, action_to_str
from meeple.games.anunnaki.board import layout
from meeple.games.anunnaki.data import ARTIFACTS, DATA, MAX_PLAYERS, MIN_PLAYERS, RESOURCES, TRACKS
from meeple.games.anunnaki.declare import FLOW


def _norm(text: str) -> str:
    return " ".join(str(text).lower().split())


def apply_move(s, text) -> None:
    if not isinstance(text, str):
        raise IllegalMove(f"a move must be text, not {type(text).__name__}")
    if s.finished:
        raise IllegalMove("the game is over")
    if s.kind is None:
        raise IllegalMove("no decision is pending")
    move = _norm(text)
    seat = s.dseats[0]
    if move.startswith("@"):
        head, _, rest = move.partition(" ")
        try:
            seat = int(head[1:])
        except ValueError:
            raise IllegalMove(f"bad seat prefix {head!r} (write @<seat> <move>)") from None
        if seat not in s.dseats:
            raise IllegalMove(f"seat {seat} has no decision now (waiting for {', '.join(map(str, s.dseats))})")
        move = rest
    options = {}
    try:
        acts = s.legal_actions(seat)
    except _MALFORMED as e:
        raise IllegalMove(f"the pending decision does not fit the STATE ({type(e).__name__}: {e})") from None
    for a in acts:
        options[action_to_str(s, a, seat)] = a
    a = options.get(move)
    if a is None and s.kind == "market":  # the two gained resources in either order
        w = move.split()
        if len(w) >= 3:
            a = options.get(" ".join(w[:-2] + [w[-1], w[-2]]))
    if a is None:
        shown = sorted(options)
        more = f" (and {len(shown) - 12} more)" if len(shown) > 12 else ""
        raise IllegalMove(
            f"{text!r} is not a legal {s.kind} move for seat {seat}; legal: {', '.join(shown[:12])}{more}"
        )
    before = s.clone()
    try:
        s.apply_action(a, seat)
    except _MALFORMED as e:  # only a hand-made, inconsistent `pending` gets here
        s._restore(before)
        raise IllegalMove(
            f"{text!r} cannot be applied: the STATE's pending steps are inconsistent ({type(e).__name__}: {e})"
        ) from None


def legal_moves(s) -> list[str]:
    """Every legal MOVE now: one per action (decisions are already small)."""
    return [s.action_to_str(a) for a in s.legal_actions()]


def named_seat(text: str) -> int | None:
    """The seat a move names ("@1 weapon dagger"), if any."""
    head = text.strip().split(" ", 1)[0]
    return int(head[1:]) if head[:1] == "@" and head[1:].isdigit() else None


def name_seat(seat: int, text: str) -> str:
    return f"@{seat} {text.strip()}"


def legal_moves_for(s, seat: int) -> list[str]:
    """`seat`'s legal MOVEs; at a simultaneous choice written "@<seat> <move>"
    so that the move names who makes it."""
    if s.finished or s.kind is None or seat not in s.dseats:
        return []
    prefix = f"@{seat} " if len(s.dseats) > 1 else ""
    return [prefix + action_to_str(s, a, seat) for a in s.legal_actions(seat)]


# ----------------------------------------------------------------- dump
def dump(s) -> dict:
    doc = {
        "game": "anunnaki",
        "players": s.players,
        "houses": list(s.houses),
        "first_game": s.first_game,
        "arrangement": list(s.arrangement),
        "current": s.current,
        "end_triggered": s.end_triggered,
        "objectives": dict(s.objectives),
        "dom_tokens": list(s.dom_tokens),
        "seats": _copy(s.seats),
        "board": {
            "followers": {h: list(v) for h, v in s.fol.items() if any(v)},
            "gods": _copy(s.gods),
            "settlements": dict(s.stl),
            "unit_settlements": [dict(o) for o in s.osl],
            "exhausted": {h: list(v) for h, v in s.exh.items() if v},
            "ancient": {h: {"tile": v[0], "up": v[1], "god": v[2]} for h, v in s.anc.items()},
            "culture": [None if c is None else {"token": c[0], "up": c[1]} for c in s.cul],
        },
        "contracts": {"deck": list(s.deck), "display": list(s.display)},
        "artifacts": {"deck": list(s.art_deck), "seen": list(s.art_seen)},
        "conquests": s.conquests,
        "removed": list(s.removed),
        "finished": s.finished,
        "winners": list(s.winners),
    }
    if s.final is not None:
        doc["final"] = _copy(s.final)
    if not s.finished:
        doc["pending"] = {
            "kind": s.kind,
            "seats": list(s.dseats),
            "arg": _copy(s.darg),
            "todo": _copy(s.todo),
            "ctx": _copy(s.ctx),
            "secret": dict(s.secret),
            "used": list(s.used),
            "flags": dict(s.flags),
        }
    doc["rng"] = s.rng.state
    return doc


# ----------------------------------------------------------------- load
def _need(cond, msg: str) -> None:
    if not cond:
        raise BadState(msg)


def _int(v, where: str, lo: int | None = None, hi: int | None = None) -> int:
    _need(isinstance(v, int) and not isinstance(v, bool), f"{where} must be a whole number, not {v!r}")
    _need(lo is None or v >= lo, f"{where} must be at least {lo}, not {v}")
    _need(hi is None or v <= hi, f"{where} must be at most {hi}, not {v}")
    return v


def _list(v, where: str) -> list:
    _need(isinstance(v, list), f"{where} must be a list")
    return v


def _dict(v, where: str) -> dict:
    _need(isinstance(v, dict), f"{where} must be an object")
    return v


_MALFORMED = (TypeError, KeyError, IndexError, ValueError, AttributeError, AssertionError)


def load(doc) -> "st.AnunnakiState":
    """A state from a STATE document; BadState (with the reason) if it is not one."""
    try:
        return _load(doc)
    except BadState:
        raise
    except _MALFORMED as e:
        raise BadState(f"malformed STATE ({type(e).__name__}: {e})") from None


def _load(doc) -> "st.AnunnakiState":
    _need(isinstance(doc, dict), "STATE must be a JSON object")
    _need(doc.get("game") == "anunnaki", f"STATE.game must be 'anunnaki', not {doc.get('game')!r}")
    P = _int(doc.get("players"), "players", MIN_PLAYERS, MAX_PLAYERS)
    houses = _list(doc.get("houses"), "houses")
    _need(
        len(houses) == P and len(set(houses)) == P and all(h in DATA.houses for h in houses),
        f"houses must be {P} different of {', '.join(DATA.house_ids)}, not {houses!r}",
    )
    lay = layout(houses, P)
    s = st.AnunnakiState.__new__(st.AnunnakiState)
    s.players = P
    s.houses = list(houses)
    s.lay = lay
    s.first_game = bool(doc.get("first_game", False))
    arr = _list(doc.get("arrangement"), "arrangement")
    _need(sorted(arr) == sorted(DATA.tiles), "arrangement must list the tiles 1-10 once each")
    s.arrangement = list(arr)
    s.current = _int(doc.get("current", 0), "current", 0, P - 1)
    s.end_triggered = bool(doc.get("end_triggered", False))
    objs = _dict(doc.get("objectives"), "objectives")
    _need(
        sorted(objs) == sorted(TRACKS + ("dom",)) and sorted(objs.values()) == sorted(DATA.objectives),
        "objectives must map war, tech, commerce, dom to the four objective tiles",
    )
    s.objectives = dict(objs)
    s.dom_tokens = [t for t in _list(doc.get("dom_tokens", DATA.dom_tokens), "dom_tokens")]
    _need(all(t in DATA.dom_tokens for t in s.dom_tokens), "dom_tokens must be token spaces of the track")
    seats = _list(doc.get("seats"), "seats")
    _need(len(seats) == P, f"seats must have {P} entries")
    s.seats = [_load_seat(sd, i, houses[i]) for i, sd in enumerate(seats)]
    board = _dict(doc.get("board"), "board")
    s.fol = {h: [0] * P for h in lay.hexes}
    for h, v in _dict(board.get("followers", {}), "board.followers").items():
        _need(h in s.fol, f"board.followers: unknown hex {h!r}")
        _need(isinstance(v, list) and len(v) == P, f"board.followers.{h} must list {P} counts")
        s.fol[h] = [_int(x, f"board.followers.{h}", 0) for x in v]
    gods = _list(board.get("gods", [{}] * P), "board.gods")
    _need(len(gods) == P, f"board.gods must have {P} entries")
    s.gods = []
    for i, g in enumerate(gods):
        _dict(g, f"board.gods.{i}")
        for name, h in g.items():
            _need(
                name == "major" or name in s.seats[i]["summoned"],
                f"board.gods.{i}: {name!r} is not a summoned god of seat {i}",
            )
            _need(h in s.fol, f"board.gods.{i}.{name}: unknown hex {h!r}")
        _need(("major" in g) == s.seats[i]["major"], f"board.gods.{i}: the major god is on the board iff summoned")
        _need(all(x in g for x in s.seats[i]["summoned"]), f"board.gods.{i}: every summoned minor god needs a hex")
        s.gods.append(dict(g))
    for i in range(P):
        _need(sum(s.fol[h][i] for h in lay.hexes) <= DATA.setup["followers"], f"seat {i} has too many followers")
    s.stl = {}
    for h, o in _dict(board.get("settlements", {}), "board.settlements").items():
        _need(h in s.fol and h != "uw", f"board.settlements: unknown hex {h!r}")
        s.stl[h] = _int(o, f"board.settlements.{h}", 0, P - 1)
    osl = _list(board.get("unit_settlements", [{}] * P), "board.unit_settlements")
    _need(len(osl) == P, f"board.unit_settlements must have {P} entries")
    s.osl = []
    for i, o in enumerate(osl):
        _dict(o, f"board.unit_settlements.{i}")
        _need(
            not o or DATA.major[houses[i]]["basic"] == "odin_settlement_units",
            f"board.unit_settlements.{i}: only Odin's settlements are units",
        )
        for h, n in o.items():
            _need(h in s.fol and h != "uw", f"board.unit_settlements.{i}: unknown hex {h!r}")
            _int(n, f"board.unit_settlements.{i}.{h}", 1)
        s.osl.append(dict(o))
    for h, o in s.stl.items():
        _need(
            DATA.major[houses[o]]["basic"] != "odin_settlement_units",
            f"board.settlements.{h}: Odin's settlements are listed in unit_settlements",
        )
    s.exh = {}
    for h, v in _dict(board.get("exhausted", {}), "board.exhausted").items():
        _need(h in s.fol, f"board.exhausted: unknown hex {h!r}")
        for r in _list(v, f"board.exhausted.{h}"):
            _need(r in RESOURCES or (h == "uw" and r == "any"), f"board.exhausted.{h}: unknown resource {r!r}")
        s.exh[h] = list(v)
    s.anc = {}
    for h, v in _dict(board.get("ancient", {}), "board.ancient").items():
        _need(h in lay.ancient_sites, f"board.ancient: {h!r} is not an ancient site")
        _dict(v, f"board.ancient.{h}")
        _need(v.get("tile") in DATA.ancient, f"board.ancient.{h}: unknown tile {v.get('tile')!r}")
        s.anc[h] = [v["tile"], bool(v.get("up", False)), bool(v.get("god", False))]
    cul = _list(board.get("culture", [None] * len(lay.spots)), "board.culture")
    _need(len(cul) == len(lay.spots), f"board.culture must have {len(lay.spots)} spots")
    s.cul = []
    for i, c in enumerate(cul):
        if c is None:
            s.cul.append(None)
            continue
        _dict(c, f"board.culture.{i}")
        _need(c.get("token") in DATA.culture, f"board.culture.{i}: unknown token {c.get('token')!r}")
        s.cul.append([c["token"], bool(c.get("up", False))])
    con = _dict(doc.get("contracts", {}), "contracts")
    s.deck = [_contract(c, "contracts.deck") for c in _list(con.get("deck", []), "contracts.deck")]
    s.display = [_contract(c, "contracts.display") for c in _list(con.get("display", []), "contracts.display")]
    art = _dict(doc.get("artifacts", {}), "artifacts")
    s.art_deck = list(_list(art.get("deck", []), "artifacts.deck"))
    _need(all(a in ARTIFACTS for a in s.art_deck), "artifacts.deck: unknown artifact")
    s.art_seen = [_int(x, "artifacts.seen", 0, P - 1) for x in _list(art.get("seen", []), "artifacts.seen")]
    s.conquests = _int(doc.get("conquests", 0), "conquests", 0)
    s.removed = list(_list(doc.get("removed", []), "removed"))
    s.finished = bool(doc.get("finished", False))
    s.winners = [_int(w, "winners", 0, P - 1) for w in _list(doc.get("winners", []), "winners")]
    s.final = doc.get("final")
    rng = doc.get("rng", 0)
    s.rng = Rng(_int(rng, "rng", 0))
    s.record = True
    s.history = None
    s.events = None
    s.used, s.flags, s.ctx, s.secret = [], {}, {}, {}
    s.kind, s.dseats, s.darg, s.todo = None, [], {}, []
    pend = doc.get("pending")
    if s.finished:
        return s
    if pend is None:
        s._push(["start_turn"])
        s._advance()
        return s
    _dict(pend, "pending")
    kind = pend.get("kind")
    _need(kind is None or kind in FLOW.decisions, f"pending.kind: unknown decision {kind!r}")
    s.kind = kind
    s.dseats = [_int(x, "pending.seats", 0, P - 1) for x in _list(pend.get("seats", []), "pending.seats")]
    s.darg = _dict(_copy(pend.get("arg", {})), "pending.arg")
    todo = _list(_copy(pend.get("todo", [])), "pending.todo")
    for step in todo:
        _need(
            isinstance(step, list) and step and isinstance(step[0], str) and step[0] in FLOW.steps,
            f"pending.todo: unknown step {step!r}",
        )
    s.todo = todo
    s.ctx = _dict(_copy(pend.get("ctx", {})), "pending.ctx")
    s.secret = _dict(dict(pend.get("secret", {})), "pending.secret")
    s.used = list(_list(pend.get("used", []), "pending.used"))
    s.flags = dict(_dict(pend.get("flags", {}), "pending.flags"))
    if kind is not None:
        _need(s.dseats, "pending.seats must name the deciding seats")
        try:
            ok = all(s.legal_actions(x) for x in s.dseats)
        except _MALFORMED as e:
            raise BadState(f"pending decision {kind!r} does not fit the state ({type(e).__name__}: {e})") from None
        _need(ok, f"pending decision {kind!r} has no legal answer in this state")
    else:
        _need(todo, "pending needs a decision or steps to run")
        s._advance()
    return s


def _contract(c, where):
    _need(c in DATA.contracts, f"{where}: unknown contract {c!r}")
    return c


SEAT_KEYS = SEAT_FIELDS


def _load_seat(sd, i, house) -> dict:
    w = f"seats.{i}"
    _dict(sd, w)
    h = DATA.houses[house]
    out: dict[str, Any] = {}
    res = _list(sd.get("res"), f"{w}.res")
    _need(len(res) == 4, f"{w}.res must list food, wood, metal, gold")
    out["res"] = [_int(x, f"{w}.res", 0) for x in res]
    out["mana"] = _int(sd.get("mana", 0), f"{w}.mana", 0)
    out["vp"] = _int(sd.get("vp", 0), f"{w}.vp")
    tr = _list(sd.get("tracks", [0, 0, 0]), f"{w}.tracks")
    _need(len(tr) == 3, f"{w}.tracks must list war, tech, commerce")
    out["tracks"] = [_int(x, f"{w}.tracks", 0, len(DATA.multipliers) - 1) for x in tr]
    out["dom"] = _int(sd.get("dom", DATA.dom_start), f"{w}.dom", DATA.dom_min, DATA.dom_max)
    out["pawn"] = _int(sd.get("pawn", -1), f"{w}.pawn", -1, 9)
    cubes = [_int(x, f"{w}.cubes", 0, len(DATA.spaces) - 1) for x in _list(sd.get("cubes", []), f"{w}.cubes")]
    _need(len(set(cubes)) == len(cubes) and len(cubes) <= DATA.setup["cubes"], f"{w}.cubes: repeated or too many")
    out["cubes"] = sorted(cubes)
    dev = [_int(x, f"{w}.developed", 1, 10) for x in _list(sd.get("developed", []), f"{w}.developed")]
    out["developed"] = sorted(set(dev))
    out["tokens"] = [
        _int(x, f"{w}.tokens", 0, len(DATA.minor_tokens) - 1) for x in _list(sd.get("tokens", []), f"{w}.tokens")
    ]
    out["major_token"] = bool(sd.get("major_token", False))
    out["free_minor"] = _int(sd.get("free_minor", 0), f"{w}.free_minor", 0)
    out["free_major"] = bool(sd.get("free_major", False))
    for k in ("gods_offer", "summoned"):
        v = _list(sd.get(k, []), f"{w}.{k}")
        _need(all(g in h["minor_gods"] for g in v), f"{w}.{k}: not minor gods of {house}: {v!r}")
        out[k] = list(v)
    _need(all(g in out["gods_offer"] for g in out["summoned"]), f"{w}.summoned: gods must be among gods_offer")
    out["major"] = bool(sd.get("major", False))
    weapons = h["basic_weapons"] + h["advanced_weapons"]
    for k in ("hand", "pile"):
        v = _list(sd.get(k, []), f"{w}.{k}")
        _need(all(x in weapons for x in v), f"{w}.{k}: not weapons of {house}: {v!r}")
        out[k] = list(v)
    _need(all(DATA.weapons[x]["kind"] == "advanced" for x in out["pile"]), f"{w}.pile holds advanced weapons only")
    out["settle_left"] = _int(
        sd.get("settle_left", DATA.setup["settlements"] - 1), f"{w}.settle_left", 0, DATA.setup["settlements"] - 1
    )
    for k in ("contracts", "fulfilled"):
        out[k] = [_contract(c, f"{w}.{k}") for c in _list(sd.get(k, []), f"{w}.{k}")]
    out["artifacts"] = list(_list(sd.get("artifacts", []), f"{w}.artifacts"))
    _need(all(a in ARTIFACTS for a in out["artifacts"]), f"{w}.artifacts: unknown artifact")
    out["pandora"] = list(_list(sd.get("pandora", []), f"{w}.pandora"))
    _need(all(t in ("mana", "follower", "weapon") for t in out["pandora"]), f"{w}.pandora: unknown token")
    d = sd.get("destiny")
    _need(d is None or d in TRACKS or d == "?", f"{w}.destiny must be a track or null")
    out["destiny"] = d
    out["defeated"] = list(_list(sd.get("defeated", []), f"{w}.defeated"))
    _need(all(t in DATA.ancient for t in out["defeated"]), f"{w}.defeated: unknown ancient tile")
    out["turns"] = _int(sd.get("turns", 0), f"{w}.turns", 0)
    return out

"""Anunnaki STATE and MOVE notation (docs/notation/anunnaki.md).

A MOVE is the answer to the pending decision, in words (`action_to_str`):
`tile 7`, `from ph1`, `god anubis`, `to ga3`, `harvest g4`, `weapon dagger`,
`pass`... A move may start with `@<seat> ` to name the seat answering a
simultaneous decision (otherwise the first seat still to choose answers).
`apply_move` is atomic: an illegal or malformed move changes nothing.
"""

from __future__ import annotations

from typing import Any

from meeple.core import flow
from meeple.core.fields import Derived, Inline, NotSaved, Saved, StateDocument, StateFormat, refuse_unknown_keys
from meeple.core.game import BadState, IllegalMove
from meeple.core.rng import Rng
from meeple.games.anunnaki import state as st
from meeple.games.anunnaki.actions import SEAT_FIELDS, _copy, action_to_str
from meeple.games.anunnaki.board import layout
from meeple.games.anunnaki.data import ARTIFACTS, DATA, MAX_PLAYERS, MIN_PLAYERS, RESOURCES, TRACKS
from meeple.games.anunnaki.declare import RULES

# The format of the STATE: 1 (a STATE without `pending.version`), the only one
# so far. `pending` saves the rules' step stack (`todo`) and the decision by
# name: format 1 has exactly these steps and decisions. Renaming or adding
# one, or changing a step's arguments, raises the format, writes `version`
# and keeps reading format 1 (tests/contract/test_state_document.py holds
# these names to the rules').
FORMAT = StateFormat(
    "pending.version",
    1,
    frozenset(
        {
            "action",
            "artifact_pick",
            "b_chariot",
            "b_chariot_one",
            "b_composite",
            "b_composite_one",
            "b_end",
            "b_helmet",
            "b_helmet_one",
            "b_loki",
            "b_loki_one",
            "b_pay",
            "b_resolve",
            "battle",
            "battles",
            "choose_effects",
            "cube_move",
            "culture",
            "culture_offer",
            "develop",
            "domaction",
            "effects",
            "end_turn",
            "extra",
            "flip",
            "follower_at",
            "frigg_at",
            "followers",
            "gain",
            "gain_any",
            "harvest",
            "income",
            "lose_follower",
            "lose_weapon",
            "main",
            "mana_choice",
            "mana_gain",
            "pay_any",
            "pick_weapon",
            "place_follower",
            "settle",
            "setup_gods",
            "start_turn",
            "steal",
            "take_contract",
            "tile_effect",
            "track",
            "units",
            "vp",
        }
    ),
    frozenset(
        {
            "artifact",
            "battle",
            "carry",
            "chariot",
            "choice",
            "composite",
            "contract",
            "contract_half",
            "creation",
            "cube_from",
            "cube_to",
            "culture_benefit",
            "destiny",
            "dev_do",
            "develop",
            "discard_god",
            "exhaust",
            "extra",
            "free_contract",
            "frigg",
            "from",
            "harvest",
            "harvest_res",
            "helmet",
            "horn",
            "loki",
            "lose_follower",
            "lose_weapon",
            "main",
            "mana",
            "market",
            "pandora",
            "pay",
            "place_follower",
            "ra_cube",
            "resource",
            "settle",
            "steal",
            "summon_hex",
            "take_follower",
            "tile_pick",
            "to",
            "unit",
            "weapon",
            "weapon_pick",
            "yesno",
        }
    ),
)


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
    named = flow.named_seat(move)  # "@1 weapon dagger" (or the older "1: weapon dagger")
    if named is not None:
        seat = named
        if seat not in s.dseats:
            raise IllegalMove(f"seat {seat} has no decision now (waiting for {', '.join(map(str, s.dseats))})")
        move = flow.unnamed(move)
    elif move.startswith("@"):
        raise IllegalMove(f"bad seat prefix {move.split()[0]!r} (write @<seat> <move>)")
    options = {}
    try:
        acts = s.legal_actions(seat)
    except _MALFORMED as e:
        raise IllegalMove(f"the pending decision does not fit the STATE ({type(e).__name__}: {e})") from None
    for a in acts:
        options[action_to_str(s, a, seat)] = a
    a = options.get(move)
    if a is None and move == "summon major":  # the STATE's word for the house's major god
        a = options.get("summon " + s.house(seat)["major"])
    if a is None and s.kind in ("market", "weapon"):  # two resources gained, or Loki's two weapons: either order
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


named_seat = flow.named_seat  # "@1 weapon dagger" -> 1
name_seat = flow.seat_move


def legal_moves_for(s, seat: int) -> list[str]:
    """`seat`'s legal MOVEs; at a simultaneous choice written "@<seat> <move>"
    so that the move names who makes it."""
    if s.finished or s.kind is None or seat not in s.dseats:
        return []
    moves = [action_to_str(s, a, seat) for a in s.legal_actions(seat)]
    return [flow.seat_move(seat, m) for m in moves] if len(s.dseats) > 1 else moves


# ----------------------------------------------------------------- load
def _need(cond, msg: str) -> None:
    if not cond:
        raise BadState(msg)


def _int(v, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if v.__class__ is int and (lo is None or v >= lo) and (hi is None or v <= hi):
        return v  # the usual case, without making the messages below
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


def load(doc) -> st.AnunnakiState:
    """A state from a STATE document; BadState (with the reason) if it is not one."""
    try:
        return STATE.load(doc)
    except BadState:
        raise
    except _MALFORMED as e:
        raise BadState(f"malformed STATE ({type(e).__name__}: {e})") from None


def _players(v, where, s):
    return _int(v, where, MIN_PLAYERS, MAX_PLAYERS)


def _houses(houses, where, s):
    P = s.players
    _list(houses, where)
    _need(
        len(houses) == P and len(set(houses)) == P and all(h in DATA.houses for h in houses),
        f"houses must be {P} different of {', '.join(DATA.house_ids)}, not {houses!r}",
    )
    return list(houses)


def _flag(v, where, s):
    return bool(v)


def _arrangement(arr, where, s):
    _list(arr, where)
    _need(sorted(arr) == sorted(DATA.tiles), "arrangement must list the tiles 1-10 once each")
    return list(arr)


def _objectives(objs, where, s):
    _dict(objs, where)
    _need(
        sorted(objs) == sorted(TRACKS + ("dom",)) and sorted(objs.values()) == sorted(DATA.objectives),
        "objectives must map war, tech, commerce, dom to the four objective tiles",
    )
    return dict(objs)


def _dom_tokens(v, where, s):
    tokens = list(_list(v, where))
    _need(all(t in DATA.dom_tokens for t in tokens), "dom_tokens must be token spaces of the track")
    return tokens


def _seats(seats, where, s):
    _list(seats, where)
    _need(len(seats) == s.players, f"seats must have {s.players} entries")
    return [_load_seat(sd, i, s.houses[i]) for i, sd in enumerate(seats)]


def _followers(v, where, s):
    P = s.players
    fol = {h: [0] * P for h in s.lay.hexes}
    for h, n in _dict(v, where).items():
        _need(h in fol, f"{where}: unknown hex {h!r}")
        _need(isinstance(n, list) and len(n) == P, f"{where}.{h} must list {P} counts")
        fol[h] = [_int(x, f"{where}.{h}", 0) for x in n]
    for i in range(P):
        _need(sum(fol[h][i] for h in s.lay.hexes) <= DATA.setup["followers"], f"seat {i} has too many followers")
    return fol


def _gods(gods, where, s):
    P = s.players
    gods = _list([{}] * P if gods is None else gods, where)
    _need(len(gods) == P, f"{where} must have {P} entries")
    out = []
    for i, g in enumerate(gods):
        _dict(g, f"{where}.{i}")
        for name, h in g.items():
            _need(
                name == "major" or name in s.seats[i]["summoned"],
                f"{where}.{i}: {name!r} is not a summoned god of seat {i}",
            )
            _need(h in s.fol, f"{where}.{i}.{name}: unknown hex {h!r}")
        _need(("major" in g) == s.seats[i]["major"], f"{where}.{i}: the major god is on the board iff summoned")
        _need(all(x in g for x in s.seats[i]["summoned"]), f"{where}.{i}: every summoned minor god needs a hex")
        out.append(dict(g))
    return out


def _settlements(v, where, s):
    stl = {}
    for h, o in _dict(v, where).items():
        _need(h in s.fol and h != "uw", f"{where}: unknown hex {h!r}")
        stl[h] = _int(o, f"{where}.{h}", 0, s.players - 1)
    return stl


def _odin(house: str) -> bool:
    return DATA.major[house]["basic"] == "odin_settlement_units"


def _unit_settlements(osl, where, s):
    P = s.players
    osl = _list([{}] * P if osl is None else osl, where)
    _need(len(osl) == P, f"{where} must have {P} entries")
    out = []
    for i, o in enumerate(osl):
        _dict(o, f"{where}.{i}")
        _need(not o or _odin(s.houses[i]), f"{where}.{i}: only Odin's settlements are units")
        for h, n in o.items():
            _need(h in s.fol and h != "uw", f"{where}.{i}: unknown hex {h!r}")
            _int(n, f"{where}.{i}.{h}", 1)
        out.append(dict(o))
    for h, o in s.stl.items():
        _need(not _odin(s.houses[o]), f"board.settlements.{h}: Odin's settlements are listed in unit_settlements")
    return out


def _exhausted(v, where, s):
    exh = {}
    for h, rs in _dict(v, where).items():
        _need(h in s.fol, f"{where}: unknown hex {h!r}")
        for r in _list(rs, f"{where}.{h}"):
            _need(r in RESOURCES or (h == "uw" and r == "any"), f"{where}.{h}: unknown resource {r!r}")
        exh[h] = list(rs)
    return exh


def _ancient(v, where, s):
    anc = {}
    for h, a in _dict(v, where).items():
        _need(h in s.lay.ancient_sites, f"{where}: {h!r} is not an ancient site")
        _dict(a, f"{where}.{h}")
        _need(a.get("tile") in DATA.ancient, f"{where}.{h}: unknown tile {a.get('tile')!r}")
        anc[h] = [a["tile"], bool(a.get("up", False)), bool(a.get("god", False))]
    return anc


def _culture(cul, where, s):
    spots = len(s.lay.spots)
    cul = _list([None] * spots if cul is None else cul, where)
    _need(len(cul) == spots, f"{where} must have {spots} spots")
    out: list[list | None] = []
    for i, c in enumerate(cul):
        if c is None:
            out.append(None)
            continue
        _dict(c, f"{where}.{i}")
        _need(c.get("token") in DATA.culture, f"{where}.{i}: unknown token {c.get('token')!r}")
        out.append([c["token"], bool(c.get("up", False))])
    return out


def _contracts(v, where, s):
    return [_contract(c, where) for c in _list(v, where)]


def _art_deck(v, where, s):
    deck = list(_list(v, where))
    _need(all(a in ARTIFACTS for a in deck), f"{where}: unknown artifact")
    return deck


def _seats_list(v, where, s):
    return [_int(x, where, 0, s.players - 1) for x in _list(v, where)]


def _listed(v, where, s):
    return list(_list(v, where))


_in_turn = Inline("not {}.finished")  # a game under way saves its pending decision

# the STATE's dumps written into its generated dump (no call per field)
_LIST, _DICT, _COPY = Inline("list({})"), Inline("dict({})"), Inline("copy_({})", copy_=_copy)


def _pending(load, empty):
    """A `pending` key's reader: a finished game keeps no pending decision
    (`empty()` is what it holds then)."""
    return lambda v, where, s: empty() if s.finished else load(v, where, s)


def _kind(kind, where, s):
    _need(kind is None or kind in RULES.decisions, f"{where}: unknown decision {kind!r}")
    return kind


def _todo(v, where, s):
    todo = _list(_copy(v), where)
    for step in todo:
        _need(isinstance(step, list), f"{where}: a step is [name, argument, ...], not {step!r}")
        problem = RULES.step_problem(step)  # (an unknown name, or arguments that do not fit)
        _need(problem is None, f"{where}: {problem}")
    return todo


def _object(v, where, s):
    return _dict(_copy(v), where)


def _after(s, doc: dict, version: int) -> st.AnunnakiState:
    """The pending decision (or the next turn) of a loaded state."""
    for i in range(s.players):
        built = sum(1 for o in s.stl.values() if o == i) + sum(s.osl[i].values())
        if s.seats[i]["settle_left"] is None:  # left out: a house's settlements not on the map
            _need(
                built <= DATA.setup["settlements"],
                f"seats.{i}: {built} settlements on the map, more than a house's {DATA.setup['settlements']}",
            )
            s.seats[i]["settle_left"] = min(DATA.setup["settlements"] - 1, DATA.setup["settlements"] - built)
        _need(
            built + s.seats[i]["settle_left"] <= DATA.setup["settlements"],
            f"seats.{i}: {built} settlements on the map and settle_left {s.seats[i]['settle_left']} make more "
            f"than a house's {DATA.setup['settlements']}",
        )
    for i in range(s.players):  # no unit enters another player's capital (003:284, 313)
        cap = s.lay.capital[i]
        for j in range(s.players):
            if j != i:
                _need(
                    not s.has_units(cap, j) and s.stl.get(cap, i) == i,
                    f"seat {j} has units or a settlement in seat {i}'s capital {cap}, which no other player may enter",
                )
    if s.conquests is None:  # every Atlantis region starts with an ancient tile: those without were conquered
        s.conquests = sum(1 for h in s.lay.hexes if s.lay.info[h]["atlantis"] and h not in s.anc)
    if doc.get("pending") is None:  # none saved: no decision, no steps
        s.used, s.flags, s.ctx, s.secret = [], {}, {}, {}
        s.kind, s.dseats, s.darg, s.todo = None, [], {}, []
    if s.finished:
        return s
    if doc.get("pending") is None:
        s._push(["start_turn"])
        s._advance()
        return s
    if s.kind is not None:
        _need(s.dseats, "pending.seats must name the deciding seats")
        try:
            ok = all(s.legal_actions(x) for x in s.dseats)
        except _MALFORMED as e:
            raise BadState(f"pending decision {s.kind!r} does not fit the state ({type(e).__name__}: {e})") from None
        _need(ok, f"pending decision {s.kind!r} has no legal answer in this state")
    else:
        _need(s.todo, "pending needs a decision or steps to run")
        s._advance()
    return s


# The STATE (docs/notation/anunnaki.md): every field of the state
# (state.FIELDS) once, in the document's key order, with how it is written
# and read back (a missing key reads as `default`) or why it is left out.
STATE = StateDocument(
    st.AnunnakiState,
    st.FIELDS,
    "anunnaki",
    (
        Saved("players", "players", load=_players),
        Saved("houses", "houses", _LIST, _houses),
        Derived(
            "lay",
            "the board's layout, which the houses and the player count give",
            lambda s: layout(s.houses, s.players),
        ),
        Saved("first_game", "first_game", load=_flag, default=False),
        Saved("arrangement", "arrangement", _LIST, _arrangement),
        Saved("current", "current", load=lambda v, where, s: _int(v, where, 0, s.players - 1), default=0),
        Saved("end_triggered", "end_triggered", load=_flag, default=False),
        Saved("objectives", "objectives", _DICT, _objectives),
        Saved("dom_tokens", "dom_tokens", _LIST, _dom_tokens, DATA.dom_tokens),
        Saved("seats", "seats", _COPY, _seats),
        Saved("fol", "board.followers", Inline("{{h: list(v) for h, v in {}.items() if any(v)}}"), _followers, {}),
        Saved("gods", "board.gods", _COPY, _gods),
        Saved("stl", "board.settlements", _DICT, _settlements, {}),
        Saved("osl", "board.unit_settlements", Inline("[dict(o) for o in {}]"), _unit_settlements),
        Derived("occ", "who has units in each region, which the board gives", st.occupancy),
        Derived(
            "mine", "each seat's regions with units, which the board gives", lambda s: st.holdings(s.occ, s.players)
        ),
        Saved("exh", "board.exhausted", Inline("{{h: list(v) for h, v in {}.items() if v}}"), _exhausted, {}),
        Saved(
            "anc",
            "board.ancient",
            Inline('{{h: {{"tile": v[0], "up": v[1], "god": v[2]}} for h, v in {}.items()}}'),
            _ancient,
            {},
        ),
        Saved(
            "cul",
            "board.culture",
            Inline('[None if c is None else {{"token": c[0], "up": c[1]}} for c in {}]'),
            _culture,
        ),
        Saved("deck", "contracts.deck", _LIST, _contracts, []),
        Saved("display", "contracts.display", _LIST, _contracts, []),
        Saved("art_deck", "artifacts.deck", _LIST, _art_deck, []),
        Saved("art_seen", "artifacts.seen", _LIST, _seats_list, []),
        # (left out: counted off the board in _after, the Atlantis regions without their ancient tile)
        Saved(
            "conquests", "conquests", load=lambda v, where, s: None if v is None else _int(v, where, 0), default=None
        ),
        Saved("removed", "removed", _LIST, _listed, []),
        Saved("finished", "finished", load=_flag, default=False),
        Saved("winners", "winners", _LIST, _seats_list, []),
        Saved("final", "final", _COPY, when=Inline("{}.final is not None")),
        Saved("kind", "pending.kind", load=_pending(_kind, lambda: None), when=_in_turn),
        Saved("dseats", "pending.seats", _LIST, _pending(_seats_list, list), [], _in_turn),
        Saved("darg", "pending.arg", _COPY, _pending(_object, dict), {}, _in_turn),
        Saved("todo", "pending.todo", _COPY, _pending(_todo, list), [], _in_turn),
        Saved("ctx", "pending.ctx", _COPY, _pending(_object, dict), {}, _in_turn),
        Saved(
            "secret", "pending.secret", _DICT, _pending(lambda v, where, s: _dict(dict(v), where), dict), {}, _in_turn
        ),
        Saved("used", "pending.used", _LIST, _pending(_listed, list), [], _in_turn),
        Saved("flags", "pending.flags", _DICT, _pending(lambda v, where, s: dict(_dict(v, where)), dict), {}, _in_turn),
        Saved("rng", "rng", Inline("{}.state"), lambda v, where, s: Rng(_int(v, where, 0)), 0),
        NotSaved(
            "reveals",
            "counts what became known during play (meeple.core.record): a loaded state counts anew",
            lambda s: 0,
        ),
        NotSaved("history", "the move record of a game played from its start: a loaded state has none"),
        NotSaved("events", "the log of the play in progress: a loaded state has none"),
        NotSaved("record", "whether moves are recorded: a loaded state records them", lambda s: True),
        NotSaved("legal_now", "the pending decision's legal actions, worked out again when asked"),
        NotSaved("cul_check", "which culture spots changed, to save work: a loaded state looks at all", lambda s: -1),
        NotSaved(
            "seat_own",
            "which seat records are this state's own (copy on write): a loaded state copies each before its first change",
            lambda s: set(),
        ),
        NotSaved(
            "shared", "which fields a clone still shares (copy on write): a loaded state shares none", lambda s: 0
        ),
    ),
    FORMAT,
    _after,
    strict=True,
)
dump = STATE.dump  # the STATE document of a state (the generated function itself)


def _contract(c, where):
    _need(c in DATA.contracts, f"{where}: unknown contract {c!r}")
    return c


SEAT_KEYS = SEAT_FIELDS
_SEAT_KEY_SET = frozenset(SEAT_KEYS)


def _load_seat(sd, i, house) -> dict:
    w = f"seats.{i}"
    _dict(sd, w)
    refuse_unknown_keys(sd, _SEAT_KEY_SET, w)
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
    # a god's summon token leaves the star as soon as cubes enclose its triangle:
    # left out, the enclosed triangles are those; given, it holds them all (a
    # cube moved away later, by Ra, does not put a token back)
    cube_set = set(cubes)
    enclosed = [k for k, tok in enumerate(DATA.minor_tokens) if cube_set.issuperset(tok)]
    tokens = sd.get("tokens")
    out["tokens"] = (
        enclosed
        if tokens is None
        else [_int(x, f"{w}.tokens", 0, len(DATA.minor_tokens) - 1) for x in _list(tokens, f"{w}.tokens")]
    )
    missing = [k for k in enclosed if k not in out["tokens"]]
    _need(not missing, f"{w}.tokens: the cubes enclose triangle(s) {missing}, whose tokens are gone: list them")
    major_enclosed = cube_set.issuperset(DATA.major_token)
    out["major_token"] = bool(sd.get("major_token", major_enclosed))
    _need(out["major_token"] or not major_enclosed, f"{w}.major_token: the cubes enclose the major god's token")
    out["free_minor"] = _int(sd.get("free_minor", 0), f"{w}.free_minor", 0)
    out["free_major"] = bool(sd.get("free_major", False))
    gods = {k: _list(sd.get(k, []), f"{w}.{k}") for k in ("gods_offer", "summoned")}
    if "gods_offer" not in sd:  # left out: the seat holds at least the gods it summoned
        gods["gods_offer"] = list(gods["summoned"])
    for k, v in gods.items():
        _need(all(g in h["minor_gods"] for g in v), f"{w}.{k}: not minor gods of {house}: {v!r}")
        out[k] = list(v)
    _need(all(g in out["gods_offer"] for g in out["summoned"]), f"{w}.summoned: gods must be among gods_offer")
    out["major"] = bool(sd.get("major", False))
    weapons = h["basic_weapons"] + h["advanced_weapons"]
    for k in ("hand", "pile"):
        v = sd.get(k)
        if v is not None:
            v = _list(v, f"{w}.{k}")
            _need(all(x in weapons for x in v), f"{w}.{k}: not weapons of {house}: {v!r}")
        out[k] = v
    # left out: as at the start (basic weapons in hand, advanced ones on the
    # board), or, beside the other one, the house's weapons the other leaves
    if out["hand"] is None:
        out["hand"] = list(h["basic_weapons"]) if out["pile"] is None else [x for x in weapons if x not in out["pile"]]
    if out["pile"] is None:
        out["pile"] = [x for x in h["advanced_weapons"] if x not in out["hand"]]
    both = out["hand"] + out["pile"]
    twice = sorted({x for x in both if both.count(x) > 1})
    _need(not twice, f"{w}: each weapon card is once in hand or pile, not {', '.join(twice)} twice")
    _need(all(DATA.weapons[x]["kind"] == "advanced" for x in out["pile"]), f"{w}.pile holds advanced weapons only")
    left = sd.get("settle_left")  # (left out: what the map leaves, see _after)
    out["settle_left"] = None if left is None else _int(left, f"{w}.settle_left", 0, DATA.setup["settlements"] - 1)
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

"""OKC STATE and MOVE notation (docs/notation/okc.md).

`dump`/`load` convert between a state and its STATE document; `apply_move`
applies one MOVE atomically (nothing changes on an error); `legal_moves` lists
the MOVE strings legal now. A move is the words of one action, except two
compound moves of the simultaneous decisions: `bid <card>` and
`facedown <card|-> <card|-> <card|->`. A move may start with `<seat>: ` to
name the seat answering; at a simultaneous decision that is how each seat
gives its own answer (without it the first waiting seat answers).
"""

from __future__ import annotations

import re

from meeple.core.game import BadState, IllegalMove
from meeple.core.rng import Rng
from meeple.games.okc import cards as C
from meeple.games.okc import data as D
from meeple.games.okc import actions as A
from meeple.games.okc.rules import RULES, action_word  # noqa: F401  (action_word: the MOVE words)
from meeple.games.okc.state import OKCState

KINDS = tuple(RULES.decisions)  # every decision a STATE's pending.kind may name
STEPS = tuple(RULES.steps)  # every step its pending.todo may hold

FORMS = {
    "bid": "bid <card>",
    "facedown": "facedown <card|-> <card|-> <card|-> (highlands, plateau, lowlands)",
    "herald": "herald <location>",
    "resolve": "take <kingdom-card> | steal <kingdom-card> | back",
    "space": "space <0|1>",
    "spring": "supporter <region> | favour | favour heirs | kingdom | done",
    "markers": "clash <region>",
    "day": "ambush <card> | retreat <card> | flank <card> | favour | done",
    "ambush": "hide <card>",
    "tie": "hide <card> | pass",
    "retreat": "return <card> | herald | supporter | done",
    "flank": "to <region>",
    "clans_herald": "herald <location>",
    "clans_sup": "supporter <region> | done",
    "location": "claim <location>",
    "relics": "discard <card>",
    "castle": "govern <card> | pass",
    "wilderness": "journey <card> | pass",
    "shrine": "bottom <card> | done",
    "council": "council <relics|secrets|oaths>",
    "necropolis": "draw | done",
    "necro_discard": "discard <card> | done",
    "trim": "discard <card>",
    "autumn": "govern <card> | journey <card> | rally <card> | deploy <card> | secrets | oaths | favour | done",
    "rally": "return <card> | done",
    "deploy": "to <region>",
    "secrets": "token <location> | done",
    "secrets_order": "resolve <location>",
    "site_lore": "site | supply",
    "fd_declare": "empty <region>",
    "oaths": "supporter <region> | supporter lost | done",
    "buy": "buy <card> | done",
    "gather": "return <card>",
    "tactic_bid": "tactic 3 | pass",
    "lock": "lock <region>",
    "purge": "council <council>",
    "gain": "give <card>",
    "ktake": "take <kingdom-card>",
    "koccupy": "occupy <card>",
    "recall": "return <card> | done",
    "udiscard": "discard <card>",
    "uswap_opp": "swap <region> <region> | pass",
    "revive": "revive <card>",
    "kpick": "pick <kingdom-card>",
    "swap1": "swap <card>",
    "swap2": "with <card>",
    "purge3": "lose <card> | done",
    "recall1": "return <card>",
    "peek": "look <region>",
    "uswap_fd": "swap <card> | pass",
    "uswap_with": "with <card> | with space <n>",
    "site": "choose <card> | council <council> | to <region> | take <road card> | influence | "
    "ambush | ambush-from-discard | done",
    "flank_sup": "supporter <region> | done",
    "reward": "influence | lore",
    "kplace": "at <region|location>",
    "rgovern": "govern <card>",
    "set_order": "seat <n>",
    "joust": "joust <card>",
    "joust_win": "claim <location>",
    "advanced": "advanced <kingdom-card> <card> (the kingdom card to keep, its occupier)",
    "kingdom": "choose <card> | tactic <n> | council <council> | supporter <region|board|lost> | "
    "swap <region> <region> | top | bottom | space <n> | discard-it | done",
}


# ---- actions in words: rules.action_word, each decision's verbs declared with it
def action_to_str(s, a: int) -> str:
    d = s.decision()
    if d is None:
        return f"action {a}"
    try:
        return action_word(s, a, d.kind, d.seats[0])
    except (IndexError, KeyError, TypeError):
        return f"action {a}"


# ---- moves -----------------------------------------------------------------
def _split_seat(s, text: str) -> tuple[int | None, str]:
    if not isinstance(text, str):
        raise IllegalMove(f"a move is a string, got {type(text).__name__}")
    text = text.strip()
    m = re.match(r"^(\S+?)\s*:(?:\s+|$)(.*)$", text) or re.match(r"^(\d+)\s*:(.*)$", text)
    if m:
        head, body = m.group(1), m.group(2)
        if not head.isdigit() or not 0 <= int(head) < s.players:
            raise IllegalMove(f"{head!r} is not a seat (0-{s.players - 1})")
        return int(head), body.strip()
    return None, text


def _check_seat(s, seat: int | None) -> int:
    if s.finished or s.kind is None:
        raise IllegalMove("the game is over")
    if seat is None:
        if s.kind in A.SIMULTANEOUS and len(s.dseats) > 1:
            # a secret choice of several seats: an unnamed answer would be
            # taken for whichever seat is listed first (rulings: bad input)
            raise IllegalMove(
                f"'{s.kind}' is a simultaneous choice of seats "
                f"{', '.join(map(str, s.dseats))}: name the seat ('<seat>: {FORMS[s.kind]}')"
            )
        return s.dseats[0]
    if seat not in s.dseats:
        if s.kind in A.SIMULTANEOUS:
            raise IllegalMove(
                f"seat {seat} has already chosen for '{s.kind}' (waiting for seat(s) {', '.join(map(str, s.dseats))})"
            )
        raise IllegalMove(f"it is seat {s.dseats[0]}'s decision ('{s.kind}'), not seat {seat}'s")
    return seat


def move_actions(s, text: str) -> tuple[int, list[int]]:
    """(seat, actions) a MOVE stands for; raises IllegalMove with the reason."""
    seat, body = _split_seat(s, text)
    words = body.split()
    if not words and not (s.finished or s.kind is None):
        raise IllegalMove("empty move")
    seat = _check_seat(s, seat)
    kind = s.kind
    hand_names = {C.local_name(g): g for g in s.hands[seat]}

    def bad(why: str) -> IllegalMove:
        return IllegalMove(f"{why}; seat {seat} must answer '{kind}': {FORMS[kind]}")

    if kind in ("bid", "joust"):
        if words[0] != kind or len(words) != 2:
            raise bad(f"cannot read {body!r}")
        g = hand_names.get(_local(words[1]))
        if g is None:
            raise bad(f"{words[1]!r} is not a card in seat {seat}'s hand")
        return seat, [A.CARD + C.local(g)]
    if kind == "advanced":
        if words[0] != "advanced" or len(words) != 3 or s.pick[seat]:
            raise bad(f"cannot read {body!r}")
        if words[1] not in C.KCARD_BY_NAME or C.KCARD_BY_NAME[words[1]] not in s.offer[seat]:
            raise bad(f"{words[1]!r} is not one of seat {seat}'s dealt kingdom cards")
        g = hand_names.get(_local(words[2]))
        if g is None:
            raise bad(f"{words[2]!r} is not a card in seat {seat}'s hand")
        return seat, [A.KPICK + s.offer[seat].index(C.KCARD_BY_NAME[words[1]]), A.CARD + C.local(g)]
    if kind == "facedown":
        left = 3 - s.fd_pos[seat]
        if words[0] != "facedown" or len(words) != 1 + left:
            raise bad(f"cannot read {body!r} (name {left} card(s) or '-')")
        acts, seen = [], set()
        for w in words[1:]:
            if w == "-":
                acts.append(A.DONE)
                continue
            g = hand_names.get(_local(w))
            if g is None or g in seen:
                raise bad(f"{w!r} is not a card in seat {seat}'s hand")
            seen.add(g)
            acts.append(A.CARD + C.local(g))
        return seat, acts
    table = {action_word(s, a, kind, seat): a for a in s.legal_actions(seat)}
    raw = " ".join(words)
    if raw in table:
        return seat, [table[raw]]
    norm = " ".join([words[0]] + [_local(w) for w in words[1:]])
    if norm in table:
        return seat, [table[norm]]
    raise bad(f"{body!r} is not legal now")


def _local(word: str) -> str:
    """Card words may be written with their faction ("clans:heir")."""
    return word.split(":", 1)[1] if ":" in word and word.split(":", 1)[0] in D.FACTIONS else word


def apply_move(s, text: str) -> None:
    try:
        seat, actions = move_actions(s, text)
    except (AssertionError, IndexError, KeyError, TypeError, ValueError) as e:
        raise IllegalMove(f"{text!r}: the pending decision does not fit this state ({e!r})") from None
    backup = s.clone()
    try:
        for a in actions:
            if s.kind is None or seat not in s.dseats or a not in s.legal_actions(seat):
                raise IllegalMove(f"{text!r} is not legal now")
            s.apply_legal(a, seat)
    except IllegalMove:
        s._restore(backup)
        raise
    except (AssertionError, IndexError, KeyError, TypeError, ValueError, StopIteration) as e:
        # only a hand-edited STATE with inconsistent pending steps gets here
        s._restore(backup)
        raise IllegalMove(f"{text!r} cannot be applied: the STATE's pending steps are inconsistent ({e!r})") from None


def legal_moves(s) -> list[str]:
    """Every legal MOVE now (prefixed with the seat at a simultaneous decision)."""
    if s.finished or s.kind is None:
        return []
    if s.kind in ("bid", "joust"):
        return [f"{x}: {s.kind} {C.local_name(g)}" for x in s.dseats for g in s.hands[x]]
    if s.kind == "advanced":
        return [
            f"{x}: advanced {C.KNAME[k]} {C.local_name(g)}"
            for x in s.dseats
            for k in (s.offer[x] if not s.pick[x] else s.pick[x][:1])
            for g in s.hands[x]
        ]
    if s.kind == "facedown":
        out = []
        for x in s.dseats:
            empty = None if not s.darg else [bool(s.darg[x] >> r & 1) for r in range(s.fd_pos[x], 3)]
            for combo in _facedown_combos(s.hands[x], 3 - s.fd_pos[x], empty):
                out.append(f"{x}: facedown " + " ".join(combo))
        return out
    seat = s.dseats[0]
    return [action_word(s, a, s.kind, seat) for a in s.legal_actions(seat)]


_NAMED = re.compile(r"\s*(\d+)\s*:")


def named_seat(text: str) -> int | None:
    """The seat a simultaneous move names ("1: bid heir"), if any."""
    m = _NAMED.match(text)
    return int(m.group(1)) if m else None


def name_seat(seat: int, text: str) -> str:
    return f"{seat}: {text.strip()}"


def legal_moves_for(s, seat: int) -> list[str]:
    """`seat`'s legal MOVEs (its own ones at a simultaneous decision)."""
    if s.finished or s.kind is None or seat not in s.dseats:
        return []
    if s.kind in ("bid", "joust", "advanced", "facedown"):
        prefix = f"{seat}: "
        return [m for m in legal_moves(s) if m.startswith(prefix)]
    return legal_moves(s)


def _facedown_combos(hand: list[int], n: int, empty: list[bool] | None = None) -> list[list[str]]:
    """Card words for the last n regions; `empty`: per region, declared empty
    ('-' there and only there), or None: '-' wherever the hand runs short."""
    if n == 0:
        return [[]]
    out = []
    rest_empty = None if empty is None else empty[1:]
    if empty is None or not empty[0]:
        for g in hand:
            rest = [x for x in hand if x != g]
            out.extend([[C.local_name(g)] + c for c in _facedown_combos(rest, n - 1, rest_empty)])
    if (empty is None and len(hand) < n) or (empty is not None and empty[0]):
        out.extend([["-"] + c for c in _facedown_combos(hand, n - 1, rest_empty)])
    return out


# ---- STATE -----------------------------------------------------------------
def _names(gids) -> list[str]:
    return [C.NAME[g] for g in gids]


def _entry(e) -> dict:
    return {
        "card": C.NAME[e[0]],
        "counted": bool(e[1]),
        "gained_traits": [t for t, b in D.TRAITS.items() if e[2] & b],
        "gained_commands": [c for c, b in D.COMMANDS.items() if e[3] & b],
        "used": [c for c, b in D.COMMANDS.items() if e[4] & b],
        "deploy": None if e[5] < 0 else e[5],
        "wave": e[6],
    }


# A seat's numbers in the STATE: (state field, STATE key, lowest, highest);
# a STATE without one has the field's new-game value (state.FIELDS).
SEAT_NUMBERS = (
    ("influence", "influence", 0, 10**9),
    ("lore", "lore", 0, 10**9),
    ("site_lore", "site_lore", 0, 10**9),
    ("hand_size", "hand_size", D.MIN_HAND_SIZE, D.MAX_HAND_SIZE),
    ("used", "used", 0, (1 << 24) - 1),
    ("bonus", "bonus", 0, 99),
    ("hqtok", "hq_tokens", 0, 3),
    ("round_fx", "effects", 0, 255),
)


def dump(s) -> dict:
    seats = []
    for i in range(s.players):
        seats.append(
            {
                "faction": D.FACTIONS[s.factions[i]],
                **{key: getattr(s, field)[i] for field, key, _, _ in SEAT_NUMBERS},
                "hand": _names(s.hands[i]),
                "deck": _names(s.decks[i]),
                "discard": _names(s.discards[i]),
                "site": _names(s.site[i]),
                "hq": _names(s.hq[i]),
                "board": [
                    None if sp is None else {"kingdom": C.KNAME[sp[0]], "occupier": C.NAME[sp[1]]} for sp in s.boards[i]
                ],
                "herald": None if s.herald[i] < 0 else D.LOCATIONS[s.herald[i]],
                "supporters": {
                    "board": s.sup_board[i],
                    "map": list(s.sup_map[i]),
                    "counted": list(s.sup_part[i]),
                    "lost": s.lost_sup[i],
                },
                "tokens": {D.LOCATIONS[loc]: n for loc, n in enumerate(s.tokens[i]) if n},
                "bid": None if s.bids[i] is None else C.NAME[s.bids[i]],
                "tactics": list(s.tactics[i]),
                "council_tokens": list(s.ctokens[i]),
                "a2_tokens": list(s.gtokens[i]),
                "kingdom_supply": [C.KNAME[k] for k in s.ksupply[i]],
                "joust": None if s.joust[i] is None else C.NAME[s.joust[i]],
                "offer": [C.KNAME[k] for k in s.offer[i]],
                "peeked": _names(s.peeked[i]),
                "pick": [C.KNAME[s.pick[i][0]]] + [C.NAME[g] for g in s.pick[i][1:]] if s.pick[i] else [],
            }
        )
    doc = {
        "game": "okc",
        "players": s.players,
        "rounds": s.rounds,
        "round": s.round,
        "order": list(s.order),
        "favour": {"holder": None if s.favour < 0 else s.favour, "uses": s.favour_uses},
        "road": [None if k is None else C.KNAME[k] for k in s.road],
        "kingdom_deck": [C.KNAME[k] for k in s.kdeck],
        "kingdom_discard": [C.KNAME[k] for k in s.kdiscard],
        "lost": _names(s.lost),
        "kingdom_map": {
            "regions": {
                D.REGIONS[r]: [{"seat": o, "kingdom": C.KNAME[k]} for o, k in s.kregion[r]]
                for r in range(3)
                if s.kregion[r]
            },
            "locations": {
                D.LOCATIONS[loc]: [{"seat": o, "kingdom": C.KNAME[k]} for o, k in s.kloc[loc]]
                for loc in range(6)
                if s.kloc[loc]
            },
        },
        "kingdom_burned": [C.KNAME[k] for k in s.kburned],
        "burned": _names(s.burned),
        "copies": [{"card": C.NAME[a], "copy": C.NAME[b], "strength": bool(w)} for a, b, w in s.copies],
        "councils": {D.COUNCILS[c]: _names(s.councils[c]) for c in range(3)},
        "regions": {
            D.REGIONS[r]: {"facedown": _names(s.facedown[r]), "active": [_entry(e) for e in s.active[r]]}
            for r in range(3)
        },
        "clash_order": [D.REGIONS[r] for r in s.clash_order],
        "bids_open": s.bids_open,
        "taken": s.taken,
        "seats": seats,
        "rng": s.rng.state,
        "finished": s.finished,
        "winners": list(s.winners),
    }
    if s.todo or s.kind is not None:
        doc["pending"] = {
            "kind": s.kind,
            "seats": list(s.dseats),
            "arg": s.darg,
            "todo": [list(_jsonable(t)) for t in s.todo],
            "facedown_pos": list(s.fd_pos),
            "facedown_log": [list(x) for x in s.fd_log],
        }
    return doc


def _jsonable(t):
    return [list(x) if isinstance(x, (list, tuple)) else x for x in t]


def _need(cond, msg: str) -> None:
    if not cond:
        raise BadState(msg)


def _region(r) -> int:
    _need(r in D.REGIONS, f"unknown region {r!r}")
    return D.REGIONS.index(r)


def _int(v, where: str, lo: int = 0, hi: int = 10**9) -> int:
    _need(
        isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi,
        f"{where} must be an integer in {lo}..{hi}, got {v!r}",
    )
    return v


def _list(v, where: str) -> list:
    _need(isinstance(v, list), f"{where} must be a list")
    return v


def _card(v, where: str, faction: int | None = None) -> int:
    _need(isinstance(v, str) and v in C.CARD_BY_NAME, f"{where}: unknown card {v!r}")
    g = C.CARD_BY_NAME[v]
    if faction is not None:
        _need(C.faction_of(g) == faction, f"{where}: {v} is not a {D.FACTIONS[faction]} card")
    return g


def _kcard(v, where: str) -> int:
    _need(isinstance(v, str) and v in C.KCARD_BY_NAME, f"{where}: unknown kingdom card {v!r}")
    return C.KCARD_BY_NAME[v]


def load(doc) -> "OKCState":
    _need(isinstance(doc, dict), "a STATE must be a JSON object")
    _need(doc.get("game") == "okc", "state.game must be 'okc'")
    p = _int(doc.get("players"), "players", D.MIN_PLAYERS, D.MAX_PLAYERS)
    s = OKCState.blank(p)
    s.players = p
    s.rounds = _int(doc.get("rounds", D.ROUNDS), "rounds", 4, 6)
    s.round = _int(doc.get("round", 1), "round", 1, s.rounds)
    order = _list(doc.get("order", list(range(p))), "order")
    _need(sorted(order) == list(range(p)), f"order must list each seat 0..{p - 1} once")
    s.order = list(order)
    fav = doc.get("favour") or {}
    _need(isinstance(fav, dict), "favour must be an object")
    holder = fav.get("holder")
    s.favour = -1 if holder is None else _int(holder, "favour.holder", 0, p - 1)
    s.favour_uses = _int(fav.get("uses", D.FAVOUR_USES), "favour.uses", 0, D.FAVOUR_USES)
    road = _list(doc.get("road", [None] * D.ROAD_SIZE), "road")
    _need(len(road) == D.ROAD_SIZE, f"road has {D.ROAD_SIZE} spaces")
    s.road = [None if k is None else _kcard(k, "road") for k in road]
    s.kdeck = [_kcard(k, "kingdom_deck") for k in _list(doc.get("kingdom_deck", []), "kingdom_deck")]
    s.kdiscard = [_kcard(k, "kingdom_discard") for k in _list(doc.get("kingdom_discard", []), "kingdom_discard")]
    s.lost = [_card(c, "lost") for c in _list(doc.get("lost", []), "lost")]
    councils = doc.get("councils", {})
    _need(isinstance(councils, dict), "councils must be an object")
    for k in councils:
        _need(k in D.COUNCILS, f"unknown council {k!r}")
    s.councils = [[_card(c, f"councils.{n}") for c in _list(councils.get(n, []), f"councils.{n}")] for n in D.COUNCILS]
    regions = doc.get("regions", {})
    _need(isinstance(regions, dict), "regions must be an object")
    for k in regions:
        _need(k in D.REGIONS, f"unknown region {k!r}")
    s.facedown, s.active = [], []
    for n in D.REGIONS:
        rd = regions.get(n, {})
        _need(isinstance(rd, dict), f"regions.{n} must be an object")
        s.facedown.append(
            [_card(c, f"regions.{n}.facedown") for c in _list(rd.get("facedown", []), f"regions.{n}.facedown")]
        )
        ents = []
        for e in _list(rd.get("active", []), f"regions.{n}.active"):
            if isinstance(e, str):
                e = {"card": e}
            _need(isinstance(e, dict), f"regions.{n}.active entries are objects")
            w = f"regions.{n}.active"
            g = _card(e.get("card"), w)
            gt = sum(D.TRAITS[t] for t in _names_in(e.get("gained_traits", []), D.TRAITS, w))
            gc = sum(D.COMMANDS[t] for t in _names_in(e.get("gained_commands", []), D.COMMANDS, w))
            used = sum(D.COMMANDS[t] for t in _names_in(e.get("used", []), D.COMMANDS, w))
            dep = e.get("deploy")
            dep = -1 if dep is None else _int(dep, w + ".deploy", 0, 9)
            ents.append(
                [g, int(bool(e.get("counted", False))), gt, gc, used, dep, _int(e.get("wave", 0), w + ".wave", 0, 99)]
            )
        s.active.append(ents)
    s.clash_order = [_region(r) for r in _list(doc.get("clash_order", []), "clash_order")]
    s.bids_open = bool(doc.get("bids_open", False))
    s.taken = bool(doc.get("taken", False))
    seats = _list(doc.get("seats"), "seats")
    _need(len(seats) == p, f"seats must have {p} entries")
    s.factions = []
    for i, sd in enumerate(seats):
        _need(isinstance(sd, dict), f"seats.{i} must be an object")
        fac = sd.get("faction")
        _need(fac in D.FACTIONS, f"seats.{i}.faction must be one of {', '.join(D.FACTIONS)}")
        s.factions.append(D.FACTIONS.index(fac))
    _need(len(set(s.factions)) == p, "each seat needs a different faction")
    s.hands, s.decks, s.discards, s.site, s.hq, s.boards = [], [], [], [], [], []
    s.herald, s.sup_board, s.sup_map, s.sup_part, s.lost_sup, s.tokens = [], [], [], [], [], []
    s.bids, s.tactics = [], []
    s.ctokens, s.gtokens, s.ksupply, s.joust = [], [], [], []
    s.offer, s.pick, s.peeked = [], [], []
    for i, sd in enumerate(seats):
        f = s.factions[i]
        w = f"seats.{i}"
        for field, key, lo, hi in SEAT_NUMBERS:
            values = getattr(s, field)
            values[i] = _int(sd.get(key, values[i]), f"{w}.{key}", lo, hi)
        for key, dest in (("hand", s.hands), ("deck", s.decks), ("discard", s.discards), ("hq", s.hq)):
            dest.append([_card(c, f"{w}.{key}", f) for c in _list(sd.get(key, []), f"{w}.{key}")])
        site = sd.get("site")
        s.site.append(C.site_cards(f) if site is None else [_card(c, w + ".site", f) for c in _list(site, w + ".site")])
        board = _list(sd.get("board", [None] * D.BOARD_SPACES), w + ".board")
        _need(1 <= len(board) <= 3, f"{w}.board has 2 spaces")
        b: list[list[int] | None] = []
        for sp in board:
            if sp is None:
                b.append(None)
            else:
                _need(isinstance(sp, dict), f"{w}.board spaces are null or objects")
                b.append([_kcard(sp.get("kingdom"), w + ".board"), _card(sp.get("occupier"), w + ".board", f)])
        s.boards.append(b)
        h = sd.get("herald")
        _need(h is None or h in D.LOCATIONS, f"{w}.herald: unknown location {h!r}")
        s.herald.append(-1 if h is None else D.LOCATIONS.index(h))
        sup = sd.get("supporters", {})
        _need(isinstance(sup, dict), f"{w}.supporters must be an object")
        s.sup_board.append(_int(sup.get("board", D.SUPPORTERS), w + ".supporters.board", 0, D.SUPPORTERS))
        m = _list(sup.get("map", [0, 0, 0]), w + ".supporters.map")
        cnt = _list(sup.get("counted", [0, 0, 0]), w + ".supporters.counted")
        _need(len(m) == 3 and len(cnt) == 3, f"{w}.supporters.map has 3 regions")
        s.sup_map.append([_int(x, w + ".supporters.map", 0, D.SUPPORTERS) for x in m])
        s.sup_part.append([_int(x, w + ".supporters.counted", 0, D.SUPPORTERS) for x in cnt])
        s.lost_sup.append(_int(sup.get("lost", 0), w + ".supporters.lost", 0, D.SUPPORTERS))
        _need(
            s.sup_board[i] + sum(s.sup_map[i]) + s.lost_sup[i] == D.SUPPORTERS,
            f"{w}: board, map and lost supporters must add up to {D.SUPPORTERS}",
        )
        toks = sd.get("tokens", {})
        _need(isinstance(toks, dict), f"{w}.tokens must be an object")
        tl = [0] * 6
        for loc, n in toks.items():
            _need(loc in D.LOCATIONS, f"{w}.tokens: unknown location {loc!r}")
            tl[D.LOCATIONS.index(loc)] = _int(n, f"{w}.tokens.{loc}", 0, D.FACTION_TOKENS)
        _need(sum(tl) <= D.FACTION_TOKENS, f"{w}: at most {D.FACTION_TOKENS} faction tokens")
        s.tokens.append(tl)
        bid = sd.get("bid")
        s.bids.append(None if bid is None else _card(bid, w + ".bid", f))
        for key, dest, hi in (("council_tokens", s.ctokens, 2), ("a2_tokens", s.gtokens, D.FACTION_TOKENS)):
            v = _list(sd.get(key, [0, 0, 0]), f"{w}.{key}")
            _need(len(v) == 3, f"{w}.{key} has one count per council")
            dest.append([_int(x, f"{w}.{key}", 0, hi) for x in v])
        s.ksupply.append(
            [_kcard(k, w + ".kingdom_supply") for k in _list(sd.get("kingdom_supply", []), w + ".kingdom_supply")]
        )
        j = sd.get("joust")
        s.joust.append(None if j is None else _card(j, w + ".joust", f))
        s.offer.append([_kcard(k, w + ".offer") for k in _list(sd.get("offer", []), w + ".offer")])
        s.peeked.append([_card(c, w + ".peeked") for c in _list(sd.get("peeked", []), w + ".peeked")])
        pk = _list(sd.get("pick", []), w + ".pick")
        _need(len(pk) <= 2, f"{w}.pick is [kingdom card, occupier]")
        s.pick.append(
            ([_kcard(pk[0], w + ".pick")] if pk else []) + ([_card(pk[1], w + ".pick", f)] if len(pk) > 1 else [])
        )
        tiles = C.TACTICS[f]
        tac = _list(sd.get("tactics", [u for _, u, _ in tiles]), w + ".tactics")
        _need(len(tac) == 4, f"{w}.tactics lists the uses left of the 4 tactic tiles")
        # uses left per tile; -1 = burned (trade-06)
        s.tactics.append([_int(x, f"{w}.tactics", -1, tiles[t][1]) if x != -1 else -1 for t, x in enumerate(tac)])
    s.burned = [_card(c, "burned") for c in _list(doc.get("burned", []), "burned")]
    s.copies = []
    for x in _list(doc.get("copies", []), "copies"):
        _need(isinstance(x, dict), "copies holds {card, copy} objects")
        s.copies.append(
            [_card(x.get("card"), "copies"), _card(x.get("copy"), "copies"), int(bool(x.get("strength", True)))]
        )
    # every faction card in at most one place
    seen = []
    for i in range(p):
        seen += s.hands[i] + s.decks[i] + s.discards[i] + s.site[i] + s.hq[i]
        seen += [sp[1] for sp in s.boards[i] if sp is not None]
        if s.bids[i] is not None:
            seen.append(s.bids[i])
        j = s.joust[i]
        if j is not None:
            seen.append(j)
        seen += s.pick[i][1:]
    seen += s.lost + s.burned + [g for c in s.councils for g in c] + [g for f in s.facedown for g in f]
    seen += [e[0] for a in s.active for e in a]
    _need(len(seen) == len(set(seen)), "a faction card appears in two places")
    owned = set(s.factions)
    for g in seen:
        _need(C.faction_of(g) in owned, f"{C.NAME[g]} belongs to no seat's faction")
    kmap = doc.get("kingdom_map") or {}
    _need(isinstance(kmap, dict), "kingdom_map must be an object")
    s.kregion, s.kloc = [[], [], []], [[] for _ in range(6)]
    for key, names, spots in (("regions", D.REGIONS, s.kregion), ("locations", D.LOCATIONS, s.kloc)):
        part = kmap.get(key, {})
        _need(isinstance(part, dict), f"kingdom_map.{key} must be an object")
        for where, lst in part.items():
            _need(where in names, f"kingdom_map.{key}: unknown name {where!r}")
            for x in _list(lst, f"kingdom_map.{key}.{where}"):
                _need(isinstance(x, dict), f"kingdom_map.{key}.{where} holds {{seat, kingdom}} objects")
                spots[names.index(where)].append(
                    [_int(x.get("seat"), "kingdom_map seat", 0, p - 1), _kcard(x.get("kingdom"), "kingdom_map")]
                )
    s.kburned = [_kcard(k, "kingdom_burned") for k in _list(doc.get("kingdom_burned", []), "kingdom_burned")]
    ks = (
        s.kdeck
        + s.kdiscard
        + [k for k in s.road if k is not None]
        + [sp[0] for b in s.boards for sp in b if sp is not None]
        + s.kburned
        + [k for x in s.ksupply for k in x]
        + [x[1] for r in s.kregion for x in r]
        + [x[1] for r in s.kloc for x in r]
        + [k for o in s.offer for k in o]
    )
    _need(len(ks) == len(set(ks)), "a kingdom card appears in two places")
    rng = doc.get("rng", 0)
    s.rng = Rng(_int(rng, "rng", 0, (1 << 64) - 1))
    s.finished = bool(doc.get("finished", False))
    s.winners = [_int(w, "winners", 0, p - 1) for w in _list(doc.get("winners", []), "winners")]
    s.history = None
    s.events = None
    s.record = True
    pend = doc.get("pending")
    s.fd_pos = [0] * p
    s.fd_log = [[] for _ in range(p)]
    if s.finished:
        s.todo, s.kind, s.dseats, s.darg = [], None, [], None
        return s
    if pend is None:
        # a state between rounds: the next round starts
        s.todo, s.kind, s.dseats, s.darg = [("round",)], None, [], None
    else:
        _need(isinstance(pend, dict), "pending must be an object")
        kind = pend.get("kind")
        _need(kind is None or kind in KINDS, f"pending.kind: unknown decision {kind!r}")
        s.kind = kind
        s.dseats = [_int(x, "pending.seats", 0, p - 1) for x in _list(pend.get("seats", []), "pending.seats")]
        _need(kind is None or s.dseats, "pending.seats must name the deciding seat(s)")
        s.darg = pend.get("arg")
        todo = _list(pend.get("todo", []), "pending.todo")
        for t in todo:
            _need(isinstance(t, list) and t and isinstance(t[0], str), "pending.todo holds steps [name, ...]")
            _need(t[0] in STEPS, f"pending.todo: unknown step {t[0]!r}")
        s.todo = [tuple(t) for t in todo]
        fp = pend.get("facedown_pos", [0] * p)
        _need(isinstance(fp, list) and len(fp) == p, "pending.facedown_pos has one entry per seat")
        s.fd_pos = [_int(x, "pending.facedown_pos", 0, 3) for x in fp]
        fl = pend.get("facedown_log", [[] for _ in range(p)])
        _need(isinstance(fl, list) and len(fl) == p, "pending.facedown_log has one entry per seat")
        s.fd_log = [list(x) for x in fl]
    try:
        if s.kind is not None:
            s.legal_actions(s.dseats[0])
        s._advance()
    except (AssertionError, IndexError, KeyError, TypeError, ValueError, StopIteration) as e:
        raise BadState(f"pending decision does not fit the state: {e!r}") from None
    return s


def _names_in(v, table: dict, where: str) -> list[str]:
    _list(v, where)
    for x in v:
        _need(x in table, f"{where}: unknown name {x!r}")
    return v

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

from meeple.core import flow
from meeple.core.fields import SHARED, Derived, Inline, NotSaved, Saved, StateDocument, StateFormat, refuse_unknown_keys
from meeple.core.flow import seat_move
from meeple.core.game import BadState, IllegalMove
from meeple.core.rng import Rng
from meeple.games.okc import actions as A
from meeple.games.okc import cards as C
from meeple.games.okc import data as D
from meeple.games.okc.rules import RULES, action_word  # noqa: F401  (action_word: the MOVE words)
from meeple.games.okc.state import FIELDS, OKCState, seats_by_faction

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
    "autumn": "govern <card> | journey <card> | rally <card> | deploy <card> | secrets | oaths | favour | "
    "tactic <n> | kingdom <kingdom-card> | use <card> | region-govern | done",
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
    "swap <region> <region> | look <region> | top | bottom | space <n> | match-strength | match-archetype | "
    "copy <card> | discard-it | done",
    "instead": "to-hand | to-deck-bottom | leave (a card that may go elsewhere: intrigue-01, intrigue-16, Clans HQ1)",
}


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
            "acquire",
            "advanced",
            "advanced_place",
            "advanced_reveal",
            "ask_retreat",
            "autumn",
            "autumn_seat",
            "bids",
            "burn_acquire",
            "buy",
            "clash",
            "clashes",
            "day",
            "day_end",
            "day_seat",
            "facedown",
            "instead",
            "joust",
            "joust_end",
            "location_reward",
            "markers",
            "night",
            "refill",
            "resolve_bid",
            "reveal_bids",
            "reward",
            "rewards",
            "road_now",
            "round",
            "secrets_next",
            "secrets_reward",
            "set_order",
            "site_lore",
            "spring",
            "spring_seat",
            "tactic_bid",
            "tally",
            "tie",
            "trim",
            "udiscard",
            "uswap",
            "winter",
            "year",
        }
    ),
    frozenset(
        {
            "advanced",
            "ambush",
            "autumn",
            "bid",
            "buy",
            "castle",
            "clans_herald",
            "clans_sup",
            "council",
            "day",
            "deploy",
            "facedown",
            "fd_declare",
            "flank",
            "flank_sup",
            "gain",
            "gather",
            "herald",
            "instead",
            "joust",
            "joust_win",
            "kingdom",
            "koccupy",
            "kpick",
            "kplace",
            "ktake",
            "location",
            "lock",
            "markers",
            "necro_discard",
            "necropolis",
            "oaths",
            "peek",
            "purge",
            "purge3",
            "rally",
            "recall",
            "recall1",
            "relics",
            "resolve",
            "retreat",
            "revive",
            "reward",
            "rgovern",
            "secrets",
            "secrets_order",
            "set_order",
            "shrine",
            "site",
            "site_lore",
            "space",
            "spring",
            "swap1",
            "swap2",
            "tactic_bid",
            "tie",
            "trim",
            "udiscard",
            "uswap_fd",
            "uswap_opp",
            "uswap_with",
            "wilderness",
        }
    ),
)


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
    if text.startswith("@"):  # "@1 bid heir": the one form every game writes
        head, _, body = text[1:].partition(" ")
        if not head.isdigit() or not 0 <= int(head) < s.players:
            raise IllegalMove(f"{text.split()[0]!r} is not a seat (@0-@{s.players - 1})")
        return int(head), body.strip()
    # "1: bid heir", the older form, still read
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
                f"{', '.join(map(str, s.dseats))}: name the seat ('@<seat> {FORMS[s.kind]}')"
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
    mine = D.FACTIONS[s.factions[seat]]  # (a card word may carry this faction)

    def bad(why: str) -> IllegalMove:
        return IllegalMove(f"{why}; seat {seat} must answer '{kind}': {FORMS[kind]}")

    if kind in ("bid", "joust"):
        if words[0] != kind or len(words) != 2:
            raise bad(f"cannot read {body!r}")
        g = hand_names.get(_local(words[1], mine))
        if g is None:
            raise bad(f"{words[1]!r} is not a card in seat {seat}'s hand")
        return seat, [A.CARD + C.local(g)]
    if kind == "advanced":
        if words[0] != "advanced" or len(words) != 3 or s.pick[seat]:
            raise bad(f"cannot read {body!r}")
        if words[1] not in C.KCARD_BY_NAME or C.KCARD_BY_NAME[words[1]] not in s.offer[seat]:
            raise bad(f"{words[1]!r} is not one of seat {seat}'s dealt kingdom cards")
        g = hand_names.get(_local(words[2], mine))
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
            g = hand_names.get(_local(w, mine))
            if g is None or g in seen:
                raise bad(f"{w!r} is not a card in seat {seat}'s hand")
            seen.add(g)
            acts.append(A.CARD + C.local(g))
        return seat, acts
    table = {action_word(s, a, kind, seat): a for a in s.legal_actions(seat)}
    raw = " ".join(words)
    if raw in table:
        return seat, [table[raw]]
    norm = " ".join([words[0]] + [_local(w, mine) for w in words[1:]])
    if norm in table:
        return seat, [table[norm]]
    raise bad(f"{body!r} is not legal now")


def _local(word: str, faction: str) -> str:
    """A card word of the moving seat may be written with its faction
    ("clans:heir" for the Clans seat); another faction's prefix is kept, so
    the word names no card of this seat."""
    head, colon, rest = word.partition(":")
    return rest if colon and head == faction else word


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
        return [seat_move(x, f"{s.kind} {C.local_name(g)}") for x in s.dseats for g in s.hands[x]]
    if s.kind == "advanced":
        return [
            seat_move(x, f"advanced {C.KNAME[k]} {C.local_name(g)}")
            for x in s.dseats
            for k in (s.offer[x] if not s.pick[x] else s.pick[x][:1])
            for g in s.hands[x]
        ]
    if s.kind == "facedown":
        out = []
        for x in s.dseats:
            empty = None if not s.darg else [bool(s.darg[x] >> r & 1) for r in range(s.fd_pos[x], 3)]
            for combo in _facedown_combos(s.hands[x], 3 - s.fd_pos[x], empty):
                out.append(seat_move(x, "facedown " + " ".join(combo)))
        return out
    seat = s.dseats[0]
    return [action_word(s, a, s.kind, seat) for a in s.legal_actions(seat)]


named_seat = flow.named_seat  # "@1 bid heir" (or the older "1: bid heir") -> 1
name_seat = flow.seat_move


def legal_moves_for(s, seat: int) -> list[str]:
    """`seat`'s legal MOVEs (its own ones at a simultaneous decision)."""
    if s.finished or s.kind is None or seat not in s.dseats:
        return []
    if s.kind in ("bid", "joust", "advanced", "facedown"):
        return [m for m in legal_moves(s) if named_seat(m) == seat]
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


def _cards():
    """A list of card names: read back (checked, of the seat's faction for a
    seat's cards)."""

    def load(v, where, s, seat=None):
        f = None if seat is None else s.factions[seat]
        return [_card(c, where, f) for c in _list(v, where)]

    return load


def _kcards(v, where, s, seat=None) -> list[int]:
    return [_kcard(k, where) for k in _list(v, where)]


def _whole(lo, hi):
    """A whole number in lo..hi (`hi` may be a function of the state)."""

    def load(v, where, s, seat=None):
        return _int(v, where, lo, hi(s) if callable(hi) else hi)

    return load


def _flag(v, where, s, seat=None) -> bool:
    return bool(v)


def _order(v, where, s):
    order = _list(list(range(s.players)) if v is None else v, where)
    _need(
        all(type(x) is int for x in order) and sorted(order) == list(range(s.players)),
        f"order must list each seat 0..{s.players - 1} once",
    )
    return list(order)


def _holder(v, where, s):
    return -1 if v is None else _int(v, where, 0, s.players - 1)


def _road(v, where, s):
    road = _list([None] * D.ROAD_SIZE if v is None else v, where)
    _need(len(road) == D.ROAD_SIZE, f"road has {D.ROAD_SIZE} spaces")
    return [None if k is None else _kcard(k, where) for k in road]


def _kmap_dump(names):
    return lambda places: {
        names[r]: [{"seat": o, "kingdom": C.KNAME[k]} for o, k in at] for r, at in enumerate(places) if at
    }


def _kmap_load(names):
    def load(part, where, s):
        _need(isinstance(part, dict), f"{where} must be an object")
        dest: list[list] = [[] for _ in names]
        for at, lst in part.items():
            _need(at in names, f"{where}: unknown name {at!r}")
            for x in _list(lst, f"{where}.{at}"):
                _need(isinstance(x, dict), f"{where}.{at} holds {{seat, kingdom}} objects")
                dest[names.index(at)].append(
                    [_int(x.get("seat"), "kingdom_map seat", 0, s.players - 1), _kcard(x.get("kingdom"), "kingdom_map")]
                )
        return dest

    return load


def _copies_load(v, where, s):
    out = []
    for x in _list(v, where):
        _need(isinstance(x, dict), "copies holds {card, copy} objects")
        out.append([_card(x.get("card"), where), _card(x.get("copy"), where), int(bool(x.get("strength", True)))])
    return out


def _councils_load(v, where, s):
    _need(isinstance(v, dict), "councils must be an object")
    for k in v:
        _need(k in D.COUNCILS, f"unknown council {k!r}")
    return [[_card(c, f"councils.{n}") for c in _list(v.get(n, []), f"councils.{n}")] for n in D.COUNCILS]


def _regions_dump(v) -> dict:
    facedown, active = v
    return {D.REGIONS[r]: {"facedown": _names(facedown[r]), "active": [_entry(e) for e in active[r]]} for r in range(3)}


_REGION_KEYS = frozenset(("facedown", "active"))
_ACTIVE_KEYS = frozenset(("card", "counted", "gained_traits", "gained_commands", "used", "deploy", "wave"))


def _regions_load(regions, where, s):
    _need(isinstance(regions, dict), "regions must be an object")
    for k in regions:
        _need(k in D.REGIONS, f"unknown region {k!r}")
    facedown, active = [], []
    for n in D.REGIONS:
        rd = regions.get(n, {})
        _need(isinstance(rd, dict), f"regions.{n} must be an object")
        refuse_unknown_keys(rd, _REGION_KEYS, f"regions.{n}")
        facedown.append(
            [_card(c, f"regions.{n}.facedown") for c in _list(rd.get("facedown", []), f"regions.{n}.facedown")]
        )
        ents = []
        for e in _list(rd.get("active", []), f"regions.{n}.active"):
            if isinstance(e, str):
                e = {"card": e}
            _need(isinstance(e, dict), f"regions.{n}.active entries are objects")
            w = f"regions.{n}.active"
            refuse_unknown_keys(e, _ACTIVE_KEYS, w)
            g = _card(e.get("card"), w)
            gt = sum(D.TRAITS[t] for t in _names_in(e.get("gained_traits", []), D.TRAITS, w + ".gained_traits"))
            gc = sum(D.COMMANDS[t] for t in _names_in(e.get("gained_commands", []), D.COMMANDS, w + ".gained_commands"))
            used = sum(D.COMMANDS[t] for t in _names_in(e.get("used", []), D.COMMANDS, w + ".used"))
            dep = e.get("deploy")
            dep = -1 if dep is None else _int(dep, w + ".deploy", 0, 9)
            ents.append(
                [g, int(bool(e.get("counted", False))), gt, gc, used, dep, _int(e.get("wave", 0), w + ".wave", 0, 99)]
            )
        active.append(ents)
    return facedown, active


def _clash_order(v, where, s):
    out = []
    for r in _list(v, where):
        _need(r in D.REGIONS, f"unknown region {r!r}")
        out.append(D.REGIONS.index(r))
    return out


def _faction(v, where, s, seat):
    _need(v in D.FACTIONS, f"{where} must be one of {', '.join(D.FACTIONS)}")
    return D.FACTIONS.index(v)


def _site(v, where, s, seat):
    f = s.factions[seat]
    return C.site_cards(f) if v is None else [_card(c, where, f) for c in _list(v, where)]


_BOARD = Inline(
    '[None if sp is None else {{"kingdom": KNAME[sp[0]], "occupier": NAME[sp[1]]}} for sp in {}]',
    KNAME=C.KNAME,
    NAME=C.NAME,
)


def _board_load(v, where, s, seat):
    board = _list([None] * D.BOARD_SPACES if v is None else v, where)
    _need(1 <= len(board) <= 3, f"{where} has 2 spaces")
    b: list[list[int] | None] = []
    for sp in board:
        if sp is None:
            b.append(None)
        else:
            _need(isinstance(sp, dict), f"{where} spaces are null or objects")
            b.append([_kcard(sp.get("kingdom"), where), _card(sp.get("occupier"), where, s.factions[seat])])
    return b


def _herald_load(h, where, s, seat):
    _need(h is None or h in D.LOCATIONS, f"{where}: unknown location {h!r}")
    return -1 if h is None else D.LOCATIONS.index(h)


def _three(hi):
    def load(v, where, s, seat):
        v = _list([0, 0, 0] if v is None else v, where)
        _need(len(v) == 3, f"{where} has one count per council" if "tokens" in where else f"{where} has 3 regions")
        return [_int(x, where, 0, hi) for x in v]

    return load


def _tokens_load(toks, where, s, seat):
    _need(isinstance(toks, dict), f"{where} must be an object")
    tl = [0] * 6
    for loc, n in toks.items():
        _need(loc in D.LOCATIONS, f"{where}: unknown location {loc!r}")
        tl[D.LOCATIONS.index(loc)] = _int(n, f"{where}.{loc}", 0, D.FACTION_TOKENS)
    _need(sum(tl) <= D.FACTION_TOKENS, f"{where[: -len('.tokens')]}: at most {D.FACTION_TOKENS} faction tokens")
    return tl


def _maybe_card(v, where, s, seat):
    return None if v is None else _card(v, where, s.factions[seat])


def _tactics_load(v, where, s, seat):
    tiles = C.TACTICS[s.factions[seat]]
    tac = _list([u for _, u, _ in tiles] if v is None else v, where)
    _need(len(tac) == 4, f"{where} lists the uses left of the 4 tactic tiles")
    # uses left per tile; -1 = burned (trade-06)
    return [_int(x, where, -1, tiles[t][1]) if x != -1 else -1 for t, x in enumerate(tac)]


def _peeked_load(v, where, s, seat):
    return [_card(c, where) for c in _list(v, where)]


_PICK = Inline("[KNAME[{0}[0]]] + [NAME[g] for g in {0}[1:]] if {0} else []", KNAME=C.KNAME, NAME=C.NAME)


def _pick_load(v, where, s, seat):
    pk = _list(v, where)
    _need(len(pk) <= 2, f"{where} is [kingdom card, occupier]")
    return ([_kcard(pk[0], where)] if pk else []) + ([_card(pk[1], where, s.factions[seat])] if len(pk) > 1 else [])


_in_turn = Inline("bool({0}.todo) or {0}.kind is not None")  # a decision or step is pending

# the STATE's dumps written into its generated dump (no call per field and seat)
_NAMES = Inline("[NAME[g] for g in {}]", NAME=C.NAME)
_KNAMES = Inline("[KNAME[k] for k in {}]", KNAME=C.KNAME)
_MAYBE_NAME = Inline("None if {0} is None else NAME[{0}]", NAME=C.NAME)
_LIST = Inline("list({})")


def _pending(load):
    """A `pending` key's reader: a finished game keeps no pending decision."""
    return lambda v, where, s: None if s.finished else load(v, where, s)


def _kind_load(kind, where, s):
    _need(kind is None or kind in KINDS, f"pending.kind: unknown decision {kind!r}")
    return kind


def _dseats_load(v, where, s):
    return [_int(x, where, 0, s.players - 1) for x in _list(v, where)]


def _todo_load(todo, where, s):
    for t in _list(todo, where):
        _need(isinstance(t, list) and t and isinstance(t[0], str), "pending.todo holds steps [name, ...]")
        problem = RULES.step_problem(t)  # (an unknown name, or arguments that do not fit)
        _need(problem is None, f"pending.todo: {problem}")
    return [tuple(t) for t in todo]


def _fd_pos_load(fp, where, s):
    fp = [0] * s.players if fp is None else fp
    _need(isinstance(fp, list) and len(fp) == s.players, "pending.facedown_pos has one entry per seat")
    return [_int(x, where, 0, 3) for x in fp]


def _fd_log_load(fl, where, s):
    fl = [[] for _ in range(s.players)] if fl is None else fl
    _need(isinstance(fl, list) and len(fl) == s.players, "pending.facedown_log has one entry per seat")
    _need(all(isinstance(x, list) for x in fl), "pending.facedown_log holds a list per seat")
    return [list(x) for x in fl]


def _after(s, doc: dict, version: int) -> OKCState:
    """Checks across fields, then the pending decision (or the next round)."""
    p = s.players
    _need(len(set(s.factions)) == p, "each seat needs a different faction")
    for i in range(p):
        _need(
            s.sup_board[i] + sum(s.sup_map[i]) + s.lost_sup[i] == D.SUPPORTERS,
            f"seats.{i}: board, map and lost supporters must add up to {D.SUPPORTERS}",
        )
        for r in range(3):
            _need(
                s.sup_part[i][r] <= s.sup_map[i][r],
                f"seats.{i}.supporters: more counted than on the map in {D.REGIONS[r]}",
            )
    # every faction card in at most one place
    places: dict[int, list[str]] = {}

    def put(where: str, gids) -> None:
        for g in gids:
            places.setdefault(g, []).append(where)

    for i in range(p):
        for key, gids in (("hand", s.hands), ("deck", s.decks), ("discard", s.discards), ("site", s.site)):
            put(f"seats.{i}.{key}", gids[i])
        put(f"seats.{i}.hq", s.hq[i])
        put(f"seats.{i}.board", [sp[1] for sp in s.boards[i] if sp is not None])
        put(f"seats.{i}.bid", [] if s.bids[i] is None else [s.bids[i]])
        put(f"seats.{i}.joust", [] if s.joust[i] is None else [s.joust[i]])
        put(f"seats.{i}.pick", s.pick[i][1:])
    put("lost", s.lost)
    put("burned", s.burned)
    for c, gids in zip(D.COUNCILS, s.councils, strict=True):
        put(f"councils.{c}", gids)
    for r, name in enumerate(D.REGIONS):
        put(f"regions.{name}.facedown", s.facedown[r])
        put(f"regions.{name}.active", [e[0] for e in s.active[r]])
    twice = [f"{C.NAME[g]} ({' and '.join(ws)})" for g, ws in places.items() if len(ws) > 1]
    _need(not twice, "a faction card appears in two places: " + "; ".join(twice))
    seen = list(places)
    owned = set(s.factions)
    for g in seen:
        _need(C.faction_of(g) in owned, f"{C.NAME[g]} belongs to no seat's faction")
    _need(
        s.favour < 0 or s.favour_uses > 0,
        "favour: a holder with no use left (after its last use the Favour goes back to the Harvest Field)",
    )
    # every kingdom card in at most one place, named as the faction cards are
    kplaces: dict[int, list[str]] = {}
    for where, ks in (
        ("kingdom_deck", s.kdeck),
        ("kingdom_discard", s.kdiscard),
        ("road", [k for k in s.road if k is not None]),
        ("kingdom_burned", s.kburned),
        *((f"seats.{i}.board", [sp[0] for sp in s.boards[i] if sp is not None]) for i in range(p)),
        *((f"seats.{i}.kingdom_supply", s.ksupply[i]) for i in range(p)),
        *((f"seats.{i}.offer", s.offer[i]) for i in range(p)),
        *((f"kingdom_map.regions.{name}", [x[1] for x in s.kregion[r]]) for r, name in enumerate(D.REGIONS)),
        *((f"kingdom_map.locations.{name}", [x[1] for x in s.kloc[r]]) for r, name in enumerate(D.LOCATIONS)),
    ):
        for k in ks:
            kplaces.setdefault(k, []).append(where)
    twice = [f"{C.KNAME[k]} ({' and '.join(ws)})" for k, ws in kplaces.items() if len(ws) > 1]
    _need(not twice, "a kingdom card appears in two places: " + "; ".join(twice))
    if s.finished:
        s.todo, s.kind, s.dseats, s.darg = [], None, [], None
        s.fd_pos, s.fd_log = [0] * p, [[] for _ in range(p)]
        return s
    if doc.get("pending") is None:
        # a state between rounds: the next round starts
        _round_start_checks(s)
        s.todo, s.kind, s.dseats, s.darg = [("round",)], None, [], None
        s.fd_pos, s.fd_log = [0] * p, [[] for _ in range(p)]
    else:
        _need(s.kind is None or s.dseats, "pending.seats must name the deciding seat(s)")
        _need(s.kind is not None or s.todo, "pending needs a decision (kind) or steps to run (todo)")
    try:
        if s.kind is not None:
            s.legal_actions(s.dseats[0])
        s._advance()
    except (AssertionError, IndexError, KeyError, TypeError, ValueError, StopIteration) as e:
        raise BadState(f"pending decision does not fit the state: {e!r}") from None
    return s


def _round_start_checks(s: OKCState) -> None:
    """A STATE without `pending` starts a round (docs/notation/okc.md): no card
    or supporter has taken part in a clash yet."""
    for r, name in enumerate(D.REGIONS):
        for e in s.active[r]:
            _need(
                not e[1],
                f"regions.{name}.active: {C.NAME[e[0]]} is marked counted, but a STATE without pending starts "
                "a round, before any clash",
            )
    for i in range(s.players):
        _need(
            not any(s.sup_part[i]),
            f"seats.{i}.supporters.counted: a STATE without pending starts a round, before any clash",
        )


def _seat_number(field: str, key: str, lo: int, hi: int, default: int) -> Saved:
    return Saved(field, f"seats.*.{key}", load=_whole(lo, hi), default=default)


# The STATE (docs/notation/okc.md): every field of the state (state.FIELDS)
# once, in the document's key order, with how it is written and read back
# (a missing key reads as `default`) or why it is left out.
STATE = StateDocument(
    OKCState,
    FIELDS,
    "okc",
    (
        Saved("players", "players", load=_whole(D.MIN_PLAYERS, D.MAX_PLAYERS)),
        Saved("rounds", "rounds", load=_whole(4, 6), default=D.ROUNDS),
        Saved("round", "round", load=_whole(1, lambda s: s.rounds), default=1),
        Saved("order", "order", _LIST, _order),
        Saved("favour", "favour.holder", Inline("None if {0} < 0 else {0}"), _holder),
        Saved("favour_uses", "favour.uses", load=_whole(0, D.FAVOUR_USES), default=D.FAVOUR_USES),
        Saved("road", "road", Inline("[None if k is None else KNAME[k] for k in {}]", KNAME=C.KNAME), _road),
        Saved("kdeck", "kingdom_deck", _KNAMES, _kcards, []),
        Saved("kdiscard", "kingdom_discard", _KNAMES, _kcards, []),
        Saved("lost", "lost", _NAMES, _cards(), []),
        Saved("kregion", "kingdom_map.regions", _kmap_dump(D.REGIONS), _kmap_load(D.REGIONS), {}),
        Saved("kloc", "kingdom_map.locations", _kmap_dump(D.LOCATIONS), _kmap_load(D.LOCATIONS), {}),
        Saved("kburned", "kingdom_burned", _KNAMES, _kcards, []),
        Saved("burned", "burned", _NAMES, _cards(), []),
        Saved(
            "copies",
            "copies",
            lambda cs: [{"card": C.NAME[a], "copy": C.NAME[b], "strength": bool(w)} for a, b, w in cs],
            _copies_load,
            [],
        ),
        Saved("councils", "councils", lambda cs: {D.COUNCILS[c]: _names(cs[c]) for c in range(3)}, _councils_load, {}),
        Saved(("facedown", "active"), "regions", _regions_dump, _regions_load, {}),
        Saved("clash_order", "clash_order", Inline("[REGIONS[r] for r in {}]", REGIONS=D.REGIONS), _clash_order, []),
        Saved("bids_open", "bids_open", load=_flag, default=False),
        Saved("taken", "taken", load=_flag, default=False),
        Saved("factions", "seats.*.faction", Inline("FACTIONS[{}]", FACTIONS=D.FACTIONS), _faction),
        Derived("fseat", "each faction's seat: the seats' factions give it", lambda s: seats_by_faction(s.factions)),
        _seat_number("influence", "influence", 0, 10**9, 0),
        _seat_number("lore", "lore", 0, 10**9, 0),
        _seat_number("site_lore", "site_lore", 0, 10**9, 0),
        _seat_number("hand_size", "hand_size", D.MIN_HAND_SIZE, D.MAX_HAND_SIZE, D.START_HAND_SIZE),
        _seat_number("used", "used", 0, (1 << 24) - 1, 0),
        _seat_number("bonus", "bonus", 0, 99, 0),
        _seat_number("hqtok", "hq_tokens", 0, 3, 0),
        _seat_number("round_fx", "effects", 0, 255, 0),
        Saved("hands", "seats.*.hand", _NAMES, _cards(), []),
        Saved("decks", "seats.*.deck", _NAMES, _cards(), []),
        Saved("discards", "seats.*.discard", _NAMES, _cards(), []),
        Saved("site", "seats.*.site", _NAMES, _site),
        Saved("hq", "seats.*.hq", _NAMES, _cards(), []),
        Saved("boards", "seats.*.board", _BOARD, _board_load),
        Saved(
            "herald",
            "seats.*.herald",
            Inline("None if {0} < 0 else LOCATIONS[{0}]", LOCATIONS=D.LOCATIONS),
            _herald_load,
        ),
        Saved("sup_board", "seats.*.supporters.board", load=_whole(0, D.SUPPORTERS), default=D.SUPPORTERS),
        Saved("sup_map", "seats.*.supporters.map", _LIST, _three(D.SUPPORTERS)),
        Saved("sup_part", "seats.*.supporters.counted", _LIST, _three(D.SUPPORTERS)),
        Saved("lost_sup", "seats.*.supporters.lost", load=_whole(0, D.SUPPORTERS), default=0),
        Saved(
            "tokens",
            "seats.*.tokens",
            Inline("{{LOCATIONS[x]: n for x, n in enumerate({}) if n}}", LOCATIONS=D.LOCATIONS),
            _tokens_load,
            {},
        ),
        Saved("bids", "seats.*.bid", _MAYBE_NAME, _maybe_card),
        Saved("tactics", "seats.*.tactics", _LIST, _tactics_load),
        Saved("ctokens", "seats.*.council_tokens", _LIST, _three(2)),
        Saved("gtokens", "seats.*.a2_tokens", _LIST, _three(D.FACTION_TOKENS)),
        Saved("ksupply", "seats.*.kingdom_supply", _KNAMES, _kcards, []),
        Derived(
            "kheld",
            "the kingdom cards each seat holds: its board and its supply give them",
            lambda s: [C.held_bits(s, x) for x in range(s.players)],
        ),
        Saved("joust", "seats.*.joust", _MAYBE_NAME, _maybe_card),
        Saved("offer", "seats.*.offer", _KNAMES, _kcards, []),
        Saved("peeked", "seats.*.peeked", _NAMES, _peeked_load, []),
        Saved("pick", "seats.*.pick", _PICK, _pick_load, []),
        Saved("rng", "rng", Inline("{}.state"), lambda v, where, s: Rng(_int(v, where, 0, (1 << 64) - 1)), 0),
        Saved("finished", "finished", load=_flag, default=False),
        Saved(
            "winners",
            "winners",
            _LIST,
            lambda v, where, s: [_int(w, where, 0, s.players - 1) for w in _list(v, where)],
            [],
        ),
        Saved("kind", "pending.kind", load=_pending(_kind_load), when=_in_turn),
        Saved("dseats", "pending.seats", _LIST, _pending(_dseats_load), [], _in_turn),
        Saved("darg", "pending.arg", load=_pending(lambda v, where, s: v), when=_in_turn),
        Saved(
            "todo",
            "pending.todo",
            lambda todo: [list(_jsonable(t)) for t in todo],
            lambda v, where, s: [] if s.finished else _todo_load(v, where, s),
            [],
            _in_turn,
        ),
        Saved("fd_pos", "pending.facedown_pos", _LIST, _pending(_fd_pos_load), when=_in_turn),
        Saved("fd_log", "pending.facedown_log", Inline("[list(x) for x in {}]"), _pending(_fd_log_load), when=_in_turn),
        NotSaved("reveals", "counts what became known during play (meeple.core.record): a loaded state counts anew"),
        NotSaved("known", "the hand cards every seat saw arrive: a loaded state knows none (views start from it)"),
        NotSaved("history", "the move record of a game played from its start: a loaded state has none"),
        NotSaved("events", "the log of the play in progress: a loaded state has none"),
        NotSaved("record", "whether moves are recorded: a loaded state records them"),
        NotSaved("hid_known", "the cards a move just hid face down: kept for that move's record only"),
        NotSaved("legal_now", "the pending decision's legal actions, worked out again when asked"),
        NotSaved(SHARED, "which fields a clone shares (copy on write): a loaded state shares none"),
    ),
    FORMAT,
    _after,
    strict=True,
)
dump = STATE.dump  # the STATE document of a state (the generated function itself)


def load(doc) -> OKCState:
    """A state from a STATE document; BadState (with the reason) if it is not one."""
    return STATE.load(doc)


def _names_in(v, table: dict, where: str) -> list[str]:
    _list(v, where)
    for x in v:
        _need(isinstance(x, str) and x in table, f"{where}: unknown name {x!r}")
    return v

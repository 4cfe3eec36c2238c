"""Ethnos STATE and MOVE notation (shared/conformance/SPEC.md).

One format for saves, logs, replays and tests: `dump`/`load` turn a state into
the STATE document and back; `move_actions` turns a MOVE string into the
actions the engine applies; `apply_move` applies one atomically.
"""

from __future__ import annotations

from typing import Any

from meeple.core.fields import Derived, Inline, NotSaved, Saved, StateDocument, StateFormat
from meeple.core.game import BadState, IllegalMove
from meeple.core.rng import Rng
from meeple.games.ethnos import data
from meeple.games.ethnos import state as st
from meeple.games.ethnos.ages import start_turn
from meeple.games.ethnos.cards import CARD_NAME, CARD_TRIBE, DRAGON, KINGDOM_INDEX, NK, SKELETON, TRIBE_INDEX
from meeple.games.ethnos.cards import parse as parse_card
from meeple.games.ethnos.rules import Misread

# The format of `pending`, which saves the rules' step stack (`todo`) by step
# name and arguments. Format 1 has exactly these steps; a STATE without
# `pending.version` is format 1. Renaming or adding a step, or changing its
# arguments, raises PENDING_FORMAT, writes `version` and keeps reading format 1.
PENDING_FORMAT = 1
FORMAT_1_STEPS = frozenset(
    {"placement", "ability", "merfolk", "troll", "centaur", "discard", "wizard", "end", "orc", "age_bands"}
)
FORMAT_1_DECISIONS = frozenset(
    {"band", "centaur", "fairy", "keep", "merfolk", "orc", "place", "troll", "turn", "wizard"}
)
FORMAT = StateFormat("pending.version", PENDING_FORMAT, FORMAT_1_STEPS, FORMAT_1_DECISIONS)

# ----------------------------------------------------------------- dumping
HIDDEN = "?"


def dump(s: st.EthnosState, redact: bool = False, viewer: int | None = None) -> dict:
    """The STATE document. With `redact`, as `viewer` (None: a spectator) may see
    it: the deck, other hands and another seat's band in progress are "?", and the
    generator's state is left out (it would tell future shuffles)."""
    doc = _dump(s)
    if redact:
        doc["deck"] = [HIDDEN] * len(s.deck)
        for i, seat in enumerate(doc["seats"]):
            if i != viewer:
                seat["hand"] = [HIDDEN] * len(s.hands[i])
        pending = doc.get("pending")
        if pending is not None and pending["seat"] != viewer:
            pending["build"] = [HIDDEN] * len(pending["build"])
        del doc["rng"]
    return doc


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
        if c == DRAGON and not allow_dragon:  # (the message made only then)
            raise BadState(f"{where}[{i}]: a dragon cannot be here")
        out.append(c)
    return out


def load(doc) -> st.EthnosState:
    """Build a state from a STATE document; BadState names the first problem."""
    try:
        return STATE.load(doc)
    except (TypeError, KeyError) as e:
        raise BadState(f"STATE is malformed: {e!r}") from None


def _num(lo: int, hi):
    """An integer from `lo` to `hi` (a function of the state, or a number)."""

    def load(v, where, s, seat=None):
        return _int({where: v}, where, lo, hi(s) if callable(hi) else hi)

    return load


def _tribes(tribes, where, s):
    _need(isinstance(tribes, list) and tribes, "tribes must be a non-empty list")
    for t in tribes:
        _need(t in TRIBE_INDEX, f"unknown tribe {t!r}")
    _need(len(set(tribes)) == len(tribes), "tribes lists a tribe twice")
    return tuple(sorted(TRIBE_INDEX[t] for t in tribes))


# each kingdom's glory tokens and the markers of each seat there (markers: NK x players)
_KINGDOMS = Inline(
    '{{name: {{"glory": list({0}[k]), "markers": {1}[k * p_ : (k + 1) * p_]}}'
    " for p_ in (len({1}) // NK,) for k, name in enumerate(KINGDOMS)}}",
    NK=NK,
    KINGDOMS=data.KINGDOMS,
)


def _kingdoms_load(kingdoms, where, s):
    p = s.players
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
    return tuple(slots), markers


_NAMES = Inline("[CARD_NAME[c] for c in {}]", CARD_NAME=CARD_NAME)  # card names (inlined in the STATE's dump)


def _card_list(v, where, s, seat=None):
    return _cards(v, where)


def _last_dragon(ld, where, s):
    _need(
        ld is None or (isinstance(ld, int) and not isinstance(ld, bool) and 0 <= ld < s.players),
        f"last_dragon must be null or a seat, got {ld!r}",
    )
    return ld


def _merfolk(mf, where, s):
    p = s.players
    if TRIBE_INDEX["merfolk"] not in s.tribes:
        _need(mf is None, "merfolk is given but merfolk are not in play")
        return None
    mf = [0] * p if mf is None else mf
    _need(
        isinstance(mf, list)
        and len(mf) == p
        and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= data.MERFOLK_TRACK_END for v in mf),
        f"merfolk must be {p} track positions from 0 to {data.MERFOLK_TRACK_END}",
    )
    return list(mf)


def _giant(g, where, s):
    """The giant's (seat, band); that it names a giant-led band is checked
    once the bands are read (`_after`)."""
    if g is None:
        return None
    _need(isinstance(g, dict), "giant must be null or {seat, band}")
    gs = _int(g, "seat", 0, s.players - 1, "giant.")
    _int(g, "band", 0, 10**6, "giant.")
    return gs, g["band"]


def _troll_pool(pool, where, s):
    _need(
        isinstance(pool, list) and all(v in data.TROLL_TOKENS for v in pool) and len(set(pool)) == len(pool),
        f"troll_pool must hold distinct troll tokens, got {pool!r}",
    )
    mask = 0
    for v in pool:
        mask |= 1 << v
    return mask


_BANDS = Inline('[{{"leader": CARD_NAME[b[0]], "cards": [CARD_NAME[c] for c in b]}} for b in {}]', CARD_NAME=CARD_NAME)


def _bands_load(bands, where, s, seat):
    _need(isinstance(bands, list), where + " must be a list")
    out = []
    for j, b in enumerate(bands):
        _need(isinstance(b, dict), f"{where}.{j} must be an object")
        cards = _cards(b.get("cards"), f"{where}.{j}.cards")
        try:
            lead = parse_card(b.get("leader"))
        except ValueError as e:
            raise BadState(f"{where}.{j}.leader: {e}") from None
        _need(lead != SKELETON and lead != DRAGON, f"{where}.{j}: a skeleton cannot lead")
        _need(lead in cards, f"{where}.{j}: the leader must be one of its cards")
        cards.remove(lead)
        out.append((lead, *sorted(cards)))
    return out


def _orc_load(orc, where, s, seat):
    _need(
        isinstance(orc, list) and all(k in KINGDOM_INDEX for k in orc) and len(set(orc)) == len(orc),
        f"{where} must list distinct kingdoms",
    )
    mask = 0
    for k in orc:
        mask |= 1 << KINGDOM_INDEX[k]
    return mask


def _trolls_load(tr, where, s, seat):
    _need(isinstance(tr, list) and all(v in data.TROLL_TOKENS for v in tr), f"{where} must hold troll tokens")
    for v in tr:
        _need(not s.troll_pool >> v & 1, f"troll token {v} is both in the pool and held")
    return tuple(sorted(tr))


def _winners(w, where, s):
    _need(isinstance(w, list) and all(isinstance(x, int) and 0 <= x < s.players for x in w), "winners must list seats")
    return list(w)


def _rng(rng, where, s):
    _need(isinstance(rng, int) and not isinstance(rng, bool) and rng >= 0, "rng must be a non-negative integer")
    return Rng(rng)


# A turn (or an age's end) is under way: its `pending` is saved.
_in_turn = Inline('not {0}.finished and not ({0}.kind == "turn" and not {0}.todo and not {0}.build)')


def _pending(load, field: str):
    """A `pending` key's reader: a finished game keeps no pending decision
    (its field stays fresh)."""
    fresh = next(f for f in st.FIELDS if f.name == field)
    return lambda v, where, s: fresh.fresh_value(s.players) if s.finished else load(v, where, s)


def _kind(kind, where, s):
    _need(kind in st.RULES.decisions or kind is None, f"pending.kind {kind!r} is unknown")
    return kind


def _arg(arg, where, s):
    _need(arg is None or isinstance(arg, int), "pending.arg must be an integer or null")
    return arg


def _todo(steps, where, s):
    todo = []
    for step in steps:
        _need(isinstance(step, list) and step and step[0] in st.RULES.steps, f"pending.todo: bad step {step!r}")
        _need(all(isinstance(x, int) for x in step[1:]), f"pending.todo: bad step {step!r}")
        todo.append(tuple(step))
    return todo


def _after(s, doc: dict, version: int) -> st.EthnosState:
    """Checks across fields, then the pending decision (or the next turn)."""
    p = s.players
    _need(
        s.dragons < data.DRAGONS or doc.get("finished") or doc.get("pending"),
        f"dragons is {data.DRAGONS} but the age is not ending",
    )
    held = [v for t in s.trolls for v in t]
    _need(len(set(held)) == len(held), "a troll token is held twice")
    if s.giant is not None:
        gs, gb = s.giant
        _int({"band": gb}, "band", 0, max(0, len(s.bands[gs]) - 1), "giant.")
        _need(
            gb < len(s.bands[gs]) and CARD_TRIBE[s.bands[gs][gb][0]] == TRIBE_INDEX["giant"],
            "giant.band must name a giant-led band of that seat",
        )
    for i in range(p):
        _need(s.supply(i) >= 0, f"seat {i} uses more than {data.MARKERS_PER_PLAYER} markers")
    pending = doc.get("pending")
    if s.finished or pending is None:
        s.dseats = [s.current]
    if s.finished:
        pass
    elif pending is None:
        start_turn(s)
        s.advance()
    else:
        _need("kind" in pending, "pending is malformed: 'kind'")
        # every decision but the orc's (asked of each seat in turn) is the current player's
        _need(
            s.kind in (None, "orc") or s.dseats == [s.current],
            f"pending.seat: a {s.kind!r} decision is the current player's, seat {s.current}",
        )
        _need(s.kind != "band" or s.build, "pending.build: a band being built holds its leader")
        if s.kind is None:
            s.advance()
    return s


# The STATE (shared/conformance/SPEC.md, docs/notation/ethnos.md): every field
# of the state (state.FIELDS) once, in the document's key order, with how it is
# written and read back (a missing key reads as `default`) or why it is left out.
STATE = StateDocument(
    st.EthnosState,
    st.FIELDS,
    "ethnos",
    (
        Saved("players", "players", load=_num(data.MIN_PLAYERS, data.MAX_PLAYERS)),
        Derived("ages", "the number of ages, which the player count gives", lambda s: data.ages(s.players)),
        Saved("age", "age", load=_num(1, lambda s: s.ages)),
        Saved("tribes", "tribes", Inline("[TRIBES[t] for t in {}]", TRIBES=data.TRIBES), _tribes),
        Saved(("slots", "markers"), "kingdoms", _KINGDOMS, _kingdoms_load),
        Saved(
            "deck",
            "deck",
            Inline("[CARD_NAME[c] for c in reversed({})]", CARD_NAME=CARD_NAME),
            lambda v, where, s: _cards(v, where, True)[::-1],
            [],
        ),
        Saved("market", "market", _NAMES, _card_list, []),
        Saved("dragons", "dragons", load=_num(0, data.DRAGONS), default=0),
        Saved("current", "current", load=_num(0, lambda s: s.players - 1)),
        Saved("last_dragon", "last_dragon", load=_last_dragon),
        Saved("merfolk", "merfolk", Inline("list({})"), _merfolk, when=Inline("{}.merfolk is not None")),
        Saved("giant", "giant", Inline('None if {0} is None else {{"seat": {0}[0], "band": {0}[1]}}'), _giant),
        Saved(
            "troll_pool",
            "troll_pool",
            Inline("[v for v in TROLL_TOKENS if {} >> v & 1]", TROLL_TOKENS=data.TROLL_TOKENS),
            _troll_pool,
            list(data.TROLL_TOKENS),
        ),
        Saved("glory", "seats.*.glory", load=_num(0, 10**6), default=0),
        Saved("hands", "seats.*.hand", _NAMES, _card_list, []),
        Saved("bands", "seats.*.bands", _BANDS, _bands_load, []),
        Saved(
            "orc",
            "seats.*.orc",
            Inline("[KINGDOMS[k] for k in range(NK) if {} >> k & 1]", KINGDOMS=data.KINGDOMS, NK=NK),
            _orc_load,
            [],
        ),
        Saved("trolls", "seats.*.trolls", Inline("list({})"), _trolls_load, []),
        Saved("finished", "finished", load=lambda v, where, s: bool(v), default=False),
        Saved("winners", "winners", Inline("list({})"), _winners, []),
        Saved("kind", "pending.kind", load=_pending(_kind, "kind"), when=_in_turn),
        Saved(
            "dseats",
            "pending.seat",
            Inline("{}[0]"),
            _pending(lambda v, where, s: [_num(0, s.players - 1)(v, where, s)], "dseats"),
            when=_in_turn,
        ),
        Saved("darg", "pending.arg", load=_pending(_arg, "darg"), when=_in_turn),
        Saved("todo", "pending.todo", Inline("[list(step) for step in {}]"), _pending(_todo, "todo"), [], _in_turn),
        Saved("build", "pending.build", _NAMES, _pending(_card_list, "build"), [], _in_turn),
        Saved("keep", "pending.keep", load=_pending(_num(0, 99), "keep"), default=0, when=_in_turn),
        Saved("wiz", "pending.wizard", load=_pending(_num(0, 99), "wiz"), default=0, when=_in_turn),
        Saved(
            "placed",
            "pending.placed",
            load=_pending(lambda v, where, s: bool(v), "placed"),
            default=False,
            when=_in_turn,
        ),
        Saved(
            "moved",
            "pending.moved",
            Inline("[list(m) for m in {}]"),
            _pending(lambda v, where, s: tuple(tuple(m) for m in v), "moved"),
            [],
            _in_turn,
        ),
        Saved("rng", "rng", Inline("{}.state"), _rng, 0),
        NotSaved("legal_now", "the legal actions of the pending decision, kept once worked out: worked out anew"),
        NotSaved("reveals", "counts what became known during play (meeple.core.record): a loaded state counts anew"),
        NotSaved("history", "the move record of a game played from its start: a loaded state has none"),
        NotSaved("events", "the log of the play in progress: a loaded state has none"),
        NotSaved("record", "whether moves are recorded: a loaded state records them"),
        NotSaved("known", "what a bot's determinized state knows of the hands: none in a loaded state"),
    ),
    FORMAT,
    _after,
    strict=True,
)
_dump = STATE.dump


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

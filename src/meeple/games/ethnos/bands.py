"""A band in play: its marker's placement and its leader's ability.

Playing a band (`turn.py`, or a centaur's free band) resolves it here: a
fairy leader may first swap it for an opponent's band, then the placement
step puts the marker (a wingfolk leader asks where) and the ability step runs
the leader's power, asking the player where the power needs an answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.game import IllegalMove
from meeple.games.ethnos import data
from meeple.games.ethnos.cards import (
    CARD_KINGDOM,
    CARD_NAME,
    CARD_TRIBE,
    CENTAUR,
    DRAGON,
    ELF,
    FAIRY,
    GIANT,
    HALFLING,
    KINGDOM_INDEX,
    MERFOLK,
    MINOTAUR,
    NK,
    ORC,
    SKELETON,
    TROLL,
    WINGFOLK,
    WIZARD,
)
from meeple.games.ethnos.rules import (
    ADD,
    LEADER,
    NUMBER,
    PASS,
    PLACE,
    RULES,
    SWAP,
    SWAP_SEATS,
    TROLL_TAKE,
    Misread,
    read_cards,
    supply,
)

if TYPE_CHECKING:  # the state's types, for the rule functions' state (fields.py)
    from meeple.games.ethnos.fields import EthnosFields

_SYMBOLS = data.MERFOLK_SYMBOLS
_KINGDOMS = data.KINGDOMS


def start_band(s: EthnosFields, leader: int) -> None:
    """The current player starts a band led by `leader` (the `band` decision)."""
    cur = s.current
    s.hands[cur].remove(leader)
    s.build = [leader]
    s.ask("band", cur, 0)  # arg: 0 undecided, 1 one tribe, 2 one kingdom


def read_band(s: EthnosFields, cards: list[int]) -> list[int]:
    """`band <leader> <card> ...`: the leader, then the cards in ascending order
    (the closing `done` is the notation's); says exactly what is wrong first."""
    if not cards:
        raise IllegalMove("a band needs a leader: band <leader> <card> ...")
    lead = cards[0]
    if lead == SKELETON:
        raise IllegalMove("a skeleton can never lead a band")
    if lead == DRAGON or DRAGON in cards:
        raise IllegalMove("a dragon is never in a band")
    if len(cards) > data.MAX_BAND:
        raise IllegalMove(f"a band has at most {data.MAX_BAND} cards")
    hand = list(s.hands[s.current])
    for c in cards:
        if c not in hand:
            raise IllegalMove(
                f"{CARD_NAME[c]} is not in your hand" + (" (or not that many of it)" if c in s.hands[s.current] else "")
            )
        hand.remove(c)
    others = [c for c in cards if c != SKELETON]
    same_tribe = all(CARD_TRIBE[c] == CARD_TRIBE[lead] for c in others)
    same_kingdom = all(CARD_KINGDOM[c] == CARD_KINGDOM[lead] for c in others)
    if not (same_tribe or same_kingdom):
        raise IllegalMove("a band's cards must all share one tribe or all share one kingdom (skeletons join any band)")
    return [LEADER + lead] + [ADD + c for c in sorted(cards[1:])]


def resolve(s: EthnosFields, idx: int) -> None:
    """Band `idx` of the current player has just come into play."""
    band = s.bands[s.current][idx]
    if CARD_TRIBE[band[0]] == FAIRY and fairy_targets(s, len(band)):
        s.ask("fairy", s.current, idx)
    else:
        _resolve_plain(s, idx)


def _resolve_plain(s: EthnosFields, idx: int) -> None:
    s.push("ability", idx)
    s.push("placement", idx)


def _can_place(s: EthnosFields, k: int, size: int) -> bool:
    p = s.players
    if p == 2:
        return s.markers[k * 2] + s.markers[k * 2 + 1] < size
    return s.markers[k * p + s.current] < size


# ------------------------------------------------------------- placement
@RULES.step("placement")
def placement(s: EthnosFields, idx: int) -> None:
    """The band's marker: on its leader's kingdom if the board holds fewer of the
    player's markers than the band has cards (a wingfolk leader chooses)."""
    cur = s.current
    band = s.bands[cur][idx]
    lt = CARD_TRIBE[band[0]]
    s.placed = False
    if lt == HALFLING or supply(s, cur) <= 0:
        return
    size = len(band) + (lt == MINOTAUR)
    if lt == WINGFOLK:
        mask = 0
        for k in range(NK):
            if _can_place(s, k, size):
                mask |= 1 << k
        if mask:
            s.ask("place", cur, mask)
    else:
        k = CARD_KINGDOM[band[0]]
        if _can_place(s, k, size):
            s.markers[k * s.players + cur] += 1
            s.placed = True
            s._event("marker", cur, _KINGDOMS[k])


def _kingdoms_in_mask(s: EthnosFields, seat: int) -> list[int]:
    mask = s.darg
    return [PLACE + k for k in range(NK) if mask >> k & 1]


def _kingdoms_why(s: EthnosFields) -> str:
    return "the marker may go to " + ", ".join(_KINGDOMS[k] for k in range(NK) if s.darg >> k & 1)


def _marker(s: EthnosFields, a: int, seat: int) -> None:
    k = a - PLACE
    s.markers[k * s.players + seat] += 1
    s._event("marker", seat, _KINGDOMS[k])


def _place(s, a: int, seat: int) -> None:
    _marker(s, a, seat)
    s.placed = True


def _read_place(s: EthnosFields, verb: str, args: list[str]) -> list[int] | None:
    if verb != "place" or len(args) != 1:
        return None
    if args[0] not in KINGDOM_INDEX:
        raise Misread(f"unknown kingdom {args[0]!r}")
    return [PLACE + KINGDOM_INDEX[args[0]]]


RULES.decision(
    "place",
    prompt="Choose the kingdom for the band's marker",
    arg=int,  # the kingdoms the marker may go to, as bits
    moves="place <kingdom>",
    legal=_kingdoms_in_mask,
    why=_kingdoms_why,
    read=_read_place,
)(_place)
RULES.decision(
    "merfolk",
    prompt="Choose the kingdom for the merfolk track's marker",
    arg=int,  # the kingdoms the marker may go to, as bits
    moves="place <kingdom>",
    legal=_kingdoms_in_mask,
    why=_kingdoms_why,
    read=_read_place,
)(_marker)


# -------------------------------------------------------------- abilities
@RULES.step("ability")
def ability(s: EthnosFields, idx: int) -> None:
    """The leader's power (those needing an answer push their own step)."""
    cur = s.current
    band = s.bands[cur][idx]
    lt = CARD_TRIBE[band[0]]
    x = len(band)
    if lt == CENTAUR:
        if s.placed:
            s.push("centaur")
    elif lt == ELF:
        s.keep = x
    elif lt == WIZARD:
        s.wiz = x
    elif lt == GIANT:
        for seat, bands in enumerate(s.bands):
            for j, b in enumerate(bands):
                if CARD_TRIBE[b[0]] == GIANT and len(b) >= x and (seat != cur or j != idx):
                    return
        s.glory[cur] += data.GIANT_TAKE
        s.giant = (cur, idx)
        s._event("giant", cur, data.GIANT_TAKE)
    elif lt == MERFOLK:
        merfolk = s.merfolk
        assert merfolk is not None  # (the track is there when the Merfolk are)
        old = merfolk[cur]
        new = min(data.MERFOLK_TRACK_END, old + x)
        merfolk[cur] = new
        for sym in _SYMBOLS:
            if old < sym <= new:
                s.push("merfolk")
    elif lt == ORC:
        bit = 1 << CARD_KINGDOM[band[0]]
        if not s.orc[cur] & bit and supply(s, cur) > 0:
            s.orc[cur] |= bit
    elif lt == TROLL:
        s.push("troll", x)


@RULES.step("merfolk")
def merfolk_bonus(s: EthnosFields) -> None:
    """A merfolk symbol passed on the track: a marker on any kingdom."""
    if supply(s, s.current) > 0:
        s.ask("merfolk", s.current, (1 << NK) - 1)


@RULES.step("troll")
def troll_step(s: EthnosFields, size: int) -> None:
    pool = s.troll_pool
    if any(v <= size and pool >> v & 1 for v in data.TROLL_TOKENS):
        s.ask("troll", s.current, size)


def _troll_legal(s: EthnosFields, seat: int) -> list[int]:
    pool, x = s.troll_pool, s.darg
    return [TROLL_TAKE + v - 1 for v in data.TROLL_TOKENS if v <= x and pool >> v & 1]


def _read_troll(s: EthnosFields, verb: str, args: list[str]) -> list[int] | None:
    if verb != "troll" or len(args) != 1 or not NUMBER.fullmatch(args[0]):
        return None
    return [TROLL_TAKE + int(args[0]) - 1] if 1 <= int(args[0]) <= 6 else [-1]


@RULES.decision(
    "troll",
    prompt="Take a troll token",
    arg=int,  # the highest value the band may take
    moves="troll <value>",
    legal=_troll_legal,
    why=lambda s: f"take a troll token still in the pool with value at most {s.darg}",
    read=_read_troll,
)
def troll(s: EthnosFields, a: int, seat: int) -> None:
    v = a - TROLL_TAKE + 1
    s.troll_pool &= ~(1 << v)
    s.trolls[seat] = tuple(sorted(s.trolls[seat] + (v,)))
    s._event("troll", seat, v)


@RULES.step("centaur")
def centaur_step(s: EthnosFields) -> None:
    s.ask("centaur", s.current)


def _centaur_legal(s: EthnosFields, seat: int) -> list[int]:
    acts = [PASS]
    acts.extend(LEADER + c for c in set(s.hands[seat]) if c != SKELETON)
    return acts


def read_pass(s: EthnosFields, verb: str, args: list[str]) -> list[int] | None:
    return [PASS] if verb == "pass" and not args else None


def _read_centaur(s: EthnosFields, verb: str, args: list[str]) -> list[int] | None:
    if verb == "band":
        return read_band(s, read_cards(args))
    return read_pass(s, verb, args)


@RULES.decision(
    "centaur",
    prompt="Play another band, or pass",
    moves="band <leader> <card> ... | pass",
    legal=_centaur_legal,
    read=_read_centaur,
)
def centaur(s: EthnosFields, a: int, seat: int) -> None:
    if a != PASS:
        start_band(s, a - LEADER)


# ------------------------------------------------------------------ fairy
def fairy_targets(s: EthnosFields, size: int) -> list[int]:
    """Opponents' bands a fairy band of `size` cards may take (not moved this turn)."""
    cur, moved = s.current, s.moved
    out = []
    for seat in range(s.players):
        if seat == cur:
            continue
        for j, b in enumerate(s.bands[seat]):
            if len(b) <= size and (seat, j) not in moved:
                out.append(SWAP + j * SWAP_SEATS + seat)
    return out


def _fairy_legal(s: EthnosFields, seat: int) -> list[int]:
    return [PASS] + fairy_targets(s, len(s.bands[seat][s.darg]))


def _read_fairy(s: EthnosFields, verb: str, args: list[str]) -> list[int] | None:
    if verb == "swap" and len(args) == 2 and all(NUMBER.fullmatch(a) for a in args):
        seat, j = int(args[0]), int(args[1])
        if seat >= SWAP_SEATS:
            raise Misread(f"no seat {seat}")
        return [SWAP + j * SWAP_SEATS + seat]
    return read_pass(s, verb, args)


@RULES.decision(
    "fairy",
    prompt="Swap the fairy band for an opponent's band, or pass",
    arg=int,  # the fairy band's index among the player's bands
    moves="swap <seat> <band-index> | pass",
    legal=_fairy_legal,
    read=_read_fairy,
    why=lambda s: (
        "a fairy swaps with an opponent's band of at most "
        f"{len(s.bands[s.current][s.darg])} cards already in play before this turn"
    ),
)
def fairy(s: EthnosFields, a: int, cur: int) -> None:
    idx = s.darg
    if a == PASS:
        _resolve_plain(s, idx)
        return
    j, other = divmod(a - SWAP, SWAP_SEATS)
    mine = s.bands[cur]
    fairy_band = mine.pop(idx)
    taken = s.bands[other][j]
    s.bands[other][j] = fairy_band
    mine.append(taken)
    new = len(mine) - 1
    if s.giant == (other, j):
        s.giant = None
    s.moved = s.moved + ((other, j), (cur, new))
    s._event("swap", cur, [other, j])
    resolve(s, new)

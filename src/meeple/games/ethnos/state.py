"""Ethnos: the state, its fields declared once, and a new game.

The rules live by topic, each decision declared once in `RULES`
(`meeple.core.flow`): `turn.py`, `bands.py`, `ages.py`; the action space is
in `rules.py`, the notation in `notation.py`. The state holds the game's
fields (`FIELDS`: how a clone copies each and what a fresh state holds) and
the shared flow's pending decision and step stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.fields import CACHE, COPY, LIST, LISTS, MAYBE_LIST, SAME, Field, clone_function, fresh_function, slots
from meeple.core.flow import FlowState
from meeple.core.game import IllegalMove
from meeple.core.rng import Rng
from meeple.core.spec import refuse_unknown_options
from meeple.games.ethnos import ages, bands, data, turn  # noqa: F401  (they declare the rules)
from meeple.games.ethnos.cards import MERFOLK, NK
from meeple.games.ethnos.rules import (  # noqa: F401  (the action space, read from here by others)
    ADD,
    CASH,
    DECK,
    DONE,
    DRAW,
    KEEP,
    LEADER,
    PASS,
    PLACE,
    RECRUIT,
    RULES,
    SWAP,
    SWAP_SEATS,
    TROLL_TAKE,
    full_troll_pool,
)
from meeple.games.ethnos.rules import supply as _supply

# the decisions in the order the RL encoding numbers them
TURN_KINDS = ("turn", "band", "place", "merfolk", "troll", "keep", "wizard", "centaur", "fairy", "orc")
assert set(TURN_KINDS) == set(RULES.decisions), "every decision has its place in TURN_KINDS"


def _empty_lists(players: int) -> list:
    return [[] for _ in range(players)]


# Every field of a state, once: how `clone` copies it, what a fresh state holds
# (a value, or a function of the player count). Saved in the STATE by notation.py.
FIELDS = (
    Field("players", SAME, 0),
    Field("ages", SAME, data.ages),
    Field("age", SAME, 1),
    Field("tribes", SAME, ()),  # tribe indices, ascending
    Field("slots", SAME, ()),  # per kingdom: its glory tokens, ascending
    Field("markers", LIST, lambda p: [0] * (NK * p)),  # [kingdom * players + seat]
    Field("deck", LIST, lambda p: []),  # top last
    Field("market", LIST, lambda p: []),
    Field("dragons", SAME, 0),  # dragons drawn this age
    Field("current", SAME, 0),
    Field("last_dragon", SAME, None),
    Field("merfolk", MAYBE_LIST, None),  # track positions, None without merfolk
    Field("giant", SAME, None),  # (seat, band) holding the giant token
    Field("troll_pool", SAME, full_troll_pool()),  # bit v: troll token v is in the pool
    Field("glory", LIST, lambda p: [0] * p),
    Field("hands", LISTS, _empty_lists),
    Field("bands", LISTS, _empty_lists),  # tuples: leader first, the rest ascending
    Field("orc", LIST, lambda p: [0] * p),  # bit k: a horde marker on kingdom k
    Field("trolls", LIST, lambda p: [()] * p),  # troll tokens held, ascending
    Field("finished", SAME, False),
    Field("winners", SAME, lambda p: []),  # replaced, never changed in place
    # the shared flow (meeple.core.flow): the pending decision and the step stack
    Field("kind", SAME, None),
    Field("dseats", LIST, lambda p: [0]),
    Field("darg", SAME, None),
    Field("todo", LIST, lambda p: []),
    Field("legal_now", CACHE, None),  # the pending decision's legal actions, once the flow has them
    # a turn in progress
    Field("build", LIST, lambda p: []),  # the band (or the elf's keep) being chosen
    Field("keep", SAME, 0),  # the elf's keep, for the discard step
    Field("wiz", SAME, 0),  # the wizard's draw, after the discard
    Field("placed", SAME, False),  # the last band placed its marker (centaur)
    Field("moved", SAME, ()),  # (seat, band) pairs swapped this turn
    # the generator and the record
    Field("rng", COPY, lambda p: Rng(0)),
    Field("reveals", SAME, 0),
    Field("history", SAME, None),
    Field("events", SAME, None),
    Field("record", SAME, True),
    Field("known", SAME, None),  # (seat, cards per hand) a bot knows
)


if TYPE_CHECKING:  # checked as the rule modules' state type (fields.py); at run time the slots come from FIELDS
    from meeple.games.ethnos.fields import EthnosFields as _Typed
else:
    _Typed = FlowState


class EthnosState(_Typed):
    """One game of Ethnos, played by the shared flow from `RULES`."""

    game = "ethnos"
    RULES = RULES
    __slots__ = slots(FIELDS, FlowState)
    # the fields' types are on EthnosFields (fields.py), what the rule modules take

    if TYPE_CHECKING:

        def clone(self) -> EthnosState: ...  # generated from FIELDS below

    def scores(self) -> list[int]:
        """Victory points per seat: glory."""
        return list(self.glory)

    def _secret_move(self, move: str) -> str:
        """Another seat's elf keep names cards from its hand: they read "?"."""
        if move.startswith("keep "):
            return " ".join(["keep"] + ["?"] * (len(move.split()) - 1))
        return move

    supply = _supply  # markers still in a seat's supply

    def board_markers(self, seat: int) -> int:
        return sum(self.markers[seat :: self.players])


EthnosState.clone = clone_function(EthnosState, FIELDS)  # type: ignore[method-assign, assignment]  # generated code
_fresh = fresh_function(EthnosState, FIELDS)


def blank(players: int) -> EthnosState:
    """A state with every field fresh (new_game and the STATE loader fill it)."""
    return _fresh(players)


def new_game(
    players: int, seed: int = 0, tribes: list[str] | None = None, fairy: bool = False, record: bool = True, **options
) -> EthnosState:
    """A new game: random (or chosen) tribes, glory tokens, age I dealt (an
    option Ethnos does not have is refused as in every game)."""
    refuse_unknown_options("ethnos", options, ("tribes", "fairy"))
    from meeple.games.ethnos.cards import TRIBE_INDEX

    if not isinstance(players, int) or not data.MIN_PLAYERS <= players <= data.MAX_PLAYERS:
        raise IllegalMove(f"Ethnos is for {data.MIN_PLAYERS}-{data.MAX_PLAYERS} players, not {players!r}")
    rng = Rng(seed)
    need = data.tribes_in_game(players)
    if tribes:
        bad = [t for t in tribes if t not in TRIBE_INDEX]
        if bad:
            raise IllegalMove(f"unknown tribe(s): {', '.join(map(str, bad))}")
        if len(set(tribes)) != len(tribes) or len(tribes) != need:
            raise IllegalMove(f"{players} players need {need} different tribes, got {len(set(tribes))}")
        chosen = sorted(TRIBE_INDEX[t] for t in tribes)
    else:
        pool = [TRIBE_INDEX[t] for t in data.BASE_TRIBES]
        if fairy:
            pool.append(TRIBE_INDEX["fairy"])
        rng.shuffle(pool)
        chosen = sorted(pool[:need])
    small = data.small_game(players)
    tokens = list(data.GLORY_TOKENS)
    if small:
        for t in data.GLORY_TOKENS_4PLUS:
            tokens.remove(t)
    rng.shuffle(tokens)
    per = len(tokens) // NK
    s = blank(players)
    s.players = players
    s.tribes = tuple(chosen)
    s.slots = tuple(tuple(sorted(tokens[k * per : (k + 1) * per])) for k in range(NK))
    s.merfolk = [0] * players if MERFOLK in chosen else None
    s.rng = rng
    s.record = record
    ages.setup_age(s, rng.below(players))
    return s

"""Nothing changes the table in silence (issue #19: "every event as a
sentence ... no silent automatic steps").

Seeded random games of OKC, Anunnaki and Ethnos at every player count: after
each answer the spectator's view (less the pending decision and the move
list) is compared with the one before. An answer that changed it must be told
in at least one sentence of the new events as the web log tells a spectator
(`describe` for viewer None: a seat's private event without its secret, "P1
draws an advanced weapon"). A game may declare `steps`, the first steps of an
action (a Flank's card, then where it goes) that change the table and are told
when the action completes: those are told by the end of the same seat's
uninterrupted run of answers. Events that announce what comes next rather
than what was done ("forced": an answer taken for a seat; "turn": whose turn
begins) tell nothing, except that Anunnaki announces every turn that begins:
a change of turn there must come with a "turn" event.

Silent by design (`secret`): the simultaneous secret choices, where the table
learns only that a seat has chosen (OKC's bid, face-down cards, joust and
advanced setup; Anunnaki's battle weapons): no name appears in the view then
that was not there before, only hidden cards ("uprising:?"); the reveal is
told.

The sentences of these games name things in words (no ids, tuples or
decision names: `raw_words`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from meeple.games.anunnaki import new_game as anunnaki_game
from meeple.games.anunnaki import present as AP
from meeple.games.anunnaki.declare import RULES
from meeple.games.ethnos import new_game as ethnos_game
from meeple.games.ethnos import present as EP
from meeple.games.ethnos.rules import RULES as ETHNOS_RULES
from meeple.games.okc import new_game as okc_game
from meeple.games.okc import present as OP
from meeple.games.okc.rules import RULES as OKC_RULES
from tests.games.test_narration_steps import raw_words

SEATS = [{"name": f"P{i}"} for i in range(6)]
NOT_TOLD = frozenset({"forced", "turn"})  # they announce the next step, not the one taken
NOT_SHOWN = ("pending", "ply", "moves")


@dataclass
class Game:
    new: Callable
    describe: Callable
    decisions: dict  # the decisions' names, never to be read in a sentence
    secret: frozenset = frozenset()  # decisions the table learns only as "chosen"
    steps: frozenset = frozenset()  # (decision, verb): a first step, told when its action completes
    turn_keys: tuple = ()  # the view's keys that say whose turn it is ...
    seat_turn_keys: tuple = ()  # ... and each seat's that count its turns
    announces_turn: bool = False  # a "turn" event whenever the turn passes


GAMES = {
    "okc": Game(
        okc_game,
        OP.describe,
        OKC_RULES.decisions,
        secret=frozenset({"bid", "facedown", "joust", "advanced"}),
        steps=frozenset(
            {
                ("markers", "clash"),  # the first clash marker; the order is told when set
                ("day", "flank"),  # the card that flanks, then where to
                ("castle", "govern"),  # the card, then its council
                ("autumn", "govern"),
                ("autumn", "region-govern"),  # trade-10: the active card, then its council
                ("rgovern", "govern"),
                ("koccupy", "occupy"),  # the occupier, then the board space
            }
        ),
    ),
    "anunnaki": Game(
        anunnaki_game,
        AP.describe,
        RULES.decisions,
        secret=frozenset({"weapon"}),
        steps=frozenset({("cube_from", "cube")}),  # the cube taken, then where it goes
        turn_keys=("current",),
        seat_turn_keys=("turns",),
        announces_turn=True,
    ),
    "ethnos": Game(
        ethnos_game,
        EP.describe,
        ETHNOS_RULES.decisions,
        # a band card by card; the cards an elf keeps, then the rest to the market
        steps=frozenset({("turn", "lead"), ("centaur", "lead"), ("band", "add"), ("keep", "keep")}),
        turn_keys=("current",),  # the turn passes with every action, which is told
    ),
}


def _since(s, head) -> list[tuple]:
    """The events logged after `head` (the event chain as it was), oldest first."""
    out = []
    node = s.events
    while node is not head and node is not None:
        node, ev = node
        out.append(ev)
    return out[::-1]


def _public(s, game: Game) -> tuple[dict, dict]:
    """The spectator's view, split into whose turn it is and the rest."""
    v = {k: x for k, x in s.view(None).items() if k not in NOT_SHOWN}
    turn = {k: v.pop(k) for k in game.turn_keys}
    if game.seat_turn_keys:
        seats = [dict(x) for x in v["seats"]]
        turn["seats"] = [{k: x.pop(k) for k in game.seat_turn_keys} for x in seats]
        v["seats"] = seats
    return turn, v


def untold(name: str, players: int, seed: int, **options) -> list[str]:
    """Every answer of a seeded random game that changed the table and was
    not told, as 'decision: move (game, ply) changed what'."""
    game = GAMES[name]
    s = game.new(players, seed=seed, **options)
    rng = random.Random(seed)
    out: list[str] = []
    steps: list[str] = []  # the run's first steps not yet told
    run = None  # the seat answering
    ply = 0
    while not s.is_terminal():
        d = s.decision()
        seat = d.seats[-1]
        if seat != run:
            out += steps
            steps, run = [], seat
        turn0, rest0 = _public(s, game)
        head = s.events
        a = rng.choice(s.legal_actions(seat))
        move = s.action_to_str(a)
        s.apply_action(a, seat)
        ply += 1
        turn1, rest1 = _public(s, game)
        told = {game.describe(ev, SEATS, None)["kind"] for ev in _since(s, head)}
        where = f"{d.kind}: {move} ({players} players, seed {seed}, ply {ply})"
        if told - NOT_TOLD:
            steps = []  # told with this answer
        elif rest0 != rest1 and d.kind in game.secret:
            shown = _strings(rest1) - _strings(rest0)  # a secret choice shows a hidden card at most
            if any(not x.endswith("?") for x in shown):
                out.append(f"{where} showed {sorted(shown)} in silence")
        elif rest0 != rest1:
            verb = move.split(": ", 1)[-1].split()[0]
            (steps if (d.kind, verb) in game.steps else out).append(f"{where} changed {_changed(rest0, rest1)}")
        if game.announces_turn and turn0 != turn1 and "turn" not in told and not s.is_terminal():
            out.append(f"{where} passed the turn untold")
    return out + steps


def _strings(x) -> set[str]:
    if isinstance(x, dict):
        return {s for v in x.values() for s in _strings(v)}
    if isinstance(x, list):
        return {s for v in x for s in _strings(v)}
    return {x} if isinstance(x, str) else set()


def _changed(a, b) -> str:
    return ", ".join(_paths(a, b)[:4])


def _paths(a, b, path="") -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        return [p for k in a.keys() | b.keys() for p in _paths(a.get(k), b.get(k), f"{path}.{k}")]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [p for i, (x, y) in enumerate(zip(a, b, strict=True)) for p in _paths(x, y, f"{path}[{i}]")]
    return [] if a == b else [path]


CASES = [
    ("okc", 2, 1, {}),
    ("okc", 3, 2, {}),
    ("okc", 4, 3, {}),
    ("okc", 2, 4, {"advanced": True}),
    ("okc", 3, 5, {"advanced": True}),
    ("okc", 4, 6, {"advanced": True}),
    ("okc", 3, 7, {"factions": ["nobility", "uprising", "gathering"]}),
    ("okc", 4, 8, {"rounds": 4}),
    ("anunnaki", 2, 1, {}),
    ("anunnaki", 3, 2, {}),
    ("anunnaki", 4, 3, {}),
    ("anunnaki", 3, 4, {"first_game": True}),
    ("anunnaki", 4, 5, {"houses": ["norrenis", "babylon", "pharaos", "ellenys"]}),
    ("ethnos", 2, 1, {}),
    ("ethnos", 4, 2, {}),
    ("ethnos", 6, 3, {"fairy": True}),
]


@pytest.mark.parametrize("name, players, seed, options", CASES)
def test_every_change_of_the_table_is_told(name, players, seed, options):
    missing = untold(name, players, seed, **options)
    assert not missing, f"{len(missing)} answers changed the table in silence:\n" + "\n".join(missing[:20])


@pytest.mark.parametrize("name, players, seed, options", CASES[::3])
def test_the_sentences_name_things_in_words(name, players, seed, options):
    game = GAMES[name]
    s = game.new(players, seed=seed, **options)
    rng = random.Random(seed)
    while not s.is_terminal():
        seat = s.decision().seats[-1]
        s.apply_action(rng.choice(s.legal_actions(seat)), seat)
    for ev in s.log():
        for viewer in {None, ev[3]}:  # as everyone reads it, and as its owner a private one
            said = game.describe(ev, SEATS, viewer)["text"]
            assert not raw_words(said, game.decisions), (ev, said)

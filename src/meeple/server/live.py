"""A table in memory: `LiveGame` (its record, its current state, the words of
its log, its views' cache) and how a stored table becomes one again.

The state is never stored: `replay_state` replays the record's moves from its
seed. A move's entries are read off the state's history (a shared linked
list): `new_entries`.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from meeple.core import gamedata, savegame
from meeple.core.flow import FlowState
from meeple.server.present import presenter
from meeple.server.storage import GameRecord
from meeple.server.undo import Takebacks
from meeple.server.workers import registry_available

MAX_SEED = 2**63 - 1


def seat_names(seats: list[dict]) -> list[dict]:
    out = []
    for i, s in enumerate(seats):
        pub = {"seat": i, "kind": s["kind"], "bot": s.get("bot")}
        if s["kind"] == "human":
            pub["name"] = s.get("name") or f"Player {i + 1}"
            pub["account"] = bool(s.get("account"))
            pub["open"] = bool(s.get("open"))
        else:
            pub["name"] = f"Bot {i + 1} ({s['bot']})"
            if s.get("resigned") is not None:  # a bot plays on for a person who resigned
                pub["name"] = f"{s.get('name') or f'Player {i + 1}'} (resigned, bot {s['bot']} plays on)"
            elif s.get("stand_in"):  # a bot plays a person's seat until they take it back
                pub["name"] = f"{s.get('name') or f'Player {i + 1}'} (bot {s['bot']} standing in)"
            if not registry_available():
                pub["plays_as"] = "random"
        if s.get("resigned") is not None:
            pub["resigned"] = True
            if s["kind"] == "human":
                pub["name"] = f"{pub['name']} (resigned)"
        out.append(pub)
    return out


@dataclass
class LiveGame:
    rec: GameRecord
    state: FlowState  # the game's own state class
    seats: list[dict]  # public seat descriptions
    moves: list[tuple[int, str]]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    version: int = 0  # bumps on every change (moves, undo)
    undo: Takebacks = field(default_factory=Takebacks)
    driver: asyncio.Task | None = None
    raw_events: list = field(default_factory=list)
    events_head: object = None
    public: list = field(default_factory=list)  # every event in words, private ones masked
    owned: dict = field(default_factory=dict)  # event index -> words for its owner
    views: dict = field(default_factory=dict)  # viewer -> (version, payload)
    scoring: tuple = (-1, None)  # (version, age scoring)
    final: tuple = (-1, None)  # (version, final ranking)

    @property
    def present(self):
        return presenter(self.rec.game)

    @property
    def id(self) -> str:
        return self.rec.id

    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def finished(self) -> bool:
        """Over: played to the end, won by resignation, or closed unfinished (abandoned)."""
        return self.rec.status == "closed" or self.state.is_terminal() or self.resigned_out

    @property
    def resigned_out(self) -> bool:
        """Ended by resignation: every other seat resigned before the end."""
        return self.rec.status == "finished" and not self.state.is_terminal()

    def resigned(self) -> dict[int, int]:
        """{seat: the ply at which it resigned}."""
        return {i: s["resigned"] for i, s in enumerate(self.rec.seats) if s.get("resigned") is not None}

    @property
    def status(self) -> str:
        return "closed" if self.rec.status == "closed" else "finished" if self.finished else "active"

    def seat_kind(self, seat: int) -> str:
        return self.rec.seats[seat]["kind"]

    def people(self) -> list[int]:
        """The seats played by people (not bots)."""
        return [i for i, s in enumerate(self.rec.seats) if s["kind"] == "human"]

    def sync_events(self) -> None:
        """Bring the raw event list up to the state's log (incrementally)."""
        head = self.state.events
        if head is self.events_head:
            return
        new, node = [], head
        while node is not None and node is not self.events_head:
            node, ev = node
            new.append(ev)
        if node is None and self.events_head is not None:
            # the state went back (undo): rebuild from scratch
            self.raw_events = self.state.log()
            self.public, self.owned = [], {}
        else:
            new.reverse()
            self.raw_events.extend(new)
        self.events_head = head

    def events(self, viewer, start: int = 0) -> list[dict]:
        """The log in words as `viewer` may read it, from event `start` on.

        Each event is described once for everyone (a private draw without its
        card) and, when private, once more for its owner: memory stays one list
        per game, not one per viewer."""
        self.sync_events()
        raw, pub = self.raw_events, self.public
        for i in range(len(pub), len(raw)):
            ev = raw[i]
            pub.append(self.present.describe(ev, self.seats, None))
            if ev[3] is not None:
                self.owned[i] = self.present.describe(ev, self.seats, ev[3])
        start = max(0, min(start, len(raw)))
        if viewer is None:
            return pub[start:]
        owned = self.owned
        return [owned[i] if raw[i][3] == viewer and raw[i][3] is not None else pub[i] for i in range(start, len(raw))]


def replay_state(rec: GameRecord, moves=None):
    """A stored table's state after its moves (all, or `moves`): the saved-game
    replay, once the table's data files are this server's."""
    opts = dict(rec.options or {})
    gamedata.require(rec.game, opts.pop("data", None))  # made with this server's data files?
    return savegame.replay(
        {
            "game": rec.game,
            "players": rec.players,
            "seed": rec.seed,
            "options": opts,
            "moves": rec.moves if moves is None else moves,
        }
    )


def new_entries(before, after) -> list[tuple[int, str]]:
    """The (seat, move) entries noted between two states (the history is a
    shared linked list)."""
    out, node = [], after.history
    while node is not None and node is not before.history:
        node, entry = node
        out.append(entry)
    out.reverse()
    return out


def new_moves(before, after) -> list[str]:
    return [m for _, m in new_entries(before, after)]

"""Anunnaki: the types of the state's fields, for the type checker.

The rules are mixins (`turn`, `movement`, `battle`, `effects`, `culture`)
that `AnunnakiState` combines; they are checked as subclasses of
`AnunnakiFields`, which types every field the state declares in its FIELDS
(`state.py`) beyond those the shared flow and the record type. It is never a
base at run time (the state's slots come from FIELDS); a test holds its names
to FIELDS (tests/core/test_field_types.py). Values are plain JSON (names, not
indexes), so most are dicts and lists of names and numbers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core.flow import FlowState

if TYPE_CHECKING:
    from meeple.core.rng import Rng
    from meeple.games.anunnaki.board import Layout


class AnunnakiFields(FlowState):
    houses: list[str]
    lay: Layout
    arrangement: list[int]  # the tiles (their numbers), in their places
    first_game: bool
    current: int  # the seat to play
    end_triggered: bool
    seats: list[dict[str, Any]]  # a record per seat (state.SEAT_LISTS are its lists), changed through own_seat
    seat_own: set[int]  # the seats whose records this state owns: not shared with a clone
    fol: dict[str, list[int]]  # followers per hex, per seat
    gods: list[dict[str, Any]]
    stl: dict[str, int]  # settlements: hex -> seat
    osl: list[dict[str, int]]
    exh: dict[str, Any]
    anc: dict[str, list[Any]]  # ancient site: [card, taken, atlantis]
    cul: list[list[Any]]  # culture spots: [token, taken]
    cul_check: int  # the culture spots to look at again (bit i: spot i; -1: all)
    occ: dict[str, int]  # region -> the seats with units there (bit s: seat s)
    mine: tuple[tuple[str, ...], ...]  # per seat, the regions holding its units, in layout order
    deck: list[str]
    display: list[str]
    art_deck: list[str]
    art_seen: list[str]
    conquests: int
    dom_tokens: list[Any]
    objectives: dict[str, str]
    removed: list[Any]
    used: list[Any]
    flags: dict[str, Any]
    ctx: dict[str, Any]  # the turn's working values (nested JSON)
    secret: dict[str, int]  # a simultaneous decision's answers so far, by seat
    final: Any
    rng: Rng
    shared: int  # a bit per field a clone may share until written (meeple.core.fields.on_write)
    legal_now: list[int] | None  # the pending decision's legal actions, once the flow has them (a cache)

    if TYPE_CHECKING:  # the queries the mixins ask of each other and of the state (state.py)

        def mut(self, name: str) -> Any: ...

        # meeple.core.fields.own_functions: mut(name) for one field, the form of the hot write sites
        def own_fol(self) -> dict[str, list[int]]: ...

        def own_gods(self) -> list[dict[str, Any]]: ...

        def own_osl(self) -> list[dict[str, int]]: ...

        def own_exh(self) -> dict[str, Any]: ...

        def own_anc(self) -> dict[str, list[Any]]: ...

        def own_cul(self) -> list[list[Any]]: ...

        def own_seat(self, s: int) -> dict: ...

        def can_pay(self, seat: int, cost: dict) -> bool: ...

        def _settle_spots(self, s) -> list[str]: ...

        def minor_list(self, seat: int) -> list: ...

        def power(self, seat: int, power: str) -> bool: ...

        def _push(self, *steps) -> None: ...

        def _changed(self, h: str, s: int) -> None: ...

        def occupants(self, h: str) -> list[int]: ...

        def controlled(self, seat: int, controllers: dict | None = None) -> list[str]: ...

        def controller(self, h: str): ...

        def units_at(
            self, h: str, seat: int, settlements: bool = True, god_strength: int | None = None
        ) -> list[int]: ...

        def settlement_unit_strength(self, seat: int) -> int: ...

        def has(self, seat: int, god: str) -> bool: ...

        def settlements_of(self, seat: int) -> list[str]: ...

        def has_settlement(self, h: str) -> bool: ...

        def _dev_cap(self, seat: int) -> int: ...

        def _trigger_end(self, s, why) -> None: ...

        def _track(self, s, t, n) -> None: ...

        def objective(self, seat: int, obj: str, controllers: dict | None = None) -> int: ...

        def scores(self) -> list[int]: ...

        def _uncovered(self, h) -> tuple[str, ...]: ...

        def supply(self, seat: int) -> int: ...

        def has_followers(self, seat: int) -> bool: ...

        def _my_hexes(self, s) -> list[str]: ...

        def _at_war(self, h: str) -> bool: ...

        def weapon_list(self, seat: int) -> list: ...

        def weapon_cost(self, seat: int, w: str) -> dict: ...

        def _set(self, kind: str, seat, arg: dict = ..., acts: list[int] | None = None) -> None: ...

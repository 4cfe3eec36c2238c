"""The Old King's Crown: the types of the state's fields, for the type checker.

The rule modules take the state typed as `OKCFields`: the state module
imports them, so they cannot name `OKCState` without an import cycle.
`OKCState` is checked as its subclass (state.py), which holds each query
declared here to its implementation; it is never a base at run time (the
state's slots come from FIELDS). A test holds the field names to FIELDS
(tests/core/test_field_types.py); the flow's and the record's fields are
typed on FlowState and GameRecord.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core.flow import FlowState
from meeple.core.rng import Rng


class OKCFields(FlowState):
    factions: list[int]
    fseat: dict[int, int]
    rounds: int
    round: int
    order: list[int]
    influence: list[int]
    lore: list[int]
    site_lore: list[int]
    hand_size: list[int]
    hands: list[list[int]]
    known: list[list[int]]
    decks: list[list[int]]
    discards: list[list[int]]
    lost: list[int]
    lost_sup: list[int]
    site: list[list[int]]
    hq: list[list[int]]
    kdeck: list[int]
    road: list[int | None]
    kdiscard: list[int]
    boards: list[list[list[int] | None]]
    herald: list[int]
    sup_board: list[int]
    sup_map: list[list[int]]
    sup_part: list[list[int]]
    tokens: list[list[int]]
    councils: list[list[int]]
    bids: list[Any]
    bids_open: bool
    facedown: list[list[Any]]
    active: list[list[list[int]]]
    favour: int
    favour_uses: int
    used: list[int]
    round_fx: list[int]
    clash_order: list[Any]
    taken: bool
    fd_pos: list[int]
    rng: Rng
    fd_log: list[list[Any]]
    tactics: list[list[int]]
    bonus: list[int]
    ctokens: list[list[int]]
    gtokens: list[list[int]]
    hqtok: list[int]
    ksupply: list[list[int]]
    kheld: list[int]
    kregion: list[list[list[int]]]
    kloc: list[list[list[int]]]
    kburned: list[int]
    joust: list[int | None]
    copies: list[list[int]]
    burned: list[int]
    offer: list[list[int]]
    pick: list[list[int]]
    peeked: list[list[int]]
    hid_known: tuple[Any, tuple[int, ...]] | None

    if TYPE_CHECKING:
        # the state's queries and changes the rule functions ask for (state.py)
        def seat_of(self, gid: int) -> int: ...

        def gid(self, seat: int, local: int) -> int: ...

        def votes(self, seat: int, council: int) -> int: ...

        def has_votes(self, seat: int, council: int) -> bool: ...

        def tokens_free(self, seat: int) -> int: ...

        def hsize(self, s: int) -> int: ...

        def _find_active(self, gid: int): ...

        def _own_active(self, s: int, r: int | None = None, counted: bool = True): ...

        def strength(self, g: int) -> int: ...

        def _current_clash(self): ...

        def _clash_n(self) -> int: ...

        def _locked(self, s: int, r: int) -> bool: ...

        def _unresolved(self) -> list[int]: ...

        def _ask_deploy(self, s: int, g: int) -> None: ...

        def _hand_full(self, s: int) -> bool: ...

        def _back_to_hand(self, s: int, r: int, e) -> None: ...

        def _to_hand(self, s: int, g: int) -> None: ...

        def _leave_hand(self, s: int, g: int) -> bool: ...

        def _look_at_facedown(self, seat: int, r: int) -> None: ...

        def _hid_known(self, g: int) -> None: ...

        def _hidden_this_move(self, cards) -> bool: ...

        def _discard_from_hand(self, s: int, a: int) -> None: ...

        def _take_from_hand_or_map(self, s: int, g: int, shown: bool = True) -> None: ...

        def _journey(self, s: int, g: int) -> None: ...

        def _gain_influence(self, s: int, n: int) -> None: ...

        def _gain_lore(self, s: int, n: int) -> None: ...

        def _lore_to_supply(self, s: int, n: int) -> None: ...

        def can_buy(self, s: int) -> bool: ...

        def _draw(self, s: int, n: int, shown: bool = True) -> None: ...

        def _draw_to_size(self, s: int) -> None: ...

        def swap_facedown(self, o: int, ra: int, rb: int) -> None: ...

        def _set_space(self, s: int, j: int, space: list[int] | None) -> None: ...

        def _supply_add(self, s: int, kc: int) -> None: ...

        def _kingdom_gained(self, s: int, kc: int) -> None: ...

        def _refill_road_now(self) -> None: ...

        def _leave_council(self, g: int) -> None: ...

        def _some_hand(self, s: int, test, kind: str | None = None) -> bool: ...

"""State fields declared once (`meeple.core.fields`): clone and fresh follow."""

import pytest

from meeple.core.fields import (
    CACHE,
    COPY,
    LIST,
    LISTS,
    LISTS3,
    MAYBE_LIST,
    SAME,
    Field,
    clone_function,
    fresh,
    fresh_function,
    on_write,
    restore,
    slots,
)
from meeple.core.rng import Rng


class Thing:
    __slots__ = ("players", "hands", "pile", "extra", "rng", "name")


FIELDS = (
    Field("players", SAME, 0),
    Field("hands", LISTS, lambda p: [[] for _ in range(p)]),
    Field("pile", LIST, lambda p: [0] * p),
    Field("extra", MAYBE_LIST, None),
    Field("rng", COPY, lambda p: Rng(0)),
    Field("name", SAME, "x"),
)
Thing.clone = clone_function(Thing, FIELDS)


def test_clone_copies_each_field_as_declared_and_shares_nothing_mutable():
    t = fresh(Thing, FIELDS, 3)
    assert t.hands == [[], [], []] and t.pile == [0, 0, 0] and t.extra is None and t.name == "x"
    t.hands[0].append(5)
    t.extra = [1]
    c = t.clone()
    c.hands[0].append(6)
    c.pile[1] = 9
    c.extra.append(2)
    c.rng.next64()
    assert t.hands == [[5], [], []] and t.pile == [0, 0, 0] and t.extra == [1]
    assert t.rng.state == 0 and c.rng.state != 0
    assert c.name is t.name and fresh(Thing, FIELDS, 2).hands is not fresh(Thing, FIELDS, 2).hands
    assert type(c) is Thing and type(t) is Thing  # nothing shared on write: no sharing class


def test_a_slot_left_out_of_the_declaration_is_refused():
    with pytest.raises(TypeError, match="name"):
        clone_function(Thing, FIELDS[:-1])


def test_slots_are_the_fields_a_base_does_not_hold():
    class Base:
        __slots__ = ("players",)

    assert slots(FIELDS, Base) == ("hands", "pile", "extra", "rng", "name")


# ---- a game's own copy kinds, and fields shared until touched ----------------


def _records(seats):
    """A game's own kind: any function of the value."""
    return [{**d, "cards": d["cards"][:]} for d in seats]


class Table:
    __slots__ = ("seats", "board", "tiles", "grid", "cache")


TABLE = (
    Field("seats", _records, lambda p: [{"vp": 0, "cards": []} for _ in range(p)]),
    Field("board", on_write(LIST), lambda p: [0] * 4),
    Field("tiles", on_write(LISTS), lambda p: [[] for _ in range(p)]),
    Field("grid", on_write(LISTS3), lambda p: [[[0]] for _ in range(p)]),
    Field("cache", CACHE, lambda p: [1]),
)
Table.clone = clone_function(Table, TABLE)


def test_a_game_kind_copies_and_a_cache_starts_empty():
    t = fresh(Table, TABLE, 2)
    t.seats[0]["cards"].append(3)
    c = t.clone()
    c.seats[0]["cards"].append(4)
    c.seats[1]["vp"] = 5
    assert t.seats == [{"vp": 0, "cards": [3]}, {"vp": 0, "cards": []}]
    assert c.cache is None and t.cache == [1]


def _raw(state, name):
    """A field as the state holds it, without touching it (its slot, read past the sharing class)."""
    return Table.__dict__[name].__get__(state)


def test_on_write_fields_are_shared_until_a_state_touches_each():
    t = fresh(Table, TABLE, 2)
    before = {name: _raw(t, name) for name in ("board", "tiles", "grid")}
    c = t.clone()
    for name, value in before.items():  # the clone changed no field of its original
        assert _raw(t, name) is value and _raw(c, name) is value
    assert type(c) is type(t) and isinstance(c, Table) and type(c) is not Table  # both share
    c.tiles[0].append(7)  # the clone's first touch of a field: its own copy of it, all levels
    assert _raw(c, "tiles") is not before["tiles"] and t.tiles == [[], []]
    assert _raw(c, "board") is before["board"] and _raw(c, "grid") is before["grid"]  # the rest still shared
    c.grid[1][0][0] = 9
    assert t.grid == [[[0]], [[0]]] and type(c) is not Table
    own = c.tiles
    assert c.tiles is own  # once its own, read and written in place
    assert c.board == [0, 0, 0, 0]  # its last shared field: the plain class again, plain reads
    assert type(c) is Table
    t.board[0] = 1  # the original's first touch: its own copy; the clone keeps its values
    assert c.board == [0, 0, 0, 0] and t.board == [1, 0, 0, 0] and before["board"] == [0, 0, 0, 0]


def test_a_field_replaced_whole_while_shared_leaves_the_other_state_alone():
    t = fresh(Table, TABLE, 2)
    c = t.clone()
    c.board = [5]
    assert c.board == [5] and t.board == [0, 0, 0, 0]


def test_a_clone_of_a_sharing_state_shares_with_both():
    t = fresh(Table, TABLE, 2)
    c1 = t.clone()
    c2 = t.clone()  # t still shares with c1: reading its fields for c2 must not copy them
    assert _raw(c2, "tiles") is _raw(c1, "tiles") is _raw(t, "tiles")
    c2.tiles[1].append(1)
    assert c1.tiles == [[], []] and t.tiles == [[], []]


def test_restore_takes_the_fields_and_the_class_of_the_backup():
    t = fresh(Table, TABLE, 2)
    backup = t.clone()
    t.tiles[0].append(3)
    t.seats[0]["vp"] = 9
    restore(t, backup)
    assert type(t) is type(backup) is not Table and _raw(t, "tiles") is _raw(backup, "tiles")
    t.tiles[0].append(4)  # sharing with the backup still: copied first
    assert backup.tiles == [[], []] and t.tiles == [[4], []] and t.seats[0]["vp"] == 0


def test_the_made_fresh_gives_what_fresh_gives():
    made = fresh_function(Thing, FIELDS)
    for p in (2, 5):
        a, b = fresh(Thing, FIELDS, p), made(p)
        assert type(b) is Thing
        for f in FIELDS:
            va, vb = getattr(a, f.name), getattr(b, f.name)
            assert (va.state == vb.state) if f.name == "rng" else va == vb
    one, two = made(3), made(3)
    assert one.hands is not two.hands and one.hands[0] is not one.hands[1]  # made anew each time
    assert one.name == "x" and one.name is two.name  # a declared value is set as it is


def test_past_the_limit_of_sharing_classes_a_state_takes_all_it_shares_at_once(monkeypatch):
    t = fresh(Table, TABLE, 2)
    c = t.clone()
    monkeypatch.setattr(Table.Sharing, "LIMIT", 0)  # no new class may be made
    made = dict(Table.Sharing.classes)
    c.tiles[0].append(1)
    if (0b111 & ~0b010) not in made:  # (the class of the rest did not exist yet)
        assert type(c) is Table and _raw(c, "board") is not _raw(t, "board")
    assert t.tiles == [[], []] and t.board == [0, 0, 0, 0] and c.tiles == [[1], []]

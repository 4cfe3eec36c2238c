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
    SHARED,
    Copy,
    Field,
    clone_function,
    fresh,
    fresh_function,
    mut_function,
    on_write,
    own_functions,
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


def test_a_slot_left_out_of_the_declaration_is_refused():
    with pytest.raises(TypeError, match="name"):
        clone_function(Thing, FIELDS[:-1])


# ---- a game's own copy kinds, and copy on write ----------------------------


def _record_copy(d):
    return {**d, "cards": d["cards"][:]}


RECORDS = Copy("[_record_copy(d) for d in {0}]", {"_record_copy": _record_copy})


class Table:
    __slots__ = ("seats", "board", "tiles", "grid", "cache", "shared")


TABLE = (
    Field("seats", RECORDS, lambda p: [{"vp": 0, "cards": []} for _ in range(p)]),
    Field("board", on_write(LIST), lambda p: [0] * 4),
    Field("tiles", on_write(LISTS), lambda p: [[] for _ in range(p)]),
    Field("grid", on_write(LISTS3), lambda p: [[[0]] for _ in range(p)]),
    Field("cache", CACHE, lambda p: [1]),
    Field(SHARED, SAME, 0),
)
Table.clone = clone_function(Table, TABLE)
Table.mut = mut_function(TABLE)
for _name, _own in own_functions(TABLE).items():
    setattr(Table, _name, _own)


def test_a_game_kind_copies_with_the_names_it_declares():
    t = fresh(Table, TABLE, 2)
    t.seats[0]["cards"].append(3)
    c = t.clone()
    c.seats[0]["cards"].append(4)
    c.seats[1]["vp"] = 5
    assert t.seats == [{"vp": 0, "cards": [3]}, {"vp": 0, "cards": []}]
    assert c.cache is None and t.cache == [1]


def test_a_field_shared_until_written_is_copied_by_whichever_side_writes_first():
    t = fresh(Table, TABLE, 2)
    c = t.clone()
    assert c.board is t.board and c.tiles is t.tiles and t.shared == c.shared == 0b111
    c.mut("tiles")[0].append(7)  # the clone takes its own copy, all levels
    c.mut("grid")[1][0][0] = 9
    assert t.tiles == [[], []] and t.grid == [[[0]], [[0]]]
    assert c.shared == 0b001 and t.shared == 0b111
    own = c.mut("tiles")
    assert own is c.tiles and c.mut("tiles") is own  # once its own, written in place
    t.mut("board")[0] = 1  # the original writes: the clone keeps its view
    assert c.board == [0, 0, 0, 0] and t.shared == 0b110


def test_a_fields_own_method_is_its_mut():
    """own_<name>() does what mut(name) does, for that one field."""
    assert sorted(own_functions(TABLE)) == ["own_board", "own_grid", "own_tiles"]
    t = fresh(Table, TABLE, 2)
    c = t.clone()
    c.own_grid()[1][0][0] = 9  # the clone takes its own copy, all levels
    assert t.grid == [[[0]], [[0]]] and c.grid == [[[0]], [[9]]]
    assert c.shared == 0b011 and t.shared == 0b111
    own = c.own_grid()
    assert own is c.grid and c.mut("grid") is own and c.shared == 0b011
    t.own_board()[0] = 1
    assert c.board == [0, 0, 0, 0] and t.shared == 0b110


def test_on_write_fields_need_the_shared_mask_and_names_must_agree():
    class NoMask:
        __slots__ = ("board",)

    with pytest.raises(TypeError, match="shared"):
        clone_function(NoMask, (Field("board", on_write(LIST)),))

    class Two:
        __slots__ = ("a", "b")

    clash = (Field("a", Copy("_f({0})", {"_f": list})), Field("b", Copy("_f({0})", {"_f": tuple})))
    with pytest.raises(TypeError, match="_f"):
        clone_function(Two, clash)


def test_slots_are_the_fields_a_base_does_not_hold():
    class Base:
        __slots__ = ("players",)

    assert slots(FIELDS, Base) == ("hands", "pile", "extra", "rng", "name")


def test_the_generated_fresh_gives_what_fresh_gives():
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

"""The generated STATE `dump` (meeple.core.fields): every shape a declaration
may take writes the same document, key order included, as the plain reading
of the declaration would: each key in declared order, objects made on first
use, a `when` key only when it holds."""

from __future__ import annotations

import json

import pytest

from meeple.core.fields import Inline, Saved, _dump_function


class S:
    players = 2
    a, b, c, flag = 1, [3, 4], (5, 6), True
    hands = [[1, 2], [3]]
    extra = [10, 20]
    rng = type("R", (), {"state": 99})()


def plain(saved: tuple[Saved, ...], s) -> dict:
    """The declaration read one key at a time, as the documents were written by hand."""
    doc: dict = {"game": "toy"}
    for e in saved:
        if e.when is not None and not e.when(s):
            continue
        names = (e.field,) if isinstance(e.field, str) else e.field
        path = e.key.split(".")
        seats = range(s.players) if "*" in path else [None]
        for seat in seats:
            values = [getattr(s, n) if seat is None else getattr(s, n)[seat] for n in names]
            value = e.dump(values[0] if len(values) == 1 else tuple(values))
            node = doc
            for i, k in enumerate(path[:-1]):
                if k == "*":
                    continue
                if path[i + 1] == "*":
                    node = node.setdefault(k, [{} for _ in range(s.players)])[seat]
                else:
                    node = node.setdefault(k, {})
            node[path[-1]] = value
    return doc


SHAPES = (
    Saved("a", "a"),
    Saved("b", "box.b", Inline("list({})")),
    Saved("flag", "late", when=Inline("{}.flag")),
    Saved("c", "box.c", list),  # the object `box` again, after a `when` key: written into the same object
    Saved(("a", "b"), "pair", Inline("[{0}, len({1})]")),  # several fields: {0}, {1}
    Saved("hands", "seats.*.hand", Inline("[x * 2 for x in {}]")),
    Saved("extra", "seats.*.more.v", lambda v: v + 1),  # a nested object per seat
    Saved("a", "never", when=lambda s: False),
    Saved("c", "cond.x", list, when=lambda s: s.flag),
    Saved("rng", "cond.y", Inline("{}.state"), when=lambda s: s.flag),
)


def test_every_shape_writes_what_the_declaration_says_in_its_order():
    dump = _dump_function("Toy", "toy", SHAPES)
    got = dump(S())
    want = plain(SHAPES, S())
    assert got == want
    assert json.dumps(got) == json.dumps(want)  # the key order too
    assert list(got) == ["game", "a", "box", "late", "pair", "seats", "cond"]
    assert got["box"] == {"b": [3, 4], "c": [5, 6]}
    assert got["seats"][1] == {"hand": [6], "more": {"v": 21}}


def test_inline_dumps_called_as_functions_give_what_they_write():
    assert Inline("[{0}, len({1})]")((1, [2, 3])) == [1, 2]
    assert Inline("{}.state")(S.rng) == 99
    assert Inline("NAMES[{}]", NAMES=["x", "y"])(1) == "y"


def test_two_inline_dumps_may_not_give_one_name_two_values():
    clash = (Saved("a", "a", Inline("T[{}]", T=[1, 2])), Saved("a", "b", Inline("T[{}]", T=[3, 4])))
    with pytest.raises(TypeError, match="names two values"):
        _dump_function("Toy", "toy", clash)


def test_a_per_seat_key_needs_the_key_of_its_list():
    with pytest.raises(TypeError, match="needs the key of its list"):
        _dump_function("Toy", "toy", (Saved("hands", "*.hand"),))

"""A game state's fields, declared once: the one mechanism every game uses.

Each field is named once with how a clone copies it (a `Copy` kind) and what
a fresh state holds; `clone` (generated straight-line code, as fast as one
written by hand) and `fresh` follow from the declaration, so a new field is
one line here and its place in the game's STATE document.

    FIELDS = (
        Field("players", SAME),
        Field("hands", LISTS, lambda players: [[] for _ in range(players)]),
        Field("deck", Copy("_deal({0})", {"_deal": deal_copy})),   # the game's own kind
        Field("tiles", on_write(LISTS)),                           # shared until written
        Field(SHARED, SAME, 0),
    )
    clone = clone_function(MyState, FIELDS)
    mut = mut_function(FIELDS)          # only with `on_write` fields

A kind is an expression template (`{0}` reads the field off the state) and
the names it needs in scope, so a game adds its own kinds without a second
clone generator. Copy on write lives here too, as a general option: a field
that seldom changes but is costly to copy is shared by a clone until one side
changes it; whatever changes it in place takes it with `state.mut(name)`
first, which copies it with the wrapped kind if the `SHARED` bit mask says a
clone may still share it.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, NamedTuple, TypeVar

T = TypeVar("T")


class Copy(NamedTuple):
    """How a clone copies a field: `template` is the expression (with `{0}`
    the field read off the original), `names` what it needs in scope, and
    `written`, for a field shared until written, the kind `mut` copies it with."""

    template: str
    names: Mapping[str, Any] = {}
    written: "Copy | None" = None


SAME = Copy("{0}")  # immutable, or only ever replaced whole: clones share it
LIST = Copy("{0}[:]")  # a list of immutable items: copied
LISTS = Copy("[*map(_list_copy, {0})]", {"_list_copy": list.copy})  # a list of lists: each copied
LISTS3 = Copy("[[*map(_list_copy, x)] for x in {0}]", {"_list_copy": list.copy})  # three deep
MAYBE_LIST = Copy("None if {0} is None else {0}[:]")  # None or a list of immutable items
COPY = Copy("{0}.copy()")  # an object with its own copy() (a generator's state)
CACHE = Copy("None")  # derived and kept only to save work: a clone starts without

SHARED = "shared"  # the slot of the bit mask: a bit per on_write field a clone may share


def on_write(kind: Copy) -> Copy:
    """`kind`, but shared by a clone until either side changes the field
    (with `state.mut(name)` first)."""
    return Copy("{0}", {}, kind)


class Field(NamedTuple):
    name: str
    copy: Copy = SAME
    fresh: Any = None  # a fresh state's value, or a function of the player count

    def fresh_value(self, players: int) -> Any:
        return self.fresh(players) if callable(self.fresh) else self.fresh


def clone_function(cls: type[T], fields: tuple[Field, ...]) -> Callable[[T], T]:
    """`clone(self)`: a new `cls` (built without `__init__`/`__new__` hooks: every
    field is set here) with each field copied as declared; with `on_write`
    fields, both the original and the clone mark them all shared."""
    names = [f.name for f in fields]
    missing = set(_all_slots(cls)) - set(names)
    if missing:
        raise TypeError(f"{cls.__name__}: slots not declared as fields: {', '.join(sorted(missing))}")
    written = _written(fields)
    if written and SHARED not in names:
        raise TypeError(f"{cls.__name__}: fields shared until written need a {SHARED!r} field")
    scope: dict = {"new": object.__new__, "cls": cls, "ALL_SHARED": (1 << len(written)) - 1}
    lines = ["def clone(self):", "    n = new(cls)"]
    for f in fields:
        if written and f.name == SHARED:
            lines.append(f"    n.{SHARED} = self.{SHARED} = ALL_SHARED")
            continue
        _bind(scope, f.copy.names, cls)
        lines.append(f"    n.{f.name} = " + f.copy.template.format(f"self.{f.name}"))
    lines.append("    return n")
    exec("\n".join(lines), scope)
    fn = scope["clone"]
    fn.__doc__ = f"A copy of this {cls.__name__} that shares nothing mutable with it (generated from its fields)."
    return fn


def mut_function(fields: tuple[Field, ...]) -> Callable[[Any, str], Any]:
    """`mut(self, name)`: field `name` (declared `on_write`), about to change
    in place: this state's own copy first if a clone may share it."""
    written = _written(fields)
    bit = {f.name: 1 << i for i, f in enumerate(written)}
    copy = {f.name: _copier(kind) for f in written if (kind := f.copy.written) is not None}

    def mut(self, name: str):
        """Field `name`, about to change in place: this state's own copy
        first if a clone may share it."""
        b = bit[name]
        if self.shared & b:  # the SHARED slot
            setattr(self, name, copy[name](getattr(self, name)))
            self.shared &= ~b
        return getattr(self, name)

    return mut


def slots(fields: tuple[Field, ...], base: type) -> tuple[str, ...]:
    """The `__slots__` of a state class on `base`: every field `base` (and
    its bases) does not already hold."""
    held = set(_all_slots(base))
    return tuple(f.name for f in fields if f.name not in held)


def fresh(cls: type[T], fields: tuple[Field, ...], players: int) -> T:
    """A `cls` with every field at its fresh value for `players` players."""
    s: Any = object.__new__(cls)
    for f in fields:
        setattr(s, f.name, f.fresh_value(players))
    return s


def _written(fields: tuple[Field, ...]) -> list[Field]:
    return [f for f in fields if f.copy.written is not None]


def _copier(kind: Copy) -> Callable[[Any], Any]:
    scope: dict = {}
    _bind(scope, kind.names, "a copy on write")
    exec("def copy(v):\n    return " + kind.template.format("v"), scope)
    return scope["copy"]


def _bind(scope: dict, names: Mapping[str, Any], where: Any) -> None:
    """Add a kind's names to the generated code's scope; one name, one value."""
    for k, v in names.items():
        if scope.setdefault(k, v) is not v:
            raise TypeError(f"{where}: two copy kinds give {k!r} different values")


def _all_slots(cls: type) -> list[str]:
    out: list[str] = []
    for k in cls.__mro__:
        slots = k.__dict__.get("__slots__", ())
        out.extend((slots,) if isinstance(slots, str) else slots)
    return out

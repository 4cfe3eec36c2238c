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
    # and, for hot write sites, own_tiles() = mut("tiles"): own_functions(FIELDS)

A kind is an expression template (`{0}` reads the field off the state) and
the names it needs in scope, so a game adds its own kinds without a second
clone generator. Copy on write lives here too, as a general option: a field
that seldom changes but is costly to copy is shared by a clone until one side
changes it; whatever changes it in place takes it with `state.mut(name)`
first, which copies it with the wrapped kind if the `SHARED` bit mask says a
clone may still share it.

How each field is saved is declared the same way, in the game's notation:
a `Saved` names its place in the STATE document (a dotted key, `*` for one
entry per seat), how its value is written and read back (checked), and its
value when the key is missing; a `Derived` field is not saved because the
saved ones give it (and says how), a `NotSaved` one because play goes on the
same without it (and says why). `StateDocument` makes `dump` and `load` from
that declaration and refuses one that leaves a field out, so a new field
cannot be forgotten by the STATE.

    DOC = StateDocument(MyState, FIELDS, "mygame", (
        Saved("players", "players", load=whole(2, 5)),
        Saved("hands", "seats.*.hand", dump=names, load=cards),
        Saved("todo", "pending.todo", when=in_turn),
        Derived("lay", "the board, which the players give", lambda s: board(s.players)),
        NotSaved("history", "the replay log: a loaded state starts a new one"),
    ), version=StateFormat("pending.version", 1))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, TypeVar

from meeple.core.game import BadState

T = TypeVar("T")


class Copy(NamedTuple):
    """How a clone copies a field: `template` is the expression (with `{0}`
    the field read off the original), `names` what it needs in scope, and
    `written`, for a field shared until written, the kind `mut` copies it with."""

    template: str
    names: Mapping[str, Any] = {}
    written: Copy | None = None


SAME = Copy("{0}")  # immutable, or only ever replaced whole: clones share it
LIST = Copy("{0}.copy()")  # a list of immutable items: copied
LISTS = Copy("[*map(_list_copy, {0})]", {"_list_copy": list.copy})  # a list of lists: each copied
LISTS3 = Copy("[[*map(_list_copy, x)] for x in {0}]", {"_list_copy": list.copy})  # three deep


def lists3_of(n: int) -> Copy:
    """LISTS3 for a field that always holds `n` lists (a region each, say):
    written out, without the comprehension's frame, which costs as much as
    copying a few short lists."""
    parts = ", ".join(f"[*map(_list_copy, {{0}}[{i}])]" for i in range(n))
    return Copy(f"[{parts}]", {"_list_copy": list.copy})


MAYBE_LIST = Copy("None if {0} is None else {0}.copy()")  # None or a list of immutable items
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
    return _compiled(
        lines,
        scope,
        "clone",
        f"A copy of this {cls.__name__} that shares nothing mutable with it (generated from its fields).",
    )


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


def own_functions(fields: tuple[Field, ...]) -> dict[str, Callable[[Any], Any]]:
    """For each `on_write` field `name`, the method `own_<name>(self)`:
    `mut(self, name)` written out for that one field, without its two
    look-ups by name (the form for write sites a game passes often)."""
    out = {}
    for i, f in enumerate(_written(fields)):
        assert f.copy.written is not None
        scope: dict = {}
        _bind(scope, f.copy.written.names, f"field {f.name}")
        lines = [
            f"def own_{f.name}(self):",
            f"    if self.{SHARED} & {1 << i}:",
            f"        self.{f.name} = " + f.copy.written.template.format(f"self.{f.name}"),
            f"        self.{SHARED} &= {~(1 << i)}",
            f"    return self.{f.name}",
        ]
        out[f"own_{f.name}"] = _compiled(
            lines, scope, f"own_{f.name}", f"Field {f.name}, about to change in place: this state's own copy."
        )
    return out


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


def fresh_function(cls: type[T], fields: tuple[Field, ...]) -> Callable[[int], T]:
    """`fresh(players)`: what `fresh(cls, fields, players)` gives, as generated
    straight-line code (as `clone`): a new game makes one per game."""
    scope: dict = {"new": object.__new__, "cls": cls}
    lines = ["def fresh(players):", "    s = new(cls)"]
    for i, f in enumerate(fields):
        if callable(f.fresh):
            scope[f"f{i}"] = f.fresh
            lines.append(f"    s.{f.name} = f{i}(players)")
        else:
            scope[f"v{i}"] = f.fresh  # the declared value itself, as `fresh` sets it
            lines.append(f"    s.{f.name} = v{i}")
    lines.append("    return s")
    return _compiled(
        lines, scope, "fresh", f"A {cls.__name__} with every field at its fresh value (generated from its fields)."
    )


def _compiled(lines: list[str], scope: dict, name: str, doc: str) -> Callable:
    """The function `name` the generated `lines` define (run in `scope`), with its docstring."""
    exec("\n".join(lines), scope)
    fn = scope[name]
    fn.__doc__ = doc
    return fn


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


# ---- the STATE document: how each field is saved ----------------------------
def _as_is(v: Any, *_: Any) -> Any:
    return v


class Inline:
    """A `Saved` dump given as an expression, `template` with `{}` where the
    value goes (`{0}`, `{1}`, ... the fields of a `Saved` of several), written into the generated `dump` itself (no call per field:
    a STATE is dumped for every view sent); `names` are the globals it reads.
    Called, it dumps one value as the generated code would."""

    __slots__ = ("template", "names", "_fn")

    def __init__(self, template: str, **names: Any) -> None:
        self.template, self.names = template, names
        scope = dict(names)
        try:
            body = template.format("v_")
        except IndexError:  # several fields: called with their tuple
            body = template.format(*(f"v_[{i}]" for i in range(template.count("{") + 1)))
        exec("def dump(v_):\n    return " + body, scope)
        self._fn = scope["dump"]

    def __call__(self, v: Any) -> Any:
        return self._fn(v)


class Saved(NamedTuple):
    """Field `field` (or a tuple of fields saved together: `dump` gets, `load`
    returns, a tuple) at `key` of the STATE, a dotted path ("favour.holder").
    A `*` segment ("seats.*.hand") is one entry per seat: the field holds one
    item per seat and each is written in its seat's entry.

    `dump(value)` is the JSON written (the value as is by default);
    `load(json, where, state)` (per seat `load(json, where, state, seat)`) the
    value read back, or BadState naming `where` if the JSON is wrong; the
    fields declared before this one are already set on `state`. A missing key
    reads as `default`. With `when`, the key is written only if `when(state)`."""

    field: str | tuple[str, ...]
    key: str
    dump: Callable[[Any], Any] = _as_is
    load: Callable[..., Any] = _as_is
    default: Any = None
    when: Callable[[Any], Any] | None = None


class Derived(NamedTuple):
    """Field `field`, kept out of the STATE because the saved fields give it:
    `why` says how, `load(state)` works it out again on load (the fields
    declared before it are set). A test holds it equal to the original's."""

    field: str
    why: str
    load: Callable[[Any], Any]


class NotSaved(NamedTuple):
    """Field `field`, kept out of the STATE because a game goes on the same
    without it (a record of the play, a cache): `why` says so; a loaded state
    starts it anew, at `start(state)` if given, else at its fresh value."""

    field: str
    why: str
    start: Callable[[Any], Any] | None = None


class StateFormat(NamedTuple):
    """The format of a game's STATE, a whole number at `key`. A STATE without
    it is format 1; a newer format than `current` is refused (never guessed);
    it is written only once the format is past 1, so a format-1 STATE reads
    and writes exactly as before formats were numbered. The step stack and
    the pending decision are saved by name: `steps` and `decisions` are the
    names format `current` knows, and a test holds them to the rules', so a
    step or decision renamed or added raises `current` (the loaders then read
    every older format still: the hook `after` gets the format read)."""

    key: str
    current: int = 1
    steps: frozenset[str] = frozenset()  # the step names format `current` saves (the step stack)
    decisions: frozenset[str] = frozenset()  # the decision kinds it saves


class StateDocument:
    """`dump` and `load` of a game's STATE, made from the declaration of each
    of its fields: `entries`, one `Saved`, `Derived` or `NotSaved` per field of `fields`
    (in the STATE's key order), checked complete. `after(state, doc, format)`
    finishes a loaded state (checks across fields, the pending decision) and
    returns it. A `Saved` with `when` inside an object that is not in the
    STATE (`pending` between turns) leaves its field at its fresh value. With
    `strict`, a top-level key the declaration does not name is refused."""

    def __init__(
        self,
        cls: type,
        fields: tuple[Field, ...],
        game: str,
        entries: tuple[Saved | Derived | NotSaved, ...],
        version: StateFormat,
        after: Callable[[Any, dict, int], Any] | None = None,
        strict: bool = False,
    ) -> None:
        names = [f.name for f in fields]
        said = [n for e in entries for n in ((e.field,) if isinstance(e.field, str) else e.field)]
        missing = [n for n in names if n not in said]
        unknown = [n for n in said if n not in names]
        twice = sorted({n for n in said if said.count(n) > 1})
        if missing or unknown or twice:
            raise TypeError(
                f"{cls.__name__}: the STATE declaration "
                + "; ".join(
                    f"{what}: {', '.join(ns)}"
                    for what, ns in (("leaves out", missing), ("names no field", unknown), ("names twice", twice))
                    if ns
                )
            )
        self.cls, self.game, self.version, self.after = cls, game, version, after
        self.fresh = {f.name: f for f in fields}
        self.entries = tuple((e, e.key.split(".") if isinstance(e, Saved) else None) for e in entries)
        self.saved = tuple(e for e in entries if isinstance(e, Saved))
        # with `strict`, a STATE may hold no other key than these, at the top
        # level and in every object the declaration's keys go through
        # (`seats.*`, `pending`): {object path: the keys it may hold}
        levels: dict[tuple[str, ...], set[str]] = {(): {"game", "data"}}  # (data: core.gamedata.stamp's)
        for key in [version.key, *(e.key for e in self.saved)]:
            path = key.split(".")
            for k in range(len(path)):
                levels.setdefault(tuple(path[:k]), set()).add(path[k])
        self.levels = {at: frozenset(ks) for at, ks in levels.items()}
        self.keys = self.levels[()]
        self.strict = strict
        *inside, key = version.key.split(".")
        self._format_at = (inside, key)  # where format_of finds the format: the object's path, the key
        self._dump = _dump_function(cls.__name__, game, self.saved)
        if version.current == 1:  # nothing to add: the generated function itself (no call more per STATE)
            self.dump = self._dump  # type: ignore[method-assign,assignment]
        self._load = _load_function(cls, self.fresh, entries)
        self.derived = tuple(e for e in entries if isinstance(e, Derived))
        self.not_saved = tuple(e for e in entries if isinstance(e, NotSaved))

    # ---- dump
    def dump(self, s: Any) -> dict:
        """The STATE document of `s` (made by code generated from the
        declaration, straight-line as `clone`)."""
        doc = self._dump(s)
        if self.version.current > 1:
            path = self.version.key.split(".")
            parent = _find(doc, path[:-1])
            if isinstance(parent, dict):
                parent[path[-1]] = self.version.current
        return doc

    # ---- load
    def load(self, doc: Any) -> Any:
        """The state STATE `doc` holds (its fields read by code generated from
        the declaration, straight-line as `dump`); BadState if it is wrong."""
        if not isinstance(doc, dict):
            raise BadState("a STATE must be a JSON object")
        if doc.get("game") != self.game:
            raise BadState(f"STATE.game must be {self.game!r}, not {doc.get('game')!r}")
        if self.strict:
            for at, keys in self.levels.items():
                _refuse_unknown(doc, at, keys)
        version = self.format_of(doc)
        s = self._load(doc)
        return self.after(s, doc, version) if self.after is not None else s

    def format_of(self, doc: dict) -> int:
        """The format of STATE `doc` (1 without the key); BadState if this
        engine cannot read it."""
        inside, key = self._format_at
        parent = _find(doc, inside)
        v = parent.get(key, 1) if isinstance(parent, dict) else 1
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise BadState(f"{self.version.key} must be a positive integer, got {v!r}")
        if v > self.version.current:
            raise BadState(
                f"{self.version.key} {v} is newer than this engine reads (up to {self.version.current}): update meeple"
            )
        return v


def refuse_unknown_keys(obj: Any, keys: frozenset[str], where: str = "") -> None:
    """BadState if object `obj` (at path `where`) holds a key not in `keys`: a
    misspelt key is refused, not silently left out (also for the objects a
    game reads by hand)."""
    if isinstance(obj, dict) and not keys.issuperset(obj):
        unknown = ", ".join(sorted(map(str, set(obj) - keys)))
        raise BadState(f"unknown STATE field(s){' in ' + where if where else ''}: {unknown}")


def _refuse_unknown(doc: Any, at: tuple[str, ...], keys: frozenset[str], where: str = "") -> None:
    """`refuse_unknown_keys` for every object at path `at` (`*`: every entry of a list)."""
    if not at:
        refuse_unknown_keys(doc, keys, where)
        return
    head, rest = at[0], at[1:]
    if head == "*":
        for i, x in enumerate(doc if isinstance(doc, list) else ()):
            _refuse_unknown(x, rest, keys, f"{where}.{i}" if where else str(i))
    elif isinstance(doc, dict) and head in doc:
        _refuse_unknown(doc[head], rest, keys, f"{where}.{head}" if where else head)


def _seat_entries(doc: dict, path: list[str], players: int) -> list:
    """The list of per-seat objects at `path`; BadState unless it has an
    object for each of `players` seats."""
    where = ".".join(path)
    v = _get(doc, path, None, "")
    if not isinstance(v, list):
        raise BadState(f"{where} must be a list")
    if len(v) != players:
        raise BadState(f"{where} must have {players} entries")
    for i, x in enumerate(v):
        if not isinstance(x, dict):
            raise BadState(f"{where}.{i} must be an object")
    return v


def _find(doc: Any, path: list[str]) -> Any:
    for k in path:
        if not isinstance(doc, dict):
            return None
        doc = doc.get(k)
    return doc


def _get(doc: dict, path: list[str], default: Any, prefix: str) -> Any:
    """The JSON at `path` (`default` if missing); BadState if an object on
    the way is something else."""
    for n, k in enumerate(path[:-1]):
        doc = doc.get(k, {})
        if doc is None:
            doc = {}
        if not isinstance(doc, dict):
            raise BadState(f"{prefix + '.' if prefix else ''}{'.'.join(path[: n + 1])} must be an object")
    return doc.get(path[-1], default)


def _dump_function(name: str, game: str, saved: tuple[Saved, ...]) -> Callable[[Any], dict]:
    """`dump(state)`: straight-line code writing each saved field at its key,
    in the declared order (the STATE's key order). Objects are dict displays
    where they can be (one BUILD_MAP, not a store per key); a per-seat object
    is one display per seat; a key written only `when` is a store under `if`."""
    scope: dict = {"GAME": game}
    n = 0

    def var(prefix: str) -> str:
        nonlocal n
        n += 1
        return f"{prefix}{n}"

    def inline(x: Inline, *values: str) -> str:
        """`x` written out on `values`, its names bound in the generated code's scope."""
        for k, v in x.names.items():
            if scope.setdefault(k, v) != v:
                raise TypeError(f"{name}: {k!r} names two values in the STATE's inline dumps")
        return x.template.format(*values)

    def expr(e: Saved, index: str = "") -> str:
        """The expression of e's JSON (`index` picks a seat's item)."""
        names = (e.field,) if isinstance(e.field, str) else e.field
        parts = [f"s.{f}{index}" for f in names]
        value = parts[0] if isinstance(e.field, str) else "(" + ", ".join(parts) + ",)"
        if e.dump is _as_is:
            return value
        if isinstance(e.dump, Inline):
            return inline(e.dump, *parts) if len(parts) > 1 else inline(e.dump, value)
        fn = var("d")
        scope[fn] = e.dump
        return f"{fn}({value})"

    def display(items: list[tuple[tuple[str, ...], str]]) -> str:
        """A dict display of (path, expression) items, keys in first-written order."""
        tree: dict = {}
        for path, x in items:
            node = tree
            for k in path[:-1]:
                node = node.setdefault(k, {})
            node[path[-1]] = x
        return _show(tree)

    # the STATE as items (path, expression) and `when` groups, in declared order
    blocks: list[tuple[Any, list[tuple[tuple[str, ...], str]]]] = []  # (when or None, items)
    i = 0
    while i < len(saved):
        e = saved[i]
        path = tuple(e.key.split("."))
        if "*" in path:
            if e.when is not None:
                raise TypeError(f"{name}: a per-seat key ({e.key}) is written always")
            at = path.index("*")
            if at == 0:
                raise TypeError(f"{name}: a per-seat key ({e.key}) needs the key of its list")
            inner = []
            while i < len(saved) and tuple(saved[i].key.split("."))[: at + 1] == path[: at + 1]:
                inner.append((tuple(saved[i].key.split("."))[at + 1 :], expr(saved[i], "[i_]")))
                i += 1
            item = (path[:at], f"[{display(inner)} for i_ in range(s.players)]")
        else:
            item = (path, expr(e))
            i += 1
        if blocks and blocks[-1][0] is e.when:
            blocks[-1][1].append(item)
        else:
            blocks.append((e.when, [item]))

    lines = ["def dump(s):"]
    first = blocks.pop(0)[1] if blocks and blocks[0][0] is None else []
    lines.append(f"    doc = {display([(('game',), 'GAME'), *first])}")
    made = {p[:k] for p, _ in first for k in range(1, len(p))}  # objects the first display made
    heads = [p[0] for _, items in blocks for p, _ in items]  # the top-level keys still to write
    for when, items in blocks:
        indent = "    "
        if when is not None:
            if isinstance(when, Inline):
                lines.append(f"    if {inline(when, 's')}:")
            else:
                w = var("w")
                scope[w] = when
                lines.append(f"    if {w}(s):")
            indent = "        "
        own = [p[0] for p, _ in items]
        for head in dict.fromkeys(own):
            mine = [(p, x) for p, x in items if p[0] == head]
            if (head,) not in made and heads.count(head) == own.count(head):  # the whole object is here
                x = mine[0][1] if mine[0][0] == (head,) else display([(p[1:], x) for p, x in mine])
                lines.append(f"{indent}doc[{head!r}] = {x}")
                continue
            known: dict = {(): "doc"}
            for p, x in mine:
                target = "doc"
                for depth in range(1, len(p)):
                    if p[:depth] not in known:
                        known[p[:depth]] = var("c")
                        lines.append(f"{indent}{known[p[:depth]]} = {target}.setdefault({p[depth - 1]!r}, {{}})")
                    target = known[p[:depth]]
                lines.append(f"{indent}{target}[{p[-1]!r}] = {x}")
    lines.append("    return doc")
    return _compiled(lines, scope, "dump", f"The STATE of a {name} (generated from its declaration).")


def _show(node: dict) -> str:
    return "{" + ", ".join(f"{k!r}: {_show(v) if isinstance(v, dict) else v}" for k, v in node.items()) + "}"


def _load_function(
    cls: type, fresh: Mapping[str, Field], entries: tuple[Saved | Derived | NotSaved, ...]
) -> Callable[[dict], Any]:
    """`load(doc)`: a new `cls` with each field read from STATE `doc` (already
    checked a JSON object of the game), straight-line code in the declared
    order: paths, seat entries and `when` are worked out here, once. Each
    object on the way to a key is read (and checked an object) once."""
    scope: dict = {
        "cls": cls,
        "new": cls.__new__,
        "_get": _get,
        "_find": _find,
        "_seat_entries": _seat_entries,
        "BadState": BadState,
    }
    lines = ["def load(doc):", "    s = new(cls)"]
    seats: dict[tuple[str, ...], str] = {}  # per-seat lists already read (and checked): path -> variable
    read: dict[tuple[str, ...], str] = {(): "doc"}  # objects read (and checked) unconditionally: path -> variable
    n = 0

    def const(prefix: str, value: Any) -> str:
        nonlocal n
        n += 1
        scope[f"{prefix}{n}"] = value
        return f"{prefix}{n}"

    def start(name: str) -> str:
        """The expression of field `name`'s fresh value."""
        f = fresh[name].fresh
        return f"{const('f', f)}(s.players)" if callable(f) else const("f", f)

    def obj(path: tuple[str, ...], known: dict[tuple[str, ...], str], indent: str) -> str:
        """The variable holding the object at `path` ({} if missing or null),
        read on the way; BadState if it is something else (as `_get`)."""
        if path in known:
            return known[path]
        parent = obj(path[:-1], known, indent)
        v = const("o", None)
        lines.append(f"{indent}{v} = {parent}.get({path[-1]!r})")
        lines.append(f"{indent}if {v} is None:")
        lines.append(f"{indent}    {v} = {{}}")
        lines.append(f"{indent}elif not isinstance({v}, dict):")
        lines.append(f"{indent}    raise BadState({'.'.join(path) + ' must be an object'!r})")
        known[path] = v
        return v

    def call(e: Saved, json: str, where: str, seat: str = "") -> str:
        if e.load is _as_is:
            return json
        return f"{const('l', e.load)}({json}, {where}, s{seat})"

    def read_entry(e: Saved, known: dict[tuple[str, ...], str], indent: str) -> None:
        names = (e.field,) if isinstance(e.field, str) else e.field
        path = e.key.split(".")
        default = const("k", e.default)
        if "*" in path:
            at = path.index("*")
            head = tuple(path[:at])
            if head not in seats:
                seats[head] = var = f"seats{len(seats)}"
                lines.append(f"{indent}{var} = _seat_entries(doc, {list(head)!r}, s.players)")
            rest = path[at + 1 :]
            if len(rest) == 1:
                json = f"e_.get({rest[0]!r}, {default})"
            else:
                prefix = repr(".".join(path[: at + 1]).replace("*", "{i_}"))
                json = f"_get(e_, {const('p', rest)}, {default}, f{prefix})"
            where = "f" + repr(".".join("{i_}" if p == "*" else p for p in path))
            value = f"[{call(e, json, where, ', i_')} for i_, e_ in enumerate({seats[head]})]"
            if isinstance(e.field, str):
                lines.append(f"{indent}s.{e.field} = {value}")
            else:
                lines.append(f"{indent}v_ = {value}")
                lines.extend(f"{indent}s.{name} = [v[{k}] for v in v_]" for k, name in enumerate(names))
        else:
            json = f"{obj(tuple(path[:-1]), known, indent)}.get({path[-1]!r}, {default})"
            value = call(e, json, repr(e.key))
            if isinstance(e.field, str):
                lines.append(f"{indent}s.{e.field} = {value}")
            else:
                lines.append(f"{indent}v_ = {value}")
                lines.append(f"{indent}for n_, x_ in zip({const('n', e.field)}, v_):")
                lines.append(f"{indent}    setattr(s, n_, x_)")
        if "players" in names:
            seats.clear()  # the seat count is read anew: so are the seat entries

    def sometimes(e: Saved | Derived | NotSaved) -> tuple[str, ...] | None:
        """For a key written only sometimes, inside an object: that object's path."""
        if isinstance(e, Saved) and e.when is not None and "." in e.key:
            return tuple(e.key.split(".")[:-1])
        return None

    i = 0
    while i < len(entries):
        e = entries[i]
        if isinstance(e, Derived):
            lines.append(f"    s.{e.field} = {const('d', e.load)}(s)")
        elif isinstance(e, NotSaved):
            value = start(e.field) if e.start is None else f"{const('s', e.start)}(s)"
            lines.append(f"    s.{e.field} = {value}")
        elif (inside := sometimes(e)) is not None:
            # keys written only sometimes, and their object is not there
            # (`pending` between turns): the fields' fresh values
            group: list[Saved] = []
            while i < len(entries) and sometimes(entries[i]) == inside:
                g = entries[i]
                assert isinstance(g, Saved)
                group.append(g)
                i += 1
            there = f"doc.get({inside[0]!r})" if len(inside) == 1 else f"_find(doc, {const('p', list(inside))})"
            lines.append(f"    if {there} is None:")
            for g in group:
                lines.extend(
                    f"        s.{name} = {start(name)}"
                    for name in ((g.field,) if isinstance(g.field, str) else g.field)
                )
            lines.append("    else:")
            known = dict(read)
            for g in group:
                read_entry(g, known, "        ")
            continue
        else:
            read_entry(e, read, "    ")
        i += 1
    lines.append("    return s")
    return _compiled(lines, scope, "load", f"A {cls.__name__} read from its STATE (generated from its declaration).")

"""The game contract: one declaration per game, read by every consumer.

A game package exports one `GameSpec` as `SPEC` (its `spec.py`). It says what
the game is (name, title, player counts, options schema) at once, without
reading any data, and where its parts are through loaders the game itself
writes (`rules`, `presenter`, `events`, `heuristics`, `data`): each imports the game's
modules on first use, so a process can choose a box owner's data directory
(`--data`) after it has listed the games and built its command line.

Nothing outside a game discovers its parts by module or attribute name: the
server, command line, bots, arena, advisor and environments read the spec
(`meeple.games.get(name)`), and the core reads the spec its states belong to
(`declared(name)`). A spec registers itself here when it is made, so the core
knows every game whose package was imported without importing any game.

References to code outside the engine (the terminal table, the RL
environment) are dotted names (`"meeple.terminal.ethnos"`): the engine never
imports them; the command line and `meeple.env` do.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from meeple.core import present
from meeple.core.events import Events
from meeple.core.game import GameError


# ---------------------------------------------------------------- options
@dataclass(frozen=True)
class Option:
    """One setting of a new game: a keyword of `new_game`, a command-line flag
    (`--name` with `_` as `-`), a field of the API's `options` and of the lobby form.

    kind: "bool" (on/off, default off), "int" (a whole number of `choices`),
    "names" (a list of different names from `choices`; empty or absent: random).
    `count(players)` is how many names a game of that size needs (`"seats"`:
    one per seat); an option with a count depends on the player count, so
    commands that play several player counts (`simulate`) leave it out.
    `choices` and `labels` may be loaders (called once the data is known).
    """

    name: str
    kind: str
    label: str
    help: str = ""
    default: Any = None
    choices: tuple | Callable[[], tuple] = ()
    labels: dict | Callable[[], dict] | None = None  # choice -> plain words (the form)
    count: str | Callable[[int], int] | None = None
    item: str = ""  # one name of a "names" option, e.g. "tribe"

    def __post_init__(self) -> None:
        if self.kind not in ("bool", "int", "names"):
            raise ValueError(f"option {self.name}: kind must be bool, int or names, not {self.kind!r}")

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def per_players(self) -> bool:
        """True when the allowed values depend on the player count."""
        return self.count is not None

    def allowed(self) -> tuple:
        return tuple(self.choices() if callable(self.choices) else self.choices)

    def words(self) -> dict:
        labels = self.labels() if callable(self.labels) else self.labels
        return dict(labels or {})

    def needed(self, players: int) -> int | None:
        """How many names a game of `players` needs (None: any number)."""
        if callable(self.count):
            return self.count(players)
        return players if self.count == "seats" else None

    def check(self, value, players: int | None, sizes: range):
        """The value as `new_game` takes it, None for "not set" (off, empty);
        GameError saying what is allowed."""
        if value is None:
            return None
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise GameError(f"{self.name} must be true or false")
            return True if value else None
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise GameError(f"{self.name} must be a whole number")
            allowed = self.allowed()
            if allowed and value not in allowed:
                raise GameError(f"{self.name} must be one of {', '.join(map(str, allowed))}, not {value}")
            return value
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise GameError(f"{self.name} must be a list of {self.item} names")
        if not value:
            return None
        allowed = self.allowed()
        bad = [v for v in value if v not in allowed]
        if bad:
            raise GameError(f"unknown {self.item} {bad[0]!r} ({self.name}: {', '.join(allowed)})")
        if len(set(value)) != len(value):
            raise GameError(f"{self.name} must all be different")
        if self.count is not None:
            if players is not None:
                need = self.needed(players)
                if len(value) != need:
                    raise GameError(
                        f"{self.name} must be {need} different {self.item}s "
                        f"({players} players need {need}), got {len(value)}"
                    )
            else:
                sizes_ok = sorted({n for p in sizes if (n := self.needed(p)) is not None})
                if len(value) not in sizes_ok:
                    raise GameError(
                        f"{self.name} must be {' or '.join(map(str, sizes_ok))} "
                        f"different {self.item}s, got {len(value)}"
                    )
        return list(value)

    def to_json(self, sizes: range) -> dict:
        """The option for a form: its type, words, allowed values, counts."""
        out = {
            "name": self.name,
            "type": self.kind,
            "label": self.label,
            "help": self.help,
            "default": self.default,
            "flag": self.flag,
        }
        if self.kind != "bool":
            out["choices"] = list(self.allowed())
            out["labels"] = {str(k): v for k, v in self.words().items()}
        if self.count is not None:
            out["item"] = self.item
            out["count"] = "seats" if self.count == "seats" else {str(p): self.needed(p) for p in sizes}
        return out


# ---------------------------------------------------------------- parts
@dataclass(frozen=True)
class Notation:
    """A game's STATE and MOVE notation (docs/notation/<game>.md)."""

    dump: Callable  # state -> STATE dict
    load: Callable  # STATE dict -> state
    apply_move: Callable  # (state, text): a whole MOVE, atomically
    action_to_str: Callable  # (state, action) -> words
    legal_moves: Callable | None = None  # (state) -> MOVEs (default: one per legal action)
    # a game whose simultaneous MOVEs name their seat ("1: bid heir") declares these three
    legal_moves_for: Callable | None = None  # (state, seat) -> that seat's MOVEs
    named_seat: Callable | None = None  # text -> the seat it names, or None
    name_seat: Callable | None = None  # (seat, text) -> text naming seat
    move_actions: Callable | None = None  # (state, text) -> its actions (or (seat, actions))


def from_module(cls, module):
    """A `cls` (Notation, Presenter) holding the functions of `module` named as
    its fields; a field the module does not define keeps its default. A game's
    notation and presenter modules name their functions after these fields,
    so the declaration does not list them again."""
    return cls(**{f.name: getattr(module, f.name) for f in fields(cls) if hasattr(module, f.name)})


@dataclass(frozen=True)
class Rules:
    """The engine of a game: a new game, its notation, its secrecy boundary."""

    new_game: Callable  # (players, seed=0, record=True, **options) -> state
    notation: Notation
    view: Callable  # (state, seat|None) -> what that seat may see
    determinize: Callable  # (state, seat|None, rng) -> a copy with what that seat cannot see dealt again
    from_view: Callable  # (view, seat, rng, log=()) -> a full state sampled from a view


def _ranking(state) -> list[dict]:
    winners = set(state.winners or ())
    return [
        {"seat": s, "place": 1 if s in winners else 2, "winner": s in winners, "summary": ""}
        for s in sorted(range(state.players), key=lambda s: s not in winners)
    ]


@dataclass(frozen=True)
class Presenter:
    """What a person is shown (the browser table, the terminal): a game gives
    what it words itself; the rest is the plain version of `meeple.core.present`."""

    decision_for: Callable = present.default_decision  # (state, viewer) -> the decision to answer
    describe: Callable = present.default_describe  # (event, seats, viewer) -> words
    scoring: Callable = lambda events, state: None  # the scoring summary, if any
    ranking: Callable = _ranking  # (state) -> places
    meta: Callable = dict  # () -> what the lobby and table need


@dataclass(frozen=True)
class Heuristics:
    """A game's knowledge for bots (`meeple.bots` wraps it): `policy(state, rng)`
    plays greedily, `values(state)` rates a position per seat in [0, 1]."""

    policy: Callable | None = None
    values: Callable | None = None
    search: tuple = ("values", "policy")  # those that help ISMCTS (truncated rollouts, priors)


# ---------------------------------------------------------------- the spec
_declared: dict[str, GameSpec] = {}


class GameSpec:
    """A game's declaration. `rules`, `presenter`, `heuristics` and `data` are
    loaders (called once, on first use); see the module docstring."""

    def __init__(
        self,
        *,
        name: str,
        title: str,
        min_players: int,
        max_players: int,
        rules: Callable[[], Rules],
        options: tuple[Option, ...] = (),
        presenter: Callable[[], Presenter] | None = None,
        events: Callable[[], Events] | None = None,
        heuristics: Callable[[], Heuristics] | None = None,
        data: Callable[[], Any] | None = None,
        balance: Callable[[], Callable] | None = None,
        terminal: str | None = None,
        env: str | None = None,
    ) -> None:
        self.name = name
        self.title = title
        self.min_players = min_players
        self.max_players = max_players
        self.options = tuple(options)
        self._rules = rules
        self._presenter = presenter
        self._events = events
        self._heuristics = heuristics
        self._data = data
        self._balance = balance
        self.terminal = terminal  # dotted name of the terminal table module (`play(args)`)
        self.env = env  # dotted name of the PettingZoo environment module (`env(...)`)
        names = [o.name for o in self.options]
        if len(set(names)) != len(names):
            raise ValueError(f"{name}: an option is declared twice")
        _declared[name] = self

    def __repr__(self) -> str:
        return f"GameSpec({self.name!r})"

    @property
    def sizes(self) -> range:
        return range(self.min_players, self.max_players + 1)

    # ------------------------------------------------------------ loaded parts
    @functools.cached_property
    def rules(self) -> Rules:
        return self._rules()

    @functools.cached_property
    def presenter(self) -> Presenter:
        return self._presenter() if self._presenter else Presenter(meta=lambda: {"name": self.title})

    @functools.cached_property
    def events(self) -> Events | None:
        """Every event the game logs, declared with its words (`meeple.core.events`), or None."""
        return self._events() if self._events else None

    @functools.cached_property
    def heuristics(self) -> Heuristics | None:
        return self._heuristics() if self._heuristics else None

    @functools.cached_property
    def balance(self) -> Callable | None:
        """`facts(state)`: what `meeple balance` reports of a finished game, or None."""
        return self._balance() if self._balance else None

    @property
    def has_balance(self) -> bool:
        return self._balance is not None

    @property
    def has_data(self) -> bool:
        """True when a box owner's folder may replace the game's data files."""
        return self._data is not None

    def data(self):
        """The game's data module (its `FILES` and `check(folder)`), or None."""
        return self._data() if self._data else None

    # the engine, as consumers call it
    def new_game(self, players: int, seed: int = 0, **options):
        return self.rules.new_game(players, seed=seed, **options)

    def load(self, doc: dict):
        return self.rules.notation.load(doc)

    def dump(self, state) -> dict:
        return self.rules.notation.dump(state)

    def from_view(self, view: dict, seat: int, rng, log=()):
        return self.rules.from_view(view, seat, rng, log)

    @property
    def notation(self) -> Notation:
        return self.rules.notation

    # ------------------------------------------------------------ options
    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    def check_options(self, raw: dict | None, players: int | None = None) -> dict:
        """`raw` options (a lobby's, a command line's) checked against the schema:
        new_game's keywords with the unset ones left out; GameError says what is wrong."""
        raw = {} if raw is None else raw
        if not isinstance(raw, dict):
            raise GameError("options must be an object of option names and values")
        known = [o.name for o in self.options]
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise no_option(self.name, unknown, known)
        out = {}
        for o in self.options:
            value = o.check(raw.get(o.name), players, self.sizes)
            if value is not None:
                out[o.name] = value
        return out

    def options_json(self) -> list[dict]:
        """The schema as the lobby form reads it (GET /api/meta)."""
        return [o.to_json(self.sizes) for o in self.options]


def no_option(game: str, unknown: list[str], known: list[str]) -> GameError:
    """The one refusal of options a game does not have, in every game and layer."""
    has = f"it has: {', '.join(known)}" if known else "it has none"
    return GameError(f"{game} has no option {', '.join(map(str, unknown))} ({has})")


def refuse_unknown_options(game: str, options: dict, known: tuple[str, ...]) -> None:
    """A game's `new_game(**options)`: GameError (`no_option`) for an option
    it does not have that is set; one that is off (False, None, empty) is
    left alone, as a command line passes every game's flags to each game."""
    unknown = sorted(k for k, v in options.items() if v)
    if unknown:
        raise no_option(game, unknown, list(known))


def declared(name: Any) -> GameSpec:
    """The spec of `name`, once its package is imported (`meeple.games` imports every one);
    GameError for any other value (`name` may come straight from a document)."""
    try:
        return _declared[name]
    except (KeyError, TypeError):
        raise GameError(f"unknown game {name!r}; known: {', '.join(sorted(_declared))}") from None


def lazy_names(package: str, names: dict[str, str]) -> Callable[[str], Any]:
    """A package's `__getattr__` that imports each of `names` (name -> its
    submodule of `package`) on first use: a game package exports its engine
    functions without reading data when it is imported for its spec."""

    def __getattr__(name: str):
        if name not in names:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{package}.{names[name]}"), name)

    return __getattr__


def events_of(game: str) -> Events:
    """The events a declared game logs, with their words (its spec's `events`)."""
    table = declared(game).events
    if table is None:
        raise LookupError(f"{game} declares no events")
    return table

"""A game as a document that replays it: its game, players, options, seed and
moves. `meeple play --save FILE` writes one; `meeple analyse` reads it, and
reads the server's game log (`GET /api/games/{id}/log`) the same way, since
that has the same fields.

    {"game": "ethnos", "players": 4, "options": {...}, "seed": 7,
     "moves": [{"seat": 0, "move": "recruit deck"}, ...],
     "finished": true, "winners": [2]}
"""

from __future__ import annotations

import json

from meeple.core.game import BadState, GameError, IllegalMove
from meeple.core.spec import declared

FORMAT = "meeple-game/1"  # the document's format; without one (the server's game log), format 1


def document(state, seed: int, options: dict) -> dict:
    """The save document of `state`, begun by new_game(players, seed, **options)."""
    return {
        "format": FORMAT,
        "game": state.game,
        "players": state.players,
        "options": dict(options),
        "seed": seed,
        "moves": [{"seat": s, "move": m} for s, m in state.move_record()],
        "finished": state.is_terminal(),
        "winners": list(state.winners),
    }


def track(args, state, seed: int, **options) -> None:
    """Remember the game a terminal table plays, for `--save` (cli.py writes it)."""
    args.saved_game = (state, seed, options)


def write(path: str, doc: dict) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


def read(path: str) -> dict:
    """The document at `path`, checked; BadState names what is wrong."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except OSError as e:
        raise BadState(f"cannot read {path}: {e.strerror or e}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise BadState(f"{path} is not JSON: {e}") from None
    return check(doc)


def check(doc) -> dict:
    """A normalised copy: moves as (seat, move) pairs; BadState if malformed."""
    if not isinstance(doc, dict):
        raise BadState("a saved game is a JSON object with game, players, seed, moves")
    fmt = doc.get("format", FORMAT)
    name, _, number = fmt.rpartition("/") if isinstance(fmt, str) else ("", "", "")
    if name != "meeple-game" or not number.isdigit() or int(number) < 1:
        raise BadState(f"format must be {FORMAT!r}, got {fmt!r}")
    if int(number) > int(FORMAT.rpartition("/")[2]):
        raise BadState(f"format {fmt!r} is newer than this meeple reads (up to {FORMAT!r}): update meeple")
    try:
        declared(doc.get("game"))
    except GameError as e:
        raise BadState(str(e)) from None
    for key in ("players", "seed"):
        v = doc.get(key)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise BadState(
                f"{key} must be a whole number, got {v!r} (a game saved while it "
                f"was in play on the server has no seed: analyse finished games)"
                if key == "seed"
                else f"{key} must be a whole number, got {v!r}"
            )
    options = doc.get("options") or {}
    if not isinstance(options, dict):
        raise BadState("options must be an object of new_game's keywords")
    moves = doc.get("moves")
    if not isinstance(moves, list):
        raise BadState("moves must be a list of {seat, move}")
    pairs = []
    for i, m in enumerate(moves):
        if isinstance(m, dict):
            m = (m.get("seat"), m.get("move"))
        if not (
            isinstance(m, (list, tuple))
            and len(m) == 2
            and isinstance(m[0], int)
            and not isinstance(m[0], bool)
            and isinstance(m[1], str)
        ):
            raise BadState(f'moves[{i}] must be {{"seat": S, "move": TEXT}}, got {moves[i]!r}')
        pairs.append((m[0], m[1]))
    return {"game": doc["game"], "players": doc["players"], "seed": doc["seed"], "options": options, "moves": pairs}


def replay(doc: dict, plies: int | None = None):
    """The state after the first `plies` moves (all by default); BadState if one
    does not apply."""
    game = declared(doc["game"])
    try:
        state = game.new_game(doc["players"], seed=doc["seed"], **doc["options"])
    except TypeError as e:
        raise BadState(f"options do not fit {doc['game']}: {e}") from None
    for i, (seat, move) in enumerate(doc["moves"][:plies]):
        d = state.decision()
        if d is None or seat not in d.seats:
            raise BadState(f"move {i} ({move!r}) is not seat {seat}'s to make")
        try:
            state.apply_move(move)
        except IllegalMove as e:
            raise BadState(f"move {i} ({move!r}) does not apply: {e}") from None
    return state

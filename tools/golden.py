"""Golden transcripts of every game: python tools/golden.py [--write] [GAME ...]

Behaviour must not change under a refactor (issue #20). For every registered
game, player count and option set of CASES, a few seeded random games
(`meeple.core.simulate.play_random`) are kept as their notated moves, a short
digest of the STATE after each move (the first 4 hex digits of the sha256 of
the canonical to_json), the sha256 of the final STATE and its scores and
winners. Beside them, for a few positions of one game per player count, the
choice of ISMCTS at a fixed simulation budget and seed, of the game's greedy
bot, and the game's `evaluate`, so a change can show the bots play the same.

Files: tests/golden/<game>.json.gz (gzip with a fixed header, so an unchanged
game rewrites to the same bytes). Without --write the stored files are
replayed and every difference is printed with its game, players, options,
seed and the first ply that differs (exit 1); with --write they are rewritten
and each record reported as unchanged, changed (first differing ply) or new.
tests/golden/test_golden_games.py and test_golden_bots.py replay the same.

Run from the repository root with the sources on the path:
    PYTHONPATH=src python tools/golden.py --write
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import sys

GOLDEN_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "golden")
DIGEST_HEX = 4  # per-ply digest: 16 bits (the final STATE keeps its full sha256)
BOT_ITERATIONS = 40  # ISMCTS simulations per recorded choice
BOT_POSITIONS = 4  # positions per bot record

# Option sets per game (each game's new_game options); seeds per option set.
# ethnos: fairy, tribes; okc: rounds 6|4|5, advanced, factions; anunnaki:
# first_game, houses.
CASES = {
    "ethnos": [
        ({}, (1, 2, 3), (2, 3, 4, 5, 6)),
        ({"fairy": True}, (1, 2), (2, 3, 4, 5, 6)),
        ({"tribes": ["dwarf", "elf", "fairy", "merfolk", "troll", "wizard"]}, (1,), (4,)),
    ],
    "okc": [
        ({}, (1, 2, 3), (2, 3, 4)),
        ({"advanced": True}, (1, 2), (2, 3, 4)),
        ({"rounds": 4}, (1, 2), (2, 3, 4)),
        ({"rounds": 5}, (1, 2), (2, 3, 4)),
        ({"rounds": 4, "advanced": True}, (1,), (3,)),
        ({"factions": ["nobility", "uprising", "gathering"]}, (1,), (3,)),
    ],
    "anunnaki": [
        ({}, (1, 2, 3), (2, 3, 4)),
        ({"first_game": True}, (1, 2), (2, 3, 4)),
        ({"houses": ["ellenys", "pharaos"]}, (1,), (2,)),
        ({"houses": ["babylon", "norrenis", "ellenys"], "first_game": True}, (1,), (3,)),
        ({"houses": ["norrenis", "babylon", "pharaos", "ellenys"]}, (1,), (4,)),
    ],
}


def canonical_sha256(state) -> str:
    text = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def label(rec: dict) -> str:
    opts = ",".join(f"{k}={v}" for k, v in sorted(rec["options"].items())) or "base"
    return f"{rec['game']} p{rec['players']} {opts} seed {rec['seed']}"


# ---------------------------------------------------------------- transcripts
def record_game(name: str, players: int, seed: int, options: dict) -> dict:
    """A seeded random game, as its moves and the digests of a replay."""
    from meeple import games
    from meeple.core.simulate import play_random

    game = games.get(name)
    final = play_random(game, players, seed, options)
    replay = game.new_game(players, seed=seed, **options)
    digests = []
    for move in final.moves:
        replay.apply_move(move)
        digests.append(canonical_sha256(replay)[:DIGEST_HEX])
    return {
        "game": name,
        "players": players,
        "seed": seed,
        "options": options,
        "moves": list(final.moves),
        "digests": "".join(digests),
        "final_sha256": canonical_sha256(final),
        "scores": list(final.scores()),
        "winners": list(final.winners),
    }


def replay_difference(rec: dict) -> str | None:
    """None when today's engine replays `rec` exactly; else where it first differs."""
    from meeple import games
    from meeple.core.game import GameError

    game = games.get(rec["game"])
    state = game.new_game(rec["players"], seed=rec["seed"], **rec["options"])
    digests = rec["digests"]
    for ply, move in enumerate(rec["moves"]):
        try:
            state.apply_move(move)
        except GameError as e:
            return f"{label(rec)}: ply {ply}, move {move!r} no longer applies: {e}"
        got = canonical_sha256(state)[:DIGEST_HEX]
        want = digests[ply * DIGEST_HEX : (ply + 1) * DIGEST_HEX]
        if got != want:
            return f"{label(rec)}: ply {ply} (move {move!r}) is the first whose STATE differs from the recorded one"
    if not state.is_terminal():
        return f"{label(rec)}: the game is no longer over after its {len(rec['moves'])} moves"
    if canonical_sha256(state) != rec["final_sha256"]:
        return (
            f"{label(rec)}: the final STATE differs (scores {list(state.scores())}, "
            f"recorded {rec['scores']}; winners {list(state.winners)}, recorded {rec['winners']})"
        )
    return None


def first_difference(old: dict, new: dict) -> str:
    """Where two recordings of the same game part (for --write's report)."""
    # (the two recordings may differ in length: said after the common plies)
    for ply, (a, b) in enumerate(zip(old["moves"], new["moves"], strict=False)):
        da = old["digests"][ply * DIGEST_HEX : (ply + 1) * DIGEST_HEX]
        db = new["digests"][ply * DIGEST_HEX : (ply + 1) * DIGEST_HEX]
        if a != b or da != db:
            return (
                f"first differs at ply {ply} ({a!r} -> {b!r})"
                if a != b
                else f"first differs at ply {ply} (move {a!r}, other STATE)"
            )
    if len(old["moves"]) != len(new["moves"]):
        return f"{len(old['moves'])} -> {len(new['moves'])} moves"
    return "the final STATE differs"


# ---------------------------------------------------------------- bots
def _bot_helpers(name: str):
    """The game's greedy bot class (or None) and its `evaluate` (or None)."""
    import importlib

    from meeple.bots.registry import greedy_class
    from meeple.core.game import GameError

    try:
        greedy = greedy_class(name)
    except GameError:
        greedy = None
    try:
        helpers = importlib.import_module(f"meeple.games.{name}.bot")
    except ModuleNotFoundError:
        helpers = None
    return greedy, getattr(helpers, "evaluate", None)


def bot_positions(rec: dict):
    """(ply, state) for BOT_POSITIONS positions spread over the golden game `rec`
    where the seat to move has a real choice."""
    from meeple import games

    game = games.get(rec["game"])
    state = game.new_game(rec["players"], seed=rec["seed"], **rec["options"])
    moves = rec["moves"]
    step = max(1, len(moves) // (BOT_POSITIONS + 1))
    chosen = []
    for ply, move in enumerate(moves):
        if ply >= step and ply % step == 0 and len(chosen) < BOT_POSITIONS and len(state.legal_actions()) > 1:
            chosen.append((ply, state.clone()))
        state.apply_move(move)
    return chosen


def record_bots(rec: dict) -> list[dict]:
    """The bots' choices at the positions of `rec` (a transcript record)."""
    from meeple.bots.base import observe
    from meeple.bots.ismcts import ISMCTSBot

    greedy, evaluate = _bot_helpers(rec["game"])
    out = []
    for ply, state in bot_positions(rec):
        obs = observe(state)
        row = {
            "ply": ply,
            "seat": obs.seat,
            "kind": obs.kind,
            "ismcts": ISMCTSBot(seed=ply, iterations=BOT_ITERATIONS).choose(obs),
        }
        if greedy is not None:
            row["greedy"] = greedy(ply).choose(obs)
        if evaluate is not None:
            row["evaluate"] = [round(x, 9) for x in evaluate(state)]
        out.append(row)
    return out


def bot_difference(rec: dict, want: list[dict]) -> str | None:
    got = record_bots(rec)
    for g, w in zip(got, want, strict=False):  # (lengths may differ: said after)
        if g != w:
            diff = {k: (w.get(k), g.get(k)) for k in set(g) | set(w) if g.get(k) != w.get(k)}
            return f"{label(rec)}: at ply {w['ply']} the bots differ (recorded, now): {diff}"
    if len(got) != len(want):
        return f"{label(rec)}: {len(got)} bot positions, recorded {len(want)}"
    return None


# ---------------------------------------------------------------- files
def path_for(name: str) -> str:
    return os.path.join(GOLDEN_DIR, f"{name}.json.gz")


def load(name: str) -> dict | None:
    if not os.path.exists(path_for(name)):
        return None
    with open(path_for(name), "rb") as f:
        return json.loads(gzip.decompress(f.read()))


def build(name: str) -> dict:
    """The golden document of one game: its transcripts, and its bots' choices
    on the first seed's base game at the smallest count and at 4 players."""
    games_ = [record_game(name, p, seed, opts) for opts, seeds, counts in CASES[name] for p in counts for seed in seeds]
    base = CASES[name][0]
    bot_counts = sorted({min(base[2]), min(4, max(base[2]))})
    bots = []
    for rec in games_:
        if rec["options"] == base[0] and rec["seed"] == base[1][0] and rec["players"] in bot_counts:
            bots.append({"transcript": games_.index(rec), "choices": record_bots(rec)})
    return {
        "game": name,
        "digest_hex": DIGEST_HEX,
        "bot_iterations": BOT_ITERATIONS,
        "transcripts": games_,
        "bots": bots,
    }


def write(name: str, doc: dict) -> None:
    text = json.dumps(doc, separators=(",", ":")).encode()
    with open(path_for(name), "wb") as f:
        f.write(gzip.compress(text, compresslevel=9, mtime=0))


def _report_changes(old: dict | None, new: dict) -> list[str]:
    before = {label(r): r for r in (old or {}).get("transcripts", [])}
    lines = []
    for rec in new["transcripts"]:
        prev = before.pop(label(rec), None)
        if prev is None:
            lines.append(f"new       {label(rec)}")
        elif any(prev[k] != rec[k] for k in ("moves", "digests", "final_sha256")):
            lines.append(f"changed   {label(rec)}: {first_difference(prev, rec)}")
    lines += [f"removed   {k}" for k in before]
    old_bots = (old or {}).get("bots")
    if old_bots is not None and old_bots != new["bots"]:
        lines.append(f"changed   {new['game']} bot choices")
    return lines


def main(argv: list[str]) -> int:
    write_mode = "--write" in argv
    names = [a for a in argv if not a.startswith("--")] or list(CASES)
    unknown = [n for n in names if n not in CASES]
    if unknown:
        print(f"no golden cases for {', '.join(unknown)}; known: {', '.join(CASES)}", file=sys.stderr)
        return 2
    failed = False
    for name in names:
        old = load(name)
        if write_mode:
            new = build(name)
            write(name, new)
            lines = _report_changes(old, new)
            print(
                f"{name}: {len(new['transcripts'])} games written to {path_for(name)}"
                + ("" if lines else ", all unchanged")
            )
            for line in lines:
                print("  " + line)
            continue
        if old is None:
            print(f"{name}: no golden file (run with --write)")
            failed = True
            continue
        problems = [d for d in map(replay_difference, old["transcripts"]) if d]
        for b in old["bots"]:  # (on a transcript that no longer replays, its difference says it all)
            rec = old["transcripts"][b["transcript"]]
            if replay_difference(rec) is None and (d := bot_difference(rec, b["choices"])):
                problems.append(d)
        print(f"{name}: {len(old['transcripts'])} games, " + (f"{len(problems)} differ" if problems else "all replay"))
        for p in problems:
            print("  " + p)
        failed |= bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

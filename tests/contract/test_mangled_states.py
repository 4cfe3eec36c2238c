"""A hand-written or hostile STATE is played or refused with a reason: never
a crash (`meeple apply` must not print a traceback) and never a game that
cannot go on. Regressions found by mangling real mid-game STATEs, and a
bounded property test that keeps mangling them."""

from __future__ import annotations

import copy
import importlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple.games  # noqa: F401  (the games register)
from meeple.core.apply import run_apply
from meeple.core.game import BadState, GameError
from meeple.core.spec import declared
from tests.random_play import mid_game


def _mid_game(game: str, players: int, seed: int, moves: int) -> dict:
    return mid_game(game, players, seed, moves).to_json()


def _refused(doc: dict, moves: list[str] | None = None) -> str:
    with pytest.raises(BadState) as e:
        run_apply({"state": doc, "moves": moves or []})
    return str(e.value)


# ---------------------------------------------------------------- regressions
def test_anunnaki_refuses_another_seat_s_units_in_a_capital():
    """003:284, 313: no unit enters another player's capital. Such a STATE
    once sent a battle round for ever (the loser's units 'went home' to the
    region they stood in)."""
    doc = _mid_game("anunnaki", 4, 0, 0)
    cap = next(h for h, n in doc["board"]["followers"].items() if n[3])  # seat 3 starts in its capital
    doc["board"]["followers"][cap][2] = 4
    assert "capital" in _refused(doc)


def test_ethnos_refuses_a_band_in_building_without_its_leader():
    doc = _mid_game("ethnos", 2, 1, 0)
    doc["pending"] = {"kind": "band", "seat": doc["current"], "arg": 0, "todo": [["end"], ["discard"]], "build": []}
    assert "leader" in _refused(doc, ["done"])


def test_ethnos_refuses_another_seat_s_pending_turn_decision():
    doc = _mid_game("ethnos", 2, 1, 0)
    other = 1 - doc["current"]
    doc["pending"] = {"kind": "turn", "seat": other, "arg": 0, "todo": [], "build": []}
    assert "current player" in _refused(doc)


@pytest.mark.parametrize(
    "path, value, words", [(("order", 0), "?", "order"), (("pending", "facedown_log", 0), False, "facedown_log")]
)
def test_okc_refuses_wrongly_typed_values(path, value, words):
    doc = _mid_game("okc", 3, 2, 3)  # at the face-down step: facedown_log is saved
    assert "facedown_log" in doc["pending"]
    target = doc
    for k in path[:-1]:
        target = target[k]
    target[path[-1]] = value
    assert words in _refused(doc)


def test_okc_refuses_a_gained_command_that_is_not_a_name():
    doc = _mid_game("okc", 2, 0, 60)
    region = next(r for r in doc["regions"].values() if r["active"])
    region["active"][0]["gained_commands"] = [{}]
    assert "gained_commands" in _refused(doc)


def test_okc_a_finished_state_with_a_stale_pending_still_loads():
    doc = _mid_game("okc", 2, 0, 60)
    assert doc["pending"]
    doc["finished"] = True
    out = run_apply({"state": doc, "moves": []})
    assert out["decision"] is None and "pending" not in out["state"]


# ------------------------------------------------------- mangling, bounded
JUNK = [None, -1, 0, 1, 10**9, 2**70, "x", "", "?", [], {}, True, 1.5, [None], [-1], ["x"], {"a": 1}]
BASES = {
    (game, players, seed): _mid_game(game, players, seed, moves)
    for game, players, seed, moves in [
        ("ethnos", 3, 0, 40),
        ("ethnos", 4, 1, 7),
        ("okc", 2, 0, 60),
        ("okc", 3, 2, 3),
        ("okc", 4, 3, 200),
        ("anunnaki", 2, 0, 30),
        ("anunnaki", 4, 1, 250),
    ]
}


def _paths(o, p=()):
    if p:
        yield p
    if isinstance(o, dict):
        for k, v in o.items():
            yield from _paths(v, (*p, k))
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield from _paths(v, (*p, i))


@settings(max_examples=300, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(BASES)), st.integers(0, 10**6), st.sampled_from(range(len(JUNK))), st.booleans())
def test_a_mangled_state_is_played_or_refused(base, where, junk, delete):
    doc = copy.deepcopy(BASES[base])
    paths = [p for p in _paths(doc) if p[0] != "game"]
    path = paths[where % len(paths)]
    parent = doc
    for k in path[:-1]:
        parent = parent[k]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = copy.deepcopy(JUNK[junk])
    moves = declared(base[0]).load(copy.deepcopy(BASES[base])).legal_moves()[:2]
    try:
        out = run_apply({"state": doc, "moves": moves})
    except (BadState, GameError):
        return  # refused, with its reason
    assert out["state"]["game"] == base[0]


def test_a_state_that_loads_but_does_not_hold_together_is_refused_as_such(monkeypatch):
    """The loaders check structure and identifiers; a combination they let
    through that the rules then trip on (a KeyError deep in a move, say) is
    bad input at `meeple apply`'s boundary: refused with its reason, never a
    traceback."""
    doc = _mid_game("okc", 2, 0, 60)
    state_class = type(declared("okc").load(copy.deepcopy(doc)))

    def trips(self, move):
        raise KeyError("plateau")

    monkeypatch.setattr(state_class, "apply_move", trips)
    with pytest.raises(BadState, match=r"does not hold together: move 0 \('done'\) met KeyError"):
        run_apply({"state": doc, "moves": ["done"]})


def test_a_hint_on_a_state_that_does_not_hold_together_is_refused_as_such(monkeypatch):
    advisor = importlib.import_module("meeple.advisor.hint")  # (the package exports a function of that name)

    def trips(*args, **kwargs):
        raise IndexError("list index out of range")

    monkeypatch.setattr(advisor, "hint", trips)
    doc = _mid_game("okc", 2, 0, 60)
    with pytest.raises(BadState, match="does not hold together: the search met IndexError"):
        advisor.run_hint({"state": doc, "seat": 0, "seconds": 0.05, "seed": 1})


def test_a_hint_with_an_absurd_score_still_answers():
    """A lead of a million glory (the most a STATE may hold) is worth a win, not an OverflowError."""
    from meeple.advisor.hint import run_hint

    doc = _mid_game("ethnos", 3, 0, 40)
    doc["seats"][0]["glory"] = 10**6
    seat = run_apply({"state": doc, "moves": []})["decision"]["seat"]
    out = run_hint({"state": doc, "seat": seat, "seconds": 0.05, "seed": 1})
    assert out["options"]

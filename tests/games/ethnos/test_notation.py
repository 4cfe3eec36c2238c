"""STATE/MOVE notation: round trips, bad input, the apply command's contract."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from meeple.core.game import BadState, IllegalMove
from meeple.games.ethnos import dump, load, new_game
from tests.games.ethnos.helpers import doc, play, state

MEEPLE = str(Path(sys.executable).parent / "meeple")


def run_cli(payload, raw: str | None = None):
    text = raw if raw is not None else json.dumps(payload)
    return subprocess.run([MEEPLE, "apply"], input=text, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(
    "mutate, words",
    [
        (lambda d: d.update(game="chess"), "game"),
        (lambda d: d.update(players=7), "players"),
        (lambda d: d["seats"][0]["hand"].append("elf:atlantis"), "unknown card"),
        (lambda d: d["tribes"].append("goblin"), "unknown tribe"),
        (lambda d: d["kingdoms"].pop("rhea"), "rhea"),
        (lambda d: d["kingdoms"]["rhea"].update(markers=[1, 2]), "markers"),
        (lambda d: d["kingdoms"]["rhea"].update(glory=[8, 2, 0]), "ascending"),
        (lambda d: d.update(current=9), "current"),
        (lambda d: d["seats"][0].update(trolls=[3]), "troll"),
        (lambda d: d.update(giant={"seat": 0, "band": 0}), "giant"),
        (lambda d: d["seats"][0].update(bands=[{"leader": "skeleton", "cards": ["skeleton"]}]), "skeleton"),
        (lambda d: d.update(surprise=1), "unknown STATE field"),
        (lambda d: d["kingdoms"]["rhea"].update(markers=[30, 0, 0, 0]), "markers"),
    ],
)
def test_bad_states_are_refused_with_a_named_problem(mutate, words):
    d = doc()
    mutate(d)
    with pytest.raises(BadState, match=words):
        load(d)
    r = run_cli({"state": d, "moves": []})
    assert r.returncode == 2 and "Traceback" not in r.stderr and r.stdout == ""
    assert r.stderr.strip()


def test_apply_exit_codes_and_output_shape():
    r = run_cli(None, raw="{not json")
    assert r.returncode == 2 and "not JSON" in r.stderr
    r = run_cli({"moves": []})
    assert r.returncode == 2 and "state" in r.stderr
    r = run_cli({"state": doc(hands={0: ["elf:rhea"]}), "moves": ["recruit deck", "dance"]})
    assert r.returncode == 0
    out = json.loads(r.stdout)
    assert set(out) == {"state", "decision", "error"}
    assert out["error"]["move"] == 1 and "must answer" in out["error"]["message"]
    assert out["decision"] == {"seat": 1, "kind": "turn"}


@pytest.mark.parametrize(
    "move",
    [
        "",
        "recruit",
        "recruit elf",
        "band",
        "band dwarf:rhea dwarf:rhea",
        "place rhea",
        "troll 3",
        "swap 1 0",
        "cash",
        42,
        None,
        "recruit deck please",
        "band skeleton",
    ],
)
def test_garbled_moves_leave_the_state_untouched(move):
    d = doc(hands={0: ["dwarf:rhea", "elf:duris"]})
    before = dump(load(d))
    out = play(d, [move])
    assert out["error"]["move"] == 0 and out["error"]["message"]
    assert out["state"] == before


def test_an_illegal_step_inside_a_compound_move_rolls_back():
    d = doc(hands={0: ["wingfolk:duris", "elf:duris"]}, tribes=("dwarf", "elf", "orc", "troll", "wingfolk", "wizard"))
    s = load(d)
    before = dump(s)
    with pytest.raises(IllegalMove):
        s.apply_move("band wingfolk:duris elf:duris elf:duris")
    assert dump(s) == before


def test_mid_turn_state_dumps_and_loads_with_its_pending_decision():
    d = doc(hands={0: ["elf:rhea", "elf:duris", "orc:ithys"]})
    s = load(d)
    s.apply_move("band elf:rhea elf:duris")
    saved = dump(s)
    assert saved["pending"]["kind"] == "keep"
    again = load(json.loads(json.dumps(saved)))
    assert again.decision() == s.decision()
    again.apply_move("keep orc:ithys")
    assert again.hands[0] and dump(again)["seats"][0]["hand"] == ["orc:ithys"]


def test_pending_carries_its_format_version_and_a_newer_one_is_refused():
    from meeple.games.ethnos import notation
    from meeple.games.ethnos import state as st

    # the step stack is saved by step name: a new or renamed step needs a new format
    assert set(st.RULES.steps) == notation.FORMAT_1_STEPS and notation.PENDING_FORMAT == 1
    d = doc(hands={0: ["elf:rhea", "elf:duris", "orc:ithys"]})
    s = load(d)
    s.apply_move("band elf:rhea elf:duris")
    saved = dump(s)
    assert "version" not in saved["pending"]  # format 1, as every STATE before it
    assert load(dict(saved, pending=dict(saved["pending"], version=1))).decision() == s.decision()
    for bad in (2, 0, "1", True):
        with pytest.raises(BadState, match="pending.version"):
            load(dict(saved, pending=dict(saved["pending"], version=bad)))


def test_a_move_failing_after_its_first_steps_leaves_the_whole_state_as_it_was():
    # the first card of the keep is applied (and the forced close with it) before
    # the second is found illegal: the pending decision and the step stack come back too
    s = load(doc(hands={0: ["elf:rhea", "elf:duris", "orc:ithys", "dwarf:rhea"]}))
    s.apply_move("band elf:rhea elf:duris")
    before = dump(s)
    with pytest.raises(IllegalMove):
        s.apply_move("keep orc:ithys troll:duris")
    assert dump(s) == before and s.decision().kind == "keep" and s.todo == [("end",), ("wizard",)]


def test_legal_moves_are_all_applicable():
    s = state(
        hands={0: ["elf:rhea", "elf:duris", "dwarf:rhea", "skeleton"]},
        market=["orc:ithys"],
        tribes=("dwarf", "elf", "orc", "skeleton", "troll", "wizard"),
    )
    moves = s.legal_moves()
    assert "recruit orc:ithys" in moves and "recruit deck" in moves
    assert "band elf:rhea elf:duris" in moves and "band elf:rhea dwarf:rhea skeleton" in moves
    assert not any(m.startswith("band skeleton") for m in moves)
    for m in moves:
        c = s.clone()
        c.apply_move(m)


def test_forced_moves_never_appear_in_the_move_list():
    s = new_game(4, seed=5)
    import random

    rng = random.Random(5)
    while not s.finished:
        s.apply_action(rng.choice(s.legal_actions()))
    r = new_game(4, seed=5)
    for m in s.moves:
        d = r.decision()
        assert d.kind == "turn" or len(r.legal_moves()) > 1, (m, d)
        r.apply_move(m)


def test_other_seats_read_elf_keeps_as_hidden():
    s = state(hands={0: ["elf:rhea", "elf:duris", "orc:ithys", "dwarf:althea"]})
    s.apply_move("band elf:rhea elf:duris")
    s.apply_move("keep orc:ithys")
    assert s.moves_for(0)[-1] == "keep orc:ithys"
    assert s.moves_for(1)[-1] == "keep ?" and s.moves_for(None)[-1] == "keep ?"
    assert s.moves[-1] == "keep orc:ithys"


@pytest.mark.parametrize("move", ["troll ²", "troll 99999999999", "troll -1", "troll 0"])
def test_odd_numbers_in_moves_are_refused_cleanly(move):
    d = doc(
        hands={0: ["troll:rhea", "troll:duris", "troll:ithys"]},
        tribes=("dwarf", "elf", "orc", "troll", "wingfolk", "wizard"),
    )
    out = play(d, ["band troll:rhea troll:duris troll:ithys", move])
    assert out["error"]["move"] == 1

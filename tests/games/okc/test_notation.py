"""STATE/MOVE notation: round trips, `meeple apply`, bad input."""

import io
import json
import random

import pytest

from meeple.core.apply import main_apply, run_apply
from meeple.core.game import BadState, IllegalMove
from meeple.games.okc import dump, load, new_game
from tests.games.okc.helpers import doc

AUTUMN = {"kind": None, "seats": [], "todo": [["winter"], ["autumn", 0]]}


def run_cli(payload) -> tuple[int, dict | None, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main_apply(io.StringIO(payload if isinstance(payload, str) else json.dumps(payload)), out, err)
    return code, (json.loads(out.getvalue()) if out.getvalue() else None), err.getvalue()


def test_new_game_round_trip_and_setup():
    for p in (2, 3, 4):
        s = new_game(p, seed=p)
        d = dump(s)
        assert load(d) == s and dump(load(d)) == d
        for sd in d["seats"]:
            assert len(sd["hand"]) == 6 and sd["hand"][0].endswith(":heir")
            assert len(sd["deck"]) == 8 and len(sd["site"]) == 5 and sd["hand_size"] == 6
        assert sum(x is not None for x in d["road"]) == 4 and len(d["kingdom_deck"]) == 47
        assert s.decision().kind == "bid" and len(s.decision().seats) == p


def test_mid_game_round_trips():
    s = new_game(3, seed=5)
    rng = random.Random(5)
    n = 0
    while not s.finished:
        d = s.decision()
        seat = rng.choice(d.seats)
        s.apply_action(rng.choice(s.legal_actions(seat)), seat)
        n += 1
        if n % 11 == 0:
            doc_ = dump(s)
            again = load(json.loads(json.dumps(doc_)))
            assert dump(again) == doc_
            assert (
                again.legal_actions(again.decision().seats[0]) == s.legal_actions(d.seats[0])
                if again.decision() and again.decision().seats[0] == d.seats[0]
                else True
            )


def test_apply_command_happy_path():
    s = new_game(2, seed=1, factions=["clans", "gathering"])
    h0 = dump(s)["seats"][0]["hand"][1].split(":")[1]
    h1 = dump(s)["seats"][1]["hand"][1].split(":")[1]
    code, out, _ = run_cli({"state": dump(s), "moves": [f"0: bid {h0}", f"1: bid {h1}"]})
    assert code == 0 and out["error"] is None
    assert out["decision"]["kind"] == "herald"


def test_illegal_move_stops_with_state_before_it():
    s = new_game(2, seed=1)
    h0 = dump(s)["seats"][0]["hand"][1].split(":")[1]
    code, out, _ = run_cli({"state": dump(s), "moves": [f"0: bid {h0}", f"0: bid {h0}"]})
    assert code == 0 and out["error"]["move"] == 1 and "already chosen" in out["error"]["message"]
    assert out["state"]["seats"][0]["bid"] == f"{out['state']['seats'][0]['faction']}:{h0}"
    assert out["decision"] == {"seat": 1, "kind": "bid"}


@pytest.mark.parametrize(
    "move,why",
    [
        ("7: bid heir", "not a seat"),
        ("bid", "name the seat"),
        ("bid heir", "name the seat"),
        ("0: bid", "cannot read"),
        ("0: bid dragon", "not a card"),
        ("", "empty"),
        ("0: facedown heir", "cannot read"),
        ("x: bid heir", "not a seat"),
    ],
)
def test_bad_moves_are_refused_with_a_reason(move, why):
    s = new_game(2, seed=1)
    before = dump(s)
    with pytest.raises(IllegalMove, match=why):
        s.apply_move(move)
    assert dump(s) == before


def test_move_from_the_wrong_seat_is_refused():
    s = load(doc(2, order=[1, 0], pending={"kind": None, "seats": [], "todo": [["winter"], ["spring", 0]]}))
    before = dump(s)
    with pytest.raises(IllegalMove, match="seat 1's decision"):
        s.apply_move("0: done")
    assert dump(s) == before


def test_compound_facedown_is_atomic():
    s = load(
        doc(
            2,
            seats={0: {"hand": ["heir", "agent", "ruse"]}, 1: {"hand": ["heir", "agent", "ruse"]}},
            pending={"kind": None, "seats": [], "todo": [["winter"], ["facedown"]]},
        )
    )
    before = dump(s)
    with pytest.raises(IllegalMove):
        s.apply_move("0: facedown heir agent captain-9")
    assert dump(s) == before


@pytest.mark.parametrize("bad,why", [("[1, 2]", "JSON object"), ("not json", None)])
def test_apply_bad_json(bad, why):
    code, out, err = run_cli(bad)
    assert code == 2 and out is None and "Traceback" not in err


@pytest.mark.parametrize(
    "mutate,why",
    [
        (lambda d: d.update(players=9), "players"),
        (lambda d: d["seats"][0].update(faction="elves"), "faction"),
        (lambda d: d["seats"][0]["hand"].append("nobility:dragon"), "unknown card"),
        (lambda d: d["seats"][0]["hand"].append(d["seats"][0]["hand"][0]), "two places"),
        (lambda d: d.update(road=["trade-99", None, None, None]), "unknown kingdom card"),
        (lambda d: d["seats"][0]["supporters"].update(board=9), "supporters"),
        (lambda d: d.update(order=[0, 0]), "order"),
        (lambda d: d["pending"].update(kind="nap"), "unknown decision"),
        (lambda d: d["seats"][1]["hand"].append(d["seats"][0]["hand"][0]), "not a"),
        (lambda d: d["kingdom_deck"].append(d["road"][0]), "{} (kingdom_deck and road)"),
        (lambda d: d.update(favour={"holder": 0, "uses": 0}), "favour: a holder with no use left"),
    ],
)
def test_invalid_states_exit_2_without_traceback(mutate, why):
    d = dump(new_game(2, seed=3))
    why = why.format(d["road"][0])  # (the kingdom card named by the message)
    mutate(d)
    code, out, err = run_cli({"state": d, "moves": []})
    assert code == 2 and out is None and why in err and "Traceback" not in err


def test_legal_moves_all_apply():
    s = new_game(2, seed=9)
    for m in s.legal_moves():
        c = s.clone()
        c.apply_move(m)


def test_replay_from_seed_and_moves():
    s = new_game(4, seed=11)
    rng = random.Random(11)
    while not s.finished:
        d = s.decision()
        seat = rng.choice(d.seats)
        s.apply_action(rng.choice(s.legal_actions(seat)), seat)
    r = new_game(4, seed=11)
    for m in s.moves:
        r.apply_move(m)
    assert r == s and r.winners == s.winners
    out = run_apply({"state": dump(new_game(4, seed=11)), "moves": s.moves})
    assert out["error"] is None and out["state"] == dump(s)


# ---- hand-written STATEs: what the notation doc promises a writer


def _bad(d, match):
    with pytest.raises(BadState, match=match):
        load(d)


def test_minimal_state_reads_the_documented_defaults():
    s = load({"game": "okc", "players": 2, "seats": [{"faction": "clans"}, {"faction": "uprising"}]})
    d = dump(s)
    assert d["order"] == [0, 1] and d["rounds"] == 6 and d["round"] == 1 and d["road"] == [None] * 4
    assert d["seats"][0]["site"] == ["clans:a1", "clans:a2", "clans:a3", "clans:hq1", "clans:hq2"]
    assert d["seats"][0]["supporters"] == {"board": 5, "map": [0, 0, 0], "counted": [0, 0, 0], "lost": 0}
    assert d["seats"][1]["hand_size"] == 6 and d["seats"][1]["board"] == [None, None]
    assert s.decision() is not None  # (empty hands: no bids, the face-down step asks)


def test_a_card_in_two_places_is_named_with_both():
    _bad(doc(seats={0: {"hand": ["heir", "a1"]}}), r"nobility:a1 \(seats\.0\.hand and seats\.0\.site\)")


def test_misspelt_keys_are_refused_with_their_path():
    d = doc()
    d["seats"][0]["infuence"] = 5
    _bad(d, r"unknown STATE field\(s\) in seats\.0: infuence")
    d = doc()
    d["kingdom_map"] = {"plateau": [{"seat": 0, "kingdom": "martial-09"}]}
    _bad(d, r"in kingdom_map: plateau")
    d = doc(regions={"highlands": {"active": [{"card": "nobility:agent", "countd": True}]}})
    _bad(d, r"in regions\.highlands\.active: countd")
    d = doc(regions={"highlands": {"face_down": []}})
    _bad(d, r"in regions\.highlands: face_down")


def test_a_round_start_has_nothing_counted():
    _bad(
        doc(regions={"plateau": {"active": [{"card": "nobility:agent", "counted": True}]}}),
        r"nobility:agent is marked counted, but a STATE without pending starts a round",
    )
    sup = {"board": 4, "map": [1, 0, 0], "counted": [1, 0, 0], "lost": 0}
    _bad(doc(seats={0: {"supporters": sup}}), r"seats\.0\.supporters\.counted: a STATE without pending")
    # mid-round (with pending) a counted card is what it says
    s = load(doc(regions={"plateau": {"active": [{"card": "nobility:agent", "counted": True}]}}, pending=AUTUMN))
    assert s.active[1][0][1] == 1


def test_a_first_round_hand_above_its_size_is_trimmed_at_once():
    """Seed, Hand Size: a hand above the hand size is discarded down at once
    (later rounds trim after the year's draw; round 1 trims before the bids)."""
    s = load(doc(seats={0: {"hand": ["heir", "agent", "ruse", "trader"], "hand_size": 3}, 1: {"hand": ["heir"]}}))
    assert s.decision().kind == "trim" and s.decision().seats == (0,)
    s.apply_move("discard ruse")
    assert len(s.hands[0]) == 3 and s.decision().kind == "bid"


def test_supporters_counted_cannot_exceed_those_on_the_map():
    sup = {"board": 4, "map": [1, 0, 0], "counted": [2, 0, 0], "lost": 0}
    _bad(doc(seats={0: {"supporters": sup}}, pending=AUTUMN), r"more counted than on the map in highlands")


def test_a_malformed_pending_is_refused_at_load():
    _bad(doc(pending={"seats": [0]}), r"pending needs a decision \(kind\) or steps to run \(todo\)")
    _bad(
        doc(pending={"kind": None, "seats": [], "todo": [["winter"], ["autumn"]]}),
        r"step 'autumn' takes 1 argument\(s\), not 0",
    )
    _bad(doc(pending={"kind": None, "seats": [], "todo": [["nap", 1]]}), r"unknown step 'nap'")


def test_a_move_may_carry_its_own_faction_only():
    s = load(doc(seats={0: {"hand": ["heir"]}, 1: {"hand": ["heir"]}}))
    with pytest.raises(IllegalMove, match="not a card in seat 0's hand"):
        s.apply_move("0: bid clans:heir")
    s.apply_move("0: bid nobility:heir")
    s.apply_move("1: bid clans:heir")
    assert s.decision().kind == "herald"


def test_apply_seed_out_of_range_names_the_seed():
    code, out, err = run_cli({"state": doc(), "moves": [], "seed": 10**30})
    assert code == 2 and out is None and "invalid input: input.seed must be an integer in 0..2**64-1" in err

"""Data files refused with file and entry named; STATE/MOVE notation; meeple apply; bad input."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys

import pytest

from meeple.core.apply import main_apply, run_apply
from meeple.core.game import BadState, IllegalMove
from meeple.games.anunnaki import dump, load, new_game
from meeple.games.anunnaki.data import DATA, DATA_DIR, PROVENANCE, Data, DataError
from tests.games.anunnaki.helpers import game, play


# ---------------------------------------------------------------- data files
def _broken(tmp_path, name, change):
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    path = folder / name
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))
    return str(folder)


def test_data_loads_and_every_entry_has_a_provenance():
    assert DATA.placeholders()
    for f, e, note in DATA.placeholders():
        assert f.endswith(".json") and e and note


@pytest.mark.parametrize(
    "name,change,words",
    [
        (
            "boards.json",
            lambda d: d["planets"][0]["hexes"][1]["res"].__setitem__(0, "spice"),
            ["boards.json", "pharaos:ph2", "unknown resource 'spice'"],
        ),
        ("boards.json", lambda d: d["gaia"][0]["hexes"][0].update(q=9, r=9), ["boards.json", "g1", "no neighbours"]),
        (
            "weapons.json",
            lambda d: d["weapons"][-1]["cost"].update(metal=-1),
            ["weapons.json", "ballista", "negative cost"],
        ),
        (
            "contracts.json",
            lambda d: d["contracts"][4]["middle"].append(["teleport", 1]),
            ["contracts.json", "c5", "unknown effect"],
        ),
        (
            "contracts.json",
            lambda d: d["contracts"][2]["cost"].update(spice=1),
            ["contracts.json", "c3", "unknown resource"],
        ),
        (
            "contracts.json",
            lambda d: d["contracts"][6]["cost"].update(wood=-2),
            ["contracts.json", "c7", "negative cost"],
        ),
        ("boards.json", lambda d: d["gaia"][1]["hexes"][2].update(q=40, r=-40), ["boards.json", "no neighbours"]),
        (
            "boards.json",
            lambda d: d["gaia"][1]["hexes"][3]["res"].__setitem__(0, "salt"),
            ["boards.json", "unknown resource 'salt'"],
        ),
        ("culture.json", lambda d: d["tokens"][3].update(provenance="guess"), ["culture.json", "k4", "provenance"]),
        ("ancient.json", lambda d: d["tiles"][0].update(strength=-2), ["ancient.json", "a1", "strength"]),
        ("tiles.json", lambda d: d["tiles"][0].update(action="fly"), ["tiles.json", "entry 1", "unknown action"]),
        (
            "boards.json",
            lambda d: d["gaia"][1]["culture"].append(["g1", "g2", "g17"]),
            ["boards.json", "culture", "mutually adjacent"],
        ),
    ],
)
def test_data_mistakes_are_refused_with_file_and_entry(tmp_path, name, change, words):
    folder = _broken(tmp_path, name, change)
    with pytest.raises(DataError) as e:
        Data(folder)
    for w in words:
        assert w in str(e.value)


def test_data_file_not_json(tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    (folder / "star.json").write_text("{ nope")
    with pytest.raises(DataError, match="star.json: not JSON"):
        Data(str(folder))


def test_data_report_command(capsys):
    from meeple.cli import main

    assert main(["data-report", "anunnaki", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["placeholders"] == len(DATA.placeholders()) > 0
    assert {"file", "entry", "note"} <= set(rep["entries"][0])
    assert main(["data-report", "anunnaki"]) == 0
    assert "placeholder" in capsys.readouterr().out


def test_provenance_values():
    import os

    for name in os.listdir(DATA_DIR):
        with open(os.path.join(DATA_DIR, name)) as f:
            doc = json.load(f)

        def walk(x):
            if isinstance(x, dict):
                if "provenance" in x:
                    assert x["provenance"] in PROVENANCE
                for v in x.values():
                    walk(v)
            elif isinstance(x, list):
                for v in x:
                    walk(v)

        walk(doc)


# ---------------------------------------------------------------- notation
def test_dump_load_round_trip_mid_turn():
    s = new_game(3, seed=5)
    import random

    r = random.Random(5)
    for _ in range(300):
        s.apply_legal(r.choice(s.legal_actions()))
        d = dump(s)
        t = load(json.loads(json.dumps(d)))
        assert dump(t) == d
        assert t.legal_actions() == s.legal_actions()


def test_load_without_pending_starts_the_current_seats_turn():
    s = game(2)
    d = dump(s)
    d.pop("pending")
    d["current"] = 1
    t = load(d)
    assert t.decision().seats == (1,) and t.kind == "main"


@pytest.mark.parametrize(
    "change,msg",
    [
        (lambda d: d.update(game="ethnos"), "game"),
        (lambda d: d.update(players=5), "players"),
        (lambda d: d.update(houses=["pharaos", "atlantis"]), "houses"),
        (lambda d: d["board"]["followers"].update(zz9=[1, 0]), "unknown hex"),
        (lambda d: d["seats"][0].update(res=[1, 1, 1]), "res"),
        (lambda d: d["seats"][0].update(res=[1, -1, 1, 1]), "at least 0"),
        (lambda d: d["seats"][1].update(hand=["excalibur"]), "weapons"),
        (lambda d: d["pending"].update(kind="dance"), "unknown decision"),
        (lambda d: d["pending"]["todo"].append(["explode"]), "unknown step"),
        (lambda d: d["contracts"].update(display=["c99"]), "unknown contract"),
        (lambda d: d.update(arrangement=[1, 1, 2, 3, 4, 5, 6, 7, 8, 9]), "arrangement"),
        (lambda d: d["board"]["ancient"].update(g1={"tile": "a1"}), "ancient site"),
        (lambda d: d["pending"]["todo"].append(["mana_choice"]), r"step 'mana_choice' takes 4 argument\(s\), not 0"),
        (lambda d: d["seats"][0].update(hand=d["seats"][0]["hand"] * 2), "once in hand or pile"),
        (lambda d: d["seats"][0].update(cubes=sorted(DATA.minor_tokens[0]), tokens=[]), "enclose triangle"),
        (lambda d: d["seats"][0].update(extra=1), r"unknown STATE field\(s\) in seats\.0: extra"),
    ],
)
def test_bad_state_is_refused_with_a_message(change, msg):
    d = dump(game(2))
    change(d)
    with pytest.raises(BadState, match=msg):
        load(d)


def test_apply_command_contract():
    s = game(2)
    s.seats[0]["pawn"] = s.arrangement.index(2)
    doc = dump(s)
    out = run_apply({"state": doc, "moves": ["tile 4", "take " + s.display[0], "bogus"]})
    assert out["error"]["move"] == 2 and "bogus" in out["error"]["message"]
    assert out["decision"]["seat"] == 0
    again = run_apply({"state": doc, "moves": ["tile 4"]})
    assert again["error"] is None and again["decision"]["kind"] == "contract"
    out2 = run_apply({"state": doc, "moves": ["tile 3"]})
    assert out2["state"] == dump(load(doc)) or out2["error"] is None


def test_apply_cli_bad_input_no_traceback():
    code = subprocess.run(
        [sys.executable, "-m", "meeple.cli", "apply"],
        input='{"state": {"game": "anunnaki"}}',
        capture_output=True,
        text=True,
    )
    assert code.returncode == 2 and "Traceback" not in code.stderr and "invalid STATE" in code.stderr
    out, err = io.StringIO(), io.StringIO()
    doc = dump(game(2))
    assert main_apply(io.StringIO(json.dumps({"state": doc, "moves": ["tile 99"]})), out, err) == 0
    assert json.loads(out.getvalue())["error"]["move"] == 0


def test_simultaneous_moves_name_their_seat():
    from tests.games.anunnaki.test_rules import _player_battle

    s = _player_battle(["dagger", "short_bow"], [])
    with pytest.raises(IllegalMove, match="seat 3"):
        s.apply_move("@3 weapon dagger")
    before = dump(s)
    with pytest.raises(IllegalMove):
        s.apply_move("@1 weapon dagger")  # not in seat 1's hand
    assert dump(s) == before
    play(s, "@1 weapon slingshot")
    assert s.decision().seats == (0,)
    assert s.moves[-1] == "@1 weapon slingshot"


def test_replay_from_seed_and_moves():
    import random

    s = new_game(4, seed=11)
    r = random.Random(11)
    while not s.is_terminal():
        d = s.decision()
        seat = d.seats[r.randrange(len(d.seats))]
        s.apply_action(r.choice(s.legal_actions(seat)), seat)
    t = new_game(4, seed=11)
    for m in s.moves:
        t.apply_move(m)
    assert dump(t) == dump(s) and t.winners == s.winners


def test_conformance_scenarios_through_meeple_apply():
    """The SPEC.md-shaped scenarios (rulebook examples) run through the command."""
    import glob
    import os

    from tests.scenario_check import SHARED

    check = str(SHARED / "check.py")
    files = sorted(glob.glob(os.path.join(os.path.dirname(__file__), "scenarios", "*.json")))
    assert len(files) >= 10
    if not os.path.exists(check):
        pytest.skip("shared/conformance/check.py not present")
    run = subprocess.run(
        [sys.executable, check, "--cmd", f"{sys.executable} -m meeple.cli apply", *files],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0 and " 0 failed" in run.stdout, run.stdout[-2000:]


def test_malformed_states_are_refused_not_crashing():
    """Random damage to a saved game: load refuses it (BadState) or it plays on;
    moves on it are applied or refused (IllegalMove), never a crash."""
    import copy
    import random

    from meeple.core.game import GameError

    r = random.Random(3)
    s = new_game(3, seed=3)
    for _ in range(200):
        s.apply_legal(r.choice(s.legal_actions()))
    base = dump(s)
    values = [None, -1, "x", [], {}, 1.5, True, 0, 99, ["zz"], {"a": 1}]

    def paths(x, p=()):
        yield p
        if isinstance(x, dict):
            for k, v in x.items():
                yield from paths(v, p + (k,))
        elif isinstance(x, list):
            for i, v in enumerate(x):
                yield from paths(v, p + (i,))

    all_paths = list(paths(base))[1:]
    for _ in range(400):
        d = copy.deepcopy(base)
        p = r.choice(all_paths)
        o = d
        for k in p[:-1]:
            o = o[k]
        o[p[-1]] = r.choice(values)
        try:
            t = load(d)
            for _ in range(3):
                if t.is_terminal():
                    break
                moves = t.legal_moves()
                if not moves:
                    break
                t.apply_move(r.choice(moves))
        except GameError:
            pass


def test_left_out_fields_read_what_the_board_says():
    """conquests, tokens, major_token, hand and pile, left out of a
    hand-written STATE, are what the rest of it implies (docs/notation)."""
    s = new_game(3, seed=1)
    d = dump(s)
    d.pop("conquests")
    at = next(h for h in d["board"]["ancient"] if s.lay.info[h]["atlantis"])
    d["board"]["ancient"].pop(at)
    assert load(d).conquests == 1
    s = game(2)
    d = dump(s)
    d["seats"][0]["cubes"] = sorted({*DATA.minor_tokens[0], *DATA.minor_tokens[1]})
    for k in ("tokens", "hand", "pile", "major_token"):
        d["seats"][0].pop(k)
    t = load(d)
    h = DATA.houses[s.houses[0]]
    assert sorted(t.seats[0]["tokens"]) == [0, 1] and t.seats[0]["major_token"] is False
    assert t.seats[0]["hand"] == h["basic_weapons"] and t.seats[0]["pile"] == h["advanced_weapons"]
    d["seats"][0]["pile"] = h["advanced_weapons"][1:]
    assert load(d).seats[0]["hand"] == h["basic_weapons"] + h["advanced_weapons"][:1]
    god = h["minor_gods"][0]  # gods_offer left out: at least the summoned gods are held
    d["seats"][0].pop("gods_offer")
    d["seats"][0]["summoned"] = [god]
    d["board"]["gods"][0][god] = next(x for x in s.lay.hexes if s.lay.info[x]["capital"] == 0)
    assert load(d).seats[0]["gods_offer"] == [god]
    d["seats"][0]["gods_offer"] = []  # given: it must list them
    with pytest.raises(BadState, match="summoned: gods must be among gods_offer"):
        load(d)


def test_more_settlements_than_a_house_has_are_refused():
    s = game(2)
    d = dump(s)
    free = [h for h in s.lay.hexes if h != "uw" and h not in d["board"]["settlements"]][:3]
    d["board"]["settlements"].update({h: 0 for h in free})
    d["seats"][0]["settle_left"] = 4
    with pytest.raises(BadState, match="settlements on the map and settle_left 4 make more than a house's 5"):
        load(d)

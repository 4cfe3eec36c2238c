"""Your own box: `--data DIR` / MEEPLE_DATA_DIR, `meeple data-check`, fingerprints, notices.

A process fixes its data directory before importing a game, so the runs with
other data happen in subprocesses; `data-check` is a pure function of a folder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from meeple.cli import main
from meeple.games.anunnaki import data as anu
from meeple.games.ethnos import data as ethnos
from meeple.games.okc import data as okc

SRC = os.path.join(os.path.dirname(os.path.dirname(__file__)), "src")


def _box(tmp_path, game, name, change=None, packaged=None):
    """A data directory DIR/<game>/<name>: the packaged file, changed."""
    folder = tmp_path / "box" / game
    folder.mkdir(parents=True, exist_ok=True)
    with open(os.path.join(packaged, name), encoding="utf-8") as f:
        doc = json.load(f)
    if change:
        change(doc)
    (folder / name).write_text(json.dumps(doc))
    return tmp_path / "box"


def _meeple(args, stdin="", env_dir=None):
    env = dict(os.environ, PYTHONPATH=SRC)
    env.pop("MEEPLE_DATA_DIR", None)
    if env_dir:
        env["MEEPLE_DATA_DIR"] = str(env_dir)
    return subprocess.run(
        [sys.executable, "-m", "meeple.cli", *args], input=stdin, env=env, capture_output=True, text=True, timeout=120
    )


def _check(capsys, game, folder):
    rc = main(["data-check", game, str(folder)])
    out = capsys.readouterr()
    return rc, out.out, out.err.strip().splitlines()[1:]


# ---------------------------------------------------------------- data-check
def test_data_check_accepts_the_packaged_copy_and_lists_placeholders(tmp_path, capsys):
    box = _box(tmp_path, "anunnaki", "contracts.json", packaged=anu.DATA_DIR)
    rc, out, _ = _check(capsys, "anunnaki", box)
    assert rc == 0
    assert "replaces contracts.json" in out and "placeholder(s) still in use" in out
    assert "weapons.json" in out  # placeholders of the packaged files count too


ANUNNAKI_PROBLEMS = [
    ("setup.json", lambda d: d.update(cubes=13), ["setup.json", "cubes", "14 summoning cubes"]),
    ("contracts.json", lambda d: d["contracts"].pop(), ["contracts.json", "36 commerce contracts"]),
    (
        "contracts.json",
        lambda d: d["contracts"][0].update(house="atlantis"),
        ["contracts.json", "c1", "unknown house 'atlantis'"],
    ),
    (
        "houses.json",
        lambda d: d["houses"][0]["basic_weapons"].__setitem__(0, "laser"),
        ["weapons.json", "unknown weapon 'laser'"],
    ),
    ("culture.json", lambda d: d["tokens"].pop(), ["culture.json", "20 culture tokens"]),
    ("ancient.json", lambda d: d["tiles"][0].update(strength=7), ["ancient.json", "strength 3 to 5"]),
    ("weapons.json", lambda d: d["weapons"][0].update(effect="laser"), ["weapons.json", "unknown effect"]),
    ("star.json", lambda d: d["spaces"].append(dict(d["spaces"][0], id="s99")), ["star.json", "15 line spaces"]),
]


@pytest.mark.parametrize("name,change,words", ANUNNAKI_PROBLEMS)
def test_data_check_names_each_anunnaki_problem(tmp_path, capsys, name, change, words):
    box = _box(tmp_path, "anunnaki", name, change, anu.DATA_DIR)
    rc, _, lines = _check(capsys, "anunnaki", box)
    assert rc == 2
    assert any(all(w in line for w in words) for line in lines), lines


def test_data_check_reports_every_broken_file_at_once(tmp_path, capsys):
    _box(tmp_path, "anunnaki", "setup.json", lambda d: d.update(cubes=12), anu.DATA_DIR)
    box = _box(tmp_path, "anunnaki", "tiles.json", lambda d: d["tiles"][0].update(action="fly"), anu.DATA_DIR)
    (box / "anunnaki" / "star.json").write_text("{ nope")
    rc, _, lines = _check(capsys, "anunnaki", box)
    assert rc == 2 and len(lines) == 3
    assert [line.split(":")[0] for line in lines] == [
        "anunnaki data star.json",
        "anunnaki data tiles.json",
        "anunnaki data setup.json",
    ]


def test_data_check_refuses_an_unknown_file_name(tmp_path, capsys):
    box = _box(tmp_path, "anunnaki", "contracts.json", packaged=anu.DATA_DIR)
    os.rename(box / "anunnaki" / "contracts.json", box / "anunnaki" / "contract.json")
    rc, _, lines = _check(capsys, "anunnaki", box)
    assert rc == 2 and "unknown file contract.json" in lines[0]


OKC_PROBLEMS = [
    (lambda d: d["rounds"]["6"].update(draw=5), ["rounds.6", "hand must end at 6"]),
    (lambda d: d["rounds"]["5"].update(face_down=["occupier", "castle"]), ["rounds.5", "'castle'"]),
    (lambda d: d["rounds"]["4"].update(face_down=[]), ["rounds.4", "occupies the kept kingdom card"]),
    (lambda d: d["rounds"].pop("4"), ["rounds.4", "missing"]),
    (lambda d: d["rounds"].update({"7": d["rounds"]["6"]}), ["rounds.7", "6 rounds, or 4 or 5"]),
    (lambda d: d.update(offer=40), ["offer", "from 1 to 11"]),
    (
        lambda d: d["rounds"]["6"].update(draw="six"),
        ["rounds.6", "draw (the deck after the heir) must be a whole number"],
    ),
    (lambda d: d.update(provenance="guess"), ["provenance"]),
]


def test_okc_table_from_the_box_is_no_placeholder(tmp_path, capsys):
    box = _box(tmp_path, "okc", "advanced.json", lambda d: d.update(provenance="rulebook"), okc.DATA_DIR)
    rc, out, _ = _check(capsys, "okc", box)
    assert rc == 0 and "placeholder" not in out


ETHNOS_PROBLEMS = [
    (lambda d: d["tokens"].pop(), ["tokens", "18 glory tokens, not 17"]),
    (lambda d: d["tokens_4plus"].append(8), ["tokens_4plus", "12 must remain"]),
    (lambda d: d["tokens_4plus"].__setitem__(0, 12), ["tokens_4plus", "value 12 is not among"]),
    (lambda d: d["tokens"].__setitem__(3, -2), ["tokens[3]", "from 0 to 99"]),
    (lambda d: d.update(tokens="many"), ["tokens", "must be a list"]),
]


PLAIN_FILES = {"okc": ("advanced.json", okc.DATA_DIR), "ethnos": ("glory.json", ethnos.DATA_DIR)}


@pytest.mark.parametrize(
    "game,change,words", [("okc", *p) for p in OKC_PROBLEMS] + [("ethnos", *p) for p in ETHNOS_PROBLEMS]
)
def test_data_check_names_each_okc_and_ethnos_problem(tmp_path, capsys, game, change, words):
    name, packaged = PLAIN_FILES[game]
    box = _box(tmp_path, game, name, change, packaged)
    rc, _, lines = _check(capsys, game, box)
    assert rc == 2
    assert any(line.startswith(f"{game} data {name}") and all(w in line for w in words) for line in lines), lines


def test_ethnos_glory_tokens_are_listed_until_counted_from_a_box(tmp_path, capsys):
    rc, out, _ = _check(capsys, "ethnos", ethnos.DATA_DIR)
    assert rc == 0 and "glory.json" in out and "Count your box" in out
    box = _box(tmp_path, "ethnos", "glory.json", lambda d: d.update(provenance="box"), ethnos.DATA_DIR)
    rc, out, _ = _check(capsys, "ethnos", box)
    assert rc == 0 and "still" not in out


def test_ethnos_glory_tokens_of_a_box_are_dealt(tmp_path):
    """The other source's mix (2x3, 6x4): the kingdoms' tokens are dealt from it."""

    def other(d):
        d["tokens"] = [0, 0, 2, 2, 2, 4, 4, 4, 4, 6, 6, 6, 6, 8, 8, 8, 10, 10]

    box = _box(tmp_path, "ethnos", "glory.json", other, ethnos.DATA_DIR)
    code = (
        "import json; from meeple.games import ethnos; s = ethnos.new_game(4, seed=2);"
        "print(json.dumps(sorted(t for k in s.to_json()['kingdoms'].values() for t in k['glory'])))"
    )
    run = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=SRC, MEEPLE_DATA_DIR=str(box)),
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == [0, 0, 2, 2, 2, 4, 4, 4, 4, 6, 6, 6, 6, 8, 8, 8, 10, 10]


# ---------------------------------------------------------------- --data in use
def _seven(d):
    """A box owner's table that keeps the rules: 3 kingdom cards dealt each."""
    d.update(offer=3, provenance="rulebook")


def test_data_dir_changes_the_game_and_every_view_says_so(tmp_path):
    box = _box(tmp_path, "okc", "advanced.json", _seven, okc.DATA_DIR)
    code = (
        "import json; from meeple.games import okc; s = okc.new_game(2, seed=3, advanced=True);"
        "print(json.dumps({'offer': len(s.offer[0]), 'notice': s.view(1).get('data_notice'),"
        "'data': s.to_json().get('data')}))"
    )
    mine = json.loads(
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env=dict(os.environ, PYTHONPATH=SRC, MEEPLE_DATA_DIR=str(box)),
        ).stdout
    )
    assert mine["offer"] == 3
    assert mine["notice"].startswith("This table uses data from box/okc (not the packaged data)")
    assert mine["data"] and mine["data"] in mine["notice"]
    env = {k: v for k, v in os.environ.items() if k != "MEEPLE_DATA_DIR"}
    packaged = json.loads(
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=dict(env, PYTHONPATH=SRC)
        ).stdout
    )
    assert packaged == {"offer": 5, "notice": None, "data": None}


def test_apply_refuses_a_state_made_with_other_data(tmp_path):
    box = _box(tmp_path, "okc", "advanced.json", _seven, okc.DATA_DIR)
    code = "import json; from meeple.games import okc; print(json.dumps(okc.new_game(2, seed=1).to_json()))"
    state = json.loads(
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env=dict(os.environ, PYTHONPATH=SRC, MEEPLE_DATA_DIR=str(box)),
        ).stdout
    )
    assert state["data"]
    again = _meeple(["apply"], json.dumps({"state": state, "moves": []}), env_dir=box)
    assert again.returncode == 0 and json.loads(again.stdout)["state"]["data"] == state["data"]
    plain = _meeple(["apply"], json.dumps({"state": state, "moves": []}))
    assert plain.returncode == 2 and "made with other data" in plain.stderr
    packaged = _meeple(["apply", "--data", str(box)], json.dumps({"state": _okc_state(), "moves": []}))
    assert packaged.returncode == 2 and "made with the packaged data" in packaged.stderr


def _okc_state():
    from meeple.games import okc as game

    return game.new_game(2, seed=1).to_json()


def test_a_broken_data_dir_stops_play_with_its_message(tmp_path):
    box = _box(tmp_path, "anunnaki", "setup.json", lambda d: d.update(cubes="many"), anu.DATA_DIR)
    r = _meeple(["simulate", "anunnaki", "--games", "1", "--players", "2", "--data", str(box)])
    assert r.returncode == 2
    assert r.stderr.startswith("meeple: anunnaki data setup.json: entry cubes") and "Traceback" not in r.stderr
    box = _box(tmp_path, "okc", "advanced.json", lambda d: d.update(offer=0), okc.DATA_DIR)
    r = _meeple(["play", "okc", "--data", str(box)])
    assert r.returncode == 2 and r.stderr.startswith("meeple: okc data advanced.json: entry offer:")
    assert f"meeple data-check okc {box}" in r.stderr
    r = _meeple(["simulate", "okc", "--games", "1", "--data", str(tmp_path / "nowhere")])
    assert r.returncode == 2 and "does not exist" in r.stderr


def test_data_check_works_while_the_variable_names_a_broken_box(tmp_path):
    box = _box(tmp_path, "anunnaki", "setup.json", lambda d: d.update(cubes=13), anu.DATA_DIR)
    r = _meeple(["data-check", "anunnaki", str(box)], env_dir=box)
    assert r.returncode == 2 and "14 summoning cubes" in r.stderr


def test_play_says_which_data_the_table_uses(tmp_path):
    box = _box(tmp_path, "okc", "advanced.json", _seven, okc.DATA_DIR)
    r = _meeple(["play", "okc", "--players", "2", "--seed", "1", "--data", str(box)])
    assert r.stdout.startswith("This table uses data from box/okc (not the packaged data): advanced.json")
    assert "This table uses data" not in _meeple(["play", "okc", "--players", "2", "--seed", "1"]).stdout

"""The command line: JSON reports, exit codes, clear errors, no tracebacks."""

import json
import subprocess
import sys
from pathlib import Path

MEEPLE = str(Path(sys.executable).parent / "meeple")


def run(*args, stdin=""):
    return subprocess.run([MEEPLE, *args], input=stdin, capture_output=True, text=True, timeout=300)


def test_simulate_reports_the_required_fields():
    r = run("simulate", "ethnos", "--games", "5", "--players", "2,4,6", "--seed", "3", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["games"] == 15 and out["errors"] == 0
    assert out["moves_per_game"] > 50 and out["glory_mean"] > 0
    assert set(out["by_players"]) == {"2", "4", "6"}


def test_simulate_is_reproducible_from_its_seed():
    a = json.loads(run("simulate", "ethnos", "--games", "3", "--players", "3", "--seed", "9", "--json").stdout)
    b = json.loads(run("simulate", "ethnos", "--games", "3", "--players", "3", "--seed", "9", "--json").stdout)
    a.pop("seconds"), b.pop("seconds")
    assert a == b


def test_bench_reports_speeds():
    r = run("bench", "ethnos", "--seconds", "0.5", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["moves_per_s"] > 0 and out["clones_per_s"] > 0 and out["cores"] >= 1


def test_bad_arguments_get_a_message_not_a_traceback():
    for args in (
        ["simulate", "ethnos", "--players", "1"],
        ["simulate", "ethnos", "--players", "x"],
        ["simulate", "chess"],
        ["bench", "ethnos", "--seconds", "-1"],
        ["frobnicate"],
        ["simulate", "ethnos", "--games", "0"],
        ["bench", "ethnos", "--seconds", "nan"],
        ["serve", "--port", "70000"],
        ["serve", "--bot-workers", "-3"],
        ["serve", "--bot-workers", "0"],  # only with --bus: bot-worker processes think then
        ["serve", "--bot-delay", "inf"],
    ):
        r = run(*args)
        assert r.returncode == 2, args
        assert "Traceback" not in r.stderr and r.stderr.strip(), args


def test_play_okc_takes_rounds_and_the_advanced_setup():
    r = run("play", "okc", "--players", "2", "--rounds", "4", "--advanced", "--seed", "3", stdin="")
    assert r.returncode == 0, r.stderr
    assert "Advanced setup" in r.stdout and "Traceback" not in r.stdout + r.stderr
    r = run("play", "okc", "--players", "2", "--rounds", "3", stdin="")
    assert r.returncode == 2 and "--rounds" in r.stderr


def test_play_anunnaki_takes_houses_and_refuses_bad_ones():
    r = run(
        "play", "anunnaki", "--players", "2", "--houses", "babylon,pharaos", "--first-game", "--seed", "1", stdin=""
    )
    assert r.returncode == 0, r.stderr
    r = run("play", "anunnaki", "--players", "2", "--houses", "atlantis,babylon", stdin="")
    assert r.returncode == 2 and "houses" in r.stdout and "Traceback" not in r.stdout + r.stderr


def test_play_refuses_another_games_option():
    r = run("play", "okc", "--tribes", "elf", stdin="")
    assert r.returncode == 2 and "--tribes is not an option of okc" in r.stderr


def test_simulate_plays_each_game_s_options():
    r = run("simulate", "okc", "--games", "3", "--players", "2,4", "--rounds", "4", "--advanced", "--json")
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    assert rep["options"] == {"rounds": 4, "advanced": True} and rep["errors"] == 0
    r = run("simulate", "anunnaki", "--games", "2", "--players", "3", "--first-game", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["options"] == {"first_game": True}
    r = run("simulate", "ethnos", "--games", "2", "--advanced")
    assert r.returncode == 2 and "--advanced is not an option of ethnos" in r.stderr
    assert "Traceback" not in r.stderr


def test_option_flags_come_from_the_games_schemas():
    """`play` has a flag for every option of every game; `simulate` leaves out
    the options that depend on the player count (tribes, factions, houses)."""
    from meeple import games
    from meeple.cli import build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command").choices
    flags = {name: {s for a in p._actions for s in a.option_strings} for name, p in sub.items()}
    every = {o.flag for spec in games.GAMES.values() for o in spec.options}
    assert every == {"--tribes", "--fairy", "--rounds", "--advanced", "--factions", "--houses", "--first-game"}
    assert every <= flags["play"]
    assert every & flags["simulate"] == {"--fairy", "--rounds", "--advanced", "--first-game"}


def test_simulate_checks_its_options_with_the_schema():
    r = run("simulate", "okc", "--games", "1", "--players", "2", "--rounds", "7")
    assert r.returncode == 2 and "--rounds" in r.stderr and "Traceback" not in r.stderr


def test_python_dash_m_meeple_is_the_command():
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "meeple", "--help"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "serve" in r.stdout

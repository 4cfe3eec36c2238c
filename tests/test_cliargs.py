"""The shared argument types: in range passes through, anything else is an ArgumentTypeError naming the option."""

import argparse

import pytest

from meeple.cliargs import seconds, whole


def test_whole_numbers_in_range():
    games = whole("games")
    assert games("1") == 1 and games("250000") == 250000
    port = whole("port", 1, 65535)
    assert port("65535") == 65535
    for bad, says in (
        ("0", "games must be at least 1, got 0"),
        ("-4", "at least 1"),
        ("2.5", "games must be a whole number, got '2.5'"),
        ("", "whole number"),
    ):
        with pytest.raises(argparse.ArgumentTypeError, match=says):
            games(bad)
    with pytest.raises(argparse.ArgumentTypeError, match="port must be from 1 to 65535, got 65536"):
        port("65536")


def test_seconds_bounds_and_non_numbers():
    delay = seconds("bot delay", 0, 60)
    assert delay("0") == 0.0 and delay("60") == 60.0 and delay("0.25") == 0.25
    bench = seconds("bench time", 0, 3600, above=True)
    assert bench("0.001") == 0.001
    for parse, bad, says in (
        (bench, "0", "more than 0 and at most 3600"),
        (delay, "-1", "at least 0"),
        (delay, "60.5", "at most 60"),
        (delay, "nan", "at least 0"),
        (delay, "inf", "at most 60"),
        (delay, "soon", "a number of seconds, got 'soon'"),
    ):
        with pytest.raises(argparse.ArgumentTypeError, match=says):
            parse(bad)


def test_argparse_reports_the_option_and_exits_2(capsys):
    p = argparse.ArgumentParser(prog="t")
    p.add_argument("--workers", type=whole("workers", 1, 8))
    with pytest.raises(SystemExit) as e:
        p.parse_args(["--workers", "9"])
    assert e.value.code == 2
    assert "argument --workers: workers must be from 1 to 8, got 9" in capsys.readouterr().err

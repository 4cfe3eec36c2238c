"""`meeple serve`'s limit flags: each sets its `Limits` fields, and without
them the server keeps `Limits`' own defaults (declared there only)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from meeple.cli import build_parser
from meeple.server.commands import LIMIT_FLAGS, limits_from
from meeple.server.limits import Limits


def _limits(*argv: str) -> Limits:
    return limits_from(build_parser().parse_args(["serve", *argv]))


def test_without_flags_the_limits_are_the_defaults():
    assert _limits() == Limits()


def test_each_flag_sets_its_fields_and_no_other():
    for flag, fields, _kind, _metavar, _text in LIMIT_FLAGS:
        values = [7, 9][: len(fields)]
        got = _limits(flag, "/".join(map(str, values)))
        assert got == replace(Limits(), **dict(zip(fields, values, strict=True))), flag


def test_trusted_proxies_and_flags_together():
    got = _limits("--trusted-proxy", "10.0.0.1", "--read-rate", "5/10", "--idle-days", "2.5")
    assert got == Limits(trusted_proxies=("10.0.0.1/32",), read_rate=5.0, read_burst=10.0, idle_days=2.5)


def test_the_help_says_the_defaults(capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    d = Limits()
    assert f"(default {d.read_rate:g}/{d.read_burst:g}); over it 429" in text
    assert f"for this many days; it stays readable as a replay (default {d.idle_days:g})" in text
    assert "{default}" not in text

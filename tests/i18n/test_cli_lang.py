"""`--lang` on `meeple play` and `meeple analyse`: parsed, checked, and read
from the environment when not given; the command gets it on its args."""

from __future__ import annotations

import argparse

import pytest

from meeple.cli import build_parser
from meeple.cliargs import language, resolve_language


def test_the_flag_is_parsed_and_passed_along():
    args = build_parser().parse_args(["play", "ethnos", "--lang", "ja"])
    assert args.lang == "ja"
    args = build_parser().parse_args(["analyse", "game.json", "--out", "d", "--lang", "ru-RU"])
    assert args.lang == "ru"


def test_a_language_we_lack_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as e:
        build_parser().parse_args(["play", "ethnos", "--lang", "klingon"])
    assert e.value.code == 2
    assert "no language 'klingon': choose one of en, ja, ru" in capsys.readouterr().err
    with pytest.raises(argparse.ArgumentTypeError):
        language("de")


def test_without_the_flag_the_environment_decides():
    args = build_parser().parse_args(["play", "okc"])
    assert args.lang is None
    resolve_language(args, {"LANG": "ja_JP.UTF-8"})
    assert args.lang == "ja"
    args = build_parser().parse_args(["play", "okc", "--lang", "en"])
    resolve_language(args, {"LANG": "ja_JP.UTF-8"})
    assert args.lang == "en"
    args = build_parser().parse_args(["play", "okc"])
    resolve_language(args, {"LANG": "C"})
    assert args.lang == "en"


def test_a_command_without_the_flag_is_left_alone():
    args = build_parser().parse_args(["simulate", "okc", "--games", "1"])
    resolve_language(args, {"LANG": "ja_JP.UTF-8"})
    assert not hasattr(args, "lang")

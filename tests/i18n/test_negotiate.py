"""Choosing the language: a browser's Accept-Language (hostile input: bad
entries skipped), the terminal's --lang and POSIX locale variables."""

from __future__ import annotations

import pytest

from meeple.i18n import from_accept_language, from_environment, parse_accept_language


def test_the_header_is_read_by_weight_then_order():
    assert parse_accept_language("fr;q=0.2, ja, ru;q=0.9, de;q=0") == ["ja", "ru", "fr"]
    assert parse_accept_language("en-GB, en;q=0.5") == ["en-GB", "en"]


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),
        ("ja-JP", "ja"),
        ("fr, ja;q=0.5", "ja"),
        ("fr, de", "en"),
        ("ja;q=0, ru;q=0.1", "ru"),
        ("*", "en"),
        ("", "en"),
        (None, "en"),
        ("ja;q=2, ru", "ru"),  # q above 1 is malformed: that entry is skipped
        ("<script>, ru", "ru"),
        ("qps", "en"),  # the pseudo-locale is never picked from a header
        ("x" * 100_000, "en"),
        (",,,;;;q=, ja", "ja"),
    ],
)
def test_a_browser_gets_the_best_catalog(header, lang):
    assert from_accept_language(header) == lang


def test_only_the_start_of_a_long_header_is_read():
    assert from_accept_language("fr," * 2000 + "ja") == "en"


def test_lang_flag_wins_and_is_checked():
    assert from_environment("ru", environ={"LANG": "ja_JP.UTF-8"}) == "ru"
    assert from_environment("ja-JP", environ={}) == "ja"
    assert from_environment("qps", environ={}) == "qps"
    with pytest.raises(ValueError, match="en, ja, ru"):
        from_environment("klingon", environ={})


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "ru_RU.utf8"}, "ru"),
        ({"LC_ALL": "ru_RU.UTF-8", "LANG": "ja_JP.UTF-8"}, "ru"),
        ({"LC_MESSAGES": "ja_JP", "LANG": "ru_RU"}, "ja"),
        ({"LANGUAGE": "fr:ja", "LANG": "ru_RU.UTF-8"}, "ja"),
        ({"LANGUAGE": "fr:de", "LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANGUAGE": "ja", "LANG": "C"}, "en"),  # GNU: LANGUAGE is ignored under the C locale
        ({"LANGUAGE": "ja"}, "en"),
        ({"LC_ALL": "", "LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_terminal_follows_the_locale_variables(env, lang):
    assert from_environment(environ=env) == lang

"""The language a terminal table speaks, and its words.

`meeple play --lang ja` (else LANG) picks it; `play` holds it for the game
(`speaking`), and everything the table prints asks `say` for its words by
catalog key (meeple.i18n), so no function between has to pass it along.
The notation a player types is not words: it stays as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from babel.numbers import format_percent
from rich.text import Text

from meeple.i18n import DEFAULT, LANGUAGES, format_list, format_number, from_environment, translate

_LANG: ContextVar[str] = ContextVar("meeple_terminal_lang", default=DEFAULT)


def lang() -> str:
    """The language the table speaks now."""
    return _LANG.get()


@contextmanager
def speaking(chosen: str | None) -> Iterator[str]:
    """Speak `chosen` (a catalog language; None: the environment's, LANG)
    until the block ends."""
    token = _LANG.set(from_environment(chosen))
    try:
        yield _LANG.get()
    finally:
        _LANG.reset(token)


def say(key: str, /, **values: object) -> str:
    """The message `key` in the table's language, its values filled in."""
    return translate(key, _LANG.get(), **values)


def listed(items: Iterable[str]) -> str:
    """Items as the table's language writes a list ("a, b and c", "a、b、c")."""
    return format_list(list(items), _LANG.get())


def number(n: int | float) -> str:
    return format_number(n, _LANG.get())


def percent(x: float) -> str:
    """A chance as the table's language writes a percentage ("42%", "42 %")."""
    return format_percent(x, locale=_LANG.get() if _LANG.get() in LANGUAGES else DEFAULT)


def said(key: str, /, **values: object) -> Text:
    """`say`, with rich Text among the values kept as they are styled (a card
    in its kingdom's colour) wherever the language puts them in the sentence."""
    marks: dict[str, Text] = {}
    plain: dict[str, object] = {}
    for name, v in values.items():
        if isinstance(v, Text):
            marks[f"\x00{len(marks)}\x00"] = v
            plain[name] = f"\x00{len(marks) - 1}\x00"
        else:
            plain[name] = v
    out = Text()
    for part in re.split("(\x00\\d+\x00)", say(key, **plain)):
        if part in marks:
            out.append_text(marks[part])
        elif part:
            out.append(part)
    return out

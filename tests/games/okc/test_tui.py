"""`meeple play okc`: a scripted full game in the terminal table."""

import io
from types import SimpleNamespace

from meeple.games.okc.tui import play


def test_scripted_game_to_the_end():
    args = SimpleNamespace(players=2, seat=0, seed=3, bot="random")
    out = io.StringIO()
    code = play(args, stdin=io.StringIO("1\n" * 3000), stdout=out)
    text = out.getvalue()
    assert code == 0 and "Game over" in text and "Traceback" not in text


def test_moves_in_notation_and_bad_input():
    args = SimpleNamespace(players=2, seat=0, seed=5, bot="random")
    out = io.StringIO()
    code = play(args, stdin=io.StringIO("nonsense\nhelp\nquit\n"), stdout=out)
    assert code == 0 and "must answer" in out.getvalue() and "You left" in out.getvalue()


def test_bad_flags():
    out = io.StringIO()
    assert play(SimpleNamespace(players=7, seat=0, seed=1, bot="random"), stdin=io.StringIO(""), stdout=out) == 2


def test_decisions_are_asked_in_words():
    """The menu heading is the decision's prompt, never its internal name."""
    args = SimpleNamespace(players=2, seat=0, seed=3, bot="random")
    out = io.StringIO()
    play(args, stdin=io.StringIO("1\n" * 3000), stdout=out)
    text = out.getvalue()
    assert "Your decision:" not in text and "Place your Herald on a location" in text

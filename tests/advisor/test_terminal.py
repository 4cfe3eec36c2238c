"""The `hint` command of the three terminal tables: the advisor's three best
moves for the person's seat, from that seat's view, with chances."""

import io
import re
from types import SimpleNamespace

import pytest

from meeple.advisor import terminal

GAMES = {"ethnos": "meeple.terminal.ethnos", "okc": "meeple.terminal.okc", "anunnaki": "meeple.terminal.anunnaki"}


@pytest.fixture(autouse=True)
def small_budget(monkeypatch):
    monkeypatch.setattr(terminal, "ITERATIONS", 60)


def session(game, script, monkeypatch):
    """Play `script` at seat 0; the hints it asked for (state, seat) and the output."""
    import importlib

    module = importlib.import_module("meeple.advisor.hint")
    asked = []
    real = module.hint

    def spy(state, seat, **kw):
        asked.append((state.clone(), seat))
        return real(state, seat, **kw)

    monkeypatch.setattr(module, "hint", spy)
    play = importlib.import_module(GAMES[game]).play
    out = io.StringIO()
    args = SimpleNamespace(players=2, seat=0, seed=4, bot="random")
    code = play(args, stdin=io.StringIO(script), stdout=out)
    return code, out.getvalue(), asked


@pytest.mark.parametrize("game", GAMES)
def test_hint_shows_three_moves_with_chances(game, monkeypatch):
    code, text, asked = session(game, "help\nhint\nquit\n", monkeypatch)
    assert code == 0 and "Traceback" not in text
    assert "'hint'" in text or "hint     the advisor" in text  # the help names it
    assert "The advisor's best moves for you" in text
    ((state, seat),) = asked
    assert seat == 0
    from meeple.advisor.hint import hint

    expected = sorted(hint(state, 0, iterations=60)["options"], key=lambda o: -o["win"])
    assert len(expected) == 3
    flat = " ".join(text.split())
    for rank, o in enumerate(expected, 1):
        # ranked by the chance shown; the move in words, with its notation to type beside
        assert re.search(rf"\b{rank} [A-Z][^()]*? {o['win']:.0%} ", flat), (o, text)
        assert f"(type: {terminal.typed_form(o['move'])})" in flat, (o, text)
    wins = [int(w) for w in re.findall(r" (\d+)% ", flat)]
    assert wins == sorted(wins, reverse=True)

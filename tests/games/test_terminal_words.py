"""`meeple play` as a person reads it: each game played to its end in an
80x24 and a 100-column terminal, with answers picked at random from the
menus (and a few commands), must show no identifier (card or region id,
decision name, tuple, zero-based seat), no word cut short ("…"), no line
wider than the terminal, and must keep the moves since the person's last
answer on the screen above each question."""

from __future__ import annotations

import importlib
import io
import random
import re
from types import SimpleNamespace

import pytest
from rich.cells import cell_len

from meeple.advisor import terminal as advisor_terminal

GAMES = {"ethnos": 4, "okc": 3, "anunnaki": 3}  # players
COMMANDS = {5: "hint", 9: "board"}  # asked at these prompts ('help' shows notation: what a player may type)

# what a person should never read; each with what it catches
IDENTIFIERS = {
    "card id": re.compile(r"\b[a-z]+:[a-z?][a-z_0-9-]*\b"),  # wingfolk:duris, uprising:heir
    "numbered id": re.compile(r"\b[a-z]+-\d+\b"),  # captain-9, intrigue-12
    "internal name": re.compile(r"\b[a-z]+_[a-z_]+\b"),  # discard_god, uswap_opp
    "region id": re.compile(r"\b(?:ba|el|ph|g|a|uw|at|hx)\d{1,2}\b"),  # ba1, g3
    "tuple": re.compile(r"\(\d+, ?\d+\)|\[\d+(?:, ?\d+)*\]|\['"),
    "zero-based seat": re.compile(r"\b[Ss]eat \d\b|\bP\d\b|#\d\b|@\d\b"),
    "decision name": re.compile(r"must answer '"),
}
TYPED = re.compile(r"\(type: [^)]*\)")
PROMPT = re.compile(r"^> |\]> ")
MENU = re.compile(r"^\s*1[.)]\s")  # a menu's first line
NEWS = re.compile(r"^  · |^[●■▲◆★✚]Player \d")


def identifiers(text: str) -> list[tuple[str, str, str]]:
    """(what, token, line) for each identifier-like token in `text`, but for
    the notation shown to be typed ("(type: band elf:rhea)")."""
    found = []
    for line in TYPED.sub("", text).splitlines():
        for what, pattern in IDENTIFIERS.items():
            for m in pattern.finditer(line):
                found.append((what, m.group(0), line))
    return found


class Answers:
    """Fake stdin: a random menu number (1-3 mostly), a few commands."""

    def __init__(self, seed: int, limit: int = 40000) -> None:
        self.rng, self.n, self.limit = random.Random(seed), 0, limit

    def readline(self) -> str:
        self.n += 1
        if self.n > self.limit:
            return ""
        if self.n in COMMANDS:
            return COMMANDS[self.n] + "\n"
        return str(self.rng.choice((1, 1, 2, 3))) + "\n"


def play(game: str, width: int, seed: int, monkeypatch) -> str:
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setenv("LINES", "24")
    monkeypatch.setattr(advisor_terminal, "ITERATIONS", 20)
    module = importlib.import_module(f"meeple.terminal.{game}")
    out = io.StringIO()
    args = SimpleNamespace(players=GAMES[game], seat=0, seed=seed, bot="random")
    assert module.play(args, stdin=Answers(seed), stdout=out) == 0
    return out.getvalue()


@pytest.mark.parametrize("width", [80, 100])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_reads_in_words_and_fits(game, width, monkeypatch):
    text = play(game, width, 7, monkeypatch)
    assert "Traceback" not in text
    assert re.search(r"Winner|Shared win|Game over", text), text[-2000:]
    assert "…" not in text, [line for line in text.splitlines() if "…" in line][:5]
    # (a line after a prompt starts on the prompt's line: the answer typed is not echoed;
    # a line's width is the cells it takes, two for a Japanese character)
    assert all(cell_len(line.removeprefix("> ")) <= width for line in text.splitlines())
    found = identifiers(text)
    assert not found, found[:10]
    assert "advisor's best moves" in text  # the hint was asked, and said in words


@pytest.mark.parametrize("game", list(GAMES))
def test_the_last_moves_stay_on_an_80x24_screen(game, monkeypatch):
    """Each question with its menu and the turn's line takes less than the
    24 lines of the screen, so that above it the last of what happened since
    the person's previous answer stays in view."""
    lines = play(game, 80, 11, monkeypatch).splitlines()
    start, checked = 0, 0
    for i, line in enumerate(lines):
        if not PROMPT.search(line):
            continue
        news = [j for j in range(start, i) if NEWS.search(lines[j])]
        menu = [j for j in range(start, i) if MENU.search(lines[j])]
        if news and menu and news[-1] < menu[-1]:
            assert i - menu[-1] < 22, "\n".join(lines[max(0, i - 30) : i + 1])
            checked += 1
        start = i + 1
    assert checked > 20


def test_identifiers_are_caught():
    """The check above can fail: each kind of identifier is found."""
    for said in (
        "Selected: wingfolk:duris",
        "1: bid captain-8",
        "Your move (uswap_opp)",
        "regions ba1 ba2 g3",
        "detail (1, 2)",
        "wrong token for seat 0",
        "seat 0 must answer 'turn'",
    ):
        assert identifiers(said), said
    assert not identifiers("Babylon 1, Gaia 5; Uprising captain 9; Player 2 (you) ×2")

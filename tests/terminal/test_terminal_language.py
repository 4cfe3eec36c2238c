"""A whole game at the terminal in Japanese and in Russian (`meeple play
--lang`): every word on the screen comes from the catalogs. Played to the end
with answers picked from the menus and a few commands, the screen holds no
English word but the notation a player types (quoted, or after "(type:"),
the bot's name given with --bot, and Roman numerals; and no catalog key."""

from __future__ import annotations

import importlib
import io
import random
import re
from types import SimpleNamespace

import pytest
from rich.cells import cell_len

from meeple.advisor import terminal as advisor_terminal

GAMES = {"ethnos": 3}  # the games whose every word is in the catalogs so far (players)
COMMANDS = {3: "help", 5: "hint", 9: "board", 12: "rules", 14: "info centaur"}
TYPED = re.compile(r"「[^」]*」|«[^»]*»|\((?:入力|ввод): [^)]*\)|\]> .*$", re.M)  # what a player types, quoted
ALLOWED = {"random"}  # the bot named on the command line
ROMAN = re.compile(r"^[IVX]+$")
KEY = re.compile(r"\b(?:terminal|common|page|report|ethnos|okc|anunnaki)\.[a-z0-9_.]+\b")


class Answers:
    def __init__(self, seed: int) -> None:
        self.rng, self.n = random.Random(seed), 0

    def readline(self) -> str:
        self.n += 1
        if self.n > 40000:
            return ""
        return COMMANDS.get(self.n, str(self.rng.choice((1, 1, 2, 3)))) + "\n"


def play(game: str, lang: str, monkeypatch, width: int = 100) -> str:
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setenv("LINES", "24")
    monkeypatch.setattr(advisor_terminal, "ITERATIONS", 20)
    module = importlib.import_module(f"meeple.terminal.{game}")
    out = io.StringIO()
    args = SimpleNamespace(players=GAMES[game], seat=0, seed=5, bot="random", lang=lang)
    assert module.play(args, stdin=Answers(5), stdout=out) == 0
    return out.getvalue()


def english_words(text: str) -> dict[str, str]:
    """Latin words outside what a player types, each with a line it is on."""
    found = {}
    for line in TYPED.sub("", text).splitlines():
        for word in re.findall(r"[A-Za-z]+", line):
            if word not in ALLOWED and not ROMAN.match(word):
                found.setdefault(word, line)
    return found


@pytest.mark.parametrize("lang", ["ja", "ru"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_reads_in_the_language(game, lang, monkeypatch):
    text = play(game, lang, monkeypatch)
    assert "Traceback" not in text
    assert {"ja": "最終順位", "ru": "Итоговые места"}[lang] in text  # played to its end
    assert "…" not in text
    assert all(cell_len(line.split("]> ")[-1]) <= 100 for line in text.splitlines())
    found = english_words(text)
    assert not found, list(found.items())[:15]
    assert not KEY.findall(text)


def test_the_check_sees_english_and_keys():
    assert english_words("Ваша рука (3): Troll of Rhea") == {"Troll": "Ваша рука (3): Troll of Rhea", "of": "Ваша рука (3): Troll of Rhea", "Rhea": "Ваша рука (3): Troll of Rhea"}  # fmt: skip
    assert not english_words("入力は「recruit troll:rhea」 (入力: band elf:rhea) 時代 II [1-7]> hint")
    assert KEY.findall("Рынок: terminal.ethnos.market")


def test_japanese_columns_are_laid_out_by_cells(monkeypatch):
    """At 80 columns the Japanese tables fit by the cells they take."""
    text = play("ethnos", "ja", monkeypatch, width=80)
    assert all(cell_len(line.split("]> ")[-1]) <= 80 for line in text.splitlines())
    assert "…" not in text

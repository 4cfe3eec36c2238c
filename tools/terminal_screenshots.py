"""Screenshots of a terminal game (`meeple play`) in each language: the end of
a game played with answers picked from the menus, as an SVG (rich's export,
the terminal's colours) and as plain text:
docs/screenshots/terminal-<game>-<lang>.svg and .txt.

    PYTHONPATH=src python tools/terminal_screenshots.py [--games ethnos] [--langs ja ru] [--out docs/screenshots]

The game is played by the terminal table itself (meeple.terminal.<game>.play)
at 100x40, with a fixed seed; the last 40 lines it printed are the picture.
"""

from __future__ import annotations

import argparse
import importlib
import io
import os
import random
from pathlib import Path
from types import SimpleNamespace

from rich.console import Console
from rich.text import Text

ROOT = Path(__file__).resolve().parent.parent
WIDTH, HEIGHT = 100, 40
PLAYERS = {"ethnos": 3, "okc": 3, "anunnaki": 3}
SEED = 5


class Answers:
    """Menu numbers picked at random (1-3, mostly 1), as a person might."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def readline(self) -> str:
        return str(self.rng.choice((1, 1, 2, 3))) + "\n"


def played(game: str, lang: str) -> str:
    """What the table printed, with its colours (ANSI)."""
    os.environ.update(COLUMNS=str(WIDTH), LINES=str(HEIGHT), FORCE_COLOR="1", TERM="xterm-256color")
    out = io.StringIO()
    args = SimpleNamespace(players=PLAYERS[game], seat=0, seed=SEED, bot="random", lang=lang)
    importlib.import_module(f"meeple.terminal.{game}").play(args, stdin=Answers(SEED), stdout=out)
    return out.getvalue()


def shoot(game: str, lang: str, out: Path) -> list[Path]:
    screen = "\n".join(played(game, lang).splitlines()[-HEIGHT:])
    console = Console(record=True, width=WIDTH, file=io.StringIO(), force_terminal=True, color_system="truecolor")
    console.print(Text.from_ansi(screen), soft_wrap=True)
    svg, txt = out / f"terminal-{game}-{lang}.svg", out / f"terminal-{game}-{lang}.txt"
    console.save_svg(str(svg), title=f"meeple play {game} --lang {lang}", clear=False)
    console.save_text(str(txt))
    return [svg, txt]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", nargs="+", default=["ethnos"])
    p.add_argument("--langs", nargs="+", default=["ja", "ru"])
    p.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = p.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for game in args.games:
        for lang in args.langs:
            for path in shoot(game, lang, args.out):
                print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


if __name__ == "__main__":
    main()

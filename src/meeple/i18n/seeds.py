"""Where a glossary term comes from: a line of a rulebook in shared/seeds.

A citation reads "003:800" (seed 003, line 800) or, where the rulebook prints
the word inflected or spelled otherwise in that line, "001:434 Рее" (the
form printed). An empty citation means the word is translated (no seed line
has it); its note says why.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

SEED_FILES = {
    "000": "000_005d3a05629786f5.txt",  # Ethnos rulebook (Japanese)
    "001": "001_270b09f36a6ad061.txt",  # Ethnos rulebook (Russian)
    "002": "002_399ae92c858aab1c.txt",  # Ethnos Fairy promo (Japanese)
    "003": "003_93bf7ac84d3b8ccf.txt",  # Anunnaki rulebook (Japanese)
    "004": "004_35fe8bbedc5ba151.txt",  # The Old King's Crown rulebook (Japanese)
}


@dataclass(frozen=True)
class Cite:
    seed: str  # "000".."004"
    line: int  # 1-based
    printed: str | None = None  # the form the line prints, when not the catalog's word

    @property
    def file(self) -> str:
        return SEED_FILES[self.seed]

    def __str__(self) -> str:
        return f"{self.file}:{self.line}" + (f" ({self.printed})" if self.printed else "")


def parse(cite: str) -> Cite | None:
    """ "003:800" -> Cite("003", 800); "" -> None (translated)."""
    if not cite:
        return None
    where, _, printed = cite.partition(" ")
    seed, _, line = where.partition(":")
    if seed not in SEED_FILES or not line.isdigit():
        raise ValueError(f"bad citation {cite!r}: write SEED:LINE, e.g. 003:800")
    return Cite(seed, int(line), printed or None)


def seeds_dir() -> Path | None:
    """shared/seeds: $MEEPLE_SEEDS, else a `shared/seeds` beside this checkout
    or one of its parents (the seeds are not part of the repository)."""
    env = os.environ.get("MEEPLE_SEEDS")
    if env:
        return Path(env)
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "shared" / "seeds"
        if candidate.is_dir():
            return candidate
    return None

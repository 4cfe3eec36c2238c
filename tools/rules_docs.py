"""Write docs/rules/<game>.md from the game's rules summary and glossary
(src/meeple/games/<game>/rules.json), so the docs say exactly what the table
says. `--check` exits 1 when a page is out of date (the tests run it).

    python tools/rules_docs.py           # rewrite the three pages
    python tools/rules_docs.py --check   # are they up to date?
"""

from __future__ import annotations

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "src"))

from meeple.games import glossary  # noqa: E402

HEAD = "<!-- Written by tools/rules_docs.py from src/meeple/games/{game}/rules.json: edit that file, then run the tool. -->"


def markdown(game: str) -> str:
    rules = glossary.load(game)
    out = [HEAD.format(game=game), "", f"# {rules.title}: the rules at hand", ""]
    out.append(
        "What the table shows under `rules` (terminal) and the Rules button (page), and what `info NAME` "
        "explains. Each part names the rulebook (the seeds in `shared/seeds`), the section and the line it "
        "comes from; the rulebooks are the authority."
    )
    out += ["", "## The rules in short", ""]
    for s in rules.summary:
        out += [f"### {s.title}", ""]
        out += [f"- {text}" for _, text in s.sentences]
        out += ["", f"*From: {s.cited()}*", ""]
    out += ["## Glossary", ""]
    for kind, heading in rules.kinds().items():
        out += [f"### {heading}", ""]
        for e in rules.entries:
            if e.kind != kind:
                continue
            also = f" (also: {', '.join(e.aliases)})" if e.aliases else ""
            out += [f"**{e.name}**{also}: {e.text}", f"*From: {e.cited()}*", ""]
    return "\n".join(out).rstrip() + "\n"


def path(game: str) -> str:
    return os.path.join(ROOT, "docs", "rules", f"{game}.md")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if a page is out of date")
    args = ap.parse_args(argv)
    stale = []
    for game in glossary.GAMES:
        text = markdown(game)
        try:
            with open(path(game), encoding="utf-8") as f:
                same = f.read() == text
        except FileNotFoundError:
            same = False
        if args.check:
            if not same:
                stale.append(path(game))
        elif not same:
            with open(path(game), "w", encoding="utf-8") as f:
                f.write(text)
            print("wrote", os.path.relpath(path(game), ROOT))
    if stale:
        print("out of date (run tools/rules_docs.py):", ", ".join(os.path.relpath(p, ROOT) for p in stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

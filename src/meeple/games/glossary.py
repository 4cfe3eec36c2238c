"""The rules at hand: each game's rules summary and the glossary of its terms,
as a person reads them at the table (`rules`, `info TERM`, the page's Rules
panel, the powers shown beside tribes, factions and gods).

The words are declared once per game, in `<game>/rules.json`; this module
only reads and looks them up. Every sentence has its own id (a catalog key
for translation: `<game>.<entry>.<sentence>`); an entry's name is one catalog
term: `<game>.<entry>`, or the game term it is (`"term": "ethnos.token.troll"`
for the troll token), so a thing has one name in every language. Every entry and summary
section names the seed (the Japanese or Russian rulebook the rules come from),
its section heading and the line, with a few words of that line so that a test
can check the citation against the seed file.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import unicodedata
from dataclasses import dataclass
from functools import cache

GAMES = ("ethnos", "okc", "anunnaki")
HERE = os.path.dirname(__file__)

# the seeds (shared/seeds/README.md), by the short name rules.json uses
SEEDS = {
    "000": "000_005d3a05629786f5.txt",
    "001": "001_270b09f36a6ad061.txt",
    "002": "002_399ae92c858aab1c.txt",
    "003": "003_93bf7ac84d3b8ccf.txt",
    "004": "004_35fe8bbedc5ba151.txt",
}
SEED_TITLE = {
    "000": "Ethnos rulebook (Japanese)",
    "001": "Ethnos rulebook (Russian)",
    "002": "Ethnos Fairy promo rules (Japanese)",
    "003": "Anunnaki rulebook (Japanese)",
    "004": "The Old King's Crown rulebook (Japanese)",
}


@dataclass(frozen=True)
class Source:
    """Where a text comes from: seed `seed` (a SEEDS key), under the heading
    `section`, at `line` (1-based), which contains `quote`."""

    seed: str
    line: int
    section: str
    quote: str

    def words(self) -> str:
        return f"{SEED_TITLE[self.seed]}, “{self.section}”, line {self.line}"

    def as_json(self) -> dict:
        return {
            "seed": SEEDS[self.seed],
            "title": SEED_TITLE[self.seed],
            "section": self.section,
            "line": self.line,
            "words": self.words(),
        }


def cite(sources: tuple[Source, ...]) -> str:
    """Sources in words, one seed named once: 'Ethnos rulebook (Japanese):
    “ケンタウロス族”, line 347; Ethnos rulebook (Russian): ...'."""
    by_seed: dict[str, dict[str, list[int]]] = {}
    for s in sources:
        by_seed.setdefault(s.seed, {}).setdefault(s.section, []).append(s.line)
    return "; ".join(
        f"{SEED_TITLE[seed]}: "
        + ", ".join(
            f"“{section}”, line{'s' if len(lines) > 1 else ''} {', '.join(map(str, lines))}"
            for section, lines in sections.items()
        )
        for seed, sections in by_seed.items()
    )


@dataclass(frozen=True)
class Entry:
    """One glossary term: what it is called, what else it may be typed as,
    and what it is and does, sentence by sentence."""

    game: str
    id: str  # "<kind>.<name>", e.g. "tribe.centaur"
    kind: str  # tribe, kingdom, faction, god, weapon, tile, location, ...
    name: str
    aliases: tuple[str, ...]
    sentences: tuple[tuple[str, str], ...]  # (sentence id, English)
    sources: tuple[Source, ...]
    term: str = ""  # the catalog key of its name, when it is a game term declared under another key

    @property
    def name_key(self) -> str:
        """The catalog key of the entry's name."""
        return self.term or f"{self.game}.{self.id}"

    @property
    def text(self) -> str:
        return " ".join(s for _, s in self.sentences)

    def keys(self) -> list[str]:
        """The catalog key of each sentence, in order."""
        return [f"{self.game}.{self.id}.{sid}" for sid, _ in self.sentences]

    def cited(self) -> str:
        return cite(self.sources)

    def as_json(self) -> dict:
        return {
            "id": self.id,
            "kind": self.kind,
            "name": self.name,
            "name_key": self.name_key,
            "aliases": list(self.aliases),
            "text": self.text,
            "sentences": [{"key": k, "text": s} for k, (_, s) in zip(self.keys(), self.sentences, strict=True)],
            "sources": [s.as_json() for s in self.sources],
        }


@dataclass(frozen=True)
class Section:
    """One part of a game's rules summary (setup, a turn, the end...)."""

    game: str
    id: str
    title: str
    sentences: tuple[tuple[str, str], ...]
    sources: tuple[Source, ...]

    def keys(self) -> list[str]:
        return [f"{self.game}.summary.{self.id}.{sid}" for sid, _ in self.sentences]

    def cited(self) -> str:
        return cite(self.sources)

    def as_json(self) -> dict:
        return {
            "id": self.id,
            "title": self.title,
            "sentences": [{"key": k, "text": s} for k, (_, s) in zip(self.keys(), self.sentences, strict=True)],
            "sources": [s.as_json() for s in self.sources],
        }


@dataclass(frozen=True)
class Rules:
    game: str
    title: str
    summary: tuple[Section, ...]
    entries: tuple[Entry, ...]
    index: dict  # normalised name -> [Entry]

    def kinds(self) -> dict[str, str]:
        """Each kind of term, with its plural heading for a glossary list."""
        return {e.kind: KIND_HEADING.get(e.kind, e.kind.capitalize()) for e in self.entries}


KIND_HEADING = {
    "tribe": "Tribes",
    "kingdom": "Kingdoms",
    "component": "Components and tokens",
    "term": "Terms",
    "faction": "Factions",
    "card": "Faction cards",
    "trait": "Traits",
    "command": "Commands",
    "region": "Regions",
    "location": "Locations",
    "council": "Councils",
    "suit": "Kingdom card suits",
    "house": "Houses",
    "god": "Gods",
    "weapon": "Weapons",
    "tile": "Action tiles",
    "track": "Tracks",
    "artifact": "Artifacts",
    "objective": "Objective tiles",
    "action": "Actions",
}


def norm(text: str) -> str:
    """A name as looked up: case, width, apostrophes, '_', '-' and spacing
    do not matter ("Kingdom's Favour", "kingdoms_favour" and "KINGDOMS
    FAVOUR" are one name)."""
    t = unicodedata.normalize("NFKC", text).casefold()
    t = t.replace("’s", "").replace("'s", "").replace("’", "").replace("'", "")
    t = re.sub(r"[\s_\-–—/()\[\],;:!?「」『』]+", " ", t)
    return t.strip(" .!?")


def _singulars(word: str) -> list[str]:
    """English plural endings a person may type ("dwarves", "relics" -> ...)."""
    out = []
    for tail, repl in (("ves", "f"), ("ies", "y"), ("es", ""), ("s", "")):
        if word.endswith(tail) and len(word) > len(tail) + 2:
            out.append(word[: -len(tail)] + repl)
    return out


def _sentences(raw: dict, where: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(raw, dict) or not raw:
        raise ValueError(f"{where}: 'text' must be a non-empty object of sentence id -> sentence")
    for sid, s in raw.items():
        if not re.fullmatch(r"[a-z0-9_]+", sid) or not isinstance(s, str) or not s.strip():
            raise ValueError(f"{where}: sentence {sid!r} must have an id of a-z, 0-9, _ and a text")
    return tuple(raw.items())


def _sources(raw: list, where: str) -> tuple[Source, ...]:
    if not raw:
        raise ValueError(f"{where}: every entry names the seed section it comes from")
    out = []
    for s in raw:
        if s.get("seed") not in SEEDS:
            raise ValueError(f"{where}: unknown seed {s.get('seed')!r}")
        out.append(Source(s["seed"], int(s["line"]), s["section"], s["quote"]))
    return tuple(out)


@cache
def load(game: str) -> Rules:
    """The rules summary and glossary of `game` (one of GAMES)."""
    if game not in GAMES:
        raise KeyError(f"no rules for {game!r}; known: {', '.join(GAMES)}")
    with open(os.path.join(HERE, game, "rules.json"), encoding="utf-8") as f:
        doc = json.load(f)
    summary = tuple(
        Section(game, s["id"], s["title"], _sentences(s["text"], s["id"]), _sources(s["sources"], s["id"]))
        for s in doc["summary"]
    )
    entries = []
    index: dict[str, list[Entry]] = {}
    for e in doc["terms"]:
        kind = e["id"].partition(".")[0]
        entry = Entry(
            game,
            e["id"],
            kind,
            e["name"],
            tuple(e.get("aliases", ())),
            _sentences(e["text"], e["id"]),
            _sources(e["sources"], e["id"]),
            e.get("term", ""),
        )
        entries.append(entry)
        for name in (entry.name, *entry.aliases, entry.id.replace(".", " ")):
            bucket = index.setdefault(norm(name), [])
            if entry not in bucket:
                bucket.append(entry)
    for entry in entries:  # an id's bare name ("shrines") only where no name or alias is spelt so
        index.setdefault(norm(entry.id.partition(".")[2]), [entry])
    ids = [e.id for e in entries]
    if len(set(ids)) != len(ids):
        raise ValueError(f"{game}: an entry id is declared twice")
    return Rules(game, doc["title"], summary, tuple(entries), index)


def entry(game: str, entry_id: str) -> Entry:
    """The entry of id `entry_id` ("tribe.centaur"); KeyError if none."""
    for e in load(game).entries:
        if e.id == entry_id:
            return e
    raise KeyError(f"{game} has no glossary entry {entry_id!r}")


# kinds a card id names first: "centaur:duris" is a centaur card, "nobility:captain-7" a captain
CARD_KINDS = ("tribe", "card")


def lookup(game: str, term: str) -> Entry | None:
    """The glossary entry `term` names in `game`, or None.

    Case, spacing, apostrophes and English plurals do not matter; an entry is
    found by its name, its id, any alias (the rulebooks' own words included),
    and by a card id in notation ("centaur:duris", "nobility:captain-7",
    "viking_helmet", "tile 3")."""
    found = lookup_all(game, term)
    return found[0] if found else None


def lookup_all(game: str, term: str) -> list[Entry]:
    """Every entry `term` may name, the best first (a name shared by two
    kinds, such as a Norse god and a weapon, gives both)."""
    rules = load(game)
    key = norm(term)
    if not key:
        return []
    for cand in _candidates(term, key):
        if cand in rules.index:
            return list(rules.index[cand])
    if ":" in term:  # a card id: the card's tribe or archetype first, then any part
        parts = [p for p in (_candidates(p, norm(p)) for p in term.split(":")) if p]
        hits = [e for cands in parts for c in cands for e in rules.index.get(c, [])]
        hits.sort(key=lambda e: e.kind not in CARD_KINDS)
        return list(dict.fromkeys(hits))
    if " of " in key:  # a card in words: "Troll of Rhea" is a troll card
        head = key.split(" of ")[0]
        for cand in _candidates(head, head):
            if cand in rules.index:
                return list(rules.index[cand])
    words = key.split()
    for i in range(1, len(words)):  # "nobility tactic 2", "clans favour": what the last words name
        rest = " ".join(words[i:])
        for cand in _candidates(rest, rest):
            if cand in rules.index:
                return list(rules.index[cand])
    return []


def _candidates(raw: str, key: str) -> list[str]:
    out = [key]
    out += [" ".join(key.split()[:-1] + [s]) for s in _singulars(key.split()[-1])]
    bare = re.sub(r"(\s*\d+)+$", "", key).strip()  # "captain 7", "follower-4"
    if bare and bare != key:
        out += [bare] + _singulars(bare)
    return out


def search(game: str, text: str) -> list[Entry]:
    """Entries whose name, alias or text contains every word of `text`,
    names first; else the entries of the names closest in spelling."""
    key = norm(text)
    words = list(dict.fromkeys(key.split()))
    if not words:
        return []
    rules = load(game)
    named, told = [], []
    for e, names, said in _haystacks(game):
        if all(w in names for w in words):
            named.append(e)
        elif all(w in said for w in words):
            told.append(e)
    if named or told:
        return named + told
    if len(key) > CLOSE_MAX:  # nothing is spelt that long: no name is close to it
        return []
    close = difflib.get_close_matches(key, list(rules.index), n=5, cutoff=0.75)
    return list(dict.fromkeys(e for k in close for e in rules.index[k]))


# the longest text compared by spelling (difflib's cost grows with its square)
CLOSE_MAX = 40


@cache
def _haystacks(game: str) -> tuple[tuple[Entry, str, str], ...]:
    """Each entry with its names and its text normalised, once: a search is
    asked for by anyone over HTTP (GET /api/rules/{game}/terms), and
    normalising every entry's text for every word of it took up to 90 ms."""
    return tuple((e, norm(" ".join((e.name, *e.aliases))), norm(e.text)) for e in load(game).entries)


def summary(game: str) -> tuple[Section, ...]:
    return load(game).summary


def short(game: str, entry_id: str) -> str:
    """An entry as one line: "Name: its text"."""
    e = entry(game, entry_id)
    return f"{e.name}: {e.text}"


def as_json(game: str) -> dict:
    """The whole summary and glossary of `game`, for the page (GET /api/rules/{game})."""
    rules = load(game)
    return {
        "game": game,
        "title": rules.title,
        "summary": [s.as_json() for s in rules.summary],
        "kinds": rules.kinds(),
        "terms": [e.as_json() for e in rules.entries],
    }

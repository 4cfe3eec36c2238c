"""Names, not ids (issue #19, "Words, not identifiers"): seeded random whole
games of OKC and Anunnaki (2 and 4 players) told through the narration the
terminal and the web log share (`core.present.narration` with the game's
`describe`), for every viewer, and the terminal menus built at every
decision of seat 0. No line may carry an internal id where the thing has a
name: an OKC card or kingdom card id ("captain-7", "trade-14",
"war-machine", "harvest-field", "nobility:heir"), an Anunnaki contract
("c19") or region ("ba2", "g12", "gaa"), a Python repr, or a decision name in
parentheses. Every menu line typed back as shown answers that line."""

from __future__ import annotations

import random
import re

import pytest

from meeple.core.present import narration
from meeple.games.anunnaki import new_game as anunnaki_game
from meeple.games.anunnaki import present as AP
from meeple.games.okc import cards as OC
from meeple.games.okc import data as OD
from meeple.games.okc import new_game as okc_game
from meeple.games.okc import present as OP
from meeple.games.okc.notation import action_word
from meeple.terminal import anunnaki as anunnaki_tui
from meeple.terminal import okc as okc_tui

SEATS = [{"name": f"P{i}"} for i in range(4)]

REPR = re.compile(r"[\[(]\(|\(\d+, |\['|\('|\{'|\bNone\b|\bTrue\b|\bFalse\b")
_HYPHENED = sorted(
    {w for w in OD.LOCATIONS if "-" in w} | {OC.local_name(g) for g in range(OC.NCARDS) if "-" in OC.local_name(g)},
    key=len,
    reverse=True,
)
OKC_IDS = re.compile(
    r"\b[a-z]+-\d+\b"  # captain-7, trade-14, follower-1
    r"|\b(?:nobility|clans|uprising|gathering):"  # nobility:heir
    r"|\b(?:" + "|".join(map(re.escape, _HYPHENED)) + r")\b"  # war-machine, harvest-field
)
ANUNNAKI_IDS = re.compile(
    r"\bc\d+\b|\b(?:ph|no|ba|el)\d\b|\bg\d+\b|\bga[ab]\b|\buw\b|\bk\d+\b"
    r"|\bspace \d+\b|\b(?:cube|from|to|on) \d+\b"  # a star space by its number: "space 7", "cube to 7"
)
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def bad_words(text: str, ids: re.Pattern, decisions) -> list[str]:
    found = [m.group(0) for pat in (REPR, ids, SNAKE) for m in pat.finditer(text)]
    return found + [f"({k})" for k in decisions if f"({k})" in text]


def play(new, players: int, seed: int, on_decision, **kw):
    """A seeded random game; `on_decision(state)` before every answer."""
    s = new(players, seed=seed, **kw)
    rng = random.Random(seed)
    while not s.is_terminal():
        on_decision(s)
        seat = s.decision().seats[-1]
        s.apply_action(rng.choice(s.legal_actions(seat)), seat)
    return s


def _told(s, present, players: int) -> list[str]:
    log = s.log()
    return [
        said["text"] for viewer in (None, *range(players)) for said in narration(log, present.describe, SEATS, viewer)
    ]


@pytest.mark.parametrize("players, seed", [(2, 11), (4, 12), (2, 13), (4, 14)])
def test_okc_narration_and_menus_name_things(players, seed):
    menus: list[tuple[str, list]] = []

    def look(s):
        if 0 in s.decision().seats:
            lines = okc_tui.menu_lines(s, 0)
            menus.append((s.decision().kind, lines))
            words = [action_word(s, a, s.decision().kind, 0) for a, _, _ in lines]
            fac = OD.FACTIONS[s.factions[0]]
            acts = [a for a, _, _ in lines]
            for a, said, _effect in lines:  # the line as shown answers it
                assert okc_tui._menu_match(said, acts, words, fac) == a, (said, [x[1] for x in lines])

    s = play(okc_game, players, seed, look, rounds=4)
    assert menus
    for text in _told(s, OP, players):
        assert not bad_words(text, OKC_IDS, OP.PROMPTS), (text, bad_words(text, OKC_IDS, OP.PROMPTS))
    for kind, lines in menus:
        for _a, said, effect in lines:
            line = f"{said}  {effect}"
            assert not bad_words(line, OKC_IDS, OP.PROMPTS), (kind, line, bad_words(line, OKC_IDS, OP.PROMPTS))


def test_okc_face_down_menu_takes_the_card_name_alone():
    """At the face-down step 'captain 7' (or 'Nobility captain 7', or the id
    'captain-7') places the card its menu shows as 'Place Nobility captain 7'."""
    s = okc_game(2, seed=3, rounds=4, factions=["nobility", "clans"])
    rng = random.Random(3)
    while not (s.decision().kind == "facedown" and 0 in s.decision().seats):
        seat = s.decision().seats[-1]
        s.apply_action(rng.choice(s.legal_actions(seat)), seat)
    lines = okc_tui.menu_lines(s, 0)
    acts = [a for a, _, _ in lines]
    words = [action_word(s, a, "facedown", 0) for a in acts]
    for a, said, _ in lines:
        assert said.startswith("Place Nobility ")
        name = said.removeprefix("Place ")
        for typed in (name, name.removeprefix("Nobility "), name.removeprefix("Nobility ").replace(" ", "-"), said):
            assert okc_tui._menu_match(typed, acts, words, "nobility") == a, typed


@pytest.mark.parametrize("players, seed", [(2, 11), (4, 12), (2, 13), (4, 14)])
def test_anunnaki_narration_and_menus_name_things(players, seed):
    menus: list[list] = []

    def look(s):
        if 0 in s.decision().seats and s.decision().seats[-1] == 0:
            menu = anunnaki_tui._menu(s, 0)
            menus.append(menu)
            for a, said in menu:  # the line as shown answers it (when no other line reads alike)
                if sum(x[1] == said for x in menu) == 1:
                    assert anunnaki_tui._typed(s, 0, menu, said) == a, said

    s = play(anunnaki_game, players, seed, look)
    assert menus
    for text in _told(s, AP, players):
        assert not bad_words(text, ANUNNAKI_IDS, AP.PROMPT), (text, bad_words(text, ANUNNAKI_IDS, AP.PROMPT))
    for menu in menus:
        for _a, said in menu:
            assert not bad_words(said, ANUNNAKI_IDS, AP.PROMPT), (said, bad_words(said, ANUNNAKI_IDS, AP.PROMPT))


def test_anunnaki_regions_and_contracts_read_as_names():
    assert AP.region_name("ba2") == "Babylon 2" and AP.region_name("g12") == "Gaia 12"
    assert AP.region_name("gaa") == "Atlantis A" and AP.region_name("uw") == "the Underworld"
    assert AP.describe(("contract", 0, "c12", None), SEATS, None)["text"] == (
        "P0 takes the contract “2 gold + 1 metal → move 2” (no house)"
    )
    assert AP.describe(("move", 1, "ph1>g5", None), SEATS, None)["text"] == "P1 moves a unit from Pharaos 1 to Gaia 5"


def _to_decision(kinds: tuple[str, ...], seed: int):
    s = anunnaki_game(2, seed=seed)
    rng = random.Random(seed)
    while not s.is_terminal() and s.decision().kind not in kinds:
        seat = s.decision().seats[-1]
        s.apply_action(rng.choice(s.legal_actions(seat)), seat)
    return s


def test_anunnaki_star_spaces_read_as_the_tiles_they_join():
    """A star space is told by the two tiles its line joins and its mana, the
    same words in the log, a forced answer and the menu; never 'space 7'."""
    from meeple.games.anunnaki.data import DATA

    sp = next(i for i, x in enumerate(DATA.spaces) if x[2])
    mana = DATA.spaces[sp][2]
    said = AP.describe(("cube", 0, (sp, 2, 9), None), SEATS, None)["text"]
    assert said == f"P0 places a cube on the space between tile 2 (Move) and tile 9 (Domination) (+{mana} mana)"
    forced = AP.describe(("forced", 0, ("cube_from", f"cube from {sp}", (3, 5)), 0), SEATS, 0)["text"]
    assert forced.endswith(": take the cube from the space between tile 3 (Move) and tile 5 (Harvest)"), forced
    s = anunnaki_game(2, seed=1)
    a, b, _ = DATA.spaces[sp]
    assert s.space_tiles(sp) == tuple(sorted((s.arrangement[a], s.arrangement[b])))
    s = _to_decision(("cube_to",), 4)
    assert s.decision().kind == "cube_to"
    for _a, line in anunnaki_tui._menu(s, 0 if 0 in s.decision().seats else 1):
        assert re.fullmatch(
            r"Put the cube on the space between tile \d+ \(\w+\) and tile \d+ \(\w+\)( \(\+\d mana\))?", line
        ), line


def test_anunnaki_cube_event_names_the_tiles_of_its_space():
    """Every cube placed in a played game is told with the tiles of the
    arrangement its space lies between."""
    s = play(anunnaki_game, 2, 11, lambda s: None)
    cubes = [ev for ev in s.log() if ev[0] == "cube"]
    assert cubes
    for ev in cubes:
        sp, x, y = ev[2]
        assert (x, y) == s.space_tiles(sp)
        text = AP.describe(ev, SEATS, None)["text"]
        assert f"between tile {x} (" in text and f"and tile {y} (" in text


def test_anunnaki_star_table_names_no_space_numbers():
    s = anunnaki_game(2, seed=1)
    from rich.console import Console

    con = Console(width=200, record=True)
    con.print(anunnaki_tui.render_star(s.view(0), 0))
    text = con.export_text()
    assert "to tile " in text and not re.search(r"space \d", text), text

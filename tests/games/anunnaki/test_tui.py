"""The terminal table plays a whole game from a script of answers."""

from __future__ import annotations

import io
from types import SimpleNamespace

from meeple.terminal.anunnaki import play


def test_a_full_game_in_the_terminal():
    out = io.StringIO()
    args = SimpleNamespace(players=2, seat=0, seed=5, bot="random")
    code = play(args, stdin=io.StringIO("help\nnonsense\n" + "1\n" * 20000), stdout=out)
    text = out.getvalue()
    assert code == 0
    assert "Final scoring (VP by source)" in text and "Winner: " in text and "Total" in text
    assert "'nonsense' is not on the menu" in text  # the bad answer was refused, nothing applied
    assert "discard_god" not in text  # ... in words, not by the decision's internal name


def test_a_menu_line_is_answered_by_the_name_of_what_it_is_about():
    """'anu' discards the god Anu (its line: 'Discard Anu: ...'); 'tile 2' (the
    notation) moves the pawn; a region's name as the map shows it picks it
    ('babylon 1', 'Babylon 2')."""
    out = io.StringIO()
    args = SimpleNamespace(players=4, seat=0, seed=9, bot="random")
    play(args, stdin=io.StringIO("anu\ntile 2\nbabylon 1\nBabylon 2\nquit\n"), stdout=out)
    text = " ".join(out.getvalue().split())
    assert "Babylon (you) discards the god Anu" in text
    assert "Babylon (you) moves the pawn to tile 2" in text
    assert "Babylon (you) moves a unit from Babylon 1 to Babylon 2" in text and "not on the menu" not in text


def test_bad_flags():
    out = io.StringIO()
    assert play(SimpleNamespace(players=7, seat=0, seed=1, bot="random"), stdin=io.StringIO(""), stdout=out) == 2
    assert play(SimpleNamespace(players=2, seat=3, seed=1, bot="random"), stdin=io.StringIO(""), stdout=out) == 2
    assert "Traceback" not in out.getvalue()


def test_quit():
    out = io.StringIO()
    assert play(SimpleNamespace(players=3, seat=1, seed=2, bot="random"), stdin=io.StringIO("quit\n"), stdout=out) == 0


def test_info_tells_what_things_do():
    out = io.StringIO()
    play(
        SimpleNamespace(players=2, seat=0, seed=5, bot="random"),
        stdin=io.StringIO(
            "info anubis\ninfo ra\ninfo long shield\ninfo c1\ninfo horn of plenty\n"
            "info shrines\ninfo tile 3\ninfo nothing\nquit\n"
        ),
        stdout=out,
    )
    text = " ".join(out.getvalue().split())
    assert "— a god of Pharaos" in text and "the major god of Pharaos" in text
    assert "Weapon Long shield — strength 2" in text and "Norrenis house" in text
    assert "Artifact Horn of Plenty:" in text and "Objective Shrines:" in text
    assert "Tile 3: Move 3" in text and "Nothing is called 'nothing'" in text


def test_the_table_shows_what_a_player_needs(monkeypatch):
    """Neighbours of every region, your gods and weapons in words, the tracks
    with their multipliers, domination with its VP and the lightning."""
    monkeypatch.setenv("COLUMNS", "220")
    out = io.StringIO()
    play(SimpleNamespace(players=2, seat=0, seed=5, bot="random"), stdin=io.StringIO("1\n" * 8 + "quit\n"), stdout=out)
    text = " ".join(out.getvalue().split())
    assert "neighbours" in text and "Your minor gods to summon: - " in text
    assert "Your weapons: - " in text and "— strength " in text
    assert "War track: step 0 (multiplier ×0)" in text
    assert "Domination: " in text and "lightning at" in text and "contracts on display:" in text


def _whole_game_text(monkeypatch, seed: int = 3, players: int = 2) -> str:
    monkeypatch.setenv("COLUMNS", "240")
    out = io.StringIO()
    play(SimpleNamespace(players=players, seat=0, seed=seed, bot="random"), stdin=io.StringIO("1\n" * 3000), stdout=out)
    return out.getvalue()


def test_the_table_names_houses_not_seat_numbers(monkeypatch):
    """Whose turn, whose units and settlements, the players' rows: by house
    ("Babylon's turn (you)", "Babylon: 2 followers"), never "seat 0", "0:2f",
    a settlement owner 0 or a house in lower case; gods by name, not "MAJOR"."""
    import re

    raw = _whole_game_text(monkeypatch)
    text = " ".join(raw.split())
    assert "Babylon's turn (you)" in text and "you play the house of Babylon" in text
    assert "Babylon: 2 followers" in text and "Babylon (you)" in text
    assert "turn of seat" not in text and not re.search(r"\b\d:\d*f\b", text)
    assert not re.search(r"\b(babylon|ellenys|pharaos|norrenis)\b", text)  # always capitalized, as names
    assert "MAJOR" not in text and "+god" not in text
    capital = [line for line in raw.splitlines() if "capital of Babylon" in line]
    assert capital and all(re.search(r"\s{2}Babylon\s{2,}2, 3, 4\s", line) for line in capital)  # owner by house


def test_the_action_star_objectives_and_gods_are_told_in_words(monkeypatch):
    """The action star says in words where each line leads and what a cube there
    gives; the objectives say what they count; free summons are words, not "free:0";
    a face-down ancient tile is called so; a god's effect has no data notes."""
    import re

    text = " ".join(_whole_game_text(monkeypatch).split())
    assert not re.search(r"\d+\(\d+:[\d#]+\)", text) and "(space:mana)" not in text
    assert (
        "to tile 5 (+1 mana)" in text
        and not re.search(r"space \d", text)
        and "puts one of your cubes on that line's space" in text
    )
    assert "cubes placed" in text
    assert "objectives: war=" not in text and "=settlements" not in text
    assert "war track scores settlements on planets" in text and "1 per 2" in text
    assert "its objective counts" in text and "objective settlements" not in text
    assert not re.search(r"free:\d", text) and "face-down ancient tile" in text and "ancient ?" not in text
    assert "Icon-only" not in text and "+2 dom)" not in text and "placeholder" not in text
    assert "F W M G" not in text and "food wood metal gold" in text
    assert re.search(r"\d+ VP, \d+ food, \d+ wood, \d+ metal, \d+ gold, \d+ mana", text)


def test_free_summons_and_hidden_weapons_in_words():
    from rich.console import Console

    from meeple.games.anunnaki.state import new_game
    from meeple.terminal.anunnaki import render_players, render_star, weapons_words

    s = new_game(2, seed=5)
    s.seats[0]["free_minor"] = 1
    s.seats[0]["free_major"] = True
    out = io.StringIO()
    Console(file=out, width=300).print(render_players(s.view(0), 0))
    text = " ".join(out.getvalue().split())
    assert "may summon free: 1 minor god and the major god" in text
    assert weapons_words(["long_shield", "?", "?"]) == "Long shield, 2 hidden advanced weapons"
    s.seats[0]["cubes"] = [0]
    out = io.StringIO()
    Console(file=out, width=300).print(render_star(s.view(0), 0))
    assert "(your cube is there)" in out.getvalue()


def test_an_80_column_terminal_cuts_no_word_short():
    """Where the players and regions tables do not fit, the players turn on
    their side (a column per house) and the regions take four columns:
    every house, region and god whole, no "Baby…"."""
    from rich.console import Console

    from meeple.games.anunnaki.state import new_game
    from meeple.terminal.anunnaki import render

    s = new_game(4, seed=3)
    for width in (80, 300):
        out = io.StringIO()
        Console(file=out, width=width).print(render(s.view(0), 0))
        text = out.getvalue()
        assert "…" not in text, text
        assert max(len(line) for line in text.splitlines()) <= width
        lines = [line.split() for line in text.splitlines()]
        if width == 80:
            assert ["units", "and"] in [ln[:2] for ln in lines]  # the regions in four columns
            assert any(ln[:2] == ["cubes", "placed"] and ln.count("of") == 4 for ln in lines)  # a column per house
        else:
            assert any(ln[:3] == ["region", "board", "harvest"] for ln in lines)
            assert any(ln[:2] == ["house", "VP"] for ln in lines)

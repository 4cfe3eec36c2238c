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
    assert "War track: step 0 (multiplier x0)" in text
    assert "Domination: " in text and "lightning at" in text and "contracts on display:" in text

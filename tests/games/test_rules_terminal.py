"""`rules` and `info NAME` at the three terminal tables: the rules summary and
the glossary, each with its rulebook section, and never a decision's internal
name (`info centaur` once answered "seat 0 must answer 'turn'")."""

from __future__ import annotations

import io
from types import SimpleNamespace

from meeple.games import glossary as G


def _words(text: str) -> str:
    return " ".join(text.split())


def test_ethnos_info_and_rules():
    from meeple.terminal import ethnos

    args = SimpleNamespace(game="ethnos", players=3, seat=0, seed=4, tribes=None, fairy=False, bot="random")
    lines = iter(["info centaur", "info Dwarves", "info гномы", "info", "info cntaur", "rules", "help", "quit"])

    class Lines:
        def readline(self):
            return next(lines, "") + "\n"

    out = io.StringIO()
    assert ethnos.play(args, stdin=Lines(), stdout=out) == 0
    text = _words(out.getvalue())
    assert "must answer" not in text and "Not a legal answer" not in text
    assert _words(G.short("ethnos", "tribe.centaur")) in text
    assert "From: Ethnos rulebook (Japanese): “ケンタウロス族”, line 347" in text
    assert text.count("Dwarf: A band led by a dwarf") == 2  # English plural and the Russian rulebook's word
    assert "Type 'info' and a name" in text
    assert "Nothing is called 'cntaur'. Did you mean: Centaur?" in text
    for section in G.summary("ethnos"):
        assert section.title in text and _words(section.sentences[0][1]) in text
    assert "rules the rules in short" in text
    # before the first turn: the powers of the tribes in this game
    from meeple.games.ethnos import data, new_game

    start = text[text.index("The tribes in this game:") : text.index("'info NAME' for any name")]
    for t in new_game(3, seed=4).tribes:
        assert _words(G.short("ethnos", f"tribe.{data.TRIBES[t]}")) in start


def test_okc_info_answers_the_terms_a_new_player_asked_for():
    from meeple.terminal.okc import play

    out = io.StringIO()
    asked = "info Pathfinder\ninfo Resilient\ninfo Highlands\ninfo Relics\ninfo lore\ninfo heir\nrules\nquit\n"
    play(SimpleNamespace(players=2, seat=0, seed=3, bot="random"), stdin=io.StringIO(asked), stdout=out)
    text = _words(out.getvalue())
    for entry in ("trait.pathfinder", "trait.resilient", "region.highlands", "council.relics", "term.lore"):
        assert _words(G.short("okc", entry)) in text, entry
    # the heir: the rulebook's words, then the card data's numbers for this faction's heir
    assert _words(G.short("okc", "card.heir")) in text and "As played here: " in text
    assert "From: The Old King's Crown rulebook (Japanese): “Pathfinder”, line 394" in text
    assert "Summer: the clashes" in text


def test_anunnaki_info_and_rules():
    from meeple.terminal.anunnaki import play

    out = io.StringIO()
    asked = "info domination\ninfo Asbis\ninfo commerce\nrules\nquit\n"
    play(SimpleNamespace(players=2, seat=0, seed=5, bot="random"), stdin=io.StringIO(asked), stdout=out)
    text = _words(out.getvalue())
    assert _words(G.short("anunnaki", "track.domination")) in text
    assert _words(G.short("anunnaki", "god.anubis")) in text and "a god of Pharaos" in text  # + the card data
    assert "Commerce (tile 4):" in text and "Commerce track:" in text  # a name two things share: both
    assert "The end of the game and final scoring" in text
    # before the first decision: the player's house and its major god, in the rulebook's words
    assert text.index("Your house and its major god:") < text.index("Setup: discard one of your minor gods")
    assert _words(G.short("anunnaki", "house.pharaos")) in text and _words(G.short("anunnaki", "god.ra")) in text
    assert "last (fourteenth) summoning cube" in text and "last space of one of the three development tracks" in text

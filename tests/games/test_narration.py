"""One narration per game, in words: whole random games of OKC and Anunnaki
(several seeds, 2-4 players) told through the presenter's `describe` (the web
log and replays) and through the terminal table (which must tell the same
sentences), for every viewer. No sentence may carry a Python repr, a raw card
or token id where the thing has a name, or an internal decision name."""

from __future__ import annotations

import io
import random
import re
from types import SimpleNamespace

import pytest

from meeple.games.anunnaki import new_game as anunnaki_game
from meeple.games.anunnaki import present as AP
from meeple.games.okc import new_game as okc_game
from meeple.games.okc import present as OP
from meeple.terminal import anunnaki as anunnaki_tui
from meeple.terminal import okc as okc_tui

SEATS = [{"name": f"P{i}"} for i in range(4)]

REPR = re.compile(r"[\[(]\(|\(\d+, |\['|\('|\{'|\bNone\b|\bTrue\b|\bFalse\b")
OKC_IDS = re.compile(r"\b(nobility|clans|uprising|gathering):|\b(a[1-4]|hq[12]?)\b")
ANUNNAKI_IDS = re.compile(r"\bk\d+\b")  # culture tokens: named by what they give
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # discard_god, culture_benefit, ...


def bad_words(text: str, ids: re.Pattern, decisions) -> list[str]:
    found = [m.group(0) for pat in (REPR, ids, SNAKE) for m in pat.finditer(text)]
    found += [f"({k})" for k in decisions if f"({k})" in text]
    return found


def random_game(new, players: int, seed: int, **kw):
    s = new(players, seed=seed, **kw)
    rng = random.Random(seed)
    while not s.is_terminal():
        seat = s.decision().seats[-1]
        s.apply_action(rng.choice(s.legal_actions(seat)), seat)
    return s


GAMES = {
    "okc": (lambda p, seed: random_game(okc_game, p, seed, rounds=4), OP, OKC_IDS, tuple(OP.PROMPTS)),
    "anunnaki": (lambda p, seed: random_game(anunnaki_game, p, seed), AP, ANUNNAKI_IDS, tuple(AP.PROMPT)),
}


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (2, 4)])
def test_every_event_is_a_sentence_with_names(game, players, seed):
    play, present, ids, decisions = GAMES[game]
    s = play(players, seed)
    for ev in s.log():
        for viewer in (None, *range(players)):
            text = present.describe(ev, SEATS, viewer)["text"]
            assert text and not bad_words(text, ids, decisions), (ev, text, bad_words(text, ids, decisions))


TUIS = {
    "okc": (okc_tui, OP, OKC_IDS, tuple(OP.PROMPTS)),
    "anunnaki": (anunnaki_tui, AP, ANUNNAKI_IDS, tuple(AP.PROMPT)),
}


@pytest.mark.parametrize("game", sorted(TUIS))
@pytest.mark.parametrize("players, seed", [(2, 3), (3, 5)])
def test_the_terminal_tells_the_same_sentences(game, players, seed, monkeypatch):
    """The terminal narrates with the presenter's sentences (for its seat),
    line for line, and none of its narration is raw."""
    tui, present, ids, decisions = TUIS[game]
    told = []
    describe = present.describe

    def spy(ev, seats, viewer, speaker=None):  # the terminal passes its language's speaker
        out = describe(ev, seats, viewer, speaker)
        assert viewer == 0
        told.append(out["text"])
        return out

    monkeypatch.setattr(present, "describe", spy)
    out = io.StringIO()
    args = SimpleNamespace(
        players=players, seat=0, seed=seed, bot="random", rounds=4, advanced=False, first_game=False, houses=None
    )
    tui.play(args, stdin=io.StringIO("1\n" * 4000), stdout=out)
    said = " ".join(out.getvalue().split())  # rich wraps long lines
    assert len(told) > 50
    at = 0
    for sentence in told:
        if game == "okc" and ("had a single possible answer" in sentence or "has nothing to do at" in sentence):
            continue  # the answers taken automatically are told in one line (meeple.terminal.okc.narrate_lines)
        at = said.find("· " + " ".join(sentence.split()), at)
        assert at >= 0, sentence
        assert not bad_words(sentence, ids, decisions), (sentence, bad_words(sentence, ids, decisions))

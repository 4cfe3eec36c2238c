"""`meeple analyse --lang` and `advisor-calibrate --lang`: the markdown report
and the calibration table in Japanese and Russian; the moves stay notation
(in backticks), the numbers are written the language's way."""

from __future__ import annotations

import re

import pytest

from meeple.advisor.analysis import MODE
from meeple.advisor.calibrate import table
from meeple.advisor.report import summary


def _report(finished: bool = True) -> dict:
    decisions = [
        {"ply": 0, "seat": 0, "played": "bid heir", "played_win": 0.41, "best": "bid agent", "before": 0.47,
         "alternative": "bid agent", "alternative_win": 0.47, "cost": 0.06, "costly": True},
        {"ply": 1, "seat": 1, "played": "herald castle", "played_win": 0.5, "best": "herald castle", "before": 0.5,
         "alternative": None, "alternative_win": None, "cost": 0.0},
    ]  # fmt: skip
    seats = [
        {"seat": 0, "score": 12, "won": False, "decisions": 21, "matched_best": 11, "total_cost": 0.25, "worst": None},
        {"seat": 1, "score": 15, "won": True, "decisions": 22, "matched_best": 2, "total_cost": 0.5, "worst": None},
    ]
    return {
        "game": "okc", "players": 2, "seed": 7, "mode": MODE, "budget": {"iterations": 0, "seconds": 1.5},
        "decisions": decisions, "seconds": 12.5, "workers": 2, "backend": "process", "finished": finished,
        "winners": [1], "seats": seats,
    }  # fmt: skip


def _words(text: str) -> set[str]:
    """Latin words outside the notation (backticks) and the markdown."""
    return set(re.findall(r"[A-Za-z]+", re.sub(r"`[^`]*`", "", text)))


def test_the_english_report_reads_as_before():
    text = summary(_report())
    assert text.startswith("# Analysis: The Old King's Crown, 2 players, seed 7\n")
    assert "Search: 1.5 s CPU per decision; 2 decisions in 12.5 s on 2 workers (processes)." in text
    assert "## Where the game was lost" in text
    assert "- move 1, seat 0: played `bid heir` (41%); `bid agent` kept 47% (-6%)" in text
    assert "| 0 | 12 | no | 21 | 11 | 0.25 |" in text


def test_japanese():
    text = summary(_report(), "ja")
    assert text.startswith("# 分析:The Old King's Crown、2人、シード 7\n")
    assert "## どこで負けたか" in text and "## すべての判断" in text
    assert "`bid heir`" in text  # the notation stays as typed
    assert _words(text) <= {"The", "Old", "King", "s", "Crown"}, _words(text)


def test_russian_plural_forms_and_numbers():
    rep = _report()
    rep["players"], rep["workers"] = 3, 5
    text = summary(rep, "ru")
    assert text.startswith("# Анализ: Корона старого короля, 3 игрока, зерно 7\n")
    assert "2 решения за 12,5 с, 5 рабочих процессов (процессы)" in text
    assert "| 0 | 12 | нет | 21 | 11 | 0,25 |" in text
    assert not _words(text), _words(text)
    assert "Завершена: нет" in summary(_report(finished=False), "ru")


@pytest.mark.parametrize(("lang", "head"), [("en", "| game | positions | ECE raw"), ("ja", "| ゲーム | 局面数 |"),
                                            ("ru", "| игра | позиций |")])  # fmt: skip
def test_the_calibration_table_in_each_language(lang, head):
    rep = {
        "by_game": {
            "ethnos": {
                "positions": 30,
                "raw": {"ece": 0.1234, "brier": 0.2},
                "calibrated": {"ece": 0.05, "brier": 0.19},
            }
        }
    }
    text = table(rep, lang)
    assert text.startswith(head)
    assert {"en": "| Ethnos | 30 | 0.123 |", "ja": "| エスノス | 30 | 0.123 |", "ru": "| Этнос | 30 | 0,123 |"}[
        lang
    ] in text

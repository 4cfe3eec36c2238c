"""The Old King's Crown declared for the engine's consumers (`meeple.core.spec`):
what it is, its options, and loaders of its parts (imported on first use: no
data is read when the games are listed)."""

from __future__ import annotations

from meeple.core.events import Events
from meeple.core.spec import GameSpec, Heuristics, Notation, Option, Presenter, Rules, from_module

MIN_PLAYERS, MAX_PLAYERS = 2, 4
ROUNDS = 6  # standard game; skirmish: 4 or 5
SKIRMISH_ROUNDS = (4, 5)
FACTIONS = ("nobility", "clans", "uprising", "gathering")


def _rules() -> Rules:
    from meeple.games.okc import notation, state, view

    return Rules(
        new_game=state.new_game,
        view=view.view,
        determinize=view.determinize,
        from_view=view.from_view,
        notation=from_module(Notation, notation),
    )


def _presenter() -> Presenter:
    from meeple.games.okc import present

    return from_module(Presenter, present)


def _events() -> Events:
    from meeple.games.okc.events import EVENTS

    return EVENTS


def _heuristics() -> Heuristics:
    from meeple.games.okc import bot

    # both help ISMCTS: a 20-game screen at 0.05 s per move against greedy won
    # 14 with the policy, 9 without (docs/strength.md)
    return Heuristics(policy=bot.policy, values=bot.values, search=("values", "policy"))


def _data():
    from meeple.games.okc import data

    return data


SPEC = GameSpec(
    name="okc",
    title="The Old King's Crown",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(
        Option(
            "rounds",
            "int",
            "Length",
            "6 rounds, or a 4/5-round skirmish",
            default=ROUNDS,
            choices=(ROUNDS, *reversed(SKIRMISH_ROUNDS)),
            labels={6: "6 rounds (full game)", 5: "5 rounds (skirmish)", 4: "4 rounds (skirmish)"},
        ),
        Option(
            "advanced",
            "bool",
            "Advanced setup",
            "the advanced setup: each player is dealt kingdom cards and keeps one in secret",
            default=False,
        ),
        Option(
            "factions",
            "names",
            "Factions",
            "the faction of each seat (default: random)",
            choices=FACTIONS,
            labels={f: f.capitalize() for f in FACTIONS},
            count="seats",
            item="faction",
        ),
    ),
    rules=_rules,
    presenter=_presenter,
    events=_events,
    heuristics=_heuristics,
    data=_data,
    terminal="meeple.terminal.okc",
    env="meeple.env.okc_v0",
)

"""Anunnaki: Dawn of the Gods declared for the engine's consumers
(`meeple.core.spec`): what it is, its options, and loaders of its parts
(imported on first use: no data is read when the games are listed)."""

from __future__ import annotations

from meeple.core.events import Events
from meeple.core.spec import GameSpec, Heuristics, Notation, Option, Presenter, Rules, from_module

MIN_PLAYERS, MAX_PLAYERS = 2, 4


def _rules() -> Rules:
    from meeple.games.anunnaki import notation, state, view

    return Rules(
        new_game=state.new_game,
        view=view.view,
        determinize=view.determinize,
        from_view=view.from_view,
        notation=from_module(Notation, notation),
    )


def _presenter() -> Presenter:
    from meeple.games.anunnaki import present

    return from_module(Presenter, present)


def _events() -> Events:
    from meeple.games.anunnaki.events import EVENTS

    return EVENTS


def _heuristics() -> Heuristics:
    from meeple.games.anunnaki import bot

    # both help ISMCTS: a 20-game screen at 0.05 s per move drew 10-10 with
    # greedy using the policy, the run without it did not finish (docs/strength.md)
    return Heuristics(policy=bot.policy, values=bot.values, search=("values", "policy"))


def _data():
    from meeple.games.anunnaki import data, state  # noqa: F401  (the rules declare the rewards the data names)

    return data


def _houses() -> tuple:
    from meeple.games.anunnaki.data import DATA

    return DATA.house_ids


def _house_names() -> dict:
    from meeple.games.anunnaki.present import HOUSE_NAME

    return {h: HOUSE_NAME.get(h, h.capitalize()) for h in _houses()}


SPEC = GameSpec(
    name="anunnaki",
    title="Anunnaki: Dawn of the Gods",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(
        Option(
            "houses",
            "names",
            "Houses",
            "the house of each seat (default: random)",
            choices=_houses,
            labels=_house_names,
            count="seats",
            item="house",
        ),
        Option("first_game", "bool", "First game", "the first-game setup (simpler: no god draft)", default=False),
    ),
    rules=_rules,
    presenter=_presenter,
    events=_events,
    heuristics=_heuristics,
    data=_data,
    terminal="meeple.terminal.anunnaki",
    env="meeple.env.anunnaki_v0",
)

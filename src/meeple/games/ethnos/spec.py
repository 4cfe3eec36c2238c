"""Ethnos declared for the engine's consumers (`meeple.core.spec`): what it is,
its options, and loaders of its parts (imported on first use: no data is read
when the games are listed)."""

from __future__ import annotations

from meeple.core.events import Events
from meeple.core.spec import GameSpec, Heuristics, Notation, Option, Presenter, Rules, from_module

MIN_PLAYERS, MAX_PLAYERS = 2, 6


def _rules() -> Rules:
    from meeple.games.ethnos import notation, state, view

    return Rules(
        new_game=state.new_game,
        view=view.view,
        determinize=view.determinize,
        from_view=view.from_view,
        notation=from_module(Notation, notation),
    )


def _presenter() -> Presenter:
    from meeple.games.ethnos import present

    return from_module(Presenter, present)


def _events() -> Events:
    from meeple.games.ethnos.events import EVENTS

    return EVENTS


def _heuristics() -> Heuristics:
    from meeple.games.ethnos import bot

    return Heuristics(policy=bot.policy, values=bot.values)


def _balance():
    from meeple.games.ethnos import present

    return present.balance_facts


def _data():
    from meeple.games.ethnos import data

    return data


def _tribes() -> tuple:
    from meeple.games.ethnos.data import TRIBES

    return TRIBES


def _tribes_needed(players: int) -> int:
    from meeple.games.ethnos.data import tribes_in_game

    return tribes_in_game(players)


SPEC = GameSpec(
    name="ethnos",
    title="Ethnos",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(
        Option(
            "tribes",
            "names",
            "Tribes",
            "the tribes in play (default: random)",
            choices=_tribes,
            labels=lambda: {t: t.capitalize() for t in _tribes()},
            count=_tribes_needed,
            item="tribe",
        ),
        Option("fairy", "bool", "Fairy promo", "the Fairy promo among random tribes", default=False),
    ),
    rules=_rules,
    presenter=_presenter,
    events=_events,
    heuristics=_heuristics,
    data=_data,
    balance=_balance,
    terminal="meeple.terminal.ethnos",
    env="meeple.env.ethnos_v0",
)

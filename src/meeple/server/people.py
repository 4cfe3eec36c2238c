"""The people around the games, wired into the app: `attach` starts them on a
service and hub, `routers` lists their API (accounts, lobby, chat, clocks).

Kept apart from `social.py`, which those modules import, so that no module
imports one that imports it back.
"""

from __future__ import annotations

from fastapi import FastAPI

from meeple.server import accounts, chat, clocks, lobby
from meeple.server.service import GameService
from meeple.server.social import Social


def attach(app: FastAPI, service: GameService, hub) -> Social:
    social = Social(service, hub, clocks.Clocks, app.state.limiter)
    app.state.social = social
    service.on_finish = lambda g: accounts.rate_finished(social, g)
    service.on_forget = social.forget
    social.start(accounts.rate_unrated(social))
    return social


def routers():
    return [accounts.router, lobby.router, chat.router, clocks.router]

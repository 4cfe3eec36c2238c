"""The browser table: an ASGI app (FastAPI), event-sourced storage (SQLAlchemy),
a websocket hub and a process pool for bots. `meeple serve` starts it.

Importing this package needs the `web` extra (pip install -e .[web]).
"""

"""The one error a request answers with: a status and a sentence for people.

Raised anywhere in the server (service, routes, the people's modules); the
app turns it into `{"error": message}` with its status, a websocket into an
error message. Kept apart so that every module can raise it without importing
the game service.
"""

from __future__ import annotations


class ApiError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message

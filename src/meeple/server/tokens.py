"""Secret tokens (seats, sessions): only their SHA-256 is stored, so a stolen
database holds no usable token."""

from __future__ import annotations

import hashlib


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()

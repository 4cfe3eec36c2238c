"""JSON out: compact, with the json module directly (FastAPI's encoder is slow
on big views)."""

from __future__ import annotations

import json

from fastapi.responses import Response


def dumps(obj) -> str:
    return json.dumps(obj, separators=(",", ":"))


def json_response(obj, status: int = 200) -> Response:
    return Response(dumps(obj), status_code=status, media_type="application/json")

"""The type annotations of a game state's fields (what mypy checks the rules
against) name exactly the fields its FIELDS declares: neither can drift.

A state class annotates the fields of its own slots (made from FIELDS); the
fields the shared flow and the record hold are annotated on FlowState and
GameRecord. Anunnaki's rules are mixins: its field types sit on
`AnunnakiFields`, the base the mixins are checked against; Ethnos' on
`EthnosFields` and OKC's on `OKCFields`, the types their rule functions take."""

import pytest

from meeple.compiled import source_path
from meeple.core.fields import SHARED
from meeple.core.flow import FlowState
from meeple.core.record import GameRecord
from meeple.games.anunnaki import fields as anunnaki_fields
from meeple.games.anunnaki import state as anunnaki
from meeple.games.ethnos import fields as ethnos_fields
from meeple.games.ethnos import state as ethnos
from meeple.games.okc import fields as okc_fields
from meeple.games.okc import state as okc


def _annotated(*classes: type) -> set[str]:
    """The instance attributes annotated on `classes` (not their ClassVars)."""
    out: set[str] = set()
    for cls in classes:
        out |= {k for k, v in cls.__dict__.get("__annotations__", {}).items() if not str(v).startswith("ClassVar")}
    return out


BASE = _annotated(FlowState, GameRecord)

CASES = [
    ("ethnos", ethnos.FIELDS, ethnos.EthnosState, ethnos_fields.EthnosFields),
    ("okc", okc.FIELDS, okc.OKCState, okc_fields.OKCFields),
    ("anunnaki", anunnaki.FIELDS, anunnaki.AnunnakiState, anunnaki_fields.AnunnakiFields),
]


@pytest.mark.parametrize("game,fields,state,typed", CASES, ids=[c[0] for c in CASES])
def test_annotations_name_exactly_the_declared_fields(game, fields, state, typed):
    names = {f.name for f in fields}
    own = _annotated(typed)
    assert own <= set(state.__slots__), f"{game}: {sorted(own - set(state.__slots__))} annotated but not slots"
    assert own | (BASE & names) == names, f"{game}: every field typed once"
    assert not own & BASE, f"{game}: a field typed twice"


def test_the_base_annotations_are_fields_of_every_game():
    for game, fields, _, _ in CASES:
        names = {f.name for f in fields} - {SHARED}
        assert names >= BASE, f"{game}: {sorted(BASE - names)} typed on the base but not a field"


def test_anunnaki_query_stubs_name_methods_of_the_state():
    """The queries `AnunnakiFields` declares for the type checker (their
    signatures mypy holds to the real ones) are all methods of the state."""
    import ast
    from pathlib import Path

    tree = ast.parse(Path(source_path(anunnaki_fields.__name__)).read_text(encoding="utf-8"))  # (compiled: no inspect)
    stubs = [n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
    assert stubs, "no query stubs found"
    missing = [name for name in stubs if not callable(getattr(anunnaki.AnunnakiState, name, None))]
    assert not missing, f"stubs of no method of AnunnakiState: {missing}"

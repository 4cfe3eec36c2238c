"""The import rules of docs/architecture.md, read from the code (every import,
top-level or inside a function): the core imports no game, no consumer and no
third-party package; a game imports nothing above the engine (no bots, server,
environments, arena, advisor, terminal tables, command line) and no
third-party package; there is no import cycle."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
STDLIB = set(sys.stdlib_module_names) | {"__future__"}


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted((SRC / "meeple").rglob("*.py")):
        name = ".".join(path.relative_to(SRC).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = path
    return out


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """Every module `name` imports (absolute names; `from a import b` gives
    a.b when that is a module, else a)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            for a in node.names:
                full = f"{base}.{a.name}"
                found.add(full if full in MODULES else base)
    return found


IMPORTS = {name: _imports(name, path) for name, path in MODULES.items()}


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def _third_party(name: str) -> bool:
    return name.split(".")[0] not in STDLIB | {"meeple"}


def test_the_walk_sees_the_code():
    assert "meeple.core.spec" in MODULES and "meeple.games.ethnos.spec" in MODULES
    assert "meeple.core.spec" in IMPORTS["meeple.games.ethnos.spec"]
    assert "fastapi" in IMPORTS["meeple.server.app"]


@pytest.mark.parametrize("name", sorted(m for m in MODULES if _within(m, "meeple.core")))
def test_the_core_imports_only_itself_and_the_standard_library(name):
    bad = sorted(
        i for i in IMPORTS[name] if _third_party(i) or (_within(i, "meeple") and not _within(i, "meeple.core"))
    )
    assert not bad, f"{name} imports {bad}"


ABOVE_THE_ENGINE = (
    "meeple.bots",
    "meeple.server",
    "meeple.env",
    "meeple.arena",
    "meeple.advisor",
    "meeple.terminal",
    "meeple.cli",
    "meeple.cliargs",
    "meeple.web",
    "meeple.i18n",  # events carry keys and values; the words are above the engine
)


@pytest.mark.parametrize("name", sorted(m for m in MODULES if _within(m, "meeple.games")))
def test_a_game_imports_nothing_above_the_engine(name):
    bad = sorted(i for i in IMPORTS[name] if _third_party(i) or any(_within(i, p) for p in ABOVE_THE_ENGINE))
    assert not bad, f"{name} imports {bad}"


def test_a_game_imports_no_other_game():
    games = {
        m.split(".")[2]
        for m in MODULES
        if m.count(".") >= 2 and _within(m, "meeple.games") and (SRC / "meeple" / "games" / m.split(".")[2]).is_dir()
    }
    for name in MODULES:
        if name.count(".") < 2 or name.split(".")[2] not in games or not _within(name, "meeple.games"):
            continue
        own = name.split(".")[2]
        others = sorted(
            i
            for i in IMPORTS[name]
            if i.count(".") >= 2 and _within(i, "meeple.games") and i.split(".")[2] in games - {own}
        )
        assert not others, f"{name} imports {others}"


def _graph() -> dict[str, set[str]]:
    """Edges between modules of src/meeple, as written (`import a.b.c` is an
    edge to a.b.c; the packages Python runs on the way are left out, as
    ../shared/tools/shape.py counts them)."""
    graph = {}
    for name, found in IMPORTS.items():
        edges = set()
        for i in found:
            while i and i not in MODULES:
                i = i.rpartition(".")[0]
            if i and i != name:
                edges.add(i)
        graph[name] = edges
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    for v in graph:
        if v not in index:
            visit(v)
    return out


def test_no_import_cycle_between_layers_or_packages():
    cycles = _cycles(_graph())
    assert not cycles, f"import cycles: {cycles}"


def test_the_cycle_check_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"a"}, "c": set()}) == [["a", "b"]]

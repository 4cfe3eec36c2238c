"""The compiled engine: the same rule modules, built with Cython when asked (`meeple build`).

The Python sources are the engine and stay the reference; installing meeple
compiles nothing. `meeple build` (the `compile` extra: Cython) has
`setup.py` compile the modules below in place, with a line of progress per
module (Cython runs the same Python semantics without the interpreter's
dispatch: 1.25 to 1.6 times the random moves per second, by game; the only
C types are in the core's `rng.pxd`, which Python ignores)
and write a manifest, `compiled.json`, beside this file: each module built
and the sha256 of the source (and `.pxd`) it was built from. Without a C
compiler a module stays pure Python.

A compiled module is imported only while its source is unchanged: after an
edit, the edited module is imported from its source until the next
`meeple build`, so a stale build never runs in its place. `MEEPLE_PURE=1` in
the environment imports every module from its source. `status()` says which
engine runs; `meeple bench` reports it.

Nothing here may import more than the standard library: it runs first, when
`meeple` itself is imported.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys

# The modules compiled: the flow and what every state is made of, and each
# game's rules and state (not its words, notation, views, bots or
# declaration, which are off the hot path of play and search).
MODULES: tuple[str, ...] = (
    "meeple.core.fields",
    "meeple.core.flow",
    "meeple.core.game",
    "meeple.core.record",
    "meeple.core.rng",
    "meeple.games.anunnaki.actions",
    "meeple.games.anunnaki.battle",
    "meeple.games.anunnaki.board",
    "meeple.games.anunnaki.commands",
    "meeple.games.anunnaki.culture",
    "meeple.games.anunnaki.data",
    "meeple.games.anunnaki.declare",
    "meeple.games.anunnaki.effects",
    "meeple.games.anunnaki.fields",
    "meeple.games.anunnaki.movement",
    "meeple.games.anunnaki.state",
    "meeple.games.anunnaki.turn",
    "meeple.games.ethnos.ages",
    "meeple.games.ethnos.bands",
    "meeple.games.ethnos.cards",
    "meeple.games.ethnos.data",
    "meeple.games.ethnos.rules",
    "meeple.games.ethnos.state",
    "meeple.games.ethnos.turn",
    "meeple.games.okc.actions",
    "meeple.games.okc.autumn",
    "meeple.games.okc.bidding",
    "meeple.games.okc.blank",
    "meeple.games.okc.cards",
    "meeple.games.okc.clashes",
    "meeple.games.okc.data",
    "meeple.games.okc.favour",
    "meeple.games.okc.free",
    "meeple.games.okc.kingdom",
    "meeple.games.okc.locations",
    "meeple.games.okc.rules",
    "meeple.games.okc.sites",
    "meeple.games.okc.spring",
    "meeple.games.okc.state",
    "meeple.games.okc.tactics",
    "meeple.games.okc.winter",
)
# Cython's settings for every module above: annotations stay hints (as in
# CPython; a compiled `seat: int` would refuse None), functions stay
# descriptors (they are bound as methods, as Python's are). The games'
# modules may also give C types to locals that only hold small counts and
# indices (`infer_types`); the generator's 64-bit arithmetic may not.
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "binding": True}
INFERRED = "meeple.games."  # modules under here also get infer_types

MANIFEST = "compiled.json"
PURE_ENV = "MEEPLE_PURE"
COMPILE_ENV = "MEEPLE_COMPILE"  # set by `meeple build`: setup.py compiles (1: every module; else a comma list)
_HERE = os.path.dirname(os.path.abspath(__file__))


def source_path(module: str, root: str = os.path.dirname(_HERE)) -> str:
    """The source file of `module` under `root` (the directory holding `meeple`)."""
    return os.path.join(root, *module.split(".")) + ".py"


def digest(path: str) -> str:
    """The sha256 of a module's source at `path`, with the `.pxd` beside it
    when there is one (it gives some of the module's locals C types: an
    edit there makes the build stale too)."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        h.update(f.read())
    pxd = path[: -len(".py")] + ".pxd"
    if os.path.exists(pxd):
        with open(pxd, "rb") as f:
            h.update(f.read())
    return h.hexdigest()


def _manifest() -> dict[str, str]:
    try:
        with open(os.path.join(_HERE, MANIFEST), encoding="utf-8") as f:
            built = json.load(f)
    except (OSError, ValueError):
        return {}
    return built if isinstance(built, dict) else {}


class _SourceWhenStale:
    """A finder ahead of Python's own for the modules above: it hands back
    the source module when the compiled one may not run (not built, built
    from other source, or `MEEPLE_PURE` set) and otherwise lets Python's
    finder take the compiled file, which it prefers to the source."""

    def __init__(self, built: dict[str, str], pure: bool) -> None:
        self.built, self.pure = built, pure
        self.listed = set(MODULES)

    def find_spec(self, fullname: str, path=None, target=None):  # noqa: ANN001  (importlib's protocol)
        if fullname not in self.listed:
            return None
        source = source_path(fullname)
        if not self.pure and self.built.get(fullname) == _digest_or_none(source):
            return None  # Python's own finder: the extension module first
        return importlib.util.spec_from_file_location(
            fullname, source, loader=importlib.machinery.SourceFileLoader(fullname, source)
        )


def _digest_or_none(path: str) -> str | None:
    try:
        return digest(path)
    except OSError:
        return None


def pure_requested() -> bool:
    """`MEEPLE_PURE` is set (to anything but 0): no module runs compiled, and a build compiles none."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def compile_requested() -> tuple[str, ...]:
    """The modules a build compiles: none unless `MEEPLE_COMPILE` is set (1:
    every listed module; else the listed modules it names, comma-separated),
    and none under `MEEPLE_PURE`. A plain `pip install` compiles nothing."""
    asked = os.environ.get(COMPILE_ENV, "").strip()
    if asked in ("", "0") or pure_requested():
        return ()
    if asked == "1":
        return MODULES
    names = {n.strip() for n in asked.split(",") if n.strip()}
    unknown = names - set(MODULES)
    if unknown:
        raise ValueError(f"{COMPILE_ENV}: not compiled modules: {', '.join(sorted(unknown))}")
    return tuple(m for m in MODULES if m in names)


_FINDER = _SourceWhenStale(_manifest(), pure_requested())


def install() -> None:
    """Put the finder first (once): called by `meeple/__init__.py`, before any
    listed module can be imported."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)


def is_compiled(module: str) -> bool:
    """`module` (imported) runs from its compiled build."""
    path = getattr(sys.modules.get(module), "__file__", None) or ""
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def _why_source(module: str) -> str:
    if _FINDER.pure:
        return f"{PURE_ENV} set"
    if module not in _FINDER.built:
        return "not built"
    if _FINDER.built[module] != _digest_or_none(source_path(module)):
        return "edited since the build"
    return "its build does not load here (built for another Python?)"


def status() -> dict:
    """Which engine runs, for reports: the listed modules imported so far,
    `compiled` or imported `from_source` (each source module with its
    reason: `MEEPLE_PURE`, not built, or edited since the build)."""
    loaded = [m for m in MODULES if m in sys.modules]
    compiled = [m for m in loaded if is_compiled(m)]
    reasons = {m: _why_source(m) for m in loaded if m not in compiled}
    if not compiled:
        why = (
            f"{PURE_ENV} set" if _FINDER.pure else "no compiled build" if not _FINDER.built else "its build is not used"
        )
        engine = f"pure Python ({why})"
    elif reasons:
        engine = f"compiled, but {len(reasons)} of {len(loaded)} module(s) from source"
    else:
        engine = f"compiled ({len(compiled)} modules)"
    return {"engine": engine, "compiled": compiled, "from_source": reasons}

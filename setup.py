"""Builds the compiled engine, when asked (`src/meeple/compiled.py` says what and why).

The project's metadata is in pyproject.toml. A plain install compiles
nothing: the engine is pure Python. With `MEEPLE_COMPILE` set (`meeple
build` sets it and runs `setup.py build_ext --inplace`), this adds the
extension modules: each listed module compiled by Cython from its unchanged
source, one line of progress per module, and `meeple/compiled.json`, the
sources they were built from. A module whose C build fails (no compiler)
is left out with a warning and runs from source.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import threading
import time
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"


def _compiled_module():
    """`meeple.compiled`, read from its file (meeple is not importable yet)."""
    spec = importlib.util.spec_from_file_location("_meeple_compiled", SRC / "meeple" / "compiled.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


compiled = _compiled_module()
SOURCES: dict[str, str] = {}  # module -> the sha256 of the source it is compiled from


def _say(text: str) -> None:
    print(f"meeple: {text}", file=sys.stderr, flush=True)


def _extensions() -> list:
    modules = compiled.compile_requested()
    if not modules:
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        _say("Cython is not installed (pip install -e '.[compile]'): the pure Python engine only")
        return []
    from setuptools import Extension

    exts = []
    for i, module in enumerate(modules, 1):
        _say(f"Cython {i}/{len(modules)}: {module}")
        SOURCES[module] = compiled.digest(compiled.source_path(module, str(SRC)))
        directives = dict(compiled.DIRECTIVES, infer_types=True if module.startswith(compiled.INFERRED) else None)
        source = os.path.relpath(compiled.source_path(module, str(SRC)), HERE)
        exts += cythonize(
            [Extension(module, [source], optional=True)],
            build_dir="build/cython",
            compiler_directives=directives,
            quiet=True,
        )
    return exts


class BuildExt(build_ext):
    """build_ext, in parallel, that says each module it compiles and writes
    the manifest of what it built."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1
        self._done = 0
        self._lock = threading.Lock()

    def build_extension(self, ext) -> None:
        started = time.monotonic()
        try:
            super().build_extension(ext)
        finally:
            with self._lock:
                self._done += 1
                _say(f"C {self._done}/{len(self.extensions)}: {ext.name} ({time.monotonic() - started:.0f} s)")

    def run(self) -> None:
        super().run()
        built = {}
        for ext in self.extensions:
            out = Path(self.get_ext_fullpath(ext.name))
            if out.exists() and out.stat().st_mtime >= max(Path(s).stat().st_mtime for s in ext.sources):
                # (an older file is a failed build's leftover)
                built[ext.name] = SOURCES[ext.name]
        if built:  # added to what an earlier build of other modules left there
            package = Path(self.get_ext_fullpath("meeple.x")).parent  # (where a module of package meeple goes)
            manifest = package / compiled.MANIFEST
            try:
                known = json.loads(manifest.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                known = {}
            known = {m: d for m, d in known.items() if m in compiled.MODULES} if isinstance(known, dict) else {}
            manifest.write_text(json.dumps({**known, **built}, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        _say(f"{len(built)} of {len(self.extensions)} modules compiled")


setup(ext_modules=_extensions(), cmdclass={"build_ext": BuildExt})

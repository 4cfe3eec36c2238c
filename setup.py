"""Builds the compiled engine (`src/meeple/compiled.py` says what and why).

The project's metadata is in pyproject.toml; this only adds the extension
modules: each listed module compiled by Cython from its unchanged source,
and `meeple/compiled.json`, the sources they were built from. A module whose
C build fails (no compiler) is left out with a warning and runs from source;
`MEEPLE_PURE=1` builds none.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
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
SOURCES = {m: compiled.digest(compiled.source_path(m, str(SRC))) for m in compiled.MODULES}


def _extensions() -> list:
    if compiled.pure_requested():
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("meeple: Cython is not installed: the pure Python engine only", file=sys.stderr)
        return []
    from setuptools import Extension

    exts = []
    for module in compiled.MODULES:
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
    """build_ext, in parallel, that writes the manifest of what it built."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        super().run()
        for inplace in (False, True):  # (an editable install builds in place)
            built = {}
            for ext in self.extensions:
                out = self._output(ext.name, inplace)
                if out.exists() and out.stat().st_mtime >= max(Path(s).stat().st_mtime for s in ext.sources):
                    built[ext.name] = SOURCES[ext.name]  # (an older file is a failed build's leftover)
            if built:
                package = self._output("meeple.x", inplace).parent  # (where a module of package meeple goes)
                manifest = package / compiled.MANIFEST
                manifest.write_text(json.dumps(built, indent=1, sort_keys=True) + "\n", encoding="utf-8")
                print(f"meeple: {len(built)} of {len(self.extensions)} modules compiled", file=sys.stderr)

    def _output(self, name: str, inplace: bool) -> Path:
        was = self.inplace
        self.inplace = inplace
        try:
            return Path(self.get_ext_fullpath(name))
        finally:
            self.inplace = was


setup(ext_modules=_extensions(), cmdclass={"build_ext": BuildExt})

"""The compiled engine (meeple.compiled, setup.py): a stale build never runs,
MEEPLE_PURE runs the sources, and both engines play the golden games alike."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from meeple import compiled
from meeple.compiled import MODULES, _SourceWhenStale, digest, source_path

ROOT = Path(__file__).resolve().parent.parent
BUILT = Path(compiled.__file__).with_name(compiled.MANIFEST)


def test_every_listed_module_has_its_source():
    missing = [m for m in MODULES if not os.path.isfile(source_path(m))]
    assert not missing, missing
    assert len(set(MODULES)) == len(MODULES)


def test_setup_compiles_exactly_the_listed_modules_and_only_when_asked():
    text = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert "compiled.compile_requested()" in text and "compiled.DIRECTIVES" in text


@pytest.mark.parametrize(
    "env,want",
    [
        ({}, ()),  # a plain pip install: pure Python, nothing compiled
        ({"MEEPLE_COMPILE": "0"}, ()),
        ({"MEEPLE_COMPILE": "1"}, MODULES),
        ({"MEEPLE_COMPILE": "1", "MEEPLE_PURE": "1"}, ()),
        ({"MEEPLE_COMPILE": "meeple.core.rng, meeple.core.flow"}, ("meeple.core.flow", "meeple.core.rng")),
    ],
)
def test_a_build_compiles_only_what_meeple_compile_asks(monkeypatch, env, want):
    for name in ("MEEPLE_COMPILE", "MEEPLE_PURE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert compiled.compile_requested() == want


def test_meeple_compile_names_only_listed_modules(monkeypatch):
    monkeypatch.delenv("MEEPLE_PURE", raising=False)
    monkeypatch.setenv("MEEPLE_COMPILE", "meeple.games.okc.notation")
    with pytest.raises(ValueError, match="meeple.games.okc.notation"):
        compiled.compile_requested()


def test_meeple_build_says_what_it_needs(monkeypatch, capsys, tmp_path):
    from meeple import build
    from meeple.cli import main

    with pytest.raises(SystemExit):
        main(["build", "--jobs", "0"])
    assert "jobs must be from 1 to 64" in capsys.readouterr().err
    monkeypatch.setattr(build, "checkout", lambda: None)  # installed from a wheel
    assert main(["build"]) == 2
    assert "source checkout" in capsys.readouterr().err
    monkeypatch.setattr(build, "checkout", lambda: tmp_path)
    monkeypatch.setattr(build.importlib.util, "find_spec", lambda name: None)  # no Cython
    assert main(["build"]) == 2
    assert "pip install -e '.[compile]'" in capsys.readouterr().err
    monkeypatch.setattr(build.importlib.util, "find_spec", lambda name: object())
    assert main(["build", "meeple.games.okc.notation"]) == 2  # words, not a compiled module
    assert "not compiled modules: meeple.games.okc.notation" in capsys.readouterr().err


def test_setup_compiles_a_module_with_progress_and_its_manifest(tmp_path):
    """A real build of one small module into a directory of the test's own
    (the checkout's build is left alone): a line per module, the built file,
    and the manifest naming the source it was built from."""
    if importlib.util.find_spec("Cython") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("under CI=true the compile extra must be installed (Cython)")
        pytest.skip("Cython is not installed: pip install -e '.[compile]'")
    rng = "meeple.core.rng"
    done = subprocess.run(
        [
            sys.executable,
            "setup.py",
            "-q",
            "build_ext",
            "--build-lib",
            str(tmp_path / "lib"),
            "--build-temp",
            str(tmp_path / "tmp"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "MEEPLE_COMPILE": rng, "MEEPLE_PURE": ""},
        timeout=900,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert f"meeple: Cython 1/1: {rng}" in done.stderr and f"meeple: C 1/1: {rng}" in done.stderr
    built = list((tmp_path / "lib" / "meeple" / "core").glob("rng.*"))
    assert len(built) == 1 and built[0].name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    manifest = json.loads((tmp_path / "lib" / "meeple" / compiled.MANIFEST).read_text(encoding="utf-8"))
    assert manifest == {rng: digest(source_path(rng))}


def _origin(spec) -> str | None:
    return None if spec is None else spec.origin


def test_a_module_built_from_its_source_is_left_to_python():
    flow = "meeple.core.flow"
    finder = _SourceWhenStale({flow: digest(source_path(flow))}, pure=False)
    assert finder.find_spec(flow) is None  # Python's finder: the build, which it prefers


def test_an_edited_or_unbuilt_module_is_imported_from_its_source():
    flow, rng = "meeple.core.flow", "meeple.core.rng"
    finder = _SourceWhenStale({flow: "0" * 64}, pure=False)  # built from other source
    for name in (flow, rng):  # (rng: not in the manifest)
        spec = finder.find_spec(name)
        assert _origin(spec) == source_path(name)
        assert isinstance(spec.loader, importlib.machinery.SourceFileLoader)


def test_a_pxd_beside_a_module_is_part_of_what_it_was_built_from(tmp_path):
    """rng.pxd gives C types to rng.py's locals: a build from another .pxd is stale too."""
    source = tmp_path / "m.py"
    source.write_text("x = 1\n")
    alone = digest(str(source))
    (tmp_path / "m.pxd").write_text("cdef int x\n")
    typed = digest(str(source))
    (tmp_path / "m.pxd").write_text("cdef long x\n")
    assert len({alone, typed, digest(str(source))}) == 3
    assert os.path.isfile(source_path("meeple.core.rng")[: -len(".py")] + ".pxd")


def test_an_install_keeps_the_pxd_files_its_build_was_checked_against():
    """A wheel without them would see every module with a .pxd as edited
    since its build, and run it from source."""
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    assert "*.pxd" in data["*"]


def test_pure_imports_every_listed_module_from_its_source():
    flow = "meeple.core.flow"
    finder = _SourceWhenStale({flow: digest(source_path(flow))}, pure=True)
    assert _origin(finder.find_spec(flow)) == source_path(flow)


def test_modules_not_listed_are_not_touched():
    finder = _SourceWhenStale({}, pure=True)
    assert finder.find_spec("meeple.games.okc.notation") is None
    assert finder.find_spec("json") is None


def test_a_module_from_source_is_given_its_reason(monkeypatch):
    flow, rng, record = "meeple.core.flow", "meeple.core.rng", "meeple.core.record"
    built = {flow: "0" * 64, record: digest(source_path(record))}
    monkeypatch.setattr(compiled, "_FINDER", _SourceWhenStale(built, pure=False))
    assert compiled._why_source(flow) == "edited since the build"
    assert compiled._why_source(rng) == "not built"
    assert "another Python" in compiled._why_source(record)  # (up to date, yet not the module that loaded)
    monkeypatch.setattr(compiled, "_FINDER", _SourceWhenStale(built, pure=True))
    assert compiled._why_source(flow) == f"{compiled.PURE_ENV} set"


def test_the_installed_build_is_what_runs():
    """With a build (the project's install compiles when a C compiler is
    there; CI's must), every listed module imported here runs compiled."""
    if not BUILT.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"under CI=true the compiled engine must be built: no {BUILT}")
        pytest.skip("no compiled build: the pure Python engine is installed")
    if compiled._FINDER.pure:
        pytest.skip(f"{compiled.PURE_ENV} is set")
    import meeple.games  # noqa: F401  (imports every game's rules)
    from meeple.core.spec import declared

    for name in ("ethnos", "okc", "anunnaki"):
        _ = declared(name).rules  # (imports them)
    report = compiled.status()
    rebuild = "rebuild: meeple build"
    assert report["from_source"] == {}, f"{report['from_source']}; {rebuild}"
    assert report["compiled"] and report["engine"].startswith("compiled")
    built = json.loads(BUILT.read_text(encoding="utf-8"))
    assert set(built) == set(MODULES), set(MODULES) ^ set(built)


def _run(code: str, **env: str) -> str:
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src"), **env},
        timeout=600,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


def test_meeple_pure_runs_the_sources_and_replays_the_golden_games():
    """The pure Python engine, the reference, plays every golden game as the
    test run's engine (compiled where built) does."""
    code = (
        "import sys; sys.argv = ['golden.py']; sys.path.insert(0, 'tools'); import runpy, json\n"
        "from meeple import compiled\n"
        "try:\n    runpy.run_path('tools/golden.py', run_name='__main__')\n"
        "except SystemExit as e:\n    assert not e.code, e.code\n"
        "print(json.dumps(compiled.status()))\n"
    )
    report = json.loads(_run(code, **{compiled.PURE_ENV: "1"}).splitlines()[-1])
    assert report["compiled"] == [] and report["engine"].startswith("pure Python")
    assert set(report["from_source"].values()) == {f"{compiled.PURE_ENV} set"}
    assert set(report["from_source"]) >= {"meeple.core.flow", "meeple.games.okc.state", "meeple.games.anunnaki.state"}

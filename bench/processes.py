"""Local processes for the benches and the server tests: a free port, a
command whose output goes to a log file, `meeple serve` started and waited
for until it answers, and stopping in order (SIGTERM, then kill -9).

The bench scripts, run from this folder, import it as `processes`; the tests
as `bench.processes`."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def spawn(cmd: list[str], log: Path | None = None, **popen) -> subprocess.Popen:
    """`cmd` started with its output and errors appended to `log` (None: dropped)."""
    if log is None:
        return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, **popen)
    with open(log, "ab") as out:  # the process writes to a copy of its own
        return subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, **popen)


def wait_answers(url: str, proc: subprocess.Popen | None = None, seconds: float = 60.0) -> None:
    """Until a GET of `url` answers 200: RuntimeError if `proc` exits first, or after `seconds`."""
    import httpx

    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"{' '.join(map(str, proc.args[:4]))} exited with {proc.returncode}")
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer in {seconds:.0f} s")


def meeple_env() -> dict[str, str]:
    """The environment with this checkout's `src` first on PYTHONPATH."""
    path = os.environ.get("PYTHONPATH")
    return dict(os.environ, PYTHONPATH=str(ROOT / "src") + (os.pathsep + path if path else ""))


def start_server(db: str, port: int, *extra: str, log: Path | None = None, seconds: float = 60.0) -> subprocess.Popen:
    """`meeple serve` of this checkout on 127.0.0.1:`port` with the database
    `db` and the flags `extra`, once its health answers (else RuntimeError,
    with the end of its log)."""
    cmd = [sys.executable, "-m", "meeple.cli", "serve", "--host", "127.0.0.1", "--port", str(port), "--db", db]
    proc = spawn([*cmd, *extra], log, cwd=ROOT, env=meeple_env())
    try:
        wait_answers(f"http://127.0.0.1:{port}/api/health", proc, seconds)
    except RuntimeError as e:
        stop(proc, seconds=0)
        tail = log.read_text(errors="replace")[-2000:] if log is not None else ""
        raise RuntimeError(f"meeple serve did not start: {e}\n{tail}") from None
    return proc


def stop(*procs: subprocess.Popen, seconds: float = 10.0) -> None:
    """SIGTERM to each process, then kill -9 of those still running after `seconds`."""
    for p in procs:
        if p.poll() is None:
            p.terminate()
    for p in procs:
        try:
            p.wait(seconds)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()

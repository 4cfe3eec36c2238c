"""What travels through Redis between the nodes and the bot workers.

A job is one entry of a Redis stream read by a consumer group: its id (from
the table, the ply and a digest of the call, so asking twice for the same
decision is one job), the table and ply (for the worker's staleness check),
the operator's time cap, and the call itself, pickled. Only the call's
arguments travel (a bot's Observation: what its seat may see, never the true
state); a job may call only the functions listed in JOBS, and the unpickler
on either side builds nothing but meeple's own classes and plain data: Redis
must stay private to the cluster all the same.

The three Lua scripts make each step atomic, so a node or worker that dies
between two commands leaves no half-made job: SUBMIT queues a job once (and
returns its result if it is done already), FINISH stores the first result,
hands it to every node waiting for it and drops a later duplicate, TOUCH
renews a worker's lease on its job (the heartbeat) only while the job is
still its own.
"""

from __future__ import annotations

import builtins
import collections
import hashlib
import importlib
import io
import pickle
import types

from meeple.core.game import GameError


class StaleJob(GameError):
    """The worker found the table moved on: the decision is not needed any more
    (the service then thinks again from the table's new state)."""


DEFAULT_PREFIX = "meeple:bots"
GROUP = "workers"
LEASE_SECONDS = 3.0  # a job whose worker was silent this long goes to another worker
HEARTBEAT_SECONDS = 1.0  # how often a worker renews the lease of the job it holds
MAX_DELIVERIES = 5  # a job whose workers died this often fails (the game moves on)
JOB_TTL = 3600  # seconds a queued job's id keeps duplicates out
RESULT_TTL = 120  # seconds a result stays for late or repeated requests
INBOX_TTL = 300  # a node's inbox outlives the node by this much
HARD_LIMIT_TIMES, HARD_LIMIT_MARGIN = 4, 60.0  # a job past 4 x its cap + 60 s is a runaway: failed
STOP_GRACE = 2.0  # SIGTERM: a job not finished by then is released to another worker


class Keys:
    """The Redis keys of one queue; `prefix` keeps clusters (and test runs) apart."""

    def __init__(self, prefix: str = DEFAULT_PREFIX) -> None:
        self.prefix = prefix
        self.stream = f"{prefix}:queue"
        self.workers = f"{prefix}:workers"  # sorted set: worker name -> when last heard of

    def job(self, job_id: str) -> str:
        return f"{self.prefix}:job:{job_id}"

    def result(self, job_id: str) -> str:
        return f"{self.prefix}:result:{job_id}"

    def reply(self, job_id: str) -> str:
        return f"{self.prefix}:reply:{job_id}"

    def inbox(self, node: str) -> str:
        return f"{self.prefix}:inbox:{node}"


# KEYS: job, reply, result, stream; ARGV: id, inbox, ttl, table, ply, cap, body.
# Returns the stored result, 1 (queued now) or 0 (queued already).
SUBMIT = """
local done = redis.call('GET', KEYS[3])
if done then return done end
redis.call('SADD', KEYS[2], ARGV[2])
redis.call('EXPIRE', KEYS[2], ARGV[3])
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local entry = redis.call('XADD', KEYS[4], '*', 'id', ARGV[1], 'table', ARGV[4], 'ply', ARGV[5],
                         'cap', ARGV[6], 'body', ARGV[7])
redis.call('SET', KEYS[1], entry, 'EX', ARGV[3])
return 1
"""

# KEYS: result, reply, job, stream; ARGV: inbox message, ttl, group, entry, envelope, inbox ttl.
# Returns 1 when this result is the job's first (used), 0 for a duplicate (dropped).
FINISH = """
local first = redis.call('SET', KEYS[1], ARGV[5], 'NX', 'EX', ARGV[2])
if first then
  for _, inbox in ipairs(redis.call('SMEMBERS', KEYS[2])) do
    redis.call('LPUSH', inbox, ARGV[1])
    redis.call('EXPIRE', inbox, ARGV[6])
  end
  redis.call('DEL', KEYS[2])
  redis.call('EXPIRE', KEYS[3], ARGV[2])
end
redis.call('XACK', KEYS[4], ARGV[3], ARGV[4])
redis.call('XDEL', KEYS[4], ARGV[4])
if first then return 1 end
return 0
"""

# KEYS: stream; ARGV: group, consumer, entry, idle ms, new owner.
# Moves the entry to `new owner` with that idle time if `consumer` still holds
# it: the heartbeat (idle 0, same owner) and the release at shutdown (idle
# past the lease, so the next worker takes it at once).
TOUCH = """
local p = redis.call('XPENDING', KEYS[1], ARGV[1], ARGV[3], ARGV[3], 1)
if p[1] and p[1][2] == ARGV[2] then
  redis.call('XCLAIM', KEYS[1], ARGV[1], ARGV[5], 0, ARGV[3], 'IDLE', ARGV[4], 'JUSTID')
  return 1
end
return 0
"""


# a bot decision (meeple.server.workers.choose), named so that neither side imports the other
CHOOSE = "meeple.server.workers:choose"


# Every function a job may call: a worker runs nothing else, whoever wrote to Redis.
JOBS = frozenset(
    {
        CHOOSE,
        "meeple.server.advice:hint_worker",  # a hint (the advisor)
        "meeple.advisor.analysis:rate_position",  # one position of a game's analysis
    }
)


def ref(fn) -> str:
    """A module-level function's name in a job ("module:name"); a name stays a name."""
    return fn if isinstance(fn, str) else f"{fn.__module__}:{fn.__name__}"


def encode_call(fn, args: tuple) -> bytes:
    """A call of one of JOBS, by name, with its arguments."""
    name = ref(fn)
    if name not in JOBS:
        raise ValueError(f"{name} is not a bot job: add it to JOBS in {__name__} if it should be")
    return pickle.dumps((name, args), protocol=5)


def job_id(table: str, ply: int | None, body: bytes) -> str:
    """The same call for the same table and ply is the same job."""
    digest = hashlib.blake2b(body, digest_size=12).hexdigest()
    return f"{table or '-'}:{'-' if ply is None else ply}:{digest}"


def resolve(job: str):
    """The function a job names, one of JOBS."""
    module, _, name = job.partition(":")
    if job not in JOBS:
        raise pickle.UnpicklingError(f"a job may not call {job}")
    fn = getattr(importlib.import_module(module), name, None)
    if not isinstance(fn, types.FunctionType) or fn.__module__ != module:
        raise pickle.UnpicklingError(f"a job may not call {job}")
    return fn


def decode_call(body: bytes):
    ref, args = loads(body)
    return resolve(ref), tuple(args)


def dumps(obj) -> bytes:
    return pickle.dumps(obj, protocol=5)


def loads(data: bytes):
    """Unpickle what came through Redis: plain data and meeple's classes only."""
    return _MeepleOnly(io.BytesIO(data)).load()


_SAFE = {("builtins", n): getattr(builtins, n) for n in ("set", "frozenset", "complex", "range", "slice")}
_SAFE.update({("collections", n): getattr(collections, n) for n in ("OrderedDict", "deque", "Counter")})


def _meeple_module(module: str) -> bool:
    return module == "meeple" or module.startswith("meeple.")


class _MeepleOnly(pickle.Unpickler):
    def find_class(self, module: str, name: str):
        if (module, name) in _SAFE:
            return _SAFE[(module, name)]
        if _meeple_module(module) and name.isidentifier():
            cls = getattr(importlib.import_module(module), name, None)
            if isinstance(cls, type) and cls.__module__ == module:
                return cls
        raise pickle.UnpicklingError(f"a job may not carry {module}.{name}")

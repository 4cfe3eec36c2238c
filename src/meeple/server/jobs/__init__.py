"""Bot decisions as jobs on a Redis queue, for a cluster of nodes (docs/bot-jobs.md).

`JobPool` (pool.py) stands in for `BotPool` on a node started with `--bus`:
the same `choose`, `call`, `waiting`, `longest`, `max_seconds` and `close`.
The jobs are thought about by the nodes' own workers and by `meeple
bot-worker` processes on any machine (worker.py, command.py); protocol.py says
what travels through Redis. Importing this package needs nothing beyond the
standard library; redis-py is imported when a pool or worker starts.
"""

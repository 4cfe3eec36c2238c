"""The terminal tables (`meeple play`): one module per game, named by the
game's spec (`terminal`), each with `play(args, stdin=None, stdout=None)`.

They are a play surface, not part of the engine: they use rich, the bots and
the advisor, and nothing in `meeple.core` or `meeple.games` imports them.
"""

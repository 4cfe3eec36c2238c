"""The search's root is the searching seat's own choice, and reports it."""

from meeple.bots.base import observe
from meeple.bots.ismcts import ISMCTSBot, root_stats
from meeple.games import okc


def test_a_seat_at_a_simultaneous_choice_searches_its_own_actions():
    s = okc.new_game(3, seed=5)  # all three seats bid at once
    assert s.decision().seats == (0, 1, 2)
    for seat in (1, 2):
        obs = observe(s, seat)
        bot = ISMCTSBot(seed=1, iterations=200, early_stop=False)
        a = bot.choose(obs)
        stats = root_stats(bot.last_root, obs.legal)
        assert set(bot.last_root.children) == set(obs.legal)  # not seat 0's cards
        assert a == stats[0][0]
        assert sum(v for _, v, _ in stats) == 200
        assert all(0.0 <= r <= 1.0 for _, _, r in stats)

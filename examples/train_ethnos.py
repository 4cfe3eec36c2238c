"""Train a small Ethnos agent against random bots and plot its learning curve.

numpy only, CPU, a few minutes:

    .venv/bin/python examples/train_ethnos.py                # ~1-2 min
    .venv/bin/python examples/train_ethnos.py --episodes 200 --out /tmp/curve.png

The agent is a linear softmax policy over the legal actions (the action mask),
logits = W[a] . x + b[a] on the float32 observation x of `meeple.env.EthnosSolo`,
trained with REINFORCE (the final rank reward, no discount) and a linear value
baseline, Adam steps once per episode. The other seats are `random` bots.

It prints one JSON line per evaluation block and writes the learning curve
(mean rank reward and win rate per block of training games, with the uniformly
random agent's level measured the same way for reference) to a PNG; a JSON
summary beside it holds the numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import numpy as np


class Adam:
    def __init__(self, shape, lr: float, b1: float = 0.9, b2: float = 0.999):
        self.m = np.zeros(shape)
        self.v = np.zeros(shape)
        self.t = 0
        self.lr, self.b1, self.b2 = lr, b1, b2

    def step(self, param: np.ndarray, grad: np.ndarray) -> None:
        """Gradient ascent on `param` in place."""
        self.t += 1
        self.m = self.b1 * self.m + (1 - self.b1) * grad
        self.v = self.b2 * self.v + (1 - self.b2) * grad * grad
        mh = self.m / (1 - self.b1**self.t)
        vh = self.v / (1 - self.b2**self.t)
        param += self.lr * mh / (np.sqrt(vh) + 1e-8)


class LinearPolicy:
    def __init__(self, n_obs: int, n_actions: int, lr: float, seed: int):
        self.rng = np.random.default_rng(seed)
        self.W = np.zeros((n_actions, n_obs + 1))  # last column: bias
        self.v = np.zeros(n_obs + 1)  # value baseline
        self.opt_w = Adam(self.W.shape, lr)
        self.opt_v = Adam(self.v.shape, lr)

    @staticmethod
    def features(obs: np.ndarray) -> np.ndarray:
        return np.append(obs.astype(np.float64), 1.0)

    def act(self, x: np.ndarray, mask: np.ndarray, greedy: bool = False):
        legal = np.flatnonzero(mask)
        z = self.W[legal] @ x
        z -= z.max()
        p = np.exp(z)
        p /= p.sum()
        k = int(np.argmax(p)) if greedy else int(self.rng.choice(len(legal), p=p))
        return int(legal[k]), legal, p, k

    def update(self, episode: list, ret: float) -> None:
        gw = np.zeros_like(self.W)
        gv = np.zeros_like(self.v)
        n = len(episode)
        for x, legal, p, k in episode:
            adv = ret - float(self.v @ x)
            g = -p
            g[k] += 1.0
            gw[legal] += (adv / n) * np.outer(g, x)
            gv += ((ret - float(self.v @ x)) / n) * x
        self.opt_w.step(self.W, gw)
        self.opt_v.step(self.v, gv)


def play(env, policy: LinearPolicy | None, seed: int, learn: bool, rng) -> float:
    obs, info = env.reset(seed=seed)
    episode = []
    done = False
    reward = 0.0
    while not done:
        mask = obs["action_mask"]
        if policy is None:
            a = int(rng.choice(np.flatnonzero(mask)))
        else:
            x = policy.features(obs["observation"])
            a, legal, p, k = policy.act(x, mask)
            if learn:
                episode.append((x, legal, p, k))
        obs, reward, done, _, info = env.step(a)
    if learn and policy is not None and episode:
        policy.update(episode, reward)
    return reward


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--episodes", type=int, default=600, help="training games")
    ap.add_argument("--block", type=int, default=None, help="games per point of the curve")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--lr", type=float, default=0.001, help="Adam step size")
    ap.add_argument(
        "--baseline-games", type=int, default=None, help="games of the uniformly random agent for the reference line"
    )
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="ethnos_learning_curve.png", help="the PNG (a .json summary is written beside it)")
    args = ap.parse_args(argv)
    if args.episodes < 1 or args.players < 2:
        ap.error("need at least 1 episode and 2 players")
    block = args.block or max(1, args.episodes // 30)
    baseline_games = args.baseline_games if args.baseline_games is not None else max(block, args.episodes // 6)

    from meeple.env import EthnosSolo

    env = EthnosSolo(players=args.players, opponents="random", seat=None, reward="rank")
    n_obs = env.observation_space["observation"].shape[0]
    policy = LinearPolicy(n_obs, env.action_space.n, args.lr, args.seed)
    rng = np.random.default_rng(args.seed + 1)
    t0 = time.perf_counter()

    # reference: the uniformly random agent in the same seat draw and opponents
    base = [play(env, None, 10_000_000 + i, False, rng) for i in range(baseline_games)]
    base_reward = float(np.mean(base))
    base_win = float(np.mean([r == 1.0 for r in base]))
    print(
        json.dumps(
            {
                "baseline_games": baseline_games,
                "random_agent_reward": round(base_reward, 3),
                "random_agent_win_rate": round(base_win, 3),
            }
        ),
        flush=True,
    )

    xs, rewards, wins, rs = [], [], [], []
    for ep in range(args.episodes):
        rs.append(play(env, policy, args.seed * 1_000_003 + ep, True, rng))
        if len(rs) == block or ep == args.episodes - 1:
            xs.append(ep + 1)
            rewards.append(float(np.mean(rs)))
            wins.append(float(np.mean([r == 1.0 for r in rs])))
            print(
                json.dumps(
                    {
                        "episodes": ep + 1,
                        "mean_rank_reward": round(rewards[-1], 3),
                        "win_rate": round(wins[-1], 3),
                        "seconds": round(time.perf_counter() - t0, 1),
                    }
                ),
                flush=True,
            )
            rs = []

    summary = {
        "episodes": args.episodes,
        "players": args.players,
        "block": block,
        "lr": args.lr,
        "random_agent_reward": base_reward,
        "random_agent_win_rate": base_win,
        "curve": {"episodes": xs, "mean_rank_reward": rewards, "win_rate": wins},
        "first_block_reward": rewards[0],
        "last_block_reward": rewards[-1],
        "seconds": round(time.perf_counter() - t0, 1),
    }
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(1, 2, figsize=(10, 4))
    ax[0].plot(xs, rewards, marker="o", label="learning agent")
    ax[0].axhline(base_reward, color="gray", ls="--", label="uniform random agent")
    ax[0].set_xlabel("training games")
    ax[0].set_ylabel(f"mean rank reward per {block} games")
    ax[0].set_ylim(-1, 1)
    ax[0].legend()
    ax[1].plot(xs, wins, marker="o", color="tab:green", label="learning agent")
    ax[1].axhline(base_win, color="gray", ls="--", label="uniform random agent")
    ax[1].set_xlabel("training games")
    ax[1].set_ylabel("win rate")
    ax[1].set_ylim(0, 1)
    ax[1].legend()
    fig.suptitle(f"Ethnos, {args.players} players: linear REINFORCE vs {args.players - 1} random bots")
    fig.tight_layout()
    out = args.out
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    fig.savefig(out, dpi=100)
    plt.close(fig)
    with open(os.path.splitext(out)[0] + ".json", "w") as f:
        json.dump(summary, f, indent=1)
    print(
        json.dumps(
            {
                "png": out,
                "first_block_reward": round(rewards[0], 3),
                "last_block_reward": round(rewards[-1], 3),
                "seconds": summary["seconds"],
            }
        ),
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

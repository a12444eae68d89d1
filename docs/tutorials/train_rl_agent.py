"""Train an RL agent: a linear softmax policy learns whist card play by REINFORCE against random
opponents, on the environment's action indices, masks and observation vectors. Tiny on purpose
(a 24-card pack, a few hundred deals, numpy alone): the shape of a training loop, not a strong
player. ``tricktaker.rl.env`` gives the same environment as a PettingZoo AEC environment."""

import numpy as np

from tricktaker.rl import Episode

episode = Episode("whist", ranks_per_suit=6)  # 9 to A of each suit: 6 tricks a deal
LEARNERS = (0, 2)  # N and S share the policy; E and W play at random
rng = np.random.default_rng(1)
weights = np.zeros((episode.layout.size, episode.observation_size))


def policy(observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The probability of each action index: a softmax of linear scores over the legal ones."""
    scores = weights @ observation
    scores = np.where(mask == 1, scores, -np.inf)
    scores -= scores.max()
    probabilities = np.exp(scores)
    return probabilities / probabilities.sum()


def play(seed: int, greedy: bool) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
    """One deal from ``seed``: N-S's reward (their tricks minus E-W's) and N-S's choices."""
    episode.start(seed)
    choices = []
    reward = 0.0
    while not episode.is_over:
        player = episode.to_move
        if player in LEARNERS:
            observation, mask = episode.observe(player), episode.mask(player)
            p = policy(observation, mask)
            action = int(p.argmax()) if greedy else int(rng.choice(len(p), p=p))
            choices.append((observation, p, action))
        else:
            action = int(rng.choice(episode.legal_indices()))
        reward += episode.step(action)[LEARNERS[0]]
    return reward, choices


def evaluate() -> float:
    """N-S's mean reward over 200 fixed deals, the policy playing its most likely card."""
    return float(np.mean([play(seed, greedy=True)[0] for seed in range(10_000, 10_200)]))


before = evaluate()
baseline, learning_rate = 0.0, 0.05
for seed in range(600):
    reward, choices = play(seed, greedy=False)
    baseline += 0.05 * (reward - baseline)  # a running mean: the advantage is reward - baseline
    for observation, p, action in choices:
        gradient = -p  # d log p[action] / d scores = onehot(action) - p
        gradient[action] += 1.0
        weights += learning_rate * (reward - baseline) * np.outer(gradient, observation)
after = evaluate()
print(f"N-S tricks minus E-W's, a deal: {before:+.2f} before training, {after:+.2f} after")
assert after > before, (before, after)

"""The yardstick for tournament speed: a plain Python Swiss simulator as the tools people use
write one — random pairing inside win groups (rematches allowed, no tiebreakers), best of three
at a game-win probability, then a top 8 by wins. Not rules-accurate: a speed reference only."""
import random


def event(archetypes, p_game, rounds, rng):
    """One event: archetypes[i] is player i's deck; p_game[(a, b)] P(a wins a game against b)."""
    n = len(archetypes)
    wins = [0] * n
    matches = 0
    for _ in range(rounds):
        groups = {}
        for p in range(n):
            groups.setdefault(wins[p], []).append(p)
        order = []
        for w in sorted(groups, reverse=True):
            g = groups[w]
            rng.shuffle(g)
            order += g
        for i in range(0, n - 1, 2):
            a, b = order[i], order[i + 1]
            wa = wb = 0
            p = p_game[archetypes[a], archetypes[b]]
            while wa < 2 and wb < 2:
                if rng.random() < p:
                    wa += 1
                else:
                    wb += 1
            wins[a if wa > wb else b] += 1
            matches += 1
        if n % 2:
            wins[order[-1]] += 1
    top8 = sorted(range(n), key=lambda p: (-wins[p], rng.random()))[:8]
    return top8, matches


def matches_per_second(players=256, rounds=8, events=200, seed=1):
    import time
    rng = random.Random(seed)
    arch = [p % 4 for p in range(players)]
    p_game = {(a, b): 0.5 + 0.05 * (a - b) for a in range(4) for b in range(4)}
    began, total = time.perf_counter(), 0
    for _ in range(events):
        total += event(arch, p_game, rounds, rng)[1]
    return total / (time.perf_counter() - began)

"""Sample hidden hands: from what one seat knows in the middle of a Klaverjas deal, draw deals
consistent with it, solve each one double-dummy and average the values of the seat's cards.
That average is the card choice of Perfect-Information Monte Carlo (the "pimc" bot)."""

import numpy as np

import tricktaker as tt

game = tt.load("klaverjas")
deal = game.new_deal(seed=7, dealer="W", trump="H", declarer="N")
trick = ("TS", "8S", "7S", "AS")  # N leads the ten of spades, W takes it with the ace
for card in trick:
    deal.apply(card)
seat = deal.to_move  # W, to lead to the second trick
print(deal.seat_name(seat), "holds", " ".join(deal.observation(seat)["hand"]))

# 200 deals drawn uniformly among those W cannot tell from the real one: W's own hand is fixed,
# the cards played are gone, and the other hands share the rest of the pack.
samples = tt.sample_deals(deal, seat, 200, seed=1)
own = deal.play_state().hand(seat)
assert all(int(hand) == own for hand in samples.hands[:, seat])
played = tt.mask_from_cards(list(trick))
assert not any(int(hand) & played for hand in samples.hands.ravel())
print(f"{len(samples)} samples of about {samples.count:.3g} consistent deals")
print("one of them: N holds", " ".join(str(c) for c in samples.hand(0, 0)))

# Every sample as a full deal at the same point, solved in one batch: values[i] is the value
# of sample i for E-W (W's side), cards[i, card.id] the value of each legal card.
sampled = [samples.deal(i) for i in range(len(samples))]
values, cards = tt.solve_many(sampled, cards=True)
legal = deal.legal_actions()
average = {str(a): float(np.mean(cards[:, a.card.id])) for a in legal}
for card, value in sorted(average.items(), key=lambda kv: -kv[1]):
    print(f"  {card}: {value:6.1f} points for E-W on average")
choice = max(average, key=lambda c: average[c])
print("PIMC plays", choice)

# The real hands give the true values; PIMC knows only the averages.
truth = tt.solve(deal)
print("with every hand known:", truth.cards)
assert set(average) == set(truth.cards)

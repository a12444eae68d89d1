"""Analyse a position: read a Klaverjas deal from its one-line text, ask the double-dummy solver
what every card is worth, play the best line out and check the solver against the result."""

import tricktaker as tt

game = tt.load("klaverjas")

# The four hands as dealt (spades.hearts.diamonds.clubs, N first, clockwise); diamonds are
# trumps and N plays. Nothing is played yet: N is to lead.
text = "dealer=W trump=D declarer=N N:J.K8.AJT7.Q 8.JT7.Q9.T8 QT.AQ.K.AK7 AK97.9.8.J9"
deal = game.parse_position(text)
print(deal.phase, "-", deal.seat_name(deal.to_move), "to lead")

# The value of each legal card for the side to move (N-S): the points it takes from here on
# with best play by everyone, roem and the last-trick bonus included. * marks the best cards.
solution = tt.solve(deal)
print(solution.table())

# Other objectives count other things: "made" is 1 when the playing team makes its contract.
made = tt.solve(deal, objective="made")
print("N-S make it:", made.value == 1)

# The same question from E-W's side: their points with best play are what N-S leave them.
defence = tt.solve(deal, side="EW")
print("E-W take", defence.value)

# Play the principal line for N-S: N-S play to take the most, E-W to leave them the least.
# Each mover plays one of its best cards for that objective (for E-W, the cards that hold N-S
# to the value). A solution values the play still to come, so what N-S take along the line adds
# up to the first value, and the deal's own scoring must agree.
# (Roem makes Klaverjas points no zero-sum game: E-W playing for their own points may let N-S
# take more, so the line is played against the one side's objective.)
solver = tt.Solver()  # one solver reused: its table stays warm between the positions
line = []
while deal.phase == "play":
    best = solver.solve(deal, side="NS").best[0]
    line.append(str(best))
    deal.apply(best)
print("the line:", " ".join(line))
result = deal.result()
print("score N-S, E-W:", result.score)
assert result.score[0] == solution.value, (result.score, solution.value)

# A double-dummy table: for each trump suit (rows S, H, D, C), the points of each possible
# playing team (columns N-S, E-W) if it chose that trump.
print(tt.dd_table(game.parse_position(text)))

"""Counterpique's kind of exercise question (:mod:`tutor.exercises`): ``contract``, a deal the
computer bid, drew and played: what each side scores above the line for the combinations and below
it for the contract, pique aside.
"""

from __future__ import annotations

from typing import Any

from ...exercises import ExerciseError, Kind, Question, play_moves, steps

__all__ = ["CONTRACT"]


def _contract(game: Any, seed: str, number: int) -> Question:
    from ..piquet.combos import BIT_CARD, is_carte_blanche, mask_of
    from .state import Phase

    for k in range(100):  # the first of the seed's deals the computer bids to a contract
        state = game.deal(seed=f"{seed}/{k}")
        bot = game.bot()
        before = play_moves(game, state, bot, lambda s: s.phase in (Phase.CALL, Phase.REPLY, Phase.DECLARE, Phase.PLAY))
        if state.misere or any(state.blank):
            continue  # a misère has no contract; a blank is shown before the draw, so the hands after it would hide it
        elder, younger = state.hand(state.seat(0)), state.hand(state.seat(1))
        if not (is_carte_blanche(mask_of(elder)) or is_carte_blanche(mask_of(younger))):
            break
    else:  # pragma: no cover - one deal in ten or so ends in a misère or shows a blank
        raise ExerciseError(f"no deal of {seed} reached a contract", token=seed)
    play_moves(game, state, bot)
    bid, won = state.contract, state.nominal_tricks()[state.elder]
    r = game.score(elder, younger, bid=bid, tricks=won)
    above, below = r.above, r.below
    answer = (f"above the line elder {above['elder']}, younger {above['younger']}; "
              f"below the line elder {below['elder']}, younger {below['younger']}")
    made = "made it" if state.made else "fell short"
    prompt = (" ".join(text for _, _, text in before) + f" So the {state.players[state.elder]} is Elder at {bid.name}: "
              f"to win {bid.tricks} of the thirteen tricks (the last of the twelve counts two), leaving {bid.cards} cards "
              f"of the talon to Younger. After the draw they held these cards and declared all they held; Elder won "
              f"{won} and {made}. Pique aside (it depends on the order of the tricks), what does each score above "
              "the line, and below it?")
    plays = [[str(BIT_CARD[t[1]]), str(BIT_CARD[t[2]])] for t in state.tricks]
    return Question(number, prompt, (("elder", tuple(elder)), ("younger", tuple(younger))),
                    answer + (f"; {r.repique} makes a repique" if r.repique else ""), steps(r.explanation),
                    {"bid": bid.name, "tricks": won, "above": above, "below": below, "plays": plays,
                     "elder": " ".join(map(str, elder)), "younger": " ".join(map(str, younger))}, state.code)


CONTRACT = Kind("contract", "what does each side score for this contract?", _contract)

"""The trainer behind the Le Truc panel for la pourrie (the rotten trick): who is credited with each
trick. A manche against the computer is the contract's :class:`~tutor.session.Session`."""

from __future__ import annotations

import random

from ...cards import check_seed
from ...errors import IllegalActionError, shown
from .state import NAMES, PLAYERS

# -- la pourrie ------------------------------------------------------------------------------


def credit_by_trick(results) -> list[str | None]:
    """Who is credited with each trick (``elder``, ``dealer`` or None), results given as
    ``elder``/``dealer``/``rotten``: a rotten trick goes to the winner of the first trick that was
    not rotten (the French rules of Le Truc), and to nobody if all are rotten."""
    first = next((r for r in results if r != "rotten"), None)
    return [first if r == "rotten" else r for r in results]


def playable(results) -> bool:
    """Tricks a real deal could show: play stops as soon as someone is credited with two."""
    for n in range(1, len(results)):
        credit = credit_by_trick(results[:n])
        if max(credit.count("elder"), credit.count("dealer")) >= 2:
            return False
    return True


def explain_rotten(results) -> str:
    credit = credit_by_trick(results)
    first = next((i for i, r in enumerate(results) if r != "rotten"), None)
    if first is None:
        return "All three tricks are rotten: the deal has no result (the French rules of Le Truc)."
    return (
        f"A rotten trick goes to the winner of the first trick that was not rotten: trick {first + 1}, won by "
        f"{results[first]}. So " + ", ".join(f"trick {n + 1} to {c}" for n, c in enumerate(credit)) + " (the French rules of Le Truc)."
    )


class RottenTrainer:
    """Asks who is credited with each trick when some are rotten, and explains the rule."""

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(check_seed(seed))
        self.next_question()

    def next_question(self) -> tuple[str, ...]:
        while True:
            n = self.rng.choice((2, 3, 3))
            results = tuple(self.rng.choice(("elder", "dealer", "rotten")) for _ in range(n))
            if "rotten" in results and playable(results) and (n == 3 or max(
                credit_by_trick(results).count("elder"), credit_by_trick(results).count("dealer")) >= 2):
                self.results = results
                return results

    def check(self, answers) -> tuple[bool, str]:
        """Mark ``answers``, one a trick in order: ``elder``, ``dealer`` or ``nobody`` (None or ""
        for nobody too). Right or not, and the rule explained."""
        want = credit_by_trick(self.results)
        legal = (*PLAYERS, "nobody")
        if not isinstance(answers, (list, tuple)):
            raise IllegalActionError(
                f"the answers are a list, one for each of the {len(want)} tricks, not {type(answers).__name__} "
                f"{shown(answers)}", token=shown(answers), legal=legal)
        odd = next((a for a in answers if not (a is None or isinstance(a, str) and a.strip().lower() in (*legal, ""))), None)
        if odd is not None or len(answers) != len(want):
            raise IllegalActionError(
                f"answer elder, dealer or nobody for each of the {len(want)} tricks, not {shown(answers)}",
                token=shown(odd if odd is not None else answers), legal=legal,
            )
        given = [None if a is None or a.strip().lower() in ("", "nobody") else a.strip().lower() for a in answers]
        return given == want, explain_rotten(self.results)


__all__ = ["RottenTrainer", "credit_by_trick", "explain_rotten", "playable", "NAMES"]

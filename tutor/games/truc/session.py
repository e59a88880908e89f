"""Pure session objects behind the Le Truc panels: a manche against the computer, with undo, and
a trainer for la pourrie (the rotten trick). The panels and the tests drive these."""

from __future__ import annotations

import random

from ...cards import Card
from ...errors import IllegalActionError
from .actions import Play, parse_action
from .bot import TrucBot
from .rules import TrucRules
from .state import NAMES, PLAYERS, Manche


class TrucSession:
    """A manche to 12 between the reader (partie player 0, ``first``) and the computer."""

    reader = 0

    def __init__(self, seed: int | str = 0, rules: TrucRules | None = None, bluff: float = 0.12):
        self.rules = rules or TrucRules()
        self.bluff = bluff
        self.new_manche(seed)

    def new_manche(self, seed: int | str | None = None) -> None:
        self.seed = 0 if seed in (None, "") else seed
        first_dealer = random.Random(f"cut/{self.seed}").randrange(2)
        self.manche = Manche(self.seed, self.rules, first_dealer)
        self.bot = TrucBot(f"bot/{self.seed}", bluff=self.bluff)
        self.actions: list[tuple[str, str]] = []
        self.log: list[str] = []
        self._run_computer()

    @property
    def deal(self):
        return self.manche.deal

    @property
    def reader_to_move(self) -> bool:
        return not self.manche.is_over and self.manche.to_move == self.reader

    @property
    def role(self) -> str:
        """The reader's seat in the current deal: elder or dealer."""
        return PLAYERS[self.manche.role_of(self.reader)]

    def view(self) -> dict:
        return self.manche.view(self.reader)

    def act(self, action) -> str:
        if self.manche.is_over:
            raise IllegalActionError("the manche is over: start a new one", token=str(action))
        if not self.reader_to_move:
            raise IllegalActionError("it is the computer's turn", token=str(action))
        before = len(self.log)
        self._apply("reader", parse_action(action))
        self._run_computer()
        return " ".join(self.log[before:])

    def play(self, card: Card | str) -> str:
        return self.act(Play(card))

    def undo(self) -> bool:
        """Back to before the reader's last action (the computer replays as it did)."""
        idx = max((i for i, (who, _) in enumerate(self.actions) if who == "reader"), default=None)
        if idx is None:
            return False
        keep = self.actions[:idx]
        self.manche = Manche(self.seed, self.rules, self.manche.first_dealer)
        self.bot = TrucBot(f"bot/{self.seed}", bluff=self.bluff)
        self.actions, self.log = [], []
        for who, text in keep:
            if who == "computer":
                self.bot.choose_action(self.deal)  # keep the bot's random stream in step
            self._apply(who, parse_action(text))
        return True

    def _apply(self, who: str, action) -> None:
        d = self.manche.deal
        name = "You" if who == "reader" else "The computer"
        before = len(d.commentary().splitlines()) if d.commentary() else 0
        self.manche.apply(action)
        self.actions.append((who, str(action)))
        self.log.append(f"{name}: {action}.")
        lines = d.commentary().splitlines()[before:]
        self.log += [line.split("  [")[0] for line in lines]

    def _run_computer(self) -> None:
        guard = 0
        while not self.manche.is_over and self.manche.to_move != self.reader:
            self._apply("computer", self.bot.choose_action(self.manche.deal))
            guard += 1
            if guard > 100:  # pragma: no cover - a bot bug, never a loop in the reader's page
                raise RuntimeError("the computer opponent did not finish its turn")


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
        self.rng = random.Random(seed)
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
        want = credit_by_trick(self.results)
        given = [None if a in (None, "", "nobody") else a for a in answers]
        if len(given) != len(want) or any(g not in (None, *PLAYERS) for g in given):
            raise IllegalActionError(
                f"answer elder, dealer or nobody for each of the {len(want)} tricks, not {answers!r}",
                token=str(answers),
                legal=(*PLAYERS, "nobody"),
            )
        return given == want, explain_rotten(self.results)


__all__ = ["TrucSession", "RottenTrainer", "credit_by_trick", "explain_rotten", "playable", "NAMES"]

"""Kill The Kings: the solitaire. Rules spec: shared/rules/kill-the-kings.md."""

from cutthroat.games.kill_the_kings.rules import RULES, KillTheKingsRules, KtkState

__all__ = ["RULES", "KillTheKingsRules", "KtkState"]

"""Kill Your Friends. Rules spec: shared/rules/kill-your-friends.md."""

from cutthroat.games.kill_your_friends.rules import RULES, KillYourFriendsRules, KyfState

__all__ = ["RULES", "KillYourFriendsRules", "KyfState"]

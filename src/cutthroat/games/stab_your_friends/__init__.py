"""Stab Your Friends. Rules spec: shared/rules/stab-your-friends.md."""

from cutthroat.games.stab_your_friends.rules import RULES, StabYourFriendsRules, SyfState

__all__ = ["RULES", "StabYourFriendsRules", "SyfState"]

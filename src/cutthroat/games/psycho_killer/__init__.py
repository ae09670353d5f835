"""Psycho Killer. Rules spec: shared/rules/psycho-killer.md."""

from cutthroat.games.psycho_killer.rules import RULES, PkState, PsychoKillerRules

__all__ = ["RULES", "PkState", "PsychoKillerRules"]

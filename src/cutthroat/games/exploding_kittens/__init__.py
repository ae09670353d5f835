"""Exploding Kittens: Recipes for Disaster. Rules spec: shared/rules/exploding-kittens.md."""

from cutthroat.games.exploding_kittens.rules import RULES, EkState, EkView, ExplodingKittensRules

__all__ = ["RULES", "EkState", "EkView", "ExplodingKittensRules"]

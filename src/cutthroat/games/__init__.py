"""One package per game. Each exposes `RULES`, an instance of its `Rules` subclass.

The registry (`cutthroat.engine.registry.GAMES`) names the package; nothing else needs to change
to add a game.
"""

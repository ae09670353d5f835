"""Cutthroat: five ruthless party card games for the terminal."""

__version__ = "0.1.0"

"""Refusals: an action that breaks a rule, and a record that is not a record."""

from __future__ import annotations

__all__ = ["RuleError", "RecordError"]


class RuleError(Exception):
    """An action the rules forbid.  ``rule`` names the rule, ``message`` says why."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


class RecordError(ValueError):
    """A document that is not a game record (wrong form, not wrong play)."""

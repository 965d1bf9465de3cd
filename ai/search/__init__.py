"""Search for the bots: a perfect-information solver over a bitmask hand, and its helpers."""

from .position import Position
from .solver import OutOfBudget, Solver

__all__ = ["OutOfBudget", "Position", "Solver"]

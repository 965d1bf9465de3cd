"""Bots: strategies that decide from a seat's view."""

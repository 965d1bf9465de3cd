"""Widgets that draw the game from a seat's view."""

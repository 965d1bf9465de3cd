"""Serving the game to other people's terminals: over SSH, and to web browsers."""

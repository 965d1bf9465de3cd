"""Replaying a game record: its positions, the viewer's words, and the app opened on it (the
viewer's screen is ``screens/replay.py``; ``moon42 replay`` is ``cli/replay.py``)."""

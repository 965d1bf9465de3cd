"""The app's screens: lobby, table, hand summary, scoreboard, game over, help."""

"""The doors players come in by: SSH, the web, and the club (both, with members and a
leaderboard page)."""

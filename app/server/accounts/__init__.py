"""Who plays on a server: identities, keys, members, names, the leaderboard and the limits each
player is held to."""

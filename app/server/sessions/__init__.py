"""A player's session on a server: its terminal, the warm processes and the zygote a game
is forked from, and each game's limits."""

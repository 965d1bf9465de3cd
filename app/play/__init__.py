"""A table: the one thing that plays a game, local or shared. Seats (human, bot, remote),
the engine, bots, claims, undo, pacing, dealing on, saves, records and statistics; no
Textual here, so it is tested at engine speed."""

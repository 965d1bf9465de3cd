"""The Textual app, a client of a table: the screens, widgets, the replay viewer, and the
controller that draws a table's views and sends its player's moves."""

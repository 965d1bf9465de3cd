"""The tables hub of a server: the shared tables, and the socket protocol sessions speak to it."""

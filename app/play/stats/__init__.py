"""Statistics: every game and hand kept in SQLite (``store``), followed from the app
(``recorder``), summed up for the Stats screen and ``moon42 stats`` (``report``)."""

"""What a seat can read off its own view before any search: which tiles it knows of and
which suits each seat has shown out of (``knowledge``), what a hand is worth for a trump
(``hand_value``), and whether the auction was settled for it (``forced_auction``).
``ai.search`` and the bots build on these; they import nothing else of ``ai``."""

"""The lab: what measures the bots and the engine, apart from the game.

``arena`` (with ``arena_pool``) pits bots against each other over duplicate deals, played on
local processes or a cluster (``ai.workers``, which the calibration uses too), and can write
every deal's outcome down (``per_deal``) so that ``paired`` compares two runs deal by deal;
``bot_bench`` times the bots' decisions, ``engine_bench`` the rules engine, ``clone_bench`` a
game's copy against its replay, ``solver_bench`` the search; ``critical`` scores single
decisions against the solver.  ``moon42 arena`` and ``moon42 bench`` are their command lines;
the others run with ``python -m moon42.ai.lab.<module>``.  Nothing here is imported by the
bots or the game: it imports only ``moon42.rules`` and ``moon42.ai``.
"""

"""The games as the web layer shows them: the choice of a game, and each game's deal form and
sentences (why a deal scored as it did) in a folder of its own, as the engine keeps its games."""

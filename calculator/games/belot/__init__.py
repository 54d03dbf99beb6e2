"""Bulgarian belot: its deal form and its sentences (why a deal scored as it did)."""

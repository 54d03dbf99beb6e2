"""A table: its roster, matches started or added, the leaderboard, player pages, statistics,
charts and CSV, and the next match of the same four players."""

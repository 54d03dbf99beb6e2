"""Date formats where the site writes a date differently from Django's own (FORMAT_MODULE_PATH):
the day without a leading zero, the month in the genitive, and the year's abbreviation, as a
sentence writes it ("1 декември 2026 г."). Django's formats fill in everything else."""

"""A match: the new-match and import forms, the deals (entry, preview, corrections, undo), the
match page and its history, the score sheet, the export and the version a watcher polls."""

"""What the features share: opening a match, table or tournament by its key (and the limits on
wrong keys), the kept pages, the version a watcher polls, the charts, the recent links, names,
knock-out stages in words and spreadsheet rows."""

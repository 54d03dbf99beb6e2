"""A match kept on the scorer's phone: the same Django pages, forms and engine, run in the phone's
browser (Pyodide) when it has no connection (docs/offline.md)."""

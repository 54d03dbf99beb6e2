"""Server-drawn SVG charts for the table's pages: numbers in, coordinates out (no scoring).

Names stay out of the SVGs: they are written in the page's HTML beside each bar, where long
names wrap on a phone like any text.
"""

WIDTH, HEIGHT = 320, 120


def bars(board) -> list[dict]:
    """One bar per (name, Record): the share of games won, as a width out of 100."""
    rows = []
    for name, record in board:
        rate = record.win_rate
        if rate is None:
            continue
        rows.append(
            {
                "name": name,
                "width": round(rate * 100, 1),
                "percent": round(rate * 100),
                "games": record.games,
                "won": record.games_won,
            }
        )
    return rows


def line(values: list[int]) -> dict | None:
    """A polyline of running values (points after each match), scaled into WIDTH × HEIGHT."""
    if not values:
        return None
    points = [0, *values]
    low, high = min(points), max(points)
    span = (high - low) or 1
    step = WIDTH / (len(points) - 1)
    coordinates = " ".join(
        f"{round(i * step, 1)},{round(HEIGHT - (v - low) * HEIGHT / span, 1)}"
        for i, v in enumerate(points)
    )
    return {"width": WIDTH, "height": HEIGHT, "points": coordinates, "last": values[-1]}

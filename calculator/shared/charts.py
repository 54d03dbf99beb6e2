"""Server-drawn SVG charts for the table's pages: numbers in, coordinates out (no scoring).

Names stay out of the SVGs: they are written in the page's HTML beside each bar, where long
names wrap on a phone like any text.
"""

WIDTH, HEIGHT = 320, 120
# Room around a line chart's plot for its numbers and the axes' names (SVG units: about a CSS
# pixel each on a phone): the values' numbers on the left, the count along the bottom.
# The left one is the least: it widens with the values' longest number (DIGIT a figure, after
# the TICK_X between the axis and its numbers): a coinche player's points run into thousands.
LEFT, TOP, BOTTOM, RIGHT = 34, 26, 30, 6
DIGIT, TICK_X = 8, 5  # a figure of an axis's 12-unit numbers is some 7.6 units wide
TICK_GAP = 14  # two numbers of an axis closer than this overlap: the lesser one is left out


def frame(width: int = WIDTH, height: int = HEIGHT, y_ticks: list[dict] = ()) -> dict:
    """The viewBox of a line chart with its axes, wide enough on the left for the numbers of
    ``y_ticks``, and where its labels go. The values' name starts at the axis it names, above
    the plot: at the chart's left edge the box's rounded corner cut it off on a phone."""
    figures = max((len(str(tick["label"])) for tick in y_ticks), default=0)
    left = max(LEFT, TICK_X + 3 + DIGIT * figures)
    return {
        "view_box": f"{-left} {-TOP} {width + left + RIGHT} {height + TOP + BOTTOM}",
        "left": 0,
        "title_y": -TOP + 11,
        "tick_y": height + 14,
        "name_y": height + BOTTOM - 3,
        "middle": width / 2,
    }


def y_ticks(values: list[tuple[int, float]]) -> list[dict]:
    """Numbers along the vertical axis, ``(value, y)``, the first ones first: one too close to
    an earlier one is left out."""
    kept: list[dict] = []
    for value, y in values:
        if all(abs(y - tick["y"]) >= TICK_GAP for tick in kept):
            kept.append({"y": round(y, 1), "label": value})
    return kept


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

    def y(value):
        return HEIGHT - (value - low) * HEIGHT / span

    coordinates = " ".join(f"{round(i * step, 1)},{round(y(v), 1)}" for i, v in enumerate(points))
    ticks = y_ticks([(high, y(high)), (low, y(low)), (0, y(0))])
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "points": coordinates,
        "last": values[-1],
        **frame(y_ticks=ticks),
        "y_ticks": ticks,
        "x_ticks": [{"x": 0, "label": 0, "anchor": "start"}, _last_tick(WIDTH, len(values))],
    }


def _last_tick(x: float, label: int) -> dict:
    return {"x": x, "label": label, "anchor": "end"}

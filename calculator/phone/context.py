"""On the phone: how many of the scorer's changes wait to be sent (the page's script says, in
the X-Phone-Waiting header of its request), for the bar every page shows there."""


def waiting(request) -> dict:
    try:
        count = int(request.headers.get("X-Phone-Waiting", "0"))
    except ValueError:
        count = 0
    return {"phone_mode": True, "phone_waiting": max(count, 0)}

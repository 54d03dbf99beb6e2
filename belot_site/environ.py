"""A request's WSGI environ holds the request, not the server's environment variables.

granian (belot_site/serve.py) starts every request's environ from a copy of the process's
``os.environ``: the secret key, ``DATABASE_URL`` with its password, ``REDIS_URL``. Django would
hand them on as ``request.META``, which error reports and debug pages show, and a variable named
like a header (``HTTP_PROXY``) would pass for one the client sent. :class:`RequestOnly` takes
them out again before the site sees the request.
"""

import os

# What the server sets from the request itself, whatever the environment holds.
FROM_THE_REQUEST = {
    "REQUEST_METHOD",
    "SCRIPT_NAME",
    "PATH_INFO",
    "QUERY_STRING",
    "CONTENT_TYPE",
    "CONTENT_LENGTH",
    "SERVER_NAME",
    "SERVER_PORT",
    "SERVER_PROTOCOL",
    "REMOTE_ADDR",
    "REMOTE_PORT",
}


class RequestOnly:
    """WSGI middleware: drop from the environ each variable of the process's environment that
    holds the process's value (a request header of the same name and value is lost with it)."""

    def __init__(self, app, environment=None):
        self.app = app
        variables = os.environ if environment is None else environment
        self.inherited = {
            name: value for name, value in variables.items() if name not in FROM_THE_REQUEST
        }

    def __call__(self, environ, start_response):
        for name, value in self.inherited.items():
            if environ.get(name) == value:
                del environ[name]
        return self.app(environ, start_response)

"""A request's WSGI environ holds the request only (belot_site/environ.py): granian starts it
from a copy of the server's environment variables, secrets included."""

from belot_site.environ import RequestOnly

SERVER_ENVIRONMENT = {
    "DJANGO_SECRET_KEY": "the-secret-key",
    "DATABASE_URL": "postgres://belot:password@10.0.0.5/belot",
    "REDIS_URL": "redis://:password@10.0.0.6:6379/0",
    "HTTP_PROXY": "http://proxy.internal:3128",
    "PATH_INFO": "/from/the/environment",
    "HOME": "/srv/belot",
}


def served(request: dict, environment: dict = SERVER_ENVIRONMENT) -> dict:
    seen = {}

    def site(environ, start_response):
        seen.update(environ)
        start_response("200 OK", [])
        return [b""]

    # As granian builds it: the process's variables, then the request's over them.
    RequestOnly(site, environment)(environment | request, lambda status, headers: None)
    return seen


def test_the_site_sees_the_request_and_none_of_the_servers_variables():
    request = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": "/m/abc/",
        "QUERY_STRING": "",
        "HTTP_HOST": "belot.example",
        "wsgi.url_scheme": "http",
    }
    assert served(request) == request


def test_a_header_named_like_a_variable_is_the_clients_own():
    request = {"REQUEST_METHOD": "GET", "PATH_INFO": "/", "HTTP_PROXY": "from the client"}
    assert served(request) == request


def test_the_request_path_stays_even_when_a_variable_holds_the_same():
    request = {"REQUEST_METHOD": "GET", "PATH_INFO": "/from/the/environment"}
    assert served(request) == request

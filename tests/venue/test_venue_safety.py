"""The venue is read-only and shows nothing but its pages: methods, unknown addresses,
traversal attempts, response headers (through the test client)."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

PAGES = ("/s/riverside-open/", "/s/riverside-open/standings", "/static/venue.css", "/display")

HEADERS = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"])
def test_only_get_and_head_exist(client: TestClient, method: str) -> None:
    for path in (*PAGES, "/live?page=/s/riverside-open/", "/nope"):
        response = client.request(method, path)
        assert response.status_code == 405, (method, path)
        assert response.headers["allow"] == "GET, HEAD"
        assert response.headers["x-frame-options"] == "DENY"


def test_head_answers_without_a_body(client: TestClient) -> None:
    response = client.head("/s/riverside-open/")
    assert response.status_code == 200 and response.content == b""
    assert response.headers["content-type"].startswith("text/html")


@pytest.mark.parametrize(
    "path",
    [
        "/static/../venue/app.py",
        "/static/%2e%2e/app.py",
        "/static/..%2fapp.py",
        "/static/..%2F..%2Fpyproject.toml",
        "/static/%2e%2e%2f%2e%2e%2fpyproject.toml",
        "/static//etc/passwd",
        "/static/%2fetc%2fpasswd",
        "/static/templates/base.html",
        "/static/",
        "//etc/passwd",
        "/%2fetc%2fpasswd",
        "/s/riverside-open/../../etc/passwd",
        "/s/riverside-open/..%2f..%2fetc%2fpasswd",
        "/s/riverside-open/%2e%2e/%2e%2e/etc/passwd",
        "/s/..%2f..%2fetc/passwd",
        "/s/riverside-open/player/1/../../../../etc/passwd",
        "/s/riverside-open/player/%2e%2e",
        "/s/riverside-open/player/-1",
        "/s/riverside-open/player/1.0",
        "/s/riverside-open/round/0",
        "/s/RIVERSIDE-OPEN/",
        "/etc/passwd",
        "/C:/Windows/win.ini",
        "/s/riverside-open/C:%5CWindows%5Cwin.ini",
        "/templates/base.html",
        "/swissdesk/venue/app.py",
        "/.git/config",
        "/s/",
        "/static",
        "/robots.txt",
    ],
)
def test_unknown_addresses_and_traversal_attempts_are_404(client: TestClient, path: str) -> None:
    response = client.get(path, follow_redirects=False)
    assert response.status_code == 404, path
    assert "root:" not in response.text and "import" not in response.text
    for name, value in HEADERS.items():
        assert response.headers[name] == value


def test_every_response_forbids_framing_and_sniffing(client: TestClient) -> None:
    for path in PAGES:
        response = client.get(path)
        assert response.status_code == 200, path
        for name, value in HEADERS.items():
            assert response.headers[name] == value
        policy = response.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
        assert "cdn" not in response.text.lower() and "http://" not in response.text.replace(
            "http://www.w3.org", ""
        )


def test_a_very_long_address_is_refused(client: TestClient) -> None:
    response = client.get("/s/riverside-open/find", params={"q": "x" * 5000})
    assert response.status_code == 414


def test_live_stream_of_an_unknown_page_is_404(client: TestClient) -> None:
    assert client.get("/live", params={"page": "/etc/passwd"}).status_code == 404
    assert client.get("/live", params={"page": "/s/nope/"}).status_code == 404
    assert client.get("/live", params={"page": "/display?show=audit"}).status_code == 404

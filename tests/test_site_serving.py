"""`tutor book` serves the site gzip-compressed to a browser that accepts it, and plain otherwise."""

from __future__ import annotations

import email.utils
import gzip
import threading
import urllib.error
import urllib.request

import pytest

from tutor import site


@pytest.fixture
def served(tmp_path):
    (tmp_path / "page.html").write_text("<p>" + "the cards " * 2000 + "</p>", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "index.html").write_text("<p>" + "index " * 500 + "</p>", encoding="utf-8")
    (tmp_path / "card.png").write_bytes(b"\x89PNG" + bytes(range(256)) * 8)
    server = site.make_server(tmp_path, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield tmp_path, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


def fetch(url: str, gzip_ok: bool):
    req = urllib.request.Request(url, headers={"Accept-Encoding": "gzip, deflate" if gzip_ok else "identity"})
    with urllib.request.urlopen(req) as r:
        return r.headers, r.read()


def test_html_is_compressed_when_accepted_and_the_same_once_unpacked(served):
    root, url = served
    original = (root / "page.html").read_bytes()
    headers, body = fetch(f"{url}/page.html", gzip_ok=True)
    assert headers["Content-Encoding"] == "gzip" and headers["Vary"] == "Accept-Encoding"
    assert int(headers["Content-Length"]) == len(body) < len(original) / 10
    assert gzip.decompress(body) == original
    headers, body = fetch(f"{url}/page.html", gzip_ok=False)
    assert headers["Content-Encoding"] is None and body == original


def test_a_folder_serves_its_index_compressed_and_pictures_stay_as_they_are(served):
    root, url = served
    headers, body = fetch(f"{url}/sub/", gzip_ok=True)
    assert headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(body) == (root / "sub" / "index.html").read_bytes()
    headers, body = fetch(f"{url}/card.png", gzip_ok=True)
    assert headers["Content-Encoding"] is None and body == (root / "card.png").read_bytes()


def test_a_changed_file_is_served_new(served):
    root, url = served
    fetch(f"{url}/page.html", gzip_ok=True)
    (root / "page.html").write_text("<p>changed, and longer than before</p>", encoding="utf-8")
    _, body = fetch(f"{url}/page.html", gzip_ok=True)
    assert gzip.decompress(body) == b"<p>changed, and longer than before</p>"


@pytest.mark.parametrize("path", ["/page.html%00", "/%00", "/sub%00/", "/sub/%00index.html"])
def test_a_nul_byte_in_a_path_is_a_quiet_bad_request(served, capfd, path):
    import http.client

    _, url = served
    conn = http.client.HTTPConnection(url.removeprefix("http://"))
    for method in ("GET", "HEAD"):
        conn.request(method, path, headers={"Accept-Encoding": "gzip"})
        response = conn.getresponse()
        response.read()
        assert response.status == 400
    conn.close()
    assert capfd.readouterr().err == ""  # no traceback printed for the request
    _, body = fetch(f"{url}/page.html", gzip_ok=False)  # and the server goes on serving
    assert body.startswith(b"<p>the cards")


def test_a_path_the_system_cannot_encode_is_not_found(served, capfd):
    import urllib.error

    _, url = served
    for path in ("/%ed%a0%80.html", "/%ff%fe"):
        with pytest.raises(urllib.error.HTTPError) as e:
            fetch(url + path, gzip_ok=True)
        assert e.value.code == 404
    assert capfd.readouterr().err == ""


def _conditional(url: str, since: str, gzip_ok: bool = True) -> tuple[int, bytes]:
    headers = {"Accept-Encoding": "gzip" if gzip_ok else "identity", "If-Modified-Since": since}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:  # urllib raises on a 304
        return e.code, e.read()


@pytest.mark.parametrize("gzip_ok", [True, False])
def test_a_browser_asking_whether_its_copy_is_current_is_told_not_modified_or_sent_the_file(served, gzip_ok):
    # a returning reader's browser revalidates what it cached (If-Modified-Since, RFC 9110 13.1.3):
    # 304 with no body while the file is unchanged since that time, the file if it changed after
    root, url = served
    modified = (root / "page.html").stat().st_mtime
    assert _conditional(f"{url}/page.html", email.utils.formatdate(modified + 5, usegmt=True), gzip_ok) == (304, b"")
    status, body = _conditional(f"{url}/page.html", email.utils.formatdate(modified - 60, usegmt=True), gzip_ok)
    assert status == 200 and (gzip.decompress(body) if gzip_ok else body) == (root / "page.html").read_bytes()
    status, _ = _conditional(f"{url}/page.html", "not a date", gzip_ok)  # a date it cannot read: the file
    assert status == 200


@pytest.mark.parametrize("gzip_ok", [True, False])
def test_a_browser_that_leaves_while_a_file_is_coming_prints_nothing_and_the_server_goes_on(tmp_path, capfd, gzip_ok):
    # A reader who follows a link while a big file (Pyodide's runtime) is still coming: the browser
    # closes its connection at once (a reset), and the server's write to it fails. No traceback.
    import os
    import socket
    import struct

    (tmp_path / "big.wasm").write_bytes(os.urandom(8 << 20))  # random: gzip cannot shrink it
    server = site.make_server(tmp_path, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        for _ in range(3):
            conn = socket.create_connection(("127.0.0.1", server.server_port))
            conn.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            coding = "gzip" if gzip_ok else "identity"
            conn.sendall(f"GET /big.wasm HTTP/1.1\r\nHost: x\r\nAccept-Encoding: {coding}\r\n\r\n".encode())
            conn.recv(1024)  # the answer has begun
            conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            conn.close()  # a reset, with most of the file still to send
        with urllib.request.urlopen(f"http://127.0.0.1:{server.server_port}/big.wasm") as r:
            assert len(r.read()) == 8 << 20  # the server goes on serving
    finally:
        server.shutdown()
        server.server_close()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Error" not in err, err[-2000:]


def test_a_build_writes_the_gzip_form_of_its_bigger_compressible_files_and_only_those(tmp_path):
    (tmp_path / "page.html").write_text("the cards " * 2000, encoding="utf-8")
    (tmp_path / "small.js").write_text("let a = 1;\n" * 10, encoding="utf-8")  # under PRECOMPRESS_MIN
    (tmp_path / "card.png").write_bytes(bytes(range(256)) * 64)  # a picture: compressed already
    (tmp_path / "lite").mkdir()
    (tmp_path / "lite" / "big.js").write_text("let b = 2;\n" * 1000, encoding="utf-8")
    (tmp_path / "link.html").symlink_to(tmp_path / "page.html")
    assert site.precompress(tmp_path, skip=("lite",)) == 1
    assert gzip.decompress((tmp_path / "page.html.gz").read_bytes()) == (tmp_path / "page.html").read_bytes()
    assert sorted(p.name for p in tmp_path.rglob("*.gz")) == ["page.html.gz"]
    assert site.precompress(tmp_path) == 2  # the live copy's folder too
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.gz")) == ["lite/big.js.gz", "page.html.gz"]


def test_the_server_sends_the_gzip_form_a_build_wrote_without_compressing_again(served, monkeypatch):
    root, url = served
    site.precompress(root)

    def compressing(*args):
        raise AssertionError("compressed at the request: the build's own gzip form was not sent")

    monkeypatch.setattr(site, "_gzipped", compressing)
    headers, body = fetch(f"{url}/page.html", gzip_ok=True)
    assert headers["Content-Encoding"] == "gzip" and headers["Content-Type"] == "text/html"
    assert body == (root / "page.html.gz").read_bytes() and gzip.decompress(body) == (root / "page.html").read_bytes()
    headers, body = fetch(f"{url}/page.html", gzip_ok=False)
    assert headers["Content-Encoding"] is None and body == (root / "page.html").read_bytes()
    # asked for by its own name, the gzip form is a gzip file, sent as it is
    headers, body = fetch(f"{url}/page.html.gz", gzip_ok=True)
    assert headers["Content-Type"] == "application/gzip" and headers["Content-Encoding"] is None
    assert body == (root / "page.html.gz").read_bytes()


def test_a_file_changed_after_the_build_is_served_new_not_its_old_gzip_form(served):
    import os

    root, url = served
    site.precompress(root)
    page = root / "page.html"
    page.write_text("<p>edited after the build</p>" * 200, encoding="utf-8")
    later = (root / "page.html.gz").stat().st_mtime_ns + 10**9
    os.utime(page, ns=(later, later))
    _, body = fetch(f"{url}/page.html", gzip_ok=True)
    assert gzip.decompress(body) == page.read_bytes()

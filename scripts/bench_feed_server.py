#!/usr/bin/env python3
"""A keep-alive HTTP/1.1 feed server on loopback for `lectern-bench fetch`.

Serves /feed0 ... /feedN-1 (RSS documents of a typical size, each with an ETag) and /connections (how many
connections it has accepted, as a decimal number). Prints "port N" once it listens.
Usage: bench_feed_server.py [FEEDS]
"""
import http.server
import socketserver
import sys
import threading

FEEDS = int(sys.argv[1]) if len(sys.argv) > 1 else 50
PARAGRAPH = "A sentence of an article body, long enough to look like one. " * 12


def feed(index):
    items = "".join(
        f"<item><title>Entry {e} of feed {index}</title><link>http://example.org/{index}/{e}</link>"
        f"<guid>urn:feed{index}:{e}</guid><pubDate>Mon, 0{1 + e % 9} Jun 2026 10:00:00 GMT</pubDate>"
        f"<description>{PARAGRAPH}</description></item>"
        for e in range(10))
    return (f'<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Feed {index}</title>'
            f"<link>http://example.org/{index}/</link>{items}</channel></rss>").encode()


DOCUMENTS = {f"/feed{i}": feed(i) for i in range(FEEDS)}
accepted = 0
lock = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: a connection serves requests until the client closes it
    # TCP_NODELAY, as nginx and other servers set on kept-alive connections: with Nagle, the body written after
    # the head waits for the client's delayed ACK (40 ms) on every request after a connection's first.
    disable_nagle_algorithm = True

    def setup(self):
        global accepted
        with lock:
            accepted += 1
        super().setup()

    def do_GET(self):
        if self.path == "/connections":
            with lock:
                body = str(accepted).encode()
            content_type = "text/plain"
        elif self.path in DOCUMENTS:
            body = DOCUMENTS[self.path]
            content_type = "application/rss+xml; charset=utf-8"
        else:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", f'"{len(body)}"')
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    request_queue_size = 128


server = Server(("127.0.0.1", 0), Handler)
print(f"port {server.server_address[1]}", flush=True)
server.serve_forever()

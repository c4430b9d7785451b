#!/usr/bin/env python3
"""A Google Reader API server on loopback, built from the API's published descriptions (FreshRSS's, Miniflux's
and Inoreader's documentation). It stands in for a real server in the sync tests: no Google Reader server
installs from Debian or PyPI. It keeps what real servers are known to do that a client must take:

- item ids come as decimal numbers from stream/items/ids and as long hex ids
  (tag:google.com,2005:reader/item/...) from stream/items/contents; contents takes either form;
- the API password (ClientLogin's Passwd) is not the login password;
- edit-tag wants the short-lived token from /reader/api/0/token (T=), and 401 on a stale one;
- mark-all-as-read takes its timestamp (ts) in microseconds.

usage: greader_server.py PORT --user NAME --api-password PW [--feeds N --items M] [--feed-base URL]
Test controls (not part of the API) live under /_control/: state (GET), mark (POST id=&read=&starred=),
add (POST feed=&count=), stop-after (POST calls=N: the server closes connections without answering after N
more API calls, to play a server that dies mid-sync)."""
import argparse
import json
import secrets
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

READ = "user/-/state/com.google/read"
STARRED = "user/-/state/com.google/starred"
READING_LIST = "user/-/state/com.google/reading-list"
ID_BASE = 1_700_000_000_000_000  # FreshRSS's ids are microsecond timestamps: past 2^32, as a client must take


class State:
    def __init__(self, feeds, items, feed_base):
        self.lock = threading.Lock()
        self.feeds = [{"id": f"feed/{k + 1}", "title": f"Feed {k}", "url": f"{feed_base}/feed-{k}.xml",
                       "htmlUrl": f"{feed_base}/feed-{k}/", "label": "Tests" if k % 2 == 0 else "More"}
                      for k in range(feeds)]
        self.items = {}  # id -> item
        self.next_id = ID_BASE
        for i in range(items):
            for k in range(feeds):
                self.add(k, f"Feed {k} item {i}", 1_700_000_000 + i * 60 + k)
        self.auth = {}
        self.edit_tokens = set()
        self.calls_left = None

    def add(self, k, title, published):
        self.next_id += 1
        self.items[self.next_id] = {"id": self.next_id, "feed": k, "title": title, "published": published,
                                    "read": False, "starred": False}
        return self.next_id


def long_id(number):
    return "tag:google.com,2005:reader/item/%016x" % (number & 0xFFFFFFFFFFFFFFFF)


def parse_id(text):
    """Either form: the long hex id, or a decimal one (signed, as Google's were)."""
    if text.startswith("tag:google.com,2005:reader/item/"):
        value = int(text.rsplit("/", 1)[1], 16)
        return value - (1 << 64) if value >= 1 << 63 else value
    return int(text)


def make_handler(state, user, api_password):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def reply(self, status, body, kind="application/json"):
            data = body if isinstance(body, bytes) else (json.dumps(body) if kind == "application/json" else body).encode()
            self.send_response(status)
            self.send_header("Content-Type", kind + "; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def fields(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length).decode() if length else ""
            query = parse_qs(urlsplit(self.path).query, keep_blank_values=True)
            form = parse_qs(body, keep_blank_values=True)
            for key, values in form.items():
                query.setdefault(key, []).extend(values)
            return query

        def do_GET(self):
            self.route("GET")

        def do_POST(self):
            self.route("POST")

        def route(self, method):
            path = urlsplit(self.path).path
            fields = self.fields()
            if path.startswith("/_control/"):
                return self.control(path, fields)
            with state.lock:
                if state.calls_left is not None:
                    if state.calls_left <= 0:
                        self.close_connection = True
                        self.connection.shutdown(2)
                        return
                    state.calls_left -= 1
            if path == "/accounts/ClientLogin":
                if fields.get("Email", [""])[0] == user and fields.get("Passwd", [""])[0] == api_password:
                    token = f"{user}/{secrets.token_hex(20)}"
                    state.auth[token] = True
                    return self.reply(200, f"SID={token}\nLSID=null\nAuth={token}\n", "text/plain")
                return self.reply(401, "Error=BadAuthentication\n", "text/plain")
            header = self.headers.get("Authorization", "")
            if not header.startswith("GoogleLogin auth=") or header[len("GoogleLogin auth="):] not in state.auth:
                return self.reply(401, "Unauthorized!\n", "text/plain")
            api = path[len("/reader/api/0/"):] if path.startswith("/reader/api/0/") else None
            with state.lock:
                if api == "token":
                    token = secrets.token_hex(16)
                    state.edit_tokens.add(token)
                    return self.reply(200, token + "\n", "text/plain")
                if api == "user-info":
                    return self.reply(200, {"userId": "1", "userName": user})
                if api == "subscription/list":
                    return self.reply(200, {"subscriptions": [
                        {"id": f["id"], "title": f["title"], "url": f["url"], "htmlUrl": f["htmlUrl"], "iconUrl": "",
                         "categories": [{"id": f"user/-/label/{f['label']}", "label": f["label"]}]}
                        for f in state.feeds]})
                if api == "stream/items/ids":
                    return self.ids(fields)
                if api == "stream/items/contents":
                    return self.contents(fields)
                if api in ("edit-tag", "mark-all-as-read"):
                    if method != "POST":
                        return self.reply(405, "POST only\n", "text/plain")
                    if fields.get("T", [""])[0] not in state.edit_tokens:
                        return self.reply(401, "Unauthorized!\n", "text/plain")
                    return self.edit(fields) if api == "edit-tag" else self.mark_all(fields)
            return self.reply(404, "not found\n", "text/plain")

        def selected(self, stream, exclude):
            def keep(item):
                if stream == STARRED and not item["starred"]:
                    return False
                if stream.startswith("feed/") and state.feeds[item["feed"]]["id"] != stream:
                    return False
                if exclude == READ and item["read"]:
                    return False
                if exclude == STARRED and item["starred"]:
                    return False
                return True
            return sorted((i for i in state.items.values() if keep(i)), key=lambda i: -i["id"])

        def ids(self, fields):
            stream = fields.get("s", [READING_LIST])[0]
            exclude = fields.get("xt", [None])[0]
            count = min(int(fields.get("n", ["20"])[0]), 10000)
            start = int(fields.get("c", ["0"])[0] or 0)
            items = self.selected(stream, exclude)
            page = items[start:start + count]
            body = {"itemRefs": [{"id": str(i["id"]), "directStreamIds": [], "timestampUsec": str(i["published"] * 1_000_000)}
                                 for i in page]}
            if start + count < len(items):
                body["continuation"] = str(start + count)
            return self.reply(200, body)

        def contents(self, fields):
            items = []
            for text in fields.get("i", []):
                item = state.items.get(parse_id(text))
                if item is None:
                    continue
                feed = state.feeds[item["feed"]]
                tags = [READING_LIST.replace("/-/", "/1/")]
                if item["read"]:
                    tags.append("user/1/state/com.google/read")
                if item["starred"]:
                    tags.append("user/1/state/com.google/starred")
                items.append({
                    "id": long_id(item["id"]), "crawlTimeMsec": str(item["published"] * 1000),
                    "timestampUsec": str(item["published"] * 1_000_000), "published": item["published"],
                    "title": item["title"], "author": "Ana",
                    "canonical": [{"href": f"{feed['htmlUrl']}{item['id']}.html"}],
                    "alternate": [{"href": f"{feed['htmlUrl']}{item['id']}.html", "type": "text/html"}],
                    "categories": tags, "origin": {"streamId": feed["id"], "title": feed["title"], "htmlUrl": feed["htmlUrl"]},
                    "summary": {"content": f"<p>{item['title']}: the first paragraph.</p><p>And a second one.</p>"},
                })
            return self.reply(200, {"id": READING_LIST, "updated": int(time.time()), "items": items})

        def edit(self, fields):
            add = fields.get("a", [])
            remove = fields.get("r", [])
            for text in fields.get("i", []):
                item = state.items.get(parse_id(text))
                if item is None:
                    continue
                for tag in add + remove:
                    key = {READ: "read", STARRED: "starred"}.get(tag.replace("/1/", "/-/"))
                    if key:
                        item[key] = tag in add
            return self.reply(200, "OK", "text/plain")

        def mark_all(self, fields):
            stream = fields.get("s", [READING_LIST])[0]
            before = int(fields.get("ts", ["0"])[0]) // 1_000_000  # microseconds
            for item in self.selected(stream, READ):
                if before == 0 or item["published"] <= before:
                    item["read"] = True
            return self.reply(200, "OK", "text/plain")

        def control(self, path, fields):
            with state.lock:
                if path == "/_control/state":
                    return self.reply(200, {"unread": sorted(str(i["id"]) for i in state.items.values() if not i["read"]),
                                            "starred": sorted(str(i["id"]) for i in state.items.values() if i["starred"]),
                                            "items": len(state.items)})
                if path == "/_control/mark":
                    for text in fields.get("id", []):
                        item = state.items[parse_id(text)]
                        if "read" in fields:
                            item["read"] = fields["read"][0] == "1"
                        if "starred" in fields:
                            item["starred"] = fields["starred"][0] == "1"
                    return self.reply(200, "OK", "text/plain")
                if path == "/_control/add":
                    k = int(fields.get("feed", ["0"])[0])
                    ids = [state.add(k, f"Feed {k} late item {n}", int(time.time()) - 60)
                           for n in range(int(fields.get("count", ["1"])[0]))]
                    return self.reply(200, {"ids": [str(i) for i in ids]})
                if path == "/_control/stop-after":
                    calls = fields.get("calls", [""])[0]
                    state.calls_left = int(calls) if calls else None
                    return self.reply(200, "OK", "text/plain")
            return self.reply(404, "not found\n", "text/plain")

    return Handler


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("port", type=int)
    parser.add_argument("--user", required=True)
    parser.add_argument("--api-password", required=True)
    parser.add_argument("--feeds", type=int, default=3)
    parser.add_argument("--items", type=int, default=20)
    parser.add_argument("--feed-base", default="http://127.0.0.1:1")
    args = parser.parse_args()
    state = State(args.feeds, args.items, args.feed_base)
    class Server(ThreadingHTTPServer):
        # As nginx does on kept-alive connections: without it, a reused connection's every answer (headers and
        # body written apart) waits for the client's delayed ACK, 40 ms.
        def server_bind(self):
            self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            super().server_bind()

        def get_request(self):
            connection, address = super().get_request()
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            return connection, address

    server = Server(("127.0.0.1", args.port), make_handler(state, args.user, args.api_password))
    server.daemon_threads = True
    server.serve_forever()


if __name__ == "__main__":
    main()

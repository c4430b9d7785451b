#!/usr/bin/env python3
"""Writes RSS feeds for the sync tests into a folder, with an OPML listing them and a square icon for each
(without one, Coldsweat asks an outside icon service for the site's favicon).

usage: sync_feeds.py FOLDER BASE_URL FEEDS ITEMS [--offset N]
Feed k is BASE_URL/feed-k.xml; its items are "Feed k item i" with guid BASE_URL/feed-k/i, newest first.
--offset adds N newer items on top (a feed that moved on)."""
import argparse
import os
import struct
import zlib
from email.utils import formatdate

def png(size):
    """A plain square PNG, size x size, one colour."""
    raw = b"".join(b"\x00" + b"\x30\x60\x90" * size for _ in range(size))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("base")
    parser.add_argument("feeds", type=int)
    parser.add_argument("items", type=int)
    parser.add_argument("--offset", type=int, default=0)
    args = parser.parse_args()
    os.makedirs(args.folder, exist_ok=True)
    with open(os.path.join(args.folder, "icon.png"), "wb") as f:
        f.write(png(32))
    outlines = []
    start = 1_700_000_000
    for k in range(args.feeds):
        items = []
        for i in reversed(range(args.items + args.offset)):
            when = formatdate(start + k * 7 + i * 3600, usegmt=True)
            items.append(f"""<item><title>Feed {k} item {i}</title><link>{args.base}/feed-{k}/{i}.html</link>
<guid isPermaLink="false">{args.base}/feed-{k}/{i}</guid><pubDate>{when}</pubDate>
<description><![CDATA[<p>Paragraph one of item {i}.</p><p>Paragraph two, with <b>bold</b> text.</p>]]></description></item>""")
        feed = f"""<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>Feed {k}</title><link>{args.base}/feed-{k}/</link>
<description>Test feed {k}</description>
<image><url>{args.base}/icon.png</url><title>Feed {k}</title><link>{args.base}/feed-{k}/</link><width>32</width><height>32</height></image>
{''.join(items)}
</channel></rss>
"""
        with open(os.path.join(args.folder, f"feed-{k}.xml"), "w") as f:
            f.write(feed)
        outlines.append(f'<outline type="rss" text="Feed {k}" title="Feed {k}" xmlUrl="{args.base}/feed-{k}.xml" htmlUrl="{args.base}/feed-{k}/"/>')
    group = "\n".join(outlines)
    with open(os.path.join(args.folder, "feeds.opml"), "w") as f:
        f.write(f"""<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0"><head><title>Sync test</title></head><body>
<outline text="Tests" title="Tests">
{group}
</outline>
</body></opml>
""")

if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Compares `lectern feed parse --json` with feedparser, the reference docs/feeds.md names, field by field.

feedparser's result is mapped onto the contract's shape the way the contract defines its fields: HTML values
(feedparser marks them text/html or application/xhtml+xml) lose their tags, the contents of script, style and
applet, and their entities, and the start and end of each block element (br, p, div, li, table cells, headings,
...) become a space, as a reader sees a break there; plain text is taken literally; then runs of ASCII
whitespace collapse to one space and empty strings become null. Dates come from feedparser's *_parsed tuples, which are UTC.

feedparser 6.0 does not read JSON Feed; for .json fixtures the reference is a direct reading of the JSON Feed
1.0/1.1 specification below, written independently of the Swift reader.

Each feed is also judged on its own: one whose every summary, or every body (content), differs from the
reference fails even when each difference has a rule in ALLOWED: a rule that fits a whole feed is more likely
hiding a bug (every summary reading `345`) than explaining a quirk. A feed may be excused only in
WHOLE_FEED_ALLOWED, with the reason feedparser is the one that is wrong.

Usage: feed_oracle.py LECTERN [FIXTURE...]   (default: every file in Tests/FeedsTests/Fixtures, not its folders)
Exit status 1 when any field differs without a rule in ALLOWED explaining why, or when a feed differs on all
its summaries or all its bodies without a reason in WHOLE_FEED_ALLOWED.
"""
import glob
import html
import html.parser
import json
import os
import re
import subprocess
import sys
import time

import feedparser

FIELDS = ["feed.title", "feed.link", "entries", "title", "link", "id", "author", "summary", "content",
          "published", "updated", "enclosures"]
HTML_TYPES = {"text/html", "application/xhtml+xml"}


class _Text(html.parser.HTMLParser):
    """Text of an HTML fragment without script, style and applet contents, entities decoded, a space at each
    block boundary."""

    SKIP = {"script", "style", "applet"}
    # HTML's block-level elements, line breaks and table cells that feedparser's sanitizer keeps.
    BLOCK = {"address", "article", "aside", "blockquote", "br", "caption", "center", "dd", "details", "dialog",
             "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
             "h5", "h6", "header", "hr", "legend", "li", "menu", "nav", "ol", "p", "pre", "section", "table",
             "tbody", "td", "tfoot", "th", "thead", "tr", "ul"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts, self.skipping = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in self.BLOCK and not self.skipping:
            self.parts.append(" ")
        if tag in self.SKIP:
            self.skipping += 1

    def handle_endtag(self, tag):
        if tag in self.SKIP and self.skipping:
            self.skipping -= 1
        if tag in self.BLOCK and not self.skipping:
            self.parts.append(" ")

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def collapse(text):
    text = re.sub(r"[ \t\n\r\f]+", " ", text).strip(" ")
    return text or None


def plain(value, kind):
    if value is None:
        return None
    if kind in HTML_TYPES:
        parser = _Text()
        parser.feed(value)
        parser.close()
        value = "".join(parser.parts)
    return collapse(value)


def stamp(parsed):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", parsed) if parsed else None


def detail_type(entry, key):
    return (entry.get(key + "_detail") or {}).get("type", "text/plain")


def summary_type(entry):
    """feedparser copies a content's value into a missing summary without its type: take the content's."""
    if "summary_detail" not in entry and entry.get("content") and entry["content"][0].get("value") == entry.get("summary"):
        return entry["content"][0].get("type")
    return detail_type(entry, "summary")


def from_feedparser(path):
    d = feedparser.parse(path)
    feed = d.feed
    out = {"feed": {"title": plain(feed.get("title"), detail_type(feed, "title")), "link": feed.get("link")},
           "entries": []}
    for e in d.entries:
        author = (e.get("author_detail") or {}).get("name") or e.get("author")
        content = e.get("content") or []
        length = None
        enclosures = []
        for enc in e.get("enclosures", []):
            raw = (enc.get("length") or "").strip()
            length = int(raw) if raw.isdigit() else None
            enclosures.append({"url": enc.get("href"), "type": enc.get("type") or None, "length": length})
        out["entries"].append({
            "title": plain(e.get("title"), detail_type(e, "title")),
            "link": e.get("link"),
            "id": e.get("id"),
            "author": collapse(author) if author else None,
            "summary": plain(e.get("summary"), summary_type(e)),
            "content": plain(content[0].get("value"), content[0].get("type")) if content else None,
            # The stored values: feedparser 6.0's deprecated fallback from updated to published is not the feed.
            "published": stamp(dict.get(e, "published_parsed")),
            "updated": stamp(dict.get(e, "updated_parsed")),
            "enclosures": enclosures,
        })
    return out


def from_json_feed_spec(path):
    """JSON Feed 1.0/1.1 read straight from the specification (jsonfeed.org/version/1.1)."""
    with open(path, "rb") as f:
        doc = json.load(f)
    from datetime import datetime, timezone

    def date(text):
        if not text:
            return None
        value = datetime.fromisoformat(text.replace("Z", "+00:00"))
        if value.tzinfo is None:
            value = value.replace(tzinfo=timezone.utc)
        return value.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")

    def absolute(url):
        # No feed URL is given on the command line: a relative URL stays as written.
        return url.strip() if url else None

    out = {"feed": {"title": collapse(doc.get("title") or ""), "link": absolute(doc.get("home_page_url"))},
           "entries": []}
    for item in doc.get("items", []):
        authors = item.get("authors") or ([item["author"]] if item.get("author") else [])
        names = [a.get("name") for a in authors if a.get("name")]
        if "content_html" in item:
            content = plain(item["content_html"], "text/html")
        else:
            content = collapse(item.get("content_text") or "")
        ident = str(item["id"]) if item.get("id") is not None else None
        link = absolute(item.get("url"))
        out["entries"].append({
            "title": collapse(item.get("title") or ""),
            "link": link or (ident if ident and re.match(r"https?:", ident) else None),
            "id": ident,
            "author": collapse(names[0]) if names else None,
            "summary": collapse(item.get("summary") or ""),
            "content": content,
            "published": date(item.get("date_published")),
            "updated": date(item.get("date_modified")),
            "enclosures": [{"url": a["url"], "type": a.get("mime_type"), "length": a.get("size_in_bytes")}
                           for a in item.get("attachments", [])],
        })
    return out


def _unescape_loose(text):
    return re.sub(r"&(\w+);", r"&\1", text.replace("&amp;", "&")) if text else text


def _same_enclosures_resolved(ours, ref):
    return len(ours) == len(ref) and all(
        o["type"] == r["type"] and o["length"] == r["length"]
        and (o["url"] == r["url"] or (not re.match(r"[a-z]+:", r["url"]) and o["url"].endswith(r["url"])))
        for o, r in zip(ours, ref))


# Known, justified differences: (field, rule(ours, reference, our entry, reference entry, fixture), why).
# Each is a deliberate choice of the contract or a feedparser quirk the reader should not copy.
ALLOWED = [
    ("id", lambda ours, ref, oe, re_, name: ref is None and ours is not None and (ours == oe.get("link") or ours.startswith("sha256:")),
     "docs/feeds.md: an entry without guid/id takes its link, else a SHA-256 content hash; feedparser leaves id empty"),
    ("link", lambda ours, ref, oe, re_, name: ours is None and ref is not None and not re.match(r"https?:", ref) and ref == re_.get("id"),
     "docs/feeds.md: link falls back to an id that is a URL; feedparser also copies opaque guids and tag:/urn: ids"),
    ("enclosures", lambda ours, ref, oe, re_, name: len(ours) == len(ref) and all(
        o["url"] == r["url"] and o["length"] == r["length"] and (o["type"] == r["type"] or (o["type"] is None and r["type"] == "text/html"))
        for o, r in zip(ours, ref)),
     "an Atom enclosure link without a type: feedparser defaults every link's type to text/html; the contract says null"),
    ("enclosures", lambda ours, ref, oe, re_, name: _same_enclosures_resolved(ours, ref),
     "enclosure URLs are resolved against xml:base like links; feedparser leaves them as written"),
    ("title", lambda ours, ref, oe, re_, name: name == "rss20-broken-markup.xml" and ours == _unescape_loose(ref),
     "not-well-formed XML: feedparser's loose fallback parser turns a bare `&T` into `&T;`"),
    ("id", lambda ours, ref, oe, re_, name: name == "rss20-broken-markup.xml" and ours == _unescape_loose(ref),
     "not-well-formed XML: feedparser's loose fallback parser leaves `&amp;` undecoded in a guid"),
    ("published", lambda ours, ref, oe, re_, name: name == "rss20-date-variants.xml" and ref is None
     and ours == "2004-01-02T00:48:21Z",
     "`Thu,01 Jan 2004 19:48:21 CDT` (no space after the comma) is read; feedparser's RFC 822 parser gives up"),
    ("feed.title", lambda ours, ref, oe, re_, name: name == "rss20-doctype-entities.xml" and ours == ref.replace("&company;", "Example & Co"),
     "an entity declared in the DOCTYPE's internal subset is expanded, as XML defines; feedparser shows the reference"),
    ("title", lambda ours, ref, oe, re_, name: name == "rss20-doctype-entities.xml" and ours == ref.replace("&company;", "Example & Co"),
     "an entity declared in the DOCTYPE's internal subset is expanded, as XML defines; feedparser shows the reference"),
    ("summary", lambda ours, ref, oe, re_, name: name == "rss20-doctype-entities.xml" and ours == ref.replace("&secret]", "&secret;]"),
     "an external entity is never read (no XXE) and stays as literal text; feedparser drops its semicolon"),
    ("summary", lambda ours, ref, oe, re_, name: name == "rss20-podcast-itunes.xml" and re_.get("content") is None
     and oe.get("content") == ref,
     "feedparser's content flag leaks from the channel (its description after itunes:summary) into the first item, "
     "so that item's itunes:summary replaces its description instead of becoming content"),
    ("content", lambda ours, ref, oe, re_, name: name == "rss20-podcast-itunes.xml" and ref is None and ours == re_.get("summary"),
     "the same leaked flag: feedparser has no content for the first item"),
    ("summary", lambda ours, ref, oe, re_, name: name == "rss20-escaped-and-raw-markup.xml" and ours == html.unescape(ref),
     "a legacy reference without its semicolon before a letter or digit (`&quothello`, `&copy2019`) is read as HTML "
     "reads it (browsers, html.unescape); feedparser's sanitizer escapes its ampersand"),
]

# Feeds allowed to differ on every summary or every body, by (fixture, field): why feedparser is wrong there,
# e.g. ("some-feed.xml", "summary"): "feedparser ... ; browsers read ...". None is needed today.
WHOLE_FEED_ALLOWED = {
}

# The fields a feed must not get wholly wrong.
WHOLE_FEED_FIELDS = ["summary", "content"]


def lectern_json(lectern, path):
    result = subprocess.run([lectern, "feed", "parse", path, "--json"], capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit("lectern failed on %s: %s" % (path, result.stderr.strip()))
    return json.loads(result.stdout)


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    lectern = sys.argv[1]
    # Files only: folders beside them hold other tests' fixtures (web pages for feed discovery).
    paths = sys.argv[2:] or sorted(p for p in glob.glob(os.path.join("Tests", "FeedsTests", "Fixtures", "*")) if os.path.isfile(p))
    score = {f: [0, 0, 0] for f in FIELDS}  # matching, allowed, total
    failures, allowed_notes, whole_feed_notes = [], {}, []
    for path in paths:
        name = os.path.basename(path)
        ours = lectern_json(lectern, path)
        ref = from_json_feed_spec(path) if path.endswith(".json") else from_feedparser(path)

        def check(field, a, b, oe=None, re_=None, where=""):
            score[field][2] += 1
            if a == b:
                score[field][0] += 1
                return
            for allowed_field, rule, why in ALLOWED:
                if allowed_field == field and rule(a, b, oe or {}, re_ or {}, name):
                    score[field][1] += 1
                    allowed_notes.setdefault(why, 0)
                    allowed_notes[why] += 1
                    return
            failures.append("%s%s %s:\n    lectern:    %r\n    reference:  %r" % (name, where, field, a, b))

        check("feed.title", ours["feed"]["title"], ref["feed"]["title"])
        check("feed.link", ours["feed"]["link"], ref["feed"]["link"])
        check("entries", len(ours["entries"]), len(ref["entries"]))
        for index, (oe, re_) in enumerate(zip(ours["entries"], ref["entries"])):
            for field in FIELDS[3:]:
                check(field, oe[field], re_[field], oe, re_, " entry %d" % index)
        for field in WHOLE_FEED_FIELDS:
            # Entries where either side has a value: a feed with no summaries has none to get wrong.
            pairs = [(oe[field], re_[field]) for oe, re_ in zip(ours["entries"], ref["entries"])
                     if oe[field] is not None or re_[field] is not None]
            if pairs and all(a != b for a, b in pairs):
                why = WHOLE_FEED_ALLOWED.get((name, field))
                if why:
                    whole_feed_notes.append("%s %s (%d of %d): %s" % (name, field, len(pairs), len(pairs), why))
                else:
                    failures.append("%s: every %s differs from the reference (%d of %d entries)"
                                    % (name, field, len(pairs), len(pairs)))

    print("%-12s %9s %8s %7s" % ("field", "matching", "allowed", "total"))
    for field in FIELDS:
        matching, allowed, total = score[field]
        print("%-12s %9d %8d %7d" % (field, matching, allowed, total))
    all_total = sum(s[2] for s in score.values())
    all_match = sum(s[0] for s in score.values())
    all_allowed = sum(s[1] for s in score.values())
    print("%-12s %9d %8d %7d   (%d fixtures, feedparser %s)" % ("all", all_match, all_allowed, all_total, len(paths),
                                                                 feedparser.__version__))
    for why, count in allowed_notes.items():
        print("allowed (%d): %s" % (count, why))
    for note in whole_feed_notes:
        print("allowed, a whole feed: " + note)
    if failures:
        print("\n%d unexplained differences:" % len(failures))
        for failure in failures:
            print("  " + failure)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/bin/sh
# Compares `lectern feed parse --json` with feedparser on the feed fixtures (see scripts/feed_oracle.py).
# Usage, from the repository root: scripts/test-feed-oracle.sh .build/debug/lectern [FIXTURE...]
# The virtualenv with a pinned feedparser is kept in .build/oracle-venv and reused.
set -eu
if [ $# -lt 1 ]; then
    echo "usage: $0 PATH/TO/lectern [FIXTURE...]" >&2
    exit 2
fi
lectern=$1
shift
venv=.build/oracle-venv
if ! "$venv/bin/python" -c 'import feedparser, sys; sys.exit(feedparser.__version__ != "6.0.11")' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "feedparser==6.0.11"
fi
exec "$venv/bin/python" scripts/feed_oracle.py "$lectern" "$@"

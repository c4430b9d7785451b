// The Feeds layer; see README.md.

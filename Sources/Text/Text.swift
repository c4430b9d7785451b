// The Text layer; see README.md.

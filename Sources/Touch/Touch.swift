// The Touch layer; see README.md.

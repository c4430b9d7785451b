// The Motion layer; see README.md.

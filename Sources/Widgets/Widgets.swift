// The Widgets layer; see README.md.

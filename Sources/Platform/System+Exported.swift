// The files, clocks and errors Platform's users have always reached through it now live one layer down, in
// System; importing Platform still brings them.
@_exported import System

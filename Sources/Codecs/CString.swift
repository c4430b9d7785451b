/// The text in a fixed C char array (a library's message buffer), up to its first NUL, never past its end.
func cString<Buffer>(_ buffer: inout Buffer) -> String {
    withUnsafeBytes(of: &buffer) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
}

#if canImport(Glibc)
import Glibc
#endif

/// What `zbarimg` (Debian's zbar-tools, which `make test` installs) reads from the picture at `path`: the
/// code's text and zbarimg's exit status (0 when it found a code). stderr stays out: zbarimg's image loader may
/// complain there about a missing D-Bus, harmlessly.
public func scanQRCode(at path: String) -> (text: String, status: Int32) {
    guard let pipe = popen("zbarimg --raw -q '\(path)' 2>/dev/null", "r") else { return ("", -1) }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, pipe)
        if count <= 0 { break }
        output += buffer[..<count]
    }
    let status = pclose(pipe)
    var text = String(decoding: output, as: UTF8.self)
    // zbarimg ends the symbol with a newline.
    if text.hasSuffix("\n") { text.removeLast() }
    return (text, status)
}

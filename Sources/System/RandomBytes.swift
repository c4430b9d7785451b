#if canImport(Glibc)
import Glibc
#endif

/// Bytes from the kernel's random source, for secrets: pairing codes, session tokens, a hotspot's passphrase.
/// /dev/urandom (every sandbox keeps it, PrivateDevices= included): Glibc's module does not bring getrandom(2)
/// into Swift, and by the time a person touches the panel the pool has long been seeded.
public enum RandomBytes {
    public static func make(_ count: Int) throws(SystemCallError) -> [UInt8] {
        let file: FileDescriptor
        do { file = try .open("/dev/urandom", O_RDONLY) } catch { throw SystemCallError("open /dev/urandom", errno: error) }
        defer { file.close() }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { buffer in Result { () throws(Errno) in try file.read(into: buffer) } }
        guard case .success(let read) = got else { throw SystemCallError("read /dev/urandom") }
        guard read == count else { throw SystemCallError("read /dev/urandom", errno: Errno(rawValue: EIO)) }
        return bytes
    }

    /// `count` random bytes as lowercase hexadecimal (twice as many characters).
    public static func hex(_ count: Int) throws(SystemCallError) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in try make(count) { text += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: text, as: UTF8.self)
    }
}

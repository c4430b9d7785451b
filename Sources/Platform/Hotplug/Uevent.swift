/// One kernel uevent as NETLINK_KOBJECT_UEVENT delivers it: a header `ACTION@DEVPATH`, then `KEY=VALUE`
/// properties, every part ended by a NUL byte (the layout `udevadm monitor --kernel --property` prints).
public struct Uevent: Equatable, Sendable {
    public let action: String
    public let devpath: String
    public let properties: [String: String]

    public init(action: String, devpath: String, properties: [String: String]) {
        self.action = action
        self.devpath = devpath
        self.properties = properties
    }

    public subscript(key: String) -> String? { properties[key] }

    /// The kernel keeps a uevent's environment under 2 KiB (UEVENT_BUFFER_SIZE); anything much bigger is not
    /// one, and reading it would only cost memory.
    public static let largestMessage = 8192

    /// The uevent in `bytes`, or nil for anything else: udevd's re-broadcasts (they start `libudev\0` and carry
    /// a binary header), a message without its header, a part that is not `KEY=VALUE`, or one too big.
    public init?(parsing bytes: some Collection<UInt8>) {
        guard !bytes.isEmpty, bytes.count <= Self.largestMessage else { return nil }
        var parts = bytes.split(separator: 0, omittingEmptySubsequences: true).makeIterator()
        guard let header = parts.next(), let at = header.firstIndex(of: UInt8(ascii: "@")) else { return nil }
        let action = String(decoding: header[..<at], as: UTF8.self)
        let devpath = String(decoding: header[header.index(after: at)...], as: UTF8.self)
        // "libudev" has no '@', so udevd's messages already fail above; the check says so in words.
        guard !action.isEmpty, devpath.hasPrefix("/"), action != "libudev" else { return nil }
        var properties: [String: String] = [:]
        while let part = parts.next() {
            guard let equals = part.firstIndex(of: UInt8(ascii: "=")), equals != part.startIndex else { return nil }
            properties[String(decoding: part[..<equals], as: UTF8.self)] =
                String(decoding: part[part.index(after: equals)...], as: UTF8.self)
        }
        // The header and the properties must agree, or the message is not what it claims.
        if let said = properties["ACTION"], said != action { return nil }
        if let said = properties["DEVPATH"], said != devpath { return nil }
        self.init(action: action, devpath: devpath, properties: properties)
    }
}

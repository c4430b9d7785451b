/// Which output and mode the kiosk asks for: `nil` fields mean "the first connected" and "the preferred mode".
public struct ModeChoice: Equatable, Sendable {
    /// A connector name as the kernel spells it: `HDMI-A-1`, `DSI-1`, `Virtual-1`.
    public var connector: String?
    public var width: Int?
    public var height: Int?
    public var refresh: Int?

    public init(connector: String? = nil, width: Int? = nil, height: Int? = nil, refresh: Int? = nil) {
        self.connector = connector
        self.width = width
        self.height = height
        self.refresh = refresh
    }

    /// Parses a mode written `WxH` or `WxH@Hz`; nil for anything else.
    public static func parseMode(_ text: String) -> (width: Int, height: Int, refresh: Int?)? {
        let atParts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard atParts.count <= 2 else { return nil }
        let size = atParts[0].lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]), w > 0, h > 0, w <= 16384, h <= 16384
        else { return nil }
        if atParts.count == 2 {
            guard let hz = Int(atParts[1]), hz > 0, hz <= 1000 else { return nil }
            return (w, h, hz)
        }
        return (w, h, nil)
    }

    /// Picks from `modes` (as the connector lists them, preferred flag included) the one this choice asks for.
    public func pick(from modes: [(width: Int, height: Int, refresh: Int, preferred: Bool)]) -> Int? {
        guard !modes.isEmpty else { return nil }
        if let width, let height {
            return modes.firstIndex { $0.width == width && $0.height == height && (refresh == nil || $0.refresh == refresh) }
        }
        return modes.firstIndex { $0.preferred } ?? 0
    }
}

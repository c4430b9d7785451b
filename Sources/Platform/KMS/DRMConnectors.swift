#if canImport(Glibc)
import Glibc
#endif
import CDRM

/// What a DRM card offers, for `lectern doctor`: every connector with its state and modes. Read without
/// driving anything, so it works beside a running kiosk (which holds DRM master).
public struct DRMConnectorReport: Sendable {
    public struct Mode: Sendable {
        public var width: Int
        public var height: Int
        public var refresh: Int
        public var preferred: Bool
        public var text: String { "\(width)x\(height)@\(refresh)" }
    }
    public var name: String
    public var connected: Bool
    public var modes: [Mode]
    public var widthMillimetres: Int
    public var heightMillimetres: Int

    /// The connectors of the card at `path`.
    public static func read(card path: String) throws -> [DRMConnectorReport] {
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw SystemCallError("open \(path)") }
        defer { close(fd) }
        guard let resources = drmModeGetResources(fd) else {
            throw SystemCallError("\(path) has no display resources (not a display controller)")
        }
        defer { drmModeFreeResources(resources) }
        var reports: [DRMConnectorReport] = []
        for i in 0..<Int(resources.pointee.count_connectors) {
            guard let connector = drmModeGetConnector(fd, resources.pointee.connectors[i]) else { continue }
            defer { drmModeFreeConnector(connector) }
            let c = connector.pointee
            let modes = (0..<Int(c.count_modes)).map { index -> Mode in
                let m = c.modes[index]
                return Mode(width: Int(m.hdisplay), height: Int(m.vdisplay), refresh: Int(m.vrefresh),
                            preferred: m.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0)
            }
            reports.append(DRMConnectorReport(name: KMSDisplay.connectorName(c), connected: c.connection == DRM_MODE_CONNECTED,
                                              modes: modes, widthMillimetres: Int(c.mmWidth), heightMillimetres: Int(c.mmHeight)))
        }
        return reports
    }
}

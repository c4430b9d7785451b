#if canImport(Glibc)
import Glibc
#endif
import CDRM

extension KMSDisplay {
    /// A connector with a mode and a CRTC that can drive it.
    struct Output {
        let name: String
        let connector: UInt32
        let crtc: UInt32
        let mode: drmModeModeInfo
        /// The panel's width as the connector reports it; 0 when unknown.
        let widthMillimetres: Int
    }

    /// The kernel's name for a connector: type name and index, e.g. `HDMI-A-1`.
    static func connectorName(_ connector: drmModeConnector) -> String {
        let type = drmModeGetConnectorTypeName(connector.connector_type).map { String(cString: $0) } ?? "Unknown"
        return "\(type)-\(connector.connector_type_id)"
    }

    /// Finds the first connected connector (or the one named in `choice`), its mode and a CRTC for it.
    static func findOutput(card: DRMCard, resources: UnsafeMutablePointer<drmModeRes>, choice: ModeChoice) throws -> Output {
        let res = resources.pointee
        var seen: [String] = []
        for i in 0..<Int(res.count_connectors) {
            guard let connector = drmModeGetConnector(card.fd, res.connectors[i]) else { continue }
            defer { drmModeFreeConnector(connector) }
            let c = connector.pointee
            let name = connectorName(c)
            seen.append(name + (c.connection == DRM_MODE_CONNECTED ? "" : " (disconnected)"))
            if let wanted = choice.connector, wanted != name { continue }
            guard c.connection == DRM_MODE_CONNECTED, c.count_modes > 0 else { continue }
            let modes = (0..<Int(c.count_modes)).map { c.modes[$0] }
            let listed = modes.map {
                (width: Int($0.hdisplay), height: Int($0.vdisplay), refresh: Int($0.vrefresh),
                 preferred: $0.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0)
            }
            guard let index = choice.pick(from: listed) else {
                let available = listed.map { "\($0.width)x\($0.height)@\($0.refresh)" }.joined(separator: ", ")
                throw SystemCallError("\(name) has no mode \(choice.width ?? 0)x\(choice.height ?? 0) (has \(available))",
                                      errno: EINVAL)
            }
            guard let crtc = findCRTC(card: card, resources: res, connector: c) else {
                throw SystemCallError("no display controller (CRTC) can drive \(name)", errno: EBUSY)
            }
            return Output(name: name, connector: c.connector_id, crtc: crtc, mode: modes[index],
                          widthMillimetres: Int(c.mmWidth))
        }
        let what = choice.connector.map { "connector \($0)" } ?? "connected display"
        throw SystemCallError("no \(what) on \(card.path) (connectors: \(seen.joined(separator: ", ")))", errno: ENODEV)
    }

    private static func findCRTC(card: DRMCard, resources res: drmModeRes, connector: drmModeConnector) -> UInt32? {
        // Prefer the CRTC already lit for this connector: no flash of a full modeset on the same path.
        if connector.encoder_id != 0, let encoder = drmModeGetEncoder(card.fd, connector.encoder_id) {
            defer { drmModeFreeEncoder(encoder) }
            if encoder.pointee.crtc_id != 0 { return encoder.pointee.crtc_id }
        }
        for e in 0..<Int(connector.count_encoders) {
            guard let encoder = drmModeGetEncoder(card.fd, connector.encoders[e]) else { continue }
            defer { drmModeFreeEncoder(encoder) }
            for c in 0..<Int(res.count_crtcs) where encoder.pointee.possible_crtcs & (1 << UInt32(c)) != 0 {
                return res.crtcs[c]
            }
        }
        return nil
    }
}

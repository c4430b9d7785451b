#if canImport(Glibc)
import Glibc
#endif
import CDRM

/// Switching the display itself off at night: the connector's DPMS property (on atomic drivers the kernel turns
/// it into an inactive CRTC), because a black frame on a backlit panel still glows.
extension KMSDisplay {
    /// Turns the display on or off. Flips are not asked for while it is off; the first frame after it comes
    /// back is drawn whole by its owner.
    public func setDisplayOn(_ on: Bool) throws {
        guard let property = dpmsProperty() else {
            throw SystemCallError("switch \(name) \(on ? "on" : "off"): the connector has no DPMS property", errno: ENOTSUP)
        }
        let value = UInt64(on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF)
        guard drmModeConnectorSetProperty(card.fd, connectorID, property.id, value) == 0 else {
            throw SystemCallError("switch \(name) \(on ? "on" : "off") (DPMS)")
        }
    }

    /// Whether the kernel has the display on (its DPMS property), or nil when it does not say.
    public var isDisplayOn: Bool? { dpmsProperty().map { $0.value == UInt64(DRM_MODE_DPMS_ON) } }

    private func dpmsProperty() -> (id: UInt32, value: UInt64)? {
        guard let properties = drmModeObjectGetProperties(card.fd, connectorID, UInt32(DRM_MODE_OBJECT_CONNECTOR)) else {
            return nil
        }
        defer { drmModeFreeObjectProperties(properties) }
        for i in 0..<Int(properties.pointee.count_props) {
            guard let property = drmModeGetProperty(card.fd, properties.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(property) }
            let isDPMS = withUnsafeBytes(of: property.pointee.name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!) == "DPMS"
            }
            if isDPMS { return (property.pointee.prop_id, properties.pointee.prop_values[i]) }
        }
        return nil
    }
}

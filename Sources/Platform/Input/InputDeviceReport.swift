import CLibinput

/// An input device as udev describes it, for `lectern doctor`: what it is to libinput and the calibration udev
/// gives it.
public struct InputDeviceReport: Sendable {
    public var node: String
    public var name: String
    public var touchscreen: Bool
    /// udev's LIBINPUT_CALIBRATION_MATRIX, if a rule sets one.
    public var calibration: String?

    public init(node: String, name: String, touchscreen: Bool, calibration: String?) {
        self.node = node
        self.name = name
        self.touchscreen = touchscreen
        self.calibration = calibration
    }

    /// Every /dev/input/event* udev knows.
    public static func all() -> [InputDeviceReport] {
        guard let udev = udev_new() else { return [] }
        defer { udev_unref(udev) }
        guard let enumerate = udev_enumerate_new(udev) else { return [] }
        defer { udev_enumerate_unref(enumerate) }
        udev_enumerate_add_match_subsystem(enumerate, "input")
        udev_enumerate_scan_devices(enumerate)
        var reports: [InputDeviceReport] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            defer { entry = udev_list_entry_get_next(current) }
            guard let syspath = udev_list_entry_get_name(current),
                  let device = udev_device_new_from_syspath(udev, syspath) else { continue }
            defer { udev_device_unref(device) }
            guard let node = udev_device_get_devnode(device).map({ String(cString: $0) }), node.hasPrefix("/dev/input/event") else {
                continue
            }
            func property(_ key: String) -> String? { udev_device_get_property_value(device, key).map { String(cString: $0) } }
            let parent = udev_device_get_parent(device)
            let name = parent.flatMap { udev_device_get_sysattr_value($0, "name") }.map { String(cString: $0) } ?? "?"
            reports.append(InputDeviceReport(node: node, name: name, touchscreen: property("ID_INPUT_TOUCHSCREEN") == "1",
                                             calibration: property("LIBINPUT_CALIBRATION_MATRIX")))
        }
        return reports.sorted { $0.node < $1.node }
    }
}

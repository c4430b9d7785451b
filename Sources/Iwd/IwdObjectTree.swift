/// A copy of iwd's objects: path → interface → property → value, as ObjectManager describes them. Filled from
/// GetManagedObjects and kept current by InterfacesAdded, InterfacesRemoved and PropertiesChanged, so that the
/// client answers questions about the device and networks without asking iwd each time.
struct IwdObjectTree {
    private(set) var objects: [String: [String: [String: BusValue]]] = [:]

    /// Replaces everything with GetManagedObjects' `a{oa{sa{sv}}}`.
    mutating func replaceAll(with managed: BusValue?) {
        objects = [:]
        for (path, interfaces) in managed?.dictionary ?? [:] { add(path: path, interfaces: interfaces) }
    }

    /// InterfacesAdded's `a{sa{sv}}` for one object.
    mutating func add(path: String, interfaces: BusValue) {
        for (interface, properties) in interfaces.dictionary ?? [:] {
            objects[path, default: [:]][interface] = (properties.dictionary ?? [:]).mapValues(\.unwrapped)
        }
    }

    mutating func remove(path: String, interfaces: [String]) {
        for interface in interfaces { objects[path]?[interface] = nil }
        if objects[path]?.isEmpty == true { objects[path] = nil }
    }

    /// PropertiesChanged: changed values (`a{sv}`) and invalidated names, on an interface already known.
    mutating func change(path: String, interface: String, changed: BusValue, invalidated: [String]) {
        guard objects[path]?[interface] != nil else { return }
        for (name, value) in changed.dictionary ?? [:] { objects[path]?[interface]?[name] = value.unwrapped }
        for name in invalidated { objects[path]?[interface]?[name] = nil }
    }

    func properties(_ path: String, _ interface: String) -> [String: BusValue]? { objects[path]?[interface] }

    /// The paths having `interface`, sorted so that "the first device" is the same on every run.
    func paths(with interface: String) -> [String] {
        objects.filter { $0.value[interface] != nil }.keys.sorted()
    }
}

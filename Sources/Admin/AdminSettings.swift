/// The panel's settings as the API sees them. The kiosk's own code (in Reader) implements this; Admin only knows
/// the protocol, so it builds and fuzzes without the app.
public protocol AdminSettings: AnyObject {
    /// Every `lectern.conf` key with its value now and where it came from.
    func entries() -> [AdminSetting]
    /// Changes some keys, as a phone's change: all or nothing (the first bad one refuses the lot).
    func change(_ values: [(key: String, value: String)]) -> AdminSettingsOutcome
}

public struct AdminSetting: Equatable, Sendable {
    /// Where a value came from, lowest first as they apply; the API answers with the raw values.
    public enum Source: String, Sendable, CaseIterable {
        case `default`, file, card, panel, phone, environment, flag
    }

    public var key: String
    public var value: String
    public var source: Source

    public init(key: String, value: String, source: Source) {
        self.key = key
        self.value = value
        self.source = source
    }
}

public enum AdminSettingsOutcome: Equatable, Sendable {
    case ok
    /// `key` was not changed; `message` says what it takes, or that the environment or a flag fixes it.
    case refused(key: String, message: String)
}

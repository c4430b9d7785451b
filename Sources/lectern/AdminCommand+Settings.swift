import Admin
import Reader

/// The kiosk's settings book as `lectern admin` shows and changes it: the same sources the kiosk reads, in its
/// order, each key with the source that set it last, and a phone's changes written where the panel's go.
final class PanelSettings: AdminSettings {
    let book: SettingsBook

    init(book: SettingsBook) { self.book = book }

    func entries() -> [AdminSetting] {
        book.provenance().map { AdminSetting(key: $0.key, value: $0.value, source: AdminSetting.Source(rawValue: $0.source.rawValue) ?? .default) }
    }

    func change(_ values: [(key: String, value: String)]) -> AdminSettingsOutcome {
        do {
            if !values.isEmpty, values.allSatisfy({ AdminRouter.accountKeys.contains($0.key) }) {
                // The account route signed in first; only a key the kiosk's environment or flags fix stops it.
                let fixed = book.fixedKeys()
                if let key = values.map(\.key).first(where: { fixed[$0] != nil }) {
                    return .refused(key: key, message: "\(key) is fixed by the kiosk's \(fixed[key] == .flag ? "--\(key) flag" : "environment (\(ReaderConfiguration.environmentName(of: key)))")")
                }
                try book.write(values, origin: .phone)
            } else {
                try book.changeFromPhone(values)
            }
            return .ok
        } catch let error as SettingError {
            return .refused(key: error.key, message: error.description)
        } catch {
            return .refused(key: values.first?.key ?? "", message: "the settings could not be saved: \(error)")
        }
    }
}

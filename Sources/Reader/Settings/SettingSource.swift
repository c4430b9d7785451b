/// Where a setting's value came from, lowest first: what `GET /api/settings` reports beside each key, so a person
/// on their phone sees why a value is what it is (and that a key fixed by the service cannot be changed there).
public enum SettingSource: String, Sendable, CaseIterable {
    case `default`
    /// The image's `/etc/lectern/lectern.conf`.
    case file
    /// The card's `lectern.conf`, on its boot partition.
    case card
    /// Changed on the panel (`panel.conf`).
    case panel
    /// Changed from a paired phone (`panel.conf`, marked `# phone`).
    case phone
    /// A `LECTERN_<KEY>` variable the kiosk was started with (`kiosk.fixed`).
    case environment
    /// A `--<key>` flag the kiosk was started with (`kiosk.fixed`).
    case flag
}

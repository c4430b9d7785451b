import Logging
import Text

/// Fonts for the screens: a typesetter over the system's font set, or nil (with one line saying why) so the
/// panel still shows something when no font can be loaded.
public enum ScreenFonts {
    public static func typesetter(log: Logger) -> Typesetter? {
        do {
            return Typesetter(library: try FontLibrary())
        } catch {
            log.error("no fonts, screens are drawn without text: \(error)")
            return nil
        }
    }
}

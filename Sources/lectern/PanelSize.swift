import ArgumentParser
import Platform

/// A panel size written as `WIDTHxHEIGHT`, e.g. `1280x800`.
struct PanelSize: ExpressibleByArgument, CustomStringConvertible {
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        // The same spelling as a display mode, without the refresh rate.
        guard let mode = ModeChoice.parseMode(argument), mode.refresh == nil,
              (1...8192).contains(mode.width), (1...8192).contains(mode.height) else { return nil }
        self.init(width: mode.width, height: mode.height)
    }

    static var defaultValueDescription: String { "1280x800" }
    var description: String { "\(width)x\(height)" }
}

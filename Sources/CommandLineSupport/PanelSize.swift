import ArgumentParser
import Platform

/// A panel size written as `WIDTHxHEIGHT`, e.g. `1280x800`.
public struct PanelSize: ExpressibleByArgument, CustomStringConvertible {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public init?(argument: String) {
        // The same spelling as a display mode, without the refresh rate.
        guard let mode = ModeChoice.parseMode(argument), mode.refresh == nil,
              (1...8192).contains(mode.width), (1...8192).contains(mode.height) else { return nil }
        self.init(width: mode.width, height: mode.height)
    }

    public static var defaultValueDescription: String { "1280x800" }
    public var description: String { "\(width)x\(height)" }
}

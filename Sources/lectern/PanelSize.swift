import ArgumentParser

/// A panel size written as `WIDTHxHEIGHT`, e.g. `1280x800`.
struct PanelSize: ExpressibleByArgument, CustomStringConvertible {
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...8192).contains(w), (1...8192).contains(h) else { return nil }
        self.init(width: w, height: h)
    }

    static var defaultValueDescription: String { "1280x800" }
    var description: String { "\(width)x\(height)" }
}

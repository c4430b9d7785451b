import ArgumentParser

/// `lectern bench text`: layout and glyph drawing figures.
struct BenchTextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "text", abstract: "Text benchmark (CSV).")

    func run() throws {
        throw ValidationError("the text benchmark is not built yet")
    }
}

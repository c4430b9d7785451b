import ArgumentParser

/// `lectern feed …`: feed tools.
struct FeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed", abstract: "Feed tools.", subcommands: [FeedParseCommand.self])
}

/// `lectern feed parse FILE --json`: the inspection contract of FEEDS.md.
struct FeedParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "parse", abstract: "Parse feed files and print them.")

    @Argument(help: "Feed files (RSS, Atom, JSON Feed).")
    var files: [String]

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        throw CommandFailure("feed parsing is not built yet")
    }
}

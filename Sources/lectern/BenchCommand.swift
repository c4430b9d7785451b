import ArgumentParser

/// `lectern bench …`: benchmarks printing CSV figures to compare with the references.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Benchmarks that print CSV figures.",
        subcommands: [BenchRasterCommand.self, BenchTextCommand.self, BenchWidgetsCommand.self, BenchFeedsCommand.self,
                       BenchFetchCommand.self, BenchSyncCommand.self, BenchReaderCommand.self])
}

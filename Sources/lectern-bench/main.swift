import ArgumentParser
import CommandLineSupport

/// `lectern-bench`: the benchmarks, kept out of the kiosk's binary. Each prints CSV figures to set beside a
/// reference measured in the same run (see docs/measurements.md).
struct LecternBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lectern-bench", abstract: "Benchmarks that print CSV figures.",
        subcommands: [BenchRasterCommand.self, BenchTextCommand.self, BenchWidgetsCommand.self, BenchFeedsCommand.self,
                       BenchFetchCommand.self, BenchSyncCommand.self, BenchReaderCommand.self])
}

LecternBench.runAsTool(name: "lectern-bench")

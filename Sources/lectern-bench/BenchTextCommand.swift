import CommandLineSupport
import ArgumentParser
import Reader

/// `lectern-bench text`: layout and glyph drawing figures, as `op,size,lectern,value` rows. Times are ns per
/// call; the scroll row's value is the glyph cache hit rate in percent.
struct BenchTextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "text", abstract: "Text benchmark (CSV).")

    func run() throws {
        let note = try TextBench.run(timing: BenchTiming()) { print($0) }
        FileStream.standardError.write(note + "\n")
    }
}

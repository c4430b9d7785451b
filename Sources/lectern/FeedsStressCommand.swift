import CommandLineSupport
import ArgumentParser
import Feeds

/// The durability test's two halves (scripts/test-store-durability.sh, `StoreStress`); hidden from help.
/// `ack <i>` goes to stdout with write(2) only after the commit returned, so every line the test saw is a write
/// the store promised to keep.
struct FeedsStressWriterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stress-writer", abstract: "Write to the store until killed, acknowledging each commit.",
        shouldDisplay: false)

    @OptionGroup var options: StoreOptions
    @Option(help: "Stop after this many writes (default: never).") var count: Int?

    func run() throws {
        try options.withStore { store in try StoreStress(store: store).write(count: count, acknowledge: acknowledge) }
    }

    private func acknowledge(_ index: Int) { FileStream.standardOutput.write("ack \(index)\n") }
}

struct FeedsCheckWritesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-writes", abstract: "Check the store's integrity and that acknowledged writes are there.",
        shouldDisplay: false)

    @OptionGroup var options: StoreOptions
    @Option(help: "The last acknowledged write (-1 for none).") var acknowledged: Int

    func run() throws {
        try options.withStore { store in
            let problems = try StoreStress(store: store).problems(acknowledged: acknowledged)
            guard problems.isEmpty else { throw CommandFailure(problems.joined(separator: "; ")) }
            print(acknowledged < 0 ? "ok: integrity ok, no acknowledged writes"
                : "ok: integrity ok, \(acknowledged + 1) acknowledged writes present")
        }
    }
}

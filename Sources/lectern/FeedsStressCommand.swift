import CommandLineSupport
import ArgumentParser
import Feeds

#if canImport(Glibc)
import Glibc
#endif

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

    private func acknowledge(_ index: Int) {
        let line = Array("ack \(index)\n".utf8)
        var offset = 0
        while offset < line.count {
            let n = line.withUnsafeBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }
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

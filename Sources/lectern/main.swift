import ArgumentParser
import Logging
import Reader

/// `lectern`: the wall-panel reader and its tools.
struct Lectern: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lectern",
        abstract: "A wall-panel article reader drawn straight to KMS/DRM.",
        version: LecternVersion.current,
        subcommands: [RunCommand.self, RenderCommand.self, ReplayCommand.self, FeedCommand.self, FeedsCommand.self, SyncCommand.self, CardCommand.self, DoctorCommand.self, BenchCommand.self, TouchCommand.self, SoakCommand.self, UeventsCommand.self],
        defaultSubcommand: RunCommand.self
    )
}

/// Usage errors exit 2 with one line, like most Unix tools; everything else is a failure (1).
enum ExitStatus {
    static let usage: Int32 = 2
}

LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .info
    return handler
}

ReaderVersion.current = LecternVersion.current

do {
    var command = try Lectern.parseAsRoot()
    try command.run()
} catch {
    let code = Lectern.exitCode(for: error)
    if code == .success {
        // --help and --version: the full text, on stdout.
        print(Lectern.fullMessage(for: error))
        Lectern.exit(withError: nil)
    }
    let message = Lectern.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
    FileStream.standardError.write("lectern: \(message)\n")
    if error is CleanExit { Lectern.exit(withError: nil) }
    // READER.md's contract: `replay reader` answers a bad flag like a bad trace or store, with 1.
    let readerReplay = Array(CommandLine.arguments.dropFirst().prefix(2)) == ["replay", "reader"]
    if code == .validationFailure, !readerReplay { Lectern.exit(withError: ExitCode(ExitStatus.usage)) }
    Lectern.exit(withError: ExitCode.failure)
}

import ArgumentParser
import Logging

/// How both executables end: help and version on stdout; any error as one line on stderr; a usage error exits 2,
/// like most Unix tools, and everything else 1.
extension ParsableCommand {
    /// Parses the process's arguments and runs the chosen command. `usageExitsWithFailure` makes a bad flag exit 1
    /// instead, for a command whose contract says so.
    public static func runAsTool(name: String, usageExitsWithFailure: Bool = false) -> Never {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
        do {
            var command = try parseAsRoot()
            try command.run()
            Self.exit(withError: nil)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Self.exit(withError: nil)
            }
            let message = self.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            FileStream.standardError.write("\(name): \(message)\n")
            if error is CleanExit { Self.exit(withError: nil) }
            if code == .validationFailure, !usageExitsWithFailure { Self.exit(withError: ExitCode(2)) }
            Self.exit(withError: ExitCode.failure)
        }
    }
}

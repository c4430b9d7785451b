import CommandLineSupport
import ArgumentParser
import Reader

/// `lectern`: the wall-panel reader and its tools.
struct Lectern: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lectern",
        abstract: "A wall-panel article reader drawn straight to KMS/DRM.",
        version: LecternVersion.current,
        subcommands: [RunCommand.self, RenderCommand.self, ReplayCommand.self, FeedCommand.self, FeedsCommand.self, SyncCommand.self, AdminCommand.self, PairCommand.self, WiFiCommand.self, CardCommand.self, DoctorCommand.self, TouchCommand.self, SoakCommand.self, UeventsCommand.self],
        defaultSubcommand: RunCommand.self
    )
}

ReaderVersion.current = LecternVersion.current

// The `replay reader` contract (docs/replay.md): it answers a bad flag like a bad trace or store, with 1.
Lectern.runAsTool(name: "lectern",
                  usageExitsWithFailure: Array(CommandLine.arguments.dropFirst().prefix(2)) == ["replay", "reader"])

import CommandLineSupport
import ArgumentParser
import Logging
import Reader

/// `lectern-bench widgets`: each interaction's frame times, measured by `WidgetBench`.
struct BenchWidgetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "widgets",
                                                    abstract: "Interaction frame times (CSV, milliseconds).")

    @Option(help: "Panel size in pixels, WIDTHxHEIGHT.")
    var size = PanelSize(width: 1920, height: 1080)

    @Option(help: "Pixels per point.")
    var scale = 2.0

    func run() throws {
        try WidgetBench(width: size.width, height: size.height, pixelsPerPoint: scale)
            .run(timing: BenchTiming(), typesetter: ScreenFonts.typesetter(log: Logger(label: "lectern")),
                 emit: { print($0) }, note: { FileStream.standardError.write($0 + "\n") })
    }
}

import CommandLineSupport
import ArgumentParser

/// Where headless pictures go and how big they are: shared by `run --headless` and `render`.
struct SnapshotOptions: ParsableArguments {
    @Option(help: "Panel size for the headless display, WIDTHxHEIGHT.")
    var size = PanelSize(width: 1280, height: 800)

    @Option(help: "Directory for the PNG snapshots.")
    var out = "out"
}

import ArgumentParser
import Platform
import Raster

/// Saves what a headless display shows as numbered PNG files and remembers their paths.
struct SnapshotWriter {
    let directory: String
    private(set) var written: [String] = []

    init(directory: String) throws {
        self.directory = directory
        try AtomicFile.makeDirectory(directory)
    }

    mutating func save(_ surface: Surface, name: String) throws {
        let path = "\(directory)/\(name).png"
        try AtomicFile.write(try PNGCodec.encode(surface), to: path)
        written.append(path)
    }
}

/// Where headless pictures go and how big they are: shared by `run --headless` and `render`.
struct SnapshotOptions: ParsableArguments {
    @Option(help: "Panel size for the headless display, WIDTHxHEIGHT.")
    var size = PanelSize(width: 1280, height: 800)

    @Option(help: "Directory for the PNG snapshots.")
    var out = "out"
}

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

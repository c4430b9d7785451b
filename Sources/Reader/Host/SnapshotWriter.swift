import Platform
import Raster

/// Saves what a headless display shows as PNG files in one directory and remembers their paths.
public struct SnapshotWriter {
    public let directory: String
    public private(set) var written: [String] = []

    public init(directory: String) throws {
        self.directory = directory
        try AtomicFile.makeDirectory(directory)
    }

    public mutating func save(_ surface: Surface, name: String) throws {
        let path = "\(directory)/\(name).png"
        try AtomicFile.write(try PNGCodec.encode(surface), to: path)
        written.append(path)
    }

    /// Saves `surface` as frame-NNNN.png: frames numbered so that they sort.
    public mutating func save(_ surface: Surface, frame number: Int) throws {
        let digits = String(number)
        try save(surface, name: "frame-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits)
    }
}

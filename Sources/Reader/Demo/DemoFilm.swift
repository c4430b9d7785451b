import Logging
import Platform
import Raster

/// `lectern render --demo DIR`: each interaction played from its recorded trace on a virtual clock, every frame
/// drawn as on the panel; a still every tenth of a second in DIR/SCENE/ and the whole of it, every real frame,
/// as DIR/SCENE.webp, so a person can watch all five without a panel.
public struct DemoFilm {
    public let directory: String
    public let width: Int
    public let height: Int
    /// The scale the demos are drawn at.
    public let pixelsPerPoint: Double
    /// Frames per second of the virtual clock (and of the animation).
    public static let fps = 60.0
    /// A still is kept every this many frames: ten a second.
    public static let stillEvery = 6

    public init(directory: String, width: Int, height: Int, pixelsPerPoint: Double) {
        self.directory = directory
        self.width = width
        self.height = height
        self.pixelsPerPoint = pixelsPerPoint
    }

    public func render(log: Logger) throws {
        try AtomicFile.makeDirectory(directory)
        let typesetter = ScreenFonts.typesetter(log: log)
        for name in DemoCatalog.names {
            let host = try HeadlessHost(pixelWidth: width, pixelHeight: height, pixelsPerPoint: pixelsPerPoint, fps: Self.fps,
                                        typesetter: typesetter) {
                try DemoCatalog.scene(named: name, setting: $0)
            }
            guard let trace = DemoTraces.trace(for: name, size: host.setting.size) else { continue }
            let animation = try WebPAnimation(width: width, height: height)
            var stills = try SnapshotWriter(directory: "\(directory)/\(name)")
            var frame = 0
            var lastMilliseconds = 0
            try host.play(trace) { shown in
                lastMilliseconds = Int((shown.t * 1000).rounded())
                try animation.add(host.picture, at: lastMilliseconds)
                if frame % Self.stillEvery == 0 {
                    try stills.save(host.picture, frame: frame / Self.stillEvery)
                }
                frame += 1
            }
            let path = "\(directory)/\(name).webp"
            try AtomicFile.write(try animation.finish(endMilliseconds: lastMilliseconds + Int(1000 / Self.fps)), to: path)
            print("\(name): \(frame) frames, \(String(format1: Double(lastMilliseconds) / 1000)) s: wrote \(path) "
                  + "and \(stills.written.count) stills in \(directory)/\(name)/")
        }
    }
}

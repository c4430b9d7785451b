import Logging
import Platform
import Raster
import Reader
import Text
import Touch
import Widgets

/// `lectern render --demo DIR`: each interaction played from its recorded trace on a virtual clock, every frame
/// drawn as on the panel; a still every tenth of a second in DIR/SCENE/ and the whole of it, every real frame,
/// as DIR/SCENE.webp, so a person can watch all five without a panel.
struct DemoFilm {
    let directory: String
    let width: Int
    let height: Int
    let scale: Scale
    /// Frames per second of the virtual clock (and of the animation).
    static let fps = 60.0
    /// A still is kept every this many frames: ten a second.
    static let stillEvery = 6

    func render(log: Logger) throws {
        try AtomicFile.makeDirectory(directory)
        let typesetter = ScreenFonts.typesetter(log: log)
        for name in DemoCatalog.names {
            let host = try HeadlessHost(pixelWidth: width, pixelHeight: height, scale: scale, fps: Self.fps,
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
                    try stills.save(host.picture, name: "frame-" + String(frame / Self.stillEvery).leftPadded(to: 4))
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

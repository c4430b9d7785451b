import System
import Raster

/// Golden images live in a test target's Goldens/ folder. A missing golden is written and reported, so a new
/// picture is looked at before it is committed; LECTERN_UPDATE_GOLDENS=1 rewrites them all. A pixel differs when
/// a channel is off by more than 4; up to 0.1 % of pixels may (another FreeType build rounds a few text edges
/// differently); sizes must match. (No Testing here: a plain target is built in release builds too.)
public enum GoldenComparison: Equatable {
    case matches
    /// No golden was there (or goldens are being rewritten): the picture was written to `path`.
    case written(path: String, updating: Bool)
    case differentSize(String)
    /// Too many pixels differ; the picture was written beside the golden as NAME.actual.png.
    case differs(pixels: Int, allowed: Int)

    /// What a test should report, nil when nothing.
    public func problem(_ name: String) -> String? {
        switch self {
        case .matches, .written(_, updating: true): nil
        case .written(let path, updating: false): "\(name): no golden yet; wrote \(path): look at it, then commit it"
        case .differentSize(let sizes): "\(name): \(sizes)"
        case .differs(let pixels, let allowed): "\(name): \(pixels) pixels differ from the golden (allowed \(allowed))"
        }
    }
}

public func compareWithGolden(_ surface: Surface, named name: String, in directory: String) throws -> GoldenComparison {
    let path = "\(directory)/\(name).png"
    let encoded = try PNGCodec.encode(surface)
    let update = ProcessEnvironment.current()["LECTERN_UPDATE_GOLDENS"] == "1"
    guard !update, let stored = try? AtomicFile.read(path) else {
        try AtomicFile.makeDirectory(directory)
        try AtomicFile.write(encoded, to: path)
        return .written(path: path, updating: update)
    }
    let golden = try PNGCodec.decode(stored)
    guard let differing = surface.differingPixels(from: golden, tolerance: 4) else {
        return .differentSize("size \(surface.width)x\(surface.height), the golden's \(golden.width)x\(golden.height)")
    }
    let allowed = surface.width * surface.height / 1000
    guard differing <= allowed else {
        try? AtomicFile.write(encoded, to: "\(directory)/\(name).actual.png")
        return .differs(pixels: differing, allowed: allowed)
    }
    return .matches
}

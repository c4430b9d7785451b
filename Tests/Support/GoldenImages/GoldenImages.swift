import Platform
import Raster
import Testing

/// Golden images live in a test target's Goldens/ folder (`directory`). A missing golden is written and the
/// test fails, so a new picture is looked at before it is committed; LECTERN_UPDATE_GOLDENS=1 rewrites them all
/// (and passes). A pixel differs when a channel is off by more than 4; up to 0.1 % of pixels may (another
/// FreeType build rounds a few text edges differently); sizes must match.
public func expectMatchesGolden(_ surface: Surface, named name: String, in directory: String,
                                sourceLocation: SourceLocation = #_sourceLocation) throws
{
    let path = "\(directory)/\(name).png"
    let encoded = try PNGCodec.encode(surface)
    let update = ProcessEnvironment.current()["LECTERN_UPDATE_GOLDENS"] == "1"
    guard !update, let stored = try? AtomicFile.read(path) else {
        try AtomicFile.write(encoded, to: path)
        if !update {
            Issue.record("\(name): no golden yet; wrote \(path): look at it, then commit it", sourceLocation: sourceLocation)
        }
        return
    }
    let golden = try PNGCodec.decode(stored)
    let differing = try #require(surface.differingPixels(from: golden, tolerance: 4),
                                 "\(name): size \(surface.width)x\(surface.height), the golden's \(golden.width)x\(golden.height)",
                                 sourceLocation: sourceLocation)
    let allowed = surface.width * surface.height / 1000
    if differing > allowed { try? AtomicFile.write(encoded, to: "\(directory)/\(name).actual.png") }
    #expect(differing <= allowed, "\(name): \(differing) pixels differ from the golden (allowed \(allowed))",
            sourceLocation: sourceLocation)
}

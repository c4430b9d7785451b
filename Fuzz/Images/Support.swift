import Raster

// Every harness fits images into 64 pixels and caps them at 4 megapixels: enough for every code path, and
// each run stays in milliseconds, so the fuzzer tries more inputs than it would at the 50-megapixel default.
let fuzzLimits = DecodeLimits(fittingWidth: 64, maxPixels: 4_000_000)

/// What any decoded surface must be, whatever the input: within the fitting width, not empty, and validly
/// premultiplied (no channel above alpha), which the compositor's fast paths rely on.
func checkInvariants(_ surface: Surface) {
    precondition(surface.width >= 1 && surface.width <= fuzzLimits.fittingWidth && surface.height >= 1)
    for y in 0..<surface.height {
        for x in 0..<surface.width {
            let p = surface[x, y], a = p >> 24
            precondition(p >> 16 & 0xFF <= a && p >> 8 & 0xFF <= a && p & 0xFF <= a, "not premultiplied")
        }
    }
}

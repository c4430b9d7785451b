import Testing
@testable import Raster

@Suite struct DamageRegionTests {
    func rect(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> PixelRect { PixelRect(x: x, y: y, width: w, height: h) }

    /// No two rectangles of the region share a pixel.
    func expectDisjoint(_ region: DamageRegion, sourceLocation: SourceLocation = #_sourceLocation) {
        for i in region.rects.indices {
            for j in region.rects.indices where j > i {
                #expect(region.rects[i].intersection(region.rects[j]).isEmpty,
                        "\(region.rects[i]) overlaps \(region.rects[j])", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func startsEmptyAndIgnoresEmptyRectangles() {
        var region = DamageRegion()
        #expect(region.isEmpty)
        region.add(rect(5, 5, 0, 10))
        region.add(rect(5, 5, 10, -3))
        #expect(region.isEmpty)
        #expect(region.area == 0)
        #expect(region.bounds.isEmpty)
    }

    @Test func separateRectanglesStaySeparate() {
        var region = DamageRegion(rect(0, 0, 10, 10))
        region.add(rect(20, 20, 5, 5))
        #expect(region.rects.count == 2)
        #expect(region.area == 125)
        #expect(region.bounds == rect(0, 0, 25, 25))
    }

    @Test func overlappingRectanglesMergeIntoTheirUnion() {
        var region = DamageRegion(rect(0, 0, 10, 10))
        region.add(rect(5, 5, 10, 10))
        #expect(region.rects == [rect(0, 0, 15, 15)])
        // A rectangle bridging two others absorbs both, and the result absorbs what the union now overlaps.
        var chain = DamageRegion(rect(0, 0, 4, 4))
        chain.add(rect(10, 0, 4, 4))
        chain.add(rect(6, 3, 2, 5))  // overlaps none of them yet
        #expect(chain.rects.count == 3)
        chain.add(rect(3, 1, 8, 2))  // joins the first two; their union reaches the third
        #expect(chain.rects == [rect(0, 0, 14, 8)])
    }

    @Test func containedRectangleChangesNothing() {
        var region = DamageRegion(rect(0, 0, 10, 10))
        region.add(rect(2, 2, 3, 3))
        #expect(region.rects == [rect(0, 0, 10, 10)])
    }

    @Test func exactContinuationsAreJoined() {
        var region = DamageRegion(rect(0, 0, 10, 4))
        region.add(rect(0, 4, 10, 6))   // below, same columns
        region.add(rect(10, 0, 5, 10))  // right, same rows
        #expect(region.rects == [rect(0, 0, 15, 10)])
        // Touching but not aligned: kept apart, nothing wasted.
        var apart = DamageRegion(rect(0, 0, 10, 4))
        apart.add(rect(3, 4, 10, 4))
        #expect(apart.rects.count == 2)
        #expect(apart.area == 80)
    }

    @Test func countIsBoundedAndCheapestPairMerges() {
        var region = DamageRegion()
        for i in 0..<DamageRegion.maxRects {
            region.add(rect(i * 100, 0, 10, 10))
        }
        #expect(region.rects.count == DamageRegion.maxRects)
        // A ninth one right next to the first (2 px gap) must merge with it, the cheapest union.
        region.add(rect(12, 0, 10, 10))
        #expect(region.rects.count == DamageRegion.maxRects)
        #expect(region.rects.contains(rect(0, 0, 22, 10)))
        #expect(region.area == 8 * 100 + 120)
    }

    @Test func neverLosesCoverageAndStaysBoundedAndDisjoint() {
        var rng = SeededRandom(seed: 0xDA3A)
        for _ in 0..<60 {
            var region = DamageRegion()
            var added: [PixelRect] = []
            for _ in 0..<(1 + rng.below(25)) {
                let r = rect(rng.below(60) - 5, rng.below(40) - 5, rng.below(20), rng.below(14))
                region.add(r)
                added.append(r)
                #expect(region.rects.count <= DamageRegion.maxRects)
                expectDisjoint(region)
            }
            var covered = 0
            for y in -5..<50 {
                for x in -5..<80 {
                    let inAdded = added.contains { $0.contains(rect(x, y, 1, 1)) }
                    if inAdded { #expect(region.contains(x: x, y: y), "lost pixel \(x),\(y)") }
                    if region.contains(x: x, y: y) { covered += 1 }
                }
            }
            // area counts each pixel once: it equals the pixels found covered.
            #expect(region.area == covered)
        }
    }

    @Test func clippingKeepsOnlyPixelsInsideTheLimit() {
        var rng = SeededRandom(seed: 0xC1A9)
        for _ in 0..<40 {
            var region = DamageRegion()
            for _ in 0..<(1 + rng.below(12)) {
                region.add(rect(rng.below(50) - 10, rng.below(50) - 10, rng.below(25), rng.below(25)))
            }
            let limit = rect(rng.below(20), rng.below(20), rng.below(30), rng.below(30))
            let clipped = region.clipped(to: limit)
            for y in -10..<60 {
                for x in -10..<60 {
                    let expected = region.contains(x: x, y: y) && limit.contains(rect(x, y, 1, 1))
                    // Clipping adds nothing outside the limit and keeps everything inside it.
                    if !limit.contains(rect(x, y, 1, 1)) { #expect(!clipped.contains(x: x, y: y)) }
                    if expected { #expect(clipped.contains(x: x, y: y)) }
                }
            }
        }
    }

    @Test func hugeRectanglesDoNotOverflow() {
        var region = DamageRegion(rect(Int.max - 5, 0, Int.max, 10))
        region.add(rect(Int.min, Int.min, Int.max, Int.max))
        region.add(rect(-10, -10, Int.max, Int.max))
        region.add(rect(0, 0, 1, 1))
        #expect(region.contains(x: 0, y: 0))
        #expect(region.contains(x: 1_000_000, y: 1_000_000))
        #expect(region.area > 0)
        _ = region.clipped(to: rect(0, 0, 1920, 1080))
        #expect(region.clipped(to: rect(0, 0, 1920, 1080)).rects == [rect(0, 0, 1920, 1080)])
    }
}

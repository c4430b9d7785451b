#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Working memory of the coverage accumulator, one per thread, kept between fills so drawing never allocates.
///
/// Invariant between uses: every cell is 0 and every row range is empty (the painter restores what it
/// consumed), so a fill only touches the cells its edges reach.
struct CoverageScratch {
    var cells: UnsafeMutablePointer<Float>
    var cellCapacity: Int
    /// Per row: first and last cell touched by upward edges, then by downward edges.
    var ranges: UnsafeMutablePointer<Int32>
    var rangeCapacity: Int
    /// The last arc plan made, by the radius, sweep and tolerance it was made for: the same dot, spinner or
    /// corner is usually drawn again and again, and a plan costs several divisions and square roots.
    var planKey = (radius: Double.nan, sweep: Double.nan, tolerance: Double.nan)
    var plan = Outline.ArcPlan(count: 1, cosStep: 1, sinStep: 0, scale: 1)

    /// src·a for every alpha a of the colour `tintColor` (pixman's rounding), so edge pixels skip a multiply.
    var tints: UnsafeMutablePointer<UInt32> = .allocate(capacity: 256)
    var tintColor: UInt32? = nil

    /// The tint table of `color`, built if the last one was for another colour.
    mutating func tints(of color: UInt32) -> UnsafeMutablePointer<UInt32> {
        if tintColor != color {
            for a in 0..<256 { tints[a] = PixelMath.mulChannels(color, UInt32(a)) }
            tintColor = color
        }
        return tints
    }

    /// Where pixel column lines meet the corner arcs of the row painter (`UprightRoundedBox.Crossings`).
    var crossings: UnsafeMutablePointer<Double> = .allocate(capacity: crossingCapacity)
    static let crossingCapacity = 2 * (UprightRoundedBox.largestTabledRadius + 3)

    /// Largest band the accumulator works on at once; taller regions are done in horizontal bands.
    static let maximumCells = 1 << 18

    /// This thread's scratch, grown to hold at least `cells` cells and `rows` rows.
    static func current(cells: Int, rows: Int) -> UnsafeMutablePointer<CoverageScratch> {
        let scratch: UnsafeMutablePointer<CoverageScratch>
        if let raw = pthread_getspecific(scratchKey) {
            scratch = raw.assumingMemoryBound(to: CoverageScratch.self)
        } else {
            scratch = .allocate(capacity: 1)
            scratch.initialize(to: CoverageScratch(cells: .allocate(capacity: 1), cellCapacity: 0,
                                                   ranges: .allocate(capacity: 1), rangeCapacity: 0))

            pthread_setspecific(scratchKey, scratch)
        }
        if scratch.pointee.cellCapacity < cells {
            scratch.pointee.cells.deallocate()
            let capacity = max(cells, 4096)
            scratch.pointee.cells = .allocate(capacity: capacity)
            scratch.pointee.cells.initialize(repeating: 0, count: capacity)
            scratch.pointee.cellCapacity = capacity
        }
        if scratch.pointee.rangeCapacity < rows * 4 {
            scratch.pointee.ranges.deallocate()
            let capacity = max(rows, 1024) * 4
            scratch.pointee.ranges = .allocate(capacity: capacity)
            for i in 0..<(capacity / 2) {
                (scratch.pointee.ranges + 2 * i).initialize(to: emptyRangeStart)
                (scratch.pointee.ranges + 2 * i + 1).initialize(to: emptyRangeEnd)
            }
            scratch.pointee.rangeCapacity = capacity
        }
        return scratch
    }

    static let emptyRangeStart = Int32.max
    static let emptyRangeEnd = Int32.min
}

/// Frees a thread's scratch when the thread ends.
private let scratchKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { raw in
        #if canImport(Darwin)
        let scratch = raw.assumingMemoryBound(to: CoverageScratch.self)
        #else
        guard let raw else { return }
        let scratch = raw.assumingMemoryBound(to: CoverageScratch.self)
        #endif
        scratch.pointee.cells.deallocate()
        scratch.pointee.ranges.deallocate()
        scratch.pointee.tints.deallocate()
        scratch.pointee.crossings.deallocate()
        scratch.deallocate()
    }
    precondition(status == 0, "cannot create the rasterizer's thread-local key")
    return key
}()

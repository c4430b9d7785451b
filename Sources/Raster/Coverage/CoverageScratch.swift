#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Working memory of the coverage accumulator, one per thread, kept between fills so drawing never allocates.
///
/// Invariant between uses: every cell is 0 and every mark bit is clear (the painter clears what it consumed),
/// so a fill only touches the cells its edges reach.
struct CoverageScratch {
    var cells: UnsafeMutablePointer<Float>
    var cellCapacity: Int
    var marks: UnsafeMutablePointer<UInt64>
    var markCapacity: Int

    /// Largest band the accumulator works on at once; taller regions are done in horizontal bands.
    static let maximumCells = 1 << 18

    /// This thread's scratch, grown to hold at least `cells` cells and `marks` mark words.
    static func current(cells: Int, marks: Int) -> UnsafeMutablePointer<CoverageScratch> {
        let raw = pthread_getspecific(scratchKey)
        let scratch: UnsafeMutablePointer<CoverageScratch>
        if let raw {
            scratch = raw.assumingMemoryBound(to: CoverageScratch.self)
        } else {
            scratch = .allocate(capacity: 1)
            scratch.initialize(to: CoverageScratch(cells: .allocate(capacity: 1), cellCapacity: 0,
                                                   marks: .allocate(capacity: 1), markCapacity: 0))
            pthread_setspecific(scratchKey, scratch)
        }
        if scratch.pointee.cellCapacity < cells {
            scratch.pointee.cells.deallocate()
            let capacity = max(cells, 4096)
            scratch.pointee.cells = .allocate(capacity: capacity)
            scratch.pointee.cells.initialize(repeating: 0, count: capacity)
            scratch.pointee.cellCapacity = capacity
        }
        if scratch.pointee.markCapacity < marks {
            scratch.pointee.marks.deallocate()
            let capacity = max(marks, 256)
            scratch.pointee.marks = .allocate(capacity: capacity)
            scratch.pointee.marks.initialize(repeating: 0, count: capacity)
            scratch.pointee.markCapacity = capacity
        }
        return scratch
    }
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
        scratch.pointee.marks.deallocate()
        scratch.deallocate()
    }
    precondition(status == 0, "cannot create the rasterizer's thread-local key")
    return key
}()

/// Touch time: seconds on CLOCK_MONOTONIC, as `Double`, the one clock above Platform (flips, timers and
/// animations use it too). Platform converts libinput's `time_usec` once, at the edge.
///
/// The kernel counts touch time in whole microseconds, and a microsecond count divided into seconds is not
/// always exact in binary. Durations between touches are therefore snapped back to whole microseconds before
/// they are compared with a limit, so a press held exactly 0.5 s is exactly 0.5 s, as it was in the kernel.
public enum TouchClock {
    /// The kernel's tick for input timestamps.
    public static let tick = 0.000_001

    /// Seconds from `start` to `end`, in whole microseconds.
    @inlinable
    public static func elapsed(from start: Double, to end: Double) -> Double {
        ((end - start) * 1_000_000).rounded() / 1_000_000
    }

    /// A kernel timestamp (whole microseconds) in seconds.
    @inlinable
    public static func seconds(microseconds: Int64) -> Double { Double(microseconds) / 1_000_000 }

    /// Seconds as the kernel's whole microseconds (trace files, recordings), rounded to the nearest.
    @inlinable
    public static func microseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }
}

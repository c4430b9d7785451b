#if canImport(Glibc)
import Glibc
#endif

/// The one place the app reads the time; pure layers receive it as a parameter.
public enum MonotonicClock {
    /// Nanoseconds on CLOCK_MONOTONIC (never jumps with NTP or the wall clock).
    public static func nanoseconds() -> UInt64 { reading(CLOCK_MONOTONIC).nanoseconds }

    /// Seconds on the same clock, the unit animations use.
    public static func seconds() -> Double { Double(nanoseconds()) / 1e9 }
}

/// The calling thread's own CPU time: what a frame cost the thread that drew it, whatever else ran on the
/// cores meanwhile (a shared build machine preempts the drawing thread; a panel's other work should not).
public enum ThreadCPUClock {
    public static func nanoseconds() -> UInt64 { reading(CLOCK_THREAD_CPUTIME_ID).nanoseconds }
}

/// The wall clock (CLOCK_REALTIME), for dates: it jumps when NTP or a person sets it, so never for intervals.
public enum WallClock {
    public static func secondsSince1970() -> Int64 { Int64(reading(CLOCK_REALTIME).tv_sec) }
}

private func reading(_ clock: clockid_t) -> timespec {
    var time = timespec()
    clock_gettime(clock, &time)
    return time
}

private extension timespec {
    var nanoseconds: UInt64 { UInt64(tv_sec) &* 1_000_000_000 &+ UInt64(tv_nsec) }
}

#if canImport(Glibc)
import Glibc
#endif

/// The one place the app reads the time; pure layers receive it as a parameter.
public enum MonotonicClock {
    /// Nanoseconds on CLOCK_MONOTONIC (never jumps with NTP or the wall clock).
    public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// Seconds on the same clock, the unit animations use.
    public static func seconds() -> Double { Double(nanoseconds()) / 1e9 }
}

/// The calling thread's own CPU time: what a frame cost the thread that drew it, whatever else ran on the
/// cores meanwhile (a shared build machine preempts the drawing thread; a panel's other work should not).
public enum ThreadCPUClock {
    public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}

import Reader
import Platform

/// Timing the way the reference benchmark does (bench_ref.c): calibrate an iteration count that runs for
/// TARGET_MS, then take the median ns per call of REPS repetitions. Both read the same environment variables
/// so a paired run compares like with like.
public struct BenchTiming {
    public var repetitions: Int
    public var targetNanoseconds: Double

    public init(environment: [String: String] = ProcessEnvironment.current()) {
        repetitions = max(1, min(63, Int(environment["REPS"] ?? "") ?? 7))
        targetNanoseconds = (Double(environment["TARGET_MS"] ?? "") ?? 20) * 1e6
    }

    /// Median nanoseconds per call of `body`, which receives the iteration index.
    public func nanosecondsPerCall(_ body: (Int) -> Void) -> Double {
        var n = 1
        var elapsed: Double
        while true {
            let t0 = MonotonicClock.nanoseconds()
            for i in 0..<n { body(i) }
            elapsed = Double(MonotonicClock.nanoseconds() - t0)
            if elapsed > 4e6 || n >= 1 << 40 { break }
            n *= 2
        }
        let iterations = Int(Double(n) * (targetNanoseconds / max(elapsed, 1))) + 1
        var samples: [Double] = []
        for _ in 0..<repetitions {
            let t0 = MonotonicClock.nanoseconds()
            for i in 0..<iterations { body(i) }
            samples.append(Double(MonotonicClock.nanoseconds() - t0) / Double(iterations))
        }
        return samples.sorted()[repetitions / 2]
    }

    /// One CSV row in the reference's column order: `op,size,lectern,ns_per_op`.
    public static func row(op: String, size: String, nanoseconds: Double) -> String {
        "\(op),\(size),lectern,\(String(format1: nanoseconds))"
    }
}

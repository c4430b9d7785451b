/// Estimates a finger's velocity the way Flutter's `VelocityTracker` does: a least-squares polynomial of
/// degree 2 per axis over the samples of the last 100 ms, its slope at the newest sample. At least 3 samples
/// are needed; a gap of more than 40 ms between samples (or before the moment asked about) means the finger
/// stopped, so history is cleared and lifting after a pause gives zero velocity.
public struct VelocityTracker: Sendable {
    /// Only samples this recent count: 100 ms.
    public static let horizon = 0.1
    /// Fewer samples than this give zero velocity: 3.
    public static let minimumSamples = 3
    /// A pause longer than this means the finger stopped: 40 ms.
    public static let stoppedGap = 0.04
    /// Degree of the fitted polynomial: 2.
    public static let degree = 2
    /// At most this many samples are kept (Flutter's history size).
    static let historySize = 20

    private struct Sample: Sendable {
        var position: Point
        var time: Double
    }

    private var samples: [Sample] = []

    public init() {}

    /// Forgets all samples (a new finger).
    public mutating func reset() { samples.removeAll(keepingCapacity: true) }

    /// Records where the finger was at `time`. Samples older than the newest are ignored; non-finite
    /// positions are ignored.
    public mutating func add(_ position: Point, at time: Double) {
        guard position.x.isFinite, position.y.isFinite, time.isFinite else { return }
        if let newest = samples.last {
            if time < newest.time { return }
            if TouchClock.elapsed(from: newest.time, to: time) > Self.stoppedGap { samples.removeAll(keepingCapacity: true) }
        }
        samples.append(Sample(position: position, time: time))
        if samples.count > Self.historySize { samples.removeFirst(samples.count - Self.historySize) }
    }

    /// Velocity in points per second at `now` (usually the lift time), zero if the finger has not moved
    /// within 40 ms of it or fewer than 3 recent samples exist. Pass nil to ask about the newest sample.
    public func velocity(at now: Double? = nil) -> Velocity {
        guard let newest = samples.last else { return .zero }
        if let now, TouchClock.elapsed(from: newest.time, to: now) > Self.stoppedGap { return .zero }
        let recent = samples.reversed().prefix { TouchClock.elapsed(from: $0.time, to: newest.time) <= Self.horizon }
        guard recent.count >= Self.minimumSamples else { return .zero }
        // Age in units of the horizon (0 … −1) keeps the normal equations well conditioned.
        let horizon = Self.horizon
        let times = recent.map { -TouchClock.elapsed(from: $0.time, to: newest.time) / horizon }
        func slope(_ values: [Double]) -> Double {
            for degree in stride(from: Self.degree, through: 1, by: -1) {
                if let c = PolynomialFit.coefficients(times: times, values: values, degree: degree) {
                    return c[1] / horizon
                }
            }
            return 0
        }
        let velocity = Velocity(x: slope(recent.map(\.position.x)), y: slope(recent.map(\.position.y)))
        return velocity.x.isFinite && velocity.y.isFinite ? velocity : .zero
    }
}

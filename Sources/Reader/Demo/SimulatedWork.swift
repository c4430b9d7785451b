/// What the demos do instead of real work (refreshing feeds): started by a control's delegate, done a set
/// number of seconds later (`lectern replay --action-seconds`).
struct SimulatedWork {
    let seconds: Double
    /// When the running work finishes; the scene's deadline.
    private(set) var finishesAt: Double?

    init(seconds: Double) { self.seconds = seconds }

    mutating func start(at time: Double) { finishesAt = time + seconds }

    /// The moment the work finished, once, if that moment has come by `time`.
    mutating func finished(by time: Double) -> Double? {
        guard let done = finishesAt, done <= time else { return nil }
        finishesAt = nil
        return done
    }
}

/// When the panel syncs next: every `interval` while syncs succeed; after a failure sooner at first, then
/// backing off (30 s, 1, 2, 4… min) up to an hour, so a server that is down is not hammered and one that comes
/// back is found soon. Refused credentials wait longer from the start: trying again changes nothing until a
/// person fixes them.
public struct SyncSchedule: Equatable, Sendable {
    public var interval: Double
    static let firstRetry = 30.0
    static let refusedRetry = 600.0
    static let longestWait = 3_600.0

    public init(interval: Double) { self.interval = interval }

    /// Seconds from the end of a sync to the next one, after `failures` failed in a row (0: the last succeeded).
    public func wait(afterFailures failures: Int, refused: Bool = false) -> Double {
        guard failures > 0 else { return interval }
        let first = refused ? Self.refusedRetry : Self.firstRetry
        let doubled = first * Double(1 << min(failures - 1, 20))
        return min(doubled, max(Self.longestWait, interval))
    }
}

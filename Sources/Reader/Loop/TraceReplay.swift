import Platform
import Raster
import Touch
import Widgets

/// A scene that never came to rest.
public enum ReplayError: Error, CustomStringConvertible, Sendable {
    case neverAtRest(seconds: Double)
    case tooLong(seconds: Double)

    public var description: String {
        switch self {
        case .neverAtRest(let seconds): "the scene was still moving \(Int(seconds)) s after the last event"
        case .tooLong(let seconds):
            "the trace (or --refresh-at) reaches \(Int(seconds)) s past its first event; a replay plays at most "
                + "\(Int(TraceReplay.longest)) s"
        }
    }
}

/// The virtual clock of `lectern replay`, the headless run, the demo films, the widget benchmark and the tests: frames every 1/fps s from the trace's first event; events delivered at their
/// own timestamps before the frame that follows them is advanced; done once everything has been at rest for
/// a second after the last event (and after a programmatic action began).
public struct TraceReplay {
    public let trace: TouchTrace
    public let fps: Double
    public let refreshAt: Double?
    /// Seconds of rest after the last event before the replay ends.
    public static let restToEnd = 1.0
    /// A scene still moving this long after its last event is broken: the replay stops rather than run forever.
    public static let giveUpAfter = 120.0
    /// The longest stretch of input a replay plays (frames are drawn for all of it), seconds.
    public static let longest = 3600.0

    /// `refreshAt`: seconds after the first event at which the scene's action starts from code.
    public init(trace: TouchTrace, fps: Double = 60, refreshAt: Double? = nil) {
        self.trace = trace
        self.fps = fps.isFinite && fps >= 1 ? fps : 60
        self.refreshAt = refreshAt
    }

    /// One frame of a replay: its time since the first event, how long advancing, drawing and presenting it
    /// took (nanoseconds), the pixels it changed, and how long the scene then prepared ahead while at rest
    /// (nanoseconds; no frame waits for that).
    public struct Frame: Sendable {
        public let t: Double
        public let nanoseconds: UInt64
        public let damage: DamageRegion
        public let preparedNanoseconds: UInt64
        /// The drawing thread's CPU time for the frame: `nanoseconds` less the time other threads and processes
        /// held the core.
        public let cpuNanoseconds: UInt64
    }

    public func play(_ scene: Scene, loop: FrameLoop, startAction: (Double) -> Void = { _ in },
              frame report: (Frame) throws -> Void) throws {
        // The scene runs on the trace's own clock (events carry their timestamps); `t` counts from the first event.
        let origin = trace.frames.first?.time ?? 0
        func seconds(_ time: Double) -> Double { TouchClock.elapsed(from: origin, to: time) }
        var pending = trace.frames[...]
        var actionPending = refreshAt != nil
        let lastInput = max(seconds(trace.frames.last?.time ?? origin), refreshAt ?? 0)
        guard lastInput <= Self.longest else { throw ReplayError.tooLong(seconds: lastInput) }
        var restingSince: Double?
        var k = 0
        while true {
            let t = Double(k) / fps
            // A hair of slack so an event stamped exactly on a frame belongs to it despite rounding.
            while let next = pending.first, seconds(next.time) <= t + 1e-9 {
                if actionPending, let at = refreshAt, at <= seconds(next.time) {
                    startAction(origin + at)
                    actionPending = false
                }
                scene.handle(next)
                pending = pending.dropFirst()
                restingSince = nil
            }
            if actionPending, let at = refreshAt, at <= t + 1e-9 {
                startAction(origin + at)
                actionPending = false
                restingSince = nil
            }
            let started = MonotonicClock.nanoseconds()
            let startedCPU = ThreadCPUClock.nanoseconds()
            let damage = try loop.frame(at: origin + t)
            let drawnCPU = ThreadCPUClock.nanoseconds()
            let drawn = MonotonicClock.nanoseconds()
            // At rest, the panel would now sleep: the scene prepares what the next gesture may need.
            loop.prepareAhead()
            try report(Frame(t: t, nanoseconds: drawn &- started, damage: damage,
                             preparedNanoseconds: MonotonicClock.nanoseconds() &- drawn,
                             cpuNanoseconds: drawnCPU &- startedCPU))
            let atRest = !loop.needsFrame && scene.activeDeadline == nil && pending.isEmpty && !actionPending
            if atRest {
                let since = restingSince ?? t
                restingSince = since
                if t - since >= Self.restToEnd - 1e-9 { return }
            } else {
                restingSince = nil
            }
            if t > lastInput + Self.giveUpAfter {
                throw ReplayError.neverAtRest(seconds: Self.giveUpAfter)
            }
            k += 1
        }
    }
}

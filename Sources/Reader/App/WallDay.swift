import Platform
import Touch

/// The panel's day on a wall (docs/reader.md, "Wall modes"), as a value: the app feeds it touches and time, and
/// reads what the panel should be doing. Nothing here reads a clock; the moment of the day comes in with each
/// call (seconds after local midnight), so every edge of a schedule can be played and checked.
///
///     awake ──idle minutes──▶ ambient ──touch──▶ (ambient, paused; a tap opens a card)
///       ▲                         │
///       └──── morning ◀── night (panel off) ◀── dim (optional, the minutes before) ◀── schedule
///                           │ touch: woken for a few minutes, the waking touch swallowed
///
/// While the panel is off or dimmed, the touch that wakes it does nothing else, and every touch sequence that
/// starts in the next 300 ms is swallowed too: a brush against a dark panel must not open or mark anything.
struct WallDay: Equatable {
    enum Mode: String, Equatable { case awake, ambient, night }
    typealias Power = PanelPowerLevel

    /// How long after waking new touches are ignored.
    static let wakingSeconds = 0.3

    /// Seconds without a touch before ambient; nil: never.
    var idleSeconds: Double?
    var schedule: NightSchedule?
    /// Seconds before the night spent dimmed; 0: none.
    var dimSeconds: Double
    /// Seconds a touch at night keeps the panel on after the last touch.
    var wakeSeconds: Double

    private(set) var mode: Mode = .awake
    private(set) var power: Power = .on
    /// The last touch of any kind, swallowed or not.
    private(set) var lastTouch: Double
    /// At night, when the panel a touch woke goes off again.
    private(set) var wokenUntil: Double?
    /// Sequences starting before this are swallowed whole.
    private(set) var ignoreUntil = -Double.infinity
    /// The touch sequence under way is being swallowed.
    private var swallowing = false
    private var fingers = TouchSlots()

    init(settings: ReaderSettings, now: Double) {
        lastTouch = now
        idleSeconds = nil
        dimSeconds = 0
        wakeSeconds = 0
        follow(settings)
    }

    /// Takes the idle minutes and the night from `settings` (changed from a phone), keeping where the day is: the
    /// next `advance` moves it to what they say now.
    mutating func follow(_ settings: ReaderSettings) {
        idleSeconds = settings.idleMinutes > 0 ? settings.idleMinutes * 60 : nil
        schedule = settings.night.flatMap(NightSchedule.init)
        dimSeconds = settings.dimMinutes * 60
        wakeSeconds = settings.wakeMinutes * 60
    }

    // MARK: Input

    /// A finger changed at `time` (`second` after local midnight). Returns true when the touch must go no
    /// further: it woke the panel, or it belongs to a sequence being swallowed.
    mutating func touch(_ event: TouchEvent, second: Double) -> Bool {
        let time = event.time
        let starts = event.phase == .down && fingers.isEmpty
        fingers.apply(event)
        lastTouch = time
        if starts {
            swallowing = time < ignoreUntil
            if power != .on {
                wake(at: time, second: second)
                swallowing = true
            }
        }
        if wokenUntil != nil { wokenUntil = time + wakeSeconds }
        let swallowed = swallowing
        if fingers.isEmpty { swallowing = false }
        return swallowed
    }

    private mutating func wake(at time: Double, second: Double) {
        ignoreUntil = time + Self.wakingSeconds
        if schedule?.contains(second: second) == true { wokenUntil = time + wakeSeconds }
        power = .on
        mode = .awake
    }

    /// A person left ambient for a screen (a tap on a card, the list button).
    mutating func leaveAmbient() { if mode == .ambient { mode = .awake } }

    /// Something a person must see came without a touch (a pairing window opened from a shell), or a person is
    /// busy at the panel without touching it (pairing a phone): ambient gives way and the idle minutes count from
    /// `time`. The night keeps its schedule.
    mutating func stir(at time: Double) {
        lastTouch = time
        leaveAmbient()
    }

    // MARK: Time

    /// Moves the day to `time`, `second` seconds after local midnight. Returns whether the mode or the power
    /// changed.
    @discardableResult
    mutating func advance(to time: Double, second: Double) -> Bool {
        let before = (mode, power)
        let night = schedule?.contains(second: second) ?? false
        if night {
            if let woken = wokenUntil, time < woken {
                power = .on
                becomeAmbientIfIdle(at: time)
            } else {
                wokenUntil = nil
                mode = .night
                power = .off
            }
        } else {
            wokenUntil = nil
            // Morning: nobody has touched the panel since the evening, so it wakes into ambient.
            if mode == .night { mode = idleSeconds == nil ? .awake : .ambient }
            becomeAmbientIfIdle(at: time)
            // A touch in the dim minutes brightens the panel until it has been left alone that long again.
            let touchedLately = time - lastTouch < wakeSeconds
            power = inDimMinutes(second: second) && !touchedLately ? .dim : .on
        }
        return before != (mode, power)
    }

    /// Whether `second` falls in the minutes before the night the panel spends dimmed.
    private func inDimMinutes(second: Double) -> Bool {
        guard dimSeconds > 0, let schedule, !schedule.contains(second: second) else { return false }
        return schedule.secondsUntilStart(from: second) <= dimSeconds
    }

    private mutating func becomeAmbientIfIdle(at time: Double) {
        guard mode == .awake, fingers.isEmpty, let idle = idleSeconds, time - lastTouch >= idle else { return }
        mode = .ambient
    }

    /// The next moment the day changes without a touch: ambient coming due, a woken panel going dark, the
    /// schedule's next edge (the dimming's too); nil when nothing is due.
    func deadline(at time: Double, second: Double) -> Double? {
        var due: [Double] = []
        if mode == .awake, fingers.isEmpty, let idle = idleSeconds { due.append(max(time, lastTouch + idle)) }
        if let woken = wokenUntil { due.append(woken) }
        if inDimMinutes(second: second), power == .on, lastTouch + wakeSeconds > time { due.append(lastTouch + wakeSeconds) }
        if let schedule {
            due.append(time + schedule.secondsUntilChange(from: second))
            if dimSeconds > 0, !schedule.contains(second: second) {
                let dimFrom = schedule.secondsUntilStart(from: second) - dimSeconds
                if dimFrom > 0 { due.append(time + dimFrom) }
            }
        }
        return due.min()
    }
}

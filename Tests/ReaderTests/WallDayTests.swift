import Testing
import Touch
@testable import Reader

/// The panel's day played on a virtual clock: ambient after the idle minutes, off through the night and on in
/// the morning, woken by a touch that does nothing else, dimmed before the night when asked.
@Suite struct WallDayTests {
    /// 22:50 local, as seconds after midnight.
    static let evening = Double(22 * 3600 + 50 * 60)

    func settings(idle: Double = 5, night: String? = "23:00-06:30", dim: Double = 0, wake: Double = 3) -> ReaderSettings {
        var s = ReaderSettings()
        s.idleMinutes = idle
        s.night = night
        s.dimMinutes = dim
        s.wakeMinutes = wake
        return s
    }

    func touch(_ day: inout WallDay, _ phase: TouchPhase, at time: Double, second: Double) -> Bool {
        day.touch(TouchEvent(slot: 0, phase: phase, x: 100, y: 100, time: time), second: second)
    }

    @Test func idleMinutesGiveWayToAmbientAndATouchDoesNotSwallow() {
        var day = WallDay(settings: settings(night: nil), now: 0)
        #expect(day.deadline(at: 0, second: 0) == 300)
        day.advance(to: 299.9, second: 299.9)
        #expect(day.mode == .awake)
        day.advance(to: 300, second: 300)
        #expect(day.mode == .ambient && day.power == .on)
        // Ambient is not dark: a touch there reaches the cards (a tap opens one).
        #expect(!touch(&day, .down, at: 301, second: 301))
        #expect(!touch(&day, .up, at: 301.1, second: 301.1))
        #expect(day.mode == .ambient)
        // Nothing more is due until a person leaves ambient.
        #expect(day.deadline(at: 302, second: 302) == nil)
        day.leaveAmbient()
        #expect(day.deadline(at: 302, second: 302) == 301.1 + 300)
    }

    @Test func theNightTurnsThePanelOffAndTheMorningOn() {
        var day = WallDay(settings: settings(), now: 0)
        let t0 = 0.0, s0 = Self.evening
        // The next edge is 23:00, ten minutes away (the idle minutes come first).
        #expect(day.deadline(at: t0, second: s0) == 300)
        day.advance(to: 300, second: s0 + 300)
        #expect(day.mode == .ambient && day.deadline(at: 300, second: s0 + 300) == 600)
        day.advance(to: 600, second: s0 + 600)
        #expect(day.mode == .night && day.power == .off)
        // At night only the morning is due: 06:30, 7 h 30 min later.
        #expect(day.deadline(at: 600, second: s0 + 600) == 600 + 7.5 * 3600)
        let morning = 600 + 7.5 * 3600
        day.advance(to: morning - 0.01, second: (s0 + morning - 0.01).truncatingRemainder(dividingBy: 86_400))
        #expect(day.power == .off)
        day.advance(to: morning, second: (s0 + morning).truncatingRemainder(dividingBy: 86_400))
        #expect(day.mode == .ambient && day.power == .on)
    }

    @Test func aTouchAtNightWakesThePanelAndIsSwallowedWithWhatFollowsFor300ms() {
        var day = WallDay(settings: settings(), now: 0)
        let s = Double(2 * 3600)   // 02:00
        day.advance(to: 10, second: s)
        #expect(day.power == .off)
        // The waking touch goes no further, down, moves and up.
        #expect(touch(&day, .down, at: 11, second: s + 1))
        #expect(day.power == .on && day.mode == .awake)
        #expect(touch(&day, .move, at: 11.05, second: s + 1.05))
        #expect(touch(&day, .up, at: 11.1, second: s + 1.1))
        // A second tap inside 300 ms of waking is swallowed; one after it is not.
        #expect(touch(&day, .down, at: 11.2, second: s + 1.2))
        #expect(touch(&day, .up, at: 11.35, second: s + 1.35))
        #expect(!touch(&day, .down, at: 11.4, second: s + 1.4))
        #expect(!touch(&day, .up, at: 11.45, second: s + 1.45))
        // Woken for three minutes after the last touch, then off again.
        #expect(day.deadline(at: 12, second: s + 2) == 11.45 + 180)
        day.advance(to: 11.45 + 179, second: s + 180.45)
        #expect(day.power == .on)
        day.advance(to: 11.45 + 180, second: s + 181.45)
        #expect(day.mode == .night && day.power == .off)
    }

    @Test func theDimMinutesComeBeforeTheNightAndATouchBrightensThem() {
        var day = WallDay(settings: settings(idle: 0, dim: 15), now: 0)
        let s = Double(22 * 3600 + 40 * 60)   // 22:40: the dimming starts at 22:45
        day.advance(to: 0, second: s)
        #expect(day.power == .on && day.deadline(at: 0, second: s) == 300)
        day.advance(to: 300, second: s + 300)
        #expect(day.power == .dim && day.mode == .awake)
        // The touch that brightens a dim panel is swallowed too.
        #expect(touch(&day, .down, at: 400, second: s + 400))
        #expect(touch(&day, .up, at: 400.1, second: s + 400.1))
        day.advance(to: 401, second: s + 401)
        #expect(day.power == .on)
        #expect(day.deadline(at: 401, second: s + 401) == 400.1 + 180)
        day.advance(to: 400.1 + 180, second: s + 580.1)
        #expect(day.power == .dim)
        day.advance(to: 1200, second: s + 1200)
        #expect(day.mode == .night && day.power == .off)
    }

    @Test func scheduleEdgesAcrossMidnight() throws {
        let schedule = try #require(NightSchedule("23:00-06:30"))
        #expect(schedule.contains(second: 23 * 3600) && !schedule.contains(second: 23 * 3600 - 1))
        #expect(schedule.contains(second: 6 * 3600 + 29 * 60 + 59) && !schedule.contains(second: 6.5 * 3600))
        #expect(schedule.secondsUntilChange(from: 22 * 3600) == 3600)
        #expect(schedule.secondsUntilChange(from: 23 * 3600) == 7.5 * 3600)
        #expect(schedule.secondsUntilStart(from: 7 * 3600) == 16 * 3600)
    }
}

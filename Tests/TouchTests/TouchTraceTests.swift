import Testing
@testable import Touch

@Suite struct TouchTraceTests {
    static let fixtures = [Traces.verticalFlick, Traces.pauseThenLift, Traces.tap, Traces.twoFingers,
                           Traces.rowSwipe, Traces.cancelMidDrag]

    @Test(arguments: fixtures)
    func fixturesParseAndRoundTrip(_ text: String) throws {
        let parsed = try TouchTrace(parsing: text)
        #expect(!parsed.frames.isEmpty)
        #expect(parsed.events.first?.phase == .down)
        #expect(try TouchTrace(parsing: parsed.text) == parsed)
    }

    @Test func readsFieldsAndFrames() throws {
        let parsed = try TouchTrace(parsing: """
            # header comment
            100 0 down 10 20.5   # trailing comment
            100 1 down 30 40
            frame

            108 0 move 11.25 -3
            108 1 move 31 41
            116 0 up
            116 1 cancel 2 3
            """)
        #expect(parsed.frames.count == 3)
        #expect(parsed.frames[0].events.map(\.slot) == [0, 1])
        #expect(parsed.frames[1].time == 0.000108 && parsed.frames[1].events.count == 2)
        #expect(parsed.events[2] == TouchEvent(slot: 0, phase: .move, x: 11.25, y: -3, time: 0.000108))
        // An up without a position is where the finger last was.
        #expect(parsed.events[4].position == Point(x: 11.25, y: -3))
        #expect(parsed.events[5].position == Point(x: 2, y: 3))
        #expect(parsed.duration == 0.000016)
    }

    @Test func explicitFramesKeepEqualTimestampsApart() throws {
        let original = TouchTrace(frames: [
            TouchFrame([TouchEvent(slot: 0, phase: .down, x: 1, y: 2, time: 0.000005)]),
            TouchFrame([TouchEvent(slot: 1, phase: .down, x: 0.1, y: 1e-7, time: 0.000005)]),
            TouchFrame([TouchEvent(slot: 0, phase: .up, x: 1, y: 2, time: 0.000009),
                        TouchEvent(slot: 1, phase: .up, x: 0.1, y: 1e-7, time: 0.000009)]),
        ])
        #expect(try TouchTrace(parsing: original.text) == original)
    }

    @Test(arguments: [
        ("0 0 down 1 2\n5 0 mvoe 1 2", 2, "unknown phase 'mvoe'"),
        ("0 0 down 1 2\n5 0 move 1", 2, "got 4 fields"),
        ("0 0 down 1 2\nsoon 0 up", 2, "time 'soon'"),
        ("# c\n\n0 0 move 1 2", 3, "slot 0 is not down"),
        ("0 0 down 1 2\n0 0 down 1 2", 2, "slot 0 is already down"),
        ("9 0 down 1 2\n5 0 up", 2, "goes back"),
        ("0 0 down nan 2", 1, "two finite numbers"),
        ("0 0 down", 1, "down needs a position"),
        ("0 -2 down 1 1", 1, "slot '-2'"),
        ("0 0 down 1 1\nframe now", 2, "'frame' takes no fields"),
    ])
    func badInputNamesTheLine(_ text: String, _ line: Int, _ fragment: String) {
        #expect {
            _ = try TouchTrace(parsing: text)
        } throws: { error in
            guard let error = error as? TouchTraceError else { return false }
            return error.line == line && error.description.contains(fragment) && error.description.hasPrefix("line \(line): ")
        }
    }

    @Test func eventsGroupIntoFramesByTime() throws {
        let events = try trace(Traces.twoFingers)
        let regrouped = TouchTrace(events: events)
        #expect(regrouped == (try TouchTrace(parsing: Traces.twoFingers)))
        #expect(regrouped.frames.contains { $0.events.count == 2 })
    }

    @Test func emptyTraceIsEmpty() throws {
        let empty = try TouchTrace(parsing: "\n# nothing\n")
        #expect(empty.frames.isEmpty && empty.duration == 0)
    }
}

@Suite struct GestureScriptTests {
    @Test func aDragIsSampledEvenlyAndLiftsWhereItStopped() {
        var script = GestureScript(start: 1.0)
        script.drag(from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), seconds: 0.1, hold: 0.05)
        let events = script.events
        #expect(events.first?.phase == .down && events.last?.phase == .up)
        #expect(events.last?.position == Point(x: 100, y: 0) && events.last?.time == 1.15)
        let moves = events.filter { $0.phase == .move }
        #expect(moves.count == 13 && moves.last?.time == 1.1)
        // At an even speed: every step the same distance, samples at most 8.3 ms apart.
        for (a, b) in zip(moves, moves.dropFirst()) {
            #expect(abs((b.position.x - a.position.x) - 100.0 / 13) < 1e-9 && TouchClock.elapsed(from: a.time, to: b.time) <= 0.008_334)
        }
        // The trace reads back as the same events.
        #expect(try! TouchTrace(parsing: script.trace.text).events == events)
    }

    @Test func aTapAndACancel() {
        var script = GestureScript()
        script.tap(at: Point(x: 5, y: 6))
        script.down(at: Point(x: 1, y: 1), slot: 3)
        script.cancel(slot: 3)
        script.up(slot: 3)                                       // not down: nothing
        #expect(script.events.map(\.phase) == [.down, .up, .down, .cancel])
        #expect(TouchClock.elapsed(from: script.events[0].time, to: script.events[1].time) == 0.08)
    }
}

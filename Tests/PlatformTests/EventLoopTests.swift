#if canImport(Glibc)
import Glibc
#endif
import Testing
import Platform

/// The loop owns SIGINT/SIGTERM while it exists, so these tests run one at a time.
@Suite(.serialized) struct EventLoopTests {
    @Test func timersFireInDeadlineOrderAndNotEarly() throws {
        let loop = try EventLoop()
        var fired: [String] = []
        let start = MonotonicClock.nanoseconds()
        loop.schedule(at: start + 20_000_000) { fired.append("late") }
        loop.schedule(at: start + 5_000_000) { fired.append("early") }
        let cancelled = loop.schedule(at: start + 1_000_000) { fired.append("cancelled") }
        loop.cancel(cancelled)
        loop.schedule(at: start + 30_000_000) { loop.stop() }
        try loop.run()
        #expect(fired == ["early", "late"])
        #expect(MonotonicClock.nanoseconds() - start >= 30_000_000)
    }

    @Test func aTimerCancelledByAnotherDueInTheSameRoundDoesNotFire() throws {
        let loop = try EventLoop()
        var fired: [String] = []
        let start = MonotonicClock.nanoseconds()
        var second: EventLoop.Timer?
        loop.schedule(at: start + 1_000_000) {
            fired.append("first")
            if let second { loop.cancel(second) }
        }
        second = loop.schedule(at: start + 2_000_000) { fired.append("second") }
        loop.schedule(at: start + 3_000_000) { loop.stop() }
        // Both come due before the loop looks: they fire in one round.
        usleep(2_500)
        try loop.run()
        #expect(fired == ["first"])
    }

    @Test func readableDescriptorWakesTheLoop() throws {
        let loop = try EventLoop()
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var received: [UInt8] = []
        loop.watch(ends[0]) { _ in
            var byte: UInt8 = 0
            if read(ends[0], &byte, 1) == 1 { received.append(byte) }
            loop.stop()
        }
        var byte: UInt8 = 42
        #expect(write(ends[1], &byte, 1) == 1)
        // A safety timer so a broken loop fails the test instead of hanging it.
        loop.schedule(after: 2) { loop.stop() }
        try loop.run()
        #expect(received == [42])
    }

    @Test func idleLoopSleepsInsteadOfSpinning() throws {
        let loop = try EventLoop()
        var usageBefore = rusage()
        getrusage(__rusage_who_t(1) /* RUSAGE_THREAD */, &usageBefore)
        // Nothing to do for 200 ms: this thread should burn (almost) no CPU meanwhile (other tests run beside it).
        try loop.runOnce(maxWait: 0.2)
        var usageAfter = rusage()
        getrusage(__rusage_who_t(1) /* RUSAGE_THREAD */, &usageAfter)
        func micros(_ t: timeval) -> Int { t.tv_sec * 1_000_000 + Int(t.tv_usec) }
        let spent = micros(usageAfter.ru_utime) - micros(usageBefore.ru_utime)
            + micros(usageAfter.ru_stime) - micros(usageBefore.ru_stime)
        #expect(spent < 50_000, "CPU time while idle: \(spent) µs")
    }

    @Test func sigtermEndsTheLoopCleanly() throws {
        let loop = try EventLoop()
        // Directed at this thread: other test threads do not block SIGTERM, as the kiosk's threads would
        // (they are started after the loop and inherit its signal mask).
        loop.schedule(after: 0.01) { pthread_kill(pthread_self(), SIGTERM) }
        loop.schedule(after: 2) { loop.stop() }
        try loop.run()
        #expect(loop.receivedSignal == SIGTERM)
    }
}

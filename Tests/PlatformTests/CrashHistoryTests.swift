import Testing
@testable import Platform

/// A kiosk that keeps crashing waits longer before each start and says why on the panel; one that ran cleanly
/// starts at once.
@Suite struct CrashHistoryTests {
    @Test func crashesInARowBackOffUpToAMinute() {
        let now: Int64 = 10_000
        func history(_ results: [String]) -> CrashHistory {
            CrashHistory(parsing: results.enumerated().map { "\(now - Int64(results.count - $0.offset) * 30) \($0.element) killed SEGV" }
                .joined(separator: "\n"))
        }
        #expect(history([]).wait(now: now) == 0)
        #expect(history(["signal"]).wait(now: now) == 0)
        #expect(history(["signal", "signal"]).wait(now: now) == 4)
        #expect(history(["signal", "watchdog", "signal"]).wait(now: now) == 8)
        #expect(history(Array(repeating: "core-dump", count: 9)).wait(now: now) == 60)
        // A clean run in between starts the count again.
        #expect(history(["signal", "signal", "success", "signal"]).wait(now: now) == 0)
        // Crashes older than ten minutes do not count.
        let old = CrashHistory(parsing: "1000 signal killed SEGV\n1100 signal killed SEGV\n9990 signal killed SEGV")
        #expect(old.recentCrashes(now: now).count == 1 && old.wait(now: now) == 0)
    }

    @Test func thePanelIsToldWhy() {
        let history = CrashHistory(parsing: "100 signal killed SEGV\nnot a line\n160 watchdog killed ABRT\n")
        #expect(history.exits.count == 2)
        #expect(history.notice(now: 200) == "Lectern restarted: it stopped responding (the watchdog ended it) (2 times in ten minutes).")
        #expect(CrashHistory(parsing: "100 success exited 0").notice(now: 200) == nil)
        #expect(CrashHistory(parsing: "100 exit-code exited 1").notice(now: 200) == "Lectern restarted: it stopped with an error (exit status 1).")
    }
}

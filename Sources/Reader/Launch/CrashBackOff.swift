import Logging
import Platform

extension CrashHistory {
    /// A kiosk that keeps crashing waits longer before each start (systemd restarts it after 2 s whatever
    /// happened): the loop runs, feeding the watchdog, for the wait the history asks, saying why. False when a
    /// signal stopped the wait.
    func backOff(loop: EventLoop, systemd: ServiceNotifier, log: Logger) throws -> Bool {
        let now = LocalTime.now().secondsSince1970
        let wait = wait(now: now)
        guard wait > 0, let last = recentCrashes(now: now).last else { return true }
        let line = "waiting \(Int(wait)) s before starting: \(recentCrashes(now: now).count) crashes in a row, the last because \(last.reason)"
        log.warning("\(line)")
        systemd.status(line)
        let resume = loop.schedule(after: wait) { loop.stop() }
        try loop.run()
        loop.cancel(resume)
        if let signal = loop.receivedSignal {
            log.info("stopping on signal \(signal) while waiting to start")
            return false
        }
        return true
    }
}

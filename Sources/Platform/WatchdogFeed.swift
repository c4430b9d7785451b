extension ServiceNotifier {
    /// Sends WATCHDOG=1 now and then every `watchdogInterval` from a timer of `loop`, never from a thread of its
    /// own: a loop that stops turning (wedged in a handler, stuck in a syscall) stops feeding, and systemd
    /// restarts the kiosk. Does nothing without a watchdog.
    public func feedWatchdog(from loop: EventLoop) {
        guard let interval = watchdogInterval else { return }
        watchdog()
        loop.schedule(after: interval) { [self] in feedWatchdog(from: loop) }
    }
}

/// How the kiosk's last runs ended, as systemd told them (`ExecStopPost=` appends `TIME RESULT CODE STATUS` to
/// `$RUNTIME_DIRECTORY/exits` after every run): a kiosk that keeps crashing waits longer before each new start,
/// and says on the panel why it restarted.
public struct CrashHistory: Equatable, Sendable {
    /// One run's end: when (seconds since 1970), `$SERVICE_RESULT` (success, exit-code, signal, core-dump,
    /// watchdog, timeout…), `$EXIT_CODE` (exited, killed, dumped) and `$EXIT_STATUS` (a number or a signal name).
    public struct Exit: Equatable, Sendable {
        public var time: Int64
        public var result: String
        public var code: String
        public var status: String

        public var isCrash: Bool { result != "success" }

        /// The end in a person's words.
        public var reason: String {
            switch result {
            case "watchdog": "it stopped responding (the watchdog ended it)"
            case "signal", "core-dump": "it crashed (signal \(status))"
            case "exit-code": "it stopped with an error (exit status \(status))"
            case "timeout": "it did not start or stop in time"
            default: "it ended (\(result))"
            }
        }
    }

    /// Crashes counted towards the wait: those in the last ten minutes.
    public static let window: Int64 = 600
    /// The longest wait before a start; it stays under the unit's TimeoutStartSec.
    public static let longestWait = 60.0

    public var exits: [Exit]

    public init(exits: [Exit]) { self.exits = exits }

    /// The file's lines, oldest first; lines that do not read are skipped.
    public init(parsing text: String) {
        exits = text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count >= 4, let time = Int64(fields[0]) else { return nil }
            return Exit(time: time, result: String(fields[1]), code: String(fields[2]), status: String(fields[3]))
        }
    }

    /// The crashes in the window before `now`, back to the last clean run.
    public func recentCrashes(now: Int64) -> [Exit] {
        Array(exits.reversed().prefix { $0.isCrash && now - $0.time <= Self.window }.reversed())
    }

    /// How long to wait before starting: nothing after a clean run or a single crash (systemd's own 2 s
    /// suffice), then 4, 8, 16… seconds for each further crash in a row, at most `longestWait`.
    public func wait(now: Int64) -> Double {
        let crashes = recentCrashes(now: now).count
        guard crashes >= 2 else { return 0 }
        return min(Self.longestWait, Double(1 << min(crashes, 10)))
    }

    /// What the panel says after a crash, or nil after a clean run.
    public func notice(now: Int64) -> String? {
        let crashes = recentCrashes(now: now)
        guard let last = crashes.last else { return nil }
        let times = crashes.count == 1 ? "" : " (\(crashes.count) times in ten minutes)"
        return "Lectern restarted: \(last.reason)\(times)."
    }

    /// The history kept in `directory` (systemd's `RUNTIME_DIRECTORY`), or an empty one.
    public static func read(directory: String) -> CrashHistory {
        guard let bytes = try? AtomicFile.read(directory + "/exits", limit: 1 << 16) else { return CrashHistory(exits: []) }
        return CrashHistory(parsing: String(decoding: bytes, as: UTF8.self))
    }
}

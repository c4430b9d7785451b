import Feeds

#if canImport(Glibc)
import Glibc
#endif

/// The wall clock, read here only: Feeds takes times as parameters.
enum WallClock {
    static func now() -> Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Timestamp(secondsSince1970: Int64(time.tv_sec))
    }
}

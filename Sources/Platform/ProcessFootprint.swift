#if canImport(Glibc)
import Glibc
#endif

/// How much of the machine this process holds, from /proc: resident memory and open file descriptors. What a
/// soak watches to show that a panel left on for a year does not creep.
public struct ProcessFootprint: Sendable, Equatable {
    public let residentBytes: Int
    public let openDescriptors: Int

    public init(residentBytes: Int, openDescriptors: Int) {
        self.residentBytes = residentBytes
        self.openDescriptors = openDescriptors
    }

    /// This process now. The descriptor count includes the one that lists /proc/self/fd, every time alike.
    public static func current() throws -> ProcessFootprint {
        // statm: size resident shared text lib data dt, in pages.
        let statm = String(decoding: try AtomicFile.read("/proc/self/statm", limit: 4096), as: UTF8.self)
        let fields = statm.split(separator: " ")
        guard fields.count >= 2, let pages = Int(fields[1]) else {
            throw SystemCallError("read resident pages from /proc/self/statm ('\(statm)')", errno: EINVAL)
        }
        let descriptors = try DirectoryListing.files(in: "/proc/self/fd").count
        return ProcessFootprint(residentBytes: pages * Int(sysconf(Int32(_SC_PAGESIZE))), openDescriptors: descriptors)
    }
}

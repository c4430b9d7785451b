#if canImport(Glibc)
import Glibc
#endif

/// Finds the DRM card the panel is on, if this machine has one the process may open.
public enum DRMDevice {
    /// The first `/dev/dri/card*` that opens read-write, or nil with the reason for each failure.
    public static func firstOpenable() -> (path: String?, problems: [String]) {
        var problems: [String] = []
        for n in 0..<8 {
            let path = "/dev/dri/card\(n)"
            let fd = open(path, O_RDWR | O_CLOEXEC)
            if fd >= 0 {
                close(fd)
                return (path, problems)
            }
            if errno != ENOENT { problems.append(SystemCallError("open \(path)").description) }
        }
        return (nil, problems)
    }
}

#if canImport(Glibc)
import Glibc
#endif
import CDRM

/// An open DRM device node (`/dev/dri/cardN`). Opening it first makes this process DRM master (Linux ≥ 5.8),
/// which modesetting needs.
final class DRMCard {
    let path: String
    let fd: Int32

    init(path: String) throws {
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw SystemCallError("open \(path)") }
        var capability: UInt64 = 0
        guard drmGetCap(fd, UInt64(DRM_CAP_DUMB_BUFFER), &capability) == 0, capability != 0 else {
            close(fd)
            throw SystemCallError("\(path) has no dumb buffers (not a display controller)", errno: ENOTSUP)
        }
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }
}

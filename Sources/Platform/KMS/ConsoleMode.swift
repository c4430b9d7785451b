#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// Puts the virtual console into graphics mode while the kiosk owns the panel, so the kernel's text console
/// neither draws its cursor nor scribbles messages over the picture; text mode comes back when it is released.
/// Without access to the console (a service user without it, a machine with no VT) it does nothing.
public final class ConsoleMode {
    private let fd: Int32

    public init?(path: String = "/dev/tty0") {
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return nil }
        guard lectern_ioctl_int(fd, UInt(KDSETMODE), Int32(KD_GRAPHICS)) == 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
    }

    deinit {
        _ = lectern_ioctl_int(fd, UInt(KDSETMODE), Int32(KD_TEXT))
        close(fd)
    }
}

#if canImport(Glibc)
import Glibc
#endif
import System

/// The listening socket `lectern admin` serves on: the one systemd passes (socket activation, so the service
/// needs no capability for port 80), else one bound here to `--listen`. Bound here rather than by libmicrohttpd,
/// so a taken port is said with its reason.
public enum AdminListener {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// fd 3 when systemd passed exactly one socket to this process (`LISTEN_PID` is ours, `LISTEN_FDS` 1); nil
    /// when it passed none.
    public static func systemdSocket(environment: [String: String]) throws(Failure) -> Int32? {
        guard let count = environment["LISTEN_FDS"] else { return nil }
        guard environment["LISTEN_PID"].flatMap({ Int32($0) }) == getpid() else { return nil }
        guard count == "1" else { throw Failure(description: "systemd passed \(count) sockets; lectern admin takes one") }
        return 3
    }

    /// `ADDR:PORT` (`0.0.0.0:80`, `127.0.0.1:8080`, `[::]:80`) as a socket, bound and listening.
    public static func bind(_ text: String) throws(Failure) -> Int32 {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else {
            throw Failure(description: "--listen takes ADDR:PORT (0.0.0.0:80, [::]:80), not \(text)")
        }
        var host = String(text[..<colon])
        let six = host.hasPrefix("[") && host.hasSuffix("]")
        if six { host = String(host.dropFirst().dropLast()) }
        let family = six ? AF_INET6 : AF_INET
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "cannot make a socket: \(Errno.current)") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var result: Int32
        if six {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else {
                close(fd)
                throw Failure(description: "--listen: \(host) is not an IPv6 address")
            }
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
                close(fd)
                throw Failure(description: "--listen: \(host) is not an IPv4 address (or [IPv6])")
            }
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard result == 0, listen(fd, 64) == 0 else {
            let error = Errno.current
            close(fd)
            throw Failure(description: "cannot listen on \(text): \(error)")
        }
        return fd
    }
}

import System
#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1 (a port the kernel picks) for the fetcher's and the reader's tests. Each connection gets
/// its own thread, reads one request, answers as the route for its path says, and closes: no keep-alive, so
/// every redirect hop is a fresh connection and every request is recorded on its own. With `keepAlive`, a
/// connection answered with `.http` stays open for the next request, as most servers do (how connection reuse
/// is tested); `connectionCount` tells how many the clients opened.
public final class LoopbackHTTPServer: @unchecked Sendable {
    /// A request as it arrived: the path and the header fields (names lowercased), and the body a
    /// `Content-Length` announced (a form POSTed to an aggregator's API).
    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var headers: [String: String]
        public var body: [UInt8] = []
    }

    public enum Reply: Sendable {
        /// A complete response. `Content-Length` is added unless `headers` has one or `closeDelimited` is set.
        case http(status: Int, headers: [(String, String)] = [], body: [UInt8] = [], closeDelimited: Bool = false)
        /// Headers at once, then the body after `delay` seconds.
        case slow(delay: Double, body: [UInt8])
        /// Headers with no length, then `total` bytes in 64 KiB writes until the client stops reading.
        case stream(total: Int, declaredLength: Int? = nil)
        /// Bytes that are not HTTP.
        case raw([UInt8])
        /// An RST instead of an answer (SO_LINGER 0, then close).
        case reset
    }

    public typealias Route = @Sendable (Request) -> Reply

    public let port: UInt16
    private let listener: Int32
    private let routes: [String: Route]
    private var thread: WorkerThread?
    fileprivate let lock = LoopbackLock()
    fileprivate var recorded: [Request] = []
    fileprivate var accepted = 0
    fileprivate let keepAlive: Bool

    public init(routes: [String: Route], keepAlive: Bool = false) throws {
        self.routes = routes
        self.keepAlive = keepAlive
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        self.listener = listener
        guard listener >= 0 else { throw SystemCallError("socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 64) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw SystemCallError("bind/listen on 127.0.0.1")
        }
        port = UInt16(bigEndian: address.sin_port)
        do { thread = try WorkerThread.start { [self] in acceptLoop() } } catch {
            close(listener)
            throw error
        }
    }

    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    public var requests: [Request] { lock.locked { recorded } }

    /// Connections accepted so far.
    public var connectionCount: Int { lock.locked { accepted } }

    public func requests(to path: String) -> [Request] { requests.filter { $0.path == path } }

    /// Stops accepting and joins the accept thread (connection threads finish their one reply on their own).
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        thread?.join()
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            lock.locked { accepted += 1 }
            let job = Connection(server: self, fd: connection)
            if let started = try? WorkerThread.start({ job.serve() }) { started.detach() } else { close(connection) }
        }
    }

    private final class Connection: Sendable {
        let server: LoopbackHTTPServer
        let fd: Int32
        init(server: LoopbackHTTPServer, fd: Int32) { self.server = server; self.fd = fd }

        func serve() {
            var closeFD = true
            defer { if closeFD { close(fd) } }
            while let request = readRequest() {
                guard answer(request, closeFD: &closeFD), server.keepAlive else { return }
            }
        }

        /// Answers one request; true when the connection may carry another (a complete `.http` reply).
        private func answer(_ request: Request, closeFD: inout Bool) -> Bool {
            server.lock.locked { server.recorded.append(request) }
            let route = server.routes[request.path] ?? { _ in .http(status: 404, body: Array("no route".utf8)) }
            switch route(request) {
            case .http(let status, let headers, let body, let closeDelimited):
                var head = headers
                if !closeDelimited, !headers.contains(where: { $0.0.lowercased() == "content-length" }) {
                    head.append(("Content-Length", "\(body.count)"))
                }
                return send(head: status, head, closeDelimited: closeDelimited) && send(body) && !closeDelimited
            case .slow(let delay, let body):
                guard send(head: 200, [("Content-Type", "text/plain"), ("Content-Length", "\(body.count)")])
                else { return false }
                usleep(useconds_t(delay * 1_000_000))
                _ = send(body)
            case .stream(let total, let declared):
                var head = [("Content-Type", "application/rss+xml")]
                if let declared { head.append(("Content-Length", "\(declared)")) }
                guard send(head: 200, head) else { return false }
                let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 65_536)
                var sent = 0
                while sent < total, send(Array(chunk.prefix(total - sent))) { sent += chunk.count }
            case .raw(let bytes):
                _ = send(bytes)
            case .reset:
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                close(fd)
                closeFD = false
            }
            return false
        }

        /// Reads up to the blank line ending the head, then the body its `Content-Length` announces (read in
        /// full, so closing the connection after the answer sends no reset the client could see first).
        private func readRequest() -> Request? {
            var data: [UInt8] = []
            var rest: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while !data.ends(with: [13, 10, 13, 10]) {
                let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                guard count > 0, data.count < 65_536 else { return nil }
                data.append(contentsOf: chunk.prefix(count))
                if let end = data.firstRange(of: [13, 10, 13, 10]) {
                    rest = Array(data[end.upperBound...])
                    data = Array(data[..<end.upperBound])
                    break
                }
            }
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\r\n")
            guard let first = lines.first else { return nil }
            let parts = first.split(separator: " ")
            guard parts.count == 3 else { return nil }
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = String(line[line.index(after: colon)...].drop(while: { $0 == " " }))
            }
            let length = min(headers["content-length"].flatMap { Int($0) } ?? 0, 1 << 20)
            while rest.count < length {
                let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { break }
                rest.append(contentsOf: chunk.prefix(count))
            }
            return Request(method: String(parts[0]), path: String(parts[1]), headers: headers, body: Array(rest.prefix(length)))
        }

        private func send(head status: Int, _ headers: [(String, String)], closeDelimited: Bool = true) -> Bool {
            let persistent = server.keepAlive && !closeDelimited
            var text = "HTTP/1.1 \(status) \(reason(status))\r\n" + (persistent ? "" : "Connection: close\r\n")
            for (name, value) in headers { text += "\(name): \(value)\r\n" }
            return send(Array((text + "\r\n").utf8))
        }

        /// Writes everything; false once the client has gone (MSG_NOSIGNAL: no SIGPIPE for the test process).
        private func send(_ bytes: [UInt8]) -> Bool {
            var offset = 0
            while offset < bytes.count {
                let count = bytes[offset...].withUnsafeBytes {
                    Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }

        private func reason(_ status: Int) -> String {
            switch status {
            case 200: "OK"
            case 301: "Moved Permanently"
            case 302: "Found"
            case 303: "See Other"
            case 304: "Not Modified"
            case 307: "Temporary Redirect"
            case 308: "Permanent Redirect"
            case 404: "Not Found"
            case 410: "Gone"
            case 429: "Too Many Requests"
            case 503: "Service Unavailable"
            default: "Status"
            }
        }
    }
}

/// A pthread mutex for test support state shared between server threads.
public final class LoopbackLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    public init() { pthread_mutex_init(mutex, nil) }
    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }
    public func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}

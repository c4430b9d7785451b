import CMicroHTTPD
import System
#if canImport(Glibc)
import Glibc
#endif

/// The HTTP server: libmicrohttpd parses every byte from the network, on one internal thread waiting in epoll
/// (an idle server uses no CPU), and hands each complete request to the router. Limits are applied as data
/// arrives: headers over 8 KiB get 431, a body over its limit 413 before it is read on, 64 connections at most,
/// a client silent for 10 s is cut off. One polling thread means the router is only ever called from it.
public final class AdminServer {
    public struct Limits: Sendable {
        public var headerBytes = 8 << 10
        public var bodyBytes = AdminRouter.bodyLimit
        public var opmlBytes = AdminRouter.opmlLimit
        public var connections: UInt32 = 64
        public var idleSeconds: UInt32 = 10
        public init() {}
    }

    let router: AdminRouter
    let limits: Limits
    /// One line per failed request (5xx), for the journal: method, path, status. Never a header, a query or a body.
    let log: (String) -> Void
    private var daemon: OpaquePointer?

    public init(router: AdminRouter, limits: Limits = Limits(), log: @escaping (String) -> Void) {
        self.router = router
        self.limits = limits
        self.log = log
    }

    deinit { stop() }

    /// Serves on `socket`, a listening socket, until `stop`.
    public func start(socket: Int32) throws(AdminListener.Failure) {
        let flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL_INTERNAL_THREAD.rawValue)
        let me = Unmanaged.passUnretained(self).toOpaque()
        // The pool holds a connection's headers and its read buffer: a little over the 8 KiB the router allows, so
        // headers past that get libmicrohttpd's own 431 and never a bigger allocation.
        daemon = lectern_mhd_start(flags, socket, adminAccessHandler, me, adminRequestCompleted, me,
                                   limits.headerBytes + 8192, limits.connections, limits.idleSeconds)
        guard daemon != nil else { throw AdminListener.Failure(description: "libmicrohttpd did not start: \(Errno.current)") }
    }

    public func stop() {
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
    }

    /// What one request gathered between libmicrohttpd's calls: its body so far, and whether it went over.
    final class Upload {
        let limit: Int
        var body: [UInt8] = []
        var received = 0
        var tooLarge = false
        /// Refused from its headers: the answer is queued, nothing more is looked at.
        var answered = false
        /// Came over the panel's hotspot, decided once from the headers' call.
        let overHotspot: Bool
        init(limit: Int, overHotspot: Bool) {
            self.limit = limit
            self.overHotspot = overHotspot
        }
    }

    func handle(_ connection: OpaquePointer, url: String, method: String, data: UnsafePointer<CChar>?,
                size: UnsafeMutablePointer<Int>, state: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let stored = state.pointee else {
            // The first call, headers only: refuse what is already too big before any body is read.
            let headers = values(connection, .HEADER_KIND)
            var headerBytes = url.utf8.count + method.utf8.count
            for (name, value) in headers { headerBytes += name.utf8.count + value.utf8.count + 4 }
            let limit = method == "POST" && url == "/api/opml" ? limits.opmlBytes : limits.bodyBytes
            let upload = Upload(limit: limit, overHotspot: overHotspot(connection))
            state.pointee = Unmanaged.passRetained(upload).toOpaque()
            if headerBytes > limits.headerBytes {
                upload.answered = true
                return send(connection, .error(431, "the request's headers are over 8 KiB"), method: method, url: url)
            }
            // A foreign Host or a request without a session is answered now, before its body: nobody unpaired
            // makes the panel hold a body in memory.
            let bare = AdminRequest(method: method, path: url, query: [:], headers: headers, body: [], overHotspot: upload.overHotspot)
            if let refusal = router.refusalBeforeBody(bare) {
                upload.answered = true
                return send(connection, refusal, method: method, url: url)
            }
            if let length = headers["content-length"].flatMap({ Int($0) }), length > limit {
                upload.answered = true
                return send(connection, .error(413, "the body is over \(limit >> 10) KiB"), method: method, url: url)
            }
            return .YES
        }
        let upload = Unmanaged<Upload>.fromOpaque(stored).takeUnretainedValue()
        if upload.answered {
            size.pointee = 0
            return .YES
        }
        if size.pointee > 0 {
            // Counted as it arrives, and nothing kept past the limit. libmicrohttpd cannot answer in the middle of a
            // body, so the rest of a chunked one is read and dropped and 413 goes out at its end; a client that
            // sends more than a megabyte past the limit is cut off instead.
            let count = size.pointee
            size.pointee = 0
            upload.received += count
            if upload.tooLarge || upload.received > upload.limit {
                upload.tooLarge = true
                upload.body = []
                return upload.received > upload.limit + (1 << 20) ? .NO : .YES
            }
            if let data {
                data.withMemoryRebound(to: UInt8.self, capacity: count) { upload.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count)) }
            }
            return .YES
        }
        if upload.tooLarge {
            return send(connection, .error(413, "the body is over \(upload.limit >> 10) KiB"), method: method, url: url)
        }
        let headers = values(connection, .HEADER_KIND)
        let request = AdminRequest(method: method, path: url, query: values(connection, .GET_ARGUMENT_KIND),
                                   headers: headers, body: upload.body, overHotspot: upload.overHotspot)
        return send(connection, router.respond(to: request), method: method, url: url)
    }

    /// Whether the connection came over the panel's hotspot: the kernel's addresses for its socket first (no file
    /// is read for a phone on the home network), then the kiosk's word that the hotspot is up.
    func overHotspot(_ connection: OpaquePointer) -> Bool {
        guard let link = AdminHotspot.addresses(socket: lectern_mhd_connection_fd(connection)),
              AdminHotspot.isHotspotLink(local: link.local, client: link.client) else { return false }
        return AdminHotspot.isUp(router.context.wifiStatus())
    }

    func send(_ connection: OpaquePointer, _ answer: AdminResponse, method: String, url: String) -> MHD_Result {
        var answer = answer
        if answer.header("Cache-Control") == nil { answer.headers += AdminResponse.commonHeaders }
        let response = answer.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let response else { return .NO }
        defer { MHD_destroy_response(response) }
        for (name, value) in answer.headers { _ = MHD_add_response_header(response, name, value) }
        if answer.status >= 500 { log("\(method) \(url.prefix(200)) \(answer.status)") }
        return MHD_queue_response(connection, UInt32(answer.status), response)
    }

    /// A connection's headers (names lower-cased) or its query arguments.
    func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [String: String] {
        var found: [String: String] = [:]
        withUnsafeMutablePointer(to: &found) { pointer in
            _ = MHD_get_connection_values(connection, kind, { context, _, key, value in
                guard let context, let key else { return MHD_Result.YES }
                let found = context.assumingMemoryBound(to: [String: String].self)
                found.pointee[String(cString: key).lowercased()] = value.map { String(cString: $0) } ?? ""
                return .YES
            }, pointer)
        }
        return found
    }

    func finished(_ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) {
        guard let state, let stored = state.pointee else { return }
        let upload = Unmanaged<Upload>.fromOpaque(stored)
        let large = upload.takeUnretainedValue().body.count > Self.largeBody
        upload.release()
        state.pointee = nil
        // The page idles for days between a phone's visits: what an OPML upload took goes back to the system
        // now, not when the heap next happens to shrink.
        if large { _ = malloc_trim(0) }
    }

    /// A body past which the heap is trimmed once the request is done.
    static let largeBody = 64 << 10
}

private func adminAccessHandler(context: UnsafeMutableRawPointer?, connection: OpaquePointer?, url: UnsafePointer<CChar>?,
                                method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?, data: UnsafePointer<CChar>?,
                                size: UnsafeMutablePointer<Int>?, state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> MHD_Result {
    guard let context, let connection, let url, let method, let size, let state else { return .NO }
    let server = Unmanaged<AdminServer>.fromOpaque(context).takeUnretainedValue()
    return server.handle(connection, url: String(cString: url), method: String(cString: method), data: data, size: size, state: state)
}

private func adminRequestCompleted(context: UnsafeMutableRawPointer?, connection: OpaquePointer?,
                                   state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, reason: MHD_RequestTerminationCode) {
    guard let context else { return }
    Unmanaged<AdminServer>.fromOpaque(context).takeUnretainedValue().finished(state)
}

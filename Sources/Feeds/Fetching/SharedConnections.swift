import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// What a run of fetches shares so that refreshing fifty feeds does not open fifty connections: libcurl's
/// connection cache (a connection is kept alive after its transfer and taken again by the next fetch from the
/// same host and port), its DNS answers, and its TLS sessions (a new connection to a host seen before resumes
/// the session instead of a full handshake). A refresher's worker fetches one feed at a time through one share,
/// so however many of a host's feeds are due, the host sees one connection.
///
/// Any thread may fetch through a share: libcurl takes each kind of shared data under the lock callbacks
/// below, one pthread mutex per kind. Idle connections stay open while the share lives; curl drops one the
/// server has closed, or one idle for longer than its maximum age (about two minutes), when it would take it
/// again. Freeing the share closes them all.
public final class SharedConnections: @unchecked Sendable {
    /// The curl share handle; set on every easy handle fetching through this share.
    let handle: UnsafeMutableRawPointer
    /// One mutex per `curl_lock_data` kind, indexed by its raw value.
    private let locks: UnsafeMutablePointer<pthread_mutex_t>
    private static let lockCount = Int(CURL_LOCK_DATA_LAST.rawValue)

    /// Nil when libcurl cannot make a share (out of memory, or its global set-up failed): fetch without one.
    public init?() {
        guard curlGlobalInit == CURLE_OK, let handle = curl_share_init() else { return nil }
        self.handle = handle
        locks = .allocate(capacity: Self.lockCount)
        for index in 0..<Self.lockCount { pthread_mutex_init(locks + index, nil) }
        let context = Unmanaged.passUnretained(self).toOpaque()
        var result = lectern_curl_share_setopt_pointer(handle, CURLSHOPT_USERDATA, context)
        func set(_ code: CURLSHcode) { if result == CURLSHE_OK { result = code } }
        set(lectern_curl_share_setopt_lock(handle, shareLock))
        set(lectern_curl_share_setopt_unlock(handle, shareUnlock))
        for data in [CURL_LOCK_DATA_CONNECT, CURL_LOCK_DATA_DNS, CURL_LOCK_DATA_SSL_SESSION] {
            set(lectern_curl_share_setopt_long(handle, CURLSHOPT_SHARE, Int(data.rawValue)))
        }
        guard result == CURLSHE_OK else {
            curl_share_cleanup(handle)
            for index in 0..<Self.lockCount { pthread_mutex_destroy(locks + index) }
            locks.deallocate()
            return nil
        }
    }

    /// Runs when the last fetcher holding the share is gone, so no easy handle uses it any more (a fetch frees
    /// its handle before returning, and holds the share while it runs).
    deinit {
        curl_share_cleanup(handle)
        for index in 0..<Self.lockCount { pthread_mutex_destroy(locks + index) }
        locks.deallocate()
    }

    fileprivate func lock(_ data: curl_lock_data) {
        let index = Int(data.rawValue)
        if index >= 0, index < Self.lockCount { pthread_mutex_lock(locks + index) }
    }

    fileprivate func unlock(_ data: curl_lock_data) {
        let index = Int(data.rawValue)
        if index >= 0, index < Self.lockCount { pthread_mutex_unlock(locks + index) }
    }
}

/// Shared and exclusive access are both taken as exclusive: the critical sections are a few pointer moves.
private let shareLock: lectern_curl_lock_callback = { _, data, _, context in
    guard let context else { return }
    Unmanaged<SharedConnections>.fromOpaque(context).takeUnretainedValue().lock(data)
}

private let shareUnlock: lectern_curl_unlock_callback = { _, data, context in
    guard let context else { return }
    Unmanaged<SharedConnections>.fromOpaque(context).takeUnretainedValue().unlock(data)
}

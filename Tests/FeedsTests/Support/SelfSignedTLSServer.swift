#if canImport(Glibc)
import LoopbackServer
import Glibc
#endif
import System

/// Python's http.server behind TLS with a self-signed certificate `openssl req` makes in a temporary directory:
/// the fetcher must refuse it. When openssl or python3 is missing, `start()` prints why and returns nil.
final class SelfSignedTLSServer {
    let port: UInt16
    private let pid: pid_t
    private let directory: String

    private static let script = """
        import http.server, ssl, sys
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")
            def log_message(self, *args):
                pass
        server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[1], sys.argv[2])
        server.socket = context.wrap_socket(server.socket, server_side=True)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    private init(port: UInt16, pid: pid_t, directory: String) {
        self.port = port
        self.pid = pid
        self.directory = directory
    }

    static func start() throws -> SelfSignedTLSServer? {
        for tool in ["openssl", "python3"] where !onPath(tool) {
            print("skipping the TLS test: \(tool) is not installed")
            return nil
        }
        let base = getenv("TMPDIR").map { String(cString: UnsafePointer($0)) } ?? "/tmp"
        var template = Array((base + "/lectern-tls-XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else { throw SystemCallError("mkdtemp") }
        let directory = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let (certificate, key) = (directory + "/cert.pem", directory + "/key.pem")
        let made = try spawn(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                              "-nodes", "-keyout", key, "-out", certificate, "-days", "1", "-subj", "/CN=127.0.0.1"],
                             stdout: nil)
        guard wait(made) == 0 else {
            remove(directory)
            print("skipping the TLS test: openssl req failed")
            return nil
        }
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else { throw SystemCallError("pipe") }
        // The read end stays out of the child (its write end is dup2'd onto stdout, then closed here).
        _ = fcntl(pipeFDs[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeFDs[1], F_SETFD, FD_CLOEXEC)
        let python: pid_t
        do {
            python = try spawn(["python3", "-c", script, certificate, key], stdout: pipeFDs[1])
        } catch {
            close(pipeFDs[0]); close(pipeFDs[1]); remove(directory)
            throw error
        }
        close(pipeFDs[1])
        defer { close(pipeFDs[0]) }
        // The port arrives on the first line; give python a few seconds to start.
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while !line.contains(10) {
            var ready = pollfd(fd: pipeFDs[0], events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 10_000) == 1, read(pipeFDs[0], &byte, 1) == 1 else { break }
            line.append(byte)
        }
        guard let port = UInt16(String(decoding: line.filter { $0 != 10 }, as: UTF8.self)) else {
            kill(python, SIGKILL)
            _ = wait(python)
            remove(directory)
            print("skipping the TLS test: python3 did not start an https server")
            return nil
        }
        return SelfSignedTLSServer(port: port, pid: python, directory: directory)
    }

    func stop() {
        kill(pid, SIGKILL)
        _ = Self.wait(pid)
        Self.remove(directory)
    }

    private static func onPath(_ tool: String) -> Bool {
        let path = getenv("PATH").map { String(cString: UnsafePointer($0)) } ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { access("\($0)/\(tool)", X_OK) == 0 }
    }

    /// Starts `arguments` (looked up on PATH) with stdout to `stdout` (else /dev/null) and stderr to /dev/null.
    private static func spawn(_ arguments: [String], stdout: Int32?) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdout {
            posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The test runner's threads block most signals and a child inherits that mask: give it a clean one.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        sigaddset(&signals, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard result == 0 else { throw SystemCallError("posix_spawnp \(arguments[0])", errno: result) }
        return pid
    }

    private static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status
    }

    private static func remove(_ directory: String) {
        unlink(directory + "/cert.pem")
        unlink(directory + "/key.pem")
        rmdir(directory)
    }
}

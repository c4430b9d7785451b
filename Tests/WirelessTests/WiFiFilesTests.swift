import Testing
#if canImport(Glibc)
import Glibc
#endif
import System
@testable import Wireless

@Suite struct WiFiFilesTests {
    @Test func theStatusFileReadsBackAsWritten() throws {
        var status = WiFiStatus()
        status.radio = true
        status.step = .connected
        status.network = "Home"
        status.address = "192.168.50.23"
        status.signal = -52
        status.networks = [.init(name: "Home", signal: -42, security: "psk", known: true),
                           .init(name: "Caf\u{e9} \"open\"", signal: -80, security: "open", known: false)]
        status.known = ["Home"]
        status.outcome = .init(network: "Home", result: .wrongPassword, at: 1_764_300_000)
        let text = status.json(updated: 1_764_300_100).text
        #expect(text.contains(#""step":"connected""#) && text.contains(#""result":"wrong-password""#))
        #expect(WiFiStatus(reading: Array(text.utf8)) == status)
        #expect(WiFiStatus(reading: Array(WiFiStatus().json(updated: 5).text.utf8)) == WiFiStatus())
        #expect(WiFiStatus(reading: Array(#"{"radio": true, "step": "dancing"}"#.utf8)) == nil)
        #expect(WiFiStatus(reading: Array("not json".utf8)) == nil)
    }

    @Test func aRequestIsTakenOnceAndKeptFromOthers() throws {
        let directory = try TemporaryFolder.make(prefix: "lectern-wifi")
        try WiFiRequest.join(network: "Home", password: "correct horse", hidden: false).leave(directory: directory)
        var info = stat()
        #expect(stat(directory + "/wifi.request", &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(WiFiRequest.take(directory: directory) == .join(network: "Home", password: "correct horse", hidden: false))
        #expect(WiFiRequest.take(directory: directory) == nil)
        for request in [WiFiRequest.hotspot, .cancel, .forget(network: "Home"), .join(network: "Attic", password: "", hidden: true)] {
            #expect(WiFiRequest(reading: Array(request.json.text.utf8)) == request)
        }
        // What iwd would refuse is refused here, with the field named.
        #expect(WiFiRequest.problem(network: "Home", password: "short")?.hasPrefix("password") == true)
        #expect(WiFiRequest.problem(network: String(repeating: "x", count: 33), password: "")?.hasPrefix("network") == true)
        #expect(WiFiRequest(reading: Array(#"{"action":"join","network":"Home","password":"short"}"#.utf8)) == nil)
        #expect(WiFiRequest(reading: Array(#"{"action":"reboot"}"#.utf8)) == nil)
    }
}

import Testing
#if canImport(Glibc)
import Glibc
#endif
import Admin
import Feeds
import Pairing
import System
import Wireless

/// `/api/wifi`: what the kiosk wrote, given back; a join or a forget left for the kiosk as `wifi.request`.
@Suite struct AdminWiFiTests {
    func hotspotStatus() -> WiFiStatus {
        var status = WiFiStatus()
        status.radio = true
        status.step = .hotspot
        status.address = Hotspot.address
        status.hotspot = "Lectern-7F3A"
        status.phones = 1
        status.networks = [WiFiStatus.Network(name: "Home", signal: -42, security: "psk", known: false),
                           WiFiStatus.Network(name: "Café", signal: -70, security: "open", known: false)]
        status.outcome = WiFiStatus.Outcome(network: "Home", result: .wrongPassword, at: 1_799_999_990)
        return status
    }

    /// The request the kiosk would take, and the file's mode.
    func leftRequest(_ harness: Harness) throws -> (WiFiRequest?, UInt32) {
        let path = harness.state + "/" + WiFiRequest.fileName
        var info = stat()
        #expect(stat(path, &info) == 0, "no wifi.request")
        return (WiFiRequest(reading: try AtomicFile.read(path)), UInt32(info.st_mode) & 0o777)
    }

    @Test func getGivesTheKiosksStateOrNoRadio() throws {
        let harness = try Harness()
        let phone = try harness.pairPhone()
        let none = harness.asPhone(phone, "GET", "/api/wifi")
        #expect(none.status == 200 && none.text == "{\"radio\":false}" && none.header("Content-Type") == "application/json")
        let status = hotspotStatus()
        try harness.writeWiFiState(status, updated: 1_800_000_007)
        let answer = harness.asPhone(phone, "GET", "/api/wifi")
        #expect(answer.status == 200)
        #expect(answer.text == status.json(updated: 1_800_000_007).text, "as the kiosk wrote it")
        #expect(answer.json?["networks"]?.array?.first?["ssid"]?.string == "Home")
        #expect(answer.json?["outcome"]?["result"]?.string == "wrong-password")
        // A damaged file is no Wi-Fi.
        try AtomicFile.write(Array("{not json".utf8), to: harness.state + "/" + WiFiStatus.fileName, durable: false)
        #expect(harness.asPhone(phone, "GET", "/api/wifi").text == "{\"radio\":false}")
        // Like every API path, a session first.
        #expect(harness.request("GET", "/api/wifi").status == 401)
    }

    @Test func postLeavesAJoinForTheKioskReadableByTheServiceAlone() throws {
        let harness = try Harness()
        let phone = try harness.pairPhone()
        try harness.writeWiFiState(hotspotStatus())
        let answer = harness.asPhone(phone, "POST", "/api/wifi", body: "{\"network\": \"Home\", \"password\": \"correct horse\", \"hidden\": false}",
                                     overHotspot: true)
        #expect(answer.status == 202)
        #expect(answer.text == "{\"network\":\"Home\",\"state\":\"joining\"}")
        let (request, mode) = try leftRequest(harness)
        #expect(request == .join(network: "Home", password: "correct horse", hidden: false))
        #expect(mode == 0o600)
        #expect(try AtomicFile.read(harness.state + "/" + WiFiRequest.fileName)
                == Array("{\"action\":\"join\",\"network\":\"Home\",\"password\":\"correct horse\",\"hidden\":false}".utf8))
        // The password is never given back.
        #expect(!answer.text.contains("correct horse") && !harness.asPhone(phone, "GET", "/api/wifi").text.contains("correct horse"))
        // An open network, and a hidden one; a newer request replaces the one waiting.
        #expect(harness.asPhone(phone, "POST", "/api/wifi", body: "{\"network\": \"Café\"}").status == 202)
        #expect(try leftRequest(harness).0 == .join(network: "Café", password: "", hidden: false))
        #expect(harness.asPhone(phone, "POST", "/api/wifi", body: "{\"network\": \"Attic\", \"password\": \"12345678\", \"hidden\": true}").status == 202)
        #expect(try leftRequest(harness).0 == .join(network: "Attic", password: "12345678", hidden: true))
    }

    @Test func aBadJoinIs400NamingTheFieldAndNoRadioIs409() throws {
        let harness = try Harness()
        let phone = try harness.pairPhone()
        try harness.writeWiFiState(hotspotStatus())
        let cases: [(String, String)] = [
            ("{}", "network"), ("{\"network\": \"\"}", "network"), ("{\"network\": 12}", "network"),
            ("{\"network\": \"\(String(repeating: "x", count: 33))\"}", "network"),
            ("{\"network\": \"Home\", \"password\": \"short\"}", "password"),
            ("{\"network\": \"Home\", \"password\": \"\(String(repeating: "p", count: 64))\"}", "password"),
            ("{\"network\": \"Home\", \"password\": 12345678}", "password"),
            ("{\"network\": \"Home\", \"password\": \"tab\\there-1234\"}", "password"),
            ("{\"network\": \"Home\", \"hidden\": \"yes\"}", "hidden"),
        ]
        for (body, field) in cases {
            let answer = harness.asPhone(phone, "POST", "/api/wifi", body: body)
            #expect(answer.status == 400, "\(body)")
            #expect(answer.json?["field"]?.string == field, "\(body)")
            #expect(answer.json?["error"]?.string?.hasPrefix(field) == true, "\(body)")
        }
        #expect(harness.asPhone(phone, "POST", "/api/wifi", body: "not json").status == 400)
        #expect(harness.asPhone(phone, "POST", "/api/wifi", body: "[]").status == 400)
        // A write needs the page's token, as every write does.
        #expect(harness.request("POST", "/api/wifi", body: "{\"network\": \"Home\"}", headers: ["cookie": phone.cookie]).status == 403)
        var noRadio = WiFiStatus()
        noRadio.radio = false
        try harness.writeWiFiState(noRadio)
        #expect(harness.asPhone(phone, "POST", "/api/wifi", body: "{\"network\": \"Home\", \"password\": \"correct horse\"}").status == 409)
        #expect(harness.asPhone(phone, "DELETE", "/api/wifi", query: ["network": "Home"]).status == 409)
        _ = unlink(harness.state + "/" + WiFiStatus.fileName)
        #expect(harness.asPhone(phone, "POST", "/api/wifi", body: "{\"network\": \"Home\", \"password\": \"correct horse\"}").status == 409)
        var info = stat()
        #expect(stat(harness.state + "/" + WiFiRequest.fileName, &info) != 0, "nothing was left for the kiosk")
        #expect(harness.asPhone(phone, "PUT", "/api/wifi", body: "{}").status == 405)
    }

    @Test func deleteLeavesAForget() throws {
        let harness = try Harness()
        let phone = try harness.pairPhone()
        var status = WiFiStatus()
        status.radio = true
        status.step = .connected
        status.network = "Home"
        status.address = "192.168.50.23"
        status.signal = -52
        try harness.writeWiFiState(status)
        let answer = harness.asPhone(phone, "DELETE", "/api/wifi", query: ["network": "Home"])
        #expect(answer.status == 204 && answer.body.isEmpty)
        let (request, mode) = try leftRequest(harness)
        #expect(request == .forget(network: "Home") && mode == 0o600)
        #expect(harness.asPhone(phone, "DELETE", "/api/wifi").json?["field"]?.string == "network")
        #expect(harness.asPhone(phone, "DELETE", "/api/wifi", query: ["network": ""]).status == 400)
        #expect(harness.request("DELETE", "/api/wifi", headers: ["cookie": phone.cookie], query: ["network": "Home"]).status == 403)
    }

    @Test func thePageHasWiFiFirstOverTheHotspotAndWhereThereIsARadio() throws {
        let harness = try Harness()
        let phone = try harness.pairPhone()
        let plain = harness.asPhone(phone, "GET", "/").text
        #expect(plain.contains("<section id=\"wifi-section\" hidden>") && !plain.contains("data-hotspot"))
        let over = harness.request("GET", "/", headers: ["host": "10.42.0.1"], overHotspot: true).text
        #expect(over.contains("<body data-hotspot=\"1\">") && over.contains("<section id=\"wifi-section\">"))
        for id in ["wifi-network", "wifi-hidden-name", "wifi-password", "wifi-join", "wifi-status", "wifi-forget"] {
            #expect(over.contains("id=\"\(id)\""), "\(id)")
        }
        // Every input has its label.
        for id in ["wifi-network", "wifi-hidden-name", "wifi-password"] { #expect(over.contains("<label for=\"\(id)\">"), "\(id)") }
        #expect(over.contains("Other (hidden) network…"))
        // First among the sections a paired phone sees.
        let wifi = try #require(over.firstRange(of: "id=\"wifi-section\"")), feeds = try #require(over.firstRange(of: "id=\"feeds-section\""))
        #expect(wifi.lowerBound < feeds.lowerBound)
        try harness.writeWiFiState(hotspotStatus())
        #expect(harness.asPhone(phone, "GET", "/").text.contains("<section id=\"wifi-section\">"))
        #expect(over.utf8.count < 100_000)
    }
}

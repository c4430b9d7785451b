import Feeds
import Wireless

/// The panel's Wi-Fi from the phone. `lectern admin` never talks to the radio: it reads what the kiosk wrote
/// (`wifi.state`) and leaves the kiosk a request (`wifi.request`), which the kiosk takes and carries out.
extension AdminRouter {
    /// Over the hotspot, any name but the panel's is sent to the set-up page: a phone's captive-portal probe
    /// (`/generate_204`, `/hotspot-detect.html`, `/connecttest.txt`) then opens it by itself. Never cached, or
    /// the phone would keep sending its probes to 10.42.0.1 on the next network.
    static let toSetUpPage = AdminResponse(status: 302, headers: [("Location", Hotspot.pageAddress)] + AdminResponse.commonHeaders)

    /// `GET /api/wifi`: `wifi.state` as the kiosk wrote it (there is nothing secret in it), or `{"radio": false}`
    /// when it wrote none.
    func wifi() -> AdminResponse {
        let file = context.wifiFile()
        guard let status = file.status else { return .json(200, .object([("radio", false)])) }
        return .json(200, status.json(updated: file.updated))
    }

    /// `POST /api/wifi {"network", "password", "hidden"}`: asks the kiosk to join a network. 202: asked, not
    /// done; the outcome shows in `GET /api/wifi` (over the hotspot, once the phone is back on it after a failure).
    func joinWiFi(_ request: AdminRequest) throws -> AdminResponse {
        let body: JSONDocument
        switch jsonObject(request) {
        case .success(let document): body = document
        case .failure(let response): return response
        }
        guard let network = body["network"]?.string else {
            return Self.wifiRefusal("network", "network: the Wi-Fi network's name, as text")
        }
        let password: String
        switch body["password"] {
        case nil, .null?: password = ""
        case .string(let text)?: password = text
        default: return Self.wifiRefusal("password", "password: the network's password as text (empty for an open network)")
        }
        let hidden: Bool
        switch body["hidden"] {
        case nil, .null?: hidden = false
        case .bool(let value)?: hidden = value
        default: return Self.wifiRefusal("hidden", "hidden: true or false")
        }
        if let problem = WiFiRequest.problem(network: network, password: password) {
            return Self.wifiRefusal(String(problem.prefix { $0 != ":" }), problem)
        }
        guard context.wifiStatus()?.radio == true else { return Self.noRadio }
        try WiFiRequest.join(network: network, password: password, hidden: hidden).leave(directory: context.stateDirectory)
        return .json(202, .object([("network", .string(network)), ("state", "joining")]))
    }

    /// `DELETE /api/wifi?network=NAME`: the panel forgets the network's password (and leaves it if it is on it).
    func forgetWiFi(_ request: AdminRequest) throws -> AdminResponse {
        guard let network = request.query["network"], !network.isEmpty, network.utf8.count <= 32 else {
            return Self.wifiRefusal("network", "network: name the network to forget (?network=NAME, 1 to 32 bytes)")
        }
        guard context.wifiStatus()?.radio == true else { return Self.noRadio }
        try WiFiRequest.forget(network: network).leave(directory: context.stateDirectory)
        return .noContent()
    }

    /// A 400 that names the field, as a refused setting names its key.
    static func wifiRefusal(_ field: String, _ message: String) -> AdminResponse {
        .error(400, message, [("field", .string(field))])
    }

    static let noRadio = AdminResponse.error(409, "this panel has no Wi-Fi (no radio, or iwd is not running)")
}

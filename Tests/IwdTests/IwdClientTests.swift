import Testing
import Platform
@testable import Iwd

/// The client against a fake iwd replaying iwd 2.3's side of the conversation, in the shapes iwd sends: every value
/// asserted here went through sd-bus as a real message, both ways.
@Suite(.serialized) struct IwdClientTests {
    @Test func discoversTheDeviceTheScanAndTheKnownNetworks() throws {
        let world = try IwdTestWorld()
        try world.discovered()
        let client = world.client
        #expect(client.device == IwdDevice(path: FakeIwd.device, name: "wlan0", mode: "station", powered: true))
        #expect(client.station == IwdStation(state: "disconnected", connectedNetwork: nil, scanning: false))
        #expect(client.networks == [
            IwdNetwork(path: FakeIwd.home, name: "Home", signal: -42, type: "psk", known: false, connected: false),
            IwdNetwork(path: FakeIwd.lab, name: "Lab", signal: -71, type: "psk", known: true, connected: false),
            IwdNetwork(path: FakeIwd.cafe, name: "Café", signal: -80, type: "open", known: false, connected: false),
        ])
        #expect(client.knownNetworks == [
            IwdKnownNetwork(path: FakeIwd.knownAttic, name: "Attic", type: "psk", hidden: true),
            IwdKnownNetwork(path: FakeIwd.knownLab, name: "Lab", type: "psk", hidden: false),
        ])
        #expect(client.accessPoint == nil)
        let register = world.fake.calls("RegisterAgent")
        #expect(register.count == 1)
        #expect(register.first?.path == "/net/connman/iwd")
        #expect(register.first?.arguments == [.objectPath("/org/lectern/agent")])
        #expect(world.fake.calls("GetOrderedNetworks").first?.path == FakeIwd.device)
        #expect(world.changes > 0)
    }

    @Test func aScanRefreshesTheNetworksWhenScanningEnds() throws {
        let world = try IwdTestWorld()
        try world.discovered()
        let fake = world.fake
        fake.handlers["net.connman.iwd.Station.Scan"] = { call, _ in
            fake.reply(to: call)
            fake.propertiesChanged(FakeIwd.device, "net.connman.iwd.Station", [("Scanning", .boolean(true))])
        }
        #expect(try world.outcome { world.client.scan(completion: $0) } == .ok)
        try world.run { world.client.station?.scanning == true }
        #expect(fake.calls("GetOrderedNetworks").count == 1)

        // The scan found the hidden-no-more Attic and lost the café; the lab came closer.
        fake.interfacesAdded("/net/connman/iwd/0/4/4174746963_psk", [("net.connman.iwd.Network", [
            ("Name", .string("Attic")), ("Connected", .boolean(false)), ("Device", .objectPath(FakeIwd.device)),
            ("Type", .string("psk")), ("KnownNetwork", .objectPath(FakeIwd.knownAttic)),
        ])])
        fake.interfacesRemoved(FakeIwd.cafe, ["net.connman.iwd.Network"])
        fake.ordered = [(FakeIwd.lab, -5000), ("/net/connman/iwd/0/4/4174746963_psk", -5599), (FakeIwd.home, -6000)]
        fake.propertiesChanged(FakeIwd.device, "net.connman.iwd.Station", [("Scanning", .boolean(false))])
        try world.run { world.client.networks.first?.name == "Lab" }
        #expect(fake.calls("GetOrderedNetworks").count == 2)
        #expect(world.client.networks.map(\.name) == ["Lab", "Attic", "Home"])
        #expect(world.client.networks.map(\.signal) == [-50, -55, -60])
        #expect(world.client.networks.map(\.known) == [true, true, false])
        #expect(world.client.station?.scanning == false)
    }

    @Test func connectHandsTheAgentThePassphraseWhileTheJoinIsPending() throws {
        let world = try IwdTestWorld()
        try world.discovered()
        let fake = world.fake
        var events: [String] = []
        fake.handlers["net.connman.iwd.Network.Connect"] = { call, received in
            events.append("connect \(received.path)")
            // iwd asks while the client's Connect is still unanswered; the join goes on once it has the answer.
            fake.propertiesChanged(FakeIwd.device, "net.connman.iwd.Station", [("State", .string("connecting")),
                                                                             ("ConnectedNetwork", .objectPath(FakeIwd.home))])
            fake.requestPassphrase(for: FakeIwd.home) { answer in
                events.append("agent \(answer)")
                fake.propertiesChanged(FakeIwd.home, "net.connman.iwd.Network", [("Connected", .boolean(true))])
                fake.propertiesChanged(FakeIwd.device, "net.connman.iwd.Station", [("State", .string("connected"))])
                fake.reply(to: call)
            }
        }
        let outcome = try world.outcome { completion in
            world.client.connect(network: "Home", passphrase: "correct horse") { error in
                events.append("completed")
                completion(error)
            }
        }
        #expect(outcome == .ok)
        #expect(events == ["connect \(FakeIwd.home)", "agent success(\"correct horse\")", "completed"])
        try world.run { world.client.station?.state == "connected" }
        #expect(world.client.station == IwdStation(state: "connected", connectedNetwork: "Home", scanning: false))
        #expect(world.client.networks.first(where: { $0.name == "Home" })?.connected == true)
        #expect(world.client.join == nil)
    }

    @Test func aWrongPasswordIsFailedAndTheAgentThenRefuses() throws {
        let world = try IwdTestWorld()
        try world.discovered()
        let fake = world.fake
        var answers: [Result<String, FakeIwd.AgentRefusal>] = []
        fake.handlers["net.connman.iwd.Network.Connect"] = { call, _ in
            fake.requestPassphrase(for: FakeIwd.home) { answer in
                answers.append(answer)
                // The handshake times out (deauthentication reason 15): iwd answers Failed.
                fake.fail(call, "net.connman.iwd.Failed", "Operation failed")
            }
        }
        #expect(try world.outcome { world.client.connect(network: "Home", passphrase: "wrong horse", completion: $0) }
                == .failed(.failed))
        #expect(answers == [.success("wrong horse")])

        // With no join in progress (an autoconnect asking, say), the agent says Canceled, not an old passphrase.
        fake.requestPassphrase(for: FakeIwd.home) { answers.append($0) }
        try world.run { answers.count == 2 }
        #expect(answers.last == .failure(FakeIwd.AgentRefusal(name: "net.connman.iwd.Agent.Error.Canceled")))
    }

    @Test func theAgentOnlyAnswersForTheNetworkBeingJoined() throws {
        let world = try IwdTestWorld()
        try world.discovered()
        let fake = world.fake
        var answers: [Result<String, FakeIwd.AgentRefusal>] = []
        fake.handlers["net.connman.iwd.Network.Connect"] = { call, _ in
            fake.requestPassphrase(for: FakeIwd.lab) { answer in
                answers.append(answer)
                fake.fail(call, "net.connman.iwd.Aborted", "Operation aborted")
            }
        }
        #expect(try world.outcome { world.client.connect(network: "Home", passphrase: "secret123", completion: $0) }
                == .failed(.aborted))
        #expect(answers == [.failure(FakeIwd.AgentRefusal(name: "net.connman.iwd.Agent.Error.Canceled"))])
    }

    @Test func aHiddenNetworkThatIsNotThereIsNotFound() throws {
        let world = try IwdTestWorld()
        try world.discovered()
        let fake = world.fake
        fake.handlers["net.connman.iwd.Station.ConnectHiddenNetwork"] = { call, _ in
            fake.fail(call, "net.connman.iwd.NotFound", "Object not found")
        }
        #expect(try world.outcome { world.client.connectHidden(network: "Nowhere", passphrase: "secret123", completion: $0) }
                == .failed(.notFound))
        let hidden = fake.calls("ConnectHiddenNetwork")
        #expect(hidden.map(\.path) == [FakeIwd.device])
        #expect(hidden.first?.arguments == [.string("Nowhere")])
        // A network the scan never saw is not found without asking iwd.
        #expect(try world.outcome { world.client.connect(network: "Nowhere", passphrase: nil, completion: $0) }
                == .failed(.notFound))
        #expect(fake.calls("Connect").isEmpty)
    }

    @Test func theHotspotSwitchesTheModeAndStartsWithThePassphrase() throws {
        let world = try IwdTestWorld()
        try world.discovered()
        let fake = world.fake
        fake.handlers["org.freedesktop.DBus.Properties.Set"] = { call, received in
            guard received.arguments == [.string("net.connman.iwd.Device"), .string("Mode"), .variant(.string("ap"))] else {
                return fake.fail(call, "net.connman.iwd.InvalidArguments", "Argument type is wrong")
            }
            // iwd's order: the station side goes, the access point side comes, then the mode property and the reply.
            fake.interfacesRemoved(FakeIwd.device, ["net.connman.iwd.Station", "net.connman.iwd.StationDiagnostic"])
            fake.interfacesAdded(FakeIwd.device, [("net.connman.iwd.AccessPoint", [("Started", .boolean(false))]),
                                                  ("net.connman.iwd.AccessPointDiagnostic", [])])
            fake.propertiesChanged(FakeIwd.device, "net.connman.iwd.Device", [("Mode", .string("ap"))])
            fake.reply(to: call)
        }
        var started = false
        fake.handlers["net.connman.iwd.AccessPoint.Start"] = { call, received in
            guard !started else { return fake.fail(call, "net.connman.iwd.AlreadyExists", "Object already exists") }
            guard received.arguments == [.string("Lectern-7F3A"), .string("abcd-efgh-jkmn")] else {
                return fake.fail(call, "net.connman.iwd.InvalidArguments", "Argument type is wrong")
            }
            started = true
            fake.propertiesChanged(FakeIwd.device, "net.connman.iwd.AccessPoint", [
                ("Started", .boolean(true)), ("Name", .string("Lectern-7F3A")), ("Frequency", .uint32(2437)),
                ("PairwiseCiphers", .strings(["CCMP"])), ("GroupCipher", .string("CCMP")),
            ])
            fake.reply(to: call)
        }
        fake.handlers["net.connman.iwd.AccessPointDiagnostic.GetDiagnostics"] = { call, _ in
            fake.reply(to: call, .array(element: "a{sv}", [.properties([
                ("Address", .string("02:00:00:00:02:00")), ("RSSI", .int16(-31)), ("AverageRSSI", .int16(-32)),
                ("RxMode", .string("802.11n")), ("RxMCS", .byte(7)), ("TxBitrate", .uint32(650)),
                ("RxBitrate", .uint32(722)), ("ExpectedThroughput", .uint32(52_000)),
            ])]))
        }

        #expect(try world.outcome { world.client.setMode("ap", completion: $0) } == .ok)
        try world.run { world.client.device?.mode == "ap" }
        #expect(world.client.station == nil)
        #expect(world.client.networks.isEmpty)
        #expect(world.client.accessPoint == IwdAccessPoint(started: false, name: nil))
        // The station side is gone: iwd does not know the method any more.
        #expect(try world.outcome { world.client.scan(completion: $0) } == .failed(.notAvailable))

        #expect(try world.outcome { world.client.startAccessPoint(name: "Lectern-7F3A", passphrase: "abcd-efgh-jkmn",
                                                                  completion: $0) } == .ok)
        try world.run { world.client.accessPoint?.started == true }
        #expect(world.client.accessPoint == IwdAccessPoint(started: true, name: "Lectern-7F3A"))
        #expect(fake.calls("Start").first?.arguments == [.string("Lectern-7F3A"), .string("abcd-efgh-jkmn")])
        #expect(try world.complete { world.client.accessPointClients(completion: $0) } == .some(1))
        #expect(try world.outcome { world.client.startAccessPoint(name: "Lectern-7F3A", passphrase: "abcd-efgh-jkmn",
                                                                  completion: $0) } == .failed(.alreadyExists))
    }

    @Test func forgetRemovesTheProfile() throws {
        let world = try IwdTestWorld()
        try world.discovered()
        let fake = world.fake
        fake.handlers["net.connman.iwd.KnownNetwork.Forget"] = { call, received in
            fake.interfacesRemoved(received.path, ["net.connman.iwd.KnownNetwork"])
            fake.reply(to: call)
        }
        #expect(try world.outcome { world.client.forget(network: "Attic", completion: $0) } == .ok)
        #expect(fake.calls("Forget").map(\.path) == [FakeIwd.knownAttic])
        try world.run { world.client.knownNetworks.count == 1 }
        #expect(world.client.knownNetworks.map(\.name) == ["Lab"])
        #expect(try world.outcome { world.client.forget(network: "Attic", completion: $0) } == .failed(.notFound))
        #expect(fake.calls("Forget").count == 1)
    }

    @Test func theSignalComesFromTheStationsDiagnostics() throws {
        let world = try IwdTestWorld()
        try world.discovered()
        let fake = world.fake
        fake.handlers["net.connman.iwd.StationDiagnostic.GetDiagnostics"] = { call, _ in
            fake.reply(to: call, .properties([
                ("ConnectedBss", .string("02:00:00:00:01:00")), ("Frequency", .uint32(2437)),
                ("Security", .string("WPA3-Personal")), ("PairwiseCipher", .string("CCMP")), ("RSSI", .int16(-52)),
                ("AverageRSSI", .int16(-53)), ("TxBitrate", .uint32(540)), ("RxBitrate", .uint32(650)),
                ("ExpectedThroughput", .uint32(38_000)),
            ]))
        }
        #expect(try world.complete { world.client.signal(completion: $0) } == .some(-52))
        fake.handlers["net.connman.iwd.StationDiagnostic.GetDiagnostics"] = { call, _ in
            fake.fail(call, "net.connman.iwd.NotConnected", "Not connected")
        }
        #expect(try world.complete { world.client.signal(completion: $0) } == .some(nil))
    }

    @Test func aRestartedIwdIsDiscoveredAgainAtItsNewPaths() throws {
        let world = try IwdTestWorld()
        try world.discovered()
        let fake = world.fake
        fake.ownerChanged(old: ":1.5", new: "")
        try world.run { world.client.device == nil }
        #expect(world.client.networks.isEmpty)
        #expect(world.client.knownNetworks.isEmpty)

        // iwd re-creates its interfaces at start: the device is /0/9 now, and the scan is empty so far.
        let properties = fake.objects.removeValue(forKey: FakeIwd.device)!
        fake.objects["/net/connman/iwd/0/9"] = properties
        for path in [FakeIwd.home, FakeIwd.lab, FakeIwd.cafe] { fake.objects[path] = nil }
        fake.ordered = []
        fake.ownerChanged(old: "", new: ":1.9")
        try world.run { world.client.device != nil && world.client.agentRegistered }
        #expect(world.client.device?.path == "/net/connman/iwd/0/9")
        #expect(fake.calls("RegisterAgent").count == 2)
        #expect(fake.calls("GetOrderedNetworks").last?.path == "/net/connman/iwd/0/9")
        #expect(world.client.knownNetworks.count == 2)
    }

    @Test func aClosedConnectionEndsPendingCallsAndLaterOnes() throws {
        let world = try IwdTestWorld()
        try world.discovered()
        let fake = world.fake
        var pending: BusMessage?
        fake.handlers["net.connman.iwd.Network.Connect"] = { call, _ in pending = call }
        var outcome: IwdError??
        world.client.connect(network: "Lab", passphrase: nil) { outcome = .some($0) }
        try world.run { pending != nil }
        fake.connection = nil
        pending = nil
        try world.run { outcome != nil }
        #expect(outcome == .some(.busGone))
        #expect(world.client.device == nil)
        #expect(try world.outcome { world.client.scan(completion: $0) } == .failed(.noDevice))
        #expect(try world.outcome { world.client.forget(network: "Lab", completion: $0) } == .failed(.notFound))
    }

    @Test func noDeviceIsSaidWithoutAskingIwd() throws {
        let world = try IwdTestWorld()
        let fake = world.fake
        fake.objects = fake.objects.filter { $0.key == "/net/connman/iwd" }
        fake.ordered = []
        try world.run { world.client.agentRegistered }
        #expect(world.client.device == nil)
        #expect(try world.outcome { world.client.scan(completion: $0) } == .failed(.noDevice))
        #expect(try world.outcome { world.client.setMode("ap", completion: $0) } == .failed(.noDevice))
        #expect(try world.complete { world.client.signal(completion: $0) } == .some(nil))
        #expect(fake.calls.map(\.member) == ["GetManagedObjects", "RegisterAgent"])
    }
}

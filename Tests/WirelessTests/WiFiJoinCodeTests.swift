import Testing
@testable import Wireless

@Suite struct WiFiJoinCodeTests {
    @Test func specialCharactersAreEscapedAndReadBack() {
        let plain = WiFiJoinCode(network: "Lectern-7F3A", passphrase: "q7mw-k2xd-9hpa")
        #expect(plain.text == "WIFI:T:WPA;S:Lectern-7F3A;P:q7mw-k2xd-9hpa;;")
        // Every character ZXing's readers treat specially, in the name and in the passphrase.
        let awkward = WiFiJoinCode(network: "My;Net", passphrase: #"pa:ss\"w,d"#)
        #expect(awkward.text == #"WIFI:T:WPA;S:My\;Net;P:pa\:ss\\\"w\,d;;"#)
        #expect(WiFiJoinCode(reading: awkward.text) == awkward)
        // An unescaped ':' would make "P:" appear inside the name.
        let colon = WiFiJoinCode(network: "TOP:1", passphrase: "secretpass")
        #expect(colon.text == #"WIFI:T:WPA;S:TOP\:1;P:secretpass;;"#)
        #expect(WiFiJoinCode(reading: colon.text)?.network == "TOP:1")
        #expect(WiFiJoinCode(network: "Attic", passphrase: "secretpass", hidden: true).text == "WIFI:T:WPA;S:Attic;P:secretpass;H:true;;")
        #expect(WiFiJoinCode(network: "Cafe", passphrase: nil).text == "WIFI:T:nopass;S:Cafe;;")
        #expect(WiFiJoinCode(reading: "http://10.42.0.1/") == nil)
    }

    @Test func aHotspotIsNamedAndKeyedFromItsRandomBytes() {
        let bytes: [UInt8] = [0x7f, 0x3a] + Array(0..<12)
        let hotspot = Hotspot(random: bytes)
        #expect(hotspot.network == "Lectern-7F3A")
        #expect(hotspot.passphrase == "abcd-efgh-jkmn")
        let other = Hotspot(random: [0, 1] + Array(repeating: 255, count: 12))
        #expect(other.network == "Lectern-0001")
        #expect(other.passphrase.count == 14 && other.passphrase.split(separator: "-").count == 3)
        // What a person reads off the panel needs no escaping in the join code.
        #expect(hotspot.joinCode.text == "WIFI:T:WPA;S:Lectern-7F3A;P:abcd-efgh-jkmn;;")
        #expect(hotspot.passphrase.allSatisfy { !"0o1li".contains($0) })
    }
}

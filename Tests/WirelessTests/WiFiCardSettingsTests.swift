import Testing
@testable import Wireless

@Suite struct WiFiCardSettingsTests {
    @Test func theCardsWiFiKeysAreReadAndTheirMistakesNamed() {
        let text = """
        theme = dark
        wifi-ssid = Home Net   # the flat's
        wifi-password = pa#ss word
          wifi-hidden = on
        wifi-country = de
        """
        let wifi = WiFiCardSettings(reading: text)
        #expect(wifi.network == "Home Net" && wifi.password == "pa#ss word" && wifi.hidden && wifi.country == "DE")
        #expect(wifi.problems.isEmpty)
        #expect(WiFiCardSettings.withoutPassword(text) == "theme = dark\nwifi-ssid = Home Net   # the flat's\n  wifi-hidden = on\nwifi-country = de")
        let bad = WiFiCardSettings(reading: "wifi-ssid = Home\nwifi-password = short\nwifi-country = Germany\nwifi-hidden = maybe\nwifi-colour = red")
        #expect(bad.problems.count == 4)
        #expect(bad.problems.contains { $0.hasPrefix("wifi-password: a WPA password has 8 to 63") })
        #expect(bad.problems.contains { $0.hasPrefix("wifi-country = 'Germany'") })
        #expect(WiFiCardSettings(reading: "wifi-ssid = " + String(repeating: "n", count: 33)).problems.first?.hasPrefix("wifi-ssid: ") == true)
    }

    @Test func iwdProfilesAreNamedAndWrittenAsIwdReadsThem() {
        #expect(IwdProfile.fileName(network: "Home Net_2-G", secured: true) == "Home Net_2-G.psk")
        // Anything else is hex after '=' (iwd.network(5)): "My;Wi" and a non-ASCII name.
        #expect(IwdProfile.fileName(network: "My;Wi", secured: true) == "=4d793b5769.psk")
        #expect(IwdProfile.fileName(network: "Caf\u{e9}", secured: false) == "=436166c3a9.open")
        #expect(IwdProfile.text(passphrase: #" back\slash"#, hidden: true)
            == "[Security]\nPassphrase=\\sback\\\\slash\n\n[Settings]\nAutoConnect=true\nHidden=true\n")
        #expect(IwdProfile.text(passphrase: nil, hidden: false) == "[Settings]\nAutoConnect=true\n")
        #expect(IwdProfile.mainConfiguration(country: "DE").hasSuffix("[General]\nCountry=DE\n"))
    }
}

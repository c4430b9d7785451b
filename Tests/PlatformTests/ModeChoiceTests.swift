import Testing
import Platform

@Suite struct ModeChoiceTests {
    @Test func modesParseWithAndWithoutRefresh() throws {
        let plain = try #require(ModeChoice.parseMode("1280x800"))
        #expect(plain.width == 1280 && plain.height == 800 && plain.refresh == nil)
        let withRate = try #require(ModeChoice.parseMode("720X1280@60"))
        #expect(withRate.width == 720 && withRate.height == 1280 && withRate.refresh == 60)
        for bad in ["", "1280", "1280x", "x800", "0x800", "1280x800@", "1280x800@0", "1280x800@60@1", "axb", "-5x5"] {
            #expect(ModeChoice.parseMode(bad) == nil, "\(bad)")
        }
    }

    private let modes: [(width: Int, height: Int, refresh: Int, preferred: Bool)] = [
        (1920, 1080, 60, false), (1280, 800, 60, true), (1280, 800, 50, false), (800, 480, 60, false),
    ]

    @Test func theConnectorsPreferredModeIsTheDefault() {
        #expect(ModeChoice().pick(from: modes) == 1)
        #expect(ModeChoice().pick(from: [(640, 480, 60, false)]) == 0)
        #expect(ModeChoice().pick(from: []) == nil)
    }

    @Test func anAskedModeIsFoundOrRefused() {
        #expect(ModeChoice(width: 1280, height: 800, refresh: 50).pick(from: modes) == 2)
        #expect(ModeChoice(width: 800, height: 480).pick(from: modes) == 3)
        #expect(ModeChoice(width: 1024, height: 768).pick(from: modes) == nil)
    }
}

import Glibc
import Testing
@testable import Platform

/// The backlight over a folder laid out as sysfs lays out `/sys/class/backlight`: found, dimmed, switched off
/// and given back the brightness it had.
@Suite struct BacklightTests {
    func sysfs(brightness: Int, max: Int) throws -> String {
        var template = Array("/tmp/lectern-backlight-XXXXXX".utf8CString)
        let root = String(cString: mkdtemp(&template)!)
        // sysfs lists each backlight as a link to its device's folder.
        mkdir("\(root)/device", 0o755)
        symlink("\(root)/device", "\(root)/panel")
        try AtomicFile.write(Array("\(max)\n".utf8), to: "\(root)/panel/max_brightness")
        try AtomicFile.write(Array("\(brightness)\n".utf8), to: "\(root)/panel/brightness")
        return root
    }

    @Test func offDimAndOnAgainAtTheBrightnessFound() throws {
        let root = try sysfs(brightness: 180, max: 255)
        let light = try #require(Backlight.first(under: root))
        #expect(light.maxBrightness == 255 && light.onBrightness == 180)
        try light.set(.off)
        #expect(light.brightness == 0)
        try light.set(.dim)
        #expect(light.brightness == 36)
        try light.set(.on)
        #expect(light.brightness == 180)
    }

    @Test func aPanelFoundDarkComesOnAtFullAndNoneIsNil() throws {
        let root = try sysfs(brightness: 0, max: 7)
        let light = try #require(Backlight.first(under: root))
        #expect(light.onBrightness == 7 && light.brightness(for: .dim) == 1)
        #expect(Backlight.first(under: "\(root)/absent") == nil)
    }
}

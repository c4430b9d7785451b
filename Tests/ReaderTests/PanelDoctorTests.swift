import Glibc
import Platform
import Testing
@testable import Reader

/// `lectern doctor` over a machine of the test's own making: each check reads only the paths it is given.
@Suite struct PanelDoctorTests {
    @Test func eachCheckIsOneLineSayingWhatToChangeOnTheCard() throws {
        var template = Array("/tmp/lectern-doctor-XXXXXX".utf8CString)
        let folder = String(cString: mkdtemp(&template)!)
        defer { _ = system("rm -rf '\(folder)'") }
        try AtomicFile.makeDirectory(folder + "/backlight/panel")
        try AtomicFile.write(Array("255\n".utf8), to: folder + "/backlight/panel/max_brightness")
        try AtomicFile.write(Array("128\n".utf8), to: folder + "/backlight/panel/brightness")
        var settings = ReaderSettings()
        settings.touchCalibration = [0, 1, 0, -1, 0, 1]
        settings.rotate = 270
        var doctor = PanelDoctor(settings: settings, stateDirectory: folder, cardFile: "/boot/firmware/lectern.conf")
        doctor.cards = [folder + "/no-card0"]
        doctor.backlights = folder + "/backlight"
        doctor.timeSynchronized = folder + "/synchronized"
        let touchscreen = InputDeviceReport(node: "/dev/input/event3", name: "ft5x06", touchscreen: true, calibration: nil)
        var findings = doctor.findings(inputs: [touchscreen])
        #expect(findings.map(\.topic) == ["display", "touch", "backlight", "clock", "data"])
        #expect(findings[0].line.hasPrefix("fix display: no /dev/dri/card*"))
        #expect(findings[1].line == "ok  touch: /dev/input/event3 ft5x06, touch-calibration 0 1 0 -1 0 1 from the settings; the picture is turned 270°")
        #expect(findings[2].line.hasPrefix("ok  backlight: \(folder)/backlight/panel, brightness 128 of 255"))
        #expect(!findings[3].ok, "no synchronized file: the clock has not been set from the network")
        #expect(findings[4].ok && findings[4].line.hasPrefix("ok  data: \(folder): "))

        try AtomicFile.write([], to: folder + "/synchronized")
        findings = doctor.findings(inputs: [])
        #expect(findings[1].line.hasPrefix("fix touch: no touchscreen (0 input devices)"))
        #expect(findings[3].ok)
        doctor.stateDirectory = folder + "/not-mounted"
        #expect(doctor.findings(inputs: [])[4].line.hasPrefix("fix data: cannot read \(folder)/not-mounted"))
    }
}

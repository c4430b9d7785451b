import Feeds
import Testing
import Touch
@testable import Reader

/// Settings changed from a phone reach the app as `applySettings`: applied as a change on the panel is, the
/// wall's day following the new idle minutes and night, and nothing saved (they are saved already).
@Suite struct AppliedSettingsTests {
    @Test func aPhonesSettingsApplyWithoutBeingSavedAgain() throws {
        let reader = try HeadlessReader.overSamples()
        let app = reader.app
        var saved = 0
        app.onSettingsChange = { _ in saved += 1 }
        try reader.loop.frame(at: 0)
        var settings = app.context.settings
        settings.theme = .dark
        settings.textSize = 21
        settings.idleMinutes = 1
        app.applySettings(settings)
        try reader.loop.frame(at: 0.5)
        #expect(app.screenName == "list" && app.context.settings.theme == .dark && app.context.settings.textSize == 21)
        #expect(saved == 0, "what came from the state directory is not written back")
        // The new idle minute counts: ambient a minute after the last touch (the first frame), not five.
        var time = 0.5
        while time < 61 {
            time = min(61, max(time + 1.0 / 60, reader.loop.needsFrame ? time : (reader.loop.wakeTime ?? 61)))
            try reader.loop.frame(at: time)
        }
        #expect(app.screenName == "ambient")
        // A night from a phone turns the panel off when it comes.
        settings.night = "00:00-23:59"
        app.applySettings(settings)
        try reader.loop.frame(at: 62)
        #expect(app.screenName == "night")
    }
}

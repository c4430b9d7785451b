import CommandLineSupport
import ArgumentParser
import Platform
import Reader

/// `lectern doctor`: the checks that only real hardware can answer, one line each.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor", abstract: "Check the display, touch, backlight, clock and data partition; say what to change on the card.")

    @OptionGroup var reader: ReaderOptions

    func run() throws {
        let environment = ProcessEnvironment.current()
        let state = environment["STATE_DIRECTORY"] ?? "/var/lib/lectern"
        let (settings, problems) = try reader.forgivingSettings(panelDirectory: nil)
        for problem in problems { print("fix settings: \(problem)") }
        let doctor = PanelDoctor(settings: settings, stateDirectory: state,
                                 cardFile: ReaderLaunch.cardDirectory(environment) + "/lectern.conf")
        let findings = doctor.findings()
        for finding in findings { print(finding.line) }
        let wrong = findings.filter { !$0.ok }.count + problems.count
        guard wrong == 0 else { throw CommandFailure("\(wrong) to fix") }
        print("all as Lectern expects")
    }
}

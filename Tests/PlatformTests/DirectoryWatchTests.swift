import Glibc
import Testing
@testable import Platform

/// The state directory's watch: a file finished by a write or renamed in is heard once, by name; other names
/// (a temporary `.partial`, a lock) are passed over; and nothing is heard when nothing happened.
@Suite struct DirectoryWatchTests {
    @Test func hearsFilesFinishedAndRenamedInByNameOnly() throws {
        var template = Array("/tmp/lectern-watch-XXXXXX".utf8CString)
        let folder = String(cString: mkdtemp(&template)!)
        defer { _ = system("rm -rf '\(folder)'") }
        let watch = try DirectoryWatch(directory: folder, names: ["panel.conf", "store.changed"])
        #expect(watch.read() == DirectoryWatch.Batch(), "nothing yet")
        // An atomic write: a .partial file closed, then renamed over the name.
        try AtomicFile.write(Array("theme = dark\n".utf8), to: folder + "/panel.conf")
        // A plain write, and a file nobody asked about.
        // Close-on-exec: a child another test forks meanwhile would hold the file open, and its close be heard late.
        let fd = open(folder + "/store.changed", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        _ = write(fd, "1\n", 2)
        close(fd)
        try AtomicFile.write(Array("x".utf8), to: folder + "/pairing.lock")
        var pfd = pollfd(fd: watch.fd, events: Int16(POLLIN), revents: 0)
        #expect(poll(&pfd, 1, 1000) == 1, "the descriptor wakes a poll")
        #expect(watch.read() == DirectoryWatch.Batch(changed: ["panel.conf", "store.changed"], missedSome: false))
        #expect(watch.read() == DirectoryWatch.Batch(), "drained: heard once")
    }

    @Test func aDirectoryThatIsNotThereIsAnError() {
        #expect(throws: SystemCallError.self) { try DirectoryWatch(directory: "/nonexistent/lectern", names: []) }
    }
}

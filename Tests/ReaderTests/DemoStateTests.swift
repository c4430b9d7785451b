#if canImport(Glibc)
import Glibc
#endif
import Platform
import Testing
@testable import Reader

@Suite struct DemoStateTests {
    private func scratchDirectory() throws -> String {
        var template = Array("/tmp/lectern-state-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return String(cString: try #require(made))
    }

    @Test func theSceneRoundTripsThroughItsFile() throws {
        let file = DemoStateFile(directory: try scratchDirectory())
        #expect(file.path.hasSuffix("/reader.state"))
        #expect(file.load().state == nil && file.load().problem == nil)   // nothing saved yet: no complaint
        try file.save(DemoState(scene: "swipe-rows"))
        #expect(try AtomicFile.read(file.path) == Array("scene=swipe-rows\n".utf8))
        try file.save(DemoState(scene: "article-pager"))
        #expect(file.load().state == DemoState(scene: "article-pager"))
        #expect(file.load().problem == nil)
        #expect(access(file.path + ".partial", F_OK) != 0)
    }

    @Test func garbageIsIgnoredWithOneReason() throws {
        let file = DemoStateFile(directory: try scratchDirectory())
        for junk: [UInt8] in [Array("scene=nowhere\n".utf8), [0xff, 0xfe, 0x00], Array("hello".utf8), [],
                              Array("scene=pull-menu".utf8) + [UInt8](repeating: 32, count: 5000)] {
            try AtomicFile.write(junk, to: file.path)
            let loaded = file.load()
            #expect(loaded.state == nil)
            #expect(loaded.problem?.hasPrefix("ignoring the saved demo state") == true)
        }
        // A directory where the file should be cannot be read: ignored too, with the reason.
        unlink(file.path)
        mkdir(file.path, 0o755)
        #expect(file.load().state == nil && file.load().problem != nil)
    }

    @Test func unknownKeysFromALaterVersionAreSkipped() {
        let state = DemoState(decoding: Array("brightness=40\nscene=circular-refresh\n\n".utf8))
        #expect(state == DemoState(scene: "circular-refresh"))
        #expect(DemoState(decoding: DemoState(scene: "pull-menu").encoded) == DemoState(scene: "pull-menu"))
    }

    @Test func theFirstDemoIsTheRequestedOneElseTheSavedOneElseTheFirst() throws {
        let file = DemoStateFile(directory: try scratchDirectory())
        #expect(file.start(requested: nil) == .init(scene: "pull-menu", restored: false, problems: []))
        try file.save(DemoState(scene: "swipe-rows"))
        #expect(file.start(requested: nil) == .init(scene: "swipe-rows", restored: true, problems: []))
        // --scene wins, and is what the next start without it restores.
        #expect(file.start(requested: "circular-refresh") == .init(scene: "circular-refresh", restored: false, problems: []))
        #expect(file.load().state == DemoState(scene: "circular-refresh"))
        // Garbage: the first demo, and one reason for the log.
        try AtomicFile.write(Array("scene=gone\n".utf8), to: file.path)
        let start = file.start(requested: nil)
        #expect(start.scene == "pull-menu" && !start.restored && start.problems.count == 1)
        // A requested demo replaces the garbage.
        _ = file.start(requested: "article-pager")
        #expect(file.load().state == DemoState(scene: "article-pager"))
    }
}

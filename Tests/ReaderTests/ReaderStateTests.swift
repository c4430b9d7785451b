#if canImport(Glibc)
import Glibc
#endif
import Platform
import Testing
import Reader

@Suite struct ReaderStateTests {
    private func scratchDirectory() throws -> String {
        var template = Array("/tmp/lectern-state-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return String(cString: try #require(made))
    }

    @Test func theSceneRoundTripsThroughItsFile() throws {
        let file = ReaderStateFile(directory: try scratchDirectory())
        #expect(file.path.hasSuffix("/reader.state"))
        #expect(file.load().state == nil && file.load().problem == nil)   // nothing saved yet: no complaint
        try file.save(ReaderState(scene: "swipe-rows"))
        #expect(try AtomicFile.read(file.path) == Array("scene=swipe-rows\n".utf8))
        try file.save(ReaderState(scene: "article-pager"))
        #expect(file.load().state == ReaderState(scene: "article-pager"))
        #expect(file.load().problem == nil)
        #expect(access(file.path + ".partial", F_OK) != 0)
    }

    @Test func garbageIsIgnoredWithOneReason() throws {
        let file = ReaderStateFile(directory: try scratchDirectory())
        for junk: [UInt8] in [Array("scene=nowhere\n".utf8), [0xff, 0xfe, 0x00], Array("hello".utf8), [],
                              Array("scene=pull-menu".utf8) + [UInt8](repeating: 32, count: 5000)] {
            try AtomicFile.write(junk, to: file.path)
            let loaded = file.load()
            #expect(loaded.state == nil)
            #expect(loaded.problem?.hasPrefix("ignoring the saved reader state") == true)
        }
        // A directory where the file should be cannot be read: ignored too, with the reason.
        unlink(file.path)
        mkdir(file.path, 0o755)
        #expect(file.load().state == nil && file.load().problem != nil)
    }

    @Test func unknownKeysFromALaterVersionAreSkipped() {
        let state = ReaderState(decoding: Array("brightness=40\nscene=circular-refresh\n\n".utf8))
        #expect(state == ReaderState(scene: "circular-refresh"))
        #expect(ReaderState(decoding: ReaderState(scene: "pull-menu").encoded) == ReaderState(scene: "pull-menu"))
    }
}

#if canImport(Glibc)
import Glibc
#endif
import Testing
import System

@Suite struct AtomicFileTests {
    private func scratchDirectory() throws -> String { try TemporaryFolder.make(prefix: "lectern-test") }

    @Test func writeThenReadReturnsTheSameBytesAndLeavesNoTemporary() throws {
        let dir = try scratchDirectory()
        let path = dir + "/nested/deeper/state.bin"
        try AtomicFile.makeDirectory(dir + "/nested/deeper")
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try AtomicFile.write(bytes, to: path)
        try AtomicFile.write(bytes, to: path)  // replacing an existing file works too
        #expect(try AtomicFile.read(path) == bytes)
        #expect(access(path + ".partial", F_OK) != 0)
    }

    @Test func missingFileAndOversizedFileAreClearErrors() throws {
        let dir = try scratchDirectory()
        #expect(throws: SystemCallError.self) { try AtomicFile.read(dir + "/absent") }
        try AtomicFile.write([UInt8](repeating: 1, count: 1000), to: dir + "/big")
        let error = #expect(throws: SystemCallError.self) { try AtomicFile.read(dir + "/big", limit: 100) }
        #expect(error?.description.contains("larger than 100 bytes") == true)
    }

    @Test func aCacheWriteReplacesTheFileToo() throws {
        let path = try scratchDirectory() + "/cached.img"
        try AtomicFile.write([1, 2, 3], to: path, durable: false)
        try AtomicFile.write([4, 5], to: path, durable: false)
        #expect(try AtomicFile.read(path) == [4, 5])
        #expect(!AtomicFile.exists(path + ".partial"))
    }

    @Test func writingIntoAMissingDirectoryFailsWithThePath() throws {
        let error = #expect(throws: SystemCallError.self) { try AtomicFile.write([1], to: "/nonexistent-dir/x") }
        #expect(error?.description.hasPrefix("create /nonexistent-dir/x.partial") == true)
    }
}

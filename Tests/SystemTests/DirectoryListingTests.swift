import Glibc
import Testing
import System

@Suite struct DirectoryListingTests {
    @Test func listsFilesButNotFoldersOrDots() throws {
        let folder = try TemporaryFolder.make(prefix: "lectern-listing")
        defer { _ = system("rm -rf '\(folder)'") }
        try AtomicFile.write(Array("a".utf8), to: folder + "/one.xml")
        try AtomicFile.write(Array("b".utf8), to: folder + "/two.json")
        try AtomicFile.makeDirectory(folder + "/inner")
        #expect(try DirectoryListing.files(in: folder).sorted() == ["one.xml", "two.json"])
        #expect(throws: SystemCallError.self) { try DirectoryListing.files(in: folder + "/missing") }
    }
}

import Glibc
import Testing
@testable import Platform

@Suite struct DirectoryListingTests {
    @Test func listsFilesButNotFoldersOrDots() throws {
        var template = Array("/tmp/lectern-listing-XXXXXX".utf8CString)
        let folder = String(cString: mkdtemp(&template)!)
        defer { _ = system("rm -rf '\(folder)'") }
        try AtomicFile.write(Array("a".utf8), to: folder + "/one.xml")
        try AtomicFile.write(Array("b".utf8), to: folder + "/two.json")
        try AtomicFile.makeDirectory(folder + "/inner")
        #expect(try DirectoryListing.files(in: folder).sorted() == ["one.xml", "two.json"])
        #expect(throws: SystemCallError.self) { try DirectoryListing.files(in: folder + "/missing") }
    }
}

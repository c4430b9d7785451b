import Testing
@testable import Feeds

@Suite struct ContentHashTests {
    @Test func sha256MatchesFIPSVectors() {
        #expect(ContentHash.hex(ContentHash.sha256([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(ContentHash.hex(ContentHash.sha256(Array("abc".utf8)))
            == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(ContentHash.hex(ContentHash.sha256(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(ContentHash.hex(ContentHash.sha256([UInt8](repeating: 0x61, count: 1_000_000)))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func entryIDIsStableAndSeparatesFields() {
        let id = ContentHash.entryID(title: "a", summary: "b", content: nil)
        #expect(id == ContentHash.entryID(title: "a", summary: "b", content: nil))
        #expect(id.hasPrefix("sha256:") && id.utf8.count == 7 + 64)
        #expect(ContentHash.entryID(title: "ab", summary: "c", content: nil) != ContentHash.entryID(title: "a", summary: "bc", content: nil))
        // Pinned: the id must never change between versions, or stored entries would reappear as new.
        #expect(ContentHash.entryID(title: nil, summary: nil, content: nil)
            == "sha256:" + ContentHash.hex(ContentHash.sha256([0, 0])))
    }
}

import Testing
@testable import Feeds

/// The durability check's two halves agree on a store that kept every write, resume where a killed writer
/// stopped, and name what a store lost.
@Suite struct StoreStressTests {
    @Test func acknowledgedWritesAreFoundAndAWriterResumes() throws {
        let store = try FeedStore(inMemory: ())
        let stress = StoreStress(store: store)
        var acknowledged: [Int] = []
        try stress.write(count: 5) { acknowledged.append($0) }
        try stress.write(count: 3) { acknowledged.append($0) }
        #expect(acknowledged == Array(0..<8))
        #expect(try stress.problems(acknowledged: 7).isEmpty)
        #expect(try stress.problems(acknowledged: -1).isEmpty)
        #expect(try stress.problems(acknowledged: 8) == ["acknowledged write 8 is missing (8 entries stored)"])
    }

    @Test func aLostStarOrMarkIsNamed() throws {
        let store = try FeedStore(inMemory: ())
        let stress = StoreStress(store: store)
        try stress.write(count: 4) { _ in }
        let feed = try #require(try store.feedID(url: StoreStress.feedURL))
        // Write 2 starred w1; take the star away as a lost write would.
        let w1 = try #require(try store.entry(feed: feed, key: "w1")?.id)
        try store.setStarred(w1, false, at: Timestamp(secondsSince1970: 1_700_000_010))
        #expect(try stress.problems(acknowledged: 3) == ["acknowledged write 2 lost its star"])
    }
}

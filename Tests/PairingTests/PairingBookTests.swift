import Testing
#if canImport(Glibc)
import Glibc
#endif
import System
@testable import Pairing

@Suite struct PairingBookTests {
    private func book() throws -> PairingBook { PairingBook(directory: try TemporaryFolder.make(prefix: "lectern-pairing")) }

    @Test func codesAre128RandomBitsInBase32() throws {
        let a = try PairingCode.make(), b = try PairingCode.make()
        #expect(a.count == 26 && b.count == 26 && a != b)
        #expect(a.allSatisfy { "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".contains($0) })
        // RFC 4648's test vector: "foobar" is MZXW6YTBOI.
        #expect(PairingCode.encode(Array("foobar".utf8)) == "MZXW6YTBOI")
        #expect(PairingCode.grouped("ABCDEFGHIJ") == "ABCD EFGH IJ")
        #expect(PairingCode.normalized("abcd-efgh ij") == "ABCDEFGHIJ")
        #expect(PairingCode.same("ABC", "ABC") && !PairingCode.same("ABC", "ABD") && !PairingCode.same("AB", "ABC"))
    }

    @Test func theRightCodePairsOnceAndClosesTheWindow() throws {
        let book = try book()
        let window = try book.open(now: 1000)
        #expect(window.expires == 1300 && book.window()?.isOpen(at: 1299) == true && book.window()?.isOpen(at: 1300) == false)
        guard case .paired(let phone) = try book.pair(code: PairingCode.grouped(window.code).lowercased(), name: "Chrome on Android", now: 1010)
        else { Issue.record("the right code did not pair"); return }
        #expect(book.window()?.state == .paired && book.window()?.phone == "Chrome on Android")
        #expect(book.phone(session: phone.session) == phone)
        // Used: the same code again gets nothing.
        #expect(try book.pair(code: window.code, name: "Firefox on Linux", now: 1011) == .noWindow)
        #expect(book.phones().count == 1)
    }

    @Test func aPhoneAdmittedWithoutACodeLeavesTheWindowAlone() throws {
        let book = try book()
        let window = try book.open(now: 1000)
        let phone = try book.admit(name: "Safari on iPhone\tx", now: 1010)
        #expect(book.phone(session: phone.session) == phone && book.phones() == [phone])
        #expect(phone.name == "Safari on iPhonex" && phone.paired == 1010 && phone.lastSeen == 1010)
        #expect(phone.session.count >= 32 && phone.csrf.count >= 32 && phone.session != phone.csrf)
        // The code the panel shows is still for whoever it shows it to.
        #expect(book.window() == window)
        guard case .paired = try book.pair(code: window.code, name: "Chrome on Android", now: 1020) else {
            Issue.record("the window's code no longer paired"); return
        }
        #expect(book.phones().count == 2)
        #expect(try book.forget(id: phone.id) && book.phone(session: phone.session) == nil)
    }

    @Test func anExpiredOrCancelledWindowPairsNobody() throws {
        let book = try book()
        let window = try book.open(minutes: 1, now: 0)
        #expect(try book.pair(code: window.code, name: "x", now: 60) == .noWindow)
        let second = try book.open(now: 100)
        try book.cancel()
        #expect(try book.pair(code: second.code, name: "x", now: 101) == .noWindow)
        #expect(book.phones().isEmpty)
    }

    @Test func tenWrongCodesCloseTheWindow() throws {
        let book = try book()
        let window = try book.open(now: 0)
        for attempt in 1...10 {
            #expect(try book.pair(code: "WRONG", name: "x", now: 1) == .wrong(closed: attempt == 10))
        }
        #expect(book.window()?.state == .refused)
        #expect(try book.pair(code: window.code, name: "x", now: 2) == .noWindow)
    }

    @Test func aForgottenPhonesSessionEndsAtOnce() throws {
        let book = try book()
        var sessions: [PairedPhone] = []
        for name in ["one", "two"] {
            let window = try book.open(now: 0)
            if case .paired(let phone) = try book.pair(code: window.code, name: name, now: 1) { sessions.append(phone) }
        }
        #expect(sessions.count == 2)
        #expect(try book.forget(id: sessions[0].id))
        #expect(book.phone(session: sessions[0].session) == nil)
        #expect(book.phone(session: sessions[1].session)?.name == "two")
        #expect(try !book.forget(id: "nobody"))
        #expect(book.phone(session: "") == nil)
    }

    @Test func lastSeenIsWrittenAtMostOnceAMinute() throws {
        let book = try book()
        let window = try book.open(now: 0)
        guard case .paired(let phone) = try book.pair(code: window.code, name: "x", now: 0) else { return }
        try book.seen(id: phone.id, now: 30)
        #expect(book.phones().first?.lastSeen == 0)
        try book.seen(id: phone.id, now: 90)
        #expect(book.phones().first?.lastSeen == 90)
    }

    @Test func aDamagedWindowFileIsNoWindow() throws {
        let book = try book()
        try AtomicFile.write(Array("code SHORT\nstate open\n".utf8), to: book.windowPath)
        #expect(book.window() == nil)
        #expect(try book.pair(code: "SHORT", name: "x", now: 0) == .noWindow)
    }

    @Test func phoneNamesComeFromTheUserAgent() {
        #expect(PhoneName.from(userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36") == "Chrome on Android")
        #expect(PhoneName.from(userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1") == "Safari on iPhone")
        #expect(PhoneName.from(userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0") == "Firefox on Linux")
        #expect(PhoneName.from(userAgent: nil) == "A browser")
        #expect(PhoneName.from(userAgent: "evil\nname\u{7}") == "evilname")
    }
}

@Suite struct SharedSecretTests {
    @Test func secretsAreTheServicesAloneFromTheirFirstByte() throws {
        let folder = try TemporaryFolder.make(prefix: "lectern-secrets")
        let previous = umask(0)  // the widest umask: the files' own modes must hold
        defer { umask(previous) }
        try SharedState.keepPassword(Array("correct horse\n".utf8), directory: folder)
        let book = PairingBook(directory: folder)
        let window = try book.open(now: 0)
        _ = try book.pair(code: window.code, name: "x", now: 1)
        for name in [SharedState.passwordName, PairingBook.windowName, PairingBook.phonesName] {
            var info = stat()
            #expect(stat(folder + "/" + name, &info) == 0 && info.st_mode & 0o777 == 0o600, "\(name)")
        }
        #expect(try AtomicFile.read(folder + "/" + SharedState.passwordName) == Array("correct horse\n".utf8))
    }

    @Test func aLockHeldElsewhereIsWaitedForBrieflyThenSaid() throws {
        let folder = try TemporaryFolder.make(prefix: "lectern-lock")
        let path = folder + "/held.lock"
        // flock(2) locks belong to the open file description: a second open in this process contends like
        // another process would.
        try FileLock.holding(path, waitingAtMost: 0) {
            #expect(throws: SystemCallError.self) { try FileLock.holding(path, waitingAtMost: 0.05) {} }
        }
        #expect(try FileLock.holding(path, waitingAtMost: 0) { 7 } == 7)
    }
}

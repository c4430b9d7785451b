#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Feeds

/// The small parts of sync, each against an independent reference.
@Suite struct SyncPartsTests {
    @Test func md5MatchesRFC1321AndPythonsHashlib() {
        // RFC 1321's test suite, and hashlib's digests of inputs on each side of the padding's block edge.
        #expect(MD5.hex("") == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(MD5.hex("abc") == "900150983cd24fb0d6963f7d28e17f72")
        #expect(MD5.hex("message digest") == "f96b697d7cb7938d525a2f31aaf161d0")
        #expect(MD5.hex("12345678901234567890123456789012345678901234567890123456789012345678901234567890")
                == "57edf4a22be3c955ac49da2e2107b67a")
        #expect(MD5.hex(String(repeating: "x", count: 55)) == "04364420e25c512fd958a70738aa8f72")
        #expect(MD5.hex(String(repeating: "x", count: 56)) == "668a72d5ba17f08e62dabcafad6db14b")
        #expect(MD5.hex(String(repeating: "x", count: 64)) == "c1bb4f81d892b2d57947682aeb252456")
        #expect(MD5.hex(String(repeating: "a", count: 1000)) == "cabe45dcc9ae5b66ba86600cca6b8ba8")
    }

    @Test func feverKeyIsTheMD5OfEmailColonPassword() {
        // The Fever API's own example form: md5("email:password").
        let account = SyncAccount(kind: .fever, url: "http://h/fever/", user: "ana@example.org", password: "pw")
        #expect(account.description == "fever http://h/fever/ as ana@example.org")
        #expect(!account.description.contains("pw"))
        let call = APICall(fetcher: FeedFetcher(userAgent: "test"), isCancelled: nil)
        // hashlib.md5(b"ana@example.org:pw").hexdigest()
        #expect(FeverAPI(account: account, call: call).key == "e8a8335ccf4aee180b6bd4a1ca8b2ec2")
        // Without a user the password file holds the key itself, as some servers show it.
        let keyOnly = SyncAccount(kind: .fever, url: "http://h/fever/", user: nil, password: "E8A8335CCF4AEE180B6BD4A1CA8B2EC2")
        #expect(FeverAPI(account: keyOnly, call: call).key == "e8a8335ccf4aee180b6bd4a1ca8b2ec2")
    }

    @Test func itemIDsTakeBothGoogleReaderFormsAndFeversNumbersAndStrings() throws {
        // Google's own example: 3,456,789 is tag:google.com,2005:reader/item/000000000034bf15.
        #expect(RemoteItemID("tag:google.com,2005:reader/item/000000000034bf15")?.text == "3456789")
        #expect(RemoteItemID("3456789")?.longForm == "tag:google.com,2005:reader/item/000000000034bf15")
        // Ids past Int64.max come back as the signed decimals Google's stream/items/ids gave.
        #expect(RemoteItemID("tag:google.com,2005:reader/item/ffffffffffffffff")?.text == "-1")
        #expect(RemoteItemID("18446744073709551615")?.text == "-1")
        #expect(RemoteItemID("-1")?.longForm == "tag:google.com,2005:reader/item/ffffffffffffffff")
        #expect(RemoteItemID("1700000000000123") == RemoteItemID("tag:google.com,2005:reader/item/00060a24181e407b"))
        for junk in ["", "abc", "12x", "tag:google.com,2005:reader/item/", "tag:google.com,2005:reader/item/zz",
                     "tag:google.com,2005:reader/item/00000000000000001"] {
            #expect(RemoteItemID(junk) == nil, "\(junk)")
        }
        #expect(FeverAPI.idText(.number("42")) == "42")
        #expect(FeverAPI.idText(.string("42")) == "42")
        #expect(FeverAPI.idText(.string("4x")) == nil)
        #expect(FeverAPI.idText(.bool(true)) == nil)
        #expect(FeverAPI.idList(.string("1,2, 3,,4")) == ["1", "2", "3", "4"])
        #expect(FeverAPI.idList(.array([.number("5"), .string("6"), .null])) == ["5", "6"])
        #expect(FeverAPI.idList(.string("")) == [])
    }

    @Test func googleReaderTagsOfTheSignedInUserAreTheGenericOnes() {
        #expect(GoogleReaderAPI.withoutUser("user/1005921515/state/com.google/read") == GoogleReaderAPI.readTag)
        #expect(GoogleReaderAPI.withoutUser("user/-/state/com.google/starred") == GoogleReaderAPI.starredTag)
        #expect(GoogleReaderAPI.withoutUser("feed/12") == "feed/12")
    }

    @Test func formsArePercentEncodedAndHostsNameNoCredentials() {
        #expect(FormEncoding.encode([("Email", "ana@example.org"), ("Passwd", "p&s=w d+é")])
                == "Email=ana%40example.org&Passwd=p%26s%3Dw%20d%2B%C3%A9")
        #expect(APICall.host(of: "https://ana:secret@example.org:8443/api/greader.php?x=1") == "https://example.org:8443")
        #expect(APICall.host(of: "http://127.0.0.1:9/fever/?api") == "http://127.0.0.1:9")
    }

    @Test func syncsBackOffAfterFailuresAndWaitLongerOnARefusal() {
        let schedule = SyncSchedule(interval: 900)
        #expect(schedule.wait(afterFailures: 0) == 900)
        #expect((1...8).map { schedule.wait(afterFailures: $0) } == [30, 60, 120, 240, 480, 960, 1920, 3600])
        #expect(schedule.wait(afterFailures: 60) == 3600)
        #expect(schedule.wait(afterFailures: 1, refused: true) == 600)
        #expect(schedule.wait(afterFailures: 3, refused: true) == 2400)
        // A panel set to sync every two hours never waits less after failures than the cap.
        #expect(SyncSchedule(interval: 7200).wait(afterFailures: 30) == 7200)
    }

    @Test func thePasswordFileMustBeItsOwnersAlone() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("password")
        func write(_ text: String, mode: mode_t) {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(fd, $0.baseAddress, $0.count - 1) }
            close(fd)
            chmod(path, mode)
        }
        write("s3cret\r\n", mode: 0o600)
        #expect(try PasswordFile.read(path) == "s3cret")
        write("s3cret\n", mode: 0o640)
        #expect(throws: SyncError(.configuration, "password file \(path): readable by others (chmod 600 it)")) {
            try PasswordFile.read(path)
        }
        write("\n", mode: 0o400)
        #expect(throws: SyncError(.configuration, "password file \(path): empty")) { try PasswordFile.read(path) }
        #expect(throws: SyncError.self) { try PasswordFile.read(directory.file("missing")) }
        #expect(throws: SyncError(.configuration, "password file \(directory.path): not a regular file")) {
            try PasswordFile.read(directory.path)
        }
    }
}

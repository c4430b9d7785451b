#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
import System

@Suite struct FileDescriptorTests {
    /// A pipe's two ends: what is written to the second is read from the first.
    private func makePipe() throws -> (FileDescriptor, FileDescriptor) {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    }

    @Test func whatIsWrittenIsReadBackWhole() throws {
        let (output, input) = try makePipe()
        defer { output.close() }
        // Larger than a pipe's buffer: the writer's thread blocks until the reader takes some.
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let writer = try WorkerThread.start {
            try? input.writeAll(bytes)
            input.close()
        }
        let read = try output.readAll()
        writer.join()
        #expect(read == bytes)
    }

    @Test func readAllRefusesMoreThanItsLimit() throws {
        let (output, input) = try makePipe()
        defer { output.close() }
        try input.writeAll([UInt8](repeating: 9, count: 100))
        input.close()
        #expect(throws: Errno(EFBIG)) { try output.readAll(limit: 99) }
    }

    @Test func readIntoStopsAtTheEnd() throws {
        let (output, input) = try makePipe()
        defer { output.close() }
        try input.writeAll([1, 2, 3])
        input.close()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 8, alignment: 1)
        defer { buffer.deallocate() }
        #expect(try output.read(into: buffer) == 3)
        #expect(Array(buffer[..<3]) == [1, 2, 3])
    }

    @Test func openingAMissingFileSaysWhy() {
        #expect(throws: Errno(ENOENT)) { try FileDescriptor.open("/nonexistent-dir/x", O_RDONLY) }
        #expect(Errno(ENOENT).description == "No such file or directory")
        #expect(SystemCallError("open /x", errno: Errno(ENOENT)).description == "open /x: No such file or directory")
    }
}

@Suite struct ProcessTests {
    @Test func aChildProcessPrintsAndExits() throws {
        let output = try ChildProcess.run(["sh", "-c", "echo hello; exit 3"])
        #expect(output.standardOutput == "hello\n")
        #expect(output.status == 3)
    }

    @Test func aProgramThatIsNotThereCannotStart() {
        #expect(throws: SystemCallError.self) { try ChildProcess.run(["lectern-no-such-program"]) }
    }

    @Test func aWorkerThreadRunsItsBodyBeforeTheJoinReturns() throws {
        final class Flag: Sendable { let raised = Atomic<Bool>(false) }
        let flag = Flag()
        let thread = try WorkerThread.start { flag.raised.store(true, ordering: .relaxed) }
        thread.join()
        let ran = flag.raised.load(ordering: .relaxed)
        #expect(ran)
    }

    @Test func theMonotonicClockDoesNotGoBack() {
        let first = MonotonicClock.nanoseconds()
        #expect(MonotonicClock.nanoseconds() >= first)
    }
}

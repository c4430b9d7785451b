import Testing
@testable import Feeds

@Suite struct PollScheduleTests {
    let now = Timestamp(year: 2026, month: 11, day: 24, hour: 3)
    let url = "https://example.org/feed.xml"

    func next(_ schedule: inout PollSchedule, _ event: PollSchedule.Event) -> Int? {
        schedule.record(event, at: now, url: url)
        return schedule.nextCheck.map { Int($0.secondsSince1970 - now.secondsSince1970) }
    }

    @Test func successWaitsForTheLongestOfIntervalTTLAndMaxAge() {
        var schedule = PollSchedule(nextCheck: now)
        #expect(next(&schedule, .succeeded()) == 3_600)
        #expect(next(&schedule, .succeeded(timeToLiveMinutes: 180)) == 10_800)
        #expect(next(&schedule, .succeeded(timeToLiveMinutes: 90, maxAge: 7_300)) == 7_300)
        #expect(next(&schedule, .succeeded(timeToLiveMinutes: 10, maxAge: 60)) == 3_600)
        schedule.interval = 4 * 3_600
        #expect(next(&schedule, .succeeded(timeToLiveMinutes: 60, maxAge: 600)) == 4 * 3_600)
    }

    @Test func everyWaitIsHeldToAnHourThroughADay() {
        var schedule = PollSchedule(interval: 60, nextCheck: now)
        #expect(next(&schedule, .succeeded()) == 3_600)
        #expect(next(&schedule, .succeeded(timeToLiveMinutes: 7 * 24 * 60)) == 86_400)
        #expect(next(&schedule, .succeeded(maxAge: 31_536_000)) == 86_400)
        #expect(next(&schedule, .succeeded(timeToLiveMinutes: Int.max)) == 86_400)
        #expect(next(&schedule, .throttled(retryAfter: 5 * 86_400)) == 86_400)
    }

    @Test func failuresBackOffExponentiallyWithAFixedJitter() {
        var schedule = PollSchedule(nextCheck: now)
        var waits: [Int] = []
        for _ in 0..<8 { waits.append(next(&schedule, .failed) ?? -1) }
        #expect(schedule.consecutiveErrors == 8)
        for (index, base) in [3_600, 7_200, 14_400, 28_800, 57_600].enumerated() {
            #expect(waits[index] >= base && waits[index] < base + base / 16, "\(waits)")
        }
        #expect(waits[5...].allSatisfy { $0 == 86_400 })
        // The same feed gets the same jitter on every run: the schedule is a pure function of its inputs.
        var again = PollSchedule(nextCheck: now)
        #expect((0..<8).map { _ in next(&again, .failed) ?? -1 } == waits)
        // A success clears the count.
        #expect(next(&schedule, .succeeded()) == 3_600)
        #expect(schedule.consecutiveErrors == 0)
        #expect(next(&schedule, .failed) == waits[0])
    }

    @Test func aFailureNeverPollsSoonerThanTheBaseInterval() {
        var schedule = PollSchedule(interval: 6 * 3_600, nextCheck: now)
        let wait = next(&schedule, .failed) ?? -1
        #expect(wait >= 6 * 3_600 && wait < 6 * 3_600 + 6 * 3_600 / 16)
    }

    @Test func throttlingHonoursRetryAfterAndCountsAsAnError() {
        var schedule = PollSchedule(nextCheck: now)
        #expect(next(&schedule, .throttled(retryAfter: 5 * 3_600)) == 5 * 3_600)
        #expect(schedule.consecutiveErrors == 1)
        let short = next(&schedule, .throttled(retryAfter: 30)) ?? -1
        #expect(short >= 7_200 && short < 7_200 + 450)
        let unsaid = next(&schedule, .throttled(retryAfter: nil)) ?? -1
        #expect(unsaid >= 14_400 && unsaid < 14_400 + 900)
    }

    @Test func goneStopsPolling() {
        var schedule = PollSchedule(nextCheck: now)
        #expect(schedule.isDue(at: now))
        #expect(!schedule.isDue(at: Timestamp(secondsSince1970: now.secondsSince1970 - 1)))
        #expect(next(&schedule, .gone) == nil)
        #expect(!schedule.isDue(at: Timestamp(secondsSince1970: Int64.max)))
    }

    @Test func responsesBecomeEvents() {
        func response(_ status: Int, maxAge: Int? = nil, retryAfter: RetryAfter? = nil) -> FetchResponse {
            FetchResponse(status: status, finalURL: url, maxAge: maxAge, retryAfter: retryAfter)
        }
        #expect(PollSchedule.Event(response(200, maxAge: 600), timeToLiveMinutes: 60, now: now)
            == .succeeded(timeToLiveMinutes: 60, maxAge: 600))
        #expect(PollSchedule.Event(response(304), timeToLiveMinutes: 30, now: now)
            == .succeeded(timeToLiveMinutes: 30, maxAge: nil))
        #expect(PollSchedule.Event(response(410), now: now) == .gone)
        #expect(PollSchedule.Event(response(429, retryAfter: .seconds(90)), now: now) == .throttled(retryAfter: 90))
        let later = Timestamp(secondsSince1970: now.secondsSince1970 + 600)
        #expect(PollSchedule.Event(response(503, retryAfter: .date(later)), now: now) == .throttled(retryAfter: 600))
        let past = Timestamp(secondsSince1970: now.secondsSince1970 - 600)
        #expect(PollSchedule.Event(response(503, retryAfter: .date(past)), now: now) == .throttled(retryAfter: 0))
        #expect(PollSchedule.Event(response(500, retryAfter: .seconds(90)), now: now) == .failed)
        #expect(PollSchedule.Event(response(404), now: now) == .failed)
    }
}

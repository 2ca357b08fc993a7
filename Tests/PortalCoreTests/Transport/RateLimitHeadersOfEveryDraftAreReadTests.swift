import Foundation
@testable import PortalCore
import Testing

/// Every rate-limit style servers send, read into one `RateLimit` (issue 35, item 19);
/// hostile values read as nothing, and a reset is never more than an hour ahead.
@Suite("Rate-limit headers")
struct RateLimitHeadersOfEveryDraftAreReadTests {
    /// 2026-11-28 14:04:23 UTC.
    let now = Date(timeIntervalSince1970: 1_795_874_663)

    func read(_ headers: [String: String], status: Int = 200) -> RateLimit? {
        RateLimit.read(HTTPResponse(status: status, headers: headers, body: Data()), now: now)
    }

    @Test func theDraftAsItIsNowStructuredFields() throws {
        let limit = try #require(read(["RateLimit": #""default";r=50;t=30"#, "RateLimit-Policy": #""default";q=100;w=60"#]))
        #expect(limit == RateLimit(style: .ietf, limit: 100, remaining: 50, reset: now + 30, window: 60, resource: "default"))
    }

    @Test func severalPoliciesReadAsTheOneWithFewestLeft() throws {
        let limit = try #require(read([
            "RateLimit": #""burst";r=5;t=1, "daily";r=900;t=3600"#,
            "RateLimit-Policy": #""burst";q=10;w=1, "daily";q=1000;w=86400"#,
        ]))
        #expect(limit == RateLimit(style: .ietf, limit: 10, remaining: 5, reset: now + 1, window: 1, resource: "burst"))
    }

    @Test func draftSevenAndEightForms() throws {
        // Draft 07: a dictionary, and a policy whose quota is a bare number.
        let seven = try #require(read(["RateLimit": "limit=100, remaining=7, reset=20", "RateLimit-Policy": "100;w=60"]))
        #expect(seven == RateLimit(style: .ietf, limit: 100, remaining: 7, reset: now + 20, window: 60))
        // Draft 08's first form: tokens, the quota as `l`.
        let eight = try #require(read(["RateLimit": "default;r=3;t=5", "RateLimit-Policy": "default;l=100;w=60"]))
        #expect(eight == RateLimit(style: .ietf, limit: 100, remaining: 3, reset: now + 5, window: 60, resource: "default"))
    }

    @Test func theOlderDraftsThreeFields() throws {
        let limit = try #require(read(["RateLimit-Limit": "100", "RateLimit-Remaining": "0", "RateLimit-Reset": "37"]))
        #expect(limit == RateLimit(style: .ietfFields, limit: 100, remaining: 0, reset: now + 37))
        #expect(limit.isSpent(at: now) && !limit.isSpent(at: now + 37))
        // Draft 03's quota policy after the limit.
        #expect(read(["RateLimit-Limit": "10, 10;w=1, 50;w=60", "RateLimit-Remaining": "9", "RateLimit-Reset": "1"])?.window == 1)
    }

    /// `X-RateLimit-Reset` is seconds from now or a moment: 10⁹ and more is a moment
    /// (epoch seconds), 10¹² and more epoch milliseconds.
    @Test(arguments: [("37", 37.0), ("1795874783", 120.0), ("1795874783000", 120.0), ("0", 0.0)])
    func xRateLimitResetSecondsOrAMoment(reset: String, secondsAhead: Double) throws {
        let limit = try #require(read(["X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "12", "X-RateLimit-Reset": reset]))
        #expect(limit == RateLimit(style: .xRateLimit, limit: 60, remaining: 12, reset: now + secondsAhead))
    }

    @Test func githubsHeaders() throws {
        let limit = try #require(read(["x-ratelimit-limit": "60", "x-ratelimit-remaining": "12", "x-ratelimit-used": "48",
                                       "x-ratelimit-reset": "1795875023", "x-ratelimit-resource": "core"]))
        #expect(limit == RateLimit(style: .github, limit: 60, remaining: 12, reset: now + 360, resource: "core"))
        #expect(limit.isLow)
        // Remaining left out: the limit less what was used.
        #expect(read(["x-ratelimit-limit": "60", "x-ratelimit-used": "60", "x-ratelimit-reset": "1795875023"])?.remaining == 0)
    }

    @Test func aTooManyRequestsRetryAfterSpendsTheBudgetUntilThen() throws {
        let seconds = try #require(read(["Retry-After": "30"], status: 429))
        #expect(seconds == RateLimit(style: .retryAfter, remaining: 0, reset: now + 30))
        let date = try #require(read(["Retry-After": "Sat, 28 Nov 2026 14:05:00 GMT"], status: 429))
        #expect(date.reset == Date(timeIntervalSince1970: 1_795_874_700) && date.remaining == 0)
        // With the other headers: the later of the two resets.
        let both = try #require(read(["X-RateLimit-Remaining": "3", "X-RateLimit-Reset": "10", "Retry-After": "40"], status: 429))
        #expect(both.remaining == 0 && both.reset == now + 40 && both.style == .xRateLimit)
        // Retry-After on anything but a 429 is not a rate limit.
        #expect(read(["Retry-After": "30"], status: 503) == nil)
    }

    @Test(arguments: [
        ["X-RateLimit-Remaining": "-1"], ["X-RateLimit-Remaining": "many"], ["X-RateLimit-Remaining": "99999999999999999999"],
        ["RateLimit": #""x";r=-5;t=1"#], ["RateLimit": "\"unterminated;r=1"], ["RateLimit": String(repeating: "a;r=1, ", count: 40) + "a;r=1"],
        ["RateLimit-Remaining": "1.5"], [:],
    ])
    func hostileValuesReadAsNothing(headers: [String: String]) {
        let limit = read(headers)
        #expect(limit == nil || limit?.remaining == nil, "\(String(describing: limit))")
    }

    @Test func aResetFarAheadIsAnHourAtMost() throws {
        for reset in ["1e300", "99999999999", "4102444800"] {
            let limit = try #require(read(["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": reset]))
            #expect(limit.reset == now + RateLimit.longestWait, "\(reset)")
        }
        #expect(read(["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "inf"])?.reset == nil)
        #expect(read(["RateLimit": #""d";r=0;t=99999999"#])?.reset == now + RateLimit.longestWait)
    }

    @Test func theWordsTheStatusLineAndStderrSay() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let limit = RateLimit(style: .github, limit: 60, remaining: 12, reset: Date(timeIntervalSince1970: 1_795_874_700))
        #expect(limit.statusText(timeZone: utc) == "rate 12 left · resets 14:05")
        var spent = limit
        spent.remaining = 0
        #expect(spent.waitNote(now: now, timeZone: utc) == "rate limit reached: waiting until 14:05 (37 s)")
        // Low is a fifth of the limit, or 10 when it is not said.
        #expect(RateLimit(style: .xRateLimit, limit: 5000, remaining: 1000).isLow)
        #expect(!RateLimit(style: .xRateLimit, limit: 5000, remaining: 1001).isLow)
        #expect(RateLimit(style: .xRateLimit, remaining: 10).isLow && !RateLimit(style: .xRateLimit, remaining: 11).isLow)
    }

    @Test func theBudgetWaitsOnlyWhileSpentAndPerOrigin() throws {
        let budget = RateBudget()
        let api = try #require(URL(string: "https://api.example.com/v1/items?page=2"))
        let other = try #require(URL(string: "https://cdn.example.com/a.png"))
        budget.observe(HTTPResponse(status: 200, headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "20"], body: Data()), from: api, now: now)
        let spent = try #require(budget.spent(for: api, now: now))
        #expect(spent.seconds == 20)
        #expect(budget.spent(for: other, now: now) == nil, "another origin has its own budget")
        #expect(budget.spent(for: api, now: now + 20) == nil && budget.limit(for: api, now: now + 20) == nil, "past the reset it holds no more")
        // A new window's answer gives the budget back.
        budget.observe(HTTPResponse(status: 200, headers: ["X-RateLimit-Remaining": "40", "X-RateLimit-Reset": "80"], body: Data()), from: api, now: now)
        #expect(budget.spent(for: api, now: now) == nil)
    }

    /// Requests sent together count against what is left before their answers come: with
    /// two left, the third waits; an older answer saying more is left changes nothing.
    @Test func requestsSentTogetherDoNotAllTakeTheLastOne() throws {
        let budget = RateBudget()
        let api = try #require(URL(string: "https://api.example.com/v1/items"))
        let origin = try #require(SplitURL(api.absoluteString)?.origin)
        let answer = { (left: Int) in HTTPResponse(status: 200, headers: ["X-RateLimit-Remaining": "\(left)", "X-RateLimit-Reset": "20"], body: Data()) }
        budget.observe(answer(2), from: api, now: now)
        #expect(budget.reserve(origin, now: now) == nil)
        #expect(budget.reserve(origin, now: now) == nil)
        #expect(budget.reserve(origin, now: now)?.1 == 20, "the third waits for the reset")
        budget.observe(answer(1), from: api, now: now)
        #expect(budget.spent(for: api, now: now) != nil, "a late answer of the same window does not give back what was counted")
        // The next window is another matter.
        budget.observe(HTTPResponse(status: 200, headers: ["X-RateLimit-Remaining": "5", "X-RateLimit-Reset": "80"], body: Data()), from: api, now: now)
        #expect(budget.reserve(origin, now: now) == nil)
    }
}

import Foundation
import PortalCore

/// What a dialect's paging needs beside its data, for a preset's list: the small hooks no
/// paging table says (`range`'s count that a server may refuse, `RangeCountRules`).
/// Everything else — the next request, page N, the total, a page past the end — is the
/// dialect's as the preset file's `paging` names it, the same code a `--url` list runs.
/// Every hook has a default that does nothing special (`NoPageRules`).
public protocol PresetPageRules: Sendable {
    /// A request to ask in place of `request` instead of failing on `response` (PostgREST's
    /// step down to a weaker count); the page then has no items and that `next`.
    func request(insteadOf request: PageRequest, answered response: HTTPResponse) -> PageRequest?

    /// The failure an error status is.
    func failure(_ response: HTTPResponse) -> PageFailure

    /// The next request as the list goes on from `request` (what a step down changed stays).
    func carrying(_ next: PageRequest, from request: PageRequest) -> PageRequest

    /// Whether the total that answers to `request` say is only an estimate (never the end).
    func totalIsEstimate(for request: PageRequest) -> Bool
}

extension PresetPageRules {
    public func request(insteadOf request: PageRequest, answered response: HTTPResponse) -> PageRequest? { nil }

    public func failure(_ response: HTTPResponse) -> PageFailure { PageFailure(statusOf: response) }

    public func carrying(_ next: PageRequest, from request: PageRequest) -> PageRequest { next }

    public func totalIsEstimate(for request: PageRequest) -> Bool { false }
}

/// The rules of a dialect that needs none beyond its data.
public struct NoPageRules: PresetPageRules {
    public init() {}
}

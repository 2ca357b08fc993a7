import Foundation
import Testing
import PortalJSON

/// `JSONNode.parse` builds a tree at most a small multiple of the body it read, or
/// refuses the body with one clear line that is never retried (issue 27, item 4): one
/// 7 MiB answer of a string inside 120 nested arrays cost 951 MB, each level copying the
/// text below it.
@Suite("JSONNode: the tree is bounded by the body")
struct JSONNodeBoundsTests {
    static func nested(_ depth: Int, around value: String) -> Data {
        Data((String(repeating: "[", count: depth) + value + String(repeating: "]", count: depth)).utf8)
    }

    /// A string nested 120 levels deep is held once: the spans share the body.
    @Test func aLongStringNestedDeepIsHeldOnce() throws {
        let body = Self.nested(120, around: "\"" + String(repeating: "x", count: 7 * 1_048_576) + "\"")
        let tree = try JSONNode.parse(body)
        #expect(tree.heldBytes <= 3 * body.count, "\(tree.heldBytes) bytes held for \(body.count)")
        // The text of every level is still the value as served.
        var span = tree
        for _ in 0..<119 { span = try #require(span.node.elements?.first) }
        #expect(span.byteCount == body.count - 2 * 119)
        #expect(span.text.hasPrefix("[\"xxx") && span.text.hasSuffix("xxx\"]"))
    }

    static func repeated(_ value: String, _ count: Int, open: String, close: String) -> String {
        open + Array(repeating: value, count: count).joined(separator: ",") + close
    }

    /// Named shapes, built inside the test: a multi-megabyte argument would be printed
    /// whole in the test log.
    static let tinyValues: [String: @Sendable () -> String] = [
        "3,000,000 zeros": { repeated("0", 3_000_000, open: "[", close: "]") },
        "2,000,000 empty objects": { repeated("{}", 2_000_000, open: "[", close: "]") },
        "2,000,000 empty keys": { repeated(#""":0"#, 2_000_000, open: "{", close: "}") },
    ]

    /// Seconds of CPU each in a debug build: made and parsed on a thread of its own, not on
    /// one of the two cooperative threads that the suite's in-process servers answer on
    /// (three such cases at once stalled those servers for up to two minutes).
    @Test(arguments: tinyValues.keys.sorted())
    func aBodyOfTinyValuesIsRefusedPastTheBound(shape: String) async throws {
        let make = try #require(Self.tinyValues[shape])
        let refusal = await withCheckedContinuation { (continuation: CheckedContinuation<(isLimit: Bool, description: String)?, Never>) in
            Thread {
                do {
                    _ = try JSONNode.parse(Data(make().utf8))
                    continuation.resume(returning: nil)
                } catch let error as JSONNodeError {
                    continuation.resume(returning: (error.isLimit, error.description))
                } catch {
                    continuation.resume(returning: (false, "\(error)"))
                }
            }.start()
        }
        let refused = try #require(refusal, "parsed")
        #expect(refused.isLimit)
        #expect(refused.description.hasPrefix("answer too large to hold"), "\(refused.description)")
    }

    @Test func nestingPastTheDepthIsRefusedAsTooDeep() throws {
        do {
            _ = try JSONNode.parse(Self.nested(200, around: "1"))
            Issue.record("parsed 200 levels")
        } catch {
            #expect(error.isLimit)
            #expect(error.description.hasPrefix("answer too deeply nested"), "\(error)")
        }
        // Within the depth it reads.
        _ = try JSONNode.parse(Self.nested(JSONNode.maxDepth - 1, around: "1"))
    }

    @Test func ordinaryAnswersAreWellWithinTheBound() throws {
        let items = (1...100).map { #"{"id":\#($0),"name":"Item \#($0)","tags":[1,2,3],"owner":{"login":"someone","url":"https://api.test/u/\#($0)"}}"# }
        let body = Data(("{\"count\":100,\"results\":[" + items.joined(separator: ",") + "]}").utf8)
        let tree = try JSONNode.parse(body)
        #expect(tree.heldBytes < JSONNodeLimits.standard.allowance(bodyBytes: body.count))
        #expect(tree.node["results"]?.elements?.count == 100)
    }
}

import Foundation
import PortalCore
import PortalCurl
import PortalOpenAPI
import PortalTestSupport
import Synchronization
import Testing

/// Where a document comes from: a URL asked through the transport with the user's
/// headers (as the lists then are), or a file; and what is said when it cannot be had.
@Suite struct OpenAPILoadTests {
    @Test func theDocumentAndTheListsAreAskedWithTheHeadersGiven() async throws {
        let heads = Mutex<[String]>([])
        let server = try LoopbackServer { head in
            heads.withLock { $0.append(head) }
            return ParameterPagingTests.answer(head)
        }
        defer { server.stop() }
        let transport = CurlTransport()
        let tabs = try await OpenAPITabs.load(location: server.baseURL + "/openapi.json", transport: transport, headers: ["X-Api-Key": "k-123"])
        let (source, _) = await tabs.source(transport: transport, headers: ["X-Api-Key": "k-123"])
        #expect(try await everyItem(of: ItemKind(rawValue: "users"), in: source, through: transport).count == 45)
        let asked = heads.withLock { $0 }
        // The document and the five pages of 10: the first read for its dialect as it came.
        #expect(asked.count == 1 + 5)
        #expect(asked.allSatisfy { $0.lowercased().contains("x-api-key: k-123") })
    }

    @Test func aDocumentIsReadFromAFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-\(UUID().uuidString).yaml")
        try OpenAPIListFinderTests.drfLike.replacingOccurrences(of: "servers: [{url: /v1}]", with: "servers: [{url: 'http://127.0.0.1:9/v1'}]")
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let tabs = try await OpenAPITabs.load(location: file.path, transport: CurlTransport())
        #expect(tabs.lists.map(\.name) == ["characters", "listItemsV2", "listItemsV3"])
    }

    @Test func whatCannotBeHadIsSaid() async throws {
        let server = try LoopbackServer { _ in LoopbackServer.response("404 Not Found", body: #"{"detail":"Not Found"}"#) }
        defer { server.stop() }
        await #expect {
            _ = try await OpenAPITabs.load(location: server.baseURL + "/openapi.json", transport: CurlTransport())
        } throws: { error in
            (error as? OpenAPIDocumentError)?.description.contains("404") == true
        }
        await #expect {
            _ = try await OpenAPITabs.load(location: "/nonexistent/openapi.yaml", transport: CurlTransport())
        } throws: { error in
            (error as? OpenAPIDocumentError)?.description.contains("cannot read the file") == true
        }
    }
}

import Foundation
import PortalCore
import PortalOpenAPI
import Testing
import PortalPaging

/// Each vendor extension read from a real document into the paging it declares, and
/// that paging as portal's dialect (`OpenAPIDialect`, the one mapping).
@Suite struct VendorPagingTests {
    /// A document with one list `GET /things` carrying `extensions` (JSON members), query
    /// parameters `parameters` (a JSON array) and the answer `schema`.
    static func declared(extensions: String = "", parameters: String = "[]", schema: String) throws -> DeclaredList? {
        let text = """
            {"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/things":{"get":{\(extensions.isEmpty ? "" : extensions + ",")
              "parameters":\(parameters),
              "responses":{"200":{"description":"ok","content":{"application/json":{"schema":\(schema)}}}}}}}}
            """
        return try OpenAPITabs.parse(Data(text.utf8), documentURL: URL(string: "http://127.0.0.1:1/openapi.json")).lists.first?.declared
    }

    static let listOfData = #"{"type":"object","properties":{"data":{"type":"array","items":{"type":"object"}},"meta":{"type":"object"}}}"#

    @Test func microsoftPageable() throws {
        let declared = try Self.declared(extensions: #""x-ms-pageable":{"nextLinkName":"nextLink","itemName":"value"}"#,
                                         schema: #"{"type":"object","properties":{"value":{"type":"array","items":{}},"nextLink":{"type":"string"}}}"#)
        #expect(declared == DeclaredList(items: ["value"], paging: .nextURL(path: ["nextLink"]), source: "x-ms-pageable"))
        let single = try Self.declared(extensions: #""x-ms-pageable":{"nextLinkName":null}"#,
                                       schema: #"{"type":"object","properties":{"value":{"type":"array","items":{}}}}"#)
        #expect(single?.paging == DeclaredPaging.none)
        #expect(single?.items == ["value"])
    }

    @Test(arguments: [
        (#"{"type":"offsetLimit","inputs":[{"name":"skip","in":"parameters","type":"offset"},{"name":"top","in":"parameters","type":"limit"}],"outputs":{"results":"$.data"}}"#,
         DeclaredPaging.offset(param: "skip")),
        (#"{"type":"offsetLimit","inputs":[{"name":"p","in":"query","type":"page"}],"outputs":{"results":"$.data"}}"#,
         DeclaredPaging.pageNumber(param: "p")),
        (#"{"type":"cursor","inputs":[{"name":"after","in":"parameters","type":"cursor"}],"outputs":{"nextCursor":"$.meta.next","results":"$.data"}}"#,
         DeclaredPaging.cursor(param: "after", path: ["meta", "next"])),
        (#"{"type":"url","outputs":{"nextUrl":"$.meta.next","results":"$.data"}}"#,
         DeclaredPaging.nextURL(path: ["meta", "next"])),
    ])
    func speakeasyPagination(extension text: String, paging: DeclaredPaging) throws {
        let declared = try Self.declared(extensions: #""x-speakeasy-pagination":"# + text, schema: Self.listOfData)
        #expect(declared == DeclaredList(items: ["data"], paging: paging, source: "x-speakeasy-pagination"))
    }

    @Test(arguments: [
        (#"{"cursor":"$request.starting_after","next_cursor":"$response.page.next.starting_after","results":"$response.data"}"#,
         DeclaredPaging.cursor(param: "starting_after", path: ["page", "next", "starting_after"])),
        (#"{"offset":"$request.page","results":"$response.data"}"#, DeclaredPaging.pageNumber(param: "page")),
        (#"{"offset":"$request.offset","step":"$request.limit","results":"$response.data"}"#, DeclaredPaging.offset(param: "offset")),
    ])
    func fernPagination(extension text: String, paging: DeclaredPaging) throws {
        let declared = try Self.declared(extensions: #""x-fern-pagination":"# + text, schema: Self.listOfData)
        #expect(declared == DeclaredList(items: ["data"], paging: paging, source: "x-fern-pagination"))
    }

    @Test func stainlessPaginationProperties() throws {
        let mark = { (purpose: String) in #""x-stainless-pagination-property":{"purpose":"\#(purpose)"}"# }
        let cursor = try Self.declared(
            parameters: #"[{"name":"after","in":"query","schema":{"type":"string",\#(mark("next_cursor_param"))}},{"name":"limit","in":"query","schema":{"type":"integer"}}]"#,
            schema: #"{"type":"object","properties":{"result":{"type":"array","items":{},\#(mark("items"))},"cursor":{"type":"object","properties":{"next":{"type":"string",\#(mark("next_cursor_field"))}}}}}"#)
        #expect(cursor == DeclaredList(items: ["result"], paging: .cursor(param: "after", path: ["cursor", "next"]), source: "x-stainless-pagination-property"))
        let byID = try Self.declared(
            parameters: #"[{"name":"starting_after","in":"query","schema":{"type":"string",\#(mark("next_cursor_id_param"))}}]"#,
            schema: #"{"type":"object","properties":{"data":{"type":"array","items":{},\#(mark("items"))},"has_more":{"type":"boolean"}}}"#)
        #expect(byID?.paging == .lastItemID(param: "starting_after"))
        let pages = try Self.declared(
            parameters: #"[{"name":"page","in":"query",\#(mark("page_number_param")),"schema":{"type":"integer"}}]"#,
            schema: #"{"type":"array","items":{},"x-stainless-pagination-property":{"is_top_level_array":true}}"#)
        #expect(pages == DeclaredList(items: [], paging: .pageNumber(param: "page"), source: "x-stainless-pagination-property"))
    }

    /// A place the reader cannot follow (the last item's field) is left to detection.
    @Test func aJSONPathBeyondADottedPathIsLeftToDetection() throws {
        let declared = try Self.declared(
            extensions: #""x-speakeasy-pagination":{"type":"cursor","inputs":[{"name":"since","in":"parameters","type":"cursor"}],"outputs":{"nextCursor":"$.data[(@.length-1)].created","results":"$.data"}}"#,
            schema: Self.listOfData)
        #expect(declared == DeclaredList(items: ["data"], paging: nil, source: "x-speakeasy-pagination"))
    }

    @Test(arguments: [
        (DeclaredPaging.nextURL(path: ["meta", "next"]), "next"), (.cursor(param: "after", path: ["c"]), "cursor"),
        (.offset(param: "skip"), "offset"), (.pageNumber(param: "p"), "page"), (.lastItemID(param: "starting_after"), "has-more"), (.none, "none"),
    ])
    func eachDeclaredPagingIsOneOfPortalsDialects(paging: DeclaredPaging, name: String) {
        #expect(OpenAPIDialect.dialect(paging).name == name)
    }

    /// A cursor the detector would not find (`meta.after`, sent back as `after`) is
    /// followed because the document says where it is.
    @Test func theDeclaredCursorIsFollowed() throws {
        let url = try #require(URL(string: "http://127.0.0.1:1/things?limit=2"))
        let body = #"{"data":[{"id":1},{"id":2}],"meta":{"after":"tok-2"}}"#
        let response = HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Data(body.utf8))
        let declared = DeclaredList(items: ["data"], paging: .cursor(param: "after", path: ["meta", "after"]), source: "x-fern-pagination")
        let reading = try OpenAPIDialect.reading(response, for: url, declared: declared)
        #expect(reading.items == ["data"])
        #expect(reading.pageSize == 2)
        let pages = AnyAPIPages(url: url, reading: reading)
        let page = try pages.decode(response, for: pages.firstPage)
        #expect(page.items.count == 2)
        #expect(page.next?.http.url.absoluteString == "http://127.0.0.1:1/things?limit=2&after=tok-2")
        // Without the declaration the answer reads as one page.
        let detected = try OpenAPIDialect.reading(response, for: url, declared: nil)
        #expect(try AnyAPIPages(url: url, reading: detected).decode(response, for: pages.firstPage).next == nil)
    }
}

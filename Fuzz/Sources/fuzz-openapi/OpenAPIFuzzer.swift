import OpenAPIFuzzEntryPoint

/// libFuzzer target: the OpenAPI document reader, YAML and JSON (see
/// `OpenAPIFuzzEntryPoint.document`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        try OpenAPIFuzzEntryPoint.document(bytes)
    } catch {
        fatalError("fuzz invariant broken: \(error)")
    }
    return 0
}

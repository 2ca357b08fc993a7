import FuzzEntryPoints

/// libFuzzer target: the GraphQL answer reader and the schema reader
/// (see `FuzzEntryPoint.graphQLAnswer`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzerInput.run(data, size, FuzzEntryPoint.graphQLAnswer)
}

import FuzzEntryPoints

/// libFuzzer target: the GraphQL introspection reader (see `FuzzEntryPoint.graphQLSchema`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzerInput.run(data, size, FuzzEntryPoint.graphQLSchema)
}

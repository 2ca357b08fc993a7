import FuzzEntryPoints

/// libFuzzer target: the graphql-transport-ws message reader (see `FuzzEntryPoint.graphQLWSMessage`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzerInput.run(data, size, FuzzEntryPoint.graphQLWSMessage)
}

import FuzzEntryPoints

/// libFuzzer target: `JSONNode.parse`'s bound on the tree it builds from a body
/// (see `FuzzEntryPoint.jsonTree`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzerInput.run(data, size, FuzzEntryPoint.jsonTree)
}

import FuzzEntryPoints

/// libFuzzer target: an answer of any API, its dialect detected and its pages followed
/// (see `FuzzEntryPoint.anyAPIPage`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzerInput.run(data, size, FuzzEntryPoint.anyAPIPage)
}

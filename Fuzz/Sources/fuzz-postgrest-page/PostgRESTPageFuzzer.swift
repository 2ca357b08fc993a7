import FuzzEntryPoints

/// libFuzzer target: a PostgREST answer with its Content-Range (see `FuzzEntryPoint.postgRESTPage`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzerInput.run(data, size, FuzzEntryPoint.postgRESTPage)
}

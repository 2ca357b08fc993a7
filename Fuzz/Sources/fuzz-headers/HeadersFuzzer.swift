import FuzzEntryPoints

/// libFuzzer target: Retry-After and Content-Range headers (see `FuzzEntryPoint.headers`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzerInput.run(data, size, FuzzEntryPoint.headers)
}

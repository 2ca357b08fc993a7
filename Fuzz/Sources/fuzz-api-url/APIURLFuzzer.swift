import FuzzEntryPoints

/// libFuzzer target: a `next` link or any API URL (see `FuzzEntryPoint.apiURL`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzerInput.run(data, size, FuzzEntryPoint.apiURL)
}

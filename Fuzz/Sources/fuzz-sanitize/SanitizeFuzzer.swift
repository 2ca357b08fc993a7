import FuzzEntryPoints

/// libFuzzer target: any bytes through the one output rule (see `FuzzEntryPoint.sanitize`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzerInput.run(data, size, FuzzEntryPoint.sanitize)
}

import FuzzEntryPoints

/// libFuzzer target: a `--base-url` value (see `FuzzEntryPoint.baseURLOption`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzerInput.run(data, size, FuzzEntryPoint.baseURLOption)
}

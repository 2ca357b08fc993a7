import FuzzEntryPoints

/// libFuzzer target: the server-sent events reader (see `FuzzEntryPoint.eventStream`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzerInput.run(data, size, FuzzEntryPoint.eventStream)
}

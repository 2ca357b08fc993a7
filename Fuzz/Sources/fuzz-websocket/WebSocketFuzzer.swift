import FuzzEntryPoints

/// libFuzzer target: the WebSocket frame and message reader (see `FuzzEntryPoint.webSocketInbound`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzerInput.run(data, size, FuzzEntryPoint.webSocketInbound)
}

import FuzzEntryPoints

/// libFuzzer target: the demo models' JSONReader and the models read through it (see `FuzzEntryPoint.jsonModels`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzerInput.run(data, size, FuzzEntryPoint.jsonModels)
}

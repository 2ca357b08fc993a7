import CacheFuzzEntryPoint
import FuzzEntryPoints

/// libFuzzer target: a disk cache row read back (see `CacheFuzzEntryPoint.storedAnswer`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzerInput.run(data, size, CacheFuzzEntryPoint.storedAnswer)
}

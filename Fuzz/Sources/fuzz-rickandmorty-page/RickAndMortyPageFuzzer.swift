import FuzzEntryPoints

/// libFuzzer target: a Rick and Morty page answer (see `FuzzEntryPoint.rickAndMortyPage`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzerInput.run(data, size, FuzzEntryPoint.rickAndMortyPage)
}

import FuzzEntryPoints

/// libFuzzer target: a PokeAPI page answer (see `FuzzEntryPoint.pokeAPIPage`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzerInput.run(data, size, FuzzEntryPoint.pokeAPIPage)
}

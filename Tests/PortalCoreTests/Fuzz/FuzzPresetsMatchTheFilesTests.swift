import PortalCore
import PortalTestSupport
import Testing

/// The fuzz targets page the built-in lists as the preset files do (the fuzz package links
/// no config reader and writes the tables itself): each is its file's own.
@Suite struct FuzzPresetsMatchTheFilesTests {
    @Test func theFuzzTargetsPageAsThePresetFilesSay() {
        for name in ["character", "episode", "location"] {
            #expect(TestData.rickAndMortyLists.paging(of: name) == FuzzPresets.rickAndMortyPaging, "\(name)")
        }
        #expect(TestData.pokeAPILists.paging(of: "pokemon") == FuzzPresets.pokeAPIPaging)
        #expect(TestData.postgRESTPaging == FuzzPresets.postgRESTPaging)
    }
}

import PortalImage
import Testing

@Suite("RGB → xterm 256 colours")
struct XtermPaletteTests {
    @Test func cornersOfTheCube() {
        #expect(XtermPalette.index(red: 0, green: 0, blue: 0) == 16)
        #expect(XtermPalette.index(red: 255, green: 255, blue: 255) == 231)
        #expect(XtermPalette.index(red: 255, green: 0, blue: 0) == 196)
        #expect(XtermPalette.index(red: 0, green: 255, blue: 0) == 46)
        #expect(XtermPalette.index(red: 0, green: 0, blue: 255) == 21)
        #expect(XtermPalette.index(red: 95, green: 135, blue: 175) == 67)
    }

    @Test func nearColoursSnapToTheNearestLevel() {
        #expect(XtermPalette.index(red: 250, green: 10, blue: 5) == 196)
        #expect(XtermPalette.index(red: 100, green: 140, blue: 170) == 67)
        // 47 is nearer 0, 48 nearer 95.
        #expect(XtermPalette.index(red: 47, green: 0, blue: 200) == 16 + 4)
        #expect(XtermPalette.index(red: 48, green: 0, blue: 200) == 16 + 36 + 4)
    }

    @Test func greysUseTheRamp() {
        #expect(XtermPalette.index(red: 128, green: 128, blue: 128) == 244)
        #expect(XtermPalette.index(red: 8, green: 8, blue: 8) == 232)
        #expect(XtermPalette.index(red: 238, green: 238, blue: 238) == 255)
        #expect(XtermPalette.index(red: 30, green: 31, blue: 29) == 234)
    }

    @Test func everyPaletteColourMapsToItself() {
        for index in UInt8(16)...UInt8(255) {
            guard let rgb = XtermPalette.rgb(of: index) else {
                Issue.record("no RGB for \(index)")
                continue
            }
            #expect(XtermPalette.index(red: rgb.red, green: rgb.green, blue: rgb.blue) == index)
        }
        #expect(XtermPalette.rgb(of: 3) == nil)
    }
}

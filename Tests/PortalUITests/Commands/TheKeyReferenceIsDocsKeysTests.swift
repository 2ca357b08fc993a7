import Foundation
import Testing
import PortalUI

/// docs/keys.md is made from the command table; this keeps it current.
@Test func keyReferenceMatchesDocs() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/keys.md")
    if recordsGoldens() {
        try KeyReference.markdown.write(to: docs, atomically: true, encoding: .utf8)
    }
    let current = try String(contentsOf: docs, encoding: .utf8)
    #expect(current == KeyReference.markdown, "docs/keys.md is out of date: PORTAL_RECORD_GOLDEN=1 swift test --filter keyReference")
}

import Foundation
import PortalCore

/// Asks for the first page of a list at a URL and reads its `ListReading` (the items and
/// the paging dialect among `APIRegistry.dialects`) from the answer — once, before the
/// list starts — through the one retry loop: a 5xx or no answer is
/// retried as for any page, an answer that is no readable list is not (it would only
/// come back the same). The answer, having been read, is kept by the caches, so the list's
/// own first page costs no second request.
public enum DialectProbe {
    public static func detect(
        url: URL, headers: [String: String], overrides: DialectDetector.Overrides, sender: RetryingSender,
        onRetry: (_ attempt: Int, _ failure: PageFailure, _ wait: Duration) -> Void = { _, _, _ in }
    ) async -> Result<ListReading, PageFailure> {
        let outcome = await sender.send(HTTPRequest(url: url, headers: headers)) { response throws(PageFailure) -> Result<ListReading, PageFailure> in
            // A list spec's past-end answer is read (an empty list), not retried as a failure.
            guard (200..<300).contains(response.status) || overrides.spec?.pastEnd?.matches(response) == true else {
                throw PageFailure(statusOf: response)
            }
            do throws(PageFailure) {
                return .success(try DialectDetector.detect(response, for: url, overrides: overrides))
            } catch {
                return .failure(error)
            }
        } onRetry: { attempt, failure, wait in
            onRetry(attempt, failure, wait)
        }
        switch outcome {
        case .success(let detected): return detected
        case .failure(let failure): return .failure(failure)
        }
    }
}

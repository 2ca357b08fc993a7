import Foundation
import PortalCore

/// Short dates for people ("4 Nov 2017"), always in UTC so every machine (and every
/// golden file) shows the same day for the same timestamp.
public enum DateText {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public static func short(_ date: Date) -> String {
        // APIDate.format is UTC and fixed-shape: YYYY-MM-DDT…
        let text = Array(APIDate.format(date))
        guard text.count >= 10, let year = Int(String(text[0..<4])), let month = Int(String(text[5..<7])),
              let day = Int(String(text[8..<10])), (1...12).contains(month) else { return "?" }
        return "\(day) \(months[month - 1]) \(year)"
    }
}

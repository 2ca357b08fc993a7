/// Short names for the statuses portal reports.
public enum HTTPStatusText {
    public static func describe(_ status: Int) -> String {
        switch status {
        case 400: "HTTP 400 Bad Request"
        case 404: "HTTP 404 Not Found"
        case 416: "HTTP 416 Range Not Satisfiable"
        case 429: "HTTP 429 Too Many Requests"
        case 500: "HTTP 500 Internal Server Error"
        case 502: "HTTP 502 Bad Gateway"
        case 503: "HTTP 503 Service Unavailable"
        case 504: "HTTP 504 Gateway Timeout"
        default: "HTTP \(status)"
        }
    }
}

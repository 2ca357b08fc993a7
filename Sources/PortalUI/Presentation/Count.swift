/// Counting words for cards and fields ("1 resident", "27 residents").
enum Count {
    static func of(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? singular : plural ?? singular + "s")
    }
}

import ArgumentParser
import PortalCore
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Print a resource's items page by page.")
    @OptionGroup var source: SourceOptions
    func run() async throws {}
}

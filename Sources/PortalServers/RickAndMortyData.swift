import Foundation
import PortalCore
import PortalDemoModels
import PortalJSON

/// The Rick and Morty snapshot as read from `DATA/rickandmorty/`: characters, episodes,
/// locations, and where the avatars are.
public struct RickAndMortyData: Sendable {
    public let characters: [Character]
    public let episodes: [Episode]
    public let locations: [Location]
    public let avatarsFolder: String

    public init(characters: [Character], episodes: [Episode], locations: [Location], avatarsFolder: String) {
        self.characters = characters
        self.episodes = episodes
        self.locations = locations
        self.avatarsFolder = avatarsFolder
    }

    /// Loads `dataFolder/rickandmorty/*.json`. A missing folder or file is one clear error
    /// naming the path.
    public static func load(dataFolder: String) throws -> RickAndMortyData {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dataFolder, isDirectory: &isDir), isDir.boolValue else {
            throw PortalError.dataFolderMissing(dataFolder)
        }
        let folder = (dataFolder as NSString).appendingPathComponent("rickandmorty")
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else {
            throw PortalError.dataFolderMissing(folder)
        }
        func read<T: APIDecodable>(_ name: String, as: [T].Type) throws -> [T] {
            let path = (folder as NSString).appendingPathComponent(name)
            let data = try SnapshotFile.read(path, limit: SnapshotFile.maxJSONBytes)
            do {
                return try T.readArray(data)
            } catch {
                throw PortalError.dataFileUnreadable(path, "not the API's JSON (\(error))")
            }
        }
        return RickAndMortyData(
            characters: try read("characters.json", as: [Character].self),
            episodes: try read("episodes.json", as: [Episode].self),
            locations: try read("locations.json", as: [Location].self),
            avatarsFolder: (folder as NSString).appendingPathComponent("avatars"))
    }
}

import MCP
import PortalCore

/// `portal mcp`: a Model Context Protocol server on stdio that reads APIs with portal's
/// engine (stub while the server is built).
public enum PortalMCPServer {
    public static let name = "portal"
}

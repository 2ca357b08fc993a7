import PortalCore

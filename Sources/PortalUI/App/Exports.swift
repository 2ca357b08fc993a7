// The update function returns `Effect`s and takes `AppMessage`s: whoever drives a
// `ScreenController` speaks both, so importing PortalUI brings them along.
@_exported import PortalEffects

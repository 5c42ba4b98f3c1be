// What FSFindDesktop offers the other targets of fsfind: its `package` declarations, and nothing else
// (everything else here is internal; tests reach it through `@testable import`).
// `SurfaceTests` (RepositoryTests) checks this list against the code, so it cannot drift.
//
// - `DBusValue` (enum, DBusValue.swift): A D-Bus value as the provider builds its replies
// - `DesktopBus` (class, DesktopBus.swift): The provider on the session bus
// - `DesktopEnvironment` (protocol, DesktopEnvironment.swift): What the provider asks of the desktop
// - `DesktopSearchBackend` (class, DesktopSearchBackend.swift): The one place the desktop interfaces ask the index
// - `DesktopSearchService` (class, DesktopSearchService.swift): GNOME Shell's SearchProvider2 and KRunner's krunner1,
//   answered from ``DesktopSearchBackend``
// - `GIODesktop` (class, GIODesktop.swift): ``DesktopEnvironment`` as GNOME and KDE do it, through GIO
// - `GIOLibrary` (struct, GIOLibrary.swift): The GIO, GObject and GLib functions the desktop search provider calls,
//   loaded with `dlopen` when `fsfind desktop-search` starts and never by any other command

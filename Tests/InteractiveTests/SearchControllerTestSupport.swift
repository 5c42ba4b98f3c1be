import FSFindText
import Foundation
import Testing

@testable import FSFindIndexFormat
@testable import FSFindInteractive
@testable import FSFindModel
@testable import FSFindQuery
@testable import FSFindSearch

/// Plays the terminal loop's part for ``SearchController``: scans with a real ``InteractiveScan``
/// over the test's index (answers carried out before the next effect, as the loop does), and
/// keeps every effect for the test to look at. No terminal, no worker, no text store: the test
/// answers those effects itself.
struct ScreenDriver {
    var controller: SearchController
    var scan: InteractiveScan
    /// Scans are answered; false leaves them ordered, for a test that answers them itself.
    var runsScans = true

    init(
        index: IndexSnapshot, context: QueryContext, session: SearchSession, settings: SearchController.Settings,
        hasTextStore: Bool = false
    ) {
        let recent = RecentSearches(path: "/nonexistent/fsfind-tests/recent-searches")
        controller = SearchController(
            // Test-only: the fixtures' index is sound; a damaged one fails the test here.
            index: try! index.readerOfEverything(), hasTextStore: hasTextStore, context: context, session: session,
            recent: recent,
            settings: settings)
        scan = InteractiveScan(reader: controller.index, now: context.now, text: nil)
    }

    /// Hands `event` to the controller and carries out the scans among the effects; all the
    /// effects, the answers' included, in order.
    @discardableResult
    mutating func send(_ event: SearchEvent) -> [SearchEffect] {
        var done: [SearchEffect] = []
        var waiting = controller.handle(event)
        while !waiting.isEmpty {
            let effect = waiting.removeFirst()
            done.append(effect)
            if runsScans, case .scan(let order) = effect {
                let result = try? scan.run(
                    order.query, scope: order.scope, onlyIn: order.location, candidates: order.candidates)
                let answer: SearchEvent = result.map { .scanFinished(order, $0) } ?? .scanStopped(order)
                waiting = controller.handle(answer) + waiting
            }
        }
        return done
    }

    /// Keys read as one batch, then the search the loop runs next when one is due.
    @discardableResult
    mutating func press(_ keys: Key..., at readAt: ContinuousClock.Instant = .now) -> [SearchEffect] {
        send(.keys(keys, readAt: readAt)) + settle()
    }

    /// What the loop does before it waits for a key: the due search.
    @discardableResult
    mutating func settle() -> [SearchEffect] {
        controller.needsSearch ? send(.readyToSearch) : []
    }

    /// Starts the screen at `width` × `height` and answers the first (empty) field.
    @discardableResult
    mutating func start(width: Int = 80, height: Int = 24) -> [SearchEffect] {
        send(.started(width: width, height: height)) + settle()
    }
}

extension Array where Element == SearchEffect {
    var paints: [SearchPaint] { compactMap { if case .paint(let paint) = $0 { paint } else { nil } } }
    var scans: [ScanOrder] { compactMap { if case .scan(let order) = $0 { order } else { nil } } }
    var previewRequests: [PreviewTarget] {
        compactMap { if case .requestPreview(let target) = $0 { target } else { nil } }
    }
    var paneTextOrders: [PaneTextOrder] { compactMap { if case .readPaneText(let order) = $0 { order } else { nil } } }
    var opens: [[UInt8]] { compactMap { if case .open(let path) = $0 { path } else { nil } } }
    var outcome: SearchOutcome? { lazy.compactMap { if case .finish(let outcome) = $0 { outcome } else { nil } }.first }
    var savedSearches: [[String]] {
        compactMap { if case .saveRecentSearches(let recent) = $0 { recent.entries } else { nil } }
    }

    /// The names the last frame lists.
    var listed: [String]? { paints.last?.model.entries.map(\.name) }
}

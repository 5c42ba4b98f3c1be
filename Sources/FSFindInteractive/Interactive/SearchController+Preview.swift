import FSFindIndexFormat
import FSFindModel
import FSFindSearch

/// The work done when no key waits: the pane's words and the preview, and the images the
/// terminal holds.
extension SearchController {
    /// What to do while nothing waits: read the selected file's words for the pane if the last
    /// frame lacked them, and ask for its preview if it is not drawn yet. Both cost far more than
    /// a keystroke may (tens of milliseconds for a long file's snippet, a worker's round trip), so
    /// they come after the list is painted.
    mutating func idleWork() -> [SearchEffect] {
        guard !needsSearch else { return [] }
        var effects: [SearchEffect] = []
        if paneTextMissing, let row = session.selectedRow {
            effects.append(
                .readPaneText(
                    PaneTextOrder(
                        row: row, path: index.path(at: row), identity: index.identity(at: row),
                        text: FieldQuery(session.field, context: context).text,
                        field: session.field.text, wantsStart: previewTarget(for: row) == nil)))
        }
        if let target = selectedPreviewTarget, previewCache.preview(for: target) == nil {
            effects.append(.requestPreview(target))
        }
        return effects
    }

    /// Keeps a preview and paints it; the preview trace notes when the moved selection's shows.
    mutating func show(_ preview: FilePreview, for target: PreviewTarget) -> [SearchEffect] {
        previewCache.insert(preview, for: target)
        var effects = [paint()]
        if let start = movedAt, selectedPreviewTarget == target {
            effects.append(.tracePreview("preview", since: start))
            movedAt = nil
        }
        return effects
    }

    /// The preview the box would show for the selected row.
    var selectedPreviewTarget: PreviewTarget? { session.selectedRow.flatMap(previewTarget(for:)) }

    /// What the pane's preview box would show for `row`: nil when the box is hidden or the file
    /// has no kind of preview.
    func previewTarget(for row: Int) -> PreviewTarget? {
        guard var box = layout.previewBox else { return nil }
        if settings.terminalImages { box.columns = min(box.columns, KittyGraphics.largestSide) }
        var tree: [String] = []
        if case .textList(let types)? = index.value(of: .contentTypeTree, at: row) { tree = types }
        guard settings.previewable(tree, index.name(at: row)) else { return nil }
        return PreviewTarget(
            path: index.path(at: row), identity: index.identity(at: row), tree: tree, columns: box.columns,
            rows: box.rows)
    }

    /// The id under which the terminal holds `image`, sending it first (after deleting the image
    /// whose id it takes) when it is not there yet.
    mutating func imageID(for target: PreviewTarget, _ image: PreviewImage) -> Int {
        if let id = sentImages.first(where: { $0.value == target })?.key { return id }
        let id = nextImageID
        nextImageID = nextImageID % Self.imageSlots + 1
        if sentImages[id] != nil { graphics += KittyGraphics.delete(id: id) }
        sentImages[id] = target
        graphics += KittyGraphics.transmit(image, id: id)
        return id
    }
}

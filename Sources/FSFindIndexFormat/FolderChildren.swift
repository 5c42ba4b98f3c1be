/// A file's rows by folder and name: the row called `name` in a folder's row, found by binary
/// search over that folder's children, so a crawled entry is matched with its old row without a
/// path built or compared whole.
///
/// The names section gives every row's parent and name, and the children of one folder are in
/// name order (byte order, as paths sort); the table of each folder's children is built once,
/// in 8 bytes a row.
package struct FolderChildren {
    private let reader: IndexReader
    /// `children[childStart[r]..<childStart[r + 1]]` are the rows whose parent is row `r`.
    private let childStart: [Int32]
    private let children: [Int32]

    /// The children of every folder `reader` reads (a reader of one file that reads its tree:
    /// ``IndexFile/treeReader(for:releasingPages:)``, ``IndexFile/readerOfEverything(tree:releasingPages:)``).
    package init(_ reader: IndexReader) {
        self.reader = reader
        let count = reader.itemCount
        var parents = [Int32](repeating: -1, count: count)
        var counts = [Int32](repeating: 0, count: count + 1)
        for row in 0..<count {
            guard let parent = reader.parentRow(at: row) else { continue }
            parents[row] = Int32(parent)
            counts[parent + 1] += 1
        }
        for row in 0..<count { counts[row + 1] += counts[row] }
        var next = counts
        var children = [Int32](repeating: 0, count: Int(counts[count]))
        for row in 0..<count where parents[row] >= 0 {
            let parent = Int(parents[row])
            children[Int(next[parent])] = Int32(row)
            next[parent] += 1
        }
        childStart = counts
        self.children = children
    }

    /// The child of row `folder` called `name`; nil when it has none.
    package func child(of folder: Int, named name: ArraySlice<UInt8>) -> Int? {
        var low = Int(childStart[folder])
        var high = Int(childStart[folder + 1])
        return name.withUnsafeBytes { target -> Int? in
            while low < high {
                let mid = low + (high - low) / 2
                let row = Int(children[mid])
                let order = StagedItems.compare(reader.nameBytes(at: row), target)
                if order == 0 { return row }
                if order < 0 { low = mid + 1 } else { high = mid }
            }
            return nil
        }
    }
}

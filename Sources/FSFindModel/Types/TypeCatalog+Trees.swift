/// What the identifier asks of the catalog, derived from ``TypeCatalog/declarations`` once: a
/// declared type's kind, the types a file-name extension may name, and a type's tree.
extension TypeCatalog {
    /// The kind (a person's name for it) of the declared type `uti`; nil for a type not declared
    /// here.
    package static func kind(of uti: String) -> String? {
        declarationsByUTI[uti]?.kind
    }

    /// The declared types whose extensions include `ext` (lowercase, without the dot), in
    /// declaration order: an extension may name several types, like `ts` (TypeScript or an MPEG-2
    /// transport stream), and the MIME answer decides which one applies.
    package static func types(withExtension ext: String) -> [String] {
        utisByExtension[ext] ?? []
    }

    /// The declared type `uti` and every type it conforms to, most specific first (breadth first
    /// over the parents), ending in `public.item`; nil for a type not declared here.
    package static func tree(of uti: String) -> [String]? {
        trees[uti]
    }

    private static let declarationsByUTI: [String: TypeDeclaration] = {
        var table: [String: TypeDeclaration] = [:]
        for declaration in declarations where table[declaration.uti] == nil {
            table[declaration.uti] = declaration
        }
        return table
    }()

    private static let utisByExtension: [String: [String]] = {
        var table: [String: [String]] = [:]
        for declaration in declarations {
            for ext in declaration.extensions { table[ext, default: []].append(declaration.uti) }
        }
        return table
    }()

    private static let trees: [String: [String]] = {
        var table: [String: [String]] = [:]
        for declaration in declarations { table[declaration.uti] = computeTree(of: declaration.uti) }
        return table
    }()

    private static func computeTree(of uti: String) -> [String] {
        var result: [String] = []
        var seen: Set<String> = []
        var queue = [uti]
        var index = 0
        while index < queue.count {
            let current = queue[index]
            index += 1
            guard seen.insert(current).inserted else { continue }
            if current != "public.item" { result.append(current) }
            queue.append(contentsOf: declarationsByUTI[current]?.parents ?? [])
        }
        result.append("public.item")
        return result
    }
}

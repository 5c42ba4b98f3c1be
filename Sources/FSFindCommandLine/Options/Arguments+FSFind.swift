import ArgumentParser
import FSFindModel
import FSFindQuery
import FSFindSearch
import Foundation

extension Scope: ExpressibleByArgument {}
extension SortKey: ExpressibleByArgument {}

/// Parses `--attr` values: repeatable, each a comma-separated list of names or aliases.
func parseAttributes(_ values: [String]) throws -> [Attribute] {
    var attributes: [Attribute] = []
    for name in values.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces) })
    where !name.isEmpty {
        guard let attribute = AttributeRegistry.attribute(named: name) else {
            let close = AttributeRegistry.closestNames(to: name)
            let hint = close.isEmpty ? "; 'fsfind attributes' lists them" : " (did you mean '\(close[0])'?)"
            throw ValidationError("unknown attribute '\(name)' in --attr\(hint)")
        }
        if !attributes.contains(attribute) { attributes.append(attribute) }
    }
    return attributes
}

import ArgumentParser
import FSFindModel
import FSFindOutput
import Foundation

extension FSFindCommand {
    /// `fsfind attributes`: the attribute registry, printed from the code's own table.
    struct Attributes: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "attributes",
            abstract: "List the attributes a query can use, with type, aliases and meaning.",
            discussion: "Example:\n  fsfind attributes")

        @Flag(name: .long, help: "Print one JSON object per attribute.")
        var json = false

        /// Accepted like every command's, though the list does not depend on the index.
        @OptionGroup var indexOption: IndexOption

        func run() throws {
            var output = StandardOutput()
            defer { output.flush() }
            let descriptors = AttributeRegistry.all
            if json {
                for descriptor in descriptors {
                    var object = JSONWriter()
                    object.add("name", json: JSONWriter.string(descriptor.name))
                    object.add("type", json: JSONWriter.string(descriptor.type.rawValue))
                    object.add(
                        "aliases", json: "[" + descriptor.aliases.map(JSONWriter.string).joined(separator: ",") + "]")
                    object.add("meaning", json: JSONWriter.string(descriptor.meaning))
                    output.write(line: object.line)
                }
                return try output.finish()
            }
            let nameWidth = descriptors.map(\.name.count).max() ?? 0
            let typeWidth = descriptors.map(\.type.rawValue.count).max() ?? 0
            for descriptor in descriptors {
                let aliases = descriptor.aliases.isEmpty ? "" : "  [\(descriptor.aliases.joined(separator: ", "))]"
                output.write(
                    line: descriptor.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
                        + descriptor.type.rawValue.padding(toLength: typeWidth, withPad: " ", startingAt: 0) + "  "
                        + descriptor.meaning + aliases)
            }
            try output.finish()
        }
    }
}

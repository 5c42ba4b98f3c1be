import ArgumentParser
import FSFindElastic
import FSFindModel
import Foundation

extension FSFindCommand {
    /// `fsfind export`: the index as Elasticsearch `_bulk` NDJSON, to load a cluster.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write the index as Elasticsearch/OpenSearch bulk requests (NDJSON).",
            discussion: """
                Every indexed item as an index action and an FSCrawler-shaped document (the fields \
                Samba's Spotlight backend queries), streamed to stdout, for a cluster that outgrows \
                one machine. Items whose path is not UTF-8 are left out (a document's path is text) \
                and counted on stderr. Deletions are not exported: reload, or delete by query.

                Examples:
                  fsfind export --es-mapping > mapping.json
                  fsfind export --es-bulk > items.ndjson
                  fsfind export --es-bulk --since 2026-11-01 > changed.ndjson
                  curl -H 'Content-Type: application/x-ndjson' --data-binary @items.ndjson \\
                    http://es:9200/_bulk
                """)

        @Flag(name: .customLong("es-bulk"), help: "Write _bulk NDJSON: an action line, then the document.")
        var bulk = false

        @Flag(name: .customLong("es-mapping"), help: "Write the index mapping for the documents instead.")
        var mapping = false

        @Option(
            name: .customLong("index-name"), help: ArgumentHelp("The _index the actions name.", valueName: "name"))
        var indexName = "fsfind"

        @Option(
            help: ArgumentHelp(
                "Only items changed (content or attributes) at or after DATE (2026-11-01, 2026-11-01T09:00).",
                valueName: "date"))
        var since: String?

        @Flag(name: .customLong("no-content"), help: "Leave out the words inside files (the content field).")
        var noContent = false

        @OptionGroup var indexOption: IndexOption

        func validate() throws {
            guard bulk != mapping else { throw ValidationError("name one of --es-bulk and --es-mapping") }
            if let since, ISO8601Text(since) == nil {
                throw ValidationError(
                    "--since: expected an ISO 8601 date (2026-11-01 or 2026-11-01T09:00), not '\(since)'")
            }
        }

        func run() throws {
            var output = StandardOutput()
            if mapping {
                output.write(line: ElasticExport.mapping)
                try output.finish()
                return
            }
            let start = since.flatMap { ISO8601Text($0)?.interval(in: .current)?.start }
            let index = try indexOption.open()
            let skipped = try ElasticExport.bulk(
                index: index, content: !noContent, indexName: indexName, since: start
            ) { output.write(line: $0) }
            try output.finish()
            if skipped > 0 {
                StandardError.write("fsfind: \(skipped) item(s) left out: their paths are not UTF-8\n")
            }
        }
    }
}

import FSFindModel

extension WordCutter {
    /// `word` as the tokenizer `spec` indexes it: its stem (`comparisons` → `comparison` with the
    /// English stemmer), what free text compares a query word's forms by (``TextStore/wordCutterSpec``
    /// names a store's tokenizer). Nil when the tokenizer cuts it into no word or into several.
    func stem(_ word: String, spec: String) throws(FSFindError) -> String? {
        let stream = try cut(word, spec: spec)
        // The stream: for each word a LEB128 varint of its length times two (plus one when it
        // shares the place of the word before), then its bytes.
        var position = 0
        var stems: [String] = []
        while position < stream.count {
            var header = 0
            var shift = 0
            var byte: UInt8
            repeat {
                guard position < stream.count, shift < 35 else { return nil }
                byte = stream[position]
                position += 1
                header |= Int(byte & 0x7F) << shift
                shift += 7
            } while byte & 0x80 != 0
            let length = header >> 1
            guard position + length <= stream.count else { return nil }
            if header & 1 == 0 { stems.append(String(decoding: stream[position..<(position + length)], as: UTF8.self)) }
            position += length
        }
        return stems.count == 1 ? stems[0] : nil
    }
}

extension TextStore {
    /// What free text compares a query word's forms by: each word's stem as `store` stems its
    /// words (the default language's without a store); nil when the store keeps words unstemmed
    /// or no tokenizer can be loaded.
    package static func stemmer(for store: TextStore?) -> ((String) -> String?)? {
        guard store?.language != "none", let cutter = try? WordCutter.shared.get() else { return nil }
        let spec = store?.wordCutterSpec ?? defaultWordCutterSpec
        return { word in (try? cutter.stem(word, spec: spec)) ?? nil }
    }
}

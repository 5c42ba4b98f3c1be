import FSFindQuery
import FSFindSearch

extension FieldQuery {
    /// What the scan runs for `field` as it now is: its chips and its typed text.
    init(_ field: SearchField, context: QueryContext) {
        self.init(chips: field.tokens, text: field.text, context: context)
    }
}

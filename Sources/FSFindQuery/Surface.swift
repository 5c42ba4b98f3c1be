// What FSFindQuery offers the other targets of fsfind: its `package` declarations, and nothing else
// (everything else here is internal; tests reach it through `@testable import`).
// `SurfaceTests` (RepositoryTests) checks this list against the code, so it cannot drift.
//
// - `AttributeTarget` (enum, QueryExpression.swift): What a predicate reads
// - `Comparison` (struct, QueryExpression.swift): `attribute op value modifiers`
// - `ComparisonOperator` (enum, QueryExpression.swift): A comparison operator
// - `CompiledQuery` (struct, CompiledQuery.swift): A ``Query`` made ready to run against many items
// - `FreeTextMatcher` (struct, FreeTextMatcher.swift): Evaluates and ranks a free-text query
// - `Node` (enum, CompiledQuery.swift): A compiled query tree
// - `Query` (struct, Query.swift): A parsed and type-checked query, independent of the clock and the index
// - `QueryContext` (struct, QueryContext.swift): The environment a query is evaluated in
// - `QueryError` (struct, QueryError.swift): A query that cannot be run
// - `QueryExpression` (enum, QueryExpression.swift): A parsed, type-checked query
// - `QueryValue` (enum, QueryExpression.swift): A value on the right of an operator or an `InRange` bound
// - `RangeTest` (struct, QueryExpression.swift): `InRange(attribute, lower, upper)`
// - `SearchToken` (struct, Tokens/SearchToken.swift): A filter chip in the search field
// - `SearchTokenParser` (enum, Tokens/SearchTokenParser.swift): Reads `key:value` words typed into the search field
//   into ``SearchToken``s
// - `TextMatcher` (struct, TextMatcher.swift): One text pattern with its modifiers, compiled once per query and
//   applied to many values
// - `TextModifiers` (struct, QueryExpression.swift): The text-matching modifiers written straight after a closing
//   quote (`"Paris"wc`)
// - `TextPattern` (struct, QueryExpression.swift): A quoted string, split into literal runs and `*` wildcards
// - `TextTest` (struct, CompiledQuery.swift): `attribute(s) ==/!= pattern` on text and text lists
// - `TimeSpan` (struct, TimeSpan.swift): A resolved `$time` value
// - `TimeValue` (enum, TimeValue.swift): A `$time…` value as written

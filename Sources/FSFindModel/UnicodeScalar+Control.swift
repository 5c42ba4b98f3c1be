extension Unicode.Scalar {
    /// True for what a terminal may act on rather than print: C0 controls, DEL and the C1 controls
    /// (U+0080–U+009F, among them CSI U+009B, which some terminals obey). Everything fsfind shows
    /// a person (the search screen, the echo of a query, terminal output, diagnostics) shows these
    /// as a space or an escape, never raw.
    package var isTerminalControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}

/// The version `fsfind --version` prints; the one place it is written.
package enum FSFindVersion {
    package static let string = "0.1.0"
}

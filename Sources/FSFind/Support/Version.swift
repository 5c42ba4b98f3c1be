/// The version `fsfind --version` prints; the one place it is written.
public enum FSFindVersion {
    public static let string = "0.1.0"
}

/// The release of Segue this is. The repository's `VERSION` file is where it is set, and
/// `scripts/set-version` writes it here, into the C header's `SEGUE_VERSION_*` and into the Python
/// package (`segue --version` says this one); the command line's `VersionTests` check each against
/// that file. CHANGELOG.md has what each release changed.
///
/// (Not `SegueVersion`: symbol graph tools, and with them DocC and `make check-api`, leave out a
/// declaration of module `Segue` whose name begins `SegueVersion`, as they do a framework's
/// generated version symbols.)
public enum SegueRelease {
    /// "MAJOR.MINOR.PATCH", as in `VERSION`.
    public static let version = "1.0.0"

    public static var major: Int { component(0) }
    public static var minor: Int { component(1) }
    public static var patch: Int { component(2) }

    private static func component(_ index: Int) -> Int {
        let parts = version.split(separator: ".")
        return index < parts.count ? Int(parts[index]) ?? 0 : 0
    }
}

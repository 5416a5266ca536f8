/// The nearest known names to a mistyped one, for a "did you mean …?" answer: a program that
/// takes a transition's name by text can point at the one the user meant instead of listing all.
public enum NameSuggestions {
    /// Up to three names close to `name`: by edit distance (at most a third of the longer name,
    /// and at least 2), and names that start with it or that it starts with (3 characters typed
    /// at least); nearest first, ties by name. Case is ignored.
    public static func suggestions(for name: String, among known: [String]) -> [String] {
        let typed = name.lowercased()
        guard !typed.isEmpty else { return [] }
        let typedCount = typed.count
        let scored = known.compactMap { candidate -> (String, Int)? in
            let limit = max(2, max(typedCount, candidate.count) / 3)
            let sharesStart = typedCount >= 3 && (candidate.hasPrefix(typed) || typed.hasPrefix(candidate))
            // The distance is at least the difference in length: a name far longer than any
            // known one (a hostile 3 MB "name" took minutes) is not compared character by character.
            let gap = abs(typedCount - candidate.count)
            guard gap <= limit || sharesStart else { return nil }
            let distance = gap <= limit ? editDistance(typed, candidate.lowercased()) : gap
            guard distance <= limit || sharesStart else { return nil }
            return (candidate, distance)
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(3).map(\.0)
    }

    /// Levenshtein distance: insertions, deletions and substitutions of one character each.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

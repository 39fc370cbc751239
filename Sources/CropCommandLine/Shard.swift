import ArgumentParser

/// `--shard i/n` (1-based): scenario k (in id order) belongs to shard `k mod n + 1`, so the
/// shards are disjoint and together are exactly the whole suite.
struct Shard: ExpressibleByArgument, Sendable {
    var index: Int
    var count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), (1...Limits.maxShards).contains(n),
            (1...n).contains(i)
        else { return nil }
        index = i
        count = n
    }

    static var defaultValueDescription: String { "i/n, 1 ≤ i ≤ n ≤ 1000000" }

    func contains(position k: Int) -> Bool { k % count == index - 1 }
}

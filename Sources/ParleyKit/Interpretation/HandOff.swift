import Foundation

/// Work handed from one thread to another, in order: the listening thread hands segments to
/// the translating one, which hands translations to the voice. `next` blocks until there is
/// an item or the hand-off is closed and empty.
final class HandOff<Item: Sendable>: @unchecked Sendable {
    // @unchecked: `items` and `closed` are only touched under `condition`'s lock.
    private let condition = NSCondition()
    private var items: [Item] = []
    private var closed = false

    /// Adds `item` for the other thread (ignored once closed).
    func add(_ item: Item) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return }
        items.append(item)
        condition.signal()
    }

    /// No more items will come: `next` returns what is left, then nil.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Drops what is waiting (listening stopped: the voice need not say it).
    func removeAll() {
        condition.lock()
        items.removeAll()
        condition.unlock()
    }

    /// The next item, waiting for one; nil once closed and empty.
    func next() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty, !closed { condition.wait() }
        return items.isEmpty ? nil : items.removeFirst()
    }

    /// Every item waiting now, and whether the hand-off is closed, waiting until there is
    /// at least one or it is closed.
    func takeAll() -> (items: [Item], closed: Bool) {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty, !closed { condition.wait() }
        defer { items.removeAll() }
        return (items, closed)
    }

    /// Every item waiting now (perhaps none), and whether the hand-off is closed.
    func takeAvailable() -> (items: [Item], closed: Bool) {
        condition.lock()
        defer { condition.unlock() }
        defer { items.removeAll() }
        return (items, closed)
    }
}

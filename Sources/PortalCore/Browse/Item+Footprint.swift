/// The estimated bytes of every kind of item (`MemoryFootprint`), by which a list's pages
/// and the item cache are bounded: the inline size of `Item` and the heap bytes of its
/// strings and arrays. Interned strings (`StringInterner`) are shared in fact and counted
/// per item here: an estimate errs on the side of holding less.
extension Item: MemoryFootprint {
    public var estimatedBytes: Int {
        MemoryLayout<Item>.stride + heapBytes
    }

    private var heapBytes: Int { record.row.heapBytes }

    private func strings(_ texts: String...) -> Int {
        texts.reduce(0) { $0 + PageByteBudget.heapBytes($1) }
    }

    private func ints(_ count: Int) -> Int {
        PageByteBudget.heapBytes(count: count, stride: MemoryLayout<Int32>.stride)
    }
}

extension Row {
    /// Heap bytes of the row: its columns, their names and values, its id and its JSON.
    var heapBytes: Int {
        var total = PageByteBudget.heapBytes(count: columns.count, stride: MemoryLayout<(name: String, value: Value)>.stride)
        for column in columns {
            total += PageByteBudget.heapBytes(column.name)
            switch column.value {
            case .null, .bool: break
            case .number(let text), .string(let text), .json(let text): total += PageByteBudget.heapBytes(text)
            }
        }
        // Its box (`Row.Storage`): an object header and the four fields.
        total += 16 + MemoryLayout<String>.stride * 2 + MemoryLayout<Int>.stride * 2
        return total + PageByteBudget.heapBytes(id) + PageByteBudget.heapBytes(json)
    }
}

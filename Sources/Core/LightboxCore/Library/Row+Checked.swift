import GRDB

extension Row {
    /// The value at `index` when the row has that column and it holds a
    /// `Value`; nil for NULL, another type or a missing column. The index
    /// is a file on disk that another program, a full disk or a crash may
    /// have damaged, and GRDB's typed subscripts stop the process on a
    /// value of another type: every read of the index goes through here.
    func checked<Value: DatabaseValueConvertible>(_ index: Int) -> Value? {
        guard index < count else { return nil }
        return Value.fromDatabaseValue(self[index] as DatabaseValue)
    }
}

/** A bounded map that forgets its least recently used entry first once it holds `capacity` entries. */
export class Lru<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value, which also becomes the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done) {
        break;
      }
      this.entries.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Every value, without making any the most recently used. */
  values(): IterableIterator<V> {
    return this.entries.values();
  }

  /** Removes every entry that passes the test. */
  deleteWhere(test: (key: K, value: V) => boolean): void {
    for (const [key, value] of [...this.entries]) {
      if (test(key, value)) {
        this.entries.delete(key);
      }
    }
  }
}

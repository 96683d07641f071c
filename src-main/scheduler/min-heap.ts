/** A binary min-heap ordered by `key`: the scheduler's one queue of due times. */
export class MinHeap<T> {
  private readonly items: T[] = [];

  constructor(private readonly key: (item: T) => number) {}

  get size(): number {
    return this.items.length;
  }

  /** Visits every item (in no order): for changes that keep the order, like moving every key by the same amount. */
  forEach(visit: (item: T) => void): void {
    for (const item of this.items) visit(item);
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = items[parent] as T;
      if (this.key(p) <= this.key(item)) break;
      items[i] = p;
      i = parent;
    }
    items[i] = item;
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    let i = 0;
    const n = items.length;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const child = r < n && this.key(items[r] as T) < this.key(items[l] as T) ? r : l;
      if (this.key(items[child] as T) >= this.key(last)) break;
      items[i] = items[child] as T;
      i = child;
    }
    items[i] = last;
    return top;
  }
}

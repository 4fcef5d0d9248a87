/** A small seeded generator (mulberry32): the same seed gives the same run, so any finding can be replayed. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** `count` items made by `make`. */
  many<T>(min: number, max: number, make: () => T): T[] {
    return Array.from({ length: this.int(min, max) }, make);
  }

  /** A string of `length` characters drawn from `alphabet` (a string or a list of pieces). */
  string(length: number, alphabet: string | readonly string[]): string {
    const pieces = typeof alphabet === 'string' ? [...alphabet] : alphabet;
    let result = '';
    for (let i = 0; i < length; i += 1) result += this.pick(pieces);
    return result;
  }

  /** Inserts, deletes, duplicates or swaps a few characters of `input`, to turn valid syntax into near misses. */
  mutate(input: string, alphabet: readonly string[]): string {
    let text = input;
    const edits = this.int(1, 3);
    for (let i = 0; i < edits; i += 1) {
      const at = this.int(0, text.length);
      switch (this.int(0, 4)) {
        case 0:
          text = text.slice(0, at) + this.pick(alphabet) + text.slice(at);
          break;
        case 1:
          text = text.slice(0, at) + text.slice(at + this.int(1, 3));
          break;
        case 2:
          text =
            text.slice(0, at) + text.slice(at, at + this.int(1, 6)).repeat(this.int(2, 4)) + text.slice(at);
          break;
        case 3:
          text = text.slice(0, at);
          break;
        default:
          text = text.slice(at) + text.slice(0, at);
      }
    }
    return text;
  }
}

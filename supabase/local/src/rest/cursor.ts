import { QueryParseError } from './errors.ts';

export interface JsonStep {
  /** `->` keeps JSON, `->>` yields text */
  arrow: '->' | '->>';
  key: string;
  /** an array index like `->0` or `->-1` rather than an object key */
  isIndex: boolean;
}

/** A column reference with an optional JSON path, e.g. `data->address->>city`. */
export interface FieldRef {
  name: string;
  jsonPath: JsonStep[];
}

const IDENTIFIER_CHAR = /[\p{L}\p{N}_ $]/u;

/**
 * How deep `or=(and(…))` trees and embeds may nest. PostgREST sets no limit, but a query thousands of levels
 * deep overflows recursive code (ours, then Postgres's); no real query comes near this.
 */
export const MAX_NESTING_DEPTH = 100;

/** A character-by-character reader over one query-string value, reporting errors with PostgREST's columns. */
export class Cursor {
  pos = 0;

  constructor(
    readonly input: string,
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.input.length;
  }

  peek(offset = 0): string {
    return this.input[this.pos + offset] ?? '';
  }

  startsWith(text: string): boolean {
    return this.input.startsWith(text, this.pos);
  }

  /** Consumes `text` when it comes next. */
  accept(text: string): boolean {
    if (!this.startsWith(text)) return false;
    this.pos += text.length;
    return true;
  }

  expect(text: string, expecting = `"${text}"`): void {
    if (!this.accept(text)) this.fail(expecting);
  }

  fail(expecting: string, unexpected?: string): never {
    const found = unexpected ?? (this.done ? 'end of input' : `"${this.peek()}"`);
    throw new QueryParseError(
      this.what,
      this.input,
      this.pos + 1,
      `unexpected ${found} expecting ${expecting}`,
    );
  }

  failWith(details: string): never {
    throw new QueryParseError(this.what, this.input, this.pos + 1, details);
  }

  /** One level deeper than `depth`; refused (PGRST100) past MAX_NESTING_DEPTH. */
  deeper(depth: number): number {
    if (depth >= MAX_NESTING_DEPTH) this.failWith(`nesting deeper than ${MAX_NESTING_DEPTH} levels`);
    return depth + 1;
  }

  /** Letters, digits, `_`, `$` and spaces (trimmed), as PostgREST's identifiers. */
  identifier(): string {
    const start = this.pos;
    while (!this.done && IDENTIFIER_CHAR.test(this.peek())) this.pos += 1;
    return this.input.slice(start, this.pos).trim();
  }

  /** A double-quoted value with backslash escapes; the cursor sits on the opening quote. */
  quoted(): string {
    this.expect('"');
    let value = '';
    while (!this.done && this.peek() !== '"') {
      if (this.peek() === '\\') this.pos += 1;
      value += this.peek();
      this.pos += 1;
    }
    this.expect('"', 'closing quote (")');
    return value;
  }

  /** A field name: quoted, or identifiers joined by dashes that do not start an arrow. */
  fieldName(): string {
    if (this.peek() === '"') return this.quoted();
    const parts = [this.identifier()];
    while (this.peek() === '-' && this.peek(1) !== '>') {
      this.pos += 1;
      parts.push(this.identifier());
    }
    const name = parts.join('-');
    if (name === '' || parts.some((part) => part === '')) this.fail('field name (* or [a..z0..9_$])');
    return name;
  }

  jsonPath(): JsonStep[] {
    const steps: JsonStep[] = [];
    for (;;) {
      let arrow: JsonStep['arrow'];
      if (this.accept('->>')) arrow = '->>';
      else if (this.accept('->')) arrow = '->';
      else return steps;
      const index = /^-?\d+/.exec(this.input.slice(this.pos));
      const afterIndex = index ? this.input.slice(this.pos + index[0].length) : '';
      if (index && /^(->|::|\.|,|\)|$)/.test(afterIndex)) {
        this.pos += index[0].length;
        steps.push({ arrow, key: index[0], isIndex: true });
      } else {
        steps.push({ arrow, key: this.fieldName(), isIndex: false });
      }
    }
  }

  field(): FieldRef {
    const name = this.fieldName();
    return { name, jsonPath: this.jsonPath() };
  }
}

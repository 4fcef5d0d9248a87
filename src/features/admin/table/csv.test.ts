import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, toCsv } from './csv';

describe('csvField', () => {
  it('leaves plain values as they are and empties null', () => {
    expect(csvField('Ada')).toBe('Ada');
    expect(csvField(42)).toBe('42');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('Smith, Ada')).toBe('"Smith, Ada"');
    expect(csvField('the "Ghost" tour')).toBe('"the ""Ghost"" tour"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses text that a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+61 400 000 000')).toBe("'+61 400 000 000");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-5)).toBe('-5');
  });
});

describe('toCsv', () => {
  it('writes a header and one CRLF-ended record per row after a byte-order mark', () => {
    const csv = toCsv(
      [
        { header: 'Name', value: (row: { name: string; n: number }) => row.name },
        { header: 'Bookings', value: (row) => row.n },
      ],
      [
        { name: 'Ada', n: 2 },
        { name: 'Lee, Bo', n: 0 },
      ],
    );
    expect(csv).toBe('\uFEFFName,Bookings\r\nAda,2\r\n"Lee, Bo",0\r\n');
  });
});

it('names a file after what it holds and the day', () => {
  expect(csvFileName('customers', new Date('2026-11-24T10:00:00Z'))).toBe('customers-2026-11-24.csv');
});

// A length counter as the forms show it while the member types, the Australian way: '1,234 / 2,000'.
const COUNT = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });

export function lengthCounter(count: number, max: number): string {
  return `${COUNT.format(count)} / ${COUNT.format(max)}`;
}

const UNIT_MS: Record<string, number> = { '': 1, ms: 1, s: 1_000, min: 60_000, h: 3_600_000, d: 86_400_000 };

/** statement_timeout as `current_setting` shows it ('3s', '500ms', '0') in milliseconds; 0 means none. */
export function parseStatementTimeout(value: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|min|h|d)?\s*$/.exec(value);
  if (!match?.[1]) return 0;
  return Number(match[1]) * (UNIT_MS[match[2] ?? ''] ?? 1);
}

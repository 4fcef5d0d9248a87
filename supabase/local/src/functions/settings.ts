/** A [functions.<name>] entry of config.toml, as the CLI reads it. */
export interface FunctionSettings {
  /** false: the CLI does not serve it locally (this stack neither). */
  enabled: boolean;
  /** true (the default, as hosted): the gateway refuses a request without a valid JWT in Authorization. */
  verifyJwt: boolean;
}

/** The [functions] table → settings by function name; entries that are not tables are ignored. */
export function functionSettings(table: Record<string, unknown>): Record<string, FunctionSettings> {
  const settings: Record<string, FunctionSettings> = {};
  for (const [name, value] of Object.entries(table)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    const entry = value as Record<string, unknown>;
    settings[name] = {
      enabled: entry.enabled !== false,
      verifyJwt: entry.verify_jwt !== false,
    };
  }
  return settings;
}

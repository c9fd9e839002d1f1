/**
 * Reading environment variables for the configuration (config.ts and its sections): whole numbers,
 * booleans and service URLs, each refused with a sentence that names the variable.
 */

export class ConfigError extends Error {}

export type Env = Readonly<Record<string, string | undefined>>;

export function readInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') {
    return fallback;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  }
  return value;
}

export function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') {
    return fallback;
  }
  if (['1', 'true', 'yes', 'on'].includes(raw)) {
    return true;
  }
  if (['0', 'false', 'no', 'off'].includes(raw)) {
    return false;
  }
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** An optional http(s) base URL without a trailing slash; unset or empty is null. */
export function readServiceUrl(env: Env, name: string): string | null {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') {
    return null;
  }
  if (!/^https?:\/\/[^\s]+$/.test(raw)) {
    throw new ConfigError(`${name} must be an http:// or https:// URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

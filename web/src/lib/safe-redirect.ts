/** Only same-site paths are followed after sign-in ("//evil.example" is not a path). */
export function safeRedirect(value: string | null, fallback = '/dashboard'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  return value;
}

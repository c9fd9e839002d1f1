import { PALETTE } from '../lib/palette.ts';
/** Stride's mark: a stride line on the brand orange (the same drawing as the favicon). */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill={PALETTE.brand} />
      <path
        d="M18 44c6-2 10-6 13-12s7-10 15-12"
        fill="none"
        stroke={PALETTE.brandInk}
        strokeWidth="6"
        strokeLinecap="round"
      />
      <circle cx="46" cy="20" r="5" fill={PALETTE.brandInk} />
    </svg>
  );
}

import type { MantineBreakpoint } from '@mantine/core';
import { BrandLogo } from '../features/domains/brand-logo';

interface BrandMarkProps {
  size?: number;
  /** From which screen width the brand's name shows beside its mark. */
  nameVisibleFrom?: MantineBreakpoint;
}

/** The product's own logo, as in the favicon. */
function ProductMark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-6)" />
      <path
        d="M9 12.5a3.5 3.5 0 0 1 3.5-3.5H20m3 10.5a3.5 3.5 0 0 1-3.5 3.5H12"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
      <circle cx="22" cy="9" r="2.2" fill="#fff" />
      <circle cx="10" cy="23" r="2.2" fill="#fff" />
    </svg>
  );
}

/** The logo and name of the brand the page is served under (the product's own, or a white-label brand). */
export function BrandMark({ size = 28, nameVisibleFrom }: BrandMarkProps) {
  return <BrandLogo size={size} ownMark={<ProductMark size={size} />} nameVisibleFrom={nameVisibleFrom} />;
}

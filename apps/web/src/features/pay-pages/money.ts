/** "$12.50" from an exact decimal USD string; fractions of a cent are shown to the cent. */
export function formatUsd(usd: string): string {
  const value = Number(usd);
  return `${value < 0 ? '-' : ''}$${Math.abs(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

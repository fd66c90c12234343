/** "$1,234.50" from an exact decimal string; amounts finer than a cent keep their digits ("$0.000123"). */
export function formatUsd(usd: string): string {
  const negative = usd.startsWith('-');
  const [whole = '0', fraction = ''] = usd.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const digits = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${negative ? '−' : ''}$${grouped}.${digits}`;
}

export const transactionKindLabels: Record<string, string> = {
  top_up: 'Top-up',
  usage: 'Usage',
  refund: 'Refund',
  reward: 'Reward',
  credit_back: 'Credit back',
  correction: 'Correction',
  payment: 'Payment',
  payout: 'Payout',
  fee: 'Fee',
  wholesale: 'Wholesale',
};

/** A typed amount checked the way the server checks it, so a mistake shows before anything is sent. */
export function checkAmount(text: string, unit: 'usd' | 'sats', minUsd = 0.01): string | null {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) return 'Enter an amount';
  if (value <= 0) return 'The amount must be more than zero';
  if (unit === 'sats') {
    if (!Number.isInteger(value)) return 'Sats are whole numbers';
    if (value > 10_000_000) return 'At most 10,000,000 sats at a time';
    return null;
  }
  if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-7) return 'Use whole cents (at most two decimals)';
  if (value < minUsd) return `At least $${minUsd.toFixed(2)}`;
  if (value > 10_000) return 'At most $10,000 at a time';
  return null;
}

export const usernameMinLength = 3;
export const usernameMaxLength = 32;
const slugMaxLength = 24;
const slugFallback = 'account';

/** The stored form of a username: trimmed and lowercase. */
export function normalizeUsername(text: string): string {
  return text.trim().toLowerCase();
}

/** Why `text` is not a valid username, or null when it is. Checks the text as given; normalize first. */
export function usernameProblem(text: string): string | null {
  if (text.length < usernameMinLength || text.length > usernameMaxLength) {
    return `Username must be ${usernameMinLength} to ${usernameMaxLength} characters`;
  }
  if (!/^[A-Za-z0-9._-]+$/.test(text)) {
    return 'Username may contain only letters, digits, dots, dashes and underscores';
  }
  if (!/^[A-Za-z0-9]/.test(text)) return 'Username must start with a letter or digit';
  return null;
}

function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, slugMaxLength)
    .replace(/-+$/, '');
  // A one- or two-letter name would make an invalid username, so it gets the fallback too.
  return slug.length < usernameMinLength ? slugFallback : slug;
}

/**
 * A valid, free username made from a display name: an ASCII slug of at most 24 characters ('account' when
 * nothing usable is left), then `-2`, `-3`, ... appended until `taken` says no.
 */
export function usernameFromName(name: string, taken: (candidate: string) => boolean): string {
  const base = slugify(name);
  if (!taken(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!taken(candidate)) return candidate;
  }
}

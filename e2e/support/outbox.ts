/** The latest 6-digit code the sandbox outbox of a running server holds for an address. */
export async function latestCode(serverUrl: string, to: string): Promise<string> {
  const response = await fetch(`${serverUrl}/api/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
  const outbox = (await response.json()) as { items: { text: string }[] };
  const code = outbox.items[0]?.text.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/**
 * Signs a page in by email with the code the sandbox outbox received, and waits for the workspace heading
 * (`home`, the signed-in account's name).
 */
export async function signInWithCode(
  page: import('playwright-core').Page,
  serverUrl: string,
  email: string,
  home: string,
): Promise<void> {
  await page.goto(`${serverUrl}/app`);
  await page.getByLabel('Email or phone').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Enter the 6-digit code').waitFor();
  await page.keyboard.type(await latestCode(serverUrl, email));
  await page.getByRole('heading', { name: home, level: 1 }).waitFor();
}

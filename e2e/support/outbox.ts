/** The latest 6-digit code the sandbox outbox of a running server holds for an address. */
export async function latestCode(serverUrl: string, to: string): Promise<string> {
  const response = await fetch(`${serverUrl}/api/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
  const outbox = (await response.json()) as { items: { text: string }[] };
  const code = outbox.items[0]?.text.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

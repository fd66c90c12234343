/**
 * What a code request sends. Every request sends exactly one message, whether or not the address has an account,
 * so the answer and the work behind it look the same to the caller; only the address's owner reads the difference.
 */
export type CodeMessageKind =
  /** A sign-in code for an address with an account. */
  | 'sign-in'
  /** Someone asked to sign in with an address no account uses: no code, a pointer to sign-up. */
  | 'no-account'
  /** The code that finishes a sign-up and creates the organization. */
  | 'sign-up'
  /** A sign-up with an address that already has an account: nothing is created; the code signs in instead. */
  | 'already-signed-up'
  /** A code proving a new sign-in address or number for the person who asked. */
  | 'verify'
  /** Someone tried to add an address that signs in to another person's account: no code. */
  | 'address-taken';

export interface CodeMessage {
  subject: string;
  text: string;
  sms: string;
}

const ignore = 'If you did not ask for it, ignore this message.';

export function composeCodeMessage(
  kind: CodeMessageKind,
  values: { brand: string; code: string; channel: 'email' | 'sms' },
): CodeMessage {
  const { brand, code } = values;
  const what = values.channel === 'email' ? 'email address' : 'phone number';
  switch (kind) {
    case 'sign-in':
    case 'sign-up':
      return {
        subject: `Your ${brand} sign-in code: ${code}`,
        text: `Your ${brand} sign-in code is ${code}.\n\nIt works once and expires in 10 minutes. ${ignore}`,
        sms: `Your ${brand} sign-in code is ${code}. It expires in 10 minutes.`,
      };
    case 'already-signed-up':
      return {
        subject: `You already have a ${brand} account: sign in with code ${code}`,
        text:
          `Someone, hopefully you, tried to create a new ${brand} account with this ${what}, but it already ` +
          `signs in to an account, so nothing new was created.\n\nTo sign in to your account instead, enter the ` +
          `code ${code}. It works once and expires in 10 minutes. ${ignore}`,
        sms: `You already have a ${brand} account. To sign in instead, enter the code ${code}. It expires in 10 minutes.`,
      };
    case 'no-account':
      return {
        subject: `Signing in to ${brand}`,
        text:
          `Someone, hopefully you, asked to sign in to ${brand} with this ${what}, but no account uses it, so ` +
          `no code was sent.\n\nTo create an account, choose "Create an account" on the sign-in page. If you ` +
          `signed up with another address or number, sign in with that one. ${ignore}`,
        sms: `No ${brand} account uses this number, so no code was sent. To create one, choose "Create an account" on the sign-in page.`,
      };
    case 'verify':
      return {
        subject: `Your ${brand} verification code: ${code}`,
        text: `Your ${brand} verification code is ${code}.\n\nIt works once and expires in 10 minutes. ${ignore}`,
        sms: `Your ${brand} verification code is ${code}. It expires in 10 minutes.`,
      };
    case 'address-taken':
      return {
        subject: `This ${what} already signs in to ${brand}`,
        text:
          `Someone asked to add this ${what} to a ${brand} account, but it already signs in to an account, so ` +
          `no code was sent and nothing changed.\n\nIf that was you, sign in with this ${what} instead, or ` +
          `remove it from the account it belongs to first. ${ignore}`,
        sms: `Someone asked to add this number to a ${brand} account, but it already signs in to one, so nothing changed.`,
      };
  }
}

// The first line of an e-mail to an account. The full name is text the account's holder chose (one
// line, lib/validation/text.ts, but still any words): it goes only to an address its owner has
// proven to receive (emailVerifiedAt), so that nobody can register someone else's address and have
// the product mail that stranger words of their own. An unproven address is greeted "Hello,".

export function greeting(account: { fullName: string; emailVerifiedAt: Date | null }): string {
  return account.emailVerifiedAt ? `Hello ${account.fullName},` : "Hello,";
}

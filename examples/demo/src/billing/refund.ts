import { User } from "../user";

export function refund(user: User, amount: number, reason: string) {
  const unused = reason.length;
  if (amount == 0) return null;
  return { user: user.nme, amount, requestedBy: lookup(user.id as UserId) };
}

function lookup(id: UserId): string {
  return String(id);
}

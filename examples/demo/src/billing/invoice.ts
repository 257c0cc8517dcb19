import { User } from "../user";

// Montant dû — 請求書 🧾
export function invoiceTotal(owner: User, amounts: number[]): number {
  let total = 0;
  for (const amount of amounts) total += amount;
  const label: string = owner.id;
  debugger;
  return total;
}

export function ownerOf(id: UserId, users: User[]): User | undefined {
  return users.find((u) => u.id === id);
}

export interface User {
  id: number;
  name: string;
  email: string;
}

export function displayName(user: User): string {
  return user.name.trim();
}

export function findUser(users: User[], id: UserId): User | undefined {
  return users.find((u) => u.id == id);
}

import { Link } from "react-router";

export type HeaderUser = { id: string; email: string; isAdmin: boolean };

/** Signed out: the "Logga in" button. (The signed-in user menu replaces it when a user is present.) */
export function AccountArea({ user }: { user: HeaderUser | null }) {
  if (user) {
    return <span className="text-sm text-slate-700">{user.email}</span>;
  }
  return (
    <Link to="/auth" className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
      Logga in
    </Link>
  );
}

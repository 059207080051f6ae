"use client";

import { createContext, useCallback, useContext, useMemo, useState } from "react";
import { apiFetch, errorStatus } from "@/lib/http/client";
import type { UserDto } from "@/lib/users/dto";
import type { LoginInput, RegisterInput } from "@/lib/validation/auth";

// The current user on the client: null when signed out; login and registration
// store the user the server returns; logout clears it; a 401 from GET /api/user means signed out.
// The server renders the first value (initialUser), so nothing is fetched on mount.

export interface AuthContextValue {
  user: UserDto | null;
  /** POST /api/login; resolves to the signed-in user, rejects with the apiFetch error. */
  login(input: LoginInput): Promise<UserDto>;
  /** POST /api/register; the new account is signed in. */
  register(input: RegisterInput): Promise<UserDto>;
  /** POST /api/logout. */
  logout(): Promise<void>;
  /** GET /api/user again: the user, or null when the session has ended. */
  refresh(): Promise<UserDto | null>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({
  initialUser,
  children,
}: {
  initialUser: UserDto | null;
  children: React.ReactNode;
}) {
  const [user, setUser] = useState<UserDto | null>(initialUser);

  const login = useCallback(async (input: LoginInput) => {
    const signedIn = await apiFetch<UserDto>("/api/login", { method: "POST", body: input });
    setUser(signedIn);
    return signedIn;
  }, []);

  const register = useCallback(async (input: RegisterInput) => {
    const created = await apiFetch<UserDto>("/api/register", { method: "POST", body: input });
    setUser(created);
    return created;
  }, []);

  const logout = useCallback(async () => {
    await apiFetch<null>("/api/logout", { method: "POST" });
    setUser(null);
  }, []);

  const refresh = useCallback(async () => {
    try {
      const current = await apiFetch<UserDto>("/api/user");
      setUser(current);
      return current;
    } catch (error) {
      if (errorStatus(error) !== 401) throw error;
      setUser(null);
      return null;
    }
  }, []);

  const value = useMemo(
    () => ({ user, login, register, logout, refresh }),
    [user, login, register, logout, refresh],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}

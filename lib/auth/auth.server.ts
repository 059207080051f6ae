import "server-only";
import { logger } from "@/lib/log.server";
import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import Google from "next-auth/providers/google";
import { cookies } from "next/headers";
import { prisma } from "@/lib/db/client.server";
import { env } from "@/lib/env.server";
import { loginSchema } from "@/lib/validation/auth";
import { checkCredentials } from "./credentials.server";
import { findOrCreateGoogleUser, GoogleSignInRefused, linkGoogleAccount } from "./google.server";
import { authRedirectTarget } from "./paths";
import { clientIp } from "./request.server";
import { getViewer, viewerOfToken } from "./session.server";
import { openSession, revokeSession } from "./sessions.server";
import { SIGNED_IN_HINT_COOKIE } from "./signed-in-hint";

// Auth.js: JWT sessions in an HttpOnly cookie, username + password and Google. The REST endpoints
// of the REST contract (app/api/login, register, logout, user) call into this, so there is one session
// mechanism. The token carries the user id, role, adminType and the user's session version;
// lib/auth/session.server.ts checks them against the database.

declare module "next-auth" {
  interface Session {
    user: {
      id: string;
      name: string;
      email: string;
      role: "user" | "admin";
      adminType: "super" | "team" | null;
    };
  }
  interface User {
    role?: "user" | "admin";
    adminType?: "super" | "team" | null;
    sv?: number;
  }
}

declare module "@auth/core/jwt" {
  interface JWT {
    uid?: string;
    role?: "user" | "admin";
    adminType?: "super" | "team" | null;
    sv?: number;
    /** The server-side session (user_sessions.id). */
    sid?: string;
  }
}

/** A failed credentials sign-in; `code` tells POST /api/login which answer to give. */
export class LoginRefused extends CredentialsSignin {
  constructor(
    readonly reason: "invalid" | "inactive" | "rate_limited",
    readonly retryAfter?: number,
  ) {
    super(reason);
    this.code = reason;
  }
}

export const googleEnabled = Boolean(env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET);

const providers: NextAuthConfig["providers"] = [
  Credentials({
    credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
    async authorize(credentials, request) {
      const parsed = loginSchema.safeParse(credentials);
      if (!parsed.success) throw new LoginRefused("invalid");
      const result = await checkCredentials(parsed.data.username, parsed.data.password, clientIp(request));
      if (!result.ok)
        throw new LoginRefused(
          result.reason,
          result.reason === "rate_limited" ? result.retryAfter : undefined,
        );
      const { user } = result;
      return {
        id: String(user.id),
        name: user.fullName,
        email: user.email,
        role: user.role,
        adminType: user.adminType,
        sv: user.sessionVersion,
      };
    },
  }),
];

if (googleEnabled) {
  providers.push(
    Google({
      clientId: env.AUTH_GOOGLE_ID,
      clientSecret: env.AUTH_GOOGLE_SECRET,
      // Tests point this at a local OpenID Connect mock; in production it stays Google's.
      ...(env.AUTH_GOOGLE_ISSUER ? { issuer: env.AUTH_GOOGLE_ISSUER } : {}),
    }),
  );
}

const SESSION_MAX_AGE = 30 * 24 * 60 * 60;

export const { handlers, auth, signIn, signOut } = NextAuth({
  secret: env.AUTH_SECRET,
  logger: {
    // A refused sign-in is an expected outcome (answered 401/403/429), not a server error.
    error(error) {
      if (error instanceof CredentialsSignin || error.cause instanceof CredentialsSignin) return;
      logger().error({ err: error }, "auth");
    },
  },
  trustHost: true,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE },
  pages: { signIn: "/auth", error: "/auth" },
  providers,
  callbacks: {
    // Redirects after sign-in and sign-out stay on this site, as a path that passes the one rule
    // for redirect targets (./paths.ts).
    redirect({ url }) {
      return authRedirectTarget(url);
    },
    async signIn({ user, account, profile }) {
      if (account?.provider !== "google") return true;
      const identity = {
        sub: account.providerAccountId,
        email: profile?.email,
        emailVerified: (profile?.email_verified as boolean | undefined) ?? false,
        name: profile?.name,
      };
      const viewer = await getViewer();
      if (viewer) {
        // A signed-in user who starts a Google sign-in links it (the profile's "Link Google
        // account"); they stay in their session, so nothing is signed in here.
        try {
          await linkGoogleAccount(viewer.id, identity);
          return "/user/profile?google=linked";
        } catch (error) {
          if (error instanceof GoogleSignInRefused) return `/user/profile?google=${error.reason}`;
          logger().error({ err: error }, "linking a Google account failed");
          return "/user/profile?google=failed";
        }
      }
      try {
        const dbUser = await findOrCreateGoogleUser(identity);
        if (!dbUser.isActive) return "/auth?error=AccountInactive";
        Object.assign(user, {
          id: String(dbUser.id),
          name: dbUser.fullName,
          email: dbUser.email,
          role: dbUser.role,
          adminType: dbUser.adminType,
          sv: dbUser.sessionVersion,
        });
        return true;
      } catch (error) {
        if (error instanceof GoogleSignInRefused && error.reason === "accountEmailUnverified")
          return "/auth?error=GoogleAccountUnverified";
        logger().error({ err: error }, "Google sign-in refused");
        return "/auth?error=GoogleSignInFailed";
      }
    },
    async jwt({ token, user }) {
      if (user) {
        token.uid = user.id;
        token.role = user.role;
        token.adminType = user.adminType ?? null;
        token.sv = user.sv ?? 0;
        token.sid = await openSession(Number(user.id), user.role ?? "user");
        return token;
      }
      // Auth.js reads an existing session (GET and POST /api/auth/session): the same check as
      // every page and route handler. A session that was signed out, expired, belongs to a
      // deactivated or deleted account, or predates a password reset is no session: Auth.js
      // answers as to a signed-out visitor and clears the cookie instead of renewing it.
      const viewer = await viewerOfToken(token);
      if (!viewer) return null;
      Object.assign(token, {
        name: viewer.fullName,
        email: viewer.email,
        role: viewer.role,
        adminType: viewer.adminType,
      });
      return token;
    },
    // What GET /api/auth/session shows the browser: who is signed in, never the server-side
    // session id or the session version (the cookie's secrets stay in the encrypted cookie).
    session({ session, token }) {
      return {
        expires: session.expires,
        user: {
          id: token.uid ?? "",
          name: token.name ?? "",
          email: token.email ?? "",
          role: token.role ?? "user",
          adminType: token.adminType ?? null,
        },
      };
    },
  },
  events: {
    // Both sign-out paths (POST /api/logout and the header's sign-out form) end here.
    async signOut(message) {
      if ("token" in message) await revokeSession(message.token?.sid);
      (await cookies()).delete(SIGNED_IN_HINT_COOKIE);
    },
    async signIn({ user }) {
      if (user.id)
        await prisma.user.update({ where: { id: Number(user.id) }, data: { lastLoginAt: new Date() } });
      // Not HttpOnly on purpose: the header's script reads it (./signed-in-hint.ts); it holds no secret.
      (await cookies()).set(SIGNED_IN_HINT_COOKIE, "1", {
        path: "/",
        sameSite: "lax",
        secure: env.APP_URL.startsWith("https:"),
        maxAge: SESSION_MAX_AGE,
      });
    },
  },
});

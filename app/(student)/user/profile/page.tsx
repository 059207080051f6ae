import { KeyRoundIcon, Trash2Icon, UserIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ChangePasswordForm } from "@/components/user/change-password-form";
import { DeleteAccountForm } from "@/components/user/delete-account-form";
import { ProfileForm } from "@/components/user/profile-form";
import { canDeleteOwnAccount } from "@/lib/auth/policy";
import { viewerOrSignIn } from "@/lib/auth/session";
import { formatDate } from "@/lib/format";
import { getUserDto } from "@/lib/users/accounts";
import { accountFootprint } from "@/lib/users/delete-account";

export const metadata: Metadata = { title: "Profile" };

const linkClass = "font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900";

export default async function ProfilePage() {
  const viewer = await viewerOrSignIn("/user/profile");
  const [user, footprint] = await Promise.all([getUserDto(viewer.id), accountFootprint(viewer.id)]);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Profile</h1>
        <p className="text-slate-600">Your personal details and how you sign in.</p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="flex items-center gap-2 text-lg">
              <UserIcon className="size-5 text-brand-600" aria-hidden="true" />
              Personal information
            </h2>
          </CardTitle>
          <CardDescription>Universities see this name and email on your applications.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-600">Username</dt>
              <dd className="font-medium text-slate-900">{user.username}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Member since</dt>
              <dd className="font-medium text-slate-900">
                <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
              </dd>
            </div>
          </dl>
          <ProfileForm defaultValues={{ fullName: user.fullName, email: user.email }} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="flex items-center gap-2 text-lg">
              <KeyRoundIcon className="size-5 text-brand-600" aria-hidden="true" />
              Sign-in methods
            </h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <section aria-labelledby="google-heading" className="flex flex-col gap-2">
            <div className="flex items-center gap-3">
              <h3 id="google-heading" className="font-semibold text-slate-900">
                Google account
              </h3>
              {user.googleLinked ? (
                <Badge variant="outline" className="border-green-300 bg-green-100 text-green-900">
                  Linked
                </Badge>
              ) : (
                <Badge variant="outline">Not linked</Badge>
              )}
            </div>
            <p className="text-sm text-slate-600">
              {user.googleLinked
                ? "You can sign in with Google as well."
                : "To link one, sign out, then choose Continue with Google with a Google account that uses this email address."}
            </p>
          </section>

          <section
            aria-labelledby="password-heading"
            className="flex flex-col gap-4 border-t border-slate-200 pt-6"
          >
            <h3 id="password-heading" className="font-semibold text-slate-900">
              Password
            </h3>
            {user.hasPassword ? (
              <ChangePasswordForm />
            ) : (
              <p className="text-sm text-slate-600">
                Your account signs in with Google, so it has no password to change. To add one, use{" "}
                <Link href="/auth/forgot-password" className={linkClass}>
                  Forgot password
                </Link>{" "}
                with your email address; setting it signs you out on every device.
              </p>
            )}
          </section>
        </CardContent>
      </Card>

      {canDeleteOwnAccount(viewer) && (
        <Card className="border-red-200">
          <CardHeader>
            <CardTitle asChild>
              <h2 className="flex items-center gap-2 text-lg">
                <Trash2Icon className="size-5 text-red-700" aria-hidden="true" />
                Delete account
              </h2>
            </CardTitle>
            <CardDescription>Remove your account and everything you submitted with it.</CardDescription>
          </CardHeader>
          <CardContent>
            <DeleteAccountForm footprint={footprint} hasPassword={user.hasPassword} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}

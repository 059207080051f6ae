import { GraduationCap } from "lucide-react";
import Link from "next/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DEFAULT_PLATFORM_NAME } from "@/lib/settings/constants";

type AuthCardFrameProps = {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  /** The platform name of /admin/settings, shown as the logo's text. */
  platformName?: string;
  /** A wider card, for a page with a long form (a referee's reference). */
  wide?: boolean;
};

/** The frame of the smaller account pages (forgot and reset password): logo, one card, centred. */
export function AuthCardFrame({
  title,
  description,
  children,
  platformName = DEFAULT_PLATFORM_NAME,
  wide = false,
}: AuthCardFrameProps) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-8 bg-slate-50 px-4 py-10">
      <Link
        href="/"
        className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        <GraduationCap className="size-7 text-brand-600" aria-hidden="true" />
        {platformName}
      </Link>
      <Card className={wide ? "w-full max-w-2xl" : "w-full max-w-md"}>
        <CardHeader>
          <CardTitle asChild>
            <h1 className="text-xl">{title}</h1>
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-6">{children}</CardContent>
      </Card>
    </div>
  );
}

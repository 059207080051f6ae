import { CheckCircle2Icon } from "lucide-react";
import type { Metadata } from "next";
import { AuthCardFrame } from "@/components/auth/auth-card-frame";
import { LinkInvalidAlert } from "@/components/auth/link-invalid";
import { ReferenceAnswer } from "@/components/references/reference-answer";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { cachedPlatformName } from "@/lib/cache/reads.server";
import { formatDate } from "@/lib/format";
import {
  LINK_CLOSED,
  LINK_EXPIRED,
  LINK_NOT_VALID,
  LINK_REPLACED,
  referenceUploadLimit,
} from "@/lib/references/commands.server";
import { referenceLink } from "@/lib/references/queries.server";
import { readersOfReference, REFERENCE_TEXT_MAX, REFERENCE_TEXT_MIN } from "@/lib/references/rules";
import { referenceTokenSchema } from "@/lib/validation/references";

export const metadata: Metadata = {
  title: "A reference request",
  robots: { index: false },
  // The address carries the referee's token: never send it as a referrer (the origin only). Not
  // "no-referrer": the forms' POST would then say `Origin: null`, which server actions refuse.
  referrer: "strict-origin",
};

// Read at every request, never cached: what the link leads to changes when it is answered.
export const dynamic = "force-dynamic";

type ReferencePageProps = { params: Promise<{ token: string }> };

/**
 * The page of a referee's link. Opening it changes nothing (mail scanners open links): it shows
 * the request (who asks, for which program, what is asked, until when) and the forms that answer
 * it. A link that no longer works says why and what to do.
 */
export default async function ReferencePage({ params }: ReferencePageProps) {
  const { token } = await params;
  const valid = referenceTokenSchema.safeParse(token);
  const link = valid.success ? await referenceLink(token) : ({ state: "invalid" } as const);
  const platformName = await cachedPlatformName();

  if (link.state !== "open") {
    return (
      <AuthCardFrame title="A reference request" platformName={platformName}>
        {link.state === "used" ? (
          <Alert variant="success" role="status">
            <CheckCircle2Icon aria-hidden="true" />
            <AlertTitle>Your answer has been sent</AlertTitle>
            <AlertDescription>
              <p>
                Thank you. {link.studentName}&apos;s application has your answer, and this link no longer
                opens the form.
              </p>
            </AlertDescription>
          </Alert>
        ) : (
          <LinkInvalidAlert
            message={
              link.state === "expired"
                ? LINK_EXPIRED
                : link.state === "replaced"
                  ? LINK_REPLACED
                  : link.state === "closed"
                    ? LINK_CLOSED
                    : LINK_NOT_VALID
            }
          />
        )}
      </AuthCardFrame>
    );
  }

  const { studentName, program } = link;
  return (
    <AuthCardFrame title={`A reference for ${studentName}`} platformName={platformName} wide>
      <div className="flex flex-col gap-3 text-sm text-slate-700">
        <p>
          Hello {link.refereeName}. {studentName} applied to {program.name} ({program.degree}) at{" "}
          {program.university} and named you as a referee ({link.relationship}).
        </p>
        <p>
          Write what you know of {studentName}: how and for how long you have known them, their abilities and
          achievements, and how ready they are for this program. Write it below ({REFERENCE_TEXT_MIN} to{" "}
          {REFERENCE_TEXT_MAX.toLocaleString("en-US")} characters), or upload it as a PDF. If you cannot,
          decline and say why, so that {studentName} can ask someone else.
        </p>
        <p>{readersOfReference(studentName, link.waived)}</p>
        <p className="font-medium text-slate-900">
          This link works for one answer, until {formatDate(link.expiresAt)}.
        </p>
      </div>
      <ReferenceAnswer token={token} maxBytes={await referenceUploadLimit()} />
    </AuthCardFrame>
  );
}

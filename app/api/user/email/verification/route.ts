import { limitVerificationResend } from "@/lib/auth/rate-limit.server";
import { route } from "@/lib/http/route.server";
import { sendEmailVerification, VERIFICATION_SENT } from "@/lib/users/accounts.server";

/**
 * The profile's "Resend link": a new verification link to the account's address (409 once
 * verified; 429 past the account's allowance of resends).
 */
export const POST = route({
  auth: "user",
  handle: async ({ viewer }) => {
    await limitVerificationResend(viewer.id);
    await sendEmailVerification(viewer.id);
    return Response.json({ message: VERIFICATION_SENT }, { status: 202 });
  },
});

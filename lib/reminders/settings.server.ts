import "server-only";
import { prisma } from "@/lib/db/client.server";
import { env } from "@/lib/env.server";
import { notFound } from "@/lib/http/errors";
import { calendarToken, unsubscribeTokenUser } from "./tokens.server";

// A student's reminder settings: the e-mails on or off, and the calendar feed address.

export const REMINDERS_ON = "Deadline reminder e-mails are on.";
export const REMINDERS_OFF = "Deadline reminder e-mails are off.";
export const UNSUBSCRIBED =
  "You will no longer receive deadline reminder e-mails. You can turn them on again on your profile.";
export const UNSUBSCRIBE_LINK_INVALID =
  "This unsubscribe link is not valid. Turn reminder e-mails off on your profile instead.";
export const CALENDAR_RESET =
  "Your calendar address has changed. The old one no longer works: add the new one to your calendar.";

export async function setReminders(userId: number, enabled: boolean): Promise<void> {
  await prisma.user.update({ where: { id: userId }, data: { remindersEnabled: enabled } });
}

/** The one-click unsubscribe (e-mail header or the confirmation page); a 404 for a bad token. */
export async function unsubscribeReminders(token: string): Promise<void> {
  const userId = unsubscribeTokenUser(token);
  const { count } = userId
    ? await prisma.user.updateMany({ where: { id: userId }, data: { remindersEnabled: false } })
    : { count: 0 };
  if (count === 0) throw notFound(UNSUBSCRIBE_LINK_INVALID);
}

export async function reminderSettings(
  userId: number,
): Promise<{ remindersEnabled: boolean; calendarUrl: string }> {
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { remindersEnabled: true, calendarVersion: true },
  });
  return {
    remindersEnabled: user.remindersEnabled,
    calendarUrl: new URL(
      `/user/deadlines.ics?token=${calendarToken(userId, user.calendarVersion)}`,
      env.APP_URL,
    ).toString(),
  };
}

/** A new calendar address: the old one answers 404 from now on. */
export async function resetCalendarUrl(userId: number): Promise<void> {
  await prisma.user.update({ where: { id: userId }, data: { calendarVersion: { increment: 1 } } });
}

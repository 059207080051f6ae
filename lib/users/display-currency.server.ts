import "server-only";
import { prisma } from "@/lib/db/client.server";
import { notFound } from "@/lib/http/errors";

/** The student's chosen display currency (null: follow the browser's language). */
export async function getDisplayCurrency(userId: number): Promise<string | null> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { displayCurrency: true } });
  if (!user) throw notFound("User not found");
  return user.displayCurrency;
}

/** Saves the choice (a checked ISO code, or null). */
export async function setDisplayCurrency(
  userId: number,
  currency: string | null,
): Promise<{ currency: string | null }> {
  const updated = await prisma.user.updateMany({
    where: { id: userId },
    data: { displayCurrency: currency },
  });
  if (updated.count === 0) throw notFound("User not found");
  return { currency };
}

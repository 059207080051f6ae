import "server-only";
import { z } from "@/lib/validation/zod";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { hashPassword } from "@/lib/auth/password.server";
import { emailSchema, fullNameSchema, newPasswordSchema, usernameSchema } from "@/lib/validation/auth";

export const createAdminSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  fullName: fullNameSchema,
  password: newPasswordSchema,
  adminType: z.enum(["super", "team"]).default("super"),
});

export type CreateAdminInput = z.input<typeof createAdminSchema>;

/** Creates an admin account; the first admin of a production database is made this way. */
export async function createAdmin(prisma: PrismaClient, input: CreateAdminInput) {
  const data = createAdminSchema.parse(input);
  const taken = await prisma.user.findFirst({
    where: { OR: [{ username: data.username }, { email: data.email }] },
    select: { username: true },
  });
  if (taken) {
    throw new Error(
      taken.username.toLowerCase() === data.username.toLowerCase()
        ? `The username ${data.username} is already taken`
        : `An account with the e-mail ${data.email} already exists`,
    );
  }
  return prisma.user.create({
    data: {
      username: data.username,
      email: data.email,
      fullName: data.fullName,
      password: await hashPassword(data.password),
      role: "admin",
      adminType: data.adminType,
    },
    select: { id: true, username: true, email: true, role: true, adminType: true },
  });
}

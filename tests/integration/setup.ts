import { disconnectPrisma } from "@/lib/db/client";

afterAll(async () => {
  await disconnectPrisma();
});

export default async function globalTeardown() {
  await globalThis.__integrationDatabase?.stop();
}

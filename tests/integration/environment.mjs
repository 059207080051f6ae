// The integration tests' environment: Node, plus closing the app's Prisma pool after every hook
// of a test file has run (an afterAll in a setup file would run before the file's own cleanup,
// which would then open a new pool and leave it open).
import { TestEnvironment } from "jest-environment-node";

class IntegrationEnvironment extends TestEnvironment {
  async teardown() {
    const prisma = this.global.prisma;
    if (prisma) await prisma.$disconnect();
    await super.teardown();
  }
}

export default IntegrationEnvironment;

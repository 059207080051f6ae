// A test file that sends e-mail starts the mail queue (pg-boss: a pool and timers); it is stopped
// when the file ends, so the Jest worker can exit. Imported late: a file may set SMTP_URL before
// it first loads the mail modules (and so lib/env.server).
afterAll(async () => (await import("@/lib/mail/queue.server")).stopMailQueue());
